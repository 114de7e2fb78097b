"""How long the expert's review of one finished game takes, the way the review screen runs it:
in its own process (client/review_process.py), streaming each decision back.

    python benchmarks/review_timing.py --players 2 4          # the default budget: minutes

For each player count: plays a seeded game (seat 0 greedy, the others the expert at
``--expert-budget`` playouts a decision), then reviews it at ``--budget`` (default: the
review's own) and prints the moves, the decisions weighed, the child's CPU, the wall time, and
when the first results were there: the first decision back, and the first ``PARTIAL_EVERY``
moves (when the review screen first shows results). The load average goes with the figures:
on a shared machine the wall time is mostly the load's. Nothing is asserted: the figures go
into docs/results.md. ``--in-thread`` reviews in this process instead, for comparison.
"""

from __future__ import annotations

import argparse
import os
import resource
import time
from collections.abc import Sequence

from seasalt.bots.review import Decision, play_game, review_game
from seasalt.client.review_process import Progress, ReviewProcess
from seasalt.client.tui.screens.review import PARTIAL_EVERY
from seasalt.engine import Action, Rules


def child_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def in_child(rules: Rules, seed: int, actions: Sequence[Action], budget: int | None,
             marks: Marks) -> tuple[int, float]:
    """The review as the screen runs it: (decisions, the child's CPU seconds)."""
    cpu_before = child_cpu()
    decisions = 0
    child = ReviewProcess(rules, seed, actions, budget=budget, review_seed=seed)
    for message in child.messages():
        if isinstance(message, Decision):
            decisions += 1
            marks.decision()
        elif isinstance(message, Progress):
            marks.progress(message.done)
    assert child.finished
    return decisions, child_cpu() - cpu_before  # (the child is reaped once messages() ends)


def in_thread(rules: Rules, seed: int, actions: Sequence[Action], budget: int | None,
              marks: Marks) -> tuple[int, float]:
    """The review in this process (as before the child: for comparison)."""
    cpu_before = time.process_time()
    review = review_game(rules, seed, actions, budget=budget, review_seed=seed,
                         progress=lambda done, _total: marks.progress(done),
                         decided=lambda _d: marks.decision())
    return sum(p.count for p in review.players), time.process_time() - cpu_before


class Marks:
    """When the first results came."""

    def __init__(self) -> None:
        self.started = time.perf_counter()
        self.first_decision: float | None = None
        self.first_results: float | None = None

    def decision(self) -> None:
        if self.first_decision is None:
            self.first_decision = time.perf_counter() - self.started

    def progress(self, done: int) -> None:
        if done == PARTIAL_EVERY:
            self.first_results = time.perf_counter() - self.started


def time_review(players: int, seed: int, budget: int | None, expert_budget: int,
                thread: bool) -> None:
    rules = Rules(players=players)
    levels = ["greedy"] + ["expert"] * (players - 1)
    actions = play_game(rules, seed, levels, budget=expert_budget)
    marks = Marks()
    decisions, cpu = (in_thread if thread else in_child)(rules, seed, actions, budget, marks)
    wall = time.perf_counter() - marks.started
    print(f"{players} players, seed {seed}, {'in this process' if thread else 'in a child'}: "
          f"{len(actions)} moves, {decisions} decisions; CPU {cpu:.1f} s, wall {wall:.1f} s; "
          f"first decision at {marks.first_decision:.1f} s, the first {PARTIAL_EVERY} moves at "
          f"{marks.first_results:.1f} s; load {os.getloadavg()[0]:.1f}", flush=True)


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--players", type=int, nargs="+", default=[2, 4])
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--budget", type=int, default=None,
                   help="review playouts per decision (default: the review's)")
    p.add_argument("--expert-budget", type=int, default=64,
                   help="the playing experts' budget")
    p.add_argument("--in-thread", action="store_true",
                   help="review in this process instead (the way it ran before the child)")
    args = p.parse_args()
    for players in args.players:
        time_review(players, args.seed, args.budget, args.expert_budget, args.in_thread)


if __name__ == "__main__":
    main()
