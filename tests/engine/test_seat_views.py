"""A view's seat facts (``PlayerView.seats``), built by one builder for both rule sets and
positionally: each field holds what it names, with Extra Pepper off and on, through a whole game
(hands revealed by LAST CHANCE and at the end included)."""

from __future__ import annotations

import random

import pytest
from seasalt.engine import (
    GameState,
    Rules,
    SeatView,
    apply,
    breakdown,
    effects,
    legal_actions,
    new_game,
    view,
)


def _expected(state: GameState, s: int) -> SeatView:
    over = state.is_over
    shown = state.revealed[s] or over
    pepper = state.rules.extra_pepper
    return SeatView(
        seat=s,
        hand_size=len(state.hands[s]),
        table=state.tables[s],
        revealed_hand=state.hands[s] if shown else None,
        protected=state.revealed[s] and not over,
        locked=state.locked(s) and not over,
        score=state.scores[s],
        last_round_score=state.last_round_scores[s],
        revealed_points=(
            breakdown(state.hands[s], state.tables[s], effects(state, s)).total if shown else None
        ),
        held_event=state.held[s] if pepper else None,
        shielded=pepper and state.face_down[s] is not None,
        face_down_shell=state.face_down[s] if pepper and over else None,
    )


@pytest.mark.parametrize("extra_pepper", [False, True])
@pytest.mark.parametrize("players", [2, 4])
def test_each_seat_fact_holds_what_it_names(players: int, extra_pepper: bool) -> None:
    rules = Rules(players, extra_salt=True, extra_pepper=extra_pepper)
    seen_revealed = False
    for seed in range(3):
        rng = random.Random(seed)
        state = new_game(rules, seed)
        while True:
            seats = view(state, None).seats
            assert seats == tuple(_expected(state, s) for s in range(players))
            assert all(type(v) is SeatView for v in seats)
            seen_revealed |= any(v.revealed_hand is not None for v in seats)
            if state.is_over:
                break
            state = apply(state, rng.choice(legal_actions(state))).state
    assert seen_revealed
