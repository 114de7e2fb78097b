"""Pilot tests of the expert's review screen: from the history (``v``) and ``--review FILE``."""

from __future__ import annotations

from pathlib import Path

import pytest
from seasalt.bots.coach import COACH_BUDGET
from seasalt.client.replay_file import save_replay
from seasalt.client.screens.history import HistoryScreen
from seasalt.client.screens.review import ReviewApp, ReviewScreen
from seasalt.testing import tui as kit
from textual.widgets import DataTable, ProgressBar

pytestmark = pytest.mark.timeout(60)


async def test_the_history_opens_a_games_review_and_back(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setitem(COACH_BUDGET, 2, 1)  # (the default budget, cut to a playout here)
    replays = {1: kit.make_replay(1, 3)}
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
    save_replay(kit.make_replay(4, 3), path)
    from seasalt.client.replay_file import read_replay

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
