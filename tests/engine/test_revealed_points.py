"""``SeatView.revealed_points``: the card points of a revealed hand (RULES §6.2, §6.5), given
with the hand and only with it, so clients never score cards themselves."""

from __future__ import annotations

import random

from seasalt.engine import Rules, apply, breakdown, legal_actions, new_game, view


def test_revealed_points_come_with_a_revealed_hand_and_only_with_it() -> None:
    rng = random.Random(15)
    seen_revealed = 0
    for game in range(6):
        state = new_game(Rules(3, extra_salt=game % 2 == 1), seed=100 + game)
        while not state.is_over and state.move < 1500:
            for seat in (0, 1, 2, None):
                for s in view(state, seat).seats:
                    if s.revealed_hand is None:
                        assert s.revealed_points is None
                    else:
                        seen_revealed += 1
                        assert s.revealed_points == breakdown(s.revealed_hand, s.table).total
            options = legal_actions(state)
            state = apply(state, options[rng.randrange(len(options))]).state
    assert seen_revealed > 0  # LAST CHANCE reveals (or a game over) were reached
