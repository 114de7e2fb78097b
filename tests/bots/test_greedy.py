"""Basic and greedy choices in hand-built positions: they take points, call and steal sensibly."""

from __future__ import annotations

import pytest
from seasalt.bots import get_bot
from seasalt.engine import (
    Call,
    CallKind,
    Kind,
    Phase,
    Rob,
    Rules,
    TakeDiscard,
    build_deck,
    make_state,
    view,
)


def _ids(kind: Kind) -> list[int]:
    return [c.id for c in build_deck(extra_salt=False) if c.kind is kind]


def _rest(*used: list[int]) -> list[int]:
    taken = {c for group in used for c in group}
    return [c.id for c in build_deck(extra_salt=False) if c.id not in taken]


@pytest.mark.parametrize("level", ["basic", "greedy"])
def test_takes_the_discard_that_completes_a_set(level: str) -> None:
    # RULES §5.1: a third octopus turns 3 points into 6.
    octo = _ids(Kind.OCTOPUS)
    hand = octo[:2]
    piles = [[octo[2]], [_ids(Kind.PENGUIN)[0]]]
    deck = _rest(hand, *piles)
    state = make_state(Rules(2), hands=[hand, []], deck=deck, piles=piles, active=0)
    assert get_bot(level).choose(view(state, 0)) == TakeDiscard(0)


def test_basic_bets_last_chance_when_far_ahead() -> None:
    level = "basic"
    # 2 sailors + the captain: 5 + 6 = 11 points (RULES §5.6 ex. 4); the opponent holds 1 card.
    hand = [*_ids(Kind.SAILOR), *_ids(Kind.CAPTAIN)]
    opponent = [_ids(Kind.SHELL)[0]]
    piles = [[_ids(Kind.FISH)[0]], [_ids(Kind.FISH)[1]]]
    deck = _rest(hand, opponent, *piles)
    state = make_state(
        Rules(2), hands=[hand, opponent], deck=deck, piles=piles, active=0, phase=Phase.PLAY
    )
    v = view(state, 0)
    assert Call(CallKind.LAST_CHANCE) in v.legal_actions
    assert get_bot(level).choose(v) == Call(CallKind.LAST_CHANCE)


@pytest.mark.parametrize("level", ["basic", "greedy"])
def test_does_not_call_when_behind(level: str) -> None:
    # 7 points exactly, against an opponent with three laid pairs and a full hand.
    hand = [*_ids(Kind.SAILOR), *_ids(Kind.SHELL)[:1], *_ids(Kind.PENGUIN)[:2]]
    boats, crabs, fish = _ids(Kind.BOAT), _ids(Kind.CRAB), _ids(Kind.FISH)
    table = [(boats[0], boats[1]), (crabs[0], crabs[1]), (fish[0], fish[1])]
    opponent = [*boats[2:6], *crabs[2:6]]
    piles = [[fish[2]], [fish[3]]]
    used = [hand, opponent, *piles, [c for g in table for c in g]]
    state = make_state(
        Rules(2),
        hands=[hand, opponent],
        tables=[[], table],
        deck=_rest(*used),
        piles=piles,
        active=0,
        phase=Phase.PLAY,
    )
    v = view(state, 0)
    assert v.breakdown is not None and v.breakdown.total >= 7
    assert not isinstance(get_bot(level).choose(v), Call)


@pytest.mark.parametrize("level", ["basic", "greedy"])
def test_robs_the_fuller_hand(level: str) -> None:
    swimmer, shark = _ids(Kind.SWIMMER)[0], _ids(Kind.SHARK)[0]
    small, big = _ids(Kind.SHELL)[:1], _ids(Kind.OCTOPUS)[:4]
    piles = [[_ids(Kind.FISH)[0]], [_ids(Kind.FISH)[1]]]
    state = make_state(
        Rules(3),
        hands=[[], small, big],
        tables=[[(swimmer, shark)], [], []],
        deck=_rest([swimmer, shark], small, big, *piles),
        piles=piles,
        active=0,
        phase=Phase.ROB,
    )
    assert get_bot(level).choose(view(state, 0)) == Rob(2)


def test_greedy_bets_last_chance_when_the_opponent_has_points_it_cannot_pass() -> None:
    # 11 points against three laid pairs of mixed colours and a two-card hand (about 4 points):
    # STOP would give the opponent those points, a won LAST CHANCE only its colour bonus of 2 or
    # 3 (RULES §6.2). (With six dark blue cards laid, STOP is the better call: a bonus of 6.)
    hand = [*_ids(Kind.SAILOR), *_ids(Kind.CAPTAIN)]
    boats, crabs, fish = _ids(Kind.BOAT), _ids(Kind.CRAB), _ids(Kind.FISH)
    table = [(boats[0], boats[2]), (crabs[6], crabs[7]), (fish[4], fish[5])]
    opponent = [_ids(Kind.SHELL)[0], _ids(Kind.OCTOPUS)[0]]
    piles = [[fish[0]], [fish[1]]]
    used = [hand, opponent, *piles, [c for g in table for c in g]]
    state = make_state(
        Rules(2), hands=[hand, opponent], tables=[[], table], deck=_rest(*used), piles=piles,
        active=0, phase=Phase.PLAY,
    )
    assert get_bot("greedy").choose(view(state, 0)) == Call(CallKind.LAST_CHANCE)


def test_greedy_stops_when_a_small_lead_wins_the_game() -> None:
    # 8 points at 35-38 (target 40): STOP ends the game with us ahead unless the opponent's
    # two cards hold 5 points or more (RULES §8.1).
    hand = [*_ids(Kind.SAILOR), *_ids(Kind.SHELL)[:1], *_ids(Kind.PENGUIN)[:2]]
    opponent = [_ids(Kind.CRAB)[0], _ids(Kind.BOAT)[0]]
    piles = [[_ids(Kind.FISH)[0]], [_ids(Kind.FISH)[1]]]
    state = make_state(
        Rules(2), hands=[hand, opponent], deck=_rest(hand, opponent, *piles), piles=piles,
        active=0, phase=Phase.PLAY, scores=[35, 38],
    )
    v = view(state, 0)
    assert v.breakdown is not None and v.breakdown.total == 8
    assert get_bot("greedy").choose(v) == Call(CallKind.STOP)


def test_greedy_holds_back_when_stop_would_lose_the_game() -> None:
    # The same 8 points at 30-38: the opponent's three laid pairs (3 points) already take it
    # past 40 while we stay below: STOP would hand over the game.
    hand = [*_ids(Kind.SAILOR), *_ids(Kind.SHELL)[:1], *_ids(Kind.PENGUIN)[:2]]
    boats, crabs, fish = _ids(Kind.BOAT), _ids(Kind.CRAB), _ids(Kind.FISH)
    table = [(boats[0], boats[1]), (crabs[0], crabs[1]), (fish[0], fish[1])]
    opponent = [crabs[2]]
    piles = [[fish[2]], [fish[3]]]
    used = [hand, opponent, *piles, [c for g in table for c in g]]
    state = make_state(
        Rules(2), hands=[hand, opponent], tables=[[], table], deck=_rest(*used), piles=piles,
        active=0, phase=Phase.PLAY, scores=[30, 38],
    )
    choice = get_bot("greedy").choose(view(state, 0))
    assert not isinstance(choice, Call)
