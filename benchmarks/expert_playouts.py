"""The expert's playouts and decisions: the in-place Playout against the immutable path.

    python benchmarks/expert_playouts.py                 # the figures for docs/results.md
    python benchmarks/expert_playouts.py --decisions 60  # more expert decisions

Positions are taken from seeded random games (2 and 4 players). For each, the expert's playout
(bots/rollout.py ``playout``, on ``engine.playout.Playout``) and ``reference_playout`` (the same
policy through ``apply()``) are run from the same start with the same seed, alternately, and
their CPU time is summed: playouts/s both ways. Then the expert decides at its default budget
on views of such positions: median and p99 CPU time per decision. Runs under PyPy as well (see
.ci/pypy). Nothing is asserted: figures are recorded in docs/results.md.
"""

from __future__ import annotations

import argparse
import platform
import random
import statistics
import sys
import time

from seasalt.bots import get_bot
from seasalt.bots.arena import percentile
from seasalt.bots.rollout import playout, reference_playout
from seasalt.engine import GameState, Rules, apply, legal_actions, new_game, view


def positions(players: int, games: int, every: float) -> list[GameState]:
    """States along seeded random games, about one in ``1 / every``."""
    out = []
    for seed in range(games):
        rng = random.Random(seed)
        state = new_game(Rules(players), seed)
        while not state.is_over:
            if rng.random() < every:
                out.append(state)
            legal = legal_actions(state)
            state = apply(state, legal[rng.randrange(len(legal))]).state
    return out


def playouts_per_second(starts: list[GameState], repeats: int) -> tuple[float, float]:
    """(fast, reference) playouts/s, best of ``repeats``, timed alternately."""
    best = [0.0, 0.0]
    for _ in range(repeats):
        for i, run in enumerate((playout, reference_playout)):
            start = time.process_time()
            for k, state in enumerate(starts):
                run(state, random.Random(k))
            best[i] = max(best[i], len(starts) / (time.process_time() - start))
    return best[0], best[1]


def decision_times(starts: list[GameState], decisions: int) -> list[float]:
    """CPU seconds of the expert's decisions (default budget) on the first views with a
    choice."""
    bot = get_bot("expert", seed=1)
    times = []
    for state in starts:
        v = view(state, state.active)
        if len(v.legal_actions) < 2:
            continue
        start = time.process_time()
        bot.choose(v)
        times.append(time.process_time() - start)
        if len(times) == decisions:
            break
    return times


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=10, help="games to take positions from")
    parser.add_argument("--repeats", type=int, default=3, help="best of N playout runs")
    parser.add_argument("--decisions", type=int, default=30, help="expert decisions timed")
    args = parser.parse_args(argv)
    print(f"# {platform.python_implementation()} {platform.python_version()}, one core")
    print("players  playouts/s fast  playouts/s apply  speed-up  decision median  p99")
    for players in (2, 4):
        starts = positions(players, args.games, 0.1)
        fast, slow = playouts_per_second(starts, args.repeats)
        times = decision_times(starts, args.decisions)
        median, p99 = statistics.median(times), percentile(times, 0.99)
        print(f"{players:>7}  {fast:15.0f}  {slow:16.0f}  {fast / slow:7.2f}x  "
              f"{1000 * median:12.0f} ms  {1000 * p99:4.0f} ms")
        sys.stdout.flush()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
