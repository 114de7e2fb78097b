"""Decision time of the cheap bot levels (basic, greedy): median, p99 and max per decision.

    python benchmarks/greedy_decisions.py                  # the figures for docs/results.md
    python benchmarks/greedy_decisions.py --games 100      # more games per configuration
    python benchmarks/greedy_decisions.py --extra-pepper   # every game with the event cards

Seeded games of one greedy against basic bots (2 and 4 players, with and without Extra Salt);
every decision with more than one legal action is timed, both in this process's CPU time
(``time.process_time``: what a decision costs on an idle core, less disturbed by other programs)
and wall clock. Nothing is asserted: figures are recorded in docs/results.md (target for
greedy: p99 under 5 ms a decision).
"""

from __future__ import annotations

import argparse
import datetime
import platform
import statistics
import sys
import time

from seasalt.bots import get_bot
from seasalt.bots.arena import percentile
from seasalt.engine import Rules, ViewCache, apply, new_game, view

CONFIGS = [(p, es) for p in (2, 4) for es in (False, True)]


def time_games(
    players: int, extra_salt: bool, games: int, seed: int, extra_pepper: bool = False
) -> dict[str, tuple[list[float], list[float]]]:
    """Per level: (CPU seconds, wall seconds) of each decision with a choice."""
    out: dict[str, tuple[list[float], list[float]]] = {}
    for g in range(games):
        deal = seed * 1_000 + g
        levels = ["greedy"] + ["basic"] * (players - 1)
        rot = g % players
        levels = levels[rot:] + levels[:rot]
        bots = [get_bot(level, seed=deal * 7 + s) for s, level in enumerate(levels)]
        state = new_game(Rules(players, extra_salt=extra_salt, extra_pepper=extra_pepper), deal)
        cache = ViewCache()
        while not state.is_over:
            seat = state.active
            v = view(state, seat, cache)
            wall, cpu = time.perf_counter(), time.process_time()
            action = bots[seat].choose(v)
            spent_cpu, spent = time.process_time() - cpu, time.perf_counter() - wall
            if len(v.legal_actions) > 1:
                cpus, walls = out.setdefault(levels[seat], ([], []))
                cpus.append(spent_cpu)
                walls.append(spent)
            state = apply(state, action).state
    return out


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    p.add_argument("--games", type=int, default=40, help="games per configuration (default 40)")
    p.add_argument("--seed", type=int, default=0, help="deal seed (default 0)")
    p.add_argument("--extra-pepper", action="store_true", help="with the Extra Pepper events")
    args = p.parse_args(argv)
    if args.games < 1:
        p.error("--games must be at least 1")
    print(f"# {datetime.datetime.now(datetime.UTC):%Y-%m-%d %H:%M} UTC, "
          f"Python {platform.python_version()} ({platform.python_implementation()}), "
          f"{args.games} games per configuration, seed {args.seed}"
          f"{', extra pepper on' if args.extra_pepper else ''}")
    print(f"{'players':>7} {'extra':>5} {'level':6} {'decisions':>9} "
          f"{'cpu med ms':>10} {'cpu p99 ms':>10} {'cpu max ms':>10} "
          f"{'wall med ms':>11} {'wall p99 ms':>11}")
    for players, extra in CONFIGS:
        timed = time_games(players, extra, args.games, args.seed, args.extra_pepper)
        for level, (cpus, walls) in sorted(timed.items()):
            print(f"{players:7d} {'on' if extra else 'off':>5} {level:6} {len(cpus):9d} "
                  f"{1e3 * statistics.median(cpus):10.3f} {1e3 * percentile(cpus, 0.99):10.3f} "
                  f"{1e3 * max(cpus):10.3f} {1e3 * statistics.median(walls):11.3f} "
                  f"{1e3 * percentile(walls, 0.99):11.3f}")
            sys.stdout.flush()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
