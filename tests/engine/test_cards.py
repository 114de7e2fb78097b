"""The exact decks: kinds, colours, ids and valid pairs (RULES §1, §3.2, §11)."""

from collections import Counter

import pytest
from seasalt.engine import ALL_CARDS, Card, Color, Kind, build_deck, card, is_pair

K, C = Kind, Color
COLUMNS = (C.DARK_BLUE, C.LIGHT_BLUE, C.BLACK, C.YELLOW, C.GREEN, C.WHITE, C.PURPLE, C.GREY,
           C.LIGHT_ORANGE, C.PINK, C.ORANGE)

# RULES §1.1: the colour x type matrix, copied row by row (DB LB Bk Y G W P Gy LO Pk O).
BASE_MATRIX = {
    K.CRAB:           (2, 2, 1, 2, 1, 0, 0, 1, 0, 0, 0),
    K.BOAT:           (2, 2, 2, 2, 0, 0, 0, 0, 0, 0, 0),
    K.FISH:           (2, 1, 2, 1, 1, 0, 0, 0, 0, 0, 0),
    K.SWIMMER:        (1, 1, 1, 1, 0, 0, 0, 0, 1, 0, 0),
    K.SHARK:          (1, 1, 1, 0, 1, 0, 1, 0, 0, 0, 0),
    K.SHELL:          (1, 1, 1, 1, 1, 0, 0, 1, 0, 0, 0),
    K.OCTOPUS:        (0, 1, 0, 1, 1, 0, 1, 1, 0, 0, 0),
    K.PENGUIN:        (0, 0, 0, 0, 0, 0, 1, 0, 1, 1, 0),
    K.SAILOR:         (0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 1),
    K.LIGHTHOUSE:     (0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0),
    K.SHOAL_OF_FISH:  (0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0),
    K.PENGUIN_COLONY: (0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0),
    K.CAPTAIN:        (0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0),
    K.MERMAID:        (0, 0, 0, 0, 0, 4, 0, 0, 0, 0, 0),
}

# RULES §1.3: the eight Extra Salt cards.
EXTRA_MATRIX = {
    K.JELLYFISH:     (0, 0, 0, 0, 0, 0, 1, 0, 0, 1, 0),
    K.LOBSTER:       (0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0),
    K.CAST_OF_CRABS: (0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0),
    K.STARFISH:      (1, 1, 0, 1, 0, 0, 0, 0, 0, 0, 0),
    K.SEAHORSE:      (0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0),
}


def _matrix(rows: dict[Kind, tuple[int, ...]]) -> Counter[tuple[Kind, Color]]:
    counts: Counter[tuple[Kind, Color]] = Counter()
    for kind, row in rows.items():
        for color, n in zip(COLUMNS, row, strict=True):
            counts[(kind, color)] += n
    return +counts  # drop the zeros


def _deck_matrix(deck: tuple[Card, ...]) -> Counter[tuple[Kind, Color]]:
    return Counter((c.kind, c.color) for c in deck)


def test_base_deck_matches_the_matrix() -> None:  # RULES §1.1
    deck = build_deck()
    assert len(deck) == 58
    assert _deck_matrix(deck) == _matrix(BASE_MATRIX)


def test_extra_salt_deck_adds_eight_cards() -> None:  # RULES §1.3
    deck = build_deck(extra_salt=True)
    assert len(deck) == 66
    assert _deck_matrix(deck) == _matrix(BASE_MATRIX) + _matrix(EXTRA_MATRIX)


@pytest.mark.parametrize(
    ("extra_salt", "totals"),
    [
        (False, (9, 9, 8, 8, 6, 4, 4, 4, 3, 2, 1)),  # RULES §1.1 BGA legend; §1.2 pink is 2
        (True, (10, 10, 9, 9, 7, 5, 5, 4, 3, 3, 1)),  # RULES §1.3
    ],
)
def test_colour_totals(extra_salt: bool, totals: tuple[int, ...]) -> None:
    counts = Counter(c.color for c in build_deck(extra_salt))
    assert tuple(counts[c] for c in COLUMNS) == totals


@pytest.mark.parametrize(
    ("kind", "count"),
    [(K.CRAB, 9), (K.BOAT, 8), (K.FISH, 7), (K.SWIMMER, 5), (K.SHARK, 5), (K.SHELL, 6),
     (K.OCTOPUS, 5), (K.PENGUIN, 3), (K.SAILOR, 2), (K.MERMAID, 4), (K.JELLYFISH, 2),
     (K.LOBSTER, 1), (K.STARFISH, 3), (K.SEAHORSE, 1), (K.CAST_OF_CRABS, 1)],
)
def test_kind_counts(kind: Kind, count: int) -> None:  # RULES §1.1, §1.3
    assert sum(c.kind is kind for c in build_deck(True)) == count


def test_ids_are_stable_and_base_first() -> None:
    assert [c.id for c in ALL_CARDS] == list(range(66))
    assert all(c.kind not in EXTRA_MATRIX for c in ALL_CARDS[:58])
    assert all(c.kind in EXTRA_MATRIX for c in ALL_CARDS[58:])
    assert build_deck() == ALL_CARDS[:58]
    assert all(card(i) is ALL_CARDS[i] for i in range(66))


@pytest.mark.parametrize("bad", [-1, 66, 1000])
def test_card_rejects_unknown_ids(bad: int) -> None:
    with pytest.raises(IndexError):
        card(bad)


def test_enum_values_are_lower_case_names() -> None:  # DESIGN engine contract
    assert all(k.value == k.name.lower() for k in Kind)
    assert all(c.value == c.name.lower() for c in Color)
    assert len(Kind) == 19 and len(Color) == 11


VALID_PAIRS = {
    frozenset({K.CRAB}), frozenset({K.BOAT}), frozenset({K.FISH}),  # RULES §3.2
    frozenset({K.SWIMMER, K.SHARK}),
    frozenset({K.CRAB, K.LOBSTER}),  # RULES §11.1
    frozenset({K.SWIMMER, K.JELLYFISH}),  # RULES §11.2
}


@pytest.mark.parametrize("a", list(Kind))
def test_is_pair_accepts_exactly_the_valid_pairs(a: Kind) -> None:
    for b in Kind:
        expected = frozenset({a, b}) in VALID_PAIRS and (a is not b or a in (K.CRAB, K.BOAT,
                                                                               K.FISH))
        assert is_pair(a, b) is expected, (a, b)
        assert is_pair(b, a) is expected
