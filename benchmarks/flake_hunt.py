"""Run the whole test suite N times in a row and say which runs failed, and which tests.

    python benchmarks/flake_hunt.py --runs 20            # 20 runs of the README's test command
    python benchmarks/flake_hunt.py --runs 10 --hog      # ... with a CPU hog busy on one core
    python benchmarks/flake_hunt.py --runs 3 --hogs 6    # ... with six (a heavily loaded machine)
    python benchmarks/flake_hunt.py --runs 3 -- tests/client   # pytest arguments after --

Each run is the README's test command (``python -m pytest`` from the repository root, with
the interpreter running this script), plus ``--junitxml`` so the failures can be named; a run's
exit code decides whether it passed. ``--hog`` starts one process that spins on a core for the
whole hunt (a loaded CI machine, or a neighbour's build), ``--hogs N`` starts N: a suite that
only fails under load has a race, or a limit that does not stretch with the load
(seasalt.testing.waiting). Nothing is asserted; the latest figures go in
docs/results.md.
"""

from __future__ import annotations

import argparse
import collections
import datetime
import os
import platform
import subprocess
import sys
import tempfile
import time
import xml.etree.ElementTree as ET
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
HOG = "while True: pass"


def failed_tests(junit: Path) -> list[str]:
    """``file::test`` ids of the failed and errored test cases in a junitxml report."""
    try:
        tree = ET.parse(junit)
    except (OSError, ET.ParseError):
        return []
    out = []
    for case in tree.iter("testcase"):
        problems = [c.tag for c in case if c.tag in ("failure", "error")]
        if problems:
            where = case.get("classname", "").replace(".", "/")
            name = f"{where}.py::{case.get('name', '?')}" if where else case.get("name", "?")
            out.append(name if problems[0] == "failure" else f"{name} (error)")
    return out


def summary_line(output: str) -> str:
    """pytest's last line (``12 passed, 1 failed in 50.2s``), for the log."""
    lines = [line.strip("= ") for line in output.strip().splitlines() if line.strip()]
    return lines[-1] if lines else "(no output)"


def start_hog() -> subprocess.Popen[bytes]:
    return subprocess.Popen([sys.executable, "-c", HOG])


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--runs", "-n", type=int, default=20, help="runs in a row (20)")
    parser.add_argument("--hog", action="store_true", help="keep one core busy meanwhile")
    parser.add_argument("--hogs", type=int, default=0, metavar="N",
                        help="N busy-loop processes beside the suite (--hog is --hogs 1)")
    parser.add_argument("--stop-on-failure", action="store_true", help="stop at the first")
    parser.add_argument("--keep", type=Path, metavar="DIR",
                        help="write each failed run's whole output to DIR/run-N.txt")
    parser.add_argument("pytest_args", nargs="*", help="extra pytest arguments (after --)")
    args = parser.parse_args(argv)
    if args.runs < 1:
        parser.error("--runs must be at least 1")
    if args.hogs < 0:
        parser.error("--hogs must be 0 or more")
    hogs_wanted = max(args.hogs, 1 if args.hog else 0)

    print(f"flake hunt {datetime.datetime.now(datetime.UTC):%Y-%m-%d %H:%M} UTC · "
          f"{platform.node()} · {os.cpu_count()} cores · Python {platform.python_version()}"
          f" · {args.runs} runs"
          f"{f' · {hogs_wanted} busy-loop process(es) beside' if hogs_wanted else ''}")
    hogs = [start_hog() for _ in range(hogs_wanted)]
    failures: collections.Counter[str] = collections.Counter()
    failed_runs: list[int] = []
    times: list[float] = []
    try:
        with tempfile.TemporaryDirectory(prefix="flake-hunt-") as tmp:
            for run in range(1, args.runs + 1):
                junit = Path(tmp) / f"run-{run}.xml"
                cmd = [sys.executable, "-m", "pytest", f"--junitxml={junit}", *args.pytest_args]
                started = time.monotonic()
                done = subprocess.run(cmd, cwd=ROOT, capture_output=True, text=True)
                times.append(time.monotonic() - started)
                names = failed_tests(junit)
                ok = done.returncode == 0
                if not ok:
                    failed_runs.append(run)
                    if args.keep is not None:  # the tracebacks, to find the cause
                        args.keep.mkdir(parents=True, exist_ok=True)
                        (args.keep / f"run-{run}.txt").write_text(done.stdout + done.stderr)
                    failures.update(names or [f"(exit {done.returncode}, no test named)"])
                print(f"run {run:3}/{args.runs}: {'ok  ' if ok else 'FAIL'} {times[-1]:6.1f} s"
                      f"  {summary_line(done.stdout)}", flush=True)
                for name in names:
                    print(f"      failed: {name}")
                if not ok and args.stop_on_failure:
                    break
    finally:
        for hog in hogs:
            hog.kill()
            hog.wait()

    runs = len(times)
    print()
    print(f"runs: {runs}   failed runs: {len(failed_runs)}"
          + (f" ({', '.join(map(str, failed_runs))})" if failed_runs else ""))
    print(f"time per run: min {min(times):.1f} s, median {sorted(times)[runs // 2]:.1f} s, "
          f"max {max(times):.1f} s")
    if failures:
        print("failed tests (runs):")
        for name, count in failures.most_common():
            print(f"  {count:3}  {name}")
    return 1 if failed_runs else 0


if __name__ == "__main__":
    raise SystemExit(main())
