"""The greedy level's memory of the round (bots/memory.py) and its purity.

The memory is rebuilt from the view's round log only; these tests check what it claims against
the true state of seeded games, and in focused positions built with a log.
"""

from __future__ import annotations

import random

from seasalt.bots import get_bot
from seasalt.bots.basic import unseen_cards
from seasalt.bots.memory import remember
from seasalt.engine import (
    Event,
    EventKind,
    GameState,
    Kind,
    Phase,
    Rules,
    apply,
    build_deck,
    card,
    make_state,
    view,
)
from seasalt.engine.testing import permute_unseen

E = EventKind


def _ids(kind: Kind, extra_salt: bool = False) -> list[int]:
    return [c.id for c in build_deck(extra_salt) if c.kind is kind]


def _rest(extra_salt: bool, *used: list[int]) -> list[int]:
    taken = {c for group in used for c in group}
    return [c.id for c in build_deck(extra_salt) if c.id not in taken]


def test_memory_claims_are_true_in_seeded_games(positions) -> None:
    """Every pile, hand and deck claim of the memory holds in the true state."""
    checked = exact_piles = holds = 0
    for state in positions(12, every=5, seed=7):
        for seat in range(state.players):
            mem = remember(view(state, seat))
            unseen = set(mem.unseen)
            for p in (0, 1):
                truth = state.piles[p]
                # The remembered pile holds every card really there, in order.
                assert [c for c in mem.piles[p] if c in truth] == list(truth), (p, seat)
                if mem.pile_exact[p]:
                    assert mem.piles[p] == truth
                    exact_piles += 1
                assert not unseen & set(truth)  # RULES §3.1: discards were public when made
            for s, cards in enumerate(mem.holds):
                assert set(cards) <= set(state.hands[s]), (s, seat)
                holds += len(cards) if s != seat else 0
            assert set(mem.deck_known) <= set(state.deck)
            # A card we never saw is in the deck or in an opponent's hand, never elsewhere.
            for c in unseen:
                assert c in state.deck or any(
                    c in state.hands[s] for s in range(state.players) if s != seat
                ) or c in state.pending, c
            # And every card of the deck is unseen or known to be there.
            assert set(state.deck) <= unseen | set(mem.deck_known)
            checked += 1
    assert checked > 500 and exact_piles > 500 and holds > 100


def _after_two_draws() -> tuple[GameState, int, int]:
    """A real game: seat A discards a card on pile 0, then seat B covers it. Returns the state
    (A to draw), the buried card and A."""
    state = apply_draw(apply_draw(_new(), pile=0), pile=0)
    log = view(state, state.active).log
    discards = [e.card for e in log if e.kind is E.DISCARDED]
    assert len(discards) == 2 and discards[0] is not None
    return state, discards[0], state.active


def _new() -> GameState:
    from seasalt.engine import new_game

    return new_game(Rules(2), 11)


def apply_draw(state: GameState, pile: int) -> GameState:
    """Draw two from the deck, keep the first listed, put the other on ``pile``, end the turn."""
    from seasalt.engine import DrawFromDeck, EndTurn, KeepCard

    state = apply(state, DrawFromDeck()).state
    keep = next(a for a in view(state, state.active).legal_actions
                if isinstance(a, KeepCard) and a.pile == pile)
    state = apply(state, keep).state
    return apply(state, EndTurn()).state


def test_a_card_seen_in_a_discard_is_not_unseen() -> None:
    # RULES §3.1: the unkept card goes face up on a pile; once covered it is still not in the deck.
    state, buried, me = _after_two_draws()
    v = view(state, me)
    assert v.piles[0].top != buried and v.piles[0].size == 3
    mem = remember(v)
    assert buried not in mem.unseen
    assert buried in unseen_cards(v)  # the basic level forgets it once covered
    assert mem.piles[0] == state.piles[0] and mem.pile_exact == (True, True)
    c = card(buried)
    deck_cards = [card(x) for x in state.deck]
    hidden = [card(x) for x in state.hands[1 - me]]
    assert mem.unseen_kinds()[c.kind] == sum(1 for x in deck_cards + hidden if x.kind is c.kind)
    assert mem.unseen_colors()[c.color] == sum(
        1 for x in deck_cards + hidden if x.color is c.color
    )


def _position(log: list[Event], hands: list[list[int]], piles: list[list[int]],
              tables: list[list[tuple[int, ...]]] | None = None, extra: bool = False,
              phase: Phase = Phase.DRAW, pending: list[int] | None = None) -> GameState:
    used = [c for h in hands for c in h] + [c for p in piles for c in p] + list(pending or ())
    used += [c for t in tables or [] for g in t for c in g]
    return make_state(
        Rules(2, extra_salt=extra), hands=hands, piles=piles, tables=tables,
        deck=_rest(extra, used), active=0, phase=phase, pending=pending or (), log=log,
    )


def test_cards_an_opponent_took_are_held_until_laid() -> None:
    crabs, shells = _ids(Kind.CRAB), _ids(Kind.SHELL)
    fish = _ids(Kind.FISH)
    start = Event(E.ROUND_STARTED, seat=1, n=1, cards=(shells[0], fish[0]))
    took = Event(E.TOOK_DISCARD, seat=1, card=shells[0], pile=0)
    state = _position(
        [start, took, Event(E.DISCARDED, seat=1, card=crabs[0], pile=0)],
        hands=[[fish[1]], [shells[0], fish[2]]], piles=[[crabs[0]], [fish[0]]],
    )
    mem = remember(view(state, 0))
    assert mem.holds[1] == (shells[0],)
    assert shells[0] not in mem.unseen and crabs[0] not in mem.unseen
    assert fish[2] in mem.unseen  # kept from a deck draw: never shown
    assert mem.piles == ((crabs[0],), (fish[0],))
    # Once laid in a pair the card is on the table, no longer "held".
    laid = Event(E.PLAYED_PAIR, seat=1, cards=(fish[2], fish[3]))
    state = _position(
        [start, took, laid], hands=[[fish[1]], [shells[0]]], piles=[[], [fish[0]]],
        tables=[[], [(fish[2], fish[3])]],
    )
    mem = remember(view(state, 0))
    assert mem.holds[1] == (shells[0],) and fish[2] not in mem.unseen


def test_a_steal_moves_what_we_know() -> None:
    # RULES §4.4: the stolen card is named to thief and victim only.
    octo, fish = _ids(Kind.OCTOPUS), _ids(Kind.FISH)
    swimmer, shark = _ids(Kind.SWIMMER)[0], _ids(Kind.SHARK)[0]
    log = [
        Event(E.ROUND_STARTED, seat=1, n=1, cards=(fish[0], fish[1])),
        Event(E.PLAYED_PAIR, seat=1, cards=(swimmer, shark)),
        Event(E.ROBBED, seat=1, target=0, card=octo[0], private_to=(1, 0)),
    ]
    state = _position(log, hands=[[octo[1]], [octo[0]]], piles=[[fish[0]], [fish[1]]],
                      tables=[[], [(swimmer, shark)]])
    mem = remember(view(state, 0))
    assert mem.holds[1] == (octo[0],) and octo[0] not in mem.unseen


def test_our_lobster_look_leaves_known_cards_in_the_deck() -> None:
    # RULES §11.1: we keep one of the cards we looked at; the others go back into the deck.
    crab, lobster = _ids(Kind.CRAB, True)[0], _ids(Kind.LOBSTER, True)[0]
    fish, shells = _ids(Kind.FISH, True), _ids(Kind.SHELL, True)
    looked = (shells[0], shells[1], fish[2], fish[3], fish[4])
    log = [
        Event(E.ROUND_STARTED, seat=0, n=1, cards=(fish[0], fish[1])),
        Event(E.PLAYED_PAIR, seat=0, cards=(crab, lobster)),
        Event(E.LOBSTER_LOOKED, seat=0, n=5, cards=looked, private_to=(0,)),
        Event(E.LOBSTER_KEPT, seat=0, card=shells[0], private_to=(0,)),
    ]
    state = _position(log, hands=[[shells[0]], []], piles=[[fish[0]], [fish[1]]],
                      tables=[[(crab, lobster)], []], extra=True, phase=Phase.PLAY)
    mem = remember(view(state, 0))
    assert set(mem.deck_known) == set(looked[1:])
    assert not set(looked) & set(mem.unseen)


def test_greedy_decides_the_same_whatever_it_cannot_see(positions) -> None:
    """Shuffling every card the seat cannot see (deck, others' hands, buried discards) leaves
    its view, and so its choice, unchanged: it reads nothing beyond the view."""
    bot = get_bot("greedy", seed=4)
    rng = random.Random(9)
    checked = 0
    for state in positions(9, every=11, seed=8):
        seat = state.active
        v = view(state, seat)
        if len(v.legal_actions) < 2:
            continue
        other = permute_unseen(state, seat, rng)
        assert other != state or not state.deck
        assert bot.choose(view(other, seat)) == bot.choose(v)
        checked += 1
    assert checked > 100


def test_greedy_replays_a_game_identically_for_a_seed() -> None:
    def play(seed: int) -> list[object]:
        from seasalt.engine import new_game

        state = new_game(Rules(3, extra_salt=True), 21)
        bots = [get_bot("greedy", seed=seed), get_bot("basic"), get_bot("greedy", seed=seed + 1)]
        actions: list[object] = []
        while not state.is_over:
            action = bots[state.active].choose(view(state, state.active))
            actions.append(action)
            state = apply(state, action).state
        return actions

    assert play(5) == play(5)
