"""Seeded positions for the bot tests: states reached by random play, all player counts."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator

import pytest
from seasalt.engine import GameState, Rules, apply, legal_actions, new_game

Positions = Callable[..., Iterator[GameState]]


def _positions(
    games: int, every: int = 1, seed: int = 0, max_moves: int = 600
) -> Iterator[GameState]:
    """States of ``games`` random games (2, 3, 4 players, with and without Extra Salt)."""
    for g in range(games):
        rules = Rules(2 + g % 3, extra_salt=(g // 3) % 2 == 1)
        rng = random.Random(seed * 1000 + g)
        state = new_game(rules, seed * 1000 + g)
        moves = 0
        while not state.is_over and moves < max_moves:
            if moves % every == 0:
                yield state
            legal = legal_actions(state)
            state = apply(state, legal[rng.randrange(len(legal))]).state
            moves += 1


@pytest.fixture
def positions() -> Positions:
    """``positions(games, every=1, seed=0)``: seeded mid-game states of random games."""
    return _positions
