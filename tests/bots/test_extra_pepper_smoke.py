"""Every level finishes Extra Pepper games with legal actions (RULES §12). The levels do not
play the new decisions well yet (issue 17, bots): this only keeps them from failing."""

import pytest
from seasalt.bots.base import get_bot
from seasalt.engine import Rules, apply, new_game, view


@pytest.mark.timeout(120)
@pytest.mark.parametrize("lineup", [("random", "greedy"), ("expert", "random", "greedy")])
def test_levels_finish_extra_pepper_games(lineup: tuple[str, ...]) -> None:
    for g in range(3):
        state = new_game(Rules(len(lineup), extra_salt=g == 1, extra_pepper=True, target=20), g)
        bots = [get_bot(level, seed=g * 7 + s, budget=4) for s, level in enumerate(lineup)]
        while not state.is_over:
            seat = state.to_act
            assert seat is not None
            action = bots[seat].choose(view(state, seat))
            state = apply(state, action).state  # apply() rejects anything illegal
        assert state.winners
