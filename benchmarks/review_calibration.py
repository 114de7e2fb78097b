"""Calibration of the expert's review (bots/review.py): does "expected points lost" say who
played worse?

    python benchmarks/review_calibration.py --games 10 --budget 60     # small: minutes
    python benchmarks/review_calibration.py --games 200                 # the issue's count: hours

Plays ``--games`` seeded 2-player games, greedy (seat 0) against the expert (seat 1, at
``--expert-budget`` playouts a decision), reviews each at ``--budget`` and prints the Pearson
correlation between the game's difference in expected points lost (greedy's minus the
expert's) and its final score difference (the expert's minus greedy's). Then
``--random-games`` games of a random player against the expert: each side's mean points lost
per decision (a random player should show far more loss than the expert's own).

Single process, seeded: the same arguments give the same figures. Nothing is asserted: the
figures go into docs/results.md, with N (a small N is a small N).
"""

from __future__ import annotations

import argparse
import math
import statistics
import time
from collections.abc import Sequence

from seasalt.bots.review import play_game, review_game
from seasalt.engine import Rules, apply, new_game

RULES = Rules(players=2)


def final_scores(seed: int, actions: Sequence[object]) -> tuple[int, ...]:
    state = new_game(RULES, seed)
    for a in actions:
        state = apply(state, a).state  # type: ignore[arg-type]
    return state.scores


def pearson(xs: Sequence[float], ys: Sequence[float]) -> float:
    mx, my = statistics.fmean(xs), statistics.fmean(ys)
    sx = math.sqrt(sum((x - mx) ** 2 for x in xs))
    sy = math.sqrt(sum((y - my) ** 2 for y in ys))
    if sx == 0 or sy == 0:
        return float("nan")
    return sum((x - mx) * (y - my) for x, y in zip(xs, ys, strict=True)) / (sx * sy)


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--games", type=int, default=10)
    p.add_argument("--random-games", type=int, default=2)
    p.add_argument("--budget", type=int, default=None,
                   help="review playouts per decision (default: the review's)")
    p.add_argument("--expert-budget", type=int, default=None,
                   help="the playing expert's budget (default: its own)")
    p.add_argument("--seed", type=int, default=1)
    args = p.parse_args()
    started = time.perf_counter()
    lost_diff: list[float] = []
    score_diff: list[float] = []
    for g in range(args.games):
        seed = args.seed * 10_000 + g
        actions = play_game(RULES, seed, ["greedy", "expert"], budget=args.expert_budget)
        review = review_game(RULES, seed, actions, budget=args.budget, review_seed=seed)
        greedy, expert = review.players
        scores = final_scores(seed, actions)
        lost_diff.append(greedy.lead_lost - expert.lead_lost)
        score_diff.append(scores[1] - scores[0])
        print(f"game {g}: scores {scores}, points lost greedy {greedy.lead_lost:.1f} "
              f"({greedy.count} decisions), expert {expert.lead_lost:.1f} "
              f"({expert.count}), {time.perf_counter() - started:.0f} s", flush=True)
    if len(lost_diff) >= 2:
        print(f"greedy vs expert, N={len(lost_diff)}: correlation of (greedy's - expert's "
              f"points lost) with (expert's - greedy's final score) = "
              f"{pearson(lost_diff, score_diff):.2f}")
    per_decision: dict[str, list[float]] = {"random": [], "expert": []}
    for g in range(args.random_games):
        seed = args.seed * 10_000 + 5_000 + g
        actions = play_game(RULES, seed, ["random", "expert"], budget=args.expert_budget)
        review = review_game(RULES, seed, actions, budget=args.budget, review_seed=seed)
        for name, player in zip(("random", "expert"), review.players, strict=True):
            per_decision[name].append(player.lead_lost / max(1, player.count))
    if args.random_games:
        print(f"random vs expert, N={args.random_games}: mean points lost per decision, "
              f"random {statistics.fmean(per_decision['random']):.2f}, expert "
              f"{statistics.fmean(per_decision['expert']):.2f}")
    print(f"{time.perf_counter() - started:.0f} s in all")


if __name__ == "__main__":
    main()
