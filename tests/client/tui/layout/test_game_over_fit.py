"""The game over fits 80 x 24 (issue 15): the standings, every round and the totals are on
the screen, and a game longer than the screen scrolls from the keyboard to each of them."""

from __future__ import annotations

import re

import pytest
from seasalt.client.tui.screens.result import GameOverScreen, RoundResultScreen
from seasalt.testing import positions
from seasalt.testing import tui as kit

pytestmark = pytest.mark.timeout(60)

ROW = re.compile(r"^│\s+(\d+)((?:\s+\d+){3})\s+│$")
TOTAL = re.compile(r"^│\s+total((?:\s+\d+){3})\s+│$")


def rows_shown(text: str) -> tuple[dict[int, tuple[int, ...]], tuple[int, ...] | None]:
    """The round rows (number -> points) and the totals row on the screen."""
    rounds: dict[int, tuple[int, ...]] = {}
    totals = None
    for line in text.splitlines():
        if match := ROW.match(line):
            rounds[int(match[1])] = tuple(int(n) for n in match[2].split())
        elif match := TOTAL.match(line):
            totals = tuple(int(n) for n in match[1].split())
    return rounds, totals


@pytest.mark.parametrize("extra", [0, 9])
async def test_every_round_and_the_totals_are_reachable_at_80x24(extra: int) -> None:
    state, rounds = positions.game_over()
    rounds = rounds + tuple(rounds[i % len(rounds)] for i in range(extra))  # a longer game
    app = kit.game_over_app(state, rounds)
    async with app.run_test(size=(80, 24)) as pilot:
        await kit.until(lambda: isinstance(app.screen, RoundResultScreen))
        await pilot.press("enter")
        await kit.until(lambda: isinstance(app.screen, GameOverScreen))
        await kit.until(lambda: "Round" in kit.screen_text(app))
        await pilot.pause()
        seen, totals = rows_shown(kit.screen_text(app))
        if not extra:  # the usual game: everything at once, nothing to scroll
            assert set(seen) == set(range(1, len(rounds) + 1)), kit.screen_text(app)
            assert totals == state.scores
        for _press in range(len(rounds)):  # a long one: the arrow keys bring the rest
            if totals is not None:
                break
            await pilot.press("down")
            await pilot.pause()
            more, totals = rows_shown(kit.screen_text(app))
            seen.update(more)
        assert totals == state.scores, kit.screen_text(app)
        assert seen == dict(enumerate(rounds, start=1))
        await pilot.press("home")
        await pilot.pause()
        assert "1. You 38" in kit.screen_text(app)  # the standings head the body
