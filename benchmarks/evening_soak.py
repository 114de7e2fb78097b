"""An evening on one server: four people, ten games in a row, and what goes wrong.

    python benchmarks/evening_soak.py [--games 10] [--seed 1] [--stuck-after 30]
        [--comeback 30] [--takeover-after 15] [--keep DIR] [--tmux-socket NAME]

All real processes: one ``seasalt-server`` (its own ``--db`` in a temporary folder) and four
people, each on a computer of their own (their own HOME and XDG folders: remembered name,
session tokens, identity, solo games). Ann and Bob use the Textual client in tmux panes of
120x40 (keys sent with send-keys, screens read with capture-pane); Cy and Dee use headless
players (``seasalt-client HOST:PORT --bot basic --table T``, one process a game). Every game
is at a new table with other seats (2-4 players, a target of 1 point: about one round); the
first seat is a headless player's, who creates the table, and the TUI players join it from
the lobby. Spread over the evening by the seed: Bob watches a game from the lobby (``w``) and
chats with Ann, and mid-game the server is killed (``kill -9``) and started again on the same
``--db`` and port; Ann leaves a game by the quit dialog and starts exactly the command it
printed; a TUI client is killed and started again with its first command; a headless player
likewise; Dee plays two solo games in a row on the side (``seasalt-client --solo --target 1
--opponents 1``, the same command twice). After each game, a fresh session asks for the
history.

The figures (the goal: every game finished, and 0 / 0 / 0):

- **games finished**: the journal holds the game's final scores.
- **seats lost**: a human seat that should come back to its person and did not: after the
  server restart (every seated person), after a client was killed and started again, after
  the quit dialog's command; also a seat the server gives a person whose client could not get
  to it. Back means the client shows that table's game from that seat, the link up (a TUI's
  status line with "you: N"; a headless player's "seated at table 'T' as seat N") *and* the
  server lists the seat under the person's name, connected, with no bot playing it.
- **stuck clients** (at most one per person and game): a client whose screen shows the board
  unchanged for ``--stuck-after`` seconds while its table's game moved on (3 moves or more in
  the journal; a spectator after the server restart also when the game ends first); one whose
  turn it is for that long without a move (connected, no bot playing for it); one that cannot
  get back to the lobby after a game (a TUI's ``b`` at the game over, a spectator's ``q``) or,
  headless, does not exit; a solo client that hangs.
- **games missing from the history**: a finished game that a fresh session (``hello``, then
  ``list_games``, ``get_replay``, ``get_stats``), asked at once, does not list with its final
  scores, does not replay with all its moves, or does not count in each of its players'
  ``games``.

Each step prints its verdict (``[ok]``, ``[FAIL]``, ``[skip]``) and a failure names the figure
it counts in, if any (a failed chat, a refused solo game, a headless player that sits down at
its last game's table are failed steps of no figure); a stuck or lost client is then brought
back (killed, its first command started again; a headless player's token file deleted after
two tries) so the evening goes on, and a failed TUI's whole screen is kept in the work folder.
The exit code is 0 only when every step is ok. Every wait is a
progress deadline: it gives up when what it watches has not moved for its limit (and at four
times the limit in any case). The plan (tables, seats, who does what when, the bots' and the
TUI players' choices) follows from ``--seed``; the timing of real processes does not. Every
process and tmux session it starts is ended at the end, also on Ctrl-C and SIGTERM; its tmux
server is its own (``tmux -L SOCKET attach -t SOCKET-ann`` to watch). Not run in CI.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import importlib.util
import os
import random
import shutil
import signal
import sys
import tempfile
import time
import traceback
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

import zmq.asyncio
from evening_driver import STUCK_MOVES, TICK, Driver, GameRun, Person, path_since
from evening_plan import TUI_PEOPLE, Event, GamePlan, Report, figures, make_plan
from evening_tui import Pane, Screen
from evening_world import (
    Headless,
    Lobby,
    ask_history,
    client_program,
    descendants,
    games_played,
    player_ids,
    server_program,
)
from seasalt.testing.server import ServerProcess

_path = Path(__file__).parents[1] / "tests" / "e2e" / "chaos_driver.py"
_spec = importlib.util.spec_from_file_location("seasalt_chaos_driver", _path)
assert _spec is not None and _spec.loader is not None
chaos = importlib.util.module_from_spec(_spec)
sys.modules[_spec.name] = chaos
_spec.loader.exec_module(chaos)

GAME_OVER_WAIT = 10.0
"""Seconds a client at a finished table is given to show the game over."""
SOLO_COMMAND = "seasalt-client --solo --target 1 --opponents 1 --bot-delay 0.2 --name Dee"


# --- the evening ------------------------------------------------------------------------------


class Evening(Driver):
    """The evening's steps, one game after another, on one server."""

    def __init__(self, args: argparse.Namespace, workdir: Path, report: Report) -> None:
        super().__init__(args, workdir, report)
        self.db = workdir / "evening.sqlite3"
        self.server = ServerProcess(
            str(self.db), "--seed", str(args.seed), "--bot-delay", "0.5",
            "--takeover-after", str(args.takeover_after), "--continue-timeout", "10",
            "--log-level", "info", "--log-file", "none", command=server_program(),
        )
        self.port = 0
        self.address = ""
        self.ctx = zmq.asyncio.Context()
        self.headless: list[Headless] = []
        self.finished: list[tuple[int, str, tuple[int, ...], int]] = []
        """(game id, table, final scores, moves) of each finished game."""

    # --- the server -------------------------------------------------------------------------

    async def start_server(self) -> None:
        endpoint = await asyncio.to_thread(self.server.start, 30.0)
        self.port = int(endpoint.rsplit(":", 1)[1])
        self.address = f"127.0.0.1:{self.port}"
        self.lobby = Lobby(self.ctx, endpoint)
        self.report.say(f"server: {' '.join(self.server.command)} --port {self.port} --db "
                        f"{self.db}  (pid {self.server.proc.pid if self.server.proc else '?'})")

    # --- the evening's steps --------------------------------------------------------------

    async def evening(self, plans: list[GamePlan]) -> None:
        await self.start_server()
        driver = asyncio.get_running_loop().create_task(self.driver())
        try:
            await self.open_clients()
            for plan in plans:
                await self.game(plan)
            await self.last_look()
        finally:
            driver.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await driver

    async def open_clients(self) -> None:
        for name in TUI_PEOPLE:
            person = self.people[name]
            person.pane = Pane(self.tmux, f"{self.tmux.socket}-{name.lower()}",
                               person.home.env())
            person.first_command = f"seasalt-client {self.address} --name {name}"
            person.pane.start(person.first_command)
            self.note_pane(person.pane)
        self.report.say(f"tmux: tmux -L {self.tmux.socket} attach -t {self.tmux.socket}-ann "
                        "(or -bob, -dee-solo) to watch")
        for name in TUI_PEOPLE:
            person = self.people[name]
            ok = await self.until(self._in_lobby_as(person, name), self.screen_of(person), 30)
            if ok:
                self.report.ok(f"{name} starts `{person.first_command}`: the lobby, as {name}")
            else:
                self.report.fail(f"{name} starts `{person.first_command}`: no lobby as {name} "
                                 f"({person.screen.headline()})")

    def _in_lobby_as(self, person: Person, name: str) -> Callable[[], Awaitable[bool]]:
        async def check() -> bool:
            assert person.pane is not None
            return person.pane.screen().you_are() == name

        return check

    async def game(self, plan: GamePlan) -> None:
        t0 = time.monotonic()
        extras = [f"{plan.spectator} watches" if plan.spectator else "",
                  *(str(e) for e in plan.events),
                  "Dee plays two solo games on the side" if plan.solo else ""]
        self.report.say(f"\ngame {plan.number}: table {plan.table!r}, {len(plan.seats)} seats: "
                        f"{', '.join(plan.seats)}" + "".join(f"; {e}" for e in extras if e))
        run = GameRun(plan, chaos.Journal(self.db, plan.table))
        self.run = run
        solo = asyncio.get_running_loop().create_task(self.solo_games()) if plan.solo else None
        try:
            if await self.seat_everyone(run):
                if plan.spectator:
                    await self.watch(run, self.people[plan.spectator])
                await self.play_out(run)
            if run.over:  # at once: a player opens the history as the game ends
                self.report.games_finished += 1
                await self.check_history(run)
                await self.leave_table(run)
            else:
                await self.abandon(run)
            if solo is not None:
                await solo  # Dee's solo games end before the next game starts
        except Exception as e:  # the soak's own failure: say it, and go on with the evening
            self.report.fail(f"game {plan.number}: the soak itself failed: {e!r}")
            traceback.print_exc()
            await self.abandon(run)
        finally:
            if solo is not None:
                solo.cancel()  # (done by now, unless the soak is being stopped)
            for person in self.people.values():
                person.role, person.seat = "", None
            self.run = None
            run.journal.close()
        self.report.say(f"  game {plan.number} took {time.monotonic() - t0:.0f} s")

    async def seat_everyone(self, run: GameRun) -> bool:
        plan = run.plan
        for name in plan.seats:
            person = self.people[name]
            if person.tui:
                seated = await self.from_lobby(person, run.table, "j",
                                               lambda s: s.seated_at(run.table))
                what = "joins from the lobby (j)"
            else:
                person.headless = Headless(person.home, self.address, run.table,
                                           len(plan.seats), self.args.seed * 1000 +
                                           plan.number * 10 + len(run.players),
                                           self.workdir / "logs")
                self.headless.append(person.headless)
                seated = await self.start_headless(run, person, person.headless)
                what = f"starts `{person.headless.command}`"
            seat = await self.until(self._seat_of(run.table, name), lambda: 0, 10) if (
                seated) else None
            if seat is None:
                self.report.fail(f"game {plan.number}: {name} {what}: not seated ("
                                 f"{self.client_words(person)})")
                return False
            person.role, person.seat = "player", seat
            run.players.append(person)
            self.report.ok(f"{name} {what}: seat {seat}")
        started = await self.until(self._started(run), lambda: run.moves, 30)
        if not started:
            self.report.fail(f"game {plan.number}: everyone sat but the game did not start")
            return False
        return True

    def _started(self, run: GameRun) -> Callable[[], Awaitable[bool]]:
        async def check() -> bool:
            return run.started

        return check

    async def start_headless(self, run: GameRun, person: Person, head: Headless) -> bool:
        """Start a person's headless player for this game; True once it says it sat down at
        the game's table. One that sits down elsewhere and exits (its kept token resumed its
        session at the table of its last game) is a failed step: the person runs the same
        command again, then deletes the token file and runs it once more. When the server
        seats the person at the table all the same (the session sat down before its client
        left), their seat is lost to a bot: True, with no client."""

        async def said_seated() -> bool:
            return bool(head.seated()) or not head.alive()

        tries: list[str] = []
        listed = False
        for attempt in range(3):
            if attempt == 2 and not listed:  # (a listed session must keep its token)
                head.token_file.unlink(missing_ok=True)
            head.start()
            await self.until(said_seated, head.stderr, 30)
            elsewhere = head.elsewhere()
            if head.seated() or not elsewhere:
                break
            tries.append(f"sat down at {elsewhere[0]!r} (its last game's table) and exited "
                         f"{head.exit_code()} with that game's result")
            listed = await self.until(self._seat_of(run.table, person.name), lambda: 0, 2) \
                is not None
        if tries:
            outcome = ("sat down at the table" if head.seated() else
                       f"did not sit down ({head.last_words()})")
            deleted = len(tries) >= 2 and not listed
            self.report.fail(
                f"game {run.plan.number}: {person.name}'s headless player `{head.command}` "
                f"{'; again: '.join(tries)}"
                + (f"; once its token file was deleted: {outcome}" if deleted else
                   f"; again: {outcome}" if len(tries) == 1 else ""))
        if head.seated():
            return True
        if listed:
            self.report.fail(f"game {run.plan.number}: the server seats {person.name} at "
                             f"{run.table!r}, but their headless player cannot get there: a "
                             "bot will play the seat", "seat lost")
            return True
        return False

    def _seat_of(self, table: str, name: str) -> Callable[[], Awaitable[int | None]]:
        """The seat the server lists ``name`` in (None: not yet)."""
        async def check() -> int | None:
            info = (await self.tables()).get(table)
            seats = [] if info is None else [s.name for s in info.seats]
            return seats.index(name) if name in seats else None

        return check

    async def from_lobby(self, person: Person, table: str, key: str,
                         arrived: Callable[[Screen], bool]) -> bool:
        """Pick ``table`` in the lobby's list and press ``key`` (``j`` join, ``w`` watch)."""
        assert person.pane is not None
        pane = person.pane
        person.busy = True
        try:
            for _attempt in range(3):
                async def listed() -> Screen | None:
                    screen = pane.screen()
                    if screen.where() == "game_over":
                        pane.keys("b")
                    return screen if table in screen.lobby_tables() else None

                screen = await self.until(listed, pane.text, 20)
                if screen is None:
                    continue
                rows = screen.lobby_tables()
                pane.keys(*["Up"] * len(rows))
                pane.keys(*["Down"] * rows.index(table))
                if pane.screen().lobby_tables() != rows:
                    continue  # the list changed under the cursor: pick again
                pane.keys(key)
                if await self.until(lambda: self._screen_is(person, arrived), pane.text, 15):
                    return True
                if pane.screen().where() == "table":
                    pane.keys("q")  # a wrong table: back to the lobby, pick again
            return False
        finally:
            person.busy = False

    async def watch(self, run: GameRun, spectator: Person) -> None:
        ok = await self.from_lobby(spectator, run.table, "w", lambda s: s.watching(run.table))
        if not ok:
            self.report.fail(f"game {run.plan.number}: {spectator.name} cannot watch "
                             f"{run.table!r} from the lobby (w): {self.client_words(spectator)}")
            return
        spectator.role = "spectator"
        run.spectator = spectator

        async def counted() -> bool:
            info = (await self.tables()).get(run.table)
            return info is not None and info.watchers >= 1

        if await self.until(counted, lambda: 0, 10):
            self.report.ok(f"{spectator.name} watches from the lobby (w); the server lists "
                           "them watching")
        else:
            self.report.fail(f"game {run.plan.number}: {spectator.name} watches, but the server "
                             "lists nobody watching")
        speaker = next((p for p in run.players if p.tui), None)
        if speaker is not None:
            await self.chat(run, speaker, spectator, "before the crash")
            await self.chat(run, spectator, speaker, "before the crash")

    async def chat(self, run: GameRun, speaker: Person, listener: Person, when: str) -> bool:
        assert speaker.pane is not None and listener.pane is not None
        text = f"hi from {speaker.name} g{run.plan.number} {when.split()[0]}"
        speaker.busy = True
        try:
            async def chat_line_open() -> bool:
                screen = speaker.pane.screen()  # type: ignore[union-attr]
                return "Leave chat" in screen.text

            async def at_table() -> bool:
                return speaker.pane.screen().where() == "table"  # type: ignore[union-attr]

            await self.until(at_table, self.screen_of(speaker), 10)
            speaker.pane.keys("t")
            opened = await self.until(chat_line_open, self.screen_of(speaker), 5)
            if opened:
                speaker.pane.type(text)
                speaker.pane.keys("Enter")
            speaker.pane.keys("Escape")
        finally:
            speaker.busy = False
        if not opened:
            self.report.fail(f"game {run.plan.number}: chat {when}: {speaker.name}'s t opened "
                             f"no chat line ({speaker.screen.headline()})")
            return False

        async def heard() -> bool:
            return listener.pane.screen().shows(text)  # type: ignore[union-attr]

        ok = await self.until(heard, self.screen_of(listener), 15)
        if ok:
            self.report.ok(f"chat {when}: {listener.name} reads {speaker.name}'s "
                           f"{text!r}")
            return True
        said = speaker.pane.screen()
        self.report.fail(f"game {run.plan.number}: chat {when}: {listener.name} never reads "
                         f"{speaker.name}'s {text!r} (on {speaker.name}'s screen: "
                         f"{said.last_words(3)})")
        return False

    async def play_out(self, run: GameRun) -> None:
        """Play on to the game over; each planned event starts at its move, once the people it
        involves are no longer being checked after the one before."""
        events = list(run.plan.events)
        tasks: list[asyncio.Task[None]] = []
        idle = 3 * self.args.stuck_after + self.args.takeover_after
        while not run.over:
            if events and run.moves >= events[0].at and not (
                    run.checking & self.involved(events[0], run)):
                event = events.pop(0)
                run.checking |= self.involved(event, run)
                tasks.append(asyncio.get_running_loop().create_task(self.event(event, run)))
                continue
            if time.monotonic() - run.progress_at > idle:
                self.report.fail(f"game {run.plan.number}: no move for {idle:.0f} s at move "
                                 f"{run.moves}: given up")
                break
            await asyncio.sleep(TICK)  # sleep-ok: the polling interval of a condition wait
        await asyncio.gather(*tasks)
        for event in events:
            self.report.skip(f"game {run.plan.number}: {event}: the game ended at move "
                             f"{run.moves} before it")
        if run.over:
            self.report.ok(f"game over at move {run.moves}: scores "
                           f"{' '.join(map(str, run.journal.final_scores))}")

    def involved(self, event: Event, run: GameRun) -> set[str]:
        if event.who:
            return {event.who}
        return {p.name for p in self.table_people(run)}

    async def event(self, event: Event, run: GameRun) -> None:
        try:
            await self._event(event, run)
        except Exception as e:  # the soak's own failure: say it, and go on with the game
            self.report.fail(f"game {run.plan.number}: {event}: the soak itself failed: {e!r}")
            traceback.print_exc()
        finally:
            run.checking -= self.involved(event, run)

    async def _event(self, event: Event, run: GameRun) -> None:
        if event.kind == "watch_and_server_kill":
            await self.server_kill(run)
        elif event.kind == "quit_by_dialog":
            await self.quit_by_dialog(run, self.people[event.who])
        elif event.kind == "tui_kill":
            await self.tui_kill(run, self.people[event.who])
        elif event.kind == "headless_kill":
            await self.headless_kill(run, self.people[event.who])

    # --- coming back ------------------------------------------------------------------------

    async def expect_back(self, person: Person, run: GameRun, after: str,
                          before: int = 0) -> bool:
        """``person`` back in their seat (client and server agree), or a seat lost.

        ``before``: a headless player's "seated" lines before it was cut off (its log says
        it sat down again after them)."""
        assert person.seat is not None
        seat = person.seat
        t0 = time.monotonic()

        async def back() -> bool:
            if person.pane is not None:
                if not person.pane.screen().playing_at(run.table):
                    return False
            else:
                assert person.headless is not None
                if len(person.headless.seated()) <= before:
                    return False
            return not (await self.seat_state(run.table, seat))[1]

        progress = (self.screen_of(person) if person.tui else
                    person.headless.stderr)  # type: ignore[union-attr]
        if await self.until(back, progress, self.args.comeback):
            self.report.ok(f"{person.name} back in seat {seat} {after} in "
                           f"{time.monotonic() - t0:.1f} s")
            return True
        said, _problem = await self.seat_state(run.table, seat)
        server = (f"the game ended meanwhile, at move {run.moves}" if run.over else
                  f"the server lists the seat as {said}")
        self.report.fail(f"game {run.plan.number}: {person.name}'s seat {seat} did not come "
                         f"back {after}: {self.why_not_back(person, run, t0)}; {server}"
                         f"{self.keep_screen(person, run, 'not-back')}", "seat lost")
        await self.recover(person, run)
        return False

    def why_not_back(self, person: Person, run: GameRun, since: float) -> str:
        if person.pane is None:
            return self.client_words(person)
        screen = person.pane.screen()
        where = screen.where()
        went = f" (its screen went: {path_since(person, since)})"
        if where == "lobby":
            rejoin = " (its row says: your seat — rejoin)" if "rejoin" in screen.text else ""
            return f"the client landed in the lobby as {screen.you_are()!r}{rejoin}{went}"
        if where == "dead":
            return f"the client exited: {screen.last_words(4)}"
        table = screen.table()
        if table is not None and table[1]:
            return f"the client watches {table[0]!r} instead of playing{went}"
        return f"the client shows {where}: {screen.headline()}{went}"

    async def server_kill(self, run: GameRun) -> None:
        moves = run.moves
        run.restarting = True
        t0 = time.monotonic()
        seated = {p.name: len(p.headless.seated()) for p in run.players if p.headless}
        try:
            await asyncio.to_thread(self.server.kill)
            assert self.lobby is not None
            self.lobby.reset()
            await asyncio.to_thread(self.server.start, 30.0, self.port)
        finally:
            run.restarting = False
            run.progress_at = time.monotonic()
        self.report.ok(f"server kill -9 at move {moves}, started again on the same --db and "
                       f"port in {time.monotonic() - t0:.1f} s")
        async def checked(person: Person, check: Awaitable[Any]) -> None:
            try:
                await check
            finally:
                run.checking.discard(person.name)

        back = [checked(p, self.expect_back(p, run, "after the server restart",
                                            seated.get(p.name, 0)))
                for p in list(run.players)]
        if run.spectator is not None:
            back.append(checked(run.spectator, self.spectator_back(run, run.spectator, t0)))
        await asyncio.gather(*back)

    async def spectator_back(self, run: GameRun, spectator: Person, t0: float) -> None:
        """The spectator re-attached after the restart: its board follows the game (its table
        screen changes at move after move, not once at the reconnect) and the server lists it
        watching. Stuck: its board stood still while the game went on (as ``check_stuck``)."""
        moves = run.moves

        def followed() -> list[int]:
            return sorted({m for at, m in spectator.table_changes if at > t0 and m > moves})

        async def watching() -> bool:
            info = (await self.tables()).get(run.table)
            return info is not None and info.watchers >= 1

        async def attached() -> bool:
            return (len(followed()) >= 2 and await watching()) or run.over

        # (no progress while its board stands still: the game's moves do not count)
        await self.until(attached, lambda: spectator.board, self.args.stuck_after)
        seen = followed()
        last_at, last_move = max(((at, m) for at, m in spectator.table_changes if at > t0),
                                 default=(t0, moves))
        frozen = run.moves - last_move >= STUCK_MOVES and (
            run.over or time.monotonic() - last_at >= self.args.stuck_after)
        listed = await watching()
        what = (f"its board followed moves {seen[0]}-{seen[-1]}" if seen else
                "its board has not moved") + (
            f" while the game went from move {moves} to {run.moves}"
            f"{' (game over)' if run.over else ''}; the server lists "
            f"{'them' if listed else 'nobody'} watching")
        speaker = next((p for p in run.players if p.tui and p.role == "player"), None)
        player_says = 0
        if speaker is not None and speaker.pane is not None and not run.over:
            player_says = speaker.pane.screen().watchers_shown()
            what += f"; {speaker.name}'s status line says {player_says} watching"
        if frozen:
            if spectator.name not in run.stuck:
                run.stuck.add(spectator.name)
                self.report.fail(f"game {run.plan.number}: {spectator.name}'s spectator TUI is "
                                 f"stuck after the server restart: {what}; its screen went: "
                                 f"{path_since(spectator, t0)}"
                                 f"{self.keep_screen(spectator, run, 'stuck')}", "stuck client")
        elif (listed and (player_says or speaker is None)) or run.over:
            self.report.ok(f"{spectator.name} watches on after the restart: {what}")
        else:
            self.report.fail(f"game {run.plan.number}: {spectator.name} after the restart: "
                             f"{what}")
        if speaker is not None and not run.over:
            await self.chat(run, spectator, speaker, "after the crash")

    async def quit_by_dialog(self, run: GameRun, person: Person) -> None:
        assert person.pane is not None
        pane = person.pane
        person.busy = True
        try:
            async def dialog() -> Screen | None:
                screen = pane.screen()
                return screen if screen.where() == "quit_dialog" else None

            screen = None
            for _attempt in range(2):  # (a q pressed as the screen changed: press it again)
                pane.keys("q")
                screen = await self.until(dialog, pane.text, 5)
                if screen is not None:
                    break
            if screen is None:
                self.report.fail(f"game {run.plan.number}: {person.name}'s q opened no quit "
                                 f"dialog ({pane.screen().headline()})")
                return
            words = " ".join(screen.dialog_text().split())
            command = screen.quit_command()
            self.report.say(f"         {person.name}'s quit dialog: {words[:300]}")
            pane.keys("y")
            if not await self.wait_dead(pane):
                self.report.fail(f"game {run.plan.number}: {person.name}'s client did not exit "
                                 f"after y ({pane.screen().headline()})")
                self.kill_pane(pane)
            if command is None:
                self.report.fail(f"game {run.plan.number}: {person.name}'s quit dialog names no "
                                 "command to come back with", "seat lost")
                await self.recover(person, run)
                return
            pane.start(command)  # exactly as the dialog printed it
            self.note_pane(pane)
        finally:
            person.busy = False
        await self.expect_back(person, run, f"by the quit dialog's command `{command}`")

    async def tui_kill(self, run: GameRun, person: Person) -> None:
        assert person.pane is not None
        person.busy = True
        try:
            self.kill_pane(person.pane)
            await self.wait_dead(person.pane)
            person.pane.start(person.first_command)
            self.note_pane(person.pane)
        finally:
            person.busy = False
        self.report.ok(f"{person.name}'s TUI client killed (kill -9) at move {run.moves}; "
                       f"`{person.first_command}` again")
        await self.expect_back(person, run, "after kill -9 and its first command again")

    async def headless_kill(self, run: GameRun, person: Person) -> None:
        assert person.headless is not None
        person.headless.kill9()
        person.headless.start()
        self.report.ok(f"{person.name}'s headless client killed (kill -9) at move {run.moves}; "
                       f"`{person.headless.command}` again")
        await self.expect_back(person, run, "after kill -9 and the same command again")

    # --- after a game ---------------------------------------------------------------------

    async def leave_table(self, run: GameRun) -> None:
        """Everyone back to the lobby (TUIs) or exited (headless players)."""
        await asyncio.gather(*(self.back_to_lobby(p, run) for p in self.table_people(run)))

    async def back_to_lobby(self, person: Person, run: GameRun) -> None:
        if person.headless is not None:
            head = person.headless

            async def exited() -> bool:
                return not head.alive()

            await self.until(exited, lambda: head.stderr() + head.stdout(), 30)
            code = head.exit_code()
            if code is None:
                if run.over and person.name not in run.stuck:
                    run.stuck.add(person.name)
                    self.report.fail(f"game {run.plan.number}: {person.name}'s headless client"
                                     f" does not exit after the game over "
                                     f"({head.last_words()})", "stuck client")
                head.stop()
            elif code != 0 and run.over:
                self.report.fail(f"game {run.plan.number}: {person.name}'s headless client "
                                 f"ended with exit code {code}: {head.last_words()}")
            return
        assert person.pane is not None
        pane = person.pane

        ended = time.monotonic()

        async def in_lobby() -> bool:
            # The game over screen's b (the driver presses it) is the way back; a spectator
            # whose table shows no game over in a while goes back with q (not sooner: a q that
            # meets the game over screen quits the client).
            screen = pane.screen()
            now = time.monotonic()
            if screen.where() == "table" and person.role == "spectator" and \
                    now - ended > GAME_OVER_WAIT and now - person.pressed_at > 3:
                person.pressed_at = now
                pane.keys("q")
            return screen.where() == "lobby"

        if await self.until(in_lobby, pane.text, 20):
            return
        if person.name not in run.stuck:
            run.stuck.add(person.name)
            self.report.fail(f"game {run.plan.number}: {person.name}'s TUI client cannot get "
                             f"back to the lobby ({person.role}; its screen: "
                             f"{pane.screen().last_words(3)})"
                             f"{self.keep_screen(person, run, 'no-lobby')}", "stuck client")
        person.role = ""
        await self.recover(person, None)

    async def abandon(self, run: GameRun) -> None:
        """A game that did not end (already counted as failed): its headless players are
        stopped and its TUI clients started again, out of any seat."""
        for person in self.table_people(run):
            if person.headless is not None:
                person.headless.stop()
                continue
            assert person.pane is not None
            person.busy = True
            try:
                pane = person.pane
                for _attempt in range(3):  # q from the table; a quit dialog's y ends the client
                    screen = pane.screen()
                    if screen.where() in ("lobby", "dead"):
                        break
                    pane.keys("y" if screen.where() == "quit_dialog" else "q")
                    await self.until(self._screen_moved(pane, screen.text), pane.text, 5)
                if pane.screen().where() != "lobby":
                    self.kill_pane(pane)
                    pane.start(person.first_command)
                    self.note_pane(pane)
            finally:
                person.busy = False

    def _screen_moved(self, pane: Pane, before: str) -> Callable[[], Awaitable[bool]]:
        async def check() -> bool:
            return pane.text() != before

        return check

    async def check_history(self, run: GameRun) -> None:
        journal = run.journal
        game = journal.game_id
        final = tuple(journal.final_scores)
        moves = len(journal.actions)
        ids = player_ids(self.db, game)
        self.finished.append((game, run.table, final, moves))
        t0 = time.monotonic()
        history = await ask_history(self.ctx, self.server.endpoint, game)
        problems = self.history_problems(history, game, run.table, final, moves, ids,
                                         journal.seat_names)
        earlier = [g for g, *_ in self.finished[:-1] if g not in history.listed]
        took = time.monotonic() - t0
        if problems:
            self.report.fail(f"game {run.plan.number} (game id {game}) missing from a fresh "
                             f"session's history: {'; '.join(problems)}",
                             "missing from the history")
        else:
            self.report.ok(f"history at once ({took:.2f} s): list_games lists game {game} with "
                           f"its scores, get_replay gives its {moves} moves, get_stats counts "
                           f"it for its {len(ids)} players")
        if earlier:
            self.report.fail(f"game {run.plan.number}: list_games no longer lists earlier "
                             f"games {earlier}")

    def history_problems(
        self, history: Any, game: int, table: str, final: tuple[int, ...], moves: int,
        ids: dict[int, str], names: dict[int, str],
    ) -> list[str]:
        problems = []
        if history.failure:
            problems.append(history.failure)
        listed = history.listed.get(game)
        if listed is None:
            problems.append(f"list_games does not list it (it lists game ids "
                            f"{sorted(history.listed)})")
        elif listed.table != table or tuple(listed.scores) != final:
            problems.append(f"list_games lists it as {listed.table!r} {listed.scores}, the "
                            f"journal says {table!r} {final}")
        if history.replay is None:
            problems.append(f"get_replay {game} answers {history.replay_error or 'nothing'}")
        elif len(history.replay.actions) != moves:
            problems.append(f"get_replay {game} has {len(history.replay.actions)} moves, the "
                            f"journal {moves}")
        stale = []
        played = games_played(self.db)  # (every game the journal holds finished, also one
        for seat, player in sorted(ids.items()):  # the soak gave up on and bots finished)
            stats = history.stats.get(player)
            got = stats.games if stats is not None else 0
            if got != played[player]:
                stale.append(f"{names.get(seat, '?')} {got} games of {played[player]}")
        if stale:
            problems.append("get_stats counts " + ", ".join(stale))
        return problems

    async def last_look(self) -> None:
        """At the end of the evening, one more fresh session: every finished game listed and
        replayable."""
        if not self.finished:
            return
        last = self.finished[-1][0]
        history = await ask_history(self.ctx, self.server.endpoint, last)
        listed = sum(1 for g, *_ in self.finished if g in history.listed)
        replayable = 0
        for game, *_ in self.finished:
            answer = await ask_history(self.ctx, self.server.endpoint, game)
            replayable += answer.replay is not None
        line = (f"end of the evening: a fresh session lists {listed} and replays {replayable} "
                f"of the {len(self.finished)} finished games")
        if listed == replayable == len(self.finished):
            self.report.ok(line)
        else:
            self.report.fail(line)

    # --- the solo games on the side -------------------------------------------------------

    async def solo_games(self) -> None:
        try:
            await self._solo_games()
        except Exception as e:  # the soak's own failure: say it, and go on with the evening
            self.report.fail(f"Dee's solo games: the soak itself failed: {e!r}")
            traceback.print_exc()

    async def _solo_games(self) -> None:
        dee = self.people["Dee"]
        if self.solo is None:
            self.solo = Person("Dee", dee.home, random.Random(f"{self.args.seed}-solo"),
                               role="solo")
            self.solo.pane = Pane(self.tmux, f"{self.tmux.socket}-dee-solo", dee.home.env())
        person = self.solo
        assert person.pane is not None
        pane = person.pane
        for number in (1, 2):
            person.busy = False
            pane.start(SOLO_COMMAND)
            self.note_pane(pane)
            moves = person.moves
            t0 = time.monotonic()

            async def over(moves: int = moves) -> bool:
                return person.screen.where() == "game_over" and person.moves > moves

            def progress() -> object:
                return (person.board, person.moves)

            if await self.until(over, progress, self.args.stuck_after):
                self.report.solo_finished += 1
                self.report.ok(f"Dee's solo game {number} (`{SOLO_COMMAND}`): game over after "
                               f"{person.moves - moves} moves of hers, "
                               f"{time.monotonic() - t0:.0f} s")
                person.busy = True
                pane.keys("q")

                async def quit_dialog_or_dead() -> bool:
                    screen = pane.screen()
                    if screen.where() == "quit_dialog":
                        pane.keys("y")
                    return screen.dead

                if not await self.until(quit_dialog_or_dead, pane.text, 15):
                    self.report.fail(f"Dee's solo client does not quit from its game over "
                                     f"({pane.screen().headline()})")
                    self.kill_pane(pane)
                continue
            screen = pane.screen()
            where = screen.where()
            words = screen.words()
            if where in ("connecting", "table") and person.moves == moves:
                self.report.fail(f"Dee's solo game {number} (`{SOLO_COMMAND}`) hangs: "
                                 f"{where}: {words[:300]}", "stuck client")
            else:
                self.report.fail(f"Dee's solo game {number} (`{SOLO_COMMAND}`) does not play: "
                                 f"{where}: {words[:300]}")
            person.busy = True
            self.kill_pane(pane)
        person.busy = True

    # --- the end ----------------------------------------------------------------------------

    def cleanup(self) -> None:
        """End every process this soak started: headless players, the clients in tmux and
        what they started (a solo client's server), the tmux server, the server."""
        for head in self.headless:
            with contextlib.suppress(Exception):
                head.stop()
        pids = set(self.pane_pids)
        for person in self.tui_people():
            if person.pane is not None:
                with contextlib.suppress(Exception):
                    pids.add(person.pane.state().pid)
        for pid in list(pids):
            pids.update(descendants(pid))
        with contextlib.suppress(Exception):
            self.tmux.kill_server()
        for pid in pids:
            with contextlib.suppress(OSError):
                if "seasalt" in Path(f"/proc/{pid}/cmdline").read_text(errors="replace"):
                    os.kill(pid, signal.SIGKILL)
        if self.lobby is not None:
            self.lobby.close()
        if self.server.proc is not None and self.server.proc.poll() is None:
            with contextlib.suppress(Exception):
                self.server.terminate()
        self.ctx.destroy(linger=0)


def parse_args(argv: list[str] | None = None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument("--games", type=int, default=10, help="games in a row (default 10)")
    parser.add_argument("--seed", type=int, default=1, help="the plan's and the bots' seed")
    parser.add_argument("--stuck-after", type=float, default=30.0, metavar="S",
                        help="seconds a client may miss its game's moves (default 30)")
    parser.add_argument("--comeback", type=float, default=30.0, metavar="S",
                        help="seconds without progress before a seat counts as not coming "
                        "back (default 30)")
    parser.add_argument("--takeover-after", type=float, default=15.0, metavar="S",
                        help="the server's --takeover-after (default 15)")
    parser.add_argument("--keep", type=Path, default=None, metavar="DIR",
                        help="the work folder (journal, logs, homes), kept; default: a "
                        "temporary folder, kept only when a step failed")
    parser.add_argument("--tmux-socket", default=None, metavar="NAME",
                        help="the name of this soak's own tmux server (default "
                        "seasalt-evening-PID)")
    args = parser.parse_args(argv)
    if args.games < 1:
        parser.error("--games must be 1 or more")
    return args


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    if shutil.which("tmux") is None:
        print("evening soak: tmux is not installed", file=sys.stderr)
        return 2
    workdir = args.keep or Path(tempfile.mkdtemp(prefix="evening-soak-"))
    workdir.mkdir(parents=True, exist_ok=True)
    (workdir / "logs").mkdir(exist_ok=True)
    report = Report(workdir / "evening.txt")
    plans = make_plan(args.games, args.seed)
    evening = Evening(args, workdir, report)
    report.say(f"evening soak: {args.games} games, seed {args.seed}, work folder {workdir}")
    report.say(f"clients: {' '.join(client_program())}")
    started = time.monotonic()

    def stop(signum: int, frame: object) -> None:
        raise KeyboardInterrupt

    signal.signal(signal.SIGTERM, stop)
    interrupted = False
    try:
        asyncio.run(evening.evening(plans))
    except KeyboardInterrupt:
        interrupted = True
        report.say("\ninterrupted: ending every process it started")
    finally:
        evening.cleanup()
    figures(report, args.games, time.monotonic() - started)
    report.close()
    ok = not report.failures and not interrupted and report.games_finished == args.games
    if ok and args.keep is None:
        shutil.rmtree(workdir, ignore_errors=True)
    else:
        print(f"work folder kept: {workdir}")
    return 0 if ok else 1


if __name__ == "__main__":
    raise SystemExit(main())
