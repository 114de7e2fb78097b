"""A first end-to-end check of the engine API."""

from seasalt.engine import Rules, apply, legal_actions, new_game


def test_a_seeded_game_reaches_its_end() -> None:
    state = new_game(Rules(players=2), seed=1)
    steps = 0
    while not state.is_over:
        state = apply(state, legal_actions(state)[-1]).state
        steps += 1
        assert steps < 10_000
    assert state.winners
