"""The expert's determinizations agree with everything the seat has seen."""

from __future__ import annotations

import random

import pytest
from seasalt.bots.sampler import Sampler, sample_state
from seasalt.engine import EventKind, GameState, Phase, view

# Every field of a view that the seat can see and that a determinization must reproduce.
_VISIBLE = (
    "rules", "seat", "round", "move", "phase", "to_act", "active", "hand", "table", "breakdown",
    "seats", "deck_size", "piles", "call", "caller", "final_turns", "pending", "crab_pile",
    "legal_actions", "scores", "winners", "is_over",
)


def _pinned(state: GameState, seat: int) -> dict[int, tuple[str, int]]:
    """Cards whose place the seat's log pins down: an opponent's discard take or theft from
    us, not moved since (a later public or hidden event involving that hand could move it)."""
    where: dict[int, tuple[str, int]] = {}
    for e in view(state, seat).log:
        if e.kind is EventKind.TOOK_DISCARD and e.seat != seat:
            assert e.card is not None and e.seat is not None
            where[e.card] = ("hand", e.seat)
        elif e.kind is EventKind.ROBBED and e.target == seat and e.card is not None:
            assert e.seat is not None
            where[e.card] = ("hand", e.seat)
        elif e.kind is EventKind.ROBBED:
            # A theft we could not see may have moved any pinned card of the victim.
            where = {c: w for c, w in where.items() if w != ("hand", e.target)}
        for c in (*e.cards, *((e.card,) if e.card is not None else ())):
            if e.kind not in (EventKind.TOOK_DISCARD, EventKind.ROBBED):
                where.pop(c, None)
    return where


def test_sampled_states_show_the_seat_exactly_its_view(positions) -> None:
    checked = 0
    for i, state in enumerate(positions(6, every=7, seed=5)):
        for seat in range(state.players):
            original = view(state, seat)
            sampled = sample_state(original, random.Random(i * 10 + seat))
            again = view(sampled, seat)
            for name in _VISIBLE:
                assert getattr(again, name) == getattr(original, name), (name, i, seat)
            assert again.log == original.log
            checked += 1
    assert checked > 400


def test_cards_with_a_known_place_are_where_the_log_says(positions) -> None:
    pinned_checked = 0
    for i, state in enumerate(positions(6, every=9, seed=6)):
        for seat in range(state.players):
            sampled = sample_state(view(state, seat), random.Random(i), keep_log=False)
            for c, (_, holder) in _pinned(state, seat).items():
                assert c in state.hands[holder]  # the helper itself is right
                assert c in sampled.hands[holder], (i, seat, c, holder)
                pinned_checked += 1
    assert pinned_checked > 100


def test_piles_nobody_else_dug_into_are_rebuilt_exactly(positions) -> None:
    exact = 0
    for i, state in enumerate(positions(6, every=11, seed=7)):
        for seat in range(state.players):
            v = view(state, seat)
            dug = {e.pile for e in v.log if e.kind is EventKind.CRAB_TOOK and e.seat != seat}
            sampled = sample_state(v, random.Random(i))
            for p in (0, 1):
                if p not in dug:
                    assert sampled.piles[p] == state.piles[p], (i, seat, p)
                    exact += 1
    assert exact > 200


def test_unseen_cards_really_vary_between_samples(positions) -> None:
    """Hidden hands and the deck are dealt at random, not copied from the true state."""
    state = next(s for s in positions(1, seed=8) if s.move > 20 and s.phase is Phase.DRAW)
    seat = state.active
    sampler = Sampler(view(state, seat))
    decks = {sampler.sample(random.Random(k)).deck for k in range(20)}
    assert len(decks) == 20
    hands = {sampler.sample(random.Random(k)).hands[1 - seat] for k in range(20)}
    assert len(hands) > 1


def test_same_rng_seed_same_sample(positions) -> None:
    state = next(s for s in positions(1, seed=9) if s.move > 30)
    v = view(state, state.active)
    assert sample_state(v, random.Random(4)) == sample_state(v, random.Random(4))


def test_a_spectator_view_cannot_be_sampled(positions) -> None:
    state = next(iter(positions(1)))
    with pytest.raises(ValueError, match="spectator"):
        sample_state(view(state, None), random.Random(0))
