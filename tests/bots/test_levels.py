"""Every level plays only legal actions, deterministically, and survives pickling."""

from __future__ import annotations

import pickle

import pytest
from seasalt.bots import LEVELS, get_bot
from seasalt.bots.base import decision_rng
from seasalt.bots.expert import search
from seasalt.engine import Rules, apply, new_game, view


def test_levels_are_random_basic_greedy_expert() -> None:
    assert LEVELS == ("random", "basic", "greedy", "expert")


def test_unknown_level_is_a_clear_error_listing_the_levels() -> None:
    with pytest.raises(ValueError, match="random, basic, greedy, expert"):
        get_bot("grandmaster")


@pytest.mark.parametrize("budget", [0, -3, 2.5, True])
def test_bad_budget_is_rejected(budget: object) -> None:
    with pytest.raises(ValueError, match="budget"):
        get_bot("expert", budget=budget)  # type: ignore[arg-type]


def test_bots_pickle_and_compare_by_value() -> None:
    bot = get_bot("expert", seed=5, budget=12)
    assert pickle.loads(pickle.dumps(bot)) == bot


def test_a_bot_with_nothing_to_decide_says_so() -> None:
    state = new_game(Rules(2), 1)
    idle = 1 - state.active
    with pytest.raises(ValueError, match="nothing to decide"):
        get_bot("random").choose(view(state, idle))


@pytest.mark.parametrize("level", ["random", "basic", "greedy"])
def test_cheap_levels_choose_legal_actions_everywhere(level: str, positions) -> None:
    bot = get_bot(level, seed=3)
    checked = 0
    for state in positions(12, every=3):
        v = view(state, state.active)
        assert bot.choose(v) in v.legal_actions
        checked += 1
    assert checked > 500


def test_expert_chooses_legal_actions_at_a_small_budget(positions) -> None:
    bot = get_bot("expert", seed=3, budget=6)
    checked = 0
    for state in positions(12, every=37, seed=1):
        v = view(state, state.active)
        assert bot.choose(v) in v.legal_actions
        checked += 1
    assert checked > 60


def test_the_experts_search_is_its_choice_with_a_value(positions) -> None:
    # benchmarks/expert_vs_other.py records the search's value beside the bot's choice.
    bot = get_bot("expert", seed=5, budget=12)
    valued = 0
    for state in positions(6, every=29, seed=2):
        v = view(state, state.active)
        if len(v.legal_actions) < 2:
            continue
        searched = search(v, decision_rng(5, v), 12)
        assert searched.action == bot.choose(v)
        if searched.value is not None:
            valued += 1
            if v.rules.players == 2:  # the chance to win the game (bots/win_chance.py)
                assert 0.0 <= searched.value <= 1.0
    assert valued > 10


@pytest.mark.parametrize("level", LEVELS)
@pytest.mark.parametrize(("players", "extra"), [(2, False), (3, True), (4, False), (4, True)])
def test_each_level_finishes_games(level: str, players: int, extra: bool) -> None:
    """Whole games where every seat is this level: no illegal move, the game ends."""
    state = new_game(Rules(players, extra_salt=extra, target=12), seed=players * 10 + extra)
    bots = [get_bot(level, seed=s, budget=4) for s in range(players)]
    moves = 0
    while not state.is_over:
        v = view(state, state.active)
        action = bots[state.active].choose(v)
        assert action in v.legal_actions
        state = apply(state, action).state
        moves += 1
        assert moves < 5000
    assert state.winners


@pytest.mark.parametrize("level", LEVELS)
def test_re_deciding_the_same_view_gives_the_same_action(level: str, positions) -> None:
    for i, state in enumerate(positions(3, every=41, seed=2)):
        v = view(state, state.active)
        first = get_bot(level, seed=i, budget=8).choose(v)
        again = get_bot(level, seed=i, budget=8).choose(v)  # a fresh bot, as after a restart
        assert first == again


def test_random_level_uses_its_seed() -> None:
    state = new_game(Rules(4), 2)
    v = view(state, state.active)
    assert len(v.legal_actions) > 1
    choices = {get_bot("random", seed=s).choose(v) for s in range(40)}
    assert choices == set(v.legal_actions)


@pytest.mark.timeout(20)
def test_single_legal_action_returns_at_once() -> None:
    """A forced choice (END TURN only) needs no search."""
    state = new_game(Rules(2), 4)
    while True:
        v = view(state, state.active)
        if len(v.legal_actions) == 1:
            break
        state = apply(state, get_bot("random", seed=state.move).choose(v)).state
    assert get_bot("expert", budget=10**9).choose(v) == v.legal_actions[0]


def test_basic_is_accepted_wherever_a_level_is_named() -> None:
    """The arena, the server's bot seats and the client's solo option take the new level."""
    from seasalt.bots.arena import ArenaConfig
    from seasalt.client.cli import build_parser
    from seasalt.server.botpool import level_exists

    assert ArenaConfig(("basic", "greedy"), games=2).lineup == ("basic", "greedy")
    assert all(level_exists(level) for level in LEVELS)
    assert build_parser().parse_args(["--solo", "--level", "basic"]).level == "basic"
