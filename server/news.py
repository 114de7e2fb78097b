"""What the people at a table are told about it: its lobby info, snapshots, the round and game
results for one who comes back, its chat and record.

The game data in every frame here comes only from ``engine.view(state, seat)`` (boardgame.io's
single filter choke point; spectators get ``view(state, None)``). The frames of an accepted
action (updates) are built in server/game.py, from ``view`` and ``events_for`` too.
"""

from __future__ import annotations

from dataclasses import dataclass

from seasalt.engine import view
from seasalt.protocol import (
    ChatHistory,
    GameOver,
    GameRecord,
    RoundOver,
    SeatInfo,
    Snapshot,
    TableChanged,
    TableInfo,
    TableState,
    Takeover,
    encode,
    result_from_wire,
)

from .clocks import TableClocks
from .journal import Journal
from .journal_schema import from_blob
from .outbox import Outbox
from .sessions import Session, SessionRegistry
from .tables import Status, Table

_TABLE_STATE = {
    Status.WAITING: TableState.WAITING,
    Status.RUNNING: TableState.RUNNING,
    Status.ROUND_OVER: TableState.ROUND_OVER,
    Status.FINISHED: TableState.FINISHED,
}


@dataclass(eq=False, repr=False)
class TableNews:
    """Tells a table's members (or one of them) what they need to see of it."""

    sessions: SessionRegistry
    outbox: Outbox
    journal: Journal
    clocks: TableClocks

    # --- lobby data (public) ------------------------------------------------------------

    def info(self, table: Table) -> TableInfo:
        seats = []
        for seat in table.seats:
            if seat.is_bot:
                seats.append(SeatInfo(seat.kind, None, True, True))
                continue
            session = self.sessions.holder(table, seat.index)
            seats.append(
                SeatInfo(
                    seat.kind,
                    seat.name,
                    self.sessions.connected(session),
                    seat.bot_playing,
                )
            )
        watchers = sum(1 for _, s in self.sessions.members(table) if s is None)
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
            coach_allowed=table.coach_allowed,
            extra_pepper=table.extra_pepper,
        )

    def announce(self, table: Table) -> None:
        """Tell everyone at the table its presence or status changed, then its clocks."""
        message = TableChanged(self.info(table))
        for session, _ in self.sessions.members(table):
            self.outbox.send(session, message)
        self.clocks.changed(table)

    # --- one member -----------------------------------------------------------------------

    def snapshot(self, session: Session, table: Table) -> bool:
        """Send the session's full view of the table (its seat's, or the public one).

        A table still WAITING for players has no game to show: it gets the table info (who is
        seated, which seats are free) instead, and every member gets a snapshot when the game
        starts (server/lobby.py ``start_game``). A waiting view would offer the first seat
        actions that the server refuses ("Your turn" in the waiting room, then a stuck
        screen).
        """
        if table.status is Status.WAITING:
            ok = self.outbox.send(session, TableChanged(self.info(table)))
        else:
            seat = session.seat if session.table == table.name else None
            marks = table.marks.message(table.name, table.seq, table.state)
            if marks is not None:  # the round's moves a bot made for someone (stand_ins.py)
                self.outbox.send(session, marks)
            snapshot = Snapshot(table.name, table.seq, view(table.state, seat, table.views))
            ok = self.outbox.send_encoded(session, encode(snapshot, table.frames))
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
            self.outbox.send(session, GameOver(
                table.name, table.seq, state.scores, state.winners, state.standings()))

    def send_round_over_to(self, session: Session, table: Table) -> None:
        """The result of the round just played and the seats still reading it."""
        seat = session.seat if session.table == table.name else None
        result = view(table.state, seat, table.views).last_result
        if result is not None:
            waiting = tuple(sorted(table.reading))
            self.outbox.send(session, RoundOver(table.name, table.seq, result, waiting))

    def send_round_over(self, table: Table) -> None:
        for session, _ in self.sessions.members(table):
            self.send_round_over_to(session, table)

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
            self.outbox.send(session, ChatHistory(table.name, tuple(table.chat)))
        if table.status is Status.FINISHED:
            self.outbox.send(session, self.game_record(table))
