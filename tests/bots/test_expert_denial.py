"""The expert buries what the next seat collects, in its own keeps and in its playouts.

In two players every top the expert leaves is the remembering greedy's next draw. The expert's
pile for the unkept card is the greedy's choice among that card's keeps (bots/expert.py
``_keep_pile``), and the rollout policy's keeps cover the top the next seat gains most from
(bots/rollout.py ``_deny``), so the search sees an opponent that does the same (RULES §3.1: the
unkept card goes face up on a discard pile of the player's choice, in public).
"""

from __future__ import annotations

import random
from dataclasses import replace

from seasalt.bots import expert
from seasalt.bots.basic import choose_basic, hand_value
from seasalt.bots.greedy import choose_greedy
from seasalt.bots.rollout import rollout_policy
from seasalt.engine import (
    KeepCard,
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


def _ids(kind: Kind) -> list[int]:
    return [c.id for c in build_deck(extra_salt=False) if c.kind is kind]


def _keep_position(crab_on: int):  # type: ignore[no-untyped-def]
    """Seat 0 keeps a sailor (two sailors: 5 points, RULES §5.1) over a shell; the next seat
    holds a crab, and pile ``crab_on``'s top is another (a pair for them: 1 point, §5.2)."""
    sailors, shells, crabs, penguins = (
        _ids(Kind.SAILOR), _ids(Kind.SHELL), _ids(Kind.CRAB), _ids(Kind.PENGUIN)
    )
    hand = [sailors[0], penguins[0]]
    opponent = [crabs[0], penguins[1], penguins[2]]
    pending = [sailors[1], shells[0]]
    piles = [[shells[1]], [shells[2]]]
    piles[crab_on] = [crabs[1]]
    used = {*hand, *opponent, *pending, *(c for p in piles for c in p)}
    deck = [c.id for c in build_deck(extra_salt=False) if c.id not in used]
    state = make_state(
        Rules(2), hands=[hand, opponent], deck=deck, piles=piles, active=0, phase=Phase.KEEP,
        pending=pending,
    )
    return state, sailors[1]


def test_the_rollout_keep_covers_the_top_the_next_seat_collects() -> None:
    for crab_on in (0, 1):
        state, sailor = _keep_position(crab_on)
        legal = legal_actions(state)
        assert KeepCard(sailor, 0) in legal and KeepCard(sailor, 1) in legal
        for seed in range(20):  # without ``deny`` (the coach's playouts) a coin flip
            choice = rollout_policy(state, legal, random.Random(seed), deny=True)
            assert choice == KeepCard(sailor, crab_on)


def _keep_views(games: int, players: int = 2) -> list:  # type: ignore[type-arg]
    """Views of seat to act in the keep step with both piles open, along seeded greedy games."""
    out = []
    for seed in range(games):
        state = new_game(Rules(players, extra_salt=seed % 2 == 1), seed)
        bot_rng = random.Random(seed)
        while not state.is_over:
            v = view(state, state.active)
            if state.phase is Phase.KEEP and all(p.size for p in v.piles):
                out.append(v)
            state = apply(state, choose_greedy(v, bot_rng)).state
    return out


def test_the_experts_keeps_leave_the_greedys_piles() -> None:
    """Each kept card is searched with the pile the remembering greedy would pick for it; on
    some positions that is not the basic level's pile (the change is not a no-op)."""
    differ = checked = 0
    for v in _keep_views(6):
        for a in expert._candidates(v):
            assert isinstance(a, KeepCard)
            options = tuple(
                o for o in v.legal_actions if isinstance(o, KeepCard) and o.card == a.card
            )
            assert a == choose_greedy(replace(v, legal_actions=options), random.Random(0))
            basic = choose_basic(replace(v, legal_actions=options), random.Random(0))
            differ += basic != a
            checked += 1
    assert checked > 100 and differ > 0


def _least_wanted_top(v, keep: int) -> KeepCard:  # type: ignore[no-untyped-def]
    """The basic level's pile for the unkept card: the basic choice when it keeps ``keep``,
    else cover the top the keeper would least like to take later."""
    options = [o for o in v.legal_actions if isinstance(o, KeepCard) and o.card == keep]
    basic = choose_basic(v, random.Random(0))
    if basic in options:
        return basic
    base = hand_value(v.hand, v.table)
    worth = [
        hand_value((*v.hand, p.top), v.table) - base if p.top is not None else -9.0
        for p in v.piles
    ]
    return min(options, key=lambda o: worth[o.pile])


def test_with_more_players_the_experts_keeps_do_not_deny() -> None:
    """With three or four players the next seat is one opponent of several: the expert's keeps
    cover the top it would least like to take itself (the denial cost it 4-player games:
    docs/results.md "The arena"), and its playouts keep at
    random. In two players the greedy's piles, as above."""
    assert expert._denies(_keep_views(1)[0])
    for players in (3, 4):
        differ = checked = 0
        for v in _keep_views(3, players):
            assert not expert._denies(v)
            for a in expert._candidates(v):
                assert isinstance(a, KeepCard)
                assert a == _least_wanted_top(v, a.card)
                options = tuple(
                    o for o in v.legal_actions if isinstance(o, KeepCard) and o.card == a.card
                )
                differ += a != choose_greedy(replace(v, legal_actions=options), random.Random(0))
                checked += 1
        assert checked > 50 and differ > 0
