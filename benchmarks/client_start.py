"""``seasalt-client`` start to its menu drawn, against a bare Textual app started the same way.

    python benchmarks/client_start.py [--runs 5] [--before DIR]

Both are started in a detached tmux session (120x40), alternated, and the clock stops when
"Play solo" is on the pane (capture-pane every 10 ms; benchmarks/tui_timing.py's launcher). The
bare app (this file run with ``--bare``) imports Textual, shows a dozen text widgets, that line
and a footer of five keys. Prints the wall time and the process's CPU time by then (from
/proc: the firmer figure on a busy machine), medians, and their ratios; asserts nothing.
``--before DIR`` also starts the client from another source tree (DIR/seasalt/..., put first on
PYTHONPATH: ``git archive OLD engine protocol server client bots common testing`` extracted
into DIR/seasalt), alternated with the others, for a before/after in one run.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
from typing import ClassVar

from tui_timing import CPU, tmux_launch

MENU_LINE = r"Play solo"


def run_bare() -> None:
    from textual.app import App, ComposeResult
    from textual.binding import Binding
    from textual.widgets import Footer, Static

    class BareApp(App[None]):
        BINDINGS: ClassVar = [Binding(k, "bell", k.upper()) for k in "abcde"]

        def compose(self) -> ComposeResult:
            yield Static("Play solo")
            for n in range(12):
                yield Static(f"line {n}")
            yield Footer()

    BareApp().run()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--bare", action="store_true", help="run the bare app (what tmux starts)")
    parser.add_argument("--before", metavar="DIR", help="also the client from this source tree")
    args = parser.parse_args()
    if args.bare:
        run_bare()
        return 0
    print(f"python {sys.version.split()[0]}, {os.cpu_count()} cores, "
          f"load {os.getloadavg()[0]:.1f}")
    commands = {
        "client": f"{sys.executable} -m seasalt.client.cli --name Ann",
        "bare": f"{sys.executable} {os.path.abspath(__file__)} --bare",
    }
    if args.before:  # in the command: a tmux server already running keeps its own environment
        commands["before"] = (f"env PYTHONPATH={os.path.abspath(args.before)} "
                              + commands["client"])
    wall: dict[str, list[float]] = {which: [] for which in commands}
    cpu: dict[str, list[float]] = {which: [] for which in commands}
    for _ in range(args.runs):
        for which, command in commands.items():
            wall[which].append(tmux_launch(command, MENU_LINE))
            cpu[which].append(CPU[-1])
    for which in commands:
        print(f"{which:7} wall median {statistics.median(wall[which]) * 1000:4.0f} ms, "
              f"CPU median {statistics.median(cpu[which]) * 1000:4.0f} ms (n={args.runs})")
    med = statistics.median
    for which in commands:
        if which != "bare":
            print(f"ratio {which} / bare: wall {med(wall[which]) / med(wall['bare']):.2f}x, "
                  f"CPU {med(cpu[which]) / med(cpu['bare']):.2f}x")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
