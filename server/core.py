"""The state every part of the server master shares, and the one way out: ``send``.

Everything that leaves the server is a protocol message built here or in the mixins, and the
game data in it comes only from ``engine.view(state, seat)`` and ``engine.events_for``
(boardgame.io's single filter choke point; spectators get ``view(state, None)``).
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Iterator

from seasalt.engine import view
from seasalt.protocol import (
    ChatHistory,
    Error,
    ErrorCode,
    GameOver,
    GameRecord,
    RoundOver,
    SeatInfo,
    ServerInfo,
    ServerMessage,
    Snapshot,
    TableChanged,
    TableInfo,
    TableState,
    Takeover,
    encode,
    result_from_wire,
)

from .botpool import BotPool
from .config import Clock, ServerConfig
from .journal import Journal, from_blob
from .sessions import Session, SessionRegistry
from .tables import Status, Table

log = logging.getLogger("seasalt.server")

SendFn = Callable[[bytes, bytes], bool]
"""(routing id, frame) -> sent; False when the peer's pipe is full or the peer is gone."""

_TABLE_STATE = {
    Status.WAITING: TableState.WAITING,
    Status.RUNNING: TableState.RUNNING,
    Status.ROUND_OVER: TableState.ROUND_OVER,
    Status.FINISHED: TableState.FINISHED,
}


class ServerCore:
    """Tables, sessions, journal and the outbound path."""

    def __init__(
        self,
        config: ServerConfig,
        clock: Clock,
        journal: Journal,
        bots: BotPool,
        send: SendFn,
        takeover_level: str,
    ) -> None:
        self.config = config
        self.clock = clock
        self.journal = journal
        self.bots = bots
        self._send_frame = send
        self.takeover_level = takeover_level
        self.sessions = SessionRegistry(config.rate_limit, config.rate_burst)
        self.tables: dict[str, Table] = {}
        self.refused: dict[str, str] = {}
        """Journalled tables that cannot be resumed (engine version), with the reason."""
        self.started_at = clock.now()
        self.frames_sent = 0
        self.web_urls: tuple[str, ...] = ()
        """Where friends open this server in a browser (``--web``; set once it listens)."""

    # --- the way out --------------------------------------------------------------------

    def send_server_info(self, session: Session) -> None:
        """After a ``welcome``: what every client's lobby shows about this server (the
        browser address), so that a player who typed the address can pass it on too."""
        if self.web_urls:
            self.send(session, ServerInfo(web=self.web_urls))

    def send(self, session: Session, message: ServerMessage) -> bool:
        """Send to a session's current connection, without blocking."""
        return self.send_encoded(session, encode(message))

    def send_encoded(self, session: Session, frame: bytes) -> bool:
        """Send an already encoded frame (one encoding shared by receivers of equal data)."""
        if session.peer is None:
            return False
        ok = self._send_frame(session.peer, frame)
        if ok:
            self.frames_sent += 1
            session.last_sent = self.clock.now()
        return ok

    def send_peer(self, peer: bytes, message: ServerMessage) -> bool:
        return self._send_frame(peer, encode(message))

    def error(
        self, peer: bytes, code: ErrorCode, message: str, table: str | None = None
    ) -> None:
        self.send_peer(peer, Error(code, message, table))

    def say_goodbye(self) -> None:
        """Tell every connected session the server is stopping (clients then resume later)."""
        goodbye = Error(ErrorCode.SHUTTING_DOWN, "the server is shutting down")
        for session in self.sessions.by_hash.values():
            if session.peer is not None:  # even a quiet one: the send never blocks
                self.send(session, goodbye)

    # --- who is at a table --------------------------------------------------------------

    def members(self, table: Table) -> Iterator[tuple[Session, int | None]]:
        """Every session at the table with its seat (None: watching), seated first."""
        for seat in table.seats:
            if seat.holder is None:
                continue
            session = self.sessions.by_hash.get(seat.holder)
            if session is not None and session.table == table.name and session.seat == seat.index:
                yield session, seat.index
        for token_hash in sorted(table.watchers):
            session = self.sessions.by_hash.get(token_hash)
            if session is not None and session.table == table.name and session.seat is None:
                yield session, None

    def connected(self, session: Session | None) -> bool:
        return session is not None and session.connected(
            self.clock.now(), self.config.peer_timeout
        )

    def holder_session(self, table: Table, index: int) -> Session | None:
        """The session of the human holding seat ``index``, if it is at the table."""
        holder = table.seats[index].holder
        if holder is None:
            return None
        session = self.sessions.by_hash.get(holder)
        if session is None or session.table != table.name or session.seat != index:
            return None
        return session

    # --- lobby data (public) ------------------------------------------------------------

    def info(self, table: Table) -> TableInfo:
        seats = []
        for seat in table.seats:
            if seat.is_bot:
                seats.append(SeatInfo(seat.kind, None, True, True))
                continue
            session = self.holder_session(table, seat.index)
            seats.append(
                SeatInfo(
                    seat.kind,
                    seat.name,
                    self.connected(session),
                    seat.bot_playing,
                )
            )
        watchers = sum(1 for _, s in self.members(table) if s is None)
        return TableInfo(
            name=table.name,
            seats=tuple(seats),
            extra_salt=table.extra_salt,
            double_target=table.double_target,
            state=_TABLE_STATE[table.status],
            round=table.state.round if table.status is not Status.WAITING else 0,
            watchers=watchers,
            turn_time=table.turn_time,
            target=table.target,
        )

    def announce(self, table: Table) -> None:
        """Tell everyone at the table its presence or status changed."""
        message = TableChanged(self.info(table))
        for session, _ in self.members(table):
            self.send(session, message)

    def snapshot(self, session: Session, table: Table) -> bool:
        """Send the session's full view of the table (its seat's, or the public one).

        A table still WAITING for players has no game to show: it gets the table info (who is
        seated, which seats are free) instead, and every member gets a snapshot when the game
        starts (:meth:`start_game`). A waiting view would offer the first seat actions that the
        server refuses (issue 13: "Your turn" in the waiting room, then a stuck screen).
        """
        if table.status is Status.WAITING:
            ok = self.send(session, TableChanged(self.info(table)))
        else:
            seat = session.seat if session.table == table.name else None
            snapshot = Snapshot(table.name, table.seq, view(table.state, seat, table.views))
            ok = self.send_encoded(session, encode(snapshot, table.frames))
        if ok:
            session.resync.discard(table.name)
        else:
            session.resync.add(table.name)
        return ok

    def send_game_over_to(self, session: Session, table: Table) -> None:
        """The game over of a finished table, for a player who comes back to it: without it
        the client shows "The game is over." with no way to agree to play again (QA)."""
        state = table.state
        if state.is_over:
            self.send(session, GameOver(
                table.name, table.seq, state.scores, state.winners, state.standings()))

    def send_round_over_to(self, session: Session, table: Table) -> None:
        """The result of the round just played and the seats still reading it."""
        seat = session.seat if session.table == table.name else None
        result = view(table.state, seat, table.views).last_result
        if result is not None:
            waiting = tuple(sorted(table.reading))
            self.send(session, RoundOver(table.name, table.seq, result, waiting))

    def game_record(self, table: Table) -> GameRecord:
        """How the finished game went: each round's points as journalled, the tie-break
        (decided by the engine), and the seats takeover bots played."""
        rounds = []
        for _round, blob in self.journal.round_results(table.game_id):
            result = result_from_wire(from_blob(blob), "journal round")
            rounds.append(tuple(s.round_score for s in result.seats))
        takeovers = tuple(
            Takeover(seat, level, len(played))
            for seat, (level, played) in sorted(table.stand_in.items())
        )
        return GameRecord(
            table.name, table.seq, tuple(rounds), table.state.tie_broken(), takeovers
        )

    def send_table_extras(self, session: Session, table: Table) -> None:
        """After a snapshot that puts a session at a table: its recent chat, and at a game
        over how the game went."""
        if table.chat:
            self.send(session, ChatHistory(table.name, tuple(table.chat)))
        if table.status is Status.FINISHED:
            self.send(session, self.game_record(table))

    # --- implemented by the mixins ------------------------------------------------------

    def schedule_bot(self, table: Table) -> None:
        raise NotImplementedError

    def end_reading(self, table: Table) -> None:
        raise NotImplementedError

    def forget_queued(self, table_name: str, seat: int) -> None:
        raise NotImplementedError

    def detach(self, session: Session) -> None:
        raise NotImplementedError

    def expire_abandoned_tables(self, now: float) -> None:
        raise NotImplementedError

    def release_lost(self, table: Table) -> bool:
        raise NotImplementedError
