"""The screens on the way to and around the table fit a phone (issue 40), held upright (40 x 45)
and sideways (90 x 18), and are used by taps alone: the name prompt, the lobby and its
new-table dialog, the waiting room, help, chat, the score sheet, a round's result and the game
over. Each tap is a click on the widget a finger would touch (a footer key, a button, a line).

At 40 columns the lobby cut its tables' seats ("Ann, Bob, C") and lost "? Help" and "q Quit"
off the footer; the new-table dialog lost its buttons under 18 rows; the round's score table
showed "…  points des …" and "…" for the names; the game over's "Quit" was off the screen; the
score sheet lost how each round ended; the help could only be closed with Esc, which a phone's
keyboard lacks.
"""

from __future__ import annotations

import re
from typing import Any

import pytest
from seasalt import protocol as p
from seasalt.client.tui.app import SeasaltApp
from seasalt.client.tui.launch_options import LaunchOptions
from seasalt.client.tui.screens.help import HelpScreen
from seasalt.client.tui.screens.lobby import CreateTableDialog, LobbyScreen
from seasalt.client.tui.screens.name_prompt import NamePrompt
from seasalt.client.tui.screens.result import GameOverScreen, RoundResultScreen
from seasalt.client.tui.screens.scores import ScoresScreen
from seasalt.client.tui.screens.table import TableScreen
from seasalt.client.words.scoring_terms import card_points_term, colour_bonus_term
from seasalt.engine import RoundEnd
from seasalt.protocol import ScoreRound, ScoreSheet
from seasalt.testing import positions
from seasalt.testing import tui as kit
from textual.app import App
from textual.widget import Widget
from textual.widgets import Button
from textual.widgets._footer import FooterKey

pytestmark = pytest.mark.timeout(120)

PORTRAIT, LANDSCAPE = (40, 45), (90, 18)
SIZES = pytest.mark.parametrize("size", [PORTRAIT, LANDSCAPE], ids=["40x45", "90x18"])


def on_screen(app: App[Any], widget: Widget) -> bool:
    """``widget`` is shown whole on the screen (not cut by its edges)."""
    return bool(widget.region) and app.screen.region.contains_region(widget.region)


def flat(app: App[Any]) -> str:
    """The screen's words, rows joined (a sentence may wrap anywhere), without the boxes'
    edges (a dialog's text wraps between them)."""
    text = re.sub("[█│▊▎▍▌▐]", " ", kit.screen_text(app).replace("\u00a0", " "))
    return " ".join(text.split())


async def tap_key(app: App[Any], pilot: Any, key: str) -> None:
    """Tap the footer's key ``key`` (it must be on the screen)."""
    await kit.until(lambda: any(k.key == key for k in app.screen.query(FooterKey)))
    footer_key = next(k for k in app.screen.query(FooterKey) if k.key == key)
    assert on_screen(app, footer_key), (key, footer_key.region, kit.screen_text(app))
    await pilot.click(footer_key)


async def tap(app: App[Any], pilot: Any, widget: Widget) -> None:
    """Scroll ``widget`` into view if it is not (as a finger would) and tap it."""
    widget.scroll_visible(animate=False)
    await pilot.pause()
    assert on_screen(app, widget), (widget, widget.region, kit.screen_text(app))
    await pilot.click(widget)


@SIZES
async def test_the_name_prompt_fits(tui: Any, size: tuple[int, int]) -> None:
    app = SeasaltApp(LaunchOptions(lang="fr"))
    async with app.run_test(size=size):
        await tui.until(lambda: isinstance(app.screen, NamePrompt))
        await tui.settled(app)
        for widget in app.screen.query(".dialog, #first-name"):
            assert on_screen(app, widget), (widget, kit.screen_text(app))
        assert "Quel nom les autres joueurs doivent-ils voir ?" in flat(app)


@SIZES
async def test_the_lobby_and_a_new_table_by_taps(tui: Any, size: tuple[int, int]) -> None:
    link = kit.FakeLink("lan:7327", "Ann", players=2)
    app = SeasaltApp(LaunchOptions(address="lan:7327", name="Ann"),
                     link_factory=lambda _a, _n: link)
    async with app.run_test(size=size) as pilot:
        await tui.until(lambda: isinstance(app.screen, LobbyScreen))
        await tui.until(lambda: "Ann, bot random" in flat(app))  # the seats whole
        assert app.screen.has_class("-phone") == (size == PORTRAIT)
        keys = ("n", "j", "w", "h", "question_mark", "q")  # every footer key in reach
        await tui.until(lambda: {k.key for k in app.screen.query(FooterKey)} >= set(keys))
        await tui.settled(app)
        for footer_key in app.screen.query(FooterKey):
            assert on_screen(app, footer_key), (footer_key.key, kit.screen_text(app))
        await tap_key(app, pilot, "n")
        await tui.until(lambda: isinstance(app.screen, CreateTableDialog))
        await tui.settled(app)
        await tap(app, pilot, app.screen.query_one("#create", Button))
        await tui.until(lambda: any(isinstance(m, p.JoinOrCreate) for m in link.sent))
        await tui.until_table(app)


@SIZES
async def test_the_waiting_room_fits(tui: Any, size: tuple[int, int]) -> None:
    app = kit.app_for(kit.WaitingLink(kit.mid_round(2), 0))
    async with app.run_test(size=size):
        await tui.until(lambda: isinstance(app.screen, TableScreen)
                        and "every seat is taken" in flat(app))
        await tui.settled(app)
        table = app.screen
        assert on_screen(app, table.query_one("#prompt"))
        assert "1 free seat of 2" in flat(app) and "Seated: Ann" in flat(app)


@SIZES
async def test_help_opens_and_closes_by_taps(tui: Any, size: tuple[int, int]) -> None:
    app = kit.table_app(kit.mid_round(3), "en")
    async with app.run_test(size=size) as pilot:
        table = await tui.until_table(app)
        await tap_key(app, pilot, "question_mark")
        await tui.until(lambda: isinstance(app.screen, HelpScreen))
        await tui.settled(app)
        assert on_screen(app, app.screen.query_one("#help-body"))
        await tap(app, pilot, app.screen.query_one("#help-close", Button))  # no Esc needed
        await tui.until(lambda: app.screen is table)


@SIZES
async def test_chat_by_taps(tui: Any, size: tuple[int, int]) -> None:
    app = kit.table_app(kit.mid_round(3), "en")
    async with app.run_test(size=size) as pilot:
        table = await tui.until_table(app)
        await tap_key(app, pilot, "t")
        chat = table.query_one("#chat-input")
        await tui.until(lambda: chat.has_focus)
        await tui.settled(app)
        assert on_screen(app, chat)
        await tap_key(app, pilot, "escape")  # "Esc Leave chat", tapped
        await tui.until(lambda: not chat.has_focus)
        await pilot.click(chat)  # back in the chat line by a tap
        await tui.until(lambda: chat.has_focus)
        await pilot.press(*"ahoy", "enter")  # (the phone's own keyboard)
        await tui.until(lambda: "ahoy" in flat(app) and not chat.has_focus)
        await tap_key(app, pilot, "l")  # the table back (on a phone the chat had the screen)
        await tui.until(lambda: not table.side_open)
        await tui.settled(app)
        assert kit.missing_choices(app, table) == []


def sheet(players: int) -> ScoreSheet:
    rounds = (
        ScoreRound(1, RoundEnd.STOP, 1, None, (3, 9, 4, 1)[:players], (3, 9, 4, 1)[:players]),
        ScoreRound(2, RoundEnd.LAST_CHANCE, 0, True, (14, 2, 3, 5)[:players],
                   (17, 11, 7, 6)[:players]),
    )
    return ScoreSheet("t", 40, rounds, (17, 11, 7, 6)[:players], tuple(range(players)),
                      False, False)


@SIZES
@pytest.mark.parametrize("players", [3, 4])
async def test_the_score_sheet_by_a_tap_on_the_tables_line(tui: Any, size: tuple[int, int],
                                                           players: int) -> None:
    app = kit.table_app(kit.mid_round(players), "en")
    async with app.run_test(size=size) as pilot:
        table = await tui.until_table(app)
        await pilot.click(table.query_one("#status"))
        await tui.until(lambda: isinstance(app.screen, ScoresScreen))
        scores = app.screen
        assert isinstance(scores, ScoresScreen)
        scores.show_sheet(sheet(players))
        await tui.settled(app)
        text = flat(app)
        for words in ("Bob called STOP", "You called LAST CHANCE: won", "total", "place",
                      "+14", "→ 17", "#1"):  # (on a phone the gain and total stack)
            assert words in text, (words, kit.screen_text(app))
        assert "…" not in kit.screen_text(app)
        await tap_key(app, pilot, "escape")  # "Esc Back", tapped
        await tui.until(lambda: app.screen is table)


@SIZES
async def test_a_round_result_and_the_game_over_by_taps(tui: Any, size: tuple[int, int]
                                                        ) -> None:
    state, rounds = positions.game_over()
    app = kit.game_over_app(state, rounds)
    async with app.run_test(size=size) as pilot:
        await tui.until(lambda: isinstance(app.screen, RoundResultScreen))
        await tui.settled(app)
        await pilot.pause()
        text = flat(app)
        assert card_points_term() in text and colour_bonus_term() in text, kit.screen_text(app)
        assert all(name in text for name in ("You", "Bob", "Cy"))
        score_rows = kit.screen_text(app).splitlines()[:12]  # the scores head the body
        assert not any("…" in row for row in score_rows), kit.screen_text(app)
        for button in app.screen.query(Button):
            assert on_screen(app, button), (button, kit.screen_text(app))
        await tap(app, pilot, app.screen.query_one("#continue", Button))
        await tui.until(lambda: isinstance(app.screen, GameOverScreen))
        await tui.settled(app)
        await pilot.pause()
        for button in app.screen.query(Button):  # Play again, Tables, Quit, Scores, Review
            assert on_screen(app, button), (button, kit.screen_text(app))
        await tap(app, pilot, app.screen.query_one("#scores", Button))
        await tui.until(lambda: isinstance(app.screen, ScoresScreen))
