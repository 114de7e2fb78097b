"""The reviews kept in the client's data dir (client/files/reviews.py): a review left part-way
resumes where it stopped and comes out the same as one never left; a finished one shows again
without a single playout; a file that is not this game's own is never used. The screen's review
runs in a process of its own (client/review_process.py), which leaving kills."""

from __future__ import annotations

import json
from typing import Any

import pytest
from seasalt.bots import review as review_module
from seasalt.bots.review import Decision, review_game
from seasalt.client.files import reviews
from seasalt.client.tui.screens.review import PARTIAL_EVERY, ReviewApp, ReviewScreen
from seasalt.testing import tui as kit
from seasalt.testing.waiting import process_gone
from textual.widgets import ProgressBar

from .tui.results.test_review_screen import short_replay

pytestmark = pytest.mark.timeout(120)

BUDGET, SEED = 3, 7


class Stop(Exception):
    pass


def counting(calls: list[int]) -> Any:
    """The coach's analysis, each view's move noted."""
    real = review_module.analyse

    def analyse(v: Any, budget: Any, seed: int, include: Any = None) -> Any:
        calls.append(v.move)
        return real(v, budget, seed, include=include)

    return analyse


def test_a_left_review_resumes_to_the_same_figures(monkeypatch: pytest.MonkeyPatch) -> None:
    replay = short_replay(6, 3)
    whole = review_game(replay.rules, replay.seed, replay.actions, budget=BUDGET,
                        review_seed=SEED)
    weighed = [d.index for p in whole.players for d in p.decisions]
    stop_at = sorted(weighed)[len(weighed) // 2] + 1  # left half-way through the decisions
    so_far: list[Decision] = []

    def progress(done: int, total: int) -> None:
        if done == stop_at:
            raise Stop

    with pytest.raises(Stop):
        review_game(replay.rules, replay.seed, replay.actions, budget=BUDGET, review_seed=SEED,
                    progress=progress, decided=so_far.append)
    assert reviews.save(replay, BUDGET, SEED, reviews.KeptReview(tuple(so_far), stop_at, False))
    kept = reviews.load(replay, BUDGET, SEED)
    assert kept is not None and not kept.complete and kept.reviewed == stop_at
    assert kept.decisions == tuple(so_far) and so_far

    calls: list[int] = []
    monkeypatch.setattr(review_module, "analyse", counting(calls))
    resumed = review_game(replay.rules, replay.seed, replay.actions, budget=BUDGET,
                          review_seed=SEED, done=kept.reviewed, kept=kept.decisions)
    assert resumed == whole  # every figure, every order
    assert len(calls) == len([i for i in weighed if i >= stop_at])  # only the rest weighed


def test_a_file_not_this_games_own_is_not_used() -> None:
    replay, other = short_replay(6, 3), short_replay(6, 4)  # (the same id: another game)
    whole = review_game(replay.rules, replay.seed, replay.actions, budget=1)
    decisions = tuple(d for p in whole.players for d in p.decisions)
    total = len(replay.actions)
    assert reviews.save(replay, 1, 0, reviews.KeptReview(decisions, total, True))
    assert reviews.load(replay, 1, 0) is not None
    assert reviews.load(replay, 2, 0) is None and reviews.load(replay, 1, 1) is None
    assert reviews.load(other, 1, 0) is None
    assert reviews.load(replay, 1, 0, skip=(0, 2)) is None  # a stand-in's moves not reviewed
    path = reviews.review_path(replay, 1, 0)
    good = json.loads(path.read_text())
    for damage in ({"version": 99}, {"reviewed": total + 1}, {"complete": True, "reviewed": 1},
                   {"engine": "0.0"}, {"decisions": [{"index": 0}]}):
        path.write_text(json.dumps({**good, **damage}))
        assert reviews.load(replay, 1, 0) is None, damage
    # A decision beyond what the file says it covers: not this review's.
    path.write_text(json.dumps({**good, "reviewed": 1, "complete": False}))
    assert reviews.load(replay, 1, 0) is None
    path.write_text("{not json")
    assert reviews.load(replay, 1, 0) is None


async def review_screen(app: ReviewApp) -> ReviewScreen:
    await kit.until(lambda: isinstance(app.screen, ReviewScreen))
    screen = app.screen
    assert isinstance(screen, ReviewScreen)
    return screen


LEAVE_BUDGET = 600
"""Playouts a decision when the screen is left part-way: the whole short game takes many times
longer than its first moves."""


async def test_the_screen_keeps_a_left_review_and_its_process_dies() -> None:
    replay = short_replay(8, 3)
    app = ReviewApp(replay, budget=LEAVE_BUDGET, seed=SEED)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await review_screen(app)
        bar = screen.query_one(ProgressBar)
        await kit.until(lambda: bar.progress >= 5, timeout=60, what="the first moves reviewed")
        child = screen.child
        assert child is not None and child.alive
        await pilot.press("escape")
        assert not child.alive and process_gone(child.pid)  # killed as the screen went: no orphan
    await kit.until(lambda: (k := reviews.load(replay, LEAVE_BUDGET, SEED)) is not None
                    and k.reviewed >= 5, what="the part reviewed, kept")
    kept = reviews.load(replay, LEAVE_BUDGET, SEED)
    assert kept is not None and not kept.complete and kept.reviewed < len(replay.actions)

    # What it kept is what this process weighs for those moves, to the last figure.
    here: list[Decision] = []

    def progress(done: int, total: int) -> None:
        if done == kept.reviewed:
            raise Stop

    with pytest.raises(Stop):
        review_game(replay.rules, replay.seed, replay.actions, budget=LEAVE_BUDGET,
                    review_seed=SEED, progress=progress, decided=here.append)
    assert kept.decisions == tuple(here) and here

    # Closing the app under a running review kills its process too.
    app = ReviewApp(replay, budget=LEAVE_BUDGET, seed=SEED)
    async with app.run_test(size=(120, 40)):
        screen = await review_screen(app)
        await kit.until(lambda: screen.child is not None)
        child = screen.child
        assert child is not None and child.done == kept.reviewed  # resumed there
    assert not child.alive and process_gone(child.pid)


async def test_the_screen_resumes_a_kept_review_and_shows_a_finished_one_at_once(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    replay = short_replay(8, 3)
    whole = review_game(replay.rules, replay.seed, replay.actions, budget=BUDGET,
                        review_seed=SEED)
    weighed = sorted(d.index for p in whole.players for d in p.decisions)
    stop_at = weighed[len(weighed) // 2] + 1
    so_far = tuple(d for p in whole.players for d in p.decisions if d.index < stop_at)
    assert reviews.save(replay, BUDGET, SEED, reviews.KeptReview(so_far, stop_at, False))
    assert stop_at > PARTIAL_EVERY  # (the child passes a keeping point on its way there)
    saved: list[reviews.KeptReview] = []
    save = reviews.save

    def noted(*args: Any) -> bool:
        saved.append(args[3])
        return save(*args)

    monkeypatch.setattr(reviews, "save", noted)
    app = ReviewApp(replay, budget=BUDGET, seed=SEED)
    async with app.run_test(size=(120, 40)):
        screen = await review_screen(app)
        await kit.until(lambda: screen.review is not None, timeout=60)
        assert screen.review == whole  # as if never left
        assert screen.child is not None and screen.child.done == stop_at  # only the rest
    # Every keeping on the way covers at least what was kept, and holds together.
    assert saved and all(k.reviewed >= stop_at for k in saved)
    assert all(d.index < k.reviewed for k in saved for d in k.decisions)
    done = reviews.load(replay, BUDGET, SEED)
    assert done is not None and done.complete

    app = ReviewApp(replay, budget=BUDGET, seed=SEED)
    async with app.run_test(size=(120, 40)):
        screen = await review_screen(app)
        await kit.until(lambda: screen.review is not None)
        assert screen.review == whole and not screen.query_one(ProgressBar).display
        assert screen.child is None  # no process: not one playout
