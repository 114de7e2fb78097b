"""A ViewCache (engine/memo.py: redacted copies, per-seat round logs and breakdowns, seat facts)
changes no view.

Views of three interleaved games, seats in shuffled order, each built three ways: with the
game's own cache (as the server does, one per table), with one cache shared by every game (a
misuse that must still be correct), and from scratch; all equal the view redacted from scratch
with ``events_for`` over the whole round log, and a hidden card never appears in another seat's
log. The engine itself keeps nothing between calls (tests/engine/test_purity.py).
"""

from __future__ import annotations

import dataclasses
import random

from seasalt.engine import (
    GameState,
    PlayerView,
    Rules,
    ViewCache,
    apply,
    breakdown,
    effects,
    events_for,
    legal_actions,
    new_game,
    view,
)


def _states(players: int, seed: int, extra_pepper: bool = False) -> list[GameState]:
    rng = random.Random(seed)
    state = new_game(Rules(players, players == 3, extra_pepper=extra_pepper), seed)
    out = [state]
    while not state.is_over and len(out) < 300:
        state = apply(state, rng.choice(legal_actions(state))).state
        out.append(state)
    return out


def test_cached_views_equal_views_redacted_from_scratch() -> None:
    rng = random.Random(2)
    games = [_states(4, 21), _states(3, 22), _states(2, 23), _states(3, 24, extra_pepper=True),
             _states(2, 25, extra_pepper=True)]
    own = [ViewCache() for _ in games]
    shared = ViewCache()
    for step in range(300):
        for states, cache in zip(games, own, strict=True):
            if step >= len(states):
                continue
            state = states[step]
            seats: list[int | None] = [*range(state.players), None]
            rng.shuffle(seats)
            for seat in seats:
                v = view(state, seat, cache)
                assert v.log == events_for(state.log, seat)
                for event in v.log:
                    if event.private_to is not None and seat not in event.private_to:
                        assert event.redacted and event.card is None and event.cards == ()
                assert view(state, seat) == v
                assert view(state, seat, shared) == v
                # a copy of the state is another object: its seat facts are built afresh
                assert view(dataclasses.replace(state), seat, cache) == v
                _check_fields(v, state, seat)


def test_a_cache_shares_one_redacted_copy_per_event() -> None:
    # Why the cache keeps the copies: every later view of the round carries the same object,
    # which the protocol's FrameCache then packs once.
    state = _states(4, 31)[60]
    cache = ViewCache()
    hidden = [e for e in state.log if e.private_to is not None and 0 not in e.private_to]
    assert hidden, "the sample round has events private to other seats"
    first = view(state, 0, cache).log
    again = events_for(state.log, 0, cache)
    assert all(a is b for a, b in zip(first, again, strict=True))
    assert all(a is b for a, b in zip(first, view(state, 0, cache).log, strict=True))
    fresh = events_for(state.log, 0)
    assert fresh == first
    assert any(a is not b for a, b in zip(fresh, first, strict=True) if a.redacted)


def _check_fields(v: PlayerView, state: GameState, seat: int | None) -> None:
    """Each field holds what it names (the view is built positionally)."""
    assert (v.rules, v.seat, v.round, v.move) == (state.rules, seat, state.round, state.move)
    assert (v.phase, v.to_act, v.active) == (state.phase, state.to_act, state.active)
    assert (v.deck_size, v.call, v.caller) == (len(state.deck), state.call, state.caller)
    assert (v.crab_pile, v.last_result) == (state.crab_pile, state.last_result)
    assert (v.scores, v.winners, v.is_over) == (state.scores, state.winners, state.is_over)
    assert [p.size for p in v.piles] == [len(p) for p in state.piles]
    assert [s.seat for s in v.seats] == list(range(state.players))
    if seat is None:
        assert (v.hand, v.table, v.breakdown, v.pending) == ((), (), None, ())
    else:
        assert (v.hand, v.table) == (state.hands[seat], state.tables[seat])
        fx = effects(state, seat)  # Extra Pepper: scored under the seat's effects
        assert v.breakdown == breakdown(state.hands[seat], state.tables[seat], fx)
        assert v.effects == fx
        assert v.face_down_shell == (state.face_down[seat] if state.face_down else None)
    mine = seat is not None and seat == state.active and not state.is_over
    assert v.legal_actions == (legal_actions(state) if mine else ())
    assert (v.table_event, v.event_deck_size, v.event_discard, v.keep_choice, v.swap_target) == (
        state.table_event, len(state.event_deck), state.event_discard, state.keep_choice,
        state.swap_target,
    )
