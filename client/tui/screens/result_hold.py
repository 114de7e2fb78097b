"""The round result waits a moment after moves the player did not make.

When others make a round's last moves (bots taking the LAST CHANCE final turns, a bot calling
STOP), the result would cover the table at once: the player never sees those moves. The table
keeps the result back for :data:`RESULT_HOLD` seconds on its clock (injectable: tests move it)
and says so in the prompt, with the moves made since the player's last turn; any key shows the
result at once. A round the player ended themself shows its result at once; one their stand-in
ended for them (a bot playing the seat while they were away or idle) is held like the others':
they did not see those moves being made.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence

from rich.text import Text
from seasalt.client.net.stand_in_events import StandInEvent
from seasalt.client.tui.widgets.log import log_lines
from seasalt.client.tui.widgets.wrap import tie_card_names
from seasalt.client.words.game import Names
from seasalt.client.words.i18n import _, ngettext
from seasalt.engine import Event, EventKind, RoundEnd, RoundResult

RESULT_HOLD = 3.0
"""Seconds the table stays in view before the result of a round others ended."""
HOLD_LINES = 6
"""The last moves listed in the prompt while the result waits."""


def last_turn_seat(events: Sequence[Event]) -> int | None:
    """The seat whose turn was the last of these events (the round's last mover)."""
    for event in reversed(events):
        if event.kind is EventKind.TURN_STARTED:
            return event.seat
    return None


def _turn_end(events: Sequence[Event], start: int) -> int:
    """Where the turn that begins at ``start`` ends: the next turn's start, or the end."""
    return next((i for i in range(start + 1, len(events))
                 if events[i].kind is EventKind.TURN_STARTED), len(events))


def stood_in(events: Sequence[Event]) -> bool:
    """A bot played some of these events for its absent player (client/net/stand_in_events.py)."""
    return any(isinstance(e, StandInEvent) for e in events)


def played_last_turn(events: Sequence[Event], me: int | None) -> bool:
    """This seat played the round's last turn itself: its stand-in (a bot playing for it while
    it was away or idle, or the rest of a turn whose time ran out) did not make any of it."""
    for index in range(len(events) - 1, -1, -1):
        e = events[index]
        if e.kind is EventKind.TURN_STARTED:
            return e.seat == me and not stood_in(events[index:])
    return False


def ended_by_stand_in(events: Sequence[Event], result: RoundResult) -> bool:
    """The move that ended the round (the call, the fourth mermaid) was made by a stand-in for
    the seat the result names: "Your stand-in (bot) called STOP", not "You called STOP"."""
    seat = result.ended_by
    if seat is None or result.end is RoundEnd.VOID:
        return False
    kind = EventKind.MERMAID_WIN if result.end is RoundEnd.MERMAIDS else EventKind.CALLED
    ending = next((e for e in reversed(events) if e.kind is kind and e.seat == seat), None)
    return isinstance(ending, StandInEvent)


def moves_since_my_turn(events: Sequence[Event], me: int | None) -> tuple[Event, ...]:
    """The events after the end of the last turn ``me`` played itself: what the others (and
    its own stand-in, whose moves it did not see being chosen) did since."""
    start = 0
    for index in range(len(events) - 1, -1, -1):
        e = events[index]
        if e.kind is EventKind.TURN_STARTED and e.seat == me:
            end = _turn_end(events, index)
            if stood_in(events[index:end]):
                continue  # a turn its stand-in played: listed with the others' moves
            # From the next turn on: this seat's own turn it saw being played.
            start = end
            break
    return tuple(events[start:])


def hold_text(events: Sequence[Event], names: Names, left: float) -> Text:
    """The prompt while the result waits: the last moves, and when the result comes."""
    text = Text()
    text.append(_("The round is over. The last moves:"), style="bold")
    # The hands revealed at the end are in the result: the moves are what was not seen.
    moves = tuple(e for e in moves_since_my_turn(events, names.me)
                  if e.kind is not EventKind.REVEALED)
    for line in log_lines(moves, names, HOLD_LINES):
        text.append("\n» " + tie_card_names(line))  # (wrapped by the prompt, between cards)
    seconds = max(1, math.ceil(left))
    text.append("\n")
    text.append(ngettext("The result in {n} second: press any key to see it now.",
                         "The result in {n} seconds: press any key to see it now.",
                         seconds).format(n=seconds), style="italic")
    return text


class ResultHold:
    """One held result: when it shows, and how to show it (once)."""

    def __init__(self) -> None:
        self.until: float | None = None
        self._show: Callable[[], object] | None = None

    @property
    def active(self) -> bool:
        return self._show is not None

    def start(self, now: float, show: Callable[[], object], seconds: float | None = None) -> None:
        self.until = now + (RESULT_HOLD if seconds is None else seconds)
        self._show = show

    def left(self, now: float) -> float:
        return 0.0 if self.until is None else max(0.0, self.until - now)

    def due(self, now: float) -> bool:
        return self.active and self.left(now) <= 0

    def release(self) -> bool:
        """Show the result now (once); False when nothing was held."""
        show, self._show, self.until = self._show, None, None
        if show is None:
            return False
        show()
        return True
