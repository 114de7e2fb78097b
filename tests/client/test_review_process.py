"""The expert's review in a process of its own (client/review_process.py): the same figures as
the review in this process, streamed in the same order; stopped, the child is gone at once;
a client killed outright takes its review's child with it; a review that fails says why."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import textwrap

import pytest
from seasalt.bots.review import Decision, partial_review, play_game, review_game
from seasalt.client.review_process import Progress, ReviewFailed, ReviewProcess
from seasalt.engine import Action, EndTurn, Rules
from seasalt.testing.waiting import process_gone, until_sync

pytestmark = pytest.mark.timeout(120)

RULES = Rules(players=4, target=12)
SEED, REVIEW_SEED, BUDGET = 5, 7, 3
Actions = tuple[Action, ...]
FIRST = 10
"""Moves passed over (not reviewed) before the child is left to weigh for minutes."""


def cpu_seconds(pid: int) -> float:
    """The CPU a live process has used (Linux's /proc; elsewhere taken as busy)."""
    if not os.path.isdir("/proc/self"):
        return float("inf")
    try:
        with open(f"/proc/{pid}/stat", encoding="ascii") as f:
            fields = f.read().rsplit(")", 1)[1].split()
    except OSError:
        return 0.0
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


@pytest.fixture(scope="module")
def actions() -> Actions:
    return play_game(RULES, SEED, ["greedy", "random", "greedy", "random"])


def test_the_childs_review_is_the_one_made_here(actions: Actions) -> None:
    skip = (1, 6)  # (a stand-in bot's moves: not reviewed there either)
    here: list[object] = []
    whole = review_game(RULES, SEED, actions, budget=BUDGET, review_seed=REVIEW_SEED, skip=skip,
                        progress=lambda d, t: here.append(Progress(d, t)),
                        decided=here.append)
    child = ReviewProcess(RULES, SEED, actions, budget=BUDGET, review_seed=REVIEW_SEED,
                          skip=skip)
    there = list(child.messages())
    assert child.finished and not child.alive
    assert there == here  # every figure, in the same order
    decisions = [m for m in there if isinstance(m, Decision)]
    assert len(decisions) > 20
    assert partial_review(RULES.players, decisions, BUDGET, REVIEW_SEED) == whole

    # Resumed after its first decisions: the child weighs only the rest, to the same figures.
    done = decisions[len(decisions) // 2].index
    rest = [m for m in ReviewProcess(RULES, SEED, actions, budget=BUDGET,
                                     review_seed=REVIEW_SEED, skip=skip, done=done).messages()
            if isinstance(m, Decision)]
    assert rest == [d for d in decisions if d.index >= done]


def test_the_default_budget_is_the_one_this_process_names(
    actions: Actions, monkeypatch: pytest.MonkeyPatch,
) -> None:
    from seasalt.bots.coach import COACH_BUDGET

    monkeypatch.setitem(COACH_BUDGET, RULES.players, 2)  # (the child's own copy says 170)
    short = actions[:12]
    here: list[Decision] = []
    review_game(RULES, SEED, short, review_seed=REVIEW_SEED, decided=here.append)
    there = [m for m in ReviewProcess(RULES, SEED, short, review_seed=REVIEW_SEED).messages()
             if isinstance(m, Decision)]
    assert there and there == here


def test_stopped_the_child_is_gone_at_once(actions: Actions) -> None:
    # Its first moves passed over, the child is soon weighing a decision for minutes.
    child = ReviewProcess(RULES, SEED, actions, budget=20_000, skip=tuple(range(FIRST)))
    messages = child.messages()
    assert next(messages) == Progress(1, len(actions))
    until_sync(lambda: cpu_seconds(child.pid) > 0.5, timeout=60, what="the child at work")
    child.stop()
    assert not child.alive and process_gone(child.pid)
    assert all(isinstance(m, Progress) for m in messages)  # what it sent, then the end
    assert not child.finished
    child.stop()  # (again: nothing to do)


def test_a_client_killed_outright_takes_the_review_with_it(
    actions: Actions,
) -> None:
    """On Linux (PR_SET_PDEATHSIG): no orphan plays out a review after a kill -9."""
    if not sys.platform.startswith("linux"):
        pytest.skip("the kernel's parent-death signal is Linux's")
    client = subprocess.Popen([sys.executable, "-c", textwrap.dedent("""
        import sys
        from seasalt.bots.review import play_game
        from seasalt.client.review_process import ReviewProcess
        from seasalt.engine import Action, EndTurn, Rules
        rules = Rules(players=2)
        actions = play_game(rules, 1, ["greedy", "greedy"])
        child = ReviewProcess(rules, 1, actions, budget=20_000, skip=tuple(range(10)))
        messages = child.messages()
        next(messages)
        print(child.pid, flush=True)
        sys.stdin.read()
    """)], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    try:
        assert client.stdout is not None
        pid = int(client.stdout.readline())
        until_sync(lambda: cpu_seconds(pid) > 0.5, timeout=60, what="the child at work")
    finally:
        client.send_signal(signal.SIGKILL)
        client.wait()
    until_sync(lambda: process_gone(pid), timeout=30,
               what="the review's child gone with its client")


def test_a_review_that_fails_says_why(actions: Actions) -> None:
    not_a_game = (EndTurn(), *actions)  # (an end of turn before any draw)
    child = ReviewProcess(RULES, SEED, not_a_game, budget=1, skip=(0,))
    with pytest.raises(ReviewFailed, match="IllegalAction"):
        list(child.messages())
    assert not child.alive
