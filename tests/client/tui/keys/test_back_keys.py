"""Esc and q where a person tries them (qa8, played in tmux): q did nothing in the history and
the statistics (only Esc or b went back), and neither Esc nor q did anything on a round's
result. Now q goes back from the history and the statistics, Esc continues from the round
result (as it closes every dialog) and q there asks to quit, as at the table."""

from __future__ import annotations

from typing import Any

import pytest
from seasalt.client.tui.screens.history import HistoryScreen
from seasalt.client.tui.screens.result import RoundResultScreen
from seasalt.client.tui.screens.stats import StatsScreen
from seasalt.client.words.game import Names
from seasalt.testing.tui import FakeSource, Host, make_replay
from textual.app import App

from .test_result_keys import a_round_result

pytestmark = pytest.mark.timeout(60)


@pytest.mark.parametrize("make", [
    lambda: HistoryScreen(FakeSource({1: make_replay(1, 5)}), "fake:7327"),
    lambda: StatsScreen(FakeSource({1: make_replay(1, 5)})),
], ids=["history", "stats"])
async def test_q_goes_back_from_the_history_and_the_statistics(tui: Any, make: Any) -> None:
    screen = make()
    app = Host(screen)
    async with app.run_test(size=(80, 24)):
        await tui.until(lambda: app.screen is screen)
        await tui.settled(app)
        footer = tui.text(app).splitlines()[-1]
        assert "Esc Back" in footer and "f5" not in footer, footer
        await tui.key(app, "q")
        await tui.until(lambda: app.screen is not screen)


class ResultApp(App[None]):
    def __init__(self) -> None:
        super().__init__()
        self.answers: list[bool | None] = []
        self.quits = 0

    def on_mount(self) -> None:
        screen = RoundResultScreen(a_round_result(), Names(["Ann", "Bob", "Cy"], 0), (0,))
        self.push_screen(screen, self.answers.append)

    def action_request_quit(self) -> None:
        self.quits += 1


async def test_esc_continues_from_the_round_result_and_q_asks_to_quit(tui: Any) -> None:
    app = ResultApp()
    async with app.run_test(size=(80, 24)):
        await tui.until(lambda: isinstance(app.screen, RoundResultScreen))
        await tui.key(app, "q")
        await tui.until(lambda: app.quits == 1)
        assert isinstance(app.screen, RoundResultScreen) and app.answers == []
        await tui.key(app, "escape")
        await tui.until(lambda: app.answers == [True])
