"""The chaos table over many seeds: games, stuck tables, lost seats, failures.

    python benchmarks/chaos_soak.py [--seeds 200] [--first 1] [--plan full|today]
        [--restarts 1] [--reopens 1] [--no-waiting-room] [--no-waiting-room-check]
        [--key-rate 2] [--stuck-after 20] [--game-timeout 240] [--keep DIR]

Each seed is one game of tests/e2e/chaos_driver.py (a real server process, three TUI apps
under Textual's run_test, a headless bot, seeded impatient players, kill -9 restarts and
reopened apps), played one after another in this process. ``--plan today`` leaves out the parts
that once failed for known defects (move keys in the waiting room, reopened
apps, a kill with a move in flight); ``full`` (the default) is everything. Prints one line per
game and then the counts; a failed game's workdir (journal, server log, bot output) is kept
under ``--keep`` (default: a temporary directory, printed), with its full diagnosis in
``failure.txt``. Reproduce one with ``--first SEED --seeds 1``. Not run in CI.
"""

from __future__ import annotations

import argparse
import asyncio
import collections
import importlib.util
import shutil
import sys
import tempfile
import time
import traceback
from pathlib import Path

_path = Path(__file__).parents[1] / "tests" / "e2e" / "chaos_driver.py"
_spec = importlib.util.spec_from_file_location("seasalt_chaos_driver", _path)
assert _spec is not None and _spec.loader is not None
chaos = importlib.util.module_from_spec(_spec)
sys.modules[_spec.name] = chaos
_spec.loader.exec_module(chaos)


def parse_args(argv: list[str] | None = None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seeds", type=int, default=200, help="games to play (default 200)")
    parser.add_argument("--first", type=int, default=1, help="first seed (default 1)")
    parser.add_argument("--plan", choices=("full", "today"), default="full")
    parser.add_argument("--restarts", type=int, default=1, help="server kills per game")
    parser.add_argument("--reopens", type=int, default=None, help="apps reopened per game")
    parser.add_argument("--no-waiting-room", action="store_true",
                        help="no move keys (nor the no-moves check) in the waiting room")
    parser.add_argument("--no-waiting-room-check", action="store_true",
                        help="keep pressing move keys in the waiting room, without failing at "
                        "once when it offers moves (issue 13 defect 2): shows defect 1")
    parser.add_argument("--key-rate", type=float, default=2.0, help="random keys per second")
    parser.add_argument("--stuck-after", type=float, default=20.0, metavar="S")
    parser.add_argument("--game-timeout", type=float, default=240.0, metavar="S")
    parser.add_argument("--keep", type=Path, default=None, metavar="DIR",
                        help="where failed games' files are kept")
    return parser.parse_args(argv)


def plan_for(args: argparse.Namespace, seed: int) -> object:
    today = args.plan == "today"
    reopens = args.reopens if args.reopens is not None else (0 if today else 1)
    return chaos.ChaosPlan(
        seed,
        waiting_room=not (today or args.no_waiting_room),
        waiting_room_check=not args.no_waiting_room_check,
        reopens=reopens,
        restarts=args.restarts,
        kill_in_flight=not today,
        key_rate=args.key_rate,
        stuck_after=args.stuck_after,
        game_timeout=args.game_timeout,
    )


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    keep = args.keep or Path(tempfile.mkdtemp(prefix="chaos-soak-"))
    keep.mkdir(parents=True, exist_ok=True)
    counts: collections.Counter[str] = collections.Counter()
    failures: list[tuple[int, str, str]] = []
    moves = keys = restarts = reopens = 0
    started = time.monotonic()
    print(f"chaos soak: {args.seeds} game(s) from seed {args.first}, plan {args.plan}; "
          f"failed games kept in {keep}", flush=True)
    for seed in range(args.first, args.first + args.seeds):
        workdir = keep / f"seed-{seed}"
        shutil.rmtree(workdir, ignore_errors=True)
        t0 = time.monotonic()
        try:
            report = asyncio.run(chaos.play(plan_for(args, seed), workdir))
        except chaos.ChaosFailure as error:
            what = getattr(error, "what", "failure")
            defect = getattr(error, "defect", 0)
            label = f"{what} ({type(error).__name__}" + (
                f", issue 13 defect {defect})" if defect else ")")
            counts[label] += 1
            (workdir / "failure.txt").write_text(str(error) + "\n")
            failures.append((seed, label, str(error).splitlines()[0]))
            print(f"seed {seed:4}: FAILED after {time.monotonic() - t0:5.1f} s: {label}",
                  flush=True)
            continue
        except Exception as error:
            counts[f"crash ({type(error).__name__})"] += 1
            workdir.mkdir(parents=True, exist_ok=True)
            (workdir / "failure.txt").write_text(traceback.format_exc())
            failures.append((seed, f"crash ({type(error).__name__})", repr(error)[:200]))
            print(f"seed {seed:4}: CRASHED: {error!r}", flush=True)
            continue
        counts["game over"] += 1
        moves, keys = moves + report.moves, keys + report.keys
        restarts, reopens = restarts + report.restarts, reopens + report.reopens
        shutil.rmtree(workdir, ignore_errors=True)
        notes = ("  " + "; ".join(report.notes)) if report.notes else ""
        print(f"seed {seed:4}: game over in {report.seconds:5.1f} s, {report.seq} moves, "
              f"{report.rounds} rounds, scores {report.scores}, {report.keys} keys, "
              f"{report.restarts} restart(s), {report.reopens} reopen(s){notes}", flush=True)
    games = args.seeds
    stuck = sum(n for label, n in counts.items() if label.startswith("stuck table"))
    lost = sum(n for label, n in counts.items() if label.startswith("lost seat"))
    print()
    print(f"games: {games}, reached game over: {counts['game over']}, stuck tables: {stuck}, "
          f"lost seats: {lost}, in {time.monotonic() - started:.0f} s")
    print(f"TUI moves: {moves}, random keys: {keys}, server restarts: {restarts}, "
          f"apps reopened: {reopens} (in the games that reached game over)")
    for label, n in sorted(counts.items()):
        if label != "game over":
            print(f"  {n:4} x {label}")
    for seed, label, first_line in failures:
        print(f"  seed {seed}: {label}: {first_line[:160]}")
        print(f"    reproduce: python benchmarks/chaos_soak.py --plan {args.plan} --first {seed} "
              f"--seeds 1   (files: {keep / f'seed-{seed}'})")
    return 0 if counts["game over"] == games else 1


if __name__ == "__main__":
    raise SystemExit(main())
