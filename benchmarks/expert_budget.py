"""The expert's decision time against its budget, on positions of real games.

    python benchmarks/expert_budget.py --budgets 240 480 --decisions 40
    PYTHONPATH=<other checkout>/typings python benchmarks/expert_budget.py ...  # its expert
    python benchmarks/expert_budget.py --players 2 --choices a.txt   # and b.txt elsewhere;
    diff a.txt b.txt                                     # the decisions two experts differ on

Positions come from seeded greedy-vs-greedy games (the views a seat sees when it has a choice,
about one in ``--every``), so the phases are mixed as in play. For each budget the expert
decides on the same views: CPU seconds per decision (median, p99, max) on one core. Nothing is
asserted; figures go to docs/results.md.
"""

from __future__ import annotations

import argparse
import platform
import random
import statistics
import sys
import time

from seasalt.bots import Deadline, get_bot
from seasalt.bots.arena import percentile
from seasalt.engine import PlayerView, Rules, apply, new_game, view


def views(players: int, games: int, every: int, seed: int) -> list[PlayerView]:
    """Views with a choice along seeded greedy games, about one in ``every``."""
    out = []
    rng = random.Random(seed)
    for g in range(games):
        state = new_game(Rules(players, extra_salt=g % 2 == 1), seed * 1000 + g)
        greedy = get_bot("greedy", seed=g)
        while not state.is_over:
            v = view(state, state.active)
            if len(v.legal_actions) > 1 and rng.randrange(every) == 0:
                out.append(v)
            state = apply(state, greedy.choose(v)).state
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--players", type=int, nargs="+", default=[2, 4])
    parser.add_argument("--budgets", type=int, nargs="+", default=[0], help="0: the default")
    parser.add_argument("--games", type=int, default=4)
    parser.add_argument("--every", type=int, default=8)
    parser.add_argument("--decisions", type=int, default=40)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--choices", type=argparse.FileType("w"), help="write each decision's choice, one a line"
    )
    parser.add_argument(
        "--think", type=float, default=None, metavar="S",
        help="decide with a wall-clock deadline of S seconds (as the server's --bot-think) and "
        "print wall-clock times too",
    )
    args = parser.parse_args(argv)
    print(f"# {platform.python_implementation()} {platform.python_version()}, one core, CPU s")
    print("players  budget  decisions  median  p99    max")
    for players in args.players:
        vs = views(players, args.games, args.every, args.seed)[: args.decisions]
        for budget in args.budgets:
            bot = get_bot("expert", seed=1, budget=budget or None)
            times, walls = [], []
            for v in vs:
                start, wall = time.process_time(), time.monotonic()
                deadline = None if args.think is None else Deadline(wall + args.think)
                choice = bot.choose(v, deadline)
                times.append(time.process_time() - start)
                walls.append(time.monotonic() - wall)
                if args.choices:
                    print(players, budget, len(times), choice, file=args.choices)
            print(f"{players:>7}  {budget or 'dflt':>6}  {len(times):9d}  "
                  f"{statistics.median(times):.3f}  {percentile(times, 0.99):.3f}  "
                  f"{max(times):.3f}")
            if args.think is not None:
                print(f"{'':>7}  {'wall':>6}  {len(walls):9d}  {statistics.median(walls):.3f}  "
                      f"{percentile(walls, 0.99):.3f}  {max(walls):.3f}  "
                      f"(deadline {args.think:g} s)")
            sys.stdout.flush()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
