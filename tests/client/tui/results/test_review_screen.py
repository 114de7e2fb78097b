"""Pilot tests of the expert's review screen: from the history (``v``) and ``--review FILE``."""

from __future__ import annotations

from pathlib import Path

import pytest
from seasalt.bots.coach import COACH_BUDGET
from seasalt.bots.review import play_game
from seasalt.client.files.replay_file import save_replay
from seasalt.client.tui.screens.history import HistoryScreen
from seasalt.client.tui.screens.review import ReviewApp, ReviewScreen
from seasalt.engine import ENGINE_VERSION, Rules, apply, new_game
from seasalt.protocol import GameSummary, PlayerEntry, Replay
from seasalt.testing import tui as kit
from textual.widgets import DataTable, ProgressBar

pytestmark = pytest.mark.timeout(60)


def short_replay(game: int, seed: int) -> Replay:
    """A short finished game (to 12 points: a round or two), as the history server sends it."""
    rules = Rules(players=2, target=12)
    actions = play_game(rules, seed, ["greedy", "random"])
    state = new_game(rules, seed)
    for a in actions:
        state = apply(state, a).state
    entries = (PlayerEntry(0, "human", "Ann", "p:0123456789abcdef"),
               PlayerEntry(1, "bot:random", None, "bot:random"))
    summary = GameSummary(
        game=game, table=f"table{game}", players=entries, scores=state.scores,
        winners=state.winners, extra_salt=False, double_target=False, rounds=state.round,
        started=1_700_000_000, finished=1_700_000_900, target=12,
    )
    return Replay(summary, rules, ENGINE_VERSION, seed, actions)


async def test_the_history_opens_a_games_review_and_back(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setitem(COACH_BUDGET, 2, 1)  # (the default budget, cut to a playout here)
    replays = {1: short_replay(1, 3)}
    app = kit.Host(HistoryScreen(kit.FakeSource(replays), "fake:7327", export_dir=tmp_path))
    async with app.run_test(size=(120, 40)) as pilot:
        await kit.until(lambda: app.screen.query_one(DataTable).row_count == 1)
        await pilot.press("v")
        await kit.until(lambda: isinstance(app.screen, ReviewScreen))
        screen = app.screen
        assert isinstance(screen, ReviewScreen)
        await kit.until(lambda: screen.review is not None, timeout=40)
        assert not screen.query_one(ProgressBar).display
        text = kit.screen_text(app)
        assert "Expert review" in text and "== Ann (seat 1) ==" in text
        assert "decisions: " in text and "So far" not in text
        await pilot.press("escape")
        await kit.until(lambda: isinstance(app.screen, HistoryScreen))


async def test_review_file_opens_the_review_screen(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    save_replay(short_replay(4, 3), path)
    from seasalt.client.files.replay_file import read_replay

    replay, stand_ins = read_replay(path)
    app = ReviewApp(replay, path, stand_ins, budget=1)
    async with app.run_test(size=(100, 30)) as pilot:
        await kit.until(lambda: isinstance(app.screen, ReviewScreen))
        screen = app.screen
        assert isinstance(screen, ReviewScreen)
        await kit.until(lambda: screen.review is not None, timeout=40)
        assert screen.review is not None and screen.review.budget == 1
        assert "1 playouts per decision" in kit.screen_text(app)
        await pilot.press("escape")
    assert app.return_code == 0


async def test_a_decision_opens_the_replay_at_that_move_and_back(tmp_path: Path) -> None:
    from seasalt.client.tui.screens.replay import ReplayScreen
    from textual.widgets import OptionList

    app = ReviewApp(short_replay(5, 3), budget=1)
    async with app.run_test(size=(120, 40)) as pilot:
        await kit.until(lambda: isinstance(app.screen, ReviewScreen))
        screen = app.screen
        assert isinstance(screen, ReviewScreen)
        await kit.until(lambda: screen.review is not None, timeout=40)
        decisions = screen.query_one(OptionList)
        assert decisions.option_count >= 2 and decisions.has_focus
        await pilot.press("down")
        await pilot.pause()
        option = decisions.highlighted_option
        assert option is not None and option.id is not None
        chosen = screen.entries[option.id]
        assert not chosen.agrees
        await pilot.press("enter")
        await kit.until(lambda: isinstance(app.screen, ReplayScreen))
        replay = app.screen
        assert isinstance(replay, ReplayScreen)
        # The game as the choice left it: its move is this step's ("This move: ...").
        assert replay.index == chosen.index + 1
        assert replay.steps[replay.index].action == chosen.choice
        text = kit.screen_text(app)
        assert f"Move {chosen.index + 1} of {len(screen.replay.actions)}" in text
        assert "This move:" in text
        await pilot.press("escape")
        await kit.until(lambda: app.screen is screen)
        assert decisions.highlighted_option is not None
        assert decisions.highlighted_option.id == option.id  # the same entry
        await pilot.click(OptionList, offset=(4, 1))  # a click on the first one (under the border)
        await kit.until(lambda: isinstance(app.screen, ReplayScreen))
        first = next(iter(screen.entries.values()))
        assert isinstance(app.screen, ReplayScreen) and app.screen.index == first.index + 1
