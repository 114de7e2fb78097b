"""``seasalt-client`` start to its menu drawn, against a bare Textual app started the same way.

    python benchmarks/client_start.py [--runs 5] [--before DIR] [--solo]

Both are started in a detached tmux session (120x40), alternated, and the clock stops when
"Play solo" is on the pane (capture-pane every 10 ms; benchmarks/tui_timing.py's launcher). The
bare app (this file run with ``--bare``) imports Textual, shows a dozen text widgets, that line
and a footer of five keys. Prints the wall time and the process's CPU time by then (from
/proc: the firmer figure on a busy machine), medians, and their ratios; asserts nothing.
``--before DIR`` also starts the client from another source tree (DIR/seasalt/..., put first on
PYTHONPATH: ``git archive OLD engine protocol server client bots common testing`` extracted
into DIR/seasalt), alternated with the others, for a before/after in one run.
``--solo``: the client started with ``--solo --bot-delay 0`` instead, until its first choice
(an action key, benchmarks/tui_timing.py's pattern) is on the pane; the bare app as before. The
CPU is the client's own (its child server's and bots' not counted). Each client run has a fresh
data directory (no solo game to resume, no name or settings kept from another run); the cache
folder is shared (the catalogues compiled at the first start are read back after, as at a
player's second start: client/words/catalogue_cache.py).
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import sys
import tempfile
from typing import ClassVar

from tui_timing import CPU, tmux_launch

MENU_LINE = r"Play solo"
FIRST_CHOICE = r"(?m)^\s*[1-9de]  \S"
"""An action key at the start of a line: the table asks for the first choice."""


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
    parser.add_argument("--solo", action="store_true", help="the client to its first solo choice")
    args = parser.parse_args()
    if args.bare:
        run_bare()
        return 0
    print(f"python {sys.version.split()[0]}, {os.cpu_count()} cores, "
          f"load {os.getloadavg()[0]:.1f}")
    homes = tempfile.mkdtemp(prefix="client-start-")
    fresh = " ".join(f"{var}={{home}}/{var.lower()}" for var in (
        "XDG_CONFIG_HOME", "XDG_DATA_HOME", "XDG_STATE_HOME")) + f" XDG_CACHE_HOME={homes}/cache"
    client = f"{sys.executable} -m seasalt.client.cli --name Ann"
    if args.solo:
        client += " --solo --bot-delay 0"
    commands = {
        "client": f"env {fresh} {client}",
        "bare": f"{sys.executable} {os.path.abspath(__file__)} --bare",
    }
    if args.before:  # in the command: a tmux server already running keeps its own environment
        commands["before"] = f"env {fresh} PYTHONPATH={os.path.abspath(args.before)} {client}"
    patterns = {which: MENU_LINE for which in commands}
    if args.solo:
        patterns.update({which: FIRST_CHOICE for which in commands if which != "bare"})
    wall: dict[str, list[float]] = {which: [] for which in commands}
    cpu: dict[str, list[float]] = {which: [] for which in commands}
    try:
        for _ in range(args.runs):
            for which, command in commands.items():
                home = tempfile.mkdtemp(dir=homes)
                wall[which].append(tmux_launch(command.format(home=home), patterns[which]))
                cpu[which].append(CPU[-1])
    finally:
        shutil.rmtree(homes, ignore_errors=True)
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
