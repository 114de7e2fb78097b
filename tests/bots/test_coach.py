"""The coach (bots/coach.py): legal, reproducible advice from one seat's view, with figures."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest
from seasalt.bots.coach import Cancelled, analyse, candidates, facts_of
from seasalt.engine import (
    DrawFromDeck,
    GameState,
    Rules,
    TakeDiscard,
    apply,
    card,
    card_points,
    legal_actions,
    new_game,
    view,
)
from seasalt.engine.testing import permute_unseen

BUDGET = 12


def _choices(positions, games: int = 6, every: int = 17) -> list[GameState]:
    """Seeded positions where the seat to act has more than one choice (a dozen: each question
    plays every playout to the game's end)."""
    return [s for s in positions(games, every=every, seed=19)
            if s.to_act is not None and len(legal_actions(s)) > 1][:12]


def test_every_suggestion_is_a_legal_action_with_sane_figures(positions) -> None:
    states = _choices(positions)
    assert len(states) == 12
    for state in states:
        v = view(state, state.to_act)
        advice = analyse(v, budget=BUDGET, seed=3)
        assert advice.best is not None and advice.fits(v)
        actions = [o.action for o in advice.options]
        assert all(a in v.legal_actions for a in actions)
        assert len(set(actions)) == len(actions)
        assert set(actions) == set(candidates(v))  # every distinct choice gets a figure
        for option in advice.options:
            assert 0.0 <= option.win_chance <= 1.0 and option.playouts >= 1
        # every choice on the same deals: their figures compare deal by deal
        assert len({o.playouts for o in advice.options}) == 1
        _check_the_figures_agree_with_the_advice(advice.options)


def _check_the_figures_agree_with_the_advice(options) -> None:
    """What the coach shows never argues against its advice (bots/coach_rank.py): a choice
    listed with more expected points is shown clearly less likely to win (its percentage, lower),
    and one whose percentage only seems higher is shown "as likely to win"."""
    best, *others = options
    assert not best.as_likely_to_win
    for other in others:
        if other.lead_gain > best.lead_gain:
            assert other.win_chance < best.win_chance and not other.as_likely_to_win
        if other.win_chance > best.win_chance:
            assert other.as_likely_to_win
    assert [o.lead_gain for o in others] == sorted((o.lead_gain for o in others), reverse=True)


@pytest.mark.parametrize("seed", [1, 2, 3, 4, 5])
def test_the_first_keep_of_a_game_is_advised_by_the_figures_it_shows(seed: int) -> None:
    # Session 8, solo against greedy, the first draw: "Keep Sailor ... -1.1 expected points ·
    # 40% to win", "or Keep Boat ... -1.9 · 48% to win" (ranked by the expert's reward, while
    # the percentages came from playouts the ranking never read).
    state = apply(new_game(Rules(2), seed), DrawFromDeck()).state
    v = view(state, state.to_act)
    advice = analyse(v, budget=80, seed=0)
    assert len(advice.options) >= 2
    _check_the_figures_agree_with_the_advice(advice.options)


def test_the_same_view_and_seed_give_the_same_advice(positions) -> None:
    state = _choices(positions)[3]
    v = view(state, state.to_act)
    assert analyse(v, budget=BUDGET, seed=5) == analyse(v, budget=BUDGET, seed=5)


def test_the_cards_this_seat_cannot_see_do_not_change_the_advice(positions) -> None:
    # The coach is given the view and nothing else: shuffle every card the seat has not seen
    # (the leak test's permutation) and the advice stays exactly the same.
    rng = random.Random(7)
    for state in _choices(positions)[:6]:
        seat = state.to_act
        assert seat is not None
        other = permute_unseen(state, seat, rng)
        assert other != state or not state.deck
        assert repr(view(other, seat)) == repr(view(state, seat))  # (deterministic reprs)
        assert analyse(view(other, seat), budget=BUDGET) == analyse(view(state, seat),
                                                                     budget=BUDGET)


def test_a_spectator_or_a_seat_not_to_act_gets_no_advice() -> None:
    state = new_game(Rules(2), 1)
    with pytest.raises(ValueError, match="seat that is to act"):
        analyse(view(state, None), budget=BUDGET)
    with pytest.raises(ValueError, match="seat that is to act"):
        analyse(view(state, 1 - state.active), budget=BUDGET)


def test_cancelling_stops_the_analysis_between_two_deals(positions) -> None:
    state = _choices(positions)[0]
    asked = []

    def cancelled() -> bool:
        asked.append(1)
        return len(asked) > 2

    with pytest.raises(Cancelled):
        analyse(view(state, state.to_act), budget=400, cancelled=cancelled)
    assert len(asked) == 3


def test_facts_are_the_engines_card_points(positions) -> None:
    # RULES §5: a card taken from a pile is scored by the engine's breakdown, not by the coach.
    seen_pair = False
    for state in positions(12, every=5, seed=4):
        if state.to_act is None:
            continue
        v = view(state, state.to_act)
        for action in v.legal_actions:
            if not isinstance(action, TakeDiscard):
                continue
            top = v.piles[action.pile].top
            assert top is not None
            facts = facts_of(v, action)
            assert facts.card == top
            assert facts.points_before == card_points(v.hand, v.table)
            assert facts.points_after == card_points((*v.hand, top), v.table)
            assert all(gain > 0 for _, gain in facts.grows)
            seen_pair |= ("pairs", 1) in facts.grows
    assert seen_pair  # some top completed a pair in hand (RULES §5.2)


def test_advice_is_stale_once_the_game_moves_on(positions) -> None:
    state = _choices(positions)[1]
    v = view(state, state.to_act)
    advice = analyse(v, budget=BUDGET)
    after = apply(state, v.legal_actions[0]).state
    for seat in range(state.players):
        assert not advice.fits(view(after, seat))


def test_the_colour_bonus_grows_only_with_a_colour_the_seat_has(positions) -> None:
    # Session 8: "one more orange card for your colour bonus", said of the first card kept into
    # an empty hand (the bonus goes from 0 to 1 whatever the card: no colour to add to).
    for seed in range(1, 6):
        state = apply(new_game(Rules(2), seed), DrawFromDeck()).state
        v = view(state, state.to_act)
        assert v.hand == () and v.table == ()
        for action in v.legal_actions:
            assert "color_bonus" not in dict(facts_of(v, action).grows)
    seen = False
    for state in positions(12, every=5, seed=4):
        if state.to_act is None:
            continue
        v = view(state, state.to_act)
        held = {card(c).color for c in (*v.hand, *(c for g in v.table for c in g))}
        for action in v.legal_actions:
            facts = facts_of(v, action)
            if "color_bonus" in dict(facts.grows):
                assert facts.card is not None and card(facts.card).color in held
                seen = True
    assert seen  # (RULES §5.5: one more card of the colour the seat has most of)


def test_twin_piles_are_one_choice_and_piles_with_a_past_are_not() -> None:
    # RULES §3.1: seed 123 deals a white Mermaid on each pile (one card each): taking from
    # either is the same game with the piles swapped, so the coach asks once (it had shown
    # "59% to win" for one pile and "41%" for the other: the noise of two sets of playouts).
    state = new_game(Rules(2), seed=123)
    v = view(state, state.to_act)
    assert [p.size for p in v.piles] == [1, 1]
    assert card(v.piles[0].top).kind == card(v.piles[1].top).kind
    takes = [a for a in candidates(v) if isinstance(a, TakeDiscard)]
    assert takes == [TakeDiscard(0)]
    advice = analyse(v, budget=BUDGET, seed=1)
    assert sum(isinstance(o.action, TakeDiscard) for o in advice.options) == 1
    # The same two tops over different pasts (a card under one of them) are two choices.
    deeper = replace(v, piles=(replace(v.piles[0], size=2), v.piles[1]))
    assert [a for a in candidates(deeper) if isinstance(a, TakeDiscard)] == [
        TakeDiscard(0), TakeDiscard(1)]
