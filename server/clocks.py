"""The table's clocks: the turn timer (a table option), the idle limit of a table without one,
and telling the table about every clock that runs — the turn timer, the takeover delay of a
silent or idle player, the reading pause.

The server's clock decides (``clock``, injectable: tests move a ManualClock and call
``tick``). Clients are told the time *left* in a ``clocks`` message (protocol/clocks.py) and
count down with their own monotonic clock.

Turn timer: while a human plays the seat to act, that turn's time runs (server/turn_clock.py).
When it runs out, the takeover bot plays the rest of the turn (every pending sub-choice too),
everyone gets ``time_ran_out``, and the seat is the player's again for their next turn. It is
journalled with the game (``games.turn_time``); after a restart the player to act gets a fresh
full turn.

Idle limit: at a table without a turn timer, a connected player to act who makes no move for
``idle_after`` seconds is taken over as a lost player is (server/presence.py hands the seat
over): the table sees the same takeover countdown for its last ``takeover_after`` seconds, and
a bot plays the seat until the player's next ``action`` or ``continue``.
"""

from __future__ import annotations

from dataclasses import dataclass

from seasalt.engine import Event, EventKind, Phase
from seasalt.protocol import Clocks, SeatClock, TimeRanOut, encode

from .config import log
from .outbox import Outbox
from .sessions import Session
from .shared import TableService
from .tables import Status, Table
from .turn_clock import IdleKey, TurnKey


def _ms(seconds: float) -> int:
    return max(0, round(seconds * 1000))


def _turn_start(log: tuple[Event, ...]) -> int:
    """Where the turn being played began in the round's log (looked for from the end: a few
    events back)."""
    for index in range(len(log) - 1, -1, -1):
        if log[index].kind is EventKind.TURN_STARTED:
            return index
    return -1


@dataclass(eq=False, repr=False)
class TableClocks(TableService):
    """The turn timer of every table, and the ``clocks`` message that tells a table its clocks.

    Called by the others at the moments a clock may start or stop: ``changed`` after a
    presence or status change (server/news.py's ``announce``), ``after_commit`` after an
    accepted action (server/game.py), ``tick`` from the timers (server/master.py).
    """

    outbox: Outbox
    # --- the moments a clock may change ---------------------------------------------------

    def tick(self) -> list[Table]:
        """Push changed clocks, run out due turns; returns the tables whose turn ran out (a
        bot is to play the rest of it: the caller schedules it)."""
        now = self.clock.now()
        ran_out = []
        for table in list(self.tables.values()):
            changed = self.sync_turn(table)
            if table.idle_clock.show(now):
                changed = True  # the idle player's takeover countdown starts showing
            if changed:
                self.push_clocks(table)
            if table.turn_clock.due(now) and self.time_ran_out(table):
                ran_out.append(table)
        return ran_out

    def changed(self, table: Table) -> None:
        """Presence or status changed: a takeover countdown may start or stop, a pause may
        begin or end, a seat may come back to its human."""
        self.sync_turn(table)
        self.push_clocks(table)

    def after_commit(self, table: Table) -> None:
        if self.tables.get(table.name) is table and self.sync_turn(table):
            self.push_clocks(table)  # a new turn's time starts (after its update)

    def timed_out(self, session: Session, table: Table) -> bool:
        """The session's seat is to act but its time ran out: a bot plays the rest of the
        turn, and the player's own action is refused (server/game.py's guards)."""
        seat = session.seat
        return (
            seat is not None
            and session.table == table.name
            and table.state.to_act == seat
            and table.turn_clock.seat_timed_out(seat)
        )

    # --- the turn timer -------------------------------------------------------------------

    def timed_turn(self, table: Table) -> TurnKey | None:
        """The turn the timer runs for now: a human plays the seat to act, play goes on."""
        seat = table.state.to_act
        if (
            table.turn_time <= 0
            or table.status is not Status.RUNNING
            or seat is None
            or table.seats[seat].is_bot
            or table.seats[seat].bot_playing
            or table.seats[seat].holder is None
        ):
            return None
        state = table.state
        # Extra Pepper's keep choice (RULES §12.0 step 5) comes after the round's last turn,
        # in the same round and log: it is a turn of its own (past the log's end), or a
        # receiver who ended the round would inherit what was left of that turn's time.
        start = len(state.log) if state.phase is Phase.KEEP_EVENT_CARD else _turn_start(state.log)
        return (table.game_no, state.round, start, seat)

    def sync_turn(self, table: Table) -> bool:
        """Start, keep or stop the turn timer and the idle limit; True when the table is to
        be told (the turn's deadline changed, an idle countdown shown stopped)."""
        now = self.clock.now()
        turn = table.turn_clock.sync(self.timed_turn(table), table.turn_time, now)
        idle = table.idle_clock.sync(
            self.idle_wait(table), self.config.idle_after, self.config.takeover_after, now
        )
        return turn or idle

    # --- the idle limit -------------------------------------------------------------------

    def idle_wait(self, table: Table) -> IdleKey | None:
        """The wait the idle limit runs for now: no turn timer, play going on, a connected
        human to act on their own seat (a lost one has the takeover delay running instead)."""
        seat = table.state.to_act
        if (
            self.config.idle_after <= 0
            or table.turn_time > 0
            or table.status is not Status.RUNNING
            or seat is None
        ):
            return None
        held = table.seats[seat]
        if held.is_bot or held.bot_playing or held.holder is None:
            return None
        if not self.sessions.connected(self.sessions.holder(table, seat)):
            return None
        return (table.game_no, table.state.move, seat)

    def idle_due(self, table: Table) -> int | None:
        """The seat whose player has kept the table waiting for the whole idle limit, now."""
        self.sync_turn(table)  # (the wait of the moment: a move or a lost link ends it)
        clock = table.idle_clock
        if clock.key is None or not clock.due(self.clock.now()):
            return None
        return clock.key[-1]

    def time_ran_out(self, table: Table) -> bool:
        key = table.turn_clock.run_out()
        if key is None:
            return False
        seat = key[-1]
        log.info("table %s: seat %d ran out of time; a bot plays the turn", table.name, seat)
        frame = encode(TimeRanOut(table.name, table.seq, seat))
        for session, _ in self.sessions.members(table):
            self.outbox.send_encoded(session, frame)
        self.push_clocks(table)
        return True

    # --- what the table is told -----------------------------------------------------------

    def clocks_of(self, table: Table) -> Clocks:
        now = self.clock.now()
        turn = None
        clock = table.turn_clock
        if clock.deadline is not None and clock.key is not None:
            turn = SeatClock(clock.key[-1], _ms(clock.deadline - now))
        takeovers = []
        if table.status in (Status.RUNNING, Status.ROUND_OVER):
            # The same rule as Presence.check_takeovers (server/presence.py), read as a time
            # left.
            limit = self.config.peer_timeout + self.config.takeover_after
            for seat in table.seats:
                if seat.is_bot or seat.holder is None or seat.bot_playing:
                    continue
                session = self.sessions.holder(table, seat.index)
                if self.sessions.connected(session):
                    continue
                last = self.sessions.last_heard(session)
                takeovers.append(SeatClock(seat.index, _ms(last + limit - now)))
            idle = table.idle_clock
            if idle.shown and idle.key is not None and idle.deadline is not None:
                # The same countdown for a player who is there but lets the table wait
                # (``SeatInfo.connected`` tells the two apart).
                takeovers.append(SeatClock(idle.key[-1], _ms(idle.deadline - now)))
        reading = None
        if table.status is Status.ROUND_OVER and table.continue_deadline is not None:
            reading = _ms(table.continue_deadline - now)
        return Clocks(table.name, table.seq, turn, tuple(takeovers), reading)

    def push_clocks(self, table: Table) -> None:
        """Send the table's clocks to everyone at it, unless none runs and none did."""
        clocks = self.clocks_of(table)
        if clocks.empty and not table.turn_clock.shown:
            return
        table.turn_clock.shown = not clocks.empty
        frame = encode(clocks)
        for session, _ in self.sessions.members(table):
            self.outbox.send_encoded(session, frame)
