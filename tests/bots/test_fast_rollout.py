"""The expert's playouts on the engine's in-place Playout give what the immutable path gives.

bots/rollout.py ``playout`` runs the rollout policy on ``engine.playout.Playout``;
``reference_playout`` is the same policy through ``apply()``. Same start, same seed: the same
end state (the fast one keeps no log), so the expert decides exactly as before. The expert
reads ``playout_scores``, which stops as the round ends (before the next deal): the same
scores and winners as ``playout``.
"""

import dataclasses
import random

import pytest
from seasalt.bots import expert
from seasalt.bots.base import get_bot
from seasalt.bots.rollout import PLANS, playout, playout_scores, reference_playout
from seasalt.engine import GameState, Rules, apply, legal_actions, new_game, view


def _positions(rules: Rules, seed: int, every: float) -> list[GameState]:
    """States along one seeded random game, about one in ``1 / every``."""
    rng = random.Random(seed)
    state = new_game(rules, seed)
    out = []
    while not state.is_over:
        if rng.random() < every:
            out.append(state)
        legal = legal_actions(state)
        state = apply(state, legal[rng.randrange(len(legal))]).state
    return out


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("extra_pepper", [False, True])
def test_playout_ends_where_the_reference_does(players: int, extra_pepper: bool) -> None:
    checked = 0
    for seed in range(3):
        rules = Rules(players, extra_salt=seed == 1, extra_pepper=extra_pepper)
        for i, state in enumerate(_positions(rules, seed, 0.15)):
            fast = playout(state, random.Random(i), deny=i % 2 == 0)
            slow = reference_playout(state, random.Random(i), deny=i % 2 == 0)
            assert fast == dataclasses.replace(slow, log=()), (seed, state.move)
            checked += 1
    assert checked > 50


@pytest.mark.parametrize("players", [2, 4])
@pytest.mark.parametrize("extra_pepper", [False, True])
def test_playout_scores_are_the_playouts_end(players: int, extra_pepper: bool) -> None:
    """Stopping before the next deal changes nothing the reward reads, under every call plan
    (game-ending rounds included: the positions run to the game's end)."""
    checked = over = 0
    for seed in range(3):
        rules = Rules(players, extra_salt=seed == 1, extra_pepper=extra_pepper)
        for i, state in enumerate(_positions(rules, seed, 0.15)):
            plan = (state.active, PLANS[i % len(PLANS)])
            deny = i % 2 == 0
            end = playout(state, random.Random(i), seat_plan=plan, deny=deny)
            scores, winners = playout_scores(state, random.Random(i), seat_plan=plan, deny=deny)
            assert scores == end.scores, (seed, state.move)
            assert winners == (end.winners if end.is_over else None), (seed, state.move)
            checked += 1
            over += end.is_over
    assert checked > 50 and over > 0


def _reference_scores(
    state: GameState,
    rng: random.Random,
    max_moves: int = 400,
    seat_plan: object = None,
    deny: bool = False,
) -> tuple[tuple[int, ...], tuple[int, ...] | None]:
    end = reference_playout(state, rng, max_moves, seat_plan, deny)  # type: ignore[arg-type]
    return end.scores, end.winners if end.is_over else None


def test_expert_decides_as_with_the_reference_playouts(monkeypatch: pytest.MonkeyPatch) -> None:
    """The same views and bot seeds: the same choices with either playout."""
    views = []
    for players in (2, 3):
        for state in _positions(Rules(players), players, 0.06):
            views.append(view(state, state.active))
    bot = get_bot("expert", seed=7, budget=24)
    fast = [bot.choose(v) for v in views]
    monkeypatch.setattr(expert, "playout_scores", _reference_scores)
    assert [bot.choose(v) for v in views] == fast
    assert len(views) > 20
