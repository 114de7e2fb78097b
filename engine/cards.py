"""Cards, kinds, colours and the exact decks (RULES §1); the pair table and point roles."""

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


# --------------------------------------------------------------------------------------------
# The pair table: the one place that says which cards form a pair and what laying it does.
# Legal actions, the duo effects, hand scoring, the bots and the client's words all read it.


class DuoEffect(enum.Enum):
    """What laying a pair does (RULES §4, §11.1, §11.2); the value is the lower-case name."""

    CRAB = "crab"
    """Look through a discard pile, take one card (RULES §4.1)."""
    BOAT = "boat"
    """Take another turn (RULES §4.2)."""
    FISH = "fish"
    """Draw the top card of the deck (RULES §4.3)."""
    ROB = "rob"
    """Steal a random card from an opponent's hand (RULES §4.4)."""
    LOBSTER = "lobster"
    """Look at the top five deck cards, keep one (RULES §11.1)."""
    JELLYFISH = "jellyfish"
    """Lock every opponent until the player's next turn (RULES §11.2)."""

    def __repr__(self) -> str:
        return f"DuoEffect.{self.name}"


@dataclass(frozen=True, slots=True)
class PairKind:
    """One kind of valid pair: its two card kinds and its effect."""

    first: Kind
    second: Kind
    """The same as ``first`` for a pair of two alike cards (crab + crab)."""
    effect: DuoEffect
    extra_salt: bool
    """Only in a game with Extra Salt (the second kind is an expansion card)."""


PAIR_KINDS: tuple[PairKind, ...] = (
    PairKind(Kind.CRAB, Kind.CRAB, DuoEffect.CRAB, False),  # RULES §4.1
    PairKind(Kind.BOAT, Kind.BOAT, DuoEffect.BOAT, False),  # RULES §4.2
    PairKind(Kind.FISH, Kind.FISH, DuoEffect.FISH, False),  # RULES §4.3
    PairKind(Kind.SWIMMER, Kind.SHARK, DuoEffect.ROB, False),  # RULES §4.4
    PairKind(Kind.SWIMMER, Kind.JELLYFISH, DuoEffect.JELLYFISH, True),  # RULES §11.2
    PairKind(Kind.CRAB, Kind.LOBSTER, DuoEffect.LOBSTER, True),  # RULES §11.1
)
"""Every valid pair (RULES §3.2). The order is the order of the play-pair actions that
``legal_actions`` lists (part of the engine's fixed action order: keep it)."""

_PAIR_OF: dict[tuple[Kind, Kind], PairKind] = {
    **{(p.second, p.first): p for p in PAIR_KINDS},
    **{(p.first, p.second): p for p in PAIR_KINDS},
}

DUO_KINDS: frozenset[Kind] = frozenset(k for p in PAIR_KINDS for k in (p.first, p.second))
"""The kinds that take part in some pair (RULES §1.1 "duo" cards, plus the expansion's)."""


def pair_kind(a: Kind, b: Kind) -> PairKind | None:
    """The pair two kinds form, in either order, or None (RULES §3.2, §11.1, §11.2)."""
    return _PAIR_OF.get((a, b))


def is_pair(a: Kind, b: Kind) -> bool:
    """Whether two kinds form a valid pair (RULES §3.2, §11.1, §11.2)."""
    return (a, b) in _PAIR_OF


def pair_partners(kind: Kind) -> tuple[Kind, ...]:
    """The kinds that ``kind`` pairs with (itself included when two alike form a pair), in
    the table's order."""
    out: list[Kind] = []
    for p in PAIR_KINDS:
        for mine, other in ((p.first, p.second), (p.second, p.first)):
            if mine is kind and other not in out:
                out.append(other)
    return tuple(out)


def _pair_groups() -> tuple[tuple[Kind, ...], ...]:
    groups: list[list[Kind]] = []
    for p in PAIR_KINDS:
        joined = [g for g in groups if p.first in g or p.second in g]
        merged = [k for g in joined for k in g]
        for k in (p.first, p.second):
            if k not in merged:
                merged.append(k)
        groups = [g for g in groups if g not in joined]
        groups.append(merged)
    order = [k for p in PAIR_KINDS for k in (p.first, p.second)]
    return tuple(tuple(g) for g in sorted(groups, key=lambda g: order.index(g[0])))


PAIR_GROUPS: tuple[tuple[Kind, ...], ...] = _pair_groups()
"""The kinds that pair with one another, grouped (crab and lobster; boat; fish; swimmer, shark
and jellyfish), in the table's order: for showing a hand's cards that belong together."""


# --------------------------------------------------------------------------------------------
# How each kind scores (RULES §1.1 and §1.3's "type" column).


class PointRole(enum.Enum):
    """How a kind of card earns card points; the value is the lower-case name."""

    PAIR = "pair"
    """A duo card: scores in pairs (RULES §5.2)."""
    COLLECTOR = "collector"
    """Scores by how many of the kind a player has (RULES §5.1)."""
    MULTIPLIER = "multiplier"
    """Scores for the cards of another kind (RULES §5.3, §11.3)."""
    MERMAID = "mermaid"
    """Scores a colour group (RULES §5.4)."""
    SPECIAL = "special"
    """Starfish and seahorse: add to a pair or a collection (RULES §11.4, §11.5)."""

    def __repr__(self) -> str:
        return f"PointRole.{self.name}"


COLLECTOR_KINDS = (Kind.SHELL, Kind.OCTOPUS, Kind.PENGUIN, Kind.SAILOR)
MULTIPLIER_KINDS = (
    Kind.LIGHTHOUSE, Kind.SHOAL_OF_FISH, Kind.PENGUIN_COLONY, Kind.CAPTAIN, Kind.CAST_OF_CRABS
)
_POINT_ROLE: dict[Kind, PointRole] = {
    **{k: PointRole.PAIR for k in DUO_KINDS},
    **{k: PointRole.COLLECTOR for k in COLLECTOR_KINDS},
    **{k: PointRole.MULTIPLIER for k in MULTIPLIER_KINDS},
    Kind.MERMAID: PointRole.MERMAID,
    Kind.STARFISH: PointRole.SPECIAL,
    Kind.SEAHORSE: PointRole.SPECIAL,
}
assert set(_POINT_ROLE) == set(Kind), "every kind has a point role"


def point_role(kind: Kind) -> PointRole:
    """How cards of ``kind`` earn points (for grouping a hand and naming its scoring)."""
    return _POINT_ROLE[kind]
