"""The round result's keys do what its buttons say, wherever the focus is (issue 13: a player
who tabbed onto "Scores (h)" could never continue with Enter: the chaos soak's seed 31033)."""

from __future__ import annotations

from typing import Any

import pytest
from seasalt.client.tui.screens.result import RoundResultScreen
from seasalt.client.words.game import Names
from seasalt.engine import Call, CallKind, PlayPair, Rules, apply, legal_actions, new_game
from textual.app import App
from textual.widgets import Button

pytestmark = pytest.mark.timeout(60)


def a_round_result() -> Any:
    state = new_game(Rules(3), seed=4)
    while state.last_result is None:
        options = legal_actions(state)
        calls = [a for a in options if isinstance(a, Call) and a.kind is CallKind.LAST_CHANCE]
        pairs = [a for a in options if isinstance(a, PlayPair)]
        state = apply(state, (calls or pairs or options)[0]).state
    return state.last_result


class ResultApp(App[None]):
    def __init__(self) -> None:
        super().__init__()
        self.answers: list[bool | None] = []
        self.scores_opened = 0

    def on_mount(self) -> None:
        screen = RoundResultScreen(a_round_result(), Names(["Ann", "Bob", "Cy"], 0), (0,))
        self.push_screen(screen, self.answers.append)

    def action_open_scores(self) -> None:
        self.scores_opened += 1


@pytest.mark.parametrize("key", ["enter", "space"])
async def test_enter_continues_with_the_focus_on_the_scores_button(key: str) -> None:
    app = ResultApp()
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, RoundResultScreen)
        for _ in range(6):  # Tab until the Scores button has the focus, as the player did
            if isinstance(app.focused, Button) and app.focused.id == "scores":
                break
            await pilot.press("tab")
            await pilot.pause()
        assert isinstance(app.focused, Button) and app.focused.id == "scores"
        await pilot.press(key)
        await pilot.pause()
        assert app.answers == [True]  # continued: the server is told, the table is back
        assert app.scores_opened == 0
        assert app.screen is not screen


async def test_h_and_a_click_still_open_the_scores() -> None:
    app = ResultApp()
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        await pilot.press("h")
        await pilot.pause()
        assert app.scores_opened == 1 and app.answers == []
