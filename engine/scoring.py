"""Card points, colour bonus and their breakdown (RULES §5, §11.3-§11.6).

Cards are passed as card ids (ints) or :class:`Card` objects; the hot path uses ids.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from .cards import ALL_CARDS, COLOR_OF, KIND_OF, Card, Color, Kind

# Dense indices so the hot path counts into small lists instead of dicts keyed by enums.
_KINDS = tuple(Kind)
_KIND_INDEX = {k: i for i, k in enumerate(_KINDS)}
_COLOR_INDEX = {c: i for i, c in enumerate(Color)}
_K = tuple(_KIND_INDEX[k] for k in KIND_OF)
_C = tuple(_COLOR_INDEX[c] for c in COLOR_OF)
_N_KINDS = len(_KINDS)
_N_COLORS = len(Color)

(
    _CRAB,
    _BOAT,
    _FISH,
    _SWIMMER,
    _SHARK,
    _SHELL,
    _OCTOPUS,
    _PENGUIN,
    _SAILOR,
    _LIGHTHOUSE,
    _SHOAL,
    _COLONY,
    _CAPTAIN,
    _MERMAID,
    _JELLYFISH,
    _LOBSTER,
    _CAST,
    _STARFISH,
    _SEAHORSE,
) = range(_N_KINDS)

# RULES §5.1: points by number of cards (index = count).
_COLLECTOR_TABLE: dict[int, tuple[int, ...]] = {
    _SHELL: (0, 0, 2, 4, 6, 8, 10),
    _OCTOPUS: (0, 0, 3, 6, 9, 12),
    _PENGUIN: (0, 1, 3, 5),
    _SAILOR: (0, 0, 5),
}


@dataclass(frozen=True, slots=True)
class Breakdown:
    """How a player's card points are made up (for the UI and tests)."""

    pairs_on_table: int
    """Points for duos and trios laid on the table (1 per pair, 3 per trio)."""
    pairs_in_hand: int
    """Points for the pairs that could be formed in hand (RULES §5.2)."""
    starfish: int
    """Points for starfish in hand attached to spare pairs in hand (RULES §11.4)."""
    collectors: int
    """Shells, octopuses, penguins, sailors, including the seahorse (RULES §5.1, §11.5)."""
    multipliers: int
    """Lighthouse, Shoal of Fish, Penguin Colony, Captain, Cast of Crabs (RULES §5.3)."""
    mermaids: int
    """Mermaid points (RULES §5.4)."""
    color_bonus: int
    """Largest single-colour group (RULES §5.5); not part of :attr:`total`."""

    @property
    def total(self) -> int:
        """The card points: everything but the colour bonus."""
        return (
            self.pairs_on_table
            + self.pairs_in_hand
            + self.starfish
            + self.collectors
            + self.multipliers
            + self.mermaids
        )


def _ids(cards: Iterable[int | Card]) -> list[int]:
    return [c if isinstance(c, int) else c.id for c in cards]


def _breakdown_ids(hand: Sequence[int], played: Sequence[Sequence[int]]) -> Breakdown:
    kinds = [0] * _N_KINDS  # hand + table
    colors = [0] * _N_COLORS
    for c in hand:
        kinds[_K[c]] += 1
        colors[_C[c]] += 1
    hand_kinds = kinds[:]
    table_points = 0
    for group in played:
        # A laid pair is worth 1, a trio (pair + starfish) 3 (RULES §5.2, §11.4).
        table_points += 3 if len(group) == 3 else 1
        for c in group:
            kinds[_K[c]] += 1
            colors[_C[c]] += 1

    h = hand_kinds
    crabs, lobsters = h[_CRAB], h[_LOBSTER]
    swimmers = h[_SWIMMER]
    pairs_in_hand = (
        min((crabs + lobsters) // 2, crabs)
        + h[_BOAT] // 2
        + h[_FISH] // 2
        + min(swimmers, h[_SHARK] + h[_JELLYFISH])
    )
    starfish = 2 * min(h[_STARFISH], pairs_in_hand)

    collectors = 0
    for kind_index, table in _COLLECTOR_TABLE.items():
        collectors += table[kinds[kind_index]]
    if kinds[_SEAHORSE]:
        # RULES §11.5: one extra card of the best set that has a real card and room left.
        gain = 0
        for kind_index, table in _COLLECTOR_TABLE.items():
            n = kinds[kind_index]
            if 0 < n < len(table) - 1:
                gain = max(gain, table[n + 1] - table[n])
        collectors += gain

    multipliers = 0
    if kinds[_LIGHTHOUSE]:
        multipliers += kinds[_BOAT]
    if kinds[_SHOAL]:
        multipliers += kinds[_FISH]
    if kinds[_COLONY]:
        multipliers += 2 * kinds[_PENGUIN]
    if kinds[_CAPTAIN]:
        multipliers += 3 * kinds[_SAILOR]
    if kinds[_CAST]:
        multipliers += kinds[_CRAB]

    mermaids = 0
    n_mermaids = kinds[_MERMAID]
    if n_mermaids:
        sizes = sorted(colors, reverse=True)
        mermaids = sum(sizes[:n_mermaids])

    return Breakdown(
        pairs_on_table=table_points,
        pairs_in_hand=pairs_in_hand,
        starfish=starfish,
        collectors=collectors,
        multipliers=multipliers,
        mermaids=mermaids,
        color_bonus=max(colors),
    )


def breakdown(hand: Iterable[int | Card], played: Iterable[Iterable[int | Card]] = ()) -> Breakdown:
    """Score a player's cards: ``hand`` and the groups ``played`` on the table."""
    return _breakdown_ids(_ids(hand), [_ids(g) for g in played])


def card_points(hand: Iterable[int | Card], played: Iterable[Iterable[int | Card]] = ()) -> int:
    """Card points of hand + table, without the colour bonus (RULES §5)."""
    return breakdown(hand, played).total


def color_bonus(cards: Iterable[int | Card]) -> int:
    """Largest number of cards of one colour, white included (RULES §5.5)."""
    counts = [0] * _N_COLORS
    for c in _ids(cards):
        counts[_C[c]] += 1
    return max(counts)


def mermaid_count(cards: Iterable[int]) -> int:
    """How many mermaids are among these card ids."""
    return sum(1 for c in cards if _K[c] == _MERMAID)


__all__ = ["ALL_CARDS", "Breakdown", "breakdown", "card_points", "color_bonus"]
