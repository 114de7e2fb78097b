"""Presence on the timers: heartbeats, lost peers, bot takeovers, the reading timeout, resyncs;
the same takeover for a player who lets a table without a turn timer wait past the idle limit,
and at once for a player who says she is going (``away``).

``tick`` reads the injected clock and does whatever is due; the server calls Master.tick every
``config.tick`` seconds of real time, and tests call it after moving a ManualClock.
"""

from __future__ import annotations

from dataclasses import dataclass

from seasalt.protocol import Away, Heartbeat

from .config import log
from .game import IDLE, Game
from .lobby import Lobby
from .lockout import Lockout
from .news import TableNews
from .outbox import Outbox
from .sessions import Session
from .shared import TableService
from .tables import Status, Table

_PLAYING = (Status.RUNNING, Status.ROUND_OVER)
"""A game is being played: a seat gone from it is handed to a bot."""

_SESSION_IDLE_FACTOR = 20
"""A session at no table, silent for this many peer timeouts, is forgotten."""


@dataclass(eq=False, repr=False)
class Presence(TableService):
    """Who is still there: sessions heard from, seats of the silent handed to bots, pauses
    nobody is left to read, tables nobody came back to."""

    outbox: Outbox
    news: TableNews
    lobby: Lobby
    lockout: Lockout
    game: Game
    def tick(self) -> None:
        now = self.clock.now()
        timeout = self.config.peer_timeout
        changed: set[str] = set()
        for session in list(self.sessions):
            alive = session.connected(now, timeout)
            if alive != session.alive:
                session.alive = alive
                if session.table is not None:
                    changed.add(session.table)
            if alive:
                if now - session.last_sent >= self.config.heartbeat:
                    self.outbox.send(session, Heartbeat())
                for name in list(session.resync):
                    table = self.tables.get(name)
                    if table is None or session.table != name:
                        session.resync.discard(name)
                    else:
                        self.news.snapshot(session, table)
            elif session.table is None and now - session.last_seen > timeout * _SESSION_IDLE_FACTOR:
                self.sessions.forget(session)
        self.lockout.expire_abandoned_tables(now)
        for table in list(self.tables.values()):
            if self.forgotten(table, now) or self.lobby.release_lost(table):
                continue
            if self.check_takeovers(table, now) or self.check_idle(table):
                changed.add(table.name)
            if table.status is Status.ROUND_OVER:
                self.check_reading(table, now)
            self.game.schedule_bot(table)
        for name in changed:
            table = self.tables.get(name)
            if table is not None:
                self.news.announce(table)

    def on_away(self, session: Session, peer: bytes, msg: Away) -> None:
        """The player quit on purpose (``away``): what the takeover delay would do, now. A bot
        plays the seat, the table is told, and the seat stays the session's for ``resume``.
        Its connection is unbound: the client is closing, and a frame still on the way must
        not give the seat back (``_heard``: being heard again ends a takeover). Anything else
        (a spectator, no seat, no game running, a repeat) changes nothing and is not answered.
        """
        table = self.tables.get(session.table) if session.table is not None else None
        index = session.seat
        if table is None or index is None or table.status not in _PLAYING:
            return
        self.sessions.unbind(session)
        self.game.forget_queued(table.name, index)  # her first move of the next round
        if self.game.hand_to_bot(table, (index,), "away"):
            return  # the pause it ended told the table and started the bots
        self.news.announce(table)
        self.game.schedule_bot(table)

    def check_takeovers(self, table: Table, now: float) -> bool:
        """Hand to a bot every seat whose human has been gone longer than takeover_after."""
        if table.status not in _PLAYING:
            return False
        limit = self.config.peer_timeout + self.config.takeover_after
        silent = []
        for seat in table.seats:
            if seat.is_bot or seat.holder is None or seat.bot_playing:
                continue
            last = self.sessions.last_heard(self.sessions.holder(table, seat.index))
            if now - last > limit:
                silent.append(seat.index)
        # A move one of them queued stays: played if they are back before the pause ends.
        self.game.hand_to_bot(table, silent, "silent")  # (tick tells the table)
        return bool(silent)

    def check_idle(self, table: Table) -> bool:
        """Hand to a bot the seat of a player who has let the table wait past the idle limit
        (server/clocks.py): as for a silent player, until they are back (their next action or
        ``continue``: server/game.py ``take_back``)."""
        seat = self.game.clocks.idle_due(table)
        if seat is None:
            return False
        self.game.hand_to_bot(table, (seat,), IDLE)  # (tick tells the table)
        return True

    def check_reading(self, table: Table, now: float) -> None:
        """End the pause after a round when everyone left reading is gone or time is up."""
        for index in list(table.reading):
            seat = table.seats[index]
            if seat.bot_playing:
                table.reading.discard(index)
            elif table.reading_restored and seat.holder not in self.sessions:
                continue  # not back since the restart: only the deadline stops waiting for it
            elif not self.sessions.connected(self.sessions.holder(table, index)):
                table.reading.discard(index)
        deadline = table.continue_deadline
        if not table.reading or (deadline is not None and now >= deadline):
            self.game.end_reading(table)

    def forgotten(self, table: Table, now: float) -> bool:
        """Drop a game-over table brought back from the journal that nobody came back to."""
        if (
            table.status is not Status.FINISHED
            or table.forget_at is None
            or now < table.forget_at
            or any(True for _ in self.sessions.members(table))
        ):
            return False
        self.tables.remove(table)
        log.info("table %s forgotten: nobody came back to its game over", table.name)
        return True
