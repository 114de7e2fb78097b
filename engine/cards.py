"""Cards, kinds, colours and the exact decks (RULES §1)."""

from __future__ import annotations

import enum
from dataclasses import dataclass


class Kind(enum.Enum):
    """The nineteen card kinds; the value is the lower-case name."""

    CRAB = "crab"
    BOAT = "boat"
    FISH = "fish"
    SWIMMER = "swimmer"
    SHARK = "shark"
    SHELL = "shell"
    OCTOPUS = "octopus"
    PENGUIN = "penguin"
    SAILOR = "sailor"
    LIGHTHOUSE = "lighthouse"
    SHOAL_OF_FISH = "shoal_of_fish"
    PENGUIN_COLONY = "penguin_colony"
    CAPTAIN = "captain"
    MERMAID = "mermaid"
    JELLYFISH = "jellyfish"
    LOBSTER = "lobster"
    CAST_OF_CRABS = "cast_of_crabs"
    STARFISH = "starfish"
    SEAHORSE = "seahorse"

    def __repr__(self) -> str:
        return f"Kind.{self.name}"


class Color(enum.Enum):
    """The eleven colours; the value is the lower-case name."""

    DARK_BLUE = "dark_blue"
    LIGHT_BLUE = "light_blue"
    BLACK = "black"
    YELLOW = "yellow"
    GREEN = "green"
    WHITE = "white"
    PURPLE = "purple"
    GREY = "grey"
    LIGHT_ORANGE = "light_orange"
    PINK = "pink"
    ORANGE = "orange"

    def __repr__(self) -> str:
        return f"Color.{self.name}"


@dataclass(frozen=True, slots=True)
class Card:
    """One physical card. ``id`` is unique within a deck and stable across games."""

    id: int
    kind: Kind
    color: Color


_DB, _LB, _BK, _Y, _G, _W, _P, _GY, _LO, _PK, _O = (
    Color.DARK_BLUE,
    Color.LIGHT_BLUE,
    Color.BLACK,
    Color.YELLOW,
    Color.GREEN,
    Color.WHITE,
    Color.PURPLE,
    Color.GREY,
    Color.LIGHT_ORANGE,
    Color.PINK,
    Color.ORANGE,
)

# RULES §1.1: the base deck, kind by kind, colour by colour.
_BASE: tuple[tuple[Kind, tuple[Color, ...]], ...] = (
    (Kind.CRAB, (_DB, _DB, _LB, _LB, _Y, _Y, _BK, _G, _GY)),
    (Kind.BOAT, (_DB, _DB, _LB, _LB, _BK, _BK, _Y, _Y)),
    (Kind.FISH, (_DB, _DB, _BK, _BK, _LB, _Y, _G)),
    (Kind.SWIMMER, (_DB, _LB, _BK, _Y, _LO)),
    (Kind.SHARK, (_DB, _LB, _BK, _G, _P)),
    (Kind.SHELL, (_DB, _LB, _BK, _Y, _G, _GY)),
    (Kind.OCTOPUS, (_LB, _Y, _G, _P, _GY)),
    (Kind.PENGUIN, (_P, _LO, _PK)),
    (Kind.SAILOR, (_PK, _O)),
    (Kind.LIGHTHOUSE, (_P,)),
    (Kind.SHOAL_OF_FISH, (_GY,)),
    (Kind.PENGUIN_COLONY, (_G,)),
    (Kind.CAPTAIN, (_LO,)),
    (Kind.MERMAID, (_W, _W, _W, _W)),
)

# RULES §1.3: the eight Extra Salt cards.
_EXTRA_SALT: tuple[tuple[Kind, tuple[Color, ...]], ...] = (
    (Kind.JELLYFISH, (_P, _PK)),
    (Kind.LOBSTER, (_BK,)),
    (Kind.CAST_OF_CRABS, (_G,)),
    (Kind.STARFISH, (_DB, _LB, _Y)),
    (Kind.SEAHORSE, (_W,)),
)


def _make_cards() -> tuple[Card, ...]:
    cards: list[Card] = []
    for kind, colors in _BASE + _EXTRA_SALT:
        for color in colors:
            cards.append(Card(len(cards), kind, color))
    return tuple(cards)


ALL_CARDS: tuple[Card, ...] = _make_cards()
"""Every card of base game and expansion, indexed by id (ids 0-57 base, 58-65 Extra Salt)."""

BASE_DECK_SIZE = 58
EXTRA_SALT_DECK_SIZE = 66

KIND_OF: tuple[Kind, ...] = tuple(c.kind for c in ALL_CARDS)
COLOR_OF: tuple[Color, ...] = tuple(c.color for c in ALL_CARDS)


def card(card_id: int) -> Card:
    """Return the card with this id.

    Raises:
        IndexError: for an id outside the 66 known cards.
    """
    if card_id < 0:
        raise IndexError(card_id)
    return ALL_CARDS[card_id]


def build_deck(extra_salt: bool = False) -> tuple[Card, ...]:
    """The cards of one game, in id order: 58 cards, or 66 with Extra Salt (RULES §1)."""
    return ALL_CARDS if extra_salt else ALL_CARDS[:BASE_DECK_SIZE]


DUO_KINDS = frozenset(
    {Kind.CRAB, Kind.BOAT, Kind.FISH, Kind.SWIMMER, Kind.SHARK, Kind.JELLYFISH, Kind.LOBSTER}
)
COLLECTOR_KINDS = (Kind.SHELL, Kind.OCTOPUS, Kind.PENGUIN, Kind.SAILOR)


def is_pair(a: Kind, b: Kind) -> bool:
    """Whether two kinds form a valid pair (RULES §3.2, §11.1, §11.2)."""
    if a is b:
        return a in (Kind.CRAB, Kind.BOAT, Kind.FISH)
    pair = {a, b}
    return pair in (
        {Kind.SWIMMER, Kind.SHARK},
        {Kind.CRAB, Kind.LOBSTER},
        {Kind.SWIMMER, Kind.JELLYFISH},
    )


class PointRole(enum.Enum):
    """How a kind earns card points (RULES §5): the role a card's face names."""

    PAIR = "pair"
    """Scores laid or held as a pair (RULES §5.2), and has a pair effect (§4)."""
    COLLECTOR = "collector"
    """Scores by how many of its kind a player has (RULES §5.1)."""
    MULTIPLIER = "multiplier"
    """Scores per card of another kind (RULES §5.3, §11.3)."""
    MERMAID = "mermaid"
    """Scores a colour group (RULES §5.4)."""
    SPECIAL = "special"
    """Starfish and seahorse: they add to another combination (RULES §11.4, §11.5)."""

    def __repr__(self) -> str:
        return f"PointRole.{self.name}"


MULTIPLIER_KINDS = (
    Kind.LIGHTHOUSE, Kind.SHOAL_OF_FISH, Kind.PENGUIN_COLONY, Kind.CAPTAIN, Kind.CAST_OF_CRABS
)


def point_role(kind: Kind) -> PointRole:
    """The scoring role of a kind (RULES §5, §11)."""
    if kind in DUO_KINDS:
        return PointRole.PAIR
    if kind in COLLECTOR_KINDS:
        return PointRole.COLLECTOR
    if kind in MULTIPLIER_KINDS:
        return PointRole.MULTIPLIER
    if kind is Kind.MERMAID:
        return PointRole.MERMAID
    return PointRole.SPECIAL
