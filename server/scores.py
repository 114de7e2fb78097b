"""The score sheet of a table (protocol ``get_scores`` -> ``scores``), read from the journal.

Each ended round's result is journalled before its updates are sent (server/game.py), so the
sheet is the same after a reconnect or a server restart; the standings and the tie-break are
the engine's (``GameState.standings``, ``GameState.tie_broken``).
"""

from __future__ import annotations

from dataclasses import dataclass

from seasalt.protocol import GetScores, ScoreRound, ScoreSheet, result_from_wire

from .guards import member_of
from .journal import Journal
from .journal_schema import from_blob
from .outbox import Outbox
from .sessions import Session
from .table_registry import TableRegistry
from .tables import Table


@dataclass(eq=False, repr=False)
class Scores:
    """Answers ``get_scores`` from a session at the table (seated or watching)."""

    tables: TableRegistry
    outbox: Outbox
    journal: Journal

    def on_get_scores(self, session: Session, peer: bytes, msg: GetScores) -> None:
        table = member_of(self.tables, self.outbox, session, peer, msg.table)
        if table is None:
            return
        self.outbox.send(session, self.score_sheet(table))

    def score_sheet(self, table: Table) -> ScoreSheet:
        rounds = []
        for _round, blob in self.journal.round_results(table.game_id):
            result = result_from_wire(from_blob(blob), "journal round")
            rounds.append(ScoreRound(
                result.round, result.end, result.ended_by, result.bet_won,
                tuple(s.round_score for s in result.seats), tuple(s.total for s in result.seats),
            ))
        state = table.state
        return ScoreSheet(
            table.name, table.seq, tuple(rounds), state.scores, state.standings(),
            state.is_over, state.tie_broken(),
        )
