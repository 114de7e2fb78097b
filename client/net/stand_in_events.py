"""The moves a bot made for a seat whose player was away, as the server marked them.

The server sends ``stand_in_moves`` just before the snapshot or update it describes
(protocol/stand_in.py). Its marked events become :class:`StandInEvent` (the same event, told
apart by its type), so every place that words events — the log, the recent lines, the moves
shown while a round's result waits — says "Your stand-in (bot) …" / "Ann's stand-in (bot) …"
(``describe_event``) without knowing where the marks came from. A frame with no such message
before it (an older server, a round no bot played in) has none. A finished game's replay marks
its steps the same way (client/tui/replay_steps.py).
"""

from __future__ import annotations

import dataclasses

from seasalt.engine import Event, PlayerView
from seasalt.protocol import StandInMoves

_FIELDS = tuple(f.name for f in dataclasses.fields(Event))


@dataclasses.dataclass(frozen=True, slots=True, repr=False)
class StandInEvent(Event):
    """An event a bot made for the seat's absent player (the event's ``seat``)."""


def stand_in_copy(event: Event) -> StandInEvent:
    """``event`` marked as a stand-in's."""
    if isinstance(event, StandInEvent):
        return event
    return StandInEvent(*(getattr(event, name) for name in _FIELDS))


def marked(events: tuple[Event, ...], marks: tuple[int, ...]) -> tuple[Event, ...]:
    """``events`` with those at the indexes ``marks`` as :class:`StandInEvent`."""
    if not marks:
        return events
    out = list(events)
    for index in marks:
        if index < len(out):  # (a mark past the end: nothing to mark, not an error to show)
            out[index] = stand_in_copy(out[index])
    return tuple(out)


def with_marks(
    view: PlayerView, events: tuple[Event, ...], marks: StandInMoves | None
) -> tuple[PlayerView, tuple[Event, ...]]:
    """The frame's view and events with the marked ones as :class:`StandInEvent`."""
    if marks is None:
        return view, events
    if marks.log:
        view = dataclasses.replace(view, log=marked(view.log, marks.log))
    return view, marked(events, marks.events)
