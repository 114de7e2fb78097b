"""Card points, colour bonus and their breakdown (RULES §5, §11.3-§11.6).

Cards are passed as card ids (ints) or :class:`Card` objects; the hot path uses ids.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from ._fast import positional_builder
from .actions import CallKind
from .cards import ALL_CARDS, Card, Kind
from .event_cards import EventCard
from .pair_matching import (
    CARD_COLOR,
    CARD_KIND,
    N_COLORS,
    N_KINDS,
    pairs_in_hand,
)

# The dense kind and colour indices and the pair matching live in pair_matching.py.

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
    _,
    _CAST,
    _STARFISH,
    _SEAHORSE,
) = range(N_KINDS)

_CALL_STOP = CallKind.STOP  # a global: an enum member lookup costs about 70 ns

# RULES §5.1: points by number of cards (index = count).
_SHELLS = (0, 0, 2, 4, 6, 8, 10)
_OCTOPUSES = (0, 0, 3, 6, 9, 12)
_PENGUINS = (0, 1, 3, 5)
_SAILORS = (0, 0, 5)


@dataclass(frozen=True, slots=True)
class EventPoints:
    """What one Extra Pepper effect changed in a seat's card points (RULES §12.3-§12.6)."""

    event: EventCard
    points: int
    """Card points under every effect of the seat minus card points without this one (the
    Kraken on three octopuses: 3 - 6 = -3). Never 0 in a breakdown: no change, no entry."""


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
    events: tuple[EventPoints, ...] = field(default=())
    """Extra Pepper: how much each scoring effect changed the card points, in enum order
    (already inside the parts above; the UI says "The Kraken: -3 for octopuses")."""

    def __repr__(self) -> str:
        # Without Extra Pepper the repr stays the one it always was (golden hashes).
        text = (
            f"Breakdown(pairs_on_table={self.pairs_on_table!r}, "
            f"pairs_in_hand={self.pairs_in_hand!r}, starfish={self.starfish!r}, "
            f"collectors={self.collectors!r}, multipliers={self.multipliers!r}, "
            f"mermaids={self.mermaids!r}, color_bonus={self.color_bonus!r}"
        )
        if self.events:
            text += f", events={self.events!r}"
        return text + ")"

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


_new_breakdown = positional_builder(Breakdown)
"""``Breakdown(...)`` with every field positional, built faster (engine/_fast.py): each scored
round builds one per seat."""


def _ids(cards: Iterable[int | Card]) -> list[int]:
    return [c if isinstance(c, int) else c.id for c in cards]


SET_POINTS: dict[Kind, tuple[int, ...]] = {
    Kind.SHELL: _SHELLS, Kind.OCTOPUS: _OCTOPUSES, Kind.PENGUIN: _PENGUINS, Kind.SAILOR: _SAILORS,
}
"""RULES §5.1: each collector kind's points by count (index = count)."""


def _collectors(
    kinds: list[int], shell_points: tuple[int, ...] = _SHELLS,
    octopus_points: tuple[int, ...] = _OCTOPUSES,
) -> int:
    """RULES §5.1 and the seahorse (§11.5); ``kinds`` counts hand + table. Extra Pepper's Dance
    of the Shells and Kraken pass their own shell and octopus tables (§12.4, §12.5)."""
    shells, octopuses, penguins, sailors = (
        kinds[_SHELL], kinds[_OCTOPUS], kinds[_PENGUIN], kinds[_SAILOR]
    )
    points = (shell_points[shells] + octopus_points[octopuses] + _PENGUINS[penguins]
              + _SAILORS[sailors])
    if kinds[_SEAHORSE]:
        # RULES §11.5: one extra card of the best set that has a real card and room left.
        gain = 0
        for table, n in ((shell_points, shells), (octopus_points, octopuses),
                         (_PENGUINS, penguins), (_SAILORS, sailors)):
            if 0 < n < len(table) - 1:
                gain = max(gain, table[n + 1] - table[n])
        points += gain
    return points


def _multipliers(kinds: list[int]) -> int:
    """RULES §5.3, §11.3: each multiplier counts matching cards (the seahorse is not one)."""
    points = 0
    if kinds[_LIGHTHOUSE]:
        points += kinds[_BOAT]
    if kinds[_SHOAL]:
        points += kinds[_FISH]
    if kinds[_COLONY]:
        points += 2 * kinds[_PENGUIN]
    if kinds[_CAPTAIN]:
        points += 3 * kinds[_SAILOR]
    if kinds[_CAST]:
        points += kinds[_CRAB]
    return points


def _color_counts(hand: Sequence[int], played: Sequence[Sequence[int]]) -> list[int]:
    colors = [0] * N_COLORS
    for c in hand:
        colors[CARD_COLOR[c]] += 1
    for group in played:
        for c in group:
            colors[CARD_COLOR[c]] += 1
    return colors


def _mermaid_points(colors: list[int], mermaids: int) -> int:
    """RULES §5.4: the ``mermaids`` largest colour groups, white included."""
    if mermaids == 1:
        return max(colors)
    return sum(sorted(colors, reverse=True)[:mermaids]) if mermaids else 0


def _tally(
    hand: Sequence[int], played: Sequence[Sequence[int]]
) -> tuple[list[int], list[int], int]:
    """Kind counts of the hand, of hand + table, and the points of the laid groups."""
    kind_of = CARD_KIND
    h = [0] * N_KINDS
    for c in hand:
        h[kind_of[c]] += 1
    kinds = h[:]
    table_points = 0
    for group in played:
        # A laid pair is worth 1, a trio (pair + starfish) 3 (RULES §5.2, §11.4).
        table_points += 3 if len(group) == 3 else 1
        for c in group:
            kinds[kind_of[c]] += 1
    return h, kinds, table_points


def _points_ids(
    hand: Sequence[int], played: Sequence[Sequence[int]], effects: Sequence[EventCard] = ()
) -> int:
    """Card points only: ``breakdown_ids(hand, played, effects).total``, cheaper (the call
    check)."""
    h = kind_counts(hand)
    if effects:
        key = scoring_key(effects)
        if key:
            return effect_points(h, hand, played, SCORING_FX[key])
    return plain_points(h, pairs_in_hand(h), hand, played)


def kind_counts(hand: Iterable[int]) -> list[int]:
    """How many cards of each kind (dense kind index) ``hand`` holds."""
    kind_of = CARD_KIND
    h = [0] * N_KINDS
    for c in hand:
        h[kind_of[c]] += 1
    return h


def plain_points(
    h: list[int], pairs: int, hand: Sequence[int], played: Sequence[Sequence[int]],
    kinds: list[int] | None = None, table_points: int = 0, colors: list[int] | None = None,
) -> int:
    """Card points with no event effect, from the hand's kind counts ``h`` and its pairs
    ``pairs_in_hand(h)`` (both also what the play step's legal actions need, so a caller
    that has them passes them). The parts of :func:`_parts_ids`, written out: this runs at
    every play step.

    A playout keeps the rest counted as cards move (engine/playout.py) and passes it too:
    ``kinds`` and ``colors``, the kind and colour counts of hand + table, and
    ``table_points``, the laid groups' points; without them they are counted here."""
    star = h[_STARFISH]
    total = pairs + 2 * (star if star < pairs else pairs)  # RULES §11.4
    if kinds is not None:
        total += table_points
    elif played:
        kinds = h[:]
        kind_of = CARD_KIND
        for group in played:
            # A laid pair is worth 1, a trio (pair + starfish) 3 (RULES §5.2, §11.4).
            total += 3 if len(group) == 3 else 1
            for c in group:
                kinds[kind_of[c]] += 1
    else:
        kinds = h
    if kinds[_SEAHORSE]:
        total += _collectors(kinds)
    else:
        total += (_SHELLS[kinds[_SHELL]] + _OCTOPUSES[kinds[_OCTOPUS]]
                  + _PENGUINS[kinds[_PENGUIN]] + _SAILORS[kinds[_SAILOR]])
    # _multipliers(kinds), inlined (RULES §5.3, §11.3).
    if kinds[_LIGHTHOUSE]:
        total += kinds[_BOAT]
    if kinds[_SHOAL]:
        total += kinds[_FISH]
    if kinds[_COLONY]:
        total += 2 * kinds[_PENGUIN]
    if kinds[_CAPTAIN]:
        total += 3 * kinds[_SAILOR]
    if kinds[_CAST]:
        total += kinds[_CRAB]
    mermaids = kinds[_MERMAID]
    if mermaids:  # a third of hands in play hold one: _mermaid_points' max() written here
        if colors is None:
            colors = _color_counts(hand, played)
        total += max(colors) if mermaids == 1 else _mermaid_points(colors, mermaids)
    return total


def effect_points(
    h: list[int], hand: Sequence[int], played: Sequence[Sequence[int]], fx: ScoringFx,
    kinds: list[int] | None = None, table_points: int = 0, colors: list[int] | None = None,
) -> int:
    """Card points under the scoring effects ``fx``: ``_parts_ids(hand, played, key).total``
    without building a Breakdown, from the hand's kind counts ``h`` (and, from a playout, the
    rest of :func:`plain_points`' counts). Extra Pepper's play step asks it every turn."""
    if fx is NO_SCORING_FX:  # effects that change what a seat may do, not its points
        return plain_points(h, pairs_in_hand(h), hand, played, kinds, table_points, colors)
    pairs = _rodeo_pairs_in_hand(h) if fx.rodeo else pairs_in_hand(h)
    star = h[_STARFISH]
    total = pairs + 2 * (star if star < pairs else pairs)  # RULES §11.4
    if kinds is not None:
        total += table_points
    elif played:
        kinds = h[:]
        kind_of = CARD_KIND
        for group in played:
            total += 3 if len(group) == 3 else 1  # RULES §5.2, §11.4
            for c in group:
                kinds[kind_of[c]] += 1
    else:
        kinds = h
    if kinds[_SEAHORSE]:
        total += _collectors(kinds, fx.shells, fx.octopuses)
    else:  # _collectors without the seahorse, and _multipliers, inlined (as plain_points)
        total += (fx.shells[kinds[_SHELL]] + fx.octopuses[kinds[_OCTOPUS]]
                  + _PENGUINS[kinds[_PENGUIN]] + _SAILORS[kinds[_SAILOR]])
    if kinds[_LIGHTHOUSE]:
        total += kinds[_BOAT]
    if kinds[_SHOAL]:
        total += kinds[_FISH]
    if kinds[_COLONY]:
        total += 2 * kinds[_PENGUIN]
    if kinds[_CAPTAIN]:
        total += 3 * kinds[_SAILOR]
    if kinds[_CAST]:
        total += kinds[_CRAB]
    mermaids = kinds[_MERMAID]
    if mermaids and fx.mermaids:  # the Tornado's mermaids score nothing (RULES §12.6)
        if colors is None:
            colors = _color_counts(hand, played)
        total += _mermaid_points(colors, mermaids)
    return total


def breakdown_ids(
    hand: Sequence[int], played: Sequence[Sequence[int]], effects: Sequence[EventCard] = ()
) -> Breakdown:
    """The breakdown, with what each scoring effect changed (RULES §12.0 "Defaults": card
    points are computed under the seat's own effects)."""
    key = scoring_key(effects) if effects else ()
    found = _parts_ids(hand, played, key)
    if not key:
        return found
    changes = tuple(
        EventPoints(e, delta)
        for e in key
        for delta in [found.total - _parts_ids(hand, played, tuple(o for o in key if o is not e))
                      .total]
        if delta
    )
    if not changes:
        return found
    return Breakdown(
        found.pairs_on_table, found.pairs_in_hand, found.starfish, found.collectors,
        found.multipliers, found.mermaids, found.color_bonus, changes,
    )


def _parts_ids(
    hand: Sequence[int], played: Sequence[Sequence[int]], key: tuple[EventCard, ...]
) -> Breakdown:
    """The parts under the scoring effects ``key`` (a subset of SCORING_EVENTS, in order)."""
    h, kinds, table_points = _tally(hand, played)
    colors = _color_counts(hand, played)
    fx = SCORING_FX[key] if key else NO_SCORING_FX
    pairs = _rodeo_pairs_in_hand(h) if fx.rodeo else pairs_in_hand(h)
    star = h[_STARFISH]
    return _new_breakdown(
        table_points,  # pairs_on_table
        pairs,  # pairs_in_hand
        2 * (star if star < pairs else pairs),  # starfish: one per spare pair (RULES §11.4)
        _collectors(kinds, fx.shells, fx.octopuses),
        _multipliers(kinds),
        # mermaids: the Tornado's score nothing (their colour still counts, RULES §12.6)
        _mermaid_points(colors, kinds[_MERMAID]) if fx.mermaids else 0,
        max(colors),  # color_bonus
        (),  # events: breakdown_ids adds them
    )


# ---- Extra Pepper: the four events that change card points (RULES §12.3-§12.6).


def _rodeo_pairs_in_hand(h: list[int]) -> int:
    """RULES §12.3 hand scoring: swimmer + swimmer and shark + shark pair too. Jellyfish pair
    only with swimmers, so they take theirs first; the swimmers and sharks left pair freely:
    ``min(s, j) + (s - min(s, j) + k) // 2``. Crabs, boats and fish as without the event."""
    swimmers, sharks, jellyfish = h[_SWIMMER], h[_SHARK], h[_JELLYFISH]
    base_swimmer_pairs = min(swimmers, sharks + jellyfish)
    with_jelly = min(swimmers, jellyfish)
    return pairs_in_hand(h) - base_swimmer_pairs + with_jelly + (
        swimmers - with_jelly + sharks
    ) // 2


@dataclass(frozen=True, slots=True)
class ScoringFx:
    """How a set of event effects scores: shell and octopus tables, Water Rodeo pairs in
    hand, whether mermaids score."""

    shells: tuple[int, ...] = _SHELLS
    octopuses: tuple[int, ...] = _OCTOPUSES
    rodeo: bool = False
    mermaids: bool = True


SCORING_EVENTS = (
    EventCard.WATER_RODEO, EventCard.DANCE_OF_THE_SHELLS, EventCard.KRAKEN, EventCard.TORNADO
)
"""The event cards that change card points; the others change what a seat may do."""
NO_SCORING_FX = ScoringFx()


def _effects_of(key: tuple[EventCard, ...]) -> ScoringFx:
    return ScoringFx(
        shells=(0, 2, 4, 6, 8, 10, 12) if EventCard.DANCE_OF_THE_SHELLS in key else _SHELLS,
        octopuses=(0, 1, 2, 3, 4, 5) if EventCard.KRAKEN in key else _OCTOPUSES,
        rodeo=EventCard.WATER_RODEO in key,
        mermaids=EventCard.TORNADO not in key,
    )


# Every subset of the four, built at import (the engine keeps no memo it fills later).
SCORING_FX: dict[tuple[EventCard, ...], ScoringFx] = {
    key: _effects_of(key)
    for mask in range(1 << len(SCORING_EVENTS))
    for key in [tuple(e for i, e in enumerate(SCORING_EVENTS) if mask >> i & 1)]
}
SCORING_FX[()] = NO_SCORING_FX  # the very object: effect_points tests it by identity


def scoring_key(effects: Sequence[EventCard]) -> tuple[EventCard, ...]:
    return tuple(e for e in SCORING_EVENTS if e in effects)


def event_set_points(effects: Sequence[EventCard]) -> dict[Kind, tuple[int, ...]]:
    """Each collector kind's points by count under ``effects`` (RULES §12.4, §12.5): what
    combos.py groups a hand by, from the same tables the scoring uses."""
    fx = SCORING_FX[scoring_key(effects)]
    return {**SET_POINTS, Kind.SHELL: fx.shells, Kind.OCTOPUS: fx.octopuses}


def breakdown(
    hand: Iterable[int | Card],
    played: Iterable[Iterable[int | Card]] = (),
    effects: Iterable[EventCard] = (),
) -> Breakdown:
    """Score a player's cards: ``hand`` and the groups ``played`` on the table, under the
    seat's Extra Pepper ``effects`` (RULES §12.0; a face-down shell is in neither)."""
    return breakdown_ids(_ids(hand), [_ids(g) for g in played], tuple(effects))


def card_points(
    hand: Iterable[int | Card],
    played: Iterable[Iterable[int | Card]] = (),
    effects: Iterable[EventCard] = (),
) -> int:
    """Card points of hand + table, without the colour bonus (RULES §5), under ``effects``."""
    ids, laid = _ids(hand), [_ids(g) for g in played]
    key = scoring_key(tuple(effects))
    # Without a Breakdown (the bots' playouts ask this for every card they weigh).
    h = kind_counts(ids)
    if key:
        return effect_points(h, ids, laid, SCORING_FX[key])
    return plain_points(h, pairs_in_hand(h), ids, laid)


def color_bonus(cards: Iterable[int | Card]) -> int:
    """Largest number of cards of one colour, white included (RULES §5.5)."""
    counts = [0] * N_COLORS
    for c in _ids(cards):
        counts[CARD_COLOR[c]] += 1
    return max(counts)


def round_gains(
    call: CallKind, caller: int, parts: Sequence[Breakdown]
) -> tuple[tuple[int, ...], bool | None]:
    """What each seat adds to its total for a round ended by ``caller``'s ``call``, from every
    seat's breakdown: (the gains by seat, whether the LAST CHANCE bet was won; None for STOP).

    RULES §6.1: STOP, everyone scores their card points. §6.2: LAST CHANCE, a caller with the
    most points (ties count) scores card points plus colour bonus and the others only their
    colour bonus; otherwise the caller scores only the colour bonus and the others their points.
    """
    return gains_from_points(call, caller, [b.total for b in parts], [b.color_bonus for b in parts])


def gains_from_points(
    call: CallKind, caller: int, points: Sequence[int], bonuses: Sequence[int]
) -> tuple[tuple[int, ...], bool | None]:
    """:func:`round_gains` from each seat's card points and colour bonus (a playout has them
    without the breakdowns)."""
    if call is _CALL_STOP:
        return tuple(points), None
    won = all(points[caller] >= p for p in points)
    if won:
        gains = [p + bonus if s == caller else bonus
                 for s, (p, bonus) in enumerate(zip(points, bonuses, strict=True))]
    else:
        gains = [bonus if s == caller else p
                 for s, (p, bonus) in enumerate(zip(points, bonuses, strict=True))]
    return tuple(gains), won


def mermaid_count(cards: Iterable[int]) -> int:
    """How many mermaids are among these card ids."""
    return sum(1 for c in cards if CARD_KIND[c] == _MERMAID)


__all__ = [
    "ALL_CARDS", "Breakdown", "EventPoints", "breakdown", "card_points", "color_bonus",
    "round_gains",
]
