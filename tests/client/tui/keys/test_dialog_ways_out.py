"""Every dialog says how to leave it and Esc leaves it (qa8, played in tmux): the first-start
name prompt ignored Esc (only Enter left it), and the help's one "Press Esc to go back." was
its last line, pages below what an 80 x 24 screen shows (the help has no footer)."""

from __future__ import annotations

import getpass
from typing import Any

from seasalt.client.files.settings import load_name
from seasalt.client.tui.app import SeasaltApp
from seasalt.client.tui.launch_options import LaunchOptions
from seasalt.client.tui.screens.help import HelpScreen
from seasalt.client.tui.screens.name_prompt import NamePrompt
from seasalt.client.tui.screens.start import StartScreen
from seasalt.testing.tui import OneFrameLink, app_for, mid_round


async def test_esc_on_the_name_prompt_keeps_the_name_offered(tui: Any) -> None:
    assert load_name() is None  # this test's own config dir (conftest)
    app = SeasaltApp(LaunchOptions())
    async with app.run_test(size=(80, 24)):
        await tui.until(lambda: isinstance(app.screen, NamePrompt))
        app.screen.query_one("#first-name").value = "half-typed"
        await tui.key(app, "escape")
        await tui.until(lambda: isinstance(app.screen, StartScreen))
        offered = getpass.getuser()[:24]
        await tui.until(lambda: app.screen.query_one("#name").value == offered)
    assert load_name() == offered


async def test_the_help_says_how_to_close_it_on_its_first_rows(tui: Any) -> None:
    app = app_for(OneFrameLink(mid_round(3), 0))
    async with app.run_test(size=(80, 24)):
        table = await tui.until_table(app)
        await tui.key(app, "question_mark")
        await tui.until(lambda: isinstance(app.screen, HelpScreen))
        await tui.settled(app)
        top = " ".join(" ".join(tui.text(app).splitlines()[:4]).split())
        assert "Press Esc to go back." in top, top
        await tui.key(app, "escape")
        await tui.until(lambda: app.screen is table)
