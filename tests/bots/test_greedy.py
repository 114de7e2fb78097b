"""Greedy choices in hand-built positions: it takes points, calls and steals sensibly."""

from __future__ import annotations

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


def test_takes_the_discard_that_completes_a_set() -> None:
    # RULES §5.1: a third octopus turns 3 points into 6.
    octo = _ids(Kind.OCTOPUS)
    hand = octo[:2]
    piles = [[octo[2]], [_ids(Kind.PENGUIN)[0]]]
    deck = _rest(hand, *piles)
    state = make_state(Rules(2), hands=[hand, []], deck=deck, piles=piles, active=0)
    assert get_bot("greedy").choose(view(state, 0)) == TakeDiscard(0)


def test_bets_last_chance_when_far_ahead() -> None:
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
    assert get_bot("greedy").choose(v) == Call(CallKind.LAST_CHANCE)


def test_does_not_call_when_behind() -> None:
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
    assert not isinstance(get_bot("greedy").choose(v), Call)


def test_robs_the_fuller_hand() -> None:
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
    assert get_bot("greedy").choose(view(state, 0)) == Rob(2)
