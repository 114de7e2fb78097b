"""LAST CHANCE on a thin lead (two players): the expert bets only when the lead it bets on,
over the deals it searched, is clear of its spread (bots/expert.py ``BET_MARGIN``, ``BET_Z``).
"""

from __future__ import annotations

import pytest
from seasalt.bots import expert, get_bot
from seasalt.bots.base import decision_rng
from seasalt.engine import Call, CallKind, PlayerView, Rules, apply, new_game, view

_BET = Call(CallKind.LAST_CHANCE)


def test_a_thin_or_uncertain_lead_is_no_bet() -> None:
    # RULES §6.2: the bet is won with the most card points.
    assert not expert._safe_bet([1, 2, 1, 2])  # 1-2 points
    assert not expert._safe_bet([6, -2, 5, -1])  # a mean of 2, spread wide
    assert not expert._safe_bet([2, 2, 2, 2])  # the other seat's last turn may catch up
    assert expert._safe_bet([4, 3, 4, 5])  # three points and more, nearly sure
    assert expert._safe_bet([3, 3, 3, 3])


def _betting_positions(count: int) -> list[PlayerView]:
    """Views of seeded 2-player greedy games where a call is legal."""
    out = []
    seed = 0
    while len(out) < count:
        state = new_game(Rules(2), 300 + seed)
        bots = [get_bot("greedy", seed=s) for s in range(2)]
        while not state.is_over:
            v = view(state, state.active)
            if _BET in v.legal_actions:
                out.append(v)
            state = apply(state, bots[state.active].choose(v)).state
        seed += 1
    return out[:count]


def test_the_search_plays_another_choice_when_the_bet_is_not_safe(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    bets = vetoed = 0
    for v in _betting_positions(16):
        monkeypatch.setattr(expert, "BET_MARGIN", -1e9)  # every bet is safe: as before
        free = expert.search(v, decision_rng(1, v), 40).action
        monkeypatch.setattr(expert, "BET_MARGIN", 1e9)  # no bet is safe
        guarded = expert.search(v, decision_rng(1, v), 40).action
        assert guarded != _BET and guarded in v.legal_actions
        if free == _BET:
            bets += 1
            vetoed += guarded != free
        else:
            assert guarded == free  # only the bet is ever set aside
    assert bets and vetoed == bets
