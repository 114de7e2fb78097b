"""Each app reads the game in its own language; switching re-renders at once; names and chat
are never translated."""

from __future__ import annotations

from typing import Any

import pytest
from seasalt.client.tui.app import SeasaltApp
from seasalt.client.tui.language import LanguageSelect
from seasalt.client.tui.launch_options import LaunchOptions
from seasalt.client.tui.screens.start import StartScreen
from seasalt.client.tui.widgets.log import ChatPanel
from seasalt.client.words.i18n import _
from textual.command import CommandPalette
from textual.widgets import Input

pytestmark = pytest.mark.timeout(60)


async def test_two_apps_in_one_process_keep_their_own_language(kit: Any) -> None:
    state = kit.mid_round(3)
    pt, fr = kit.table_app(state, "pt"), kit.table_app(state, "fr")
    async with pt.run_test(size=(100, 30)), fr.run_test(size=(100, 30)):
        await kit.until(kit.table_ready(pt))
        await kit.until(kit.table_ready(fr))
        pt_text, fr_text = kit.screen_text(pt), kit.screen_text(fr)
        assert "Sua vez." in pt_text and "Baralho" in pt_text
        assert "À vous." in fr_text and "Pioche" in fr_text
        assert "Your turn" not in pt_text + fr_text
        assert pt.flow.frame is not None and fr.flow.frame is not None
        assert pt.flow.frame.view == fr.flow.frame.view  # the same game, in other words


async def test_the_start_menu_switch_rerenders_at_once_and_keeps_what_was_typed(kit: Any) -> None:
    app = SeasaltApp(LaunchOptions(name="Ann", lang="en"))
    async with app.run_test(size=(80, 24)):
        await kit.until(lambda: isinstance(app.screen, StartScreen) and app.screen.is_mounted)
        app.screen.query_one("#name", Input).value = "Zoé"
        app.screen.query_one(LanguageSelect).value = "pt"
        await kit.until(lambda: "Seu nome" in kit.screen_text(app))
        await kit.until(lambda: "Ajuda" in kit.screen_text(app))
        await kit.until(lambda: app.screen.query_one("#name", Input).value == "Zoé")
        assert app.translator.lang == "pt"
        assert "Jogar sozinho" in kit.screen_text(app) and "Play solo" not in kit.screen_text(app)
        assert app.screen.query_one(LanguageSelect).value == "pt"


async def test_the_command_palette_switches_the_language(kit: Any) -> None:
    app = kit.table_app(kit.mid_round(3), "en")
    async with app.run_test(size=(100, 30)):
        await kit.until(kit.table_ready(app))
        await kit.keys(app, "ctrl+p", *"language: fran")
        await kit.until(lambda: "Language: Français" in kit.screen_text(app))
        await kit.keys(app, "enter")
        await kit.until(lambda: "À vous." in kit.screen_text(app), timeout=10)
        assert app.translator.lang == "fr"
        await kit.until(lambda: "Aide" in kit.screen_text(app))  # the footer's key hints too
        # The palette lists the commands in the current language.
        await kit.keys(app, "ctrl+p", *"lang")
        await kit.until(lambda: "Langue\u00a0: Español" in kit.screen_text(app))
        await kit.keys(app, "escape")
        # closed before the test leaves the app (a key still queued at exit finds no screen)
        await kit.until(lambda: not isinstance(app.screen, CommandPalette))


async def test_player_names_and_chat_are_never_translated(kit: Any) -> None:
    names = ("Quit", "Crab", "Help", "You")
    app = kit.table_app(kit.mid_round(4), "pt", names=names)
    async with app.run_test(size=(120, 40)):
        await kit.until(kit.table_ready(app))
        chat = app.screen.query_one("#chat-input", Input)
        chat.value = "End your turn"
        await chat.action_submit()
        await kit.until(lambda: "Quit: End your turn" in kit.screen_text(app))
        await kit.until(lambda: "Crab" in kit.screen_text(app))
        text = kit.screen_text(app)
        assert "Crab" in text and "Help" in text and "You" in text  # opponents' names as typed
        assert "Quit: End your turn" in text  # chat line: name and text as sent
        app.set_language("fr")
        await kit.until(lambda: "À vous." in kit.screen_text(app))
        panel = app.screen.query_one(ChatPanel)
        assert ("Quit", "End your turn") in panel.lines  # the chat survives the switch
        assert "Quit: End your turn" in kit.screen_text(app)


async def test_outside_an_app_strings_are_english() -> None:
    assert _("End your turn") == "End your turn"


async def test_the_lobby_and_a_result_screen_follow_a_switch(kit: Any) -> None:
    from seasalt.client.tui.screens.lobby import LobbyScreen

    app = SeasaltApp(LaunchOptions(address="l:1", name="Ann", lang="en"),
                     link_factory=lambda _a, _n: kit.OneTableLink(kit.mid_round(4)))
    async with app.run_test(size=(100, 30)):
        await kit.until(lambda: isinstance(app.screen, LobbyScreen))
        await kit.until(lambda: "t1" in kit.screen_text(app))
        assert "Seats" in kit.screen_text(app)
        app.set_language("es")
        await kit.until(lambda: "Asientos" in kit.screen_text(app))
        await kit.until(lambda: "Nueva mesa" in kit.screen_text(app))  # footer key hints
        await kit.until(lambda: "en juego (ronda 2)" in kit.screen_text(app))  # tables again
        assert "Ann, Bob" in kit.screen_text(app)


async def test_every_open_screen_follows_a_switch(kit: Any) -> None:
    from seasalt.client.tui.messages import GameEnd
    from seasalt.client.tui.screens.help import HelpScreen
    from seasalt.client.tui.screens.result import GameOverScreen
    from seasalt.client.words.game import Names

    app = kit.table_app(kit.mid_round(3), "en")
    async with app.run_test(size=(100, 40)):
        await kit.until(kit.table_ready(app))
        app.push_screen(GameOverScreen(GameEnd((40, 12, 9), (0,), (0, 1, 2)), Names(
            ["Ann", "Bob", "Cy"], 0)))
        app.push_screen(HelpScreen())
        await kit.until(lambda: "Scoring" in kit.screen_text(app))
        app.set_language("es")
        await kit.until(lambda: "Puntuación" in kit.screen_text(app))
        app.pop_screen()
        await kit.until(lambda: "¡Has ganado!" in kit.screen_text(app))
        app.pop_screen()
        await kit.until(lambda: "Tu turno." in kit.screen_text(app))


def _intervals(screen: Any) -> list[str]:
    """The screen's own running timers by callback name (Textual keeps a screen's timers in
    ``_timers``; its own, such as ``_on_timer_update``, are left out)."""
    names = (
        timer._callback.__name__ for timer in list(screen._timers)
        if timer._task is not None and not timer._task.done()
    )
    return sorted(name for name in names if not name.startswith("_"))


async def test_a_switch_does_not_start_the_table_screens_intervals_again(kit: Any) -> None:
    # A switch recomposes each screen and fills it again; the table screen's on_mount also
    # starts its three intervals, and running it again doubled them at every switch.
    app = kit.table_app(kit.mid_round(3), "en")
    async with app.run_test(size=(100, 30)):
        await kit.until(kit.table_ready(app))
        table = app.screen
        before = _intervals(table)
        assert before == ["check_drawn", "check_pending", "tick_clocks"]
        app.set_language("fr")
        await kit.until(lambda: "À vous." in kit.screen_text(app))
        app.set_language("en")
        await kit.until(lambda: "Your turn" in kit.screen_text(app))
        await kit.settled(app)
        assert app.screen is table and _intervals(table) == before


async def test_a_switch_does_not_start_the_lobbys_refresh_again(kit: Any) -> None:
    from seasalt.client.tui.screens.lobby import LobbyScreen

    app = SeasaltApp(LaunchOptions(address="l:1", name="Ann", lang="en"),
                     link_factory=lambda _a, _n: kit.OneTableLink(kit.mid_round(4)))
    async with app.run_test(size=(100, 30)):
        await kit.until(lambda: isinstance(app.screen, LobbyScreen))
        await kit.until(lambda: "t1" in kit.screen_text(app))
        lobby = app.screen
        assert _intervals(lobby) == ["action_refresh"]
        app.set_language("es")
        await kit.until(lambda: "en juego (ronda 2)" in kit.screen_text(app))
        await kit.settled(app)
        assert _intervals(lobby) == ["action_refresh"]  # one list request per refresh, still


async def test_a_switch_on_the_first_start_menu_does_not_ask_for_the_name_again(
    kit: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    from seasalt.client.tui.screens.name_prompt import NamePrompt

    monkeypatch.setattr("seasalt.client.tui.app.load_name", lambda: None)  # a first start
    monkeypatch.setattr("seasalt.client.tui.start_flow.load_name", lambda: None)
    app = SeasaltApp(LaunchOptions(lang="en"))
    async with app.run_test(size=(80, 24)):
        await kit.until(lambda: isinstance(app.screen, NamePrompt))
        app.screen.dismiss(None)  # (as Escape does: the menu's name field stays as it was)
        await kit.until(lambda: isinstance(app.screen, StartScreen))
        app.screen.query_one(LanguageSelect).value = "pt"
        await kit.until(lambda: "Jogar sozinho" in kit.screen_text(app))
        await kit.settled(app)
        assert isinstance(app.screen, StartScreen)  # no second name prompt over the menu
