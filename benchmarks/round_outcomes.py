"""The round score distribution behind bots/win_chance.py: 2-player games between two greedy
bots, each scored round's (first seat's, second seat's) points added, counted both ways round.

    python benchmarks/round_outcomes.py --games 20000 --seed 1   # prints the table's literal
"""

from __future__ import annotations

import argparse
import sys
from collections import Counter

from seasalt.bots.base import get_bot
from seasalt.engine import Rules, apply, new_game, view


def outcomes(games: int, seed: int) -> Counter[tuple[int, int]]:
    counts: Counter[tuple[int, int]] = Counter()
    for g in range(games):
        rules = Rules(2, extra_salt=bool(g % 2))
        state = new_game(rules, seed * 1_000_000 + g)
        bots = [get_bot("greedy", seed=seed * 7 + s) for s in (0, 1)]
        while not state.is_over:
            before_round, before = state.round, state.scores
            state = apply(state, bots[state.active].choose(view(state, state.active))).state
            if state.round != before_round or (state.is_over and state.scores != before):
                gain = tuple(a - b for a, b in zip(state.scores, before, strict=True))
                counts[(gain[0], gain[1])] += 1
                counts[(gain[1], gain[0])] += 1
    return counts


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20000)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    counts = outcomes(args.games, args.seed)
    total = sum(counts.values())
    print(f"# {args.games} games, {total // 2} scored rounds", file=sys.stderr)
    print("ROUND_OUTCOMES = (")
    items = sorted(counts.items())
    for i in range(0, len(items), 6):
        print("    " + " ".join(f"({a}, {b}, {n})," for (a, b), n in items[i : i + 6]))
    print(")")
    return 0


if __name__ == "__main__":
    sys.exit(main())
