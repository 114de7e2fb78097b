"""What in a hand scores, as groups of cards, and which parts of a round result were scored.

The UI shows a hand grouped into the combinations that score (a pair is two cards, three sharks
are no group) and a round result with the parts each seat was paid for; both come from here so
the client never re-derives a rule. The groups agree with :func:`breakdown` (a test holds that).
"""

from __future__ import annotations

import enum
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from .cards import COLLECTOR_KINDS, KIND_OF, Kind
from .event_cards import EventCard
from .pair_matching import PAIR_MATCHING
from .scoring import SET_POINTS, event_set_points
from .state import RoundEnd, RoundResult


class ComboKind(enum.Enum):
    """The kind of a scoring group in a hand."""

    PAIR = "pair"
    """Two cards that form a pair (RULES §5.2, §11.6): 1 point."""
    TRIO = "trio"
    """A pair and a starfish (RULES §11.4): 3 points."""
    SET = "set"
    """Collector cards of one kind that score (RULES §5.1), with the seahorse that adds to it
    (RULES §11.5)."""

    def __repr__(self) -> str:
        return f"ComboKind.{self.name}"


@dataclass(frozen=True, slots=True)
class Combination:
    """One scoring group of a hand: its kind and its card ids."""

    kind: ComboKind
    cards: tuple[int, ...]


def _take_pairs(first: list[int], partners: list[int]) -> list[tuple[int, int]]:
    """Pair each card of ``first`` with one of ``partners`` while both last."""
    pairs = []
    while first and partners:
        pairs.append((first.pop(0), partners.pop(0)))
    return pairs


def _pairs(by_kind: dict[Kind, list[int]], rodeo: bool = False) -> list[tuple[int, int]]:
    """The pairs a hand holds, as many as RULES §5.2 and §11.6 count (a maximum matching), read
    from the pair table: in each group the partners take a centre first (a lobster needs a
    crab), then the centres left pair together (crab + crab). Under the Water Rodeo (§12.3)
    the jellyfish take their swimmers first and the swimmers and sharks left pair freely."""
    pairs: list[tuple[int, int]] = []
    for centre, leaves, alike in PAIR_MATCHING:
        centres = list(by_kind[centre])
        if rodeo and centre is Kind.SWIMMER:
            pairs += [(c, card) for card, c in _take_pairs(list(by_kind[Kind.JELLYFISH]),
                                                            centres)]
            free = centres + list(by_kind[Kind.SHARK])
            while len(free) >= 2:
                pairs.append((free.pop(0), free.pop(0)))
            continue
        for leaf in leaves:
            pairs += [(c, card) for card, c in _take_pairs(list(by_kind[leaf]), centres)]
        while alike and len(centres) >= 2:
            pairs.append((centres.pop(0), centres.pop(0)))
    return pairs


def _sets(
    by_kind: dict[Kind, list[int]], points: dict[Kind, tuple[int, ...]] = SET_POINTS
) -> list[tuple[int, ...]]:
    """Collector sets that score, the seahorse joined to the set it adds most to; ``points``
    are the sets' tables under the seat's effects (RULES §12.4, §12.5)."""
    seahorses = by_kind[Kind.SEAHORSE]
    boosted: Kind | None = None
    if seahorses:
        gain = 0
        for kind in COLLECTOR_KINDS:
            table, n = points[kind], len(by_kind[kind])
            if 0 < n < len(table) - 1 and table[n + 1] - table[n] > gain:
                gain, boosted = table[n + 1] - table[n], kind
    sets: list[tuple[int, ...]] = []
    for kind in COLLECTOR_KINDS:
        cards = list(by_kind[kind])
        if kind is boosted:
            cards.append(seahorses[0])
        if points[kind][min(len(cards), len(points[kind]) - 1)] > 0:
            sets.append(tuple(cards))
    return sets


def scoring_combinations(
    hand: Iterable[int], effects: Iterable[EventCard] = ()
) -> tuple[Combination, ...]:
    """The combinations of a hand that score: pairs, trios (a pair and a starfish) and
    collector sets, in a fixed order, under the seat's Extra Pepper ``effects`` (the view's
    ``effects``: two swimmers pair under the Water Rodeo, one shell scores under the Dance of
    the Shells). Cards in none of them score alone (multipliers, mermaids) or not at all."""
    fx = tuple(effects)
    by_kind: dict[Kind, list[int]] = {kind: [] for kind in Kind}
    for c in sorted(hand):
        by_kind[KIND_OF[c]].append(c)
    starfish = list(by_kind[Kind.STARFISH])
    combos: list[Combination] = []
    for pair in _pairs(by_kind, EventCard.WATER_RODEO in fx):
        if starfish:  # RULES §11.4: a starfish in hand goes with a spare pair in hand
            combos.append(Combination(ComboKind.TRIO, (*pair, starfish.pop(0))))
        else:
            combos.append(Combination(ComboKind.PAIR, pair))
    points = event_set_points(fx) if fx else SET_POINTS
    combos += [Combination(ComboKind.SET, cards) for cards in _sets(by_kind, points)]
    return tuple(combos)


@dataclass(frozen=True, slots=True)
class Scored:
    """Which parts of a seat's cards a round paid (RULES §6.1, §6.2)."""

    card_points: bool
    color_bonus: bool


def scored_parts(result: RoundResult, seat: int) -> Scored:
    """What ``seat`` was paid for in ``result``: STOP pays card points, never the colour bonus
    (§6.1); LAST CHANCE pays the caller both or only the bonus, the others only the bonus or
    only card points (§6.2); a void round or a mermaid win pays nothing (§6.4, §8.2)."""
    if result.end is RoundEnd.STOP:
        return Scored(True, False)
    if result.end is RoundEnd.LAST_CHANCE:
        caller = seat == result.ended_by
        if result.bet_won:
            return Scored(caller, True)
        return Scored(not caller, caller)
    return Scored(False, False)


def combination_cards(combos: Sequence[Combination]) -> set[int]:
    """Every card id that is in one of ``combos``."""
    return {c for combo in combos for c in combo.cards}
