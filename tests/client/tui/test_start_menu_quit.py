"""The start menu says how to leave it (qa8, played in tmux): its footer showed only "? Help".

Its "ctrl+q Quit" binding was shadowed by the app's own ctrl+q (a hidden priority binding), so
the one screen where q types into a name field never said how to quit.
"""

from __future__ import annotations

from typing import Any

from seasalt.client.app import LaunchOptions, SeasaltApp
from seasalt.client.screens.start import StartScreen


async def test_the_start_menu_footer_shows_quit_and_ctrl_q_quits(tui: Any) -> None:
    app = SeasaltApp(LaunchOptions(name="Ann"))
    async with app.run_test(size=(80, 24)):
        await tui.until(lambda: isinstance(app.screen, StartScreen))
        await tui.settled(app)
        footer = tui.text(app).splitlines()[-1]
        assert "? Help" in footer and "^q Quit" in footer, footer
        await tui.key(app, "ctrl+q")
        await tui.until(lambda: app.return_code is not None)
    assert app.return_code == 0
