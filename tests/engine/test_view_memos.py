"""view()'s memos (redacted copies, per-seat round logs, seat facts) change no view.

Views of two interleaved games, seats in shuffled order, equal views built from scratch with
``events_for`` over the whole round log; a hidden card never appears in another seat's log.
"""

from __future__ import annotations

import dataclasses
import random

from seasalt.engine import (
    GameState,
    PlayerView,
    Rules,
    apply,
    breakdown,
    events_for,
    legal_actions,
    new_game,
    view,
)


def _states(players: int, seed: int) -> list[GameState]:
    rng = random.Random(seed)
    state = new_game(Rules(players, players == 3), seed)
    out = [state]
    while not state.is_over and len(out) < 300:
        state = apply(state, rng.choice(legal_actions(state))).state
        out.append(state)
    return out


def test_memoised_views_equal_views_redacted_from_scratch() -> None:
    rng = random.Random(2)
    games = [_states(4, 21), _states(3, 22), _states(2, 23)]
    for step in range(300):
        for states in games:
            if step >= len(states):
                continue
            state = states[step]
            seats: list[int | None] = [*range(state.players), None]
            rng.shuffle(seats)
            for seat in seats:
                v = view(state, seat)
                assert v.log == events_for(state.log, seat)
                for event in v.log:
                    if event.private_to is not None and seat not in event.private_to:
                        assert event.redacted and event.card is None and event.cards == ()
                # a copy of the state is another object: its seat facts are built afresh
                assert view(dataclasses.replace(state), seat) == v
                _check_fields(v, state, seat)


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
        assert v.breakdown == breakdown(state.hands[seat], state.tables[seat])
    mine = seat is not None and seat == state.active and not state.is_over
    assert v.legal_actions == (legal_actions(state) if mine else ())
