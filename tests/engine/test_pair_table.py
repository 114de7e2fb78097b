"""The pair table (engine/cards.py PAIR_KINDS): one place for which cards pair and what the
pair does, and every part of the engine, the greedy bot and the client's words reading it
(RULES §3.2, §4, §5.2, §11.1, §11.2, §11.6)."""

from __future__ import annotations

import random
from itertools import combinations

import pytest
from seasalt.engine import (
    DUO_KINDS,
    PAIR_GROUPS,
    PAIR_KINDS,
    DuoEffect,
    EventKind,
    Kind,
    Phase,
    PlayPair,
    PointRole,
    Rules,
    apply,
    breakdown,
    build_deck,
    is_pair,
    legal_actions,
    make_state,
    pair_kind,
    pair_partners,
    point_role,
)
from seasalt.engine.legal import pairs_in

K = Kind


def test_the_table_lists_the_rules_pairs_and_effects() -> None:  # RULES §3.2, §4, §11.1, §11.2
    assert {(frozenset((p.first, p.second)), p.effect, p.extra_salt) for p in PAIR_KINDS} == {
        (frozenset({K.CRAB}), DuoEffect.CRAB, False),
        (frozenset({K.BOAT}), DuoEffect.BOAT, False),
        (frozenset({K.FISH}), DuoEffect.FISH, False),
        (frozenset({K.SWIMMER, K.SHARK}), DuoEffect.ROB, False),
        (frozenset({K.CRAB, K.LOBSTER}), DuoEffect.LOBSTER, True),
        (frozenset({K.SWIMMER, K.JELLYFISH}), DuoEffect.JELLYFISH, True),
    }
    assert {p.effect for p in PAIR_KINDS} == set(DuoEffect)


def test_lookups_agree_with_the_table_in_either_order() -> None:
    for a in Kind:
        for b in Kind:
            found = [p for p in PAIR_KINDS if {p.first, p.second} == {a, b} and (a is b) == (
                p.first is p.second)]
            assert pair_kind(a, b) == (found[0] if found else None)
            assert is_pair(a, b) == bool(found)
    assert pair_partners(K.SWIMMER) == (K.SHARK, K.JELLYFISH)
    assert pair_partners(K.CRAB) == (K.CRAB, K.LOBSTER)
    assert pair_partners(K.SHARK) == (K.SWIMMER,)
    assert pair_partners(K.SHELL) == ()
    assert PAIR_GROUPS == (
        (K.CRAB, K.LOBSTER), (K.BOAT,), (K.FISH,), (K.SWIMMER, K.SHARK, K.JELLYFISH))


def test_point_roles() -> None:  # RULES §1.1 and §1.3, the "type" column
    roles = {kind: point_role(kind) for kind in Kind}
    assert {k for k, r in roles.items() if r is PointRole.PAIR} == DUO_KINDS == {
        K.CRAB, K.BOAT, K.FISH, K.SWIMMER, K.SHARK, K.JELLYFISH, K.LOBSTER}
    assert {k for k, r in roles.items() if r is PointRole.COLLECTOR} == {
        K.SHELL, K.OCTOPUS, K.PENGUIN, K.SAILOR}
    assert {k for k, r in roles.items() if r is PointRole.MULTIPLIER} == {
        K.LIGHTHOUSE, K.SHOAL_OF_FISH, K.PENGUIN_COLONY, K.CAPTAIN, K.CAST_OF_CRABS}
    assert {k for k, r in roles.items() if r is PointRole.MERMAID} == {K.MERMAID}
    assert {k for k, r in roles.items() if r is PointRole.SPECIAL} == {K.STARFISH, K.SEAHORSE}
    assert all(r.value == r.name.lower() for r in PointRole)


def _max_matching(kinds: list[Kind]) -> int:
    """Most disjoint valid pairs among these cards, by brute force over the table."""
    best = 0

    def search(rest: list[Kind], made: int) -> None:
        nonlocal best
        best = max(best, made)
        if len(rest) < 2 or made + len(rest) // 2 <= best:
            return
        first, others = rest[0], rest[1:]
        search(others, made)  # the first card in no pair
        for i, other in enumerate(others):
            if is_pair(first, other):
                search(others[:i] + others[i + 1 :], made + 1)

    search(kinds, 0)
    return best


def test_hand_scoring_counts_the_maximum_matching_of_the_table() -> None:  # RULES §5.2, §11.6
    deck = [c for c in build_deck(extra_salt=True) if c.kind in DUO_KINDS]
    rng = random.Random(16)
    for _ in range(400):
        hand = rng.sample(deck, rng.randrange(0, 13))
        assert breakdown(hand).pairs_in_hand == _max_matching([c.kind for c in hand]), hand


@pytest.mark.parametrize("seed", range(30))
def test_play_options_are_every_pair_of_the_hand(seed: int) -> None:  # RULES §3.2
    rng = random.Random(seed)
    deck = [c.id for c in build_deck(extra_salt=True)]
    hand = tuple(sorted(rng.sample(deck, rng.randrange(2, 14))))
    kinds = {c.id: c.kind for c in build_deck(extra_salt=True)}
    expected = {(a, b) for a, b in combinations(hand, 2) if is_pair(kinds[a], kinds[b])}
    pairs, starfish = pairs_in(hand)
    assert len(pairs) == len(set(pairs)) and set(pairs) == expected
    assert all(a < b for a, b in pairs)
    assert starfish == [c for c in hand if kinds[c] is K.STARFISH]
    # pair kinds come in the table's order (the engine's fixed action order)
    order = [PAIR_KINDS.index(pair_kind(kinds[a], kinds[b]) or PAIR_KINDS[0]) for a, b in pairs]
    assert order == sorted(order)


def test_each_effect_is_carried_out() -> None:  # RULES §4, §11.1, §11.2
    # One laid pair of each kind, with an opponent to rob and a deck and piles to use: each
    # effect shows in its own event (or, for the crab, its choice of pile), and none is skipped.
    ids: dict[Kind, list[int]] = {}
    for c in build_deck(extra_salt=True):
        ids.setdefault(c.kind, []).append(c.id)
    shows = {
        DuoEffect.BOAT: EventKind.EXTRA_TURN, DuoEffect.FISH: EventKind.FISH_DREW,
        DuoEffect.ROB: EventKind.ROBBED, DuoEffect.LOBSTER: EventKind.LOBSTER_LOOKED,
        DuoEffect.JELLYFISH: EventKind.JELLYFISH_LOCK,
    }
    for pair in PAIR_KINDS:
        a = ids[pair.first][0]
        b = ids[pair.second][1 if pair.first is pair.second else 0]
        rest = [c for c in range(66) if c not in (a, b)]
        state = make_state(
            Rules(2, extra_salt=True),
            hands=((a, b), tuple(rest[:2])),
            deck=tuple(rest[2:-3]),
            piles=(tuple(rest[-3:-1]), tuple(rest[-1:])),
            phase=Phase.PLAY,
        )
        action = PlayPair((min(a, b), max(a, b)))
        assert action in legal_actions(state)
        result = apply(state, action)
        kinds = [e.kind for e in result.events]
        assert EventKind.EFFECT_SKIPPED not in kinds, pair
        if pair.effect is DuoEffect.CRAB:
            assert result.state.phase is Phase.CRAB_PILE
        else:
            assert shows[pair.effect] in kinds, pair


def test_the_greedy_bot_values_every_effect() -> None:
    from seasalt.bots import greedy

    assert set(greedy._EFFECT_VALUE) == set(DuoEffect)
