"""How far the expert's sampled deals are from the truth: the opponents' card points.

Plays seeded games of one lineup (the measuring seat 0 and its opponents, any bot levels) and,
at each of seat 0's play-step decisions (where STOP and LAST CHANCE are decided), draws
``--worlds`` determinizations from seat 0's view. For each opponent it compares the mean card
points of its hand and table in the sampled worlds with the true ones. The figure is the mean
error (sampled - true) over every such position, with its standard error; an unbiased sampler
is at 0. The per-position mean over worlds is printed as well, split by how many of the
opponent's hand cards are hidden.

    python benchmarks/sampler_bias.py --lineup greedy,greedy --games 100
    python benchmarks/sampler_bias.py --lineup greedy,basic --games 100 --extra-pepper
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time

from seasalt.bots.base import get_bot
from seasalt.bots.sampler import Sampler
from seasalt.engine import GameState, Phase, Rules, apply, card_points, effects, new_game, view


def position_errors(state: GameState, seat: int, worlds: int, rng: random.Random) -> list[float]:
    """Per opponent: mean sampled card points minus the true ones, for ``seat``'s view."""
    sampler = Sampler(view(state, seat))
    samples = [sampler.sample(rng, keep_log=False) for _ in range(worlds)]
    out = []
    for o in range(state.players):
        if o == seat or state.revealed[o]:
            continue
        truth = card_points(state.hands[o], state.tables[o], effects(state, o))
        sampled = statistics.fmean(
            card_points(w.hands[o], w.tables[o], effects(w, o)) for w in samples
        )
        out.append(sampled - truth)
    return out


def measure(
    lineup: list[str], games: int, worlds: int, seed: int, extra_salt: bool, extra_pepper: bool
) -> list[float]:
    errors: list[float] = []
    for g in range(games):
        rules = Rules(len(lineup), extra_salt=extra_salt, extra_pepper=extra_pepper)
        state = new_game(rules, seed * 100_000 + g)
        bots = [get_bot(level, seed=g * 7 + s, budget=8) for s, level in enumerate(lineup)]
        rng = random.Random(seed * 100_000 + g)
        moves = 0
        while not state.is_over and moves < 2000:
            seat = state.active
            v = view(state, seat)
            if seat == 0 and state.phase is Phase.PLAY:
                errors.extend(position_errors(state, 0, worlds, rng))
            state = apply(state, bots[seat].choose(v)).state
            moves += 1
    return errors


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--lineup", default="greedy,greedy", help="levels, seat 0 measures")
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--worlds", type=int, default=16, help="samples per position")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--extra-salt", action="store_true")
    parser.add_argument("--extra-pepper", action="store_true")
    args = parser.parse_args(argv)
    lineup = args.lineup.split(",")
    start = time.perf_counter()
    errors = measure(lineup, args.games, args.worlds, args.seed, args.extra_salt, args.extra_pepper)
    spent = time.perf_counter() - start
    if not errors:
        print("no positions measured")
        return 1
    mean = statistics.fmean(errors)
    se = statistics.stdev(errors) / len(errors) ** 0.5 if len(errors) > 1 else 0.0
    print(
        f"lineup {args.lineup} games {args.games} salt {args.extra_salt} pepper "
        f"{args.extra_pepper}: {len(errors)} opponent-positions, mean error "
        f"{mean:+.3f} card points (s.e. {se:.3f}), mean |error| "
        f"{statistics.fmean(abs(e) for e in errors):.3f}  [{spent:.0f} s]"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
