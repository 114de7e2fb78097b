"""Extra Pepper's playouts against the base game's, measured side by side in one run.

    python benchmarks/pepper_playouts.py                     # 2 players, 100 games, best of 3
    python benchmarks/pepper_playouts.py --players 2 4 --games 200

The expert's rollouts play Extra Pepper games on the in-place ``Playout`` (engine/playout.py);
this prints how fast that path (and the immutable ``apply()``) plays random Extra Pepper games
compared with the same path on the base game, in actions per second of CPU time (the games do
not have the same length, so actions/s is the fair rate; games/s is printed too). The four
ways (base or Extra Pepper, apply or fast) take turns game by game with the same seeds, so
the machine's load falls on all of them alike; best of ``--repeats``. The ratio is the figure
to quote: absolute rates move with the machine. Nothing is asserted.
"""

from __future__ import annotations

import argparse
import platform
import sys
import time
from pathlib import Path

from seasalt.engine import Rules

sys.path.insert(0, str(Path(__file__).parent))
from engine_playouts import play_one, play_one_fast


def measure(players: int, extra_salt: bool, games: int, repeats: int) -> dict[str, float]:
    """Best actions/s and games/s of each way: keys ``{base,pepper} {apply,fast}``."""
    ways = {
        f"{name} {path}": (Rules(players, extra_salt=extra_salt, extra_pepper=pepper), play)
        for name, pepper in (("base", False), ("pepper", True))
        for path, play in (("apply", play_one), ("fast", play_one_fast))
    }
    best: dict[str, float] = {}
    for _ in range(repeats):
        spent = dict.fromkeys(ways, 0.0)
        actions = dict.fromkeys(ways, 0)
        for seed in range(games):
            for key, (rules, play) in ways.items():
                start = time.process_time()
                actions[key] += play(rules, seed)
                spent[key] += time.process_time() - start
        for key in ways:
            rate = actions[key] / spent[key]
            if rate > best.get(key, 0.0):
                best[key] = rate
                best[key + " games"] = games / spent[key]
    return best


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--players", type=int, nargs="+", choices=(2, 3, 4), default=[2])
    parser.add_argument("--games", type=int, default=100, help="games per way and repeat")
    parser.add_argument("--repeats", type=int, default=3, help="report the best of N runs")
    args = parser.parse_args(argv)
    print(f"# {platform.python_implementation()} {platform.python_version()}, one core, "
          f"{args.games} random games per way, best of {args.repeats}")
    print("players  extra_salt  path    base actions/s  pepper actions/s  pepper/base"
          "  (games/s base, pepper)")
    for players in args.players:
        for extra_salt in (False, True):
            best = measure(players, extra_salt, args.games, args.repeats)
            for path in ("apply", "fast"):
                base, pepper = best[f"base {path}"], best[f"pepper {path}"]
                print(f"{players:>7}  {'yes' if extra_salt else 'no':>10}  {path:<6}"
                      f"  {base:14.0f}  {pepper:16.0f}  {pepper / base:10.2f}x"
                      f"  ({best[f'base {path} games']:.1f}, "
                      f"{best[f'pepper {path} games']:.1f})")
            sys.stdout.flush()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
