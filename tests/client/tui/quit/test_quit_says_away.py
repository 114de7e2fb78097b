"""q, y at a running game says ``away`` to the server before the link closes (qa9, session 9:
the others waited the whole takeover delay for one who had chosen to go); a spectator's quit
and a "no" say nothing."""

from __future__ import annotations

from typing import Any

from seasalt import protocol as p
from seasalt.client.tui.screens.dialogs import ConfirmDialog
from seasalt.testing.tui import OneFrameLink, app_for, mid_round, press


async def test_q_y_in_a_game_says_away_as_the_last_word(tui: Any) -> None:
    link = OneFrameLink(mid_round(3), 0)
    app = app_for(link)
    async with app.run_test(size=(120, 40)):
        await tui.until_table(app)
        await tui.key(app, "q")
        await tui.until(lambda: isinstance(app.screen, ConfirmDialog))
        await press(app, "n")  # stays: nothing said
        await tui.until(lambda: not isinstance(app.screen, ConfirmDialog))
        assert not any(isinstance(m, p.Away) for m in link.sent)
        await tui.key(app, "q")
        await tui.until(lambda: isinstance(app.screen, ConfirmDialog))
        await press(app, "y")
        await tui.until(lambda: app.return_code is not None)
    assert isinstance(link.sent[-1], p.Away) and link.sent.count(p.Away()) == 1


async def test_a_spectator_quitting_says_nothing(tui: Any) -> None:
    link = OneFrameLink(mid_round(3), None)
    app = app_for(link)
    async with app.run_test(size=(120, 40)):
        await tui.until_table(app)
        await tui.key(app, "ctrl+q")  # a spectator quits without a question
        await tui.until(lambda: app.return_code is not None)
    assert link.sent and not any(isinstance(m, p.Away) for m in link.sent)
