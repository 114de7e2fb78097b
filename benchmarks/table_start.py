"""CPU of putting a table up in-process: the client app started with a fake link (no socket)
until its first frame is drawn and the screen has settled, against a bare Textual app with a
footer and a dozen widgets started and settled the same way, in the same run.

    python benchmarks/table_start.py [--apps 10] [--batches 5]

This is what each Pilot test of the table pays before it presses a key, and the larger part of
what a player's client pays between the server's first frame and the first drawn table. CPU
seconds (user + system of this process), so a busy machine moves the figures less than the
wall clock; the least and the median of ``--batches`` batches of ``--apps`` starts each.
Prints figures; asserts nothing.
"""

from __future__ import annotations

import argparse
import asyncio
import resource
import statistics
from collections.abc import Awaitable, Callable
from typing import ClassVar

from seasalt.client.tui.app import SeasaltApp
from seasalt.client.tui.launch_options import LaunchOptions
from seasalt.common.collector import pace_collector
from seasalt.testing import tui
from seasalt.testing.tui import OneFrameLink, mid_round
from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.widgets import Footer, Static


class BareApp(App[None]):
    """The anchor: a screen of a dozen text widgets and a footer of five keys."""

    BINDINGS: ClassVar = [Binding(k, "bell", k.upper()) for k in "abcde"]

    def compose(self) -> ComposeResult:
        for n in range(12):
            yield Static(f"line {n}")
        yield Footer()


async def bare_start() -> None:
    app = BareApp()
    async with app.run_test(size=(120, 40)):
        await tui.settled(app)


async def table_start() -> None:
    link = OneFrameLink(mid_round(3), 0)
    app = SeasaltApp(LaunchOptions(address="t:7327", name="Ann"), link_factory=lambda a, n: link)
    async with app.run_test(size=(120, 40)):
        await tui.until_table(app)
        await tui.settled(app)


def cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_SELF)
    return usage.ru_utime + usage.ru_stime


def per_start(start: Callable[[], Awaitable[None]], apps: int, batches: int) -> list[float]:
    async def batch() -> None:
        for _ in range(apps):
            await start()

    asyncio.run(batch())  # warm: imports, the stylesheet's first parse
    figures = []
    for _ in range(batches):
        before = cpu()
        asyncio.run(batch())
        figures.append((cpu() - before) / apps)
    return figures


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--apps", type=int, default=10)
    parser.add_argument("--batches", type=int, default=5)
    args = parser.parse_args()
    pace_collector()  # as the client runs
    bare = per_start(bare_start, args.apps, args.batches)
    table = per_start(table_start, args.apps, args.batches)
    for name, figures in (("bare Textual app", bare), ("table, first frame", table)):
        print(f"{name:20s} CPU per start: least {min(figures) * 1000:6.1f} ms, "
              f"median {statistics.median(figures) * 1000:6.1f} ms")
    print(f"ratio table / bare: least {min(table) / min(bare):.2f}x, "
          f"median {statistics.median(table) / statistics.median(bare):.2f}x")


if __name__ == "__main__":
    main()
