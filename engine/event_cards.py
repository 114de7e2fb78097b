"""Extra Pepper's twelve event cards and who keeps each (RULES §12.0, §12.14).

Event cards are not sea cards: they have no card ids and never enter the deck, a pile or a
hand. In code and in the log an "event card" stays distinct from the log's events.
"""

from __future__ import annotations

import enum
from collections.abc import Iterable


class Keeper(enum.Enum):
    """Who keeps an event card after a round (RULES §12.0 "Keeper")."""

    LEADER = "leader"
    """The "+" cards (the handicaps): the one seat with the strictly highest total."""
    TRAILER = "trailer"
    """The "-" cards (the advantages): the one seat with the strictly lowest total."""

    def __repr__(self) -> str:
        return f"Keeper.{self.name}"


class EventCard(enum.Enum):
    """The twelve event cards, in the §12.0 order; the value is the lower-case id."""

    HERMIT_CRAB = "hermit_crab"
    SUNFISH = "sunfish"
    WATER_RODEO = "water_rodeo"
    DANCE_OF_THE_SHELLS = "dance_of_the_shells"
    KRAKEN = "kraken"
    TORNADO = "tornado"
    DANCE_OF_THE_MERMAIDS = "dance_of_the_mermaids"
    TREASURE_CHEST = "treasure_chest"
    DIODON_FISH = "diodon_fish"
    ANGELFISH = "angelfish"
    DOLPHINS = "dolphins"
    CORAL_REEF = "coral_reef"

    def __repr__(self) -> str:
        return f"EventCard.{self.name}"

    @property
    def keeper(self) -> Keeper:
        """The leader for the four "+" cards, the trailer for the other eight."""
        return Keeper.LEADER if self in _LEADER_CARDS else Keeper.TRAILER


_LEADER_CARDS = frozenset(
    (EventCard.KRAKEN, EventCard.TORNADO, EventCard.TREASURE_CHEST, EventCard.DIODON_FISH)
)

EVENT_CARDS: tuple[EventCard, ...] = tuple(EventCard)
"""All twelve, in enum order (the order of ``effects()`` and of a fresh event deck)."""

EVENT_ORDER: dict[EventCard, int] = {e: i for i, e in enumerate(EventCard)}


def in_order(cards: set[EventCard] | frozenset[EventCard]) -> tuple[EventCard, ...]:
    """These event cards in enum order."""
    return tuple(sorted(cards, key=EVENT_ORDER.__getitem__))


def effects_of(
    extra_pepper: bool, table_event: EventCard | None, held: tuple[EventCard | None, ...],
    seat: int,
) -> tuple[EventCard, ...]:
    """A seat's effects: the table event plus the card it holds, in enum order (RULES §12.0
    "Who is affected"). Empty without Extra Pepper."""
    if not extra_pepper:
        return ()
    mine = held[seat] if held else None
    if table_event is None:
        return () if mine is None else (mine,)
    if mine is None or mine is table_event:
        return (table_event,)
    if EVENT_ORDER[mine] < EVENT_ORDER[table_event]:
        return (mine, table_event)
    return (table_event, mine)


def mermaids_to_win(effects: Iterable[EventCard]) -> int:
    """How many mermaids in hand win at once under these effects (RULES §8.2; at least three
    under the Dance of the Mermaids, §12.7)."""
    return 3 if EventCard.DANCE_OF_THE_MERMAIDS in effects else 4
