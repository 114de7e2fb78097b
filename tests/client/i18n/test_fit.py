"""No prompt, label, button, tab or key hint is wider than its region, in any language, at
80 x 24 (the smallest supported terminal)."""

from __future__ import annotations

from typing import Any

import pytest
from seasalt.client.own_server.solo_game import SavedSolo, save_solo, solo_db_path
from seasalt.client.tui.app import SeasaltApp
from seasalt.client.tui.launch_options import LaunchOptions
from seasalt.client.tui.messages import GameEnd
from seasalt.client.tui.screens.connecting import ConnectingScreen
from seasalt.client.tui.screens.dialogs import ConfirmDialog, HostQuitDialog
from seasalt.client.tui.screens.lobby import LobbyScreen
from seasalt.client.tui.screens.result import GameOverScreen, RoundResultScreen
from seasalt.client.tui.screens.start import JoinPlan, StartScreen
from seasalt.client.words.game import Names
from seasalt.client.words.i18n import LANGUAGES
from seasalt.engine import (
    Call,
    CallKind,
    PlayPair,
    Rules,
    apply,
    legal_actions,
    new_game,
)
from textual.geometry import Size
from textual.screen import Screen
from textual.widgets import TabbedContent

pytestmark = pytest.mark.timeout(90)

ONE_LINE = "Label, Button, Tab, FooterKey, Checkbox"
BIG = Size(1000, 1000)


def cropped(screen: Screen[Any]) -> list[str]:
    """One-line controls whose text does not fit their region (or the screen)."""
    found = []
    width = screen.size.width
    for widget in screen.query(ONE_LINE):
        if not widget.display or not widget.visible or widget.region.area == 0:
            continue
        text = str(getattr(widget, "label", "") or widget.render())
        need = widget.get_content_width(BIG, BIG)
        have = widget.content_size.width
        if need > have or widget.region.right > width:
            found.append(f"{type(widget).__name__} {text!r}: needs {need}, has {have}")
    return found


def round_result() -> Any:
    state = new_game(Rules(3), seed=4)
    while state.last_result is None:
        options = legal_actions(state)
        calls = [a for a in options if isinstance(a, Call) and a.kind is CallKind.LAST_CHANCE]
        pairs = [a for a in options if isinstance(a, PlayPair)]
        state = apply(state, (calls or pairs or options)[0]).state
    return state.last_result


@pytest.mark.parametrize("lang", list(LANGUAGES))
async def test_every_control_fits_at_80x24(lang: str, kit: Any) -> None:
    problems: list[str] = []

    def check(where: str, screen: Screen[Any]) -> None:
        problems.extend(f"{where}: {line}" for line in cropped(screen))

    async def settle(app: SeasaltApp, kind: type[Screen[Any]]) -> None:
        await kit.until(lambda: isinstance(app.screen, kind) and app.screen.is_mounted)
        await kit.settled(app)  # laid out: a control not sized yet would be skipped

    # An unfinished solo game: the menu offers to resume it beside "New game" (one row: the
    # resume button above the choices pushed the other off the menu at 80 x 24).
    assert save_solo(SavedSolo("a" * 43, 1, "greedy"))
    solo_db_path().touch()
    state = kit.mid_round(4)
    app = SeasaltApp(LaunchOptions(name="Ann", lang=lang),
                     link_factory=lambda _a, _n: kit.OneTableLink(state))
    async with app.run_test(size=(80, 24)):
        await kit.until(lambda: bool(app.screen.query(TabbedContent)))
        assert app.screen.query("#resume-solo")
        for tab in ("solo", "join", "host"):
            app.screen.query_one(TabbedContent).active = tab
            await kit.settled(app)
            check(f"start/{tab}", app.screen)

        app.post_message(StartScreen.Chosen(JoinPlan("Ann", "l:1")))
        await settle(app, LobbyScreen)
        await kit.until(lambda: "t1" in kit.screen_text(app))
        await kit.settled(app)
        check("lobby", app.screen)
        lobby = app.screen
        lobby.action_create()  # type: ignore[attr-defined]
        await kit.until(lambda: bool(app.screen.query("#create")))
        await kit.settled(app)
        check("new table", app.screen)
        app.pop_screen()
        lobby.action_join()  # type: ignore[attr-defined]

        await kit.until(kit.table_ready(app))
        await kit.until(lambda: "Bob" in kit.screen_text(app))
        await kit.settled(app)
        check("table", app.screen)
        names = Names(["Ann", "Bob", "Cy"], 0)
        app.push_screen(RoundResultScreen(round_result(), names, (0,)))
        await settle(app, RoundResultScreen)
        check("round result", app.screen)
        app.push_screen(GameOverScreen(GameEnd((40, 12, 9), (0,), (0, 1, 2)), names))
        await settle(app, GameOverScreen)
        check("game over", app.screen)
        # The dialogs, one over the other on the game over: a screen under a dialog is
        # restyled as it goes under and again as it comes back (its keys hidden), the start
        # menu's many controls more than any; a dialog's controls are its own.
        app.push_screen(ConfirmDialog("?"))
        await settle(app, ConfirmDialog)
        check("confirm", app.screen)
        app.push_screen(HostQuitDialog())
        await settle(app, HostQuitDialog)
        check("host quit", app.screen)
        connecting = ConnectingScreen("…")
        app.push_screen(connecting)
        await settle(app, ConnectingScreen)
        connecting.failed("x", ("y",))
        await kit.settled(app)
        check("connecting", app.screen)

    assert not problems, "\n".join(problems)


@pytest.mark.parametrize("lang", list(LANGUAGES))
async def test_history_replay_and_help_fit_at_80x24(lang: str, kit: Any) -> None:
    from seasalt.client.tui.screens.help import HelpScreen
    from seasalt.client.tui.screens.history import HistoryScreen
    from seasalt.client.tui.screens.replay import ReplayScreen
    from seasalt.client.words import i18n
    from seasalt.testing import tui

    i18n.set_language(lang)  # a bare host app speaks the process default
    problems: list[str] = []
    replay = tui.make_replay(2, 8)
    app = tui.Host(HistoryScreen(tui.FakeSource({2: replay}), "fake:7327"))
    async with app.run_test(size=(80, 24)):
        for kind, where in ((HistoryScreen, "history"), (ReplayScreen, "replay"),
                            (HelpScreen, "help")):
            if kind is ReplayScreen:
                app.push_screen(ReplayScreen(replay))
            elif kind is HelpScreen:
                app.push_screen(HelpScreen())
            await kit.until(lambda k=kind: isinstance(app.screen, k) and app.screen.is_mounted)
            await kit.settled(app)
            problems.extend(f"{where}: {line}" for line in cropped(app.screen))
    assert not problems, "\n".join(problems)
