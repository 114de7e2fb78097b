"""Which moves a bot made for a human seat whose player was away (docs/protocol.md §5, item 9).

The engine's events say who moved, not who decided: when a bot plays a seat for its absent
player (a takeover, ``away``, or the rest of a turn whose time ran out), the server marks those
events so that the player coming back reads "your stand-in (bot) …", not "you …", and everyone
else reads "Ann's stand-in (bot) …".

A message of its own rather than a new field of ``snapshot`` and ``update``: decoders are
strict, so a client that predates it drops it and shows the moves as before. It comes just
before the frame it describes (same table, same ``seq``), and only when that frame has marks:
no such message before a frame means no marks in it.

A finished game's replay is marked the same way (docs/protocol.md §10): ``replay_stand_ins``
names the actions a bot played for a human seat, and :func:`stand_in_marks` is the one rule,
for the live marks (server/stand_ins.py) and the replay's (client/tui/replay_steps.py), of which of
such an action's events are the seat's own doing.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from seasalt.engine import Event, EventKind

from .errors import InvalidField
from .fields import check_seat, check_seq

MAX_MARKS = 4096
"""More indexes than any round's log holds (a round is a few hundred events at most)."""
MAX_STAND_IN_MOVES = 20_000
"""More actions than any game has (a long four-player game is a few thousand)."""


def _check_indexes(field: str, value: tuple[int, ...], most: int = MAX_MARKS) -> None:
    if len(value) > most:
        raise InvalidField(field, f"at most {most} indexes")
    last = -1
    for index in value:
        if index <= last:
            raise InvalidField(field, "must be indexes >= 0 in increasing order")
        last = index


_NOT_MARKED = frozenset({
    EventKind.ROUND_STARTED, EventKind.TURN_STARTED, EventKind.ROUND_SCORED,
    EventKind.ROUND_VOID, EventKind.GAME_OVER,
})
"""Events of a stand-in's action that are not its doing (the scoring, whose turn is next)."""


def stand_in_marks(events: tuple[Event, ...], seat: int) -> tuple[int, ...]:
    """The indexes of ``events`` (one action's, made by a bot for ``seat``) that are the seat's
    own doing, up to the next round's deal (docs/protocol.md §5 item 9)."""
    marks = []
    for index, e in enumerate(events):
        if e.kind is EventKind.ROUND_STARTED:
            break
        if e.seat == seat and e.kind not in _NOT_MARKED:
            marks.append(index)
    return tuple(marks)


@dataclass(frozen=True, slots=True)
class StandInMoves:
    """The marks of the next ``snapshot`` or ``update`` at ``table`` with this ``seq``."""

    TAG: ClassVar[str] = "stand_in_moves"
    table: str
    seq: int
    log: tuple[int, ...] = ()
    """Indexes into that frame's ``view.log`` (the round's log) of the events a bot made."""
    events: tuple[int, ...] = ()
    """Indexes into that update's ``events`` (always empty before a snapshot): the same marks
    for the action's own events, some of which may be in the round that just ended."""

    def __post_init__(self) -> None:
        check_seq("seq", self.seq)
        _check_indexes("log", self.log)
        _check_indexes("events", self.events)


@dataclass(frozen=True, slots=True)
class StandInMove:
    """One action of a finished game that a server bot played for a human seat."""

    action: int
    """Its number in the replay's ``actions``, from 1."""
    seat: int
    """The human seat it was played for (the seat to act then)."""

    def __post_init__(self) -> None:
        if self.action < 1:
            raise InvalidField("action", "must be 1 or more")
        check_seat("seat", self.seat)


@dataclass(frozen=True, slots=True)
class ReplayStandIns:
    """The moves of finished game ``game`` a bot made for an absent player: sent just before
    its ``replay``, only when there are some (a message of its own, as ``stand_in_moves``: a
    client that predates it drops it and shows the replay as before)."""

    TAG: ClassVar[str] = "replay_stand_ins"
    game: int
    moves: tuple[StandInMove, ...]
    """In increasing ``action`` order, each action at most once."""

    def __post_init__(self) -> None:
        if self.game < 1:
            raise InvalidField("game", "must be 1 or more")
        check_stand_in_moves("moves", self.moves)


def check_stand_in_moves(field: str, moves: tuple[StandInMove, ...]) -> None:
    """Increasing action numbers (a replay file's ``stand_ins`` are checked the same way)."""
    _check_indexes(field, tuple(m.action for m in moves), MAX_STAND_IN_MOVES)
