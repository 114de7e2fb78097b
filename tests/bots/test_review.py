"""The expert's review of a finished game (bots/review.py): from each seat's own view,
reproducible, and the expert's own choices cost nothing."""

from __future__ import annotations

import random

import pytest
from seasalt.bots.coach import Advice, analyse
from seasalt.bots.review import decision_points, play_game, review_game
from seasalt.engine import Action, PlayerView, Rules, apply, new_game, view
from seasalt.engine.testing import permute_unseen

BUDGET = 4
RULES = Rules(players=2, target=12)
"""A short game (a round or two): the tests run whole reviews."""
SEED = 5


@pytest.fixture(scope="module")
def actions() -> tuple[Action, ...]:
    return play_game(RULES, SEED, ["greedy", "random"])


def _figures(review):  # type: ignore[no-untyped-def]
    return [
        [(d.index, d.choice, d.expert, d.lead_lost, d.win_lost) for d in p.decisions]
        for p in review.players
    ]


def test_the_same_game_seed_and_budget_give_the_same_review(actions) -> None:
    first = review_game(RULES, SEED, actions, budget=BUDGET, review_seed=1)
    again = review_game(RULES, SEED, actions, budget=BUDGET, review_seed=1)
    assert _figures(first) == _figures(again)
    assert all(p.count > 10 for p in first.players)
    for p in first.players:
        costs = [d.lead_lost for d in p.decisions]
        assert costs == sorted(costs, reverse=True)  # the costliest first
        assert all(d.lead_lost >= 0 and d.win_lost >= 0 for d in p.decisions)
        assert p.matching == sum(1 for d in p.decisions if d.lead_lost == 0 and d.agrees)
        assert 0 <= p.share_matching <= 1
        assert all(d.agrees == (d.choice == d.expert) for d in p.decisions)


def test_the_experts_own_choices_cost_nothing() -> None:
    """Seat 0 plays the coach's advice at the review's budget and seed: the review agrees with
    every one of its decisions, at no cost."""
    state = new_game(RULES, 11)
    played: list[Action] = []
    rng = random.Random(4)
    while not state.is_over:
        seat = state.to_act
        assert seat is not None
        v = view(state, seat)
        if seat == 0 and len(v.legal_actions) > 1:
            best = analyse(v, BUDGET, 2).best
            assert best is not None
            action = best.action
        else:
            action = v.legal_actions[rng.randrange(len(v.legal_actions))]
        played.append(action)
        state = apply(state, action).state
    review = review_game(RULES, 11, played, budget=BUDGET, review_seed=2)
    expert, other = review.players
    assert expert.count > 10
    assert expert.matching == expert.count
    assert expert.lead_lost == 0 and expert.win_lost == 0
    assert other.lead_lost > 0  # (a random player gives up points)


def test_each_decision_is_judged_from_the_seats_own_view_only(actions) -> None:
    """The expert is given the deciding seat's view, the same whatever the hidden cards."""
    before = {i: s for i, _turn, s, _a in decision_points(RULES, SEED, actions)}
    seen: list[tuple[PlayerView, Action]] = []

    def spy(v: PlayerView, budget: int | None, seed: int, choice: Action) -> Advice:
        seen.append((v, choice))
        return analyse(v, budget, seed, include=choice)

    review = review_game(RULES, SEED, actions, budget=1, analyser=spy)
    assert len(seen) == sum(p.count for p in review.players)
    rng = random.Random(0)
    hidden_changed = 0
    by_choice = {d.index: d for p in review.players for d in p.decisions}
    for index, decision in by_choice.items():
        state = before[index]
        v = next(v for v, c in seen if v.move == state.move and c == decision.choice)
        assert v.seat == state.to_act == decision.seat
        assert v == view(state, decision.seat)
        other = permute_unseen(state, decision.seat, rng)
        if other.hands != state.hands or other.deck != state.deck:
            hidden_changed += 1
        # Another deal of the cards this seat could not see: the same input to the expert.
        assert view(other, decision.seat) == v
        for seat_view in v.seats:
            if seat_view.seat != v.seat and not v.is_over:
                assert seat_view.revealed_hand is None or v.call is not None
    assert hidden_changed > 10


def test_stand_in_moves_are_not_the_players(actions) -> None:
    full = review_game(RULES, SEED, actions, budget=1)
    indices = [d.index for d in full.players[0].decisions][:3]
    less = review_game(RULES, SEED, actions, budget=1, skip=indices)
    assert less.players[0].count == full.players[0].count - 3
    assert not {d.index for d in less.players[0].decisions} & set(indices)


def test_the_decisions_come_as_they_are_weighed_and_make_the_same_review(actions) -> None:
    from seasalt.bots.review import partial_review

    seen: list = []  # type: ignore[type-arg]
    review = review_game(RULES, SEED, actions, budget=1, decided=seen.append)
    assert [d.index for d in seen] == sorted(d.index for d in seen)
    assert partial_review(2, seen, 1, 0) == review
    first = partial_review(2, seen[:5], 1, 0)
    assert sum(p.count for p in first.players) == 5
