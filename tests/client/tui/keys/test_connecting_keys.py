"""The connecting screen says how to leave it while it waits (qa8, played in tmux): joining
an address where no server runs showed "Connecting to 127.0.0.1:9…" and a spinner for the
ten seconds of --connect-timeout with no word that Esc goes back."""

from __future__ import annotations

import asyncio
from typing import Any

from seasalt.client.tui.app import SeasaltApp
from seasalt.client.tui.launch_options import LaunchOptions
from seasalt.client.tui.screens.connecting import ConnectingScreen
from seasalt.client.tui.screens.start import StartScreen
from seasalt.testing.tui import FakeLink


class NeverAnswers(FakeLink):
    async def connect(self) -> None:
        await asyncio.Event().wait()  # a server that never answers (cancelled on the way back)


async def test_the_connecting_screen_footer_offers_back_and_quit(tui: Any) -> None:
    app = SeasaltApp(LaunchOptions(address="127.0.0.1:9", name="Nia"),
                     link_factory=lambda a, n: NeverAnswers(a, n))
    async with app.run_test(size=(80, 24)):
        await tui.until(lambda: isinstance(app.screen, ConnectingScreen))
        await tui.settled(app)
        footer = tui.text(app).splitlines()[-1]
        assert "Esc Back" in footer and "^q Quit" in footer, footer
        await tui.key(app, "escape")
        await tui.until(lambda: isinstance(app.screen, StartScreen))
        # The app closes at once, while the menu's selects have not mounted yet: that ended in
        # NoMatches from Textual's Select._on_mount (client/tui/compat.py SteadySelect).


async def test_back_from_a_failed_join_opens_the_join_tab_with_the_address(tui: Any) -> None:
    from textual.widgets import Input, TabbedContent

    app = SeasaltApp(LaunchOptions(address="127.0.0.1:9", name="Nia"),
                     link_factory=lambda a, n: NeverAnswers(a, n))
    async with app.run_test(size=(80, 24)):
        await tui.until(lambda: isinstance(app.screen, ConnectingScreen))
        await tui.key(app, "escape")
        await tui.until(lambda: isinstance(app.screen, StartScreen))
        await tui.settled(app)
        start = app.screen
        assert start.query_one("#tabs", TabbedContent).active == "join"
        address = start.query_one("#address", Input)
        assert address.value == "127.0.0.1:9" and app.focused is address
