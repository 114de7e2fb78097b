"""The start menu says how to leave it (qa8, played in tmux): its footer showed only "? Help".

Its "ctrl+q Quit" binding was shadowed by the app's own ctrl+q (a hidden priority binding), so
the one screen where q types into a name field never said how to quit. And it forgot the solo
choices between runs (qa9): it offers last time's now, as it offers the name.
"""

from __future__ import annotations

from typing import Any

from seasalt.client.files import settings
from seasalt.client.files.settings import SoloChoices
from seasalt.client.tui.app import SeasaltApp
from seasalt.client.tui.launch_options import LaunchOptions
from seasalt.client.tui.screens.start import StartScreen
from textual.widgets import Checkbox, Select


async def test_the_start_menu_offers_last_solo_choices_and_ctrl_q_quits(tui: Any) -> None:
    # (the user config dir is this test's own: conftest.py)
    settings.update(solo=SoloChoices(opponents=3, level="expert", extra_pepper=True))
    app = SeasaltApp(LaunchOptions(name="Ann"))
    async with app.run_test(size=(80, 24)):
        await tui.until(lambda: isinstance(app.screen, StartScreen))
        await tui.settled(app)
        menu = app.screen
        assert menu.query_one("#opponents", Select).value == 3
        assert menu.query_one("#level", Select).value == "expert"
        assert menu.query_one("#extra-pepper", Checkbox).value
        assert not menu.query_one("#extra-salt", Checkbox).value
        footer = tui.text(app).splitlines()[-1]
        assert "? Help" in footer and "^q Quit" in footer, footer
        await tui.key(app, "ctrl+q")
        await tui.until(lambda: app.return_code is not None)
    assert app.return_code == 0
