"""The expert's determinizations under Extra Pepper (RULES §12.13, §12.14): they agree with
every visible field, deal the hidden zones (the event deck's order, others' face-down shells)
at random, keep what a Water Rodeo look showed us, and never read hidden state."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator

import pytest
from seasalt.bots.base import get_bot
from seasalt.bots.sampler import Sampler, sample_state
from seasalt.engine import EventKind, GameState, Phase, Rules, apply, legal_actions, new_game, view
from seasalt.engine.testing import permute_unseen

_VISIBLE = (
    "rules", "seat", "round", "move", "phase", "to_act", "active", "hand", "table", "breakdown",
    "seats", "deck_size", "piles", "call", "caller", "final_turns", "pending", "crab_pile",
    "legal_actions", "scores", "winners", "is_over",
    # Extra Pepper's fields (RULES §12.14)
    "table_event", "event_deck_size", "event_discard", "keep_choice", "effects",
    "face_down_shell", "swap_target",
)


def pepper_positions(games: int, every: int = 1, seed: int = 0) -> Iterator[GameState]:
    """States of seeded random Extra Pepper games (2-4 players, with and without Extra Salt)."""
    for g in range(games):
        rules = Rules(2 + g % 3, extra_salt=(g // 3) % 2 == 1, extra_pepper=True)
        rng = random.Random(seed * 1000 + g)
        state = new_game(rules, seed * 1000 + g)
        moves = 0
        while not state.is_over and moves < 900:
            if moves % every == 0:
                yield state
            legal = legal_actions(state)
            state = apply(state, legal[rng.randrange(len(legal))]).state
            moves += 1


@pytest.mark.timeout(120)
def test_sampled_states_show_the_seat_exactly_its_view() -> None:
    coverage: Counter[str] = Counter()
    for i, state in enumerate(pepper_positions(9, every=7, seed=3)):
        for seat in range(state.players):
            original = view(state, seat)
            sampled = sample_state(original, random.Random(i * 10 + seat))
            again = view(sampled, seat)
            for name in _VISIBLE:
                assert getattr(again, name) == getattr(original, name), (name, i, seat)
            assert again.log == original.log
            kinds = {e.kind for e in original.log}
            coverage["shielded"] += any(s.shielded and s.seat != seat for s in original.seats)
            coverage["swap"] += EventKind.SWAPPED in kinds
            coverage["look"] += EventKind.HAND_LOOKED in kinds
            coverage["keep event"] += original.phase is Phase.KEEP_EVENT_CARD
            coverage["angelfish"] += EventKind.ANGELFISH_TOOK in kinds
            coverage["dolphins"] += EventKind.DOLPHINS_DREW in kinds
    # The sample really met every new hidden zone.
    assert all(coverage[k] for k in ("shielded", "swap", "look", "keep event")), coverage


def test_hidden_event_deck_and_face_down_shells_are_dealt_at_random() -> None:
    """The event deck's order and another seat's face-down shell vary between samples, and a
    face-down shell is always one of the shells the seat has not seen."""
    state = next(
        s for s in pepper_positions(30, seed=4)
        if len(s.event_deck) > 3 and any(s.shielded(t) for t in range(s.players) if t != s.active)
    )
    seat = state.active
    sampler = Sampler(view(state, seat))
    samples = [sampler.sample(random.Random(k)) for k in range(20)]
    assert len({w.event_deck for w in samples}) > 1
    other = next(t for t in range(state.players) if t != seat and state.shielded(t))
    shells = {w.face_down[other] for w in samples}
    seen = set(view(state, seat).hand)
    assert all(c is not None and c not in seen for c in shells)
    assert all(sorted(w.event_deck, key=repr) == sorted(state.event_deck, key=repr)
               for w in samples)


def test_what_our_water_rodeo_look_showed_stays_in_the_samples() -> None:
    """RULES §12.3: after we looked at a hand, each sample gives that opponent the cards we
    saw (as long as nothing hidden has moved since, in the swap phase itself)."""
    checked = 0
    for state in pepper_positions(40, seed=5):
        if state.phase is not Phase.SWAP or state.swap_target is None:
            continue
        seat, target = state.active, state.swap_target
        sampler = Sampler(view(state, seat))
        for k in range(5):
            assert sampler.sample(random.Random(k)).hands[target] == state.hands[target]
        checked += 1
    assert checked >= 5


def test_samples_depend_only_on_the_view() -> None:
    """The no-peek check: shuffling every card and event card the seat cannot see (RULES
    §12.14 "Leak test") changes neither its samples nor the expert's choice."""
    rng = random.Random(11)
    expert = get_bot("expert", seed=2, budget=4)
    checked = 0
    for i, state in enumerate(pepper_positions(9, every=13, seed=6)):
        seat = state.active
        other = permute_unseen(state, seat, rng)
        a, b = Sampler(view(state, seat)), Sampler(view(other, seat))
        assert a.sample(random.Random(1)) == b.sample(random.Random(1))
        if i % 3 == 0 and len(legal_actions(state)) > 1:
            assert expert.choose(view(other, seat)) == expert.choose(view(state, seat))
            checked += 1
    assert checked > 15


_NEW_PHASES = (
    Phase.SWAP_TARGET, Phase.SWAP, Phase.PAIR_STEAL, Phase.ANGELFISH, Phase.KEEP_EVENT_CARD,
)


@pytest.mark.timeout(120)
def test_the_expert_searches_every_extra_pepper_decision() -> None:
    """No fallback to a cheaper level: at Extra Pepper's new decisions the expert's choice is
    legal and is not always the basic level's (which a fallback would be)."""
    kinds: Counter[str] = Counter()
    differs = 0
    for state in pepper_positions(40, seed=7):
        v = view(state, state.active)
        if v.phase not in _NEW_PHASES or len(v.legal_actions) < 2 or kinds[v.phase.name] >= 4:
            continue
        action = get_bot("expert", seed=1, budget=12).choose(v)
        assert action in v.legal_actions
        differs += action != get_bot("basic", seed=1).choose(v)
        kinds[v.phase.name] += 1
    assert {"SWAP", "SWAP_TARGET", "ANGELFISH", "KEEP_EVENT_CARD"} <= set(kinds), kinds
    assert differs > 0
