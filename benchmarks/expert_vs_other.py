"""This checkout's expert against a bot of another checkout (say, main's expert), 2 players.

The other bot (``--other-level``, default expert) runs in a child process started with
``--other-path`` first on its ``PYTHONPATH`` (a checkout's ``typings`` folder, which links its
folders as ``seasalt.X``); the two talk over pipes with pickled views and actions, so each
decides with its own code from the same views. Without ``--other-path`` the other bot is this
checkout's, in this process (e.g. ``--other-level greedy --extra-pepper``). Games ``2k`` and
``2k+1`` share one deal seed with the seats swapped. Each finished game is appended to a
JSON-lines checkpoint, and a rerun resumes after the last one. Each record keeps the game's
rounds (who called what, each side's round gain), and ``--calls`` reports how the calls went:
where two experts differ, the race to call decides most 2-player games. It also keeps, for each
of our searched decisions, the search's value of its choice (in 2 players its chance to win the
game) with the phase and whether a call was legal; ``--calibration`` sets those beside the
games' results: where the prediction and the result part, the search's model is wrong.

    python benchmarks/expert_vs_other.py --other-path /work/sampler19-main/typings \\
        --games 400 --out runs/ee.jsonl
    python benchmarks/expert_vs_other.py --report runs/ee-1.jsonl runs/ee-2.jsonl  # merged
    python benchmarks/expert_vs_other.py --calls runs/ee-1.jsonl runs/ee-2.jsonl
    python benchmarks/expert_vs_other.py --calibration runs/ee-1.jsonl runs/ee-2.jsonl
"""

from __future__ import annotations

import argparse
import json
import math
import os
import pickle
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import IO, Any

from seasalt.bots.base import decision_rng, get_bot
from seasalt.bots.expert import search
from seasalt.engine import Action, Call, PlayerView, Rules, apply, new_game, view

_CHILD = r"""
import pickle, sys, time
import seasalt.bots.base as base
print(base.__file__, file=sys.stderr, flush=True)
inp, out = sys.stdin.buffer, sys.stdout.buffer
while True:
    try:
        level, seed, budget, v = pickle.load(inp)
    except EOFError:
        break
    t = time.process_time()
    a = base.get_bot(level, seed=seed, budget=budget).choose(v)
    pickle.dump((a, time.process_time() - t), out)
    out.flush()
"""


class Other:
    """The other checkout's bot, in a child process (or this checkout's, in this one)."""

    def __init__(self, path: str | None, level: str) -> None:
        self.level = level
        self.proc: subprocess.Popen[bytes] | None = None
        if path:
            env = dict(os.environ, PYTHONPATH=path)
            self.proc = subprocess.Popen(
                [sys.executable, "-c", _CHILD], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                env=env,
            )

    def choose(self, seed: int, budget: int | None, v: PlayerView) -> tuple[Action, float]:
        if self.proc is None:
            start = time.process_time()
            action = get_bot(self.level, seed=seed, budget=budget).choose(v)
            return action, time.process_time() - start
        assert self.proc.stdin is not None and self.proc.stdout is not None
        pickle.dump((self.level, seed, budget, v), self.proc.stdin)
        self.proc.stdin.flush()
        action, cpu = pickle.load(self.proc.stdout)
        return action, cpu

    def close(self) -> None:
        if self.proc is not None and self.proc.stdin is not None:
            self.proc.stdin.close()
            self.proc.wait(timeout=30)


def play(other: Other, index: int, seed0: int, budget: int | None, pepper: bool) -> dict[str, Any]:
    seed = seed0 * 100_000 + index // 2
    ours = index % 2  # our seat
    state = new_game(Rules(2, extra_pepper=pepper), seed)
    times: dict[str, list[float]] = {"ours": [], "ours wall": [], "other": []}
    rounds: list[dict[str, Any]] = []
    predicted: list[dict[str, Any]] = []
    call: dict[str, Any] | None = None
    while not state.is_over:
        seat = state.active
        v = view(state, seat)
        bot_seed = seed * 7 + seat
        wall = time.perf_counter()
        if seat == ours and len(v.legal_actions) == 1:
            action, cpu = v.legal_actions[0], 0.0
        elif seat == ours:
            # get_bot("expert", seed=bot_seed, budget=budget).choose(v) is this search's
            # action (bots/base.py): searched here for its value too.
            start = time.process_time()
            searched = search(v, decision_rng(bot_seed, v), budget)
            cpu = time.process_time() - start
            action = searched.action
            if searched.value is not None:
                predicted.append({
                    "value": round(searched.value, 4), "phase": v.phase.name,
                    "call_legal": any(isinstance(a, Call) for a in v.legal_actions),
                    "chose": action.kind.name if isinstance(action, Call)
                    else type(action).__name__,
                })
        else:
            action, cpu = other.choose(bot_seed, budget, v)
        if len(v.legal_actions) > 1:
            times["ours" if seat == ours else "other"].append(round(cpu, 4))
            if seat == ours:
                times["ours wall"].append(round(time.perf_counter() - wall, 4))
        if isinstance(action, Call):
            call = {"by": "ours" if seat == ours else "other", "kind": action.kind.name,
                    "deck": len(state.deck)}
        before, round_no = state.scores, state.round
        state = apply(state, action).state
        if state.round != round_no or state.is_over:
            gains = [state.scores[s] - before[s] for s in (ours, 1 - ours)]
            rounds.append({"call": call, "before": [before[ours], before[1 - ours]],
                           "gain": gains})
            call = None
    won = 1.0 / len(state.winners) if ours in state.winners else 0.0
    return {"index": index, "seed": seed, "ours": ours, "won": won,
            "scores": list(state.scores), "times": times, "rounds": rounds,
            "predicted": predicted}


def wilson(wins: float, n: int, z: float = 1.96) -> tuple[float, float]:
    if n == 0:
        return 0.0, 1.0
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return centre - half, centre + half


def summary(records: list[dict[str, Any]]) -> str:
    n = len(records)
    wins = sum(r["won"] for r in records)
    lo, hi = wilson(wins, n)
    lines = [f"{n} games: ours won {wins:g} ({100 * wins / max(n, 1):.1f}%, "
             f"95% CI {100 * lo:.1f}-{100 * hi:.1f}%)"]
    for who in ("ours", "ours wall", "other"):
        t = sorted(x for r in records for x in r["times"].get(who, ()))
        if t:
            p99 = t[min(len(t) - 1, int(0.99 * len(t)))]
            clock = "wall" if who.endswith("wall") else "CPU"
            lines.append(f"  {who}: {len(t)} decisions, {clock} median "
                         f"{statistics.median(t):.3f} s, p99 {p99:.3f} s, max {t[-1]:.3f} s")
    return "\n".join(lines)


def calls_report(records: list[dict[str, Any]]) -> str:
    """How the rounds ended, by who called what: how often, how often the caller's round gain
    beat the other's, the mean round gain ours minus theirs; and how the lost games ended."""
    table: dict[str, list[float]] = {}
    last: dict[str, list[int]] = {}
    for r in records:
        for i, rd in enumerate(r.get("rounds", ())):
            c = rd["call"]
            key = "no call" if c is None else f"{c['by']} {c['kind']}"
            ours_gain, their_gain = rd["gain"]
            caller_ahead = (ours_gain > their_gain) if c and c["by"] == "ours" else (
                their_gain > ours_gain)
            row = table.setdefault(key, [0, 0, 0.0])
            row[0] += 1
            row[1] += c is not None and caller_ahead
            row[2] += ours_gain - their_gain
            if i == len(r["rounds"]) - 1:
                last.setdefault(key, [0, 0])[r["won"] < 0.5] += 1
    lines = [f"{len(records)} games; rounds by how they ended:"]
    for key, (n, ahead, diff) in sorted(table.items()):
        lines.append(f"  {key:<18} {int(n):4d} rounds, caller's gain the larger in {int(ahead)}, "
                     f"mean gain ours - theirs {diff / n:+.2f}")
    lines.append("  the games' last rounds (won / lost): " + ", ".join(
        f"{key} {w}/{lost}" for key, (w, lost) in sorted(last.items())))
    return "\n".join(lines)


def calibration_report(records: list[dict[str, Any]]) -> str:
    """The search's values of its choices beside the results of the games they were made in,
    by tenths of the value: all decisions, those where a call was legal, each phase."""
    def table(title: str, rows: list[tuple[float, float]]) -> list[str]:
        if not rows:
            return []
        mean_value = sum(v for v, _ in rows) / len(rows)
        mean_won = sum(w for _, w in rows) / len(rows)
        out = [f"{title}: {len(rows)} decisions, mean value {mean_value:.3f}, "
               f"games won {mean_won:.3f}"]
        bands: dict[int, list[tuple[float, float]]] = {}
        for v, w in rows:
            bands.setdefault(min(9, max(0, int(v * 10))), []).append((v, w))
        for band, got in sorted(bands.items()):
            out.append(f"    value {band / 10:.1f}-{(band + 1) / 10:.1f}: {len(got):5d} decisions, "
                       f"mean {sum(v for v, _ in got) / len(got):.3f}, "
                       f"won {sum(w for _, w in got) / len(got):.3f}")
        return out

    decisions = [(d, r["won"]) for r in records for d in r.get("predicted", ())]
    lines = [f"{len(records)} games"]
    lines += table("all", [(d["value"], w) for d, w in decisions])
    lines += table("a call legal", [(d["value"], w) for d, w in decisions if d["call_legal"]])
    for phase in sorted({d["phase"] for d, _ in decisions}):
        lines += table(phase, [(d["value"], w) for d, w in decisions if d["phase"] == phase])
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--other-path", default=None, help="PYTHONPATH of the other bot")
    parser.add_argument("--other-level", default="expert")
    parser.add_argument("--games", type=int, default=400)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--budget", type=int, default=None, help="default: each level's")
    parser.add_argument("--extra-pepper", action="store_true")
    parser.add_argument("--out", type=Path, help="JSON-lines checkpoint")
    parser.add_argument("--report", type=Path, nargs="+", metavar="FILE",
                        help="only report over these checkpoints, merged (say, two seeds)")
    parser.add_argument("--calls", type=Path, nargs="+", metavar="FILE",
                        help="only report how the rounds of these checkpoints ended")
    parser.add_argument("--calibration", type=Path, nargs="+", metavar="FILE",
                        help="only report the search's values beside the games' results")
    args = parser.parse_args(argv)
    reports = {"report": summary, "calls": calls_report, "calibration": calibration_report}
    for name, report in reports.items():
        if getattr(args, name):
            merged = [json.loads(line) for path in getattr(args, name)
                      for line in path.read_text().splitlines() if line]
            print(report(merged))
            return 0
    if args.out is None:
        parser.error("--out is required (or --report FILE...)")
    records: list[dict[str, Any]] = []
    if args.out.exists():
        records = [json.loads(line) for line in args.out.read_text().splitlines() if line]
    other = Other(args.other_path, args.other_level)
    try:
        with args.out.open("a") as out:
            for index in range(len(records), args.games):
                record = play(other, index, args.seed, args.budget, args.extra_pepper)
                records.append(record)
                _append(out, record)
                if len(records) % 20 == 0:
                    print(summary(records), flush=True)
    finally:
        other.close()
    print(summary(records))
    return 0


def _append(out: IO[str], record: dict[str, Any]) -> None:
    out.write(json.dumps(record) + "\n")
    out.flush()


if __name__ == "__main__":
    sys.exit(main())
