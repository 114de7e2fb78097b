"""Laying pairs and trios, and the duo effects with their follow-up choices (RULES §4, §11).

Which two kinds form a pair, and which effect it has, is the pair table (engine/cards.py
``PAIR_KINDS``); this module carries each effect out. An effect that starts a choice (the crab's
pile and card, the rob's victim, the lobster's card) sets a phase; the choice's step finishes it.
A choice with one option is taken by the engine (engine/game.py ``_auto``, RULES §3.5).
"""

from __future__ import annotations

from collections.abc import Callable

from .actions import Action, ChooseCrabPile, KeepLobsterCard, PlayPair, PlayTrio, Rob, TakeCrabCard
from .cards import KIND_OF, DuoEffect, pair_kind
from .events import EventKind, new_event
from .legal import rob_targets
from .round_end import check_mermaids
from .state import Phase
from .work import Work


def _lay(w: Work, cards: tuple[int, ...]) -> None:
    p = w.active
    hand = w.hand(p)
    for c in cards:
        hand.remove(c)
    w.set_table(p, (*w.tables[p], cards))


def play_trio(w: Work, action: Action) -> None:
    """A pair and a starfish: three points on the table, no effect (RULES §11.4)."""
    assert isinstance(action, PlayTrio)
    cards = (*action.cards, action.starfish)
    _lay(w, cards)
    w.emit(new_event(EventKind.PLAYED_TRIO, seat=w.active, cards=cards))
    check_mermaids(w)


def play_pair(w: Work, action: Action) -> None:
    """Lay a pair and carry out its effect, or skip it when impossible (RULES §3.2)."""
    assert isinstance(action, PlayPair)
    a, b = action.cards
    _lay(w, action.cards)
    w.emit(new_event(EventKind.PLAYED_PAIR, seat=w.active, cards=action.cards))
    pair = pair_kind(KIND_OF[a], KIND_OF[b])
    assert pair is not None, "legal_actions lists only pairs of the table"
    if not _EFFECTS[pair.effect](w):
        w.emit(new_event(EventKind.EFFECT_SKIPPED, seat=w.active, cards=action.cards))


# ---- the effects: each returns whether it could be carried out (False: it is skipped)


def _crab(w: Work) -> bool:
    """RULES §4.1: look through a discard pile (chosen next), take one card."""
    if w.piles[0] or w.piles[1]:
        w.phase = Phase.CRAB_PILE
        return True
    return False


def _boat(w: Work) -> bool:
    """RULES §4.2: another turn, if there is anything to draw."""
    if w.deck or w.piles[0] or w.piles[1]:
        p = w.active
        w.emit(new_event(EventKind.EXTRA_TURN, seat=p))
        w.emit(new_event(EventKind.TURN_STARTED, seat=p, n=1))
        w.phase = Phase.DRAW
        return True
    return False


def _fish(w: Work) -> bool:
    """RULES §4.3: the top deck card into the hand."""
    if not w.deck:
        return False
    p = w.active
    card = w.deck_list().pop()
    w.hand(p).append(card)
    w.emit(new_event(EventKind.FISH_DREW, seat=p, card=card, private_to=(p,)))
    check_mermaids(w)
    return True


def _rob_effect(w: Work) -> bool:
    """RULES §4.4: steal from an opponent (chosen next) with an unrevealed hand."""
    if rob_targets(w.active, w.hands, w.revealed):
        w.phase = Phase.ROB
        return True
    return False


def _lobster(w: Work) -> bool:
    """RULES §11.1: look at the top five deck cards (or fewer), keep one (chosen next)."""
    if not w.deck:
        return False
    p = w.active
    deck = w.deck_list()
    look = tuple(deck[-5:][::-1])  # top first
    del deck[-5:]
    w.pending = look
    w.phase = Phase.LOBSTER
    w.emit(new_event(EventKind.LOBSTER_LOOKED, seat=p, n=len(look), cards=look, private_to=(p,)))
    return True


def _jellyfish(w: Work) -> bool:
    """RULES §11.2: every opponent is locked until this player's next turn (always possible)."""
    w.jellyfish_caster = w.active
    w.emit(new_event(EventKind.JELLYFISH_LOCK, seat=w.active))
    return True


_EFFECTS: dict[DuoEffect, Callable[[Work], bool]] = {
    DuoEffect.CRAB: _crab,
    DuoEffect.BOAT: _boat,
    DuoEffect.FISH: _fish,
    DuoEffect.ROB: _rob_effect,
    DuoEffect.LOBSTER: _lobster,
    DuoEffect.JELLYFISH: _jellyfish,
}
assert set(_EFFECTS) == set(DuoEffect), "every effect of the pair table is carried out here"


# ---- the effects' choices


def choose_crab_pile(w: Work, action: Action) -> None:
    assert isinstance(action, ChooseCrabPile)
    w.crab_pile = action.pile
    w.phase = Phase.CRAB_TAKE
    w.emit(
        new_event(
            EventKind.CRAB_PILE_CHOSEN,
            seat=w.active,
            pile=action.pile,
            n=len(w.piles[action.pile]),
            cards=tuple(w.piles[action.pile]),
            private_to=(w.active,),
        )
    )


def take_crab_card(w: Work, action: Action) -> None:
    assert isinstance(action, TakeCrabCard) and w.crab_pile is not None
    pile = w.pile(w.crab_pile)
    pile.remove(action.card)  # the others keep their order (RULES §4.1)
    w.hand(w.active).append(action.card)
    w.emit(
        new_event(
            EventKind.CRAB_TOOK,
            seat=w.active,
            card=action.card,
            pile=w.crab_pile,
            private_to=(w.active,),
        )
    )
    w.crab_pile = None
    w.phase = Phase.PLAY
    check_mermaids(w)


def rob(w: Work, action: Action) -> None:
    assert isinstance(action, Rob)
    p, t = w.active, action.seat
    victim = sorted(w.hands[t])
    card = victim[w.next_rng().randrange(len(victim))]
    w.hand(t).remove(card)
    w.hand(p).append(card)
    w.emit(new_event(EventKind.ROBBED, seat=p, target=t, card=card, private_to=(p, t)))
    w.phase = Phase.PLAY
    check_mermaids(w)


def keep_lobster(w: Work, action: Action) -> None:
    assert isinstance(action, KeepLobsterCard)
    p = w.active
    w.hand(p).append(action.card)
    deck = w.deck_list()
    deck.extend(c for c in w.pending if c != action.card)
    w.next_rng().shuffle(deck)
    w.pending = ()
    w.phase = Phase.PLAY
    w.emit(new_event(EventKind.LOBSTER_KEPT, seat=p, card=action.card, private_to=(p,)))
    check_mermaids(w)


# ---- Extra Pepper's event effects (RULES §12) go here, next to the duo effects: each event's
# steps and choices as functions of a Work, registered in engine/game.py's _STEP by action
# type, and any new pair of an event (the Water Rodeo's, §12.3) as a row of the pair table.
# Not implemented yet (Rules has no extra_pepper option so far).
