"""Seeded random playouts: invariants at every step, illegal actions, replay (RULES §1-§11).

A few hundred complete games across 2/3/4 players with and without Extra Salt. The soak run
with thousands of games is ``benchmarks/engine_playouts.py --soak``.
"""

import dataclasses
import random

import pytest
from seasalt.engine import (
    Action,
    Call,
    CallKind,
    ChooseCrabPile,
    DrawFromDeck,
    EndTurn,
    GameState,
    IllegalActionError,
    KeepCard,
    KeepLobsterCard,
    PlayPair,
    PlayTrio,
    Rob,
    Rules,
    TakeCrabCard,
    TakeDiscard,
    apply,
    legal_actions,
    new_game,
    replay,
)
from seasalt.engine.testing import all_cards, invariant_problems

GAMES = {2: 65, 3: 45, 4: 40}  # per expansion setting: 300 games in all


def check_invariants(state: GameState, size: int) -> None:
    assert all_cards(state) == list(range(size))  # card conservation, said plainly
    assert invariant_problems(state) == []


def random_action(rng: random.Random, state: GameState, size: int) -> object:
    """Any action or junk, legal or not."""
    c = rng.randrange(-1, size + 1)
    d = rng.randrange(size)
    seat = rng.randrange(-1, state.players + 1)
    pile = rng.choice([0, 1, 2, None])
    options: list[object] = [
        DrawFromDeck(), TakeDiscard(rng.randrange(-1, 3)), KeepCard(c, pile),
        PlayPair((min(c, d), max(c, d))), PlayPair((max(c, d), min(c, d))),
        PlayTrio((c, d), rng.randrange(size)), ChooseCrabPile(rng.randrange(-1, 3)),
        TakeCrabCard(c), Rob(seat), KeepLobsterCard(c), Call(rng.choice(list(CallKind))),
        EndTurn(), None, "end turn", 3, (c, d),
    ]
    return rng.choice(options)


def play(players: int, extra_salt: bool, seed: int) -> None:
    rng = random.Random(seed)
    rules = Rules(players, extra_salt)
    size = 66 if extra_salt else 58
    state = new_game(rules, seed)
    history: list[Action] = []
    check_invariants(state, size)
    while not state.is_over:
        legal = legal_actions(state)
        if rng.random() < 0.2:
            junk = random_action(rng, state, size)
            if junk not in legal:
                snapshot = dataclasses.replace(state)
                with pytest.raises(IllegalActionError):
                    apply(state, junk)  # type: ignore[arg-type]
                assert state == snapshot and legal_actions(state) == legal
        action = rng.choice(legal)
        result = apply(state, action)
        assert result.events and result.state.move == state.move + 1
        assert all(a >= b for a, b in zip(result.state.scores, state.scores, strict=True))
        history.append(action)
        state = result.state
        check_invariants(state, size)
    assert replay(rules, seed, history) == state


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("extra_salt", [False, True])
def test_random_playouts(players: int, extra_salt: bool) -> None:
    for seed in range(GAMES[players]):
        play(players, extra_salt, seed * 7919 + players)
