"""The host's quit question looks like every other question (qa8, played in tmux): hosting
from the start menu, q in the lobby put "Stop it … or leave it running" in the top-left
corner of a blank screen (the lobby behind it gone); it is centred over the screen now."""

from __future__ import annotations

from typing import Any

from seasalt.client.tui.screens.dialogs import ConfirmDialog, HostQuitDialog
from seasalt.testing.tui import OneFrameLink, app_for, mid_round


async def test_the_host_quit_dialog_is_centred_over_the_screen_behind_it(tui: Any) -> None:
    app = app_for(OneFrameLink(mid_round(3), 0))
    async with app.run_test(size=(100, 30)):
        table = await tui.until_table(app)
        app.push_screen(HostQuitDialog())
        await tui.until(lambda: isinstance(app.screen, HostQuitDialog))
        await tui.settled(app)
        box = app.screen.query_one(".dialog").region
        assert "Your hand" in tui.text(app)  # the screen behind it is still seen
        app.pop_screen()
        await tui.until(lambda: app.screen is table)
        app.push_screen(ConfirmDialog("Quit?"))
        await tui.until(lambda: isinstance(app.screen, ConfirmDialog))
        await tui.settled(app)
        other = app.screen.query_one(".dialog").region
        assert box.x > 0 and box.y > 0, box
        assert abs(box.center[0] - other.center[0]) <= 1, (box, other)  # centred as the rest
