"""Extra Pepper's part of the per-player statistics (RULES §12; docs/protocol.md §10): what
each seat did with the event cards, read off the engine's events while server/finished.py
replays a game, like its duos and calls.

Per event card: how often the seat received it, kept it (of two), lost it to the event
discard, and the rounds it played holding it with the points it scored in them. Per effect
that plays out in the log (a swap, a pass, a stolen pair, an Angelfish take, a Dolphins card,
a shell laid face down): how often.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from seasalt.engine import Event, EventCard, EventKind
from seasalt.protocol import DuoCount, EventStats

EFFECT_KINDS = frozenset({
    EventKind.SWAPPED, EventKind.SWAP_PASSED, EventKind.PAIR_STOLEN, EventKind.ANGELFISH_TOOK,
    EventKind.DOLPHINS_DREW, EventKind.SHELL_FACE_DOWN,
})
"""The log's events that are an event card's effect playing out for their ``seat``."""
ROUND_END_KINDS = frozenset({EventKind.ROUND_SCORED, EventKind.ROUND_VOID, EventKind.MERMAID_WIN})
_ORDER = {card.value: i for i, card in enumerate(EventCard)}
_FIELDS = ("received", "kept", "discarded", "rounds", "points")


@dataclass(slots=True)
class EventTally:
    """One seat and one event card."""

    received: int = 0
    kept: int = 0
    discarded: int = 0
    rounds: int = 0
    points: int = 0


@dataclass(slots=True)
class PepperFacts:
    """One seat's Extra Pepper facts in one game (or a player's, summed over games)."""

    events: dict[str, EventTally] = field(default_factory=dict)
    effects: Counter[str] = field(default_factory=Counter)

    def tally(self, event: EventCard) -> EventTally:
        return self.events.setdefault(event.value, EventTally())

    def note(self, e: Event) -> None:
        """One of the seat's own events (``e.seat`` is this seat)."""
        if e.kind in EFFECT_KINDS:
            self.effects[e.kind.value] += 1
        elif e.event_card is None:
            return
        elif e.kind is EventKind.EVENT_RECEIVED:
            self.tally(e.event_card).received += 1
        elif e.kind is EventKind.EVENT_KEPT:
            self.tally(e.event_card).kept += 1
        elif e.kind is EventKind.EVENT_DISCARDED:
            self.tally(e.event_card).discarded += 1

    def add(self, other: PepperFacts) -> None:
        for name, t in other.events.items():
            mine = self.events.setdefault(name, EventTally())
            for f in _FIELDS:
                setattr(mine, f, getattr(mine, f) + getattr(t, f))
        self.effects.update(other.effects)

    def to_json(self) -> dict[str, Any]:
        return {
            "events": {k: [getattr(t, f) for f in _FIELDS] for k, t in self.events.items()},
            "effects": dict(self.effects),
        }

    @classmethod
    def from_json(cls, d: dict[str, Any] | None) -> PepperFacts:
        """Facts kept in the journal; None (facts kept before these were counted, or a game
        without Extra Pepper) is none."""
        if not d:
            return cls()
        return cls(
            {k: EventTally(*v) for k, v in d["events"].items()}, Counter(d["effects"])
        )

    def __bool__(self) -> bool:
        return bool(self.events or self.effects)

    def event_stats(self) -> tuple[EventStats, ...]:
        """The wire form, event cards in the RULES §12.0 order."""
        return tuple(
            EventStats(k, t.received, t.kept, t.discarded, t.rounds, t.points)
            for k, t in sorted(self.events.items(), key=lambda kv: _ORDER.get(kv[0], 99))
        )

    def effect_counts(self) -> tuple[DuoCount, ...]:
        """The wire form, effects by name."""
        return tuple(DuoCount(k, n) for k, n in sorted(self.effects.items()))


def note_round_end(
    facts: list[PepperFacts], held: tuple[EventCard | None, ...], e: Event
) -> None:
    """A round ended (``e``): each seat that played it holding an event card played one more
    round with it, and scored the round's points (none for a void round or a mermaid win)."""
    scores = e.scores if e.kind is EventKind.ROUND_SCORED else ()
    for seat, card in enumerate(held):
        if card is not None and seat < len(facts):
            t = facts[seat].tally(card)
            t.rounds += 1
            t.points += scores[seat] if seat < len(scores) else 0
