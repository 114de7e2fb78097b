"""Game actions: the action guards, the journal-then-send commit, the reading pause, bots.

The guards follow boardgame.io's master (STYLE §3), in this order in ``on_action``: the turn's
time has not run out, table exists, seated, not over, started, to act, ``seq`` matches (zguide
Clone's optimistic concurrency), not paused for reading (then it waits), and only then
``engine.apply``.
"""

from __future__ import annotations

import asyncio
from collections.abc import Iterable
from dataclasses import dataclass, field
from functools import partial

from seasalt.engine import (
    Action,
    ApplyResult,
    EventKind,
    IllegalActionError,
    events_for,
    view,
)
from seasalt.protocol import (
    ActionRequest,
    Continue,
    ErrorCode,
    GameOver,
    Update,
    action_to_wire,
    encode,
    result_to_wire,
)

from .botpool import BotPool, thinks
from .clocks import TableClocks
from .config import log
from .guards import seated_at
from .journal import Journal
from .journal_schema import to_blob
from .news import TableNews
from .outbox import Outbox
from .seeds import bot_seed
from .sessions import Session
from .shared import TableService
from .tables import Status, Table

_PAD_STEP = 0.05
"""Seconds between two looks at the clock while a bot's move waits for its table's minimum
think time (the server's clock is injectable: tests move it by hand)."""

ROUND_ENDS = (EventKind.ROUND_SCORED, EventKind.ROUND_VOID, EventKind.MERMAID_WIN)
IDLE = "idle"
"""``hand_to_bot``'s reason for a player who let the table wait past the idle limit."""


@dataclass(frozen=True, slots=True)
class Queued:
    """A human action sent while the table paused for reading: played when the pause ends."""

    session: Session
    seat: int
    seq: int
    action: Action


@dataclass(eq=False, repr=False)
class Game(TableService):
    """Accepting actions, human and bot; owns the bot turns in flight and the actions queued
    during a reading pause."""

    outbox: Outbox
    news: TableNews
    clocks: TableClocks
    journal: Journal
    bots: BotPool
    bot_tasks: dict[str, asyncio.Task[None]] = field(default_factory=dict, init=False)
    """The bot turn in flight at each table (one at most)."""
    queued: dict[str, Queued] = field(default_factory=dict, init=False)
    actions_accepted: int = field(default=0, init=False)
    held: dict[str, dict[str, tuple[Session, bytes, ActionRequest]]] = field(
        default_factory=dict, init=False
    )
    """Action requests that came while their table's last action was being committed, by
    table and session (the latest of each): guarded and played once it is in."""
    closed: bool = field(default=False, init=False)
    """The server is stopping: a commit that comes back now tells nobody."""
    # --- the guards -----------------------------------------------------------------------

    def on_action(self, session: Session, peer: bytes, msg: ActionRequest) -> None:
        table = self.tables.get(msg.table)
        if table is not None and table.committing:
            # Every guard below reads the table as it will be once that action is in.
            self.held.setdefault(table.name, {})[session.token_hash] = (session, peer, msg)
            return
        if table is not None and self.clocks.timed_out(session, table):
            self.outbox.error(
                peer, ErrorCode.NOT_YOUR_TURN,
                "time ran out: a bot plays the rest of this turn for you", table.name,
            )
            return
        seated = seated_at(self.tables, self.outbox, session, peer, msg.table)
        if seated is None:
            return
        table, seat = seated
        self.take_back(table, seat)  # a move of their own: the idle player is back
        if table.status is Status.FINISHED:
            self.outbox.error(peer, ErrorCode.GAME_OVER, "the game is over", table.name)
            return
        if table.status is Status.WAITING:
            self.outbox.error(
                peer,
                ErrorCode.NOT_YOUR_TURN,
                "the game has not started: waiting for players",
                table.name,
            )
            return
        if table.state.to_act != seat:
            self.outbox.error(
                peer,
                ErrorCode.NOT_YOUR_TURN,
                f"seat {table.state.to_act} is to act, you are seat {seat}",
                table.name,
            )
            return
        if msg.seq != table.seq:
            self.outbox.error(
                peer,
                ErrorCode.STALE_SEQ,
                f"the table is at seq {table.seq}, your action was for {msg.seq}; "
                "a snapshot follows",
                table.name,
            )
            self.news.snapshot(session, table)
            return
        if table.status is Status.ROUND_OVER:
            # Acting means done reading; the action waits for the others to be done too.
            self.queued[table.name] = Queued(session, seat, msg.seq, msg.action)
            self.on_continue(session, peer, Continue(table.name))
            return
        self.play(table, msg.action, peer)

    def play(self, table: Table, action: Action, peer: bytes | None) -> bool:
        """Play an action for the seat to act (checked by the caller): journal it, then (once
        the commit is in) make it the table's and tell everyone. False: the engine refused
        it (the player is told why)."""
        seat, round_no = table.state.to_act, table.state.round
        takeover = None
        if peer is None and seat is not None and not table.seats[seat].is_bot:
            level = table.bot_level(seat)  # a bot moving for a human: told apart (stats)
            takeover = None if level is None else (seat, round_no, level)
        try:
            result = table.attempt(action)
        except IllegalActionError as exc:
            if peer is not None:
                self.outbox.error(peer, ErrorCode.ILLEGAL_ACTION, str(exc), table.name)
            else:
                log.error("bot chose an illegal action at %s: %s", table.name, exc)
            return False
        self.commit(table, action, result, takeover, peer)
        return True

    # --- commit: journal first, then every seat and watcher -------------------------------

    def commit(
        self,
        table: Table,
        action: Action,
        result: ApplyResult,
        takeover: tuple[int, int, str] | None = None,
        peer: bytes | None = None,
    ) -> None:
        """Journal the action; once its commit is in (at once, or later on the loop for a
        journal that fsyncs: server/journal_writer.py), the table takes it and every member is
        told (:meth:`_committed`). Until then the table is ``committing``: its state is the
        one everyone was told of, and no other action is played there."""
        state = result.state
        round_ended = any(e.kind in ROUND_ENDS for e in result.events)
        round_result = None
        if round_ended and state.last_result is not None:
            round_result = (
                state.last_result.round,
                to_blob(result_to_wire(state.last_result)),
            )
        table.committing = True
        try:
            self.journal.append_action(
                table.game_id,
                state.move,
                to_blob(action_to_wire(action)),
                round_result,
                state.scores if state.is_over else None,
                state.winners if state.is_over else None,
                takeover,
                done=partial(self._committed, table, result, takeover, peer),
            )
        except BaseException:
            table.committing = False  # not journalled: nothing changed, nobody is told
            raise

    def _committed(
        self,
        table: Table,
        result: ApplyResult,
        takeover: tuple[int, int, str] | None,
        peer: bytes | None,
        error: BaseException | None,
    ) -> None:
        """The action's commit is in (``error`` None): the table takes it and everyone is
        told; then the requests held meanwhile are played."""
        table.committing = False
        if self.closed:
            return
        if error is not None:
            log.error("the journal could not keep an action at %s: %s", table.name, error)
            if peer is not None:
                self.outbox.error(peer, ErrorCode.SERVER_ERROR, "internal server error",
                                  table.name)
        else:
            table.install(result)
            if takeover is not None:
                table.note_stand_in(takeover[0], takeover[2], takeover[1])
            marks = table.marks.note(result, None if takeover is None else takeover[0])
            if self.tables.get(table.name) is table:  # else gone meanwhile: nobody to tell
                self._send(table, result, marks)
                self.clocks.after_commit(table)
        for session, held_peer, msg in self.held.pop(table.name, {}).values():
            if session.peer == held_peer:  # still the connection that sent it
                self.on_action(session, held_peer, msg)
        self.schedule_bot(table)

    def _send(self, table: Table, result: ApplyResult, marks: tuple[int, ...]) -> None:
        state = result.state
        round_ended = any(e.kind in ROUND_ENDS for e in result.events)
        self.actions_accepted += 1
        seq = table.seq
        members = list(self.sessions.members(table))
        frames: dict[int | None, bytes] = {}  # by seat; every spectator (None) shares one
        for _, seat in members:
            if seat not in frames:
                frames[seat] = encode(
                    Update(
                        table.name,
                        seq,
                        view(state, seat, table.views),
                        events_for(result.events, seat, table.views),
                    ),
                    table.frames,
                )
        # The bot's moves for an absent player, marked just before the update (the same
        # positions for every seat: redaction keeps each event in its place).
        stand_in = table.marks.message(table.name, seq, state, marks)
        marked = encode(stand_in) if stand_in is not None else None
        # Every frame is ready before the first leaves: the sends go out back to back, so
        # libzmq's I/O thread is woken once per update rather than once per seat (on a busy
        # machine each wake-up can cost a trip through the run queue).
        for session, seat in members:
            if marked is not None:
                self.outbox.send_encoded(session, marked)
            if not self.outbox.send_encoded(session, frames[seat]):
                session.resync.add(table.name)
        if round_ended:
            self.start_reading(table, members)
        if state.is_over:
            over = GameOver(table.name, seq, state.scores, state.winners, state.standings())
            record = encode(self.news.game_record(table))
            for session, _ in members:
                self.outbox.send(session, over)
                self.outbox.send_encoded(session, record)
            self.news.announce(table)
            if not members:
                self.tables.remove(table)  # everyone had left: nobody will play again

    # --- the reading pause after a round --------------------------------------------------

    def start_reading(self, table: Table, members: list[tuple[Session, int | None]]) -> None:
        """Wait for ``continue`` from each connected human (not bots, not the absent)."""
        if not table.state.is_over:
            table.reading = {
                seat
                for session, seat in members
                if seat is not None
                and not table.seats[seat].bot_playing
                and self.sessions.connected(session)
            }
            table.continue_deadline = self.clock.now() + self.config.continue_timeout
        self.news.send_round_over(table)
        if table.status is Status.ROUND_OVER and not table.reading:
            self.end_reading(table)
        elif table.status is Status.ROUND_OVER:
            self.news.announce(table)

    def on_continue(self, session: Session, peer: bytes, msg: Continue) -> None:
        table = self.tables.get(msg.table)
        if table is None or session.table != table.name or session.seat is None:
            return  # nothing to wait for: continue is idempotent
        self.take_back(table, session.seat)  # (outside the pause: "I am here")
        if table.status is not Status.ROUND_OVER or session.seat not in table.reading:
            return
        table.reading.discard(session.seat)
        if table.reading:
            self.news.send_round_over(table)
        else:
            self.end_reading(table)

    def end_reading(self, table: Table) -> None:
        # Journalled: a restart before the next round's first move plays on, not pauses again.
        self.journal.note_reading_over(table.game_id, table.state.move)
        table.status = Status.RUNNING
        table.reading.clear()
        table.reading_restored = False
        table.continue_deadline = None
        self.news.announce(table)
        queued = self.queued.pop(table.name, None)
        if (
            queued is not None
            and queued.seq == table.seq
            and table.state.to_act == queued.seat
            and queued.session.table == table.name
            and queued.session.seat == queued.seat
            and table.bot_level(queued.seat) is None
        ):
            self.play(table, queued.action, queued.session.peer)
            return
        self.schedule_bot(table)

    def hand_to_bot(self, table: Table, seats: Iterable[int], why: str) -> bool:
        """The players of ``seats`` have gone from a game being played (they left it, said
        ``away``, or went silent past the takeover delay): a bot plays each seat until its
        player is back, and nobody waits for them to read the round's result. The one handover
        for every path (server/lobby.py, server/presence.py); a move one of them queued for the
        next round is the caller's to forget. True when this ended the reading pause
        (``end_reading`` has told the table and started the bots); otherwise the caller tells
        the table and schedules the bot."""
        gone = list(seats)
        for index in gone:  # every seat is the bot's before the pause may end (its queued move)
            # (the latest reason says how the seat comes back)
            if self.tables.hand_to_bot(table, index, idle=why == IDLE):
                log.info("table %s: seat %d %s; a bot plays it", table.name, index, why)
        waited_for = bool(table.reading)
        table.reading.difference_update(gone)
        if waited_for and not table.reading:
            self.end_reading(table)
            return True
        return False

    def take_back(self, table: Table, index: int) -> None:
        """The seat a bot took for idleness is its player's again (their own action or
        ``continue``: a heartbeat is not a sign they are back). The table is told before
        the action is played."""
        seat = table.seats[index]
        if not (seat.bot_playing and seat.idle):
            return
        self.tables.give_back(table, index)
        log.info("table %s: seat %d is back from idle; the bot stops", table.name, index)
        self.news.announce(table)

    def forget_queued(self, table_name: str, seat: int) -> None:
        queued = self.queued.get(table_name)
        if queued is not None and queued.seat == seat:
            del self.queued[table_name]

    # --- bots ---------------------------------------------------------------------------

    def schedule_bot(self, table: Table) -> None:
        """Start the bot turn when a bot (or a takeover) is to act and play is not paused."""
        seat = table.state.to_act
        if (
            table.status is not Status.RUNNING
            or table.committing  # it is scheduled again once the commit is in
            or seat is None
            or table.bot_level(seat) is None
            or table.name in self.bot_tasks
        ):
            return
        task = asyncio.get_running_loop().create_task(self._bot_turn(table, seat))
        self.bot_tasks[table.name] = task

    def bot_pause(self, table: Table) -> float:
        """The least time every bot decision at ``table`` takes, on the server's clock: the bot
        delay (so people can follow), and at a table with a searching bot (whose think time
        depends on the position) the whole think budget, so that no decision there, a forced
        one or a stand-in's included, is quicker than one the search used up."""
        think = self.config.bot_think
        searching = think > 0 and any(
            thinks(table.bot_level(s)) for s in range(len(table.seats))
        )
        return max(self.config.bot_delay, think if searching else 0.0)

    async def _bot_turn(self, table: Table, seat: int) -> None:
        move = table.state.move
        try:
            level = table.bot_level(seat)
            if level is None:
                return
            # The bot starts thinking at once; its move is played no sooner than the table's
            # bot pause (``bot_pause``) has passed on the server's clock, with one option or
            # many: every bot decision at a table takes the same time, which tells nobody how
            # many options the bot had. The search itself stops at the think budget.
            started = self.clock.now()
            think = self.config.bot_think
            seed = bot_seed(table.seed, seat)
            action = await self.bots.decide(
                level, seed, view(table.state, seat, table.views), think or None
            )
            floor = self.bot_pause(table)
            while (left := started + floor - self.clock.now()) > 0:
                await asyncio.sleep(min(left, _PAD_STEP))
            still_due = (
                self.tables.get(table.name) is table
                and not table.committing
                and table.status is Status.RUNNING
                and table.state.move == move
                and table.state.to_act == seat
                and table.bot_level(seat) is not None
            )
            if still_due:
                self.play(table, action, None)
        except asyncio.CancelledError:
            raise
        except Exception:
            log.exception("bot turn failed at table %s seat %d", table.name, seat)
            await asyncio.sleep(1.0)  # then try again, without spinning
        finally:
            if self.bot_tasks.get(table.name) is asyncio.current_task():
                del self.bot_tasks[table.name]
        self.schedule_bot(table)
