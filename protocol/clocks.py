"""The clocks of a table on the wire (docs/protocol.md §5 "Clocks"): the turn timer option,
and what the server tells the table about each running clock.

Messages of their own rather than new fields of ``update`` or ``round_over``: decoders are
strict, so a client that predates them drops these frames and plays on unchanged. Times are
milliseconds left *when the server sent the frame* (never a wall-clock deadline): a client
counts down from the moment it received the frame with its own monotonic clock, so the two
machines' clocks never need to agree.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from .errors import InvalidField
from .limits import MAX_PLAYERS

TURN_TIMES = (30, 60, 120)
"""Seconds per turn a lobby offers; 0 is off (the default on a LAN)."""
MIN_TURN_TIME = 10
MAX_TURN_TIME = 600
"""Bounds of ``join_or_create``'s ``turn_time`` (seconds) when it is not 0."""


def check_turn_time(field: str, value: int) -> None:
    """``turn_time``: 0 (off) or MIN_TURN_TIME..MAX_TURN_TIME seconds."""
    if value != 0 and not MIN_TURN_TIME <= value <= MAX_TURN_TIME:
        raise InvalidField(
            field, f"must be 0 (off) or {MIN_TURN_TIME}..{MAX_TURN_TIME} seconds"
        )


def _check_seat(field: str, value: int) -> None:
    if not 0 <= value < MAX_PLAYERS:
        raise InvalidField(field, f"must be 0..{MAX_PLAYERS - 1}")


def _check_ms(field: str, value: int | None) -> None:
    if value is not None and value < 0:
        raise InvalidField(field, "must not be negative")


@dataclass(frozen=True, slots=True)
class SeatClock:
    """One seat's running clock: milliseconds left when the frame was sent."""

    seat: int
    ms: int

    def __post_init__(self) -> None:
        _check_seat("seat", self.seat)
        _check_ms("ms", self.ms)


@dataclass(frozen=True, slots=True)
class Clocks:
    """Every clock running at the table now; an empty one means none runs any more.

    Sent to everyone at the table when a clock starts, changes or stops: after the ``update``
    that starts a timed turn, after a ``table`` message in which a seat went silent or came
    back, after each ``round_over``, and after the snapshot that puts you at the table.
    """

    TAG: ClassVar[str] = "clocks"
    table: str
    seq: int
    """The table's seq when sent (a client drops clocks older than its view)."""
    turn: SeatClock | None = None
    """The turn timer: the seat to act and the time it has left before a bot plays its turn."""
    takeovers: tuple[SeatClock, ...] = ()
    """Seats whose player went silent: the time left before a bot takes the seat."""
    reading: int | None = None
    """The pause after a round: milliseconds before the next round starts anyway (the seats
    still reading are ``round_over``'s ``waiting``)."""

    def __post_init__(self) -> None:
        if self.seq < 0:
            raise InvalidField("seq", "must not be negative")
        _check_ms("reading", self.reading)

    @property
    def empty(self) -> bool:
        return self.turn is None and not self.takeovers and self.reading is None


@dataclass(frozen=True, slots=True)
class TimeRanOut:
    """The turn timer ran out for ``seat``: the takeover bot plays the rest of this turn for
    it (the player keeps the seat and plays their next turn). Clients say so in the log."""

    TAG: ClassVar[str] = "time_ran_out"
    table: str
    seq: int
    seat: int

    def __post_init__(self) -> None:
        if self.seq < 0:
            raise InvalidField("seq", "must not be negative")
        _check_seat("seat", self.seat)
