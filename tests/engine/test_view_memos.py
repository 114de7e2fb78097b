"""view()'s memos (redacted copies, per-seat round logs, seat facts) change no view.

Views of two interleaved games, seats in shuffled order, equal views built from scratch with
``events_for`` over the whole round log; a hidden card never appears in another seat's log.
"""

from __future__ import annotations

import dataclasses
import random

from seasalt.engine import (
    GameState,
    Rules,
    apply,
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
