"""The moves a bot made for a human seat whose player was away, marked where they are made.

The seat's presence decides: a move is a stand-in's when the server's bot played a human seat
(its player gone silent or away, or out of time for this turn); ``Game.play`` knows that as
its ``takeover``. What is marked are that action's events about the seat itself (what it
drew, kept, played, called), in the round it was made in: never the deal of the next round,
nor the scoring. The marks are positions in the round's log, which are the same for every
viewer (``events_for`` redacts events, it never drops one), so one message tells the whole
table (protocol/stand_in.py, which holds the rule, ``stand_in_marks``: a finished game's replay
marks its steps with it too). The journal keeps which actions a bot made
(``takeover_actions``): a restarted server marks the round's log again by replaying them
(server/restore.py), and the history sends them with the game's replay (server/history.py).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from seasalt.engine import ApplyResult, EventKind, GameState
from seasalt.protocol import StandInMoves, stand_in_marks


@dataclass(slots=True)
class LogMarks:
    """The marked positions in one game's current round log."""

    round: int = 0
    log: list[int] = field(default_factory=list)

    def clear(self) -> None:
        """A new game at the table: nothing of it is marked."""
        self.round = 0
        self.log = []

    def note(self, result: ApplyResult, stand_in: int | None) -> tuple[int, ...]:
        """Take in an applied action (``stand_in``: the human seat a bot moved for, or None)
        and return the marks of its own events."""
        state = result.state
        events = result.events
        mine = stand_in_marks(events, stand_in) if stand_in is not None else ()
        dealt = next(
            (i for i, e in enumerate(events) if e.kind is EventKind.ROUND_STARTED), None
        )
        if dealt is not None or state.round != self.round:
            # A new round's log (or a game new to these marks): nothing in it is marked yet,
            # and a deal's log holds only what came after it.
            self.round = state.round
            self.log = []
        if dealt is None and mine:
            start = len(state.log) - len(events)  # the action's events end the log
            self.log.extend(start + i for i in mine)
        return mine

    def message(
        self, table: str, seq: int, state: GameState, events: tuple[int, ...] = ()
    ) -> StandInMoves | None:
        """The marks of the frame at ``seq`` showing ``state`` (None: nothing marked)."""
        log = tuple(self.log) if state.round == self.round else ()
        if not log and not events:
            return None
        return StandInMoves(table, seq, log, events)
