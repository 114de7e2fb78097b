"""What the expert's budget costs in win chance: its choice against a far longer search.

At positions of seeded 2-player greedy games (every ``--every``-th decision with more than one
candidate), every option is played out on ``--truth`` deals of their own seed (no halving),
and each setting's choice is charged the difference between the best option's value there and
its own choice's. The truth is the same search model run long, so this measures only the noise
of a short search, not what the model gets wrong; and it has noise of its own, which charges
every setting a little.

    python benchmarks/search_noise.py --positions 100 --truth 4000 --seed 6000 \\
        --settings 640:0 1280:0 2560:0 640:2

A setting is BUDGET:EXTRA: the budget, and how many budgets more a close call may get
(bots/expert.py ``CLOSE_EXTRA``). Each setting also reports the playouts it spent a decision.
Nothing is asserted; figures go to docs/results.md.
"""

from __future__ import annotations

import argparse
import random
import time
from collections import Counter

from seasalt.bots import expert, get_bot
from seasalt.bots.expert import Option
from seasalt.bots.sampler import Sampler
from seasalt.engine import GameState, PlayerView, Rules, apply, new_game, view


def positions(count: int, seed: int, every: int) -> list[PlayerView]:
    """``count`` views with a choice to search, one in ``every`` along seeded greedy games."""
    out: list[PlayerView] = []
    game = 0
    while len(out) < count:
        state: GameState = new_game(Rules(2), seed + game)
        bots = [get_bot("greedy", seed=game * 7 + s) for s in range(2)]
        k = 0
        while not state.is_over and len(out) < count:
            v = view(state, state.active)
            if len(expert._candidates(v)) > 1:
                if k % every == 0:
                    out.append(v)
                k += 1
            state = apply(state, bots[state.active].choose(v)).state
        game += 1
    return out


def truth(v: PlayerView, deals: int, seed: int) -> dict[object, float]:
    """Every action's value on ``deals`` deals (an END TURN at its best call plan)."""
    assert v.seat is not None
    options: list[Option] = expert._options(v, expert._candidates(v))
    rewards: list[list[float]] = [[] for _ in options]
    expert._simulate(
        Sampler(v), options, deals, v.seat, random.Random(seed), rewards,
        list(range(len(options))), expert._denies(v),
    )
    values: dict[object, float] = {}
    for (action, _), r in zip(options, rewards, strict=True):
        values[action] = max(values.get(action, -1e9), sum(r) / len(r))
    return values


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=100)
    parser.add_argument("--truth", type=int, default=4000, help="deals for every option")
    parser.add_argument("--seed", type=int, default=6000)
    parser.add_argument("--every", type=int, default=4)
    parser.add_argument("--settings", nargs="+", default=["640:0", "640:2", "2560:0"])
    args = parser.parse_args()
    settings = [tuple(int(x) for x in s.split(":")) for s in args.settings]

    spent: Counter[tuple[int, ...]] = Counter()
    real = expert._simulate
    current: list[tuple[int, ...]] = [()]

    def counting(sampler, options, worlds, seat, rng, rewards, alive, deny):  # type: ignore[no-untyped-def]
        spent[current[0]] += worlds * len(alive)
        real(sampler, options, worlds, seat, rng, rewards, alive, deny)

    views = positions(args.positions, args.seed, args.every)
    loss: Counter[tuple[int, ...]] = Counter()
    agree: Counter[tuple[int, ...]] = Counter()
    most: Counter[tuple[int, ...]] = Counter()
    start = time.perf_counter()
    for i, v in enumerate(views):
        values = truth(v, args.truth, 777_000 + i)
        best = max(values.values())
        expert._simulate = counting  # count the settings' playouts, not the truth's
        for setting in settings:
            budget, extra = setting
            expert.CLOSE_EXTRA = extra
            current[0] = setting
            before = spent[setting]
            chosen = expert.search(v, random.Random(i), budget).action
            most[setting] = max(most[setting], spent[setting] - before)
            loss[setting] += best - values[chosen]
            agree[setting] += values[chosen] == best
        expert._simulate = real
    print(f"{len(views)} positions (seed {args.seed}, one in {args.every}), truth {args.truth} "
          f"deals x every option, {time.perf_counter() - start:.0f} s")
    for setting in settings:
        n = len(views)
        print(f"  budget {setting[0]}, close calls up to {setting[1]} more: best choice "
              f"{agree[setting]}/{n}, mean loss {loss[setting] / n:.5f} (win chance a "
              f"decision), playouts mean {spent[setting] / n:.0f}, max {most[setting]}")


if __name__ == "__main__":
    main()
