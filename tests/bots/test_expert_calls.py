"""The expert's STOP / LAST CHANCE timing: the playouts' call plans and the game's end.

The playout policy (bots/rollout.py) calls by a plan (lead needed over the best estimated
opponent) and never ends the game with a STOP it loses; the expert weighs waiting (END TURN)
under each plan against calling now (bots/expert.py ``_options``).
"""

from __future__ import annotations

import random

import pytest
from seasalt.bots import expert, get_bot
from seasalt.bots.rollout import (
    DEFAULT_PLAN,
    EAGER_PLAN,
    PATIENT_PLAN,
    PLANS,
    _wanted_call,
    playout,
    reference_playout,
)
from seasalt.engine import (
    Call,
    CallKind,
    EndTurn,
    GameState,
    Kind,
    Phase,
    Rules,
    apply,
    build_deck,
    legal_actions,
    make_state,
    new_game,
    view,
)

STOP = Call(CallKind.STOP)
LAST_CHANCE = Call(CallKind.LAST_CHANCE)


def _ids(kind: Kind) -> list[int]:
    return [c.id for c in build_deck(extra_salt=False) if c.kind is kind]


def _rest(*used: list[int]) -> list[int]:
    taken = {c for group in used for c in group}
    return [c.id for c in build_deck(extra_salt=False) if c.id not in taken]


def _position(scores: list[int], opponent_cards: int, opponent_pairs: int) -> GameState:
    """Seat 0 to play with 8 card points (RULES §5.1: 2 sailors 5, 2 penguins 3, a shell 0);
    seat 1 with ``opponent_pairs`` laid pairs and ``opponent_cards`` cards in hand."""
    hand = [*_ids(Kind.SAILOR), *_ids(Kind.SHELL)[:1], *_ids(Kind.PENGUIN)[:2]]
    boats, crabs, fish = _ids(Kind.BOAT), _ids(Kind.CRAB), _ids(Kind.FISH)
    pairs = [(boats[0], boats[1]), (crabs[0], crabs[1]), (fish[0], fish[1])][:opponent_pairs]
    opponent = [*boats[2:6], *crabs[2:6]][:opponent_cards]
    piles = [[fish[2]], [fish[3]]]
    used = [hand, opponent, *piles, [c for g in pairs for c in g]]
    return make_state(
        Rules(2), hands=[hand, opponent], tables=[[], pairs], deck=_rest(*used), piles=piles,
        active=0, phase=Phase.PLAY, scores=scores,
    )


def test_the_position_offers_both_calls() -> None:
    state = _position([0, 0], 4, 3)
    v = view(state, 0)
    assert v.breakdown is not None and v.breakdown.total == 8
    assert STOP in v.legal_actions and LAST_CHANCE in v.legal_actions


def test_plans_call_at_different_leads() -> None:
    # 8 points against 3 laid pairs and 4 hidden cards (an estimate of 3 + 4 * 0.75 = 6).
    state = _position([0, 0], 4, 3)
    assert _wanted_call(state, 0, EAGER_PLAN) == STOP
    assert _wanted_call(state, 0, DEFAULT_PLAN) == STOP
    assert _wanted_call(state, 0, PATIENT_PLAN) is None
    # Against 3 pairs and 6 hidden cards (7.5) only the eager plan calls.
    state = _position([0, 0], 6, 3)
    assert _wanted_call(state, 0, EAGER_PLAN) == STOP
    assert _wanted_call(state, 0, DEFAULT_PLAN) is None


def test_a_stop_that_wins_the_game_is_called_under_every_plan() -> None:
    # RULES §8.1: 35 + 8 reaches 40, well ahead of 30 + about 6.
    state = _position([35, 30], 4, 3)
    for plan in PLANS:
        assert _wanted_call(state, 0, plan) == STOP


def test_a_stop_that_loses_the_game_is_never_called() -> None:
    # 20 + 8 against 37 + about 6: the STOP would end the game with the opponent ahead.
    state = _position([20, 37], 4, 3)
    for plan in PLANS:
        assert _wanted_call(state, 0, plan) is None


def test_waiting_is_searched_under_every_plan_only_when_a_call_is_legal() -> None:
    v = view(_position([0, 0], 4, 3), 0)
    options = expert._options(v, expert._candidates(v))
    waits = [plan for action, plan in options if isinstance(action, EndTurn)]
    assert waits == list(PLANS)
    assert [a for a, plan in options if isinstance(a, Call)] == [STOP, LAST_CHANCE]
    start = new_game(Rules(2), 3)
    v = view(start, start.active)
    options = expert._options(v, expert._candidates(v))
    assert all(plan is DEFAULT_PLAN for _, plan in options)


def test_the_expert_stops_to_win_the_game() -> None:
    # 36 + 8 against 34 + about 6: STOP wins now; waiting lets the opponent lay its boats and
    # reach 40 first (RULES §8.1).
    v = view(_position([36, 34], 4, 3), 0)
    assert get_bot("expert", seed=1, budget=60).choose(v) == STOP


@pytest.mark.parametrize("plan", PLANS)
def test_a_planned_playout_ends_where_its_reference_does(plan) -> None:
    rng = random.Random(5)
    checked = 0
    for seed in range(4):
        state = new_game(Rules(2 + seed % 3, extra_salt=seed == 1), seed)
        while not state.is_over and checked < 40 * (seed + 1):
            if rng.random() < 0.2:
                seat = state.active
                fast = playout(state, random.Random(checked), seat_plan=(seat, plan))
                slow = reference_playout(state, random.Random(checked), seat_plan=(seat, plan))
                assert fast.scores == slow.scores and fast.round == slow.round
                assert fast.hands == slow.hands
                checked += 1
            legal = legal_actions(state)
            state = apply(state, legal[rng.randrange(len(legal))]).state
    assert checked > 40
