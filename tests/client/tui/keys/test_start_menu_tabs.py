"""The start menu composes only the tab it shows; the others when first shown, with what the
player typed in them kept through a language switch and a change of tab."""

from __future__ import annotations

from typing import Any

from seasalt.client.tui.app import SeasaltApp
from seasalt.client.tui.launch_options import LaunchOptions
from seasalt.client.tui.screens.start import StartScreen
from textual.widgets import Button, Input, TabbedContent, TabPane

PANES = ("solo", "join", "host", "learn")


def filled(menu: StartScreen) -> list[str]:
    """The panes that have widgets."""
    return [pane for pane in PANES if menu.query_one(f"#{pane}", TabPane).children]


async def test_only_the_shown_tab_is_composed_the_others_when_first_shown(tui: Any) -> None:
    app = SeasaltApp(LaunchOptions(name="Ann"))
    async with app.run_test(size=(100, 30)) as pilot:
        await tui.until(lambda: isinstance(app.screen, StartScreen))
        await tui.settled(app)
        menu = app.screen
        assert isinstance(menu, StartScreen)
        assert filled(menu) == ["solo"]
        assert not menu.query("#servers")  # no LAN discovery started for a hidden tab
        assert app.focused is menu.query_one("#go-solo", Button)
        tabs = menu.query_one("#tabs", TabbedContent)
        tabs.active = "host"
        await pilot.pause()
        port = menu.query_one("#port", Input)
        assert filled(menu) == ["solo", "host"]
        port.value = "7400"
        tabs.active = "solo"
        await pilot.pause()
        tabs.active = "host"
        await pilot.pause()
        assert menu.query_one("#port", Input) is port and port.value == "7400"
        app.set_language("fr")
        await tui.until(lambda: "Jouer seul" in tui.text(app))
        await tui.settled(app)
        # (The switch shows the Play solo tab again, as it did with every pane composed: its
        # button takes the focus back.)
        assert filled(app.screen) == ["solo", "host"]  # type: ignore[arg-type]
        assert app.screen.query_one("#port", Input).value == "7400"
        for pane in ("join", "learn"):
            app.screen.query_one("#tabs", TabbedContent).active = pane
            await pilot.pause()
        assert filled(app.screen) == list(PANES)  # type: ignore[arg-type]
        assert app.screen.query_one("#servers")
