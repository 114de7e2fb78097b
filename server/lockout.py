"""Keeping the lobby open: no client can lock others out, not even across restarts.

Kept apart from lobby.py on purpose: the session opening (server/arrivals.py) and the lobby
call these small checks, and each says why.

- Caps per connection and per remote address on sessions and on waiting tables, refused with
  ``limit_reached`` (ServerConfig ``max_*_per_connection``/``max_*_per_address``).
- A new ``hello`` on a connection closes that connection's previous session unless it holds a
  seat (one connection cannot pile up lobby sessions).
- A waiting table whose humans are all disconnected expires after the takeover delay.
- A table is written to the journal only when its game starts: a table created and left before
  it started leaves no rows, and waiting tables are never brought back after a restart.
"""

from __future__ import annotations

from dataclasses import dataclass

from seasalt.engine import ENGINE_VERSION

from .config import ServerConfig, log
from .journal import Journal
from .limits import PeerLimiter, capped_address
from .peers import Origin
from .sessions import Session, SessionRegistry
from .table_registry import TableRegistry
from .tables import Status, Table

NOT_JOURNALLED = 0
"""``Table.game_id`` of a table whose game has not started: no journal row yet."""


@dataclass(eq=False, repr=False)
class Lockout:
    """The caps on sessions and waiting tables, and the rule that only a started game is
    journalled."""

    config: ServerConfig
    tables: TableRegistry
    sessions: SessionRegistry
    journal: Journal

    def __post_init__(self) -> None:
        per_minute = self.config.new_sessions_per_address
        self._new_sessions: PeerLimiter[str] = PeerLimiter(per_minute / 60, per_minute)
        """The sessions each capped address opened lately (``new_sessions_per_address``)."""

    # --- caps ------------------------------------------------------------------------

    def _capped_address(self, address: str | None) -> str | None:
        """The address the per-address caps count, or None when they do not apply: unknown,
        or this machine itself (solo and host mode, tests) when ``caps_exempt_loopback``."""
        return capped_address(address, self.config.caps_exempt_loopback)

    def session_cap_refusal(
        self, peer: bytes, origin: Origin | None, now: float
    ) -> str | None:
        """Why this connection may not open another session now (None: it may; the new
        session is counted against its address's budget of new sessions)."""
        if origin is None:
            return None
        opened_by = (peer, *origin.connection)
        sessions = list(self.sessions)
        mine = sum(1 for s in sessions if s.opened_by == opened_by)
        if mine >= self.config.max_sessions_per_connection:
            return (
                f"this connection already opened {mine} sessions (the limit is "
                f"{self.config.max_sessions_per_connection}): resume one with its token"
            )
        address = self._capped_address(origin.address)
        if address is not None:
            from_there = sum(1 for s in sessions if s.address == address)
            if from_there >= self.config.max_sessions_per_address:
                return (
                    f"{address} already holds {from_there} sessions on this server (the limit "
                    f"is {self.config.max_sessions_per_address})"
                )
            if not self._new_sessions.allow(address, now):
                return (
                    f"{address} opened {self.config.new_sessions_per_address} sessions in the "
                    "last minute (the limit): resume one with its token, or try again shortly"
                )
        return None

    def prune(self, now: float) -> None:
        """Forget the addresses whose new-session budget has refilled (the timers call it)."""
        self._new_sessions.prune(now)

    def mark_opened(self, session: Session, peer: bytes, origin: Origin | None) -> None:
        """Remember where a new session came from (the caps count it there)."""
        if origin is not None:
            session.opened_by = (peer, *origin.connection)
            session.address = origin.address

    def table_cap_refusal(self, session: Session) -> str | None:
        """Why this session's connection or address may not create another table now."""
        waiting = [
            t.created_by
            for t in self.tables.values()
            if t.status is Status.WAITING and t.created_by is not None
        ]
        if session.opened_by is not None:
            mine = sum(1 for by in waiting if by[0] == session.opened_by)
            if mine >= self.config.max_tables_per_connection:
                return (
                    f"this connection already created {mine} tables still waiting for "
                    f"players (the limit is {self.config.max_tables_per_connection})"
                )
        address = self._capped_address(session.address)
        if address is not None:
            there = sum(1 for by in waiting if by[1] == address)
            if there >= self.config.max_tables_per_address:
                return (
                    f"{address} already created {there} tables still waiting for players "
                    f"(the limit is {self.config.max_tables_per_address})"
                )
        return None

    def mark_created(self, table: Table, session: Session) -> None:
        table.created_by = (session.opened_by, self._capped_address(session.address))

    # --- waiting tables -----------------------------------------------------------------

    def expire_abandoned_tables(self, now: float) -> None:
        """Drop every waiting table whose humans have all been gone for the takeover delay:
        nobody is coming to start it, and it would hold its name and a table slot forever."""
        limit = self.config.peer_timeout + self.config.takeover_after
        for table in list(self.tables.values()):
            if table.status is not Status.WAITING:
                continue
            holders = [self.sessions.holder(table, s.index) for s in table.seats if s.holder]
            watchers = [self.sessions.get(h) for h in table.watchers]
            people = [s for s in holders + watchers if s is not None]
            # Counted from when each was last heard, connected or not (a closed connection
            # unbinds at once; its player may still resume within the delay).
            if any(now - s.last_seen <= limit for s in people):
                continue
            for session in people:
                session.table = session.seat = None
            if table.game_id != NOT_JOURNALLED:
                self.journal.mark_finished(table.game_id)
            self.tables.remove(table)
            log.info("table %s expired: nobody came to start it", table.name)

    def journal_table(self, table: Table) -> None:
        """Write a table's game to the journal when it starts (with the seats taken)."""
        if table.game_id != NOT_JOURNALLED:
            return
        table.game_id = self.journal.create_game(
            table.name, table.game_no, table.players, table.extra_salt, table.double_target,
            table.seat_kinds, table.seed, table.seq_base, ENGINE_VERSION,
            turn_time=table.turn_time, target=table.target,
            coach_allowed=table.coach_allowed, extra_pepper=table.extra_pepper,
        )
        for seat in table.seats:
            if seat.holder is not None:
                self.journal.set_seat(table.game_id, seat.index, seat.name, seat.holder)

    def journal_seat(self, table: Table, index: int, name: str | None, holder: str | None) -> None:
        """Record a seat change, once the table is in the journal."""
        if table.game_id != NOT_JOURNALLED:
            self.journal.set_seat(table.game_id, index, name, holder)
