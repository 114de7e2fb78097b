"""The in-place playout (engine/playout.py) against the immutable apply(), its reference.

A few hundred seeded random games, 2-4 players, with and without Extra Salt and Extra Pepper,
played both ways in lockstep: the same legal actions, states and events at every step
(``engine.testing.playout_mismatch``). Thousands: ``benchmarks/engine_playouts.py --soak-fast``.
"""

import dataclasses
import random

import pytest
from seasalt.engine import GameState, Rules, apply, legal_actions, new_game
from seasalt.engine.playout import Playout
from seasalt.engine.testing import all_cards, deck_size, playout_mismatch

GAMES = {2: 30, 3: 20, 4: 15}  # per option setting: 260 games in all


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("extra_salt", [False, True])
@pytest.mark.parametrize("extra_pepper", [False, True])
def test_playout_matches_apply(players: int, extra_salt: bool, extra_pepper: bool) -> None:
    rules = Rules(players, extra_salt=extra_salt, extra_pepper=extra_pepper)
    for i in range(GAMES[players]):
        assert playout_mismatch(rules, 1000 * players + i) is None


def _mid_game(rules: Rules, seed: int, moves: int) -> tuple[GameState, random.Random]:
    rng = random.Random(seed)
    state = new_game(rules, seed)
    for _ in range(moves):
        legal = legal_actions(state)
        state = apply(state, legal[rng.randrange(len(legal))]).state
    return state, rng


def test_playout_leaves_its_start_state_alone() -> None:
    """Zones are copied on write: many playouts can start from one state (the expert's
    determinization), and that state stays as it was."""
    state = new_game(Rules(3, extra_salt=True), 5)
    before = dataclasses.replace(state)
    ends = []
    for seed in range(3):
        rng = random.Random(seed)
        game = Playout(state, events=True)
        while not game.is_over:
            legal = game.legal_actions()
            game.apply(legal[rng.randrange(len(legal))])
        ends.append(game.state())
    assert state == before and legal_actions(state) == legal_actions(before)
    assert len({e.scores for e in ends}) > 1  # three different games from the same start
    for end in ends:
        assert end.is_over and all_cards(end) == list(range(deck_size(end.rules)))


def test_playout_from_mid_game_and_freezing_mid_way() -> None:
    """Started anywhere, frozen at any point, it goes on as the immutable path does."""
    rules = Rules(2, extra_pepper=True)
    state, rng = _mid_game(rules, 11, 60)
    assert not state.is_over and state.log  # a round under way, with its log
    game = Playout(state, events=True)
    for _ in range(40):
        legal = legal_actions(state)
        action = legal[rng.randrange(len(legal))]
        assert game.state() == state  # freezing changes nothing in the playout
        assert game.apply(action) == apply(state, action).events
        state = apply(state, action).state
    assert game.state() == state


def test_events_off_drops_the_log_only() -> None:
    state, _ = _mid_game(Rules(4), 3, 25)
    quiet = Playout(state)
    assert quiet.state() == dataclasses.replace(state, log=())
    assert quiet.apply(quiet.legal_actions()[0]) == ()
    assert quiet.state().log == ()
    assert quiet.to_act == quiet.state().to_act and quiet.players == 4


def test_the_engines_shuffle_is_random_shuffle() -> None:
    """engine.work.shuffle is Lib/random.py's shuffle written out: the same permutation from
    the same generator state, and the generator left in the same state (the deal of every
    round, so every seeded game and the golden playthroughs, goes through it)."""
    from seasalt.engine.work import shuffle

    for seed in range(300):
        for size in (0, 1, 2, 5, 58, 66, 130):  # 130: past the bit-length table
            ours, theirs = random.Random(seed), random.Random(seed)
            mine, reference = list(range(size)), list(range(size))
            shuffle(ours, mine)
            theirs.shuffle(reference)
            assert mine == reference
            assert ours.getstate() == theirs.getstate()
