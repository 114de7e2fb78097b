"""The table's clocks on this machine: what the server's ``clocks`` message said, counted down
with the client's own monotonic clock (the words are client/tui/widgets/countdown.py's).

The server sends the time *left* when it sent the frame (protocol/clocks.py); the time left now
is that minus the time since the frame arrived here. No wall clock is read, so the two machines'
clocks never need to agree. Nothing here decides anything: the server runs out the clocks.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class ClockReading:
    """The latest ``clocks`` message of the table and the client's clock when it arrived."""

    clocks: Any
    """A ``seasalt.protocol.Clocks``."""
    at: float

    def seconds(self, ms: int, now: float) -> int:
        """Whole seconds left now (rounded up: "1 s" until the very end)."""
        return max(0, math.ceil(ms / 1000 - (now - self.at) - 1e-9))

    def turn(self, now: float) -> tuple[int, int] | None:
        """(seat to act, seconds left) of the turn timer, if it runs."""
        turn = self.clocks.turn
        return None if turn is None else (turn.seat, self.seconds(turn.ms, now))

    def takeovers(self, now: float) -> list[tuple[int, int]]:
        """(silent seat, seconds until a bot takes it) for each disconnected player."""
        return [(c.seat, self.seconds(c.ms, now)) for c in self.clocks.takeovers]

    def takeover_of(self, seat: int | None, now: float) -> int | None:
        return next((left for s, left in self.takeovers(now) if s == seat), None)

    def reading(self, now: float) -> int | None:
        """Seconds before the next round starts anyway (the pause after a round)."""
        ms = self.clocks.reading
        return None if ms is None else self.seconds(ms, now)
