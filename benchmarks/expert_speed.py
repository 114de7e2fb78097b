"""This checkout's expert against another checkout's, decision by decision: CPU and choices.

    PYTHONPATH=typings python benchmarks/expert_speed.py --other-path <old>/typings

The same views (seeded greedy games, ``expert_budget.py``'s positions) are decided by both
experts at their default budgets, one after the other for each view: ours in this process,
the other in a child process (``expert_vs_other.py``'s ``Other``), so a change in the
machine's load falls on both alike. Prints each side's CPU seconds per decision (median, p99,
total), the ratio of the totals, and on how many views the two chose the same action (a
change meant to be exact must choose the same everywhere). Nothing is asserted.
"""

from __future__ import annotations

import argparse
import platform
import statistics
import sys
import time
from pathlib import Path

from seasalt.bots import get_bot
from seasalt.bots.arena import percentile

sys.path.insert(0, str(Path(__file__).parent))
from expert_budget import views
from expert_vs_other import Other


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--other-path", required=True, help="the other checkout's typings")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--games", type=int, default=8)
    parser.add_argument("--every", type=int, default=8)
    parser.add_argument("--decisions", type=int, default=60)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    vs = views(args.players, args.games, args.every, args.seed)[: args.decisions]
    other = Other(args.other_path, "expert")
    ours: list[float] = []
    theirs: list[float] = []
    same = 0
    try:
        for i, v in enumerate(vs):
            if i % 2:  # alternate who goes first
                their, their_cpu = other.choose(1, None, v)
            start = time.process_time()
            mine = get_bot("expert", seed=1).choose(v)
            cpu = time.process_time() - start
            if not i % 2:
                their, their_cpu = other.choose(1, None, v)
            ours.append(cpu)
            theirs.append(their_cpu)
            same += mine == their
    finally:
        other.close()
    print(f"# {platform.python_implementation()} {platform.python_version()}, "
          f"{args.players} players, {len(vs)} decisions, CPU s per decision")
    for name, t in (("ours", ours), ("other", theirs)):
        print(f"{name:>6}: median {statistics.median(t):.3f}  p99 {percentile(t, 0.99):.3f}  "
              f"total {sum(t):.1f}")
    print(f"ours / other, total CPU: {sum(ours) / sum(theirs):.2f}x; median "
          f"{statistics.median(ours) / statistics.median(theirs):.2f}x; "
          f"the same choice on {same} of {len(vs)} views")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
