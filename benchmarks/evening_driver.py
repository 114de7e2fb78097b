"""The evening soak's hands and eyes: the people, the game as it runs, and the driver that
reads every TUI's screen, presses the keys a person would, notices stuck clients and stalled
tables, and brings a lost client back.

Part of benchmarks/evening_soak.py (loaded from beside it; ``Evening`` builds on ``Driver``).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import os
import random
import re
import signal
import time
import traceback
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from evening_plan import HEADLESS_PEOPLE, TUI_PEOPLE, GamePlan, Report
from evening_tui import Pane, Screen, Tmux
from evening_world import Headless, Home, Lobby, descendants
from seasalt.protocol import TableInfo

TICK = 0.25
"""Seconds between two looks at every screen and the journal."""
REPRESS_AFTER = 2.0
"""A person presses the key again when the screen did not move for this long."""
STUCK_MOVES = 3
"""Journal moves a client's board must have missed (besides the time) to count as stuck."""

# --- the people -------------------------------------------------------------------------------


@dataclass
class Person:
    name: str
    home: Home
    rng: random.Random
    pane: Pane | None = None
    first_command: str = ""
    """How this person started their client the first time (``seasalt-client HOST:PORT --name
    NAME``): what they type again after a crash."""
    headless: Headless | None = None
    role: str = ""
    """At the current table: ``player``, ``spectator``, ``solo`` (the side game), or nothing."""
    seat: int | None = None
    busy: bool = False
    """A step drives this person's keys itself: the general driver leaves them alone."""
    screen: Screen = field(default_factory=lambda: Screen(""))
    board: str = ""
    board_at: float = 0.0
    board_moves: int = 0
    """When the board on screen last changed, and the journal's moves then."""
    path: list[tuple[float, str]] = field(default_factory=list)
    """Where the client's screen went (``table 't-2' watching``, ``game_over``, ``lobby``...),
    with when: the latest few."""
    table_changes: list[tuple[float, int]] = field(default_factory=list)
    """When a table screen's board changed (not a result or game over), with the journal's
    moves then: the latest few."""
    pressed: str = ""
    pressed_at: float = 0.0
    moves: int = 0
    """Move keys pressed (choices taken from the screen)."""

    @property
    def tui(self) -> bool:
        return self.pane is not None

    def client(self) -> str:
        return "TUI" if self.tui else "headless"


def board_of(screen: Screen) -> str:
    """What moves when a game moves: where the client is, and on a table screen the round, the
    deck, the piles and every hand's size and total (the clocks are left out)."""
    tokens = re.findall(r"round \d+|Deck \d+|Pile \d \(\d+ cards?\)|hand \d+ · total \d+|"
                        r"Your hand \(\d+\)", screen.text)
    return screen.where() + "|" + " ".join(tokens)


def place_of(screen: Screen) -> str:
    """Where a screen is, in a few words: ``table 't-2' (watching)``, ``lobby``..."""
    where = screen.where()
    table = screen.table()
    if where == "table" and table is not None:
        link = screen.link_state()
        return (f"table {table[0]!r}" + (" (watching)" if table[1] else "")
                + (f" ({link})" if link else ""))
    return where


def path_since(person: Person, since: float) -> str:
    """Where ``person``'s screen went since ``since``: ``game_over -> table 't-1' -> lobby``."""
    places = [place for at, place in person.path if at > since]
    return " -> ".join(places) if places else "nowhere else"


# --- one game as it runs ----------------------------------------------------------------------


@dataclass
class GameRun:
    plan: GamePlan
    journal: Any
    """tests/e2e/chaos_driver.py ``Journal`` of this game's table: the server's truth."""
    players: list[Person] = field(default_factory=list)
    spectator: Person | None = None
    progress_at: float = field(default_factory=time.monotonic)
    moves_seen: int = -1
    restarting: bool = False
    stuck: set[str] = field(default_factory=set)
    stalled: bool = False
    checking: set[str] = field(default_factory=set)
    """The people an event is still checking on (the next event about them waits)."""

    @property
    def table(self) -> str:
        return self.plan.table

    @property
    def started(self) -> bool:
        return bool(self.journal.started)

    @property
    def over(self) -> bool:
        return self.journal.final_scores is not None

    @property
    def moves(self) -> int:
        return len(self.journal.actions)

    def refresh(self, now: float) -> None:
        with contextlib.suppress(Exception):  # (a journal busy with a write: read next time)
            self.journal.refresh()
        if self.moves != self.moves_seen:
            self.moves_seen, self.progress_at = self.moves, now

    def person_to_act(self, people: dict[str, Person]) -> Person | None:
        seat = self.journal.to_act
        if seat is None or self.over:
            return None
        return people.get(self.journal.seat_names.get(seat, ""))



# --- the driver -----------------------------------------------------------------------------


class Driver:
    """The people of the evening and what happens to their clients, game by game."""

    def __init__(self, args: argparse.Namespace, workdir: Path, report: Report) -> None:
        self.args = args
        self.workdir = workdir
        self.report = report
        self.tmux = Tmux(args.tmux_socket or f"seasalt-evening-{os.getpid()}",
                         Home.path())
        self.lobby: Lobby | None = None
        self.people: dict[str, Person] = {}
        for i, name in enumerate((*TUI_PEOPLE, *HEADLESS_PEOPLE)):
            home = Home(name, workdir / "homes" / name.lower())
            home.root.mkdir(parents=True)
            self.people[name] = Person(name, home, random.Random(f"{args.seed}-{i}-{name}"))
        self.solo: Person | None = None
        """Dee again, at her solo games (another pane)."""
        self.run: GameRun | None = None
        """The game being played now."""
        self.pane_pids: set[int] = set()
        """Every client a pane ran (the end kills what they left behind)."""

    # --- waiting -------------------------------------------------------------------------

    async def until(
        self, check: Callable[[], Awaitable[Any]], progress: Callable[[], object],
        idle: float,
    ) -> Any:
        """``check()``'s first answer other than None and False (a seat 0 is an answer);
        None once ``progress()`` has not changed for ``idle`` seconds (or after 4 x ``idle``
        in all)."""
        loop = asyncio.get_running_loop()
        start = moved = loop.time()
        last = progress()
        while True:
            result = await check()
            if result is not None and result is not False:
                return result
            now = loop.time()
            seen = progress()
            if seen != last:
                last, moved = seen, now
            if now - moved > idle or now - start > 4 * idle:
                return None
            await asyncio.sleep(TICK)  # sleep-ok: the polling interval of a condition wait

    def screen_of(self, person: Person) -> Callable[[], object]:
        assert person.pane is not None
        pane = person.pane
        return lambda: pane.text()

    async def tables(self) -> dict[str, TableInfo]:
        assert self.lobby is not None
        return await self.lobby.tables() or {}

    async def seat_state(self, table: str, seat: int) -> tuple[str, str]:
        """(the server's word for the seat, "" when it is held, connected, no bot playing)."""
        info = (await self.tables()).get(table)
        if info is None:
            assert self.lobby is not None
            return f"not listed ({self.lobby.problem or 'no such table'})", "missing"
        s = info.seats[seat]
        state = ("connected" if s.connected else "offline") + (
            ", a bot plays it" if s.bot_playing else "")
        problem = "" if s.connected and not s.bot_playing else state
        return f"{s.name}: {state}", problem

    # --- driving the TUI clients ----------------------------------------------------------

    def tui_people(self) -> list[Person]:
        out = [p for p in self.people.values() if p.tui]
        return out + ([self.solo] if self.solo is not None else [])

    async def driver(self) -> None:
        """Every tick: read every TUI's screen, play for the people at a table, and look for
        stuck clients and stalled tables."""
        while True:
            now = time.monotonic()
            run = self.run
            if run is not None:
                run.refresh(now)
            for person in self.tui_people():
                try:
                    self.look(person, now, run)
                    if not person.busy:
                        self.play(person, now)
                except Exception as e:  # a pane that just closed: read it next time
                    person.screen = Screen(f"(cannot read the pane: {e})")
            if run is not None and run.started and not run.over:
                try:
                    await self.check_stuck(run, now)
                except Exception:  # the soak's own failure: the driver must go on
                    traceback.print_exc()
            await asyncio.sleep(TICK)  # sleep-ok: the polling interval of a condition wait

    def look(self, person: Person, now: float, run: GameRun | None) -> None:
        assert person.pane is not None
        person.screen = person.pane.screen()
        place = place_of(person.screen)
        if not person.path or person.path[-1][1] != place:
            person.path = [*person.path[-20:], (now, place)]
        board = board_of(person.screen)
        if board != person.board:
            person.board, person.board_at = board, now
            person.board_moves = run.moves if run is not None else 0
            if person.screen.where() == "table":
                person.table_changes = [*person.table_changes[-20:], (now, person.board_moves)]

    def press(self, person: Person, key: str, now: float, move: bool = False) -> None:
        assert person.pane is not None
        sig = person.screen.signature()
        if sig == person.pressed and now - person.pressed_at < REPRESS_AFTER:
            return
        person.pane.keys(key)
        person.pressed, person.pressed_at = sig, now
        person.moves += move

    def play(self, person: Person, now: float) -> None:
        """What a person at a table does with what their screen shows."""
        if not person.role:
            return  # in the lobby, reading
        screen = person.screen
        where = screen.where()
        if where == "call":
            key = screen.call_key()
            if key:
                self.press(person, key, now)
        elif where == "result":
            self.press(person, "Enter", now)
        elif where == "game_over" and person.role != "solo":
            self.press(person, "b", now)
        elif where == "quit_dialog" and person.role != "solo":
            self.press(person, "n", now)  # not asked for by any step: a stray q
        elif where == "table" and person.role in ("player", "solo") and screen.my_turn():
            choices = screen.choices()
            if choices:
                self.press(person, person.rng.choice(choices)[0], now, move=True)

    async def check_stuck(self, run: GameRun, now: float) -> None:
        limit = self.args.stuck_after
        for person in [*run.players, *([run.spectator] if run.spectator else [])]:
            if (not person.tui or person.busy or run.restarting or person.name in run.stuck
                    or person.name in run.checking):
                continue
            missed = run.moves - person.board_moves
            if missed >= STUCK_MOVES and now - person.board_at >= limit:
                await self.stuck(person, run, f"its board has not moved for "
                                 f"{now - person.board_at:.0f} s while the game went on "
                                 f"{missed} moves (its screen: {person.screen.headline()})")
        if now - run.progress_at < limit or run.restarting:
            return
        to_act = run.person_to_act(self.people)
        if to_act is None or to_act.busy or to_act.name in run.stuck:
            return
        person = to_act
        seat = run.journal.to_act
        said, problem = await self.seat_state(run.table, seat)
        if problem:
            if not run.stalled and now - run.progress_at > limit + self.args.takeover_after:
                run.stalled = True
                self.report.fail(f"game {run.plan.number}: the table stalls "
                                 f"{now - run.progress_at:.0f} s at move {run.moves} on "
                                 f"{person.name}'s seat ({said})")
            return
        if person.tui:
            why = (f"its turn for {now - run.progress_at:.0f} s with no move; its screen: "
                   f"{person.screen.where()}: {person.screen.headline()}")
        else:
            assert person.headless is not None
            why = (f"its turn for {now - run.progress_at:.0f} s with no move, connected "
                   f"(headless: {person.headless.last_words()})")
        await self.stuck(person, run, why)

    async def stuck(self, person: Person, run: GameRun, why: str) -> None:
        """Count ``person`` stuck in this game (once), then bring the client back."""
        run.stuck.add(person.name)
        self.report.fail(f"game {run.plan.number}: {person.name}'s {person.client()} client is "
                         f"stuck: {why}{self.keep_screen(person, run, 'stuck')}",
                         "stuck client")
        asyncio.get_running_loop().create_task(self.recover(person, run))

    def keep_screen(self, person: Person, run: GameRun, what: str) -> str:
        """A TUI's whole screen into the work folder, for a failure's reader; the words that
        name the file (nothing for a headless player: its logs are there already)."""
        if person.pane is None:
            return ""
        path = self.workdir / "screens" / f"game{run.plan.number}-{person.name.lower()}-{what}.txt"
        with contextlib.suppress(Exception):
            path.parent.mkdir(exist_ok=True)
            path.write_text(person.pane.text(), encoding="utf-8")
            return f" (screen: {path.relative_to(self.workdir)})"
        return ""

    async def recover(self, person: Person, run: GameRun | None) -> None:
        """A person whose client is lost starts it again as they first did."""
        person.busy = True
        try:
            if person.headless is not None:
                person.headless.kill9()
                if run is not None and not run.over:
                    person.headless.start()
                    self.report.say(f"         recovery: {person.name} started "
                                    f"`{person.headless.command}` again")
                return
            assert person.pane is not None
            self.kill_pane(person.pane)
            person.pane.start(person.first_command)
            want = (lambda s: s.playing_at(run.table)) if (
                run is not None and person.role == "player" and not run.over) else (
                lambda s: s.where() == "lobby")
            ok = await self.until(lambda: self._screen_is(person, want),
                                  self.screen_of(person), self.args.comeback)
            self.report.say(f"         recovery: {person.name} started `{person.first_command}`"
                            f" again: {'back' if ok else 'NOT back'} "
                            f"({person.pane.screen().headline()})")
        finally:
            person.busy = False

    async def _screen_is(self, person: Person, want: Callable[[Screen], bool]) -> bool:
        assert person.pane is not None
        return want(person.pane.screen())

    def kill_pane(self, pane: Pane) -> None:
        """``kill -9`` a pane's client and whatever it started (a solo client's server)."""
        with contextlib.suppress(Exception):
            state = pane.state()
            if not state.dead:
                kids = descendants(state.pid)
                pane.kill9()
                for pid in kids:
                    with contextlib.suppress(ProcessLookupError):
                        os.kill(pid, signal.SIGKILL)

    async def wait_dead(self, pane: Pane, idle: float = 15.0) -> bool:
        async def dead() -> bool:
            return pane.state().dead

        return bool(await self.until(dead, pane.text, idle))

    def note_pane(self, pane: Pane) -> None:
        with contextlib.suppress(Exception):
            self.pane_pids.add(pane.state().pid)

    def client_words(self, person: Person) -> str:
        if person.tui:
            assert person.pane is not None
            screen = person.pane.screen()
            return f"{screen.where()}: {screen.headline()}"
        assert person.headless is not None
        code = person.headless.exit_code()
        return (f"exited {code}: " if code is not None else "") + person.headless.last_words()

    def table_people(self, run: GameRun) -> list[Person]:
        return [*run.players, *([run.spectator] if run.spectator else [])]
