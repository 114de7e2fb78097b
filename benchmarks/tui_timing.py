"""Measure the Textual client: launch to interactive, and view received to repaint done.

    python benchmarks/tui_timing.py [--runs 3] [--frames 200]

* Launch to interactive: ``seasalt-client`` started in a detached tmux session (120x40);
  the clock stops when the start menu's "Play solo" is on the pane (capture-pane every 10 ms).
  The same for ``seasalt-client --solo`` until the first action key is on screen (this includes
  starting the child server and the bots' first moves).
* View received to repaint (``--collector default``: with CPython's collector pace, not the
  client's): in-process (Textual's headless driver, 120x40): a frame message is
  posted, and the clock stops when the screen's compositor has produced the repaint that shows
  it. Frames come from a seeded engine game, one at a time (no burst coalescing).

Prints figures; asserts nothing.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import re
import shutil
import statistics
import subprocess
import sys
import time

from seasalt.common.collector import pace_collector


def cpu_seconds(pid: int) -> float:
    """User + system CPU time of a process so far (Linux /proc), 0.0 when unreadable."""
    try:
        with open(f"/proc/{pid}/stat") as stat:
            fields = stat.read().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    except (OSError, IndexError, ValueError):
        return 0.0


CPU: list[float] = []
"""CPU seconds the client had used when each launch became interactive (load-independent)."""


def tmux_launch(command: str, pattern: str, timeout: float = 60.0) -> float:
    """Seconds from starting ``command`` in tmux until ``pattern`` shows on the pane."""
    session = f"seasalt-timing-{os.getpid()}"
    start = time.perf_counter()
    subprocess.run(
        ["tmux", "new-session", "-d", "-s", session, "-x", "120", "-y", "40",
         "exec " + command],
        check=True,
    )
    pid = int(subprocess.run(["tmux", "display", "-p", "-t", session, "#{pane_pid}"],
                             capture_output=True, text=True).stdout.strip() or 0)
    try:
        while time.perf_counter() - start < timeout:
            pane = subprocess.run(
                ["tmux", "capture-pane", "-p", "-t", session], capture_output=True, text=True
            ).stdout
            if re.search(pattern, pane):
                elapsed = time.perf_counter() - start
                CPU.append(cpu_seconds(pid))
                return elapsed
            time.sleep(0.01)
        raise RuntimeError(f"{pattern!r} did not appear within {timeout} s")
    finally:
        subprocess.run(["tmux", "kill-session", "-t", session], capture_output=True)
        time.sleep(0.3)  # let a solo child server notice its parent is gone


async def repaint_latencies(frames: int) -> list[float]:
    from seasalt import protocol as p
    from seasalt.client.tui.app import SeasaltApp
    from seasalt.client.tui.launch_options import LaunchOptions
    from seasalt.client.tui.messages import Frame, FrameArrived
    from seasalt.client.tui.screens.table import TableScreen
    from seasalt.engine import Rules, apply, legal_actions, new_game, view

    class QuietLink:
        def __init__(self) -> None:
            self.inbox: asyncio.Queue[object] = asyncio.Queue()

        async def connect(self) -> None:
            return None

        async def close(self) -> None:
            return None

        async def recv(self) -> object:
            return await self.inbox.get()

        async def send(self, message: object) -> None:
            if isinstance(message, p.ListTables):
                await self.inbox.put(p.Joined("bench", 0))

    app = SeasaltApp(LaunchOptions(address="bench:1", name="Ann"),
                     link_factory=lambda _a, _n: QuietLink())
    latencies: list[float] = []
    async with app.run_test(size=(120, 40)) as pilot:
        while not isinstance(app.screen, TableScreen):
            await asyncio.sleep(0.01)
        screen = app.screen
        painted: list[float] = []
        original = screen._compositor_refresh

        def timed_refresh() -> None:
            original()
            painted.append(time.perf_counter())

        screen._compositor_refresh = timed_refresh  # type: ignore[method-assign]
        state = new_game(Rules(3, extra_salt=True), seed=3)
        for seq in range(frames):
            if state.is_over:
                state = new_game(Rules(3, extra_salt=True), seed=seq)
            options = legal_actions(state)
            state = apply(state, options[seq % len(options)]).state
            frame = Frame("bench", seq, view(state, 0), ())
            await pilot.pause(0.15)  # idle between frames, as between paced bot moves
            painted.clear()
            cpu_start = time.process_time()
            start = time.perf_counter()
            app.post_message(FrameArrived(frame))
            deadline = start + 5
            while not (screen.rendered is frame and painted and painted[-1] > start):
                if time.perf_counter() > deadline:
                    break
                await asyncio.sleep(0.001)
            if painted:
                latencies.append(painted[-1] - start)
                REPAINT_CPU.append(time.process_time() - cpu_start)
    return latencies


REPAINT_CPU: list[float] = []
"""Process CPU seconds spent from each frame's arrival to its repaint (load-independent)."""


def describe(values: list[float]) -> str:
    ordered = sorted(values)
    p95 = ordered[min(len(ordered) - 1, int(len(ordered) * 0.95))]
    return (f"median {statistics.median(ordered) * 1000:.0f} ms, p95 {p95 * 1000:.0f} ms, "
            f"max {ordered[-1] * 1000:.0f} ms (n={len(ordered)})")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--frames", type=int, default=200)
    parser.add_argument("--collector", choices=("paced", "default"), default="paced",
                        help="the repaints with the client's garbage-collector pace (its main "
                        "sets it: seasalt.common.collector) or CPython's default")
    args = parser.parse_args()
    print(f"python {sys.version.split()[0]}, {os.cpu_count()} cores, "
          f"load {os.getloadavg()[0]:.1f}")
    if shutil.which("tmux"):
        menu = [tmux_launch(f"{sys.executable} -m seasalt.client.cli --name Ann", r"Play solo")
                for _ in range(args.runs)]
        print("launch to start menu:        " + describe(menu))
        print("  client CPU time by then:   " + describe(CPU[-len(menu):]))
        solo = [tmux_launch(f"{sys.executable} -m seasalt.client.cli --solo --name Ann",
                            r"(?m)^\s*[1-9de]  \S") for _ in range(args.runs)]
        print("launch to first solo choice: " + describe(solo))
        print("  client CPU time by then:   " + describe(CPU[-len(solo):]))
    else:
        print("tmux not found: launch times skipped")
    if args.collector == "paced":
        pace_collector()  # as seasalt-client's main does before it starts the app
    latencies = asyncio.run(repaint_latencies(args.frames))
    print("view received to repaint:    " + describe(latencies))
    print("  CPU time per repaint:      " + describe(REPAINT_CPU))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
