"""Laying pairs and trios, and the duo effects with their follow-up choices (RULES §4, §11).

Which two kinds form a pair, and which effect it has, is the pair table (engine/cards.py
``PAIR_KINDS``); this module carries each effect out. An effect that starts a choice (the crab's
pile and card, the rob's victim, the lobster's card) sets a phase; the choice's step finishes it.
A choice with one option is taken by the engine (engine/game.py ``resolve_forced``, RULES §3.5).
"""

from __future__ import annotations

from collections.abc import Callable

from .actions import (
    Action,
    ChooseCrabPile,
    KeepLobsterCard,
    LookAtHand,
    PlaceShellFaceDown,
    PlayPair,
    PlayTrio,
    Rob,
    StealPair,
    SwapCard,
    TakeAngelfishCard,
    TakeCrabCard,
)
from .cards import COLOR_OF, KIND_OF, DuoEffect, Kind, pair_kind
from .event_cards import EventCard
from .events import EventKind
from .legal import owner_of_pair, rob_targets, stealable_pairs
from .pair_matching import CARD_KIND
from .round_end import check_mermaids
from .state import Phase
from .work import Work, shuffle

# Enum members as module globals: on CPython 3.11 ``Phase.PLAY`` is an attribute lookup on the
# enum class (about 70 ns, measured), a global about 10, and these run at every action.
_PLAYED_TRIO = EventKind.PLAYED_TRIO
_PLAYED_PAIR = EventKind.PLAYED_PAIR
_EFFECT_SKIPPED = EventKind.EFFECT_SKIPPED
_CRAB_PILE = Phase.CRAB_PILE
_EXTRA_TURN = EventKind.EXTRA_TURN
_TURN_STARTED = EventKind.TURN_STARTED
_DRAW = Phase.DRAW
_FISH_DREW = EventKind.FISH_DREW
_ROB = Phase.ROB
_LOBSTER = Phase.LOBSTER
_LOBSTER_LOOKED = EventKind.LOBSTER_LOOKED
_JELLYFISH_LOCK = EventKind.JELLYFISH_LOCK
_CRAB_TAKE = Phase.CRAB_TAKE
_CRAB_PILE_CHOSEN = EventKind.CRAB_PILE_CHOSEN
_CRAB_TOOK = EventKind.CRAB_TOOK
_PLAY = Phase.PLAY
_ROBBED = EventKind.ROBBED
_LOBSTER_KEPT = EventKind.LOBSTER_KEPT
_SWAP_TARGET = Phase.SWAP_TARGET
_SWAP = Phase.SWAP
_HAND_LOOKED = EventKind.HAND_LOOKED
_SWAPPED = EventKind.SWAPPED
_SWAP_PASSED = EventKind.SWAP_PASSED
_PAIR_STEAL = Phase.PAIR_STEAL
_PAIR_STOLEN = EventKind.PAIR_STOLEN
_SHELL_FACE_DOWN = EventKind.SHELL_FACE_DOWN
_DOLPHINS_DREW = EventKind.DOLPHINS_DREW
_ANGELFISH = Phase.ANGELFISH
_ANGELFISH_TOOK = EventKind.ANGELFISH_TOOK
_HERMIT_CRAB = EventCard.HERMIT_CRAB
_SUNFISH = EventCard.SUNFISH
_DOLPHINS = EventCard.DOLPHINS
_ANGELFISH_EVENT = EventCard.ANGELFISH



def play_trio(w: Work, action: PlayTrio) -> None:
    """A pair and a starfish: three points on the table, no effect (RULES §11.4)."""
    cards = (*action.cards, action.starfish)
    w.lay(w.active, cards)
    if w.keep_events:
        w.emit(_PLAYED_TRIO, seat=w.active, cards=cards)
    check_mermaids(w)


def play_pair(w: Work, action: PlayPair) -> None:
    """Lay a pair and carry out its effect, or skip it when impossible (RULES §3.2)."""
    a, b = action.cards
    w.lay(w.active, action.cards)
    if w.keep_events:
        w.emit(_PLAYED_PAIR, seat=w.active, cards=action.cards)
    effect = _EFFECT_OF_KINDS[CARD_KIND[a] * _N_KINDS + CARD_KIND[b]]
    if effect is None:  # the Water Rodeo's own pairs (legal only under it, RULES §12.3)
        done = _rodeo_swap(w) if KIND_OF[a] is Kind.SWIMMER else _rodeo_steal(w)
    else:
        done = effect(w)
    if not done and w.keep_events:
        w.emit(_EFFECT_SKIPPED, seat=w.active, cards=action.cards)


# ---- the effects: each returns whether it could be carried out (False: it is skipped)


def _crab(w: Work) -> bool:
    """RULES §4.1: look through a discard pile (chosen next), take one card."""
    if _HERMIT_CRAB in w.effects(w.active):
        return _hermit_crab(w)
    if w.piles[0] or w.piles[1]:
        w.phase = _CRAB_PILE
        return True
    return False


def _boat(w: Work) -> bool:
    """RULES §4.2: another turn, if there is anything to draw."""
    if w.deck or w.piles[0] or w.piles[1]:
        if w.keep_events:
            p = w.active
            w.emit(_EXTRA_TURN, seat=p)
            w.emit(_TURN_STARTED, seat=p, n=1)
        w.phase = _DRAW
        return True
    return False


def _fish(w: Work) -> bool:
    """RULES §4.3: the top deck card into the hand; the Sunfish's two (§12.2)."""
    if not w.deck:
        return False
    p = w.active
    deck = w.deck_list()
    for _ in range(2 if _SUNFISH in w.effects(p) else 1):
        if not deck:
            break
        card = deck.pop()
        w.add(p, card)
        if w.keep_events:
            w.emit(_FISH_DREW, seat=p, card=card, private_to=(p,))
    check_mermaids(w)  # after the whole effect (RULES §12.0 "Defaults")
    return True


def _rob_effect(w: Work) -> bool:
    """RULES §4.4: steal from an opponent (chosen next) with an unrevealed hand, not
    shielded by the Coral Reef (§12.12)."""
    if rob_targets(w.active, w.hands, w.revealed, w.face_down):
        w.phase = _ROB
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
    w.phase = _LOBSTER
    if w.keep_events:
        w.emit(_LOBSTER_LOOKED, seat=p, n=len(look), cards=look, private_to=(p,))
    return True


def _jellyfish(w: Work) -> bool:
    """RULES §11.2: every opponent is locked until this player's next turn (always possible)."""
    w.jellyfish_caster = w.active
    if w.keep_events:
        w.emit(_JELLYFISH_LOCK, seat=w.active)
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

_N_KINDS = len(Kind)
_EFFECT_OF_KINDS: tuple[Callable[[Work], bool] | None, ...] = tuple(
    _EFFECTS[pair.effect] if pair is not None else None
    for first in Kind
    for second in Kind
    for pair in [pair_kind(first, second)]
)
"""The pair table's effect by the two cards' dense kind indices (engine/pair_matching.py's
``CARD_KIND``): ``first * _N_KINDS + second``, None where the kinds form no pair. A dict keyed
by the kinds would hash two enum members per pair laid, in Python."""


# ---- the effects' choices


def choose_crab_pile(w: Work, action: ChooseCrabPile) -> None:
    w.crab_pile = action.pile
    w.phase = _CRAB_TAKE
    if w.keep_events:
        w.emit(
            _CRAB_PILE_CHOSEN,
            seat=w.active,
            pile=action.pile,
            n=len(w.piles[action.pile]),
            cards=tuple(w.piles[action.pile]),
            private_to=(w.active,),
        )


def take_crab_card(w: Work, action: TakeCrabCard) -> None:
    assert w.crab_pile is not None
    pile = w.pile(w.crab_pile)
    pile.remove(action.card)  # the others keep their order (RULES §4.1)
    w.add(w.active, action.card)
    if w.keep_events:
        w.emit(
            _CRAB_TOOK,
            seat=w.active,
            card=action.card,
            pile=w.crab_pile,
            private_to=(w.active,),
        )
    if w.crab_pile == 0 and w.piles[1] and _HERMIT_CRAB in w.effects(w.active):
        _look_through(w, 1)  # the Hermit Crab's second take (RULES §12.1)
        return
    w.crab_pile = None
    w.phase = _PLAY
    check_mermaids(w)


def rob(w: Work, action: Rob) -> None:
    p, t = w.active, action.seat
    victim = w.hands[t]  # sorted (Work.add): the card by its place in id order
    card = victim[w.next_rng().randrange(len(victim))]
    w.take(t, card)
    w.add(p, card)
    if w.keep_events:
        w.emit(_ROBBED, seat=p, target=t, card=card, private_to=(p, t))
    w.phase = _PLAY
    check_mermaids(w)


def keep_lobster(w: Work, action: KeepLobsterCard) -> None:
    p = w.active
    w.add(p, action.card)
    deck = w.deck_list()
    deck.extend(c for c in w.pending if c != action.card)
    shuffle(w.next_rng(), deck)
    w.pending = ()
    w.phase = _PLAY
    if w.keep_events:
        w.emit(_LOBSTER_KEPT, seat=p, card=action.card, private_to=(p,))
    check_mermaids(w)


# ---- Extra Pepper's event effects (RULES §12), next to the duo effects they change. Each
# event's steps and choices are functions of a Work, registered in engine/game.py's STEP by
# action type; the Water Rodeo's two pairs are listed by legal.rodeo_pairs_in.


def _look_through(w: Work, pile: int) -> None:
    w.crab_pile = pile
    w.phase = _CRAB_TAKE
    if w.keep_events:
        w.emit(_CRAB_PILE_CHOSEN, seat=w.active, pile=pile,
               n=len(w.piles[pile]), cards=tuple(w.piles[pile]), private_to=(w.active,))


def _hermit_crab(w: Work) -> bool:
    """RULES §12.1: any card of pile 1, then any card of pile 2; an empty pile is skipped."""
    for pile in (0, 1):
        if w.piles[pile]:
            _look_through(w, pile)
            return True
    return False


def _rodeo_swap(w: Work) -> bool:
    """RULES §12.3 swimmer + swimmer: look at an eligible opponent's hand (chosen next)."""
    if rob_targets(w.active, w.hands, w.revealed, w.face_down):
        w.phase = _SWAP_TARGET
        return True
    return False


def look_at_hand(w: Work, action: LookAtHand) -> None:
    p, t = w.active, action.seat
    w.swap_target = t
    w.phase = _SWAP
    if w.keep_events:
        w.emit(_HAND_LOOKED, seat=p, target=t, cards=tuple(sorted(w.hands[t])),
               private_to=(p, t))


def swap_card(w: Work, action: SwapCard) -> None:
    assert w.swap_target is not None
    p, t = w.active, w.swap_target
    w.take(p, action.give)
    w.take(t, action.take)
    w.add(p, action.take)
    w.add(t, action.give)
    if w.keep_events:
        w.emit(_SWAPPED, seat=p, target=t, cards=(action.give, action.take),
               private_to=(p, t))
    w.swap_target = None
    w.phase = _PLAY
    # The swapper's check now; the target's at its next own action (RULES §12.3, P34, P35).
    check_mermaids(w)


def pass_swap(w: Work, _: Action) -> None:
    if w.keep_events:
        w.emit(_SWAP_PASSED, seat=w.active, target=w.swap_target)
    w.swap_target = None
    w.phase = _PLAY


def _rodeo_steal(w: Work) -> bool:
    """RULES §12.3 shark + shark: take a laid pair of an eligible opponent (chosen next)."""
    if stealable_pairs(w.active, w.tables, w.revealed, w.face_down):
        w.phase = _PAIR_STEAL
        return True
    return False


def steal_pair(w: Work, action: StealPair) -> None:
    """The pair moves as it lies, with no effect (RULES §12.3, P27)."""
    p = w.active
    victim = owner_of_pair(w.tables, action.cards)
    groups = list(w.tables[victim])
    group = next(g for g in groups if len(g) == 2 and set(g) == set(action.cards))
    groups.remove(group)
    w.set_table(victim, tuple(groups))
    w.set_table(p, (*w.tables[p], group))
    if w.keep_events:
        w.emit(_PAIR_STOLEN, seat=p, target=victim, cards=action.cards)
    w.phase = _PLAY


def place_shell(w: Work, action: PlaceShellFaceDown) -> None:
    """RULES §12.12: the shell leaves the hand face down; the seat is shielded this round."""
    p = w.active
    w.take(p, action.card)
    w.face_down = (*w.face_down[:p], action.card, *w.face_down[p + 1 :])
    if w.keep_events:
        w.emit(_SHELL_FACE_DOWN, seat=p, card=action.card, private_to=(p,))


DOLPHIN_KINDS = frozenset((Kind.SHELL, Kind.OCTOPUS, Kind.PENGUIN, Kind.SAILOR, Kind.SEAHORSE))
"""The kinds whose placement from a draw-two brings the Dolphins' card (RULES §12.11)."""
DOLPHIN_CARD = tuple(k in DOLPHIN_KINDS for k in KIND_OF)
"""Per card id: of a DOLPHIN_KINDS kind (a set of enum members hashes them in Python)."""


def dolphins(w: Work, placed: int) -> None:
    """RULES §12.11: a collector or the seahorse placed from a draw-two brings the top deck
    card into the hand."""
    p = w.active
    if w.deck and DOLPHIN_CARD[placed] and _DOLPHINS in w.effects(p):
        card = w.deck_list().pop()
        w.add(p, card)
        if w.keep_events:
            w.emit(_DOLPHINS_DREW, seat=p, card=card, private_to=(p,))


def angelfish_due(w: Work) -> bool:
    """RULES §12.10: at the end of a draw step, matching tops under the Angelfish start its
    take (phase ANGELFISH); returns whether it did."""
    p0, p1 = w.piles
    if p0 and p1 and COLOR_OF[p0[-1]] is COLOR_OF[p1[-1]] and (
        _ANGELFISH_EVENT in w.effects(w.active)
    ):
        w.phase = _ANGELFISH
        return True
    return False


def take_angelfish_card(w: Work, action: TakeAngelfishCard) -> None:
    p = w.active
    card = w.pile(action.pile).pop()
    w.add(p, card)
    if w.keep_events:
        w.emit(_ANGELFISH_TOOK, seat=p, card=card, pile=action.pile)
    w.phase = _PLAY  # the take ends the draw step, even if the tops match again (P76)
    check_mermaids(w)
