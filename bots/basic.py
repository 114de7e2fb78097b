"""The basic level (the first greedy): best immediate card points, useful duos, calls by a
fixed margin over a rough guess of the others' points.

Every score comes from the engine (``breakdown``, under the seat's Extra Pepper effects); this
module only weighs the options the view lists. A small "potential" term values half-made sets
so that a lone crab beats nothing. Extra Pepper's own choices are bots/pepper_choices.py's.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence

from seasalt.engine import (
    DUO_KINDS,
    PAIR_KINDS,
    Action,
    Call,
    CallKind,
    ChooseCrabPile,
    DrawFromDeck,
    DuoEffect,
    EndTurn,
    EventCard,
    KeepCard,
    KeepLobsterCard,
    Kind,
    Phase,
    PlayerView,
    PlayPair,
    PlayTrio,
    Rob,
    TakeCrabCard,
    TakeDiscard,
    breakdown,
    build_deck,
    card_points,
    pair_kind,
    pair_partners,
    seat_effects,
)

from .pepper_choices import (
    choose_pepper,
    dolphins_card,
    mermaid_win,
    rodeo_pair_worth,
    shell_face_down,
)

_ALIKE = tuple(p.first for p in PAIR_KINDS if p.first is p.second)
"""Kinds of which two alike make a pair (crab, boat, fish): a lone one is half a pair."""
_SWIMMER_PARTNERS = pair_partners(Kind.SWIMMER)
_HALF_SET = {Kind.SHELL: 0.7, Kind.OCTOPUS: 0.8, Kind.SAILOR: 1.2}
_KIND = tuple(c.kind for c in build_deck(extra_salt=True))

# What laying a pair's effect is worth on top of its points (which do not change when laid).
_EFFECT_VALUE = {
    DuoEffect.CRAB: 1.0,
    DuoEffect.BOAT: 1.6,
    DuoEffect.FISH: 1.0,
    DuoEffect.ROB: 1.1,
    DuoEffect.LOBSTER: 1.3,
    DuoEffect.JELLYFISH: 0.9,
}
_DOUBLED = {DuoEffect.CRAB: EventCard.HERMIT_CRAB, DuoEffect.FISH: EventCard.SUNFISH}
_SHELTER = 0.15
"""Laid cards cannot be stolen."""


def hand_value(
    hand: Sequence[int], table: Sequence[Sequence[int]], effects: Iterable[EventCard] = ()
) -> float:
    """Card points (engine scoring, under the seat's Extra Pepper ``effects``) plus a little
    for half-made pairs and sets."""
    fx = tuple(effects)
    if not fx:
        return _plain_hand_value(hand, table)
    points = float(breakdown(hand, table, fx).total) + mermaid_win(hand, fx)
    counts: dict[Kind, int] = {}
    for c in hand:
        k = _KIND[c]
        counts[k] = counts.get(k, 0) + 1
    for group in table:
        for c in group:
            k = _KIND[c]
            if k not in DUO_KINDS:
                counts[k] = counts.get(k, 0) + 1
    potential = 0.0
    for kind in _ALIKE:
        potential += 0.35 * (counts.get(kind, 0) % 2)
    swimmers = counts.get(Kind.SWIMMER, 0)
    partners = sum(counts.get(k, 0) for k in _SWIMMER_PARTNERS)
    potential += 0.35 * abs(swimmers - partners)
    for kind, bonus in _HALF_SET.items():
        if counts.get(kind, 0) == 1:
            potential += bonus
    return points + potential


_KINDS = tuple(Kind)
_KI = tuple(_KINDS.index(k) for k in _KIND)
"""Per card id, its kind's index in ``Kind``: counts in a list, not a dict of enum members."""
_TABLE_COUNTED = tuple(k not in DUO_KINDS for k in _KIND)
"""Per card id: a laid card of this kind still counts towards a set (not a duo card)."""
_ALIKE_I = tuple(_KINDS.index(k) for k in _ALIKE)
_PARTNERS_I = tuple(_KINDS.index(k) for k in _SWIMMER_PARTNERS)
_SWIMMER_I = _KINDS.index(Kind.SWIMMER)
_HALF_SET_I = tuple((_KINDS.index(k), bonus) for k, bonus in _HALF_SET.items())


def _plain_hand_value(hand: Sequence[int], table: Sequence[Sequence[int]]) -> float:
    """:func:`hand_value` with no event effect, the same arithmetic in the same order (the
    expert's sampler weighs thousands of hands a decision)."""
    points = float(card_points(hand, table)) + 0.0  # mermaid_win is 0.0 without effects
    ki = _KI
    counts = [0] * len(_KINDS)
    for c in hand:
        counts[ki[c]] += 1
    counted = _TABLE_COUNTED
    for group in table:
        for c in group:
            if counted[c]:
                counts[ki[c]] += 1
    potential = 0.0
    for k in _ALIKE_I:
        potential += 0.35 * (counts[k] % 2)
    partners = sum(counts[k] for k in _PARTNERS_I)
    potential += 0.35 * abs(counts[_SWIMMER_I] - partners)
    for k, bonus in _HALF_SET_I:
        if counts[k] == 1:
            potential += bonus
    return points + potential


def gain(
    hand: Sequence[int], table: Sequence[Sequence[int]], new: int, base: float,
    effects: Iterable[EventCard] = (),
) -> float:
    """How much adding ``new`` to the hand raises :func:`hand_value`."""
    return hand_value((*hand, new), table, effects) - base


def unseen_cards(view: PlayerView) -> list[int]:
    """Cards this seat cannot place: not in its hand, on a table, revealed or a pile top."""
    seen = set(view.hand)
    for s in view.seats:
        for group in s.table:
            seen.update(group)
        if s.revealed_hand is not None:
            seen.update(s.revealed_hand)
    for p in view.piles:
        if p.top is not None:
            seen.add(p.top)
    seen.update(view.pending)
    return [c.id for c in build_deck(view.rules.extra_salt) if c.id not in seen]


def expected_best_of_two(gains: list[float]) -> float:
    """E[max] of two distinct cards drawn uniformly from cards with these gains."""
    m = len(gains)
    if m == 0:
        return 0.0
    if m == 1:
        return gains[0]
    ordered = sorted(gains)
    total = sum(g * i for i, g in enumerate(ordered))  # i = how many smaller partners
    return total / (m * (m - 1) / 2)


def opponent_estimates(view: PlayerView) -> list[float]:
    """Rough card points of each opponent from what is public."""
    out = []
    for s in view.seats:
        if s.seat == view.seat:
            continue
        fx = seat_effects(view, s.seat)
        if s.revealed_hand is not None:
            out.append(float(breakdown(s.revealed_hand, s.table, fx).total))
        else:
            out.append(breakdown((), s.table, fx).total + 0.75 * s.hand_size)
    return out


def _choose_draw(view: PlayerView) -> Action:
    fx = view.effects
    base = hand_value(view.hand, view.table, fx)
    best: Action = view.legal_actions[0]
    best_value = -1e9
    for action in view.legal_actions:
        if isinstance(action, DrawFromDeck):
            pool = unseen_cards(view)
            value = expected_best_of_two([gain(view.hand, view.table, c, base, fx) for c in pool])
            value += 0.1  # the deck also keeps the tops for later and reveals nothing
        elif isinstance(action, TakeDiscard):
            top = view.piles[action.pile].top
            assert top is not None
            value = gain(view.hand, view.table, top, base, fx)
        else:
            continue
        if value > best_value:
            best, best_value = action, value
    return best


def _choose_keep(view: PlayerView) -> Action:
    fx = view.effects
    base = hand_value(view.hand, view.table, fx)
    tops = [view.piles[p].top for p in (0, 1)]
    top_value = [gain(view.hand, view.table, t, base, fx) if t is not None else -1.0 for t in tops]

    def score(action: KeepCard) -> tuple[float, float]:
        keep_gain = gain(view.hand, view.table, action.card, base, fx)
        other = next((c for c in view.pending if c != action.card), None)
        if dolphins_card(view, other):  # the Dolphins bring a deck card (RULES §12.11)
            keep_gain += 0.8
        # Cover the top we care less about, so the better one stays within reach.
        cover = -top_value[action.pile] if action.pile is not None else 0.0
        return keep_gain, cover

    return max((a for a in view.legal_actions if isinstance(a, KeepCard)), key=score)


def _pick_by_gain(view: PlayerView, cards: list[tuple[Action, int]]) -> Action:
    fx = view.effects
    base = hand_value(view.hand, view.table, fx)
    return max(cards, key=lambda ac: gain(view.hand, view.table, ac[1], base, fx))[0]


def _effect_possible(view: PlayerView, effect: DuoEffect) -> bool:
    if effect is DuoEffect.CRAB:
        return any(p.size for p in view.piles)
    if effect is DuoEffect.BOAT:
        return view.deck_size > 0 or any(p.size for p in view.piles)
    if effect is DuoEffect.FISH or effect is DuoEffect.LOBSTER:
        return view.deck_size > 0
    if effect is DuoEffect.ROB:
        return any(
            s.seat != view.seat and s.hand_size > 0 and s.revealed_hand is None and not s.shielded
            for s in view.seats
        )
    return effect is DuoEffect.JELLYFISH


def _play_value(view: PlayerView, action: PlayPair | PlayTrio) -> float:
    laid = action.cards if isinstance(action, PlayPair) else (*action.cards, action.starfish)
    hand = list(view.hand)
    for c in laid:
        hand.remove(c)
    fx = view.effects
    before = breakdown(view.hand, view.table, fx).total
    after = breakdown(hand, (*view.table, laid), fx).total
    value = after - before + _SHELTER
    if isinstance(action, PlayPair):
        pair = pair_kind(_KIND[action.cards[0]], _KIND[action.cards[1]])
        if pair is None:  # a Water Rodeo pair (RULES §12.3)
            return value + rodeo_pair_worth(view, action.cards)
        if _effect_possible(view, pair.effect):
            # The Hermit Crab and the Sunfish double the crab's and the fish's cards (§12.1-2).
            double = _DOUBLED.get(pair.effect) in fx
            value += _EFFECT_VALUE[pair.effect] * (2 if double else 1)
        if pair.effect is DuoEffect.FISH and view.deck_size == 1 and view.call is None:
            value -= 2.0  # taking the last card voids the round unless someone calls
    return value


def _choose_call(view: PlayerView, points: int) -> Action | None:
    calls = {a.kind: a for a in view.legal_actions if isinstance(a, Call)}
    if not calls:
        return None
    others = opponent_estimates(view)
    best_other = max(others) if others else 0.0
    if CallKind.STOP not in calls:  # the Diodon Fish (RULES §12.9): every call is a bet
        return calls[CallKind.LAST_CHANCE] if points >= best_other + 3 else None
    if points >= best_other + 5 and CallKind.LAST_CHANCE in calls:
        return calls[CallKind.LAST_CHANCE]
    running_out = view.deck_size <= 2 * view.rules.players
    if points >= best_other + 1 or running_out or points >= 12:
        return calls.get(CallKind.STOP)
    return None


def _choose_play(view: PlayerView) -> Action:
    plays = [a for a in view.legal_actions if isinstance(a, PlayPair | PlayTrio)]
    if plays:
        scored = [(_play_value(view, a), i) for i, a in enumerate(plays)]
        value, index = max(scored)
        if value > 0:
            return plays[index]
    assert view.breakdown is not None
    call = _choose_call(view, view.breakdown.total)
    if call is not None:
        return call
    shell = shell_face_down(view, lambda h, t: hand_value(h, t, view.effects))
    if shell is not None:
        return shell
    return next(a for a in view.legal_actions if isinstance(a, EndTurn))


def _choose_rob(view: PlayerView) -> Action:
    def score(action: Rob) -> tuple[int, int]:
        s = view.seats[action.seat]
        return s.hand_size, s.score

    return max((a for a in view.legal_actions if isinstance(a, Rob)), key=score)


def choose_basic(view: PlayerView, rng: random.Random) -> Action:
    """The basic decision for any phase (``rng`` is unused: basic is deterministic)."""
    phase = view.phase
    if phase is Phase.DRAW:
        return _choose_draw(view)
    if phase is Phase.KEEP:
        return _choose_keep(view)
    if phase is Phase.PLAY:
        return _choose_play(view)
    if phase is Phase.CRAB_PILE:
        piles = [a for a in view.legal_actions if isinstance(a, ChooseCrabPile)]
        return max(piles, key=lambda a: view.piles[a.pile].size)
    if phase is Phase.CRAB_TAKE:
        takes = [(a, a.card) for a in view.legal_actions if isinstance(a, TakeCrabCard)]
        return _pick_by_gain(view, list(takes))
    if phase is Phase.ROB:
        return _choose_rob(view)
    if phase is Phase.LOBSTER:
        keeps = [(a, a.card) for a in view.legal_actions if isinstance(a, KeepLobsterCard)]
        return _pick_by_gain(view, list(keeps))
    return choose_pepper(view, lambda h, t: hand_value(h, t, view.effects))


__all__ = ["choose_basic", "hand_value"]
