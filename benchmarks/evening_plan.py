"""The evening soak's plan (which game each step happens in, who sits where, from the seed) and
its report (each step's verdict as it happens, and the figures at the end).

Part of benchmarks/evening_soak.py (loaded from beside it).
"""

from __future__ import annotations

import collections
import random
from dataclasses import dataclass, field
from pathlib import Path

TUI_PEOPLE = ("Ann", "Bob")
HEADLESS_PEOPLE = ("Cy", "Dee")
TABLE_WORDS = ("kitchen", "porch", "attic", "garden", "cellar", "library", "balcony", "den",
               "loft", "studio", "pantry", "veranda")
EVENT_KINDS = ("watch_and_server_kill", "quit_by_dialog", "tui_kill", "headless_kill", "solo")


# --- the plan ---------------------------------------------------------------------------------


@dataclass
class Event:
    kind: str
    at: int
    """Moves into the game (the journal's count) when it happens."""
    who: str = ""

    def __str__(self) -> str:
        what = {"watch_and_server_kill": "server kill -9", "quit_by_dialog": "quits by the dialog",
                "tui_kill": "client kill -9", "headless_kill": "client kill -9"}[self.kind]
        return f"{self.who + ' ' if self.who else ''}{what} at move {self.at}"


@dataclass
class GamePlan:
    number: int
    table: str
    seats: list[str]
    """Who sits, in the order they arrive; the first (headless) creates the table."""
    spectator: str | None = None
    events: list[Event] = field(default_factory=list)
    solo: bool = False


def make_plan(games: int, seed: int) -> list[GamePlan]:
    """Which game each special step happens in, and who sits where, from the seed alone."""
    rng = random.Random(f"evening-plan-{seed}")
    order = list(range(games))
    rng.shuffle(order)
    if games > len(EVENT_KINDS):  # the first game of the evening is a plain one
        order.remove(0)
    kinds: dict[int, list[str]] = collections.defaultdict(list)
    for i, kind in enumerate(EVENT_KINDS):
        kinds[order[i % len(order)]].append(kind)
    plans = []
    for number in range(games):
        here = kinds[number]
        must: list[str] = []
        out: set[str] = set()
        events: list[Event] = []
        spectator = None
        if "solo" in here:
            out.add("Dee")  # she plays her solo games on the side meanwhile
        if "watch_and_server_kill" in here:
            spectator = "Bob"
            out.add("Bob")
            must.append("Ann")
            events.append(Event("watch_and_server_kill", 0))
        if "quit_by_dialog" in here:
            must.append("Ann")
            events.append(Event("quit_by_dialog", 0, "Ann"))
        if "tui_kill" in here:
            who = "Bob" if "Bob" not in out else "Ann"
            must.append(who)
            events.append(Event("tui_kill", 0, who))
        if "headless_kill" in here:
            who = rng.choice([p for p in HEADLESS_PEOPLE if p not in out])
            must.append(who)
            events.append(Event("headless_kill", 0, who))
        must = list(dict.fromkeys(must))
        free = [p for p in (*TUI_PEOPLE, *HEADLESS_PEOPLE) if p not in out and p not in must]
        rng.shuffle(free)
        seats = list(must)
        if not any(p in HEADLESS_PEOPLE for p in seats):
            creator = next(p for p in free if p in HEADLESS_PEOPLE)
            seats.append(creator)
            free.remove(creator)
        want = rng.randint(max(2, len(seats)), max(2, len(seats), len(seats) + len(free)))
        seats += free[:want - len(seats)]
        creator = next(p for p in seats if p in HEADLESS_PEOPLE)
        rest = [p for p in seats if p != creator]
        rng.shuffle(rest)
        rng.shuffle(events)
        at = rng.randint(5, 9)
        for event in events:
            event.at = at
            at += rng.randint(6, 9)
        plans.append(GamePlan(
            number + 1, f"{TABLE_WORDS[number % len(TABLE_WORDS)]}-{number + 1}",
            [creator, *rest], spectator, events, "solo" in here,
        ))
    return plans


# --- the report -------------------------------------------------------------------------------


class Report:
    """Every step's verdict as it happens, and the figures."""

    FIGURES = ("seat lost", "stuck client", "missing from the history")

    def __init__(self, path: Path) -> None:
        self.file = open(path, "w", encoding="utf-8")  # noqa: SIM115 (closed by close())
        self.counts: collections.Counter[str] = collections.Counter()
        self.failures: list[str] = []
        self.games_finished = 0
        self.solo_finished = 0

    def say(self, text: str) -> None:
        print(text, flush=True)
        self.file.write(text + "\n")
        self.file.flush()

    def ok(self, text: str) -> None:
        self.say(f"  [ok]   {text}")

    def skip(self, text: str) -> None:
        self.say(f"  [skip] {text}")

    def fail(self, text: str, figure: str | None = None) -> None:
        assert figure is None or figure in self.FIGURES
        if figure:
            self.counts[figure] += 1
        self.failures.append(text + (f" [{figure}]" if figure else ""))
        self.say(f"  [FAIL] {text}" + (f"  => {figure}" if figure else ""))

    def close(self) -> None:
        self.file.close()


def figures(report: Report, games: int, seconds: float) -> None:
    counts = report.counts
    report.say("\nFIGURES")
    report.say(f"games finished:               {report.games_finished} of {games}"
               f"   (solo games on the side: {report.solo_finished} of 2)")
    report.say(f"seats lost:                   {counts['seat lost']}   (goal 0)")
    report.say(f"stuck clients:                {counts['stuck client']}   (goal 0)")
    report.say(f"games missing from history:   {counts['missing from the history']}   (goal 0)")
    report.say(f"failed steps:                 {len(report.failures)}   in {seconds:.0f} s")
    for text in report.failures:
        report.say(f"  - {text}")
