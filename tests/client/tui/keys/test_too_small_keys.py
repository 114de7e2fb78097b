"""Keys do not act while the terminal is too small to show the choices (qa8, played in tmux).

The window made smaller than the table's least (80 x 24 then, 36 x 16 since a phone plays)
mid-turn shows only "The terminal is too small…", yet "e" pressed then ended the player's
turn: a move made blind. The choice keys now wait (a word says why), and work again once the
window is big enough.
"""

from __future__ import annotations

from typing import Any

from seasalt import protocol as p
from seasalt.testing.tui import OneFrameLink, app_for, mid_round


def actions(link: OneFrameLink) -> list[Any]:
    return [m for m in link.sent if isinstance(m, p.ActionRequest)]


async def test_choice_keys_wait_while_the_terminal_is_too_small(tui: Any) -> None:
    link = OneFrameLink(mid_round(3), 0)
    app = app_for(link)
    async with app.run_test(size=(80, 24)) as pilot:
        table = await tui.until_table(app)
        await tui.until(lambda: table.ready)
        await pilot.resize_terminal(30, 12)
        await tui.until(lambda: table.too_small)
        await tui.settled(app)
        assert "The terminal is too small" in tui.text(app)
        await tui.key(app, "e")  # end the turn: a legal choice, hidden now
        await tui.through(app, table, app)
        await tui.settled(app)
        assert actions(link) == []
        assert any("Your choices are hidden: make the terminal at least 36 x 16"
                   in str(n.message) for n in app._notifications)
        await pilot.resize_terminal(80, 24)
        await tui.until(lambda: not table.too_small)
        await tui.key(app, "e")
        await tui.until(lambda: len(actions(link)) == 1)
