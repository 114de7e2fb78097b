"""The score sheet of a table's game (docs/protocol.md "Score sheet"): asked for, never pushed.

Every round's points come from the server's journal (each round's ``RoundResult`` as the engine
scored it), so the sheet survives reconnects and server restarts; the standings and the
tie-break are the engine's. No card is named: the sheet is public whatever was hidden.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from seasalt.engine import RoundEnd

from .errors import InvalidField
from .limits import MAX_PLAYERS, MAX_TABLE_NAME_LENGTH


def _check_table(value: str) -> None:
    if not value.strip() or len(value) > MAX_TABLE_NAME_LENGTH or not value.isprintable():
        raise InvalidField("table", f"must be 1-{MAX_TABLE_NAME_LENGTH} printable characters")


def _check_seats(field: str, values: tuple[int, ...]) -> None:
    if len(values) > MAX_PLAYERS:
        raise InvalidField(field, f"more than {MAX_PLAYERS} seats")


@dataclass(frozen=True, slots=True)
class GetScores:
    """Ask for the score sheet of the game at ``table`` (where you sit or watch)."""

    TAG: ClassVar[str] = "get_scores"
    table: str

    def __post_init__(self) -> None:
        _check_table(self.table)


@dataclass(frozen=True, slots=True)
class ScoreRound:
    """One ended round: how it ended and what each seat gained."""

    round: int
    end: RoundEnd
    ended_by: int
    """The caller, the seat whose turn emptied the deck, or the mermaid winner."""
    bet_won: bool | None
    """LAST CHANCE only."""
    points: tuple[int, ...]
    """Points added to each seat's total in this round (by seat)."""
    totals: tuple[int, ...]
    """Each seat's running total after the round (by seat)."""

    def __post_init__(self) -> None:
        if self.round < 1:
            raise InvalidField("round", "must be 1 or more")
        if not 0 <= self.ended_by < MAX_PLAYERS:
            raise InvalidField("ended_by", f"must be 0..{MAX_PLAYERS - 1}")
        _check_seats("points", self.points)
        _check_seats("totals", self.totals)
        if len(self.points) != len(self.totals):
            raise InvalidField("totals", "must have one entry per seat, as points")


@dataclass(frozen=True, slots=True)
class ScoreSheet:
    """The answer to ``get_scores``: the rounds of the table's current (or just finished)
    game, oldest first; ``standings`` orders the seats best first as the engine ranks them
    (total, then the last scored round's points: RULES §8.3); ``tie_break`` is true when the
    game is over and that second key decided the winner."""

    TAG: ClassVar[str] = "scores"
    table: str
    seq: int
    rounds: tuple[ScoreRound, ...]
    scores: tuple[int, ...]
    """Each seat's total now."""
    standings: tuple[int, ...]
    over: bool
    tie_break: bool

    def __post_init__(self) -> None:
        _check_table(self.table)
        if self.seq < 0:
            raise InvalidField("seq", "must not be negative")
        _check_seats("scores", self.scores)
        if sorted(self.standings) != list(range(len(self.scores))):
            raise InvalidField("standings", "must order every seat once")


SCORES_CLIENT_MESSAGES: tuple[type, ...] = (GetScores,)
SCORES_SERVER_MESSAGES: tuple[type, ...] = (ScoreSheet,)
