"""seasalt-arena: seeded tournaments between bot levels.

A run plays ``--games`` games of one lineup (a level per seat, 2-4 seats), rotating the seats so
each level sits everywhere equally often: games ``k*n .. k*n+n-1`` share one deal seed and take
the n rotations. Games run on a process pool; each finished game is appended to a JSON-lines
checkpoint file, so an interrupted run resumes where it stopped. The report gives, per level, the
win rate with a 95% Wilson interval (a shared victory counts 1/k), the mean final score and the
decision time (median and 99th percentile over decisions with more than one legal action).

    seasalt-arena --lineup expert,greedy --games 400 --extra-salt both --out runs/eg.jsonl
"""

from __future__ import annotations

import argparse
import json
import math
import statistics
import sys
import time
from collections.abc import Callable, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from dataclasses import asdict, dataclass
from pathlib import Path

from seasalt.engine import Rules, ViewCache, apply, new_game, view
from seasalt.engine.version import version_text

from .arena_records import (
    MAX_MOVES,
    ArenaConfig,
    CheckpointError,
    GameRecord,
    append_record,
    load_checkpoint,
    read_records,
    start_checkpoint,
)
from .base import get_bot
from .levels import LEVELS

__all__ = [
    "ArenaConfig", "CheckpointError", "GameRecord", "LevelReport", "format_report",
    "load_checkpoint", "main", "percentile", "play_game", "read_records", "report", "run_arena",
    "wilson",
]


def play_game(config: ArenaConfig, index: int) -> GameRecord:
    """Play game ``index`` of ``config`` to the end (deterministic but for the timings)."""
    seats, seed, extra = config.game_plan(index)
    state = new_game(Rules(len(seats), extra_salt=extra, extra_pepper=config.extra_pepper), seed)
    bots = [
        get_bot(level, seed=seed * 7 + s, budget=config.budget) for s, level in enumerate(seats)
    ]
    times: dict[str, list[float]] = {}
    cpu_times: dict[str, list[float]] = {}
    moves = 0
    views = ViewCache()  # this game's: the engine keeps no memo between calls
    wall, cpu = time.perf_counter, time.process_time
    while not state.is_over and moves < MAX_MOVES:
        seat = state.active
        v = view(state, seat, views)
        start, start_cpu = wall(), cpu()
        action = bots[seat].choose(v)
        spent, spent_cpu = wall() - start, cpu() - start_cpu
        if len(v.legal_actions) > 1:
            times.setdefault(seats[seat], []).append(round(spent, 5))
            cpu_times.setdefault(seats[seat], []).append(round(spent_cpu, 5))
        state = apply(state, action).state
        moves += 1
    return GameRecord(
        index=index,
        seats=list(seats),
        seed=seed,
        extra_salt=extra,
        extra_pepper=config.extra_pepper,
        winners=list(state.winners),
        scores=list(state.scores),
        rounds=state.round,
        moves=moves,
        times=times,
        cpu_times=cpu_times,
    )


# --------------------------------------------------------------------------------------------
# Running.


def run_arena(
    config: ArenaConfig,
    out: Path | None = None,
    workers: int = 2,
    fresh: bool = False,
    progress: Callable[[int, int], None] | None = None,
) -> list[GameRecord]:
    """Play every game of ``config`` not yet in the checkpoint ``out``; return all records.

    Raises:
        CheckpointError: ``out`` records a different run.
    """
    done: dict[int, GameRecord] = {}
    if out is not None:
        if not fresh:
            done = load_checkpoint(out, config)
        start_checkpoint(out, config, fresh)
    todo = [i for i in range(config.games) if i not in done]
    if progress:
        progress(len(done), config.games)
    if workers <= 1:
        for i in todo:
            record = play_game(config, i)
            done[i] = record
            if out is not None:
                append_record(out, record)
            if progress:
                progress(len(done), config.games)
    else:
        with ProcessPoolExecutor(max_workers=workers) as pool:
            pending: set[Future[GameRecord]] = set()
            queue = list(reversed(todo))
            while queue or pending:
                while queue and len(pending) < 2 * workers:
                    pending.add(pool.submit(play_game, config, queue.pop()))
                finished, pending = wait(pending, return_when=FIRST_COMPLETED)
                for fut in finished:
                    record = fut.result()
                    done[record.index] = record
                    if out is not None:
                        append_record(out, record)
                    if progress:
                        progress(len(done), config.games)
    return [done[i] for i in sorted(done) if i < config.games]


# --------------------------------------------------------------------------------------------
# Report.


def wilson(successes: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval for a proportion (95% by default)."""
    if n == 0:
        return (0.0, 1.0)
    p = successes / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    # The interval always holds p: at p = 1 (or 0) rounding would put the bound a hair inside.
    return (max(0.0, min(p, centre - half)), min(1.0, max(p, centre + half)))


@dataclass(frozen=True)
class LevelReport:
    """The figures of one level over a run (per seat it occupied)."""

    level: str
    seats: int
    """Seat-games played by this level (games x seats it held)."""
    wins: float
    """Victories, a shared one counting 1/k."""
    win_rate: float
    ci_low: float
    ci_high: float
    mean_score: float
    decisions: int
    median_time: float
    p99_time: float
    """Wall-clock seconds per decision (inflated when other jobs share the cores)."""
    median_cpu: float
    p99_cpu: float
    """CPU seconds per decision."""


def percentile(values: Sequence[float], q: float) -> float:
    """The ``q`` quantile (0..1) by the nearest-rank method; 0.0 for no values."""
    if not values:
        return 0.0
    ordered = sorted(values)
    rank = max(1, math.ceil(q * len(ordered)))
    return ordered[rank - 1]


def report(records: Sequence[GameRecord]) -> list[LevelReport]:
    """Per-level figures over ``records``."""
    seats: dict[str, int] = {}
    wins: dict[str, float] = {}
    scores: dict[str, list[int]] = {}
    times: dict[str, list[float]] = {}
    cpu: dict[str, list[float]] = {}
    for r in records:
        for s, level in enumerate(r.seats):
            seats[level] = seats.get(level, 0) + 1
            scores.setdefault(level, []).append(r.scores[s])
            if s in r.winners:
                wins[level] = wins.get(level, 0.0) + 1 / len(r.winners)
        for level, ts in r.times.items():
            times.setdefault(level, []).extend(ts)
        for level, ts in r.cpu_times.items():
            cpu.setdefault(level, []).extend(ts)
    out = []
    for level in sorted(seats, key=LEVELS.index):
        n = seats[level]
        w = wins.get(level, 0.0)
        low, high = wilson(w, n)
        ts = times.get(level, [])
        cs = cpu.get(level, [])
        out.append(
            LevelReport(
                level=level,
                seats=n,
                wins=w,
                win_rate=w / n,
                ci_low=low,
                ci_high=high,
                mean_score=statistics.fmean(scores[level]),
                decisions=len(ts),
                median_time=statistics.median(ts) if ts else 0.0,
                p99_time=percentile(ts, 0.99),
                median_cpu=statistics.median(cs) if cs else 0.0,
                p99_cpu=percentile(cs, 0.99),
            )
        )
    return out


def format_report(config: ArenaConfig, records: Sequence[GameRecord]) -> str:
    """The report as a small text table."""
    pepper = "  extra pepper on" if config.extra_pepper else ""
    lines = [
        f"lineup {','.join(config.lineup)}  games {len(records)}  extra salt {config.extra_salt}"
        f"{pepper}  budget {config.budget if config.budget is not None else 'default'}"
        f"  seed {config.seed}",
        f"{'level':8} {'seats':>6} {'wins':>8} {'win rate':>9} {'95% CI':>15} {'mean pts':>9} "
        f"{'decisions':>9} {'median s':>9} {'p99 s':>7} {'cpu med':>8} {'cpu p99':>8}",
    ]
    for r in report(records):
        lines.append(
            f"{r.level:8} {r.seats:6d} {r.wins:8.1f} {r.win_rate:9.3f} "
            f"  [{r.ci_low:.3f}, {r.ci_high:.3f}] {r.mean_score:9.1f} {r.decisions:9d} "
            f"{r.median_time:9.4f} {r.p99_time:7.3f} {r.median_cpu:8.4f} {r.p99_cpu:8.3f}"
        )
    unfinished = sum(1 for r in records if not r.winners)
    if unfinished:
        lines.append(f"warning: {unfinished} game(s) stopped after {MAX_MOVES} moves")
    return "\n".join(lines)


def _report_files(paths: Sequence[Path], as_json: bool) -> int:
    """Report over existing checkpoints, merged (e.g. two seeds of one lineup)."""
    merged: list[GameRecord] = []
    first: ArenaConfig | None = None
    try:
        for path in paths:
            config, records = read_records(path)
            if first is None:
                first = config
            elif sorted(config.lineup) != sorted(first.lineup):
                raise CheckpointError(f"{path} has lineup {config.lineup}, not {first.lineup}")
            merged.extend(records)
    except CheckpointError as exc:
        print(f"seasalt-arena: {exc}", file=sys.stderr)
        return 2
    assert first is not None
    if as_json:
        print(json.dumps([asdict(r) for r in report(merged)], indent=2))
    else:
        names = ", ".join(str(p) for p in paths)
        print(f"merged from {names}")
        print(format_report(first, merged))
    return 0


class _Progress:
    """A one-line progress bar on stderr."""

    def __init__(self) -> None:
        self.start = time.monotonic()
        self.first: int | None = None

    def __call__(self, done: int, total: int) -> None:
        if self.first is None:
            self.first = done
        width = 30
        filled = int(width * done / total) if total else width
        elapsed = time.monotonic() - self.start
        played = done - self.first
        eta = ""
        if played and done < total:
            eta = f"  eta {elapsed / played * (total - done):.0f}s"
        sys.stderr.write(f"\r[{'#' * filled}{'.' * (width - filled)}] {done}/{total}{eta}   ")
        if done >= total:
            sys.stderr.write("\n")
        sys.stderr.flush()


def _parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(
        prog="seasalt-arena",
        description="Seeded tournaments between seasalt bot levels (seats rotated).",
    )
    p.add_argument(
        "--report",
        type=Path,
        nargs="+",
        metavar="FILE",
        help="only report over these checkpoint files (same lineup), merged; plays nothing",
    )
    p.add_argument(
        "--lineup",
        help=f"levels by seat, comma separated, 2-4 of: {', '.join(LEVELS)} "
        "(e.g. expert,greedy,greedy,greedy)",
    )
    p.add_argument("--version", action="version", version=version_text())
    p.add_argument("--games", type=int, default=100, help="games to play (default 100)")
    p.add_argument("--seed", type=int, default=0, help="tournament seed (default 0)")
    p.add_argument(
        "--extra-salt",
        choices=("off", "on", "both"),
        default="off",
        help="play with the Extra Salt expansion: off, on, or both alternating (default off)",
    )
    p.add_argument(
        "--extra-pepper", action="store_true", help="play with the Extra Pepper event cards"
    )
    p.add_argument("--budget", type=int, default=None, help="search budget for searching levels")
    p.add_argument("--workers", type=int, default=2, help="worker processes (default 2)")
    p.add_argument("--out", type=Path, default=None, help="JSON-lines checkpoint (resumed)")
    p.add_argument("--fresh", action="store_true", help="start --out over instead of resuming")
    p.add_argument("--json", action="store_true", help="print the report as JSON")
    p.add_argument("--quiet", action="store_true", help="no progress bar")
    return p


def main(argv: Sequence[str] | None = None) -> int:
    """The ``seasalt-arena`` command."""
    parser = _parser()
    args = parser.parse_args(argv)
    if args.workers < 1:
        parser.error("--workers must be at least 1")
    if args.report:
        return _report_files(args.report, args.json)
    if not args.lineup:
        parser.error("--lineup is required (or --report FILE...)")
    try:
        config = ArenaConfig(
            lineup=tuple(x.strip() for x in args.lineup.split(",") if x.strip()),
            games=args.games,
            seed=args.seed,
            extra_salt=args.extra_salt,
            budget=args.budget,
            extra_pepper=args.extra_pepper,
        )
    except ValueError as exc:
        parser.error(str(exc))
    try:
        records = run_arena(
            config,
            out=args.out,
            workers=args.workers,
            fresh=args.fresh,
            progress=None if args.quiet else _Progress(),
        )
    except (CheckpointError, OSError) as exc:
        print(f"seasalt-arena: {exc}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("\nseasalt-arena: interrupted; finished games are in the checkpoint", file=sys.stderr)
        return 130
    if args.json:
        print(json.dumps([asdict(r) for r in report(records)], indent=2))
    else:
        print(format_report(config, records))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
