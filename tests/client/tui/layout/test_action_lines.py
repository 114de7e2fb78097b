"""A choice whose label wraps goes on under its label, not under its key (a hanging indent,
qa9), and the rows the table's fit counts for it are the rows it takes on screen
(client/tui/screens/table_fit.py shares the rows out by that count: issue 17)."""

from __future__ import annotations

from typing import Any

from seasalt.client.tui.widgets.actions import ActionLine, ActionList, Choice
from seasalt.engine import DrawFromDeck, EndTurn
from seasalt.testing.tui import Host
from textual.app import ComposeResult
from textual.screen import Screen

LONG = ("Take the top card of the discard pile that Bartholomew emptied last turn, then play "
        "the pair of crabs you will hold and choose a discard pile to look through")


class Lines(Screen[None]):
    def compose(self) -> ComposeResult:
        yield ActionList(id="actions")


async def test_a_wrapped_label_hangs_under_itself_and_takes_the_rows_counted(tui: Any) -> None:
    screen = Lines()
    app = Host(screen)
    choices = [Choice("1", LONG, EndTurn()), Choice("d", "Draw 2", DrawFromDeck())]
    async with app.run_test(size=(40, 12)):
        await tui.until(lambda: app.screen is screen)
        actions = screen.query_one(ActionList)
        await actions.show(choices)
        await tui.settled(app)
        lines = list(screen.query(ActionLine))
        width = actions.size.width - actions.styles.gutter.width
        for line in lines:
            assert line.size.height == ActionLine.rows(app.console, line.choice, width)
        assert lines[0].size.height >= 3  # (it does wrap)
        shown = tui.text(app).splitlines()
        assert shown[0].startswith(" 1  Take the top card")
        for row in shown[1:lines[0].size.height]:
            assert row.startswith("    ") and row[4] != " ", row  # under the label's start
        assert shown[lines[0].size.height].startswith(" d  Draw 2")
