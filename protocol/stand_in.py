"""Which moves a bot made for a human seat whose player was away (docs/protocol.md §5, item 9).

The engine's events say who moved, not who decided: when a bot plays a seat for its absent
player (a takeover, ``away``, or the rest of a turn whose time ran out), the server marks those
events so that the player coming back reads "your stand-in (bot) …", not "you …", and everyone
else reads "Ann's stand-in (bot) …".

A message of its own rather than a new field of ``snapshot`` and ``update``: decoders are
strict, so a client that predates it drops it and shows the moves as before. It comes just
before the frame it describes (same table, same ``seq``), and only when that frame has marks:
no such message before a frame means no marks in it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from .errors import InvalidField
from .fields import check_seq

MAX_MARKS = 4096
"""More indexes than any round's log holds (a round is a few hundred events at most)."""


def _check_indexes(field: str, value: tuple[int, ...]) -> None:
    if len(value) > MAX_MARKS:
        raise InvalidField(field, f"at most {MAX_MARKS} indexes")
    last = -1
    for index in value:
        if index <= last:
            raise InvalidField(field, "must be indexes >= 0 in increasing order")
        last = index


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
