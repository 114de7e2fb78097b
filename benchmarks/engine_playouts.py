"""Complete random games per second with the rules engine (one core), or a long soak run.

    python benchmarks/engine_playouts.py                 # the figures for docs/results.md
    python benchmarks/engine_playouts.py --games 500     # more games per configuration
    python benchmarks/engine_playouts.py --soak 5000     # thousands of checked games
    python benchmarks/engine_playouts.py --extra-pepper  # the same with Extra Pepper on
    python benchmarks/engine_playouts.py --fast          # + the in-place Playout, interleaved
    python benchmarks/engine_playouts.py --fast --players 2 4   # only those player counts
    python benchmarks/engine_playouts.py --soak-fast 1000  # Playout == apply(), step by step

Every action is chosen uniformly among the legal ones with a seeded RNG, and the time to choose
it is included, as a bot's simplest playout would. Times are this process's CPU time
(``time.process_time``), so other programs on the machine disturb the figures less; the wall
time is printed too. Nothing is asserted: figures are recorded in docs/results.md.

``--fast`` adds a line per configuration for the same games played on ``engine.playout.Playout``
(the search path: no frozen state per action, no legality re-check, no events), each game
played both ways one after the other so that the machine's load falls on both alike.
"""

from __future__ import annotations

import argparse
import datetime
import platform
import random
import sys
import time

from seasalt.engine import (
    ENGINE_VERSION,
    Action,
    GameState,
    IllegalActionError,
    Rules,
    apply,
    legal_actions,
    new_game,
    replay,
)
from seasalt.engine.playout import Playout
from seasalt.engine.testing import playout_mismatch

CONFIGS = [(p, es) for p in (2, 3, 4) for es in (False, True)]


def play_one(rules: Rules, seed: int) -> int:
    """Play one random game; return the number of actions."""
    rng = random.Random(seed)
    state = new_game(rules, seed)
    actions = 0
    while not state.is_over:
        legal = legal_actions(state)
        state = apply(state, legal[rng.randrange(len(legal))]).state
        actions += 1
    return actions


def play_one_fast(rules: Rules, seed: int) -> int:
    """:func:`play_one` on a Playout: the same game, the same choices."""
    rng = random.Random(seed)
    game = Playout(new_game(rules, seed))
    actions = 0
    while not game.is_over:
        legal = game.legal_actions()
        game.apply(legal[rng.randrange(len(legal))])
        actions += 1
    return actions


Figures = tuple[float, float, float]
"""games/s, actions/s, actions per game."""


def measure(
    players: int, extra_salt: bool, games: int, repeats: int, extra_pepper: bool = False,
    fast: bool = False,
) -> tuple[Figures, Figures | None]:
    """Best of ``repeats`` runs of the immutable path and (``fast``) of the Playout. With
    ``fast`` each game is played both ways one after the other and each way's CPU time summed,
    so that a change in the machine's load falls on both alike."""
    rules = Rules(players, extra_salt=extra_salt, extra_pepper=extra_pepper)
    players_of = [play_one, play_one_fast] if fast else [play_one]
    best = [(0.0, 0.0, 0.0) for _ in players_of]
    for _ in range(repeats):
        spent = [0.0 for _ in players_of]
        total = [0 for _ in players_of]
        for seed in range(games):
            for i, play in enumerate(players_of):
                start = time.process_time()
                total[i] += play(rules, seed)
                spent[i] += time.process_time() - start
        for i in range(len(players_of)):
            if games / spent[i] > best[i][0]:
                best[i] = (games / spent[i], total[i] / spent[i], total[i] / games)
    return best[0], (best[1] if fast else None)


def soak_fast(games: int, seed0: int) -> int:
    """Play ``games`` games per configuration, Extra Pepper off and on, both ways in lockstep
    (engine.testing.playout_mismatch); return the failures."""
    failures = 0
    for extra_pepper in (False, True):
        for players, extra_salt in CONFIGS:
            rules = Rules(players, extra_salt=extra_salt, extra_pepper=extra_pepper)
            start = time.perf_counter()
            for seed in range(seed0, seed0 + games):
                problem = playout_mismatch(rules, seed)
                if problem is not None:
                    failures += 1
                    print(f"FAIL players={players} extra_salt={extra_salt} "
                          f"extra_pepper={extra_pepper}: {problem}")
            print(f"soak-fast players={players} extra_salt={int(extra_salt)} "
                  f"extra_pepper={int(extra_pepper)}: {games} games played both ways in "
                  f"{time.perf_counter() - start:.1f} s")
            sys.stdout.flush()
    return failures


def _zones(state: GameState) -> list[int]:
    out = [*state.deck, *state.piles[0], *state.piles[1], *state.pending]
    out.extend(c for c in state.face_down if c is not None)  # Extra Pepper's face-down shells
    for hand in state.hands:
        out.extend(hand)
    for table in state.tables:
        for group in table:
            out.extend(group)
    return sorted(out)


def soak(games: int, seed0: int, extra_pepper: bool = False) -> int:
    """Play ``games`` games per configuration with invariant checks; return failures."""
    failures = 0
    for players, extra_salt in CONFIGS:
        rules = Rules(players, extra_salt=extra_salt, extra_pepper=extra_pepper)
        everything = list(range(66 if extra_salt else 58))
        start = time.perf_counter()
        for i in range(games):
            seed = seed0 + i
            rng = random.Random(seed)
            state = new_game(rules, seed)
            history: list[Action] = []
            try:
                while not state.is_over:
                    legal = legal_actions(state)
                    assert legal, "no legal action before the end"
                    assert _zones(state) == everything, "cards not conserved"
                    if rng.random() < 0.05:
                        try:
                            apply(state, Rules)  # type: ignore[arg-type]
                            raise AssertionError("junk action accepted")
                        except IllegalActionError:
                            pass
                    action = legal[rng.randrange(len(legal))]
                    history.append(action)
                    state = apply(state, action).state
                assert _zones(state) == everything and state.winners
                if i % 10 == 0:
                    assert replay(rules, seed, history) == state, "replay differs"
            except AssertionError as exc:
                failures += 1
                print(f"FAIL players={players} extra_salt={extra_salt} seed={seed}: {exc}")
        spent = time.perf_counter() - start
        print(f"soak players={players} extra_salt={int(extra_salt)}: {games} games "
              f"checked in {spent:.1f} s")
    return failures


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=200, help="games per configuration")
    parser.add_argument("--repeats", type=int, default=3, help="report the best of N runs")
    parser.add_argument("--soak", type=int, metavar="N", help="check N games per configuration")
    parser.add_argument("--seed", type=int, default=0, help="first seed of a soak run")
    parser.add_argument("--extra-pepper", action="store_true", help="Extra Pepper on (RULES §12)")
    parser.add_argument("--fast", action="store_true",
                        help="also time the same games on the in-place Playout")
    parser.add_argument("--players", type=int, nargs="+", choices=(2, 3, 4), default=[2, 3, 4],
                        help="the player counts to measure (all three by default)")
    parser.add_argument("--soak-fast", type=int, metavar="N",
                        help="play N games per configuration both ways and compare every step")
    args = parser.parse_args(argv)
    if args.soak_fast:
        failures = soak_fast(args.soak_fast, args.seed)
        print("soak-fast:", "OK" if not failures else f"{failures} FAILED")
        return 1 if failures else 0
    if args.soak:
        failures = soak(args.soak, args.seed, args.extra_pepper)
        print("soak:", "OK" if not failures else f"{failures} FAILED")
        return 1 if failures else 0
    print(f"# engine {ENGINE_VERSION}, Python {platform.python_version()}, "
          f"{platform.processor() or platform.machine()}, {datetime.date.today()}")
    pepper = ", Extra Pepper on" if args.extra_pepper else ""
    print(f"# {args.games} random games per configuration, best of {args.repeats}, one core"
          f"{pepper}")
    print("players  extra_salt  path       games/s  actions/s  actions/game  speed-up")
    for players, extra_salt in [(p, es) for p, es in CONFIGS if p in args.players]:
        slow, fast = measure(
            players, extra_salt, args.games, args.repeats, args.extra_pepper, args.fast
        )
        lines = [("apply", slow, "")]
        if fast is not None:
            lines.append(("--fast", fast, f"{fast[0] / slow[0]:.2f}x"))
        for path, (games_s, actions_s, per_game), ratio in lines:
            print(f"{players:>7}  {'yes' if extra_salt else 'no':>10}  {path:<9}  "
                  f"{games_s:7.1f}  {actions_s:9.0f}  {per_game:12.0f}  {ratio:>8}")
        sys.stdout.flush()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
