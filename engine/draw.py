"""The draw step of a turn, and a jellyfish-locked turn (RULES §3.1, §11.2)."""

from __future__ import annotations

from bisect import bisect_left

from .actions import Action, KeepCard, TakeDiscard
from .cards import COLOR_OF as _COLOR_OF
from .effects import DOLPHIN_CARD, angelfish_due, dolphins
from .events import EventKind
from .round_end import FIRST_MERMAID, LAST_MERMAID, check_mermaids, end_turn
from .state import Phase
from .work import Work

# Enum members as module globals: on CPython 3.11 ``Phase.PLAY`` is an attribute lookup on the
# enum class (about 70 ns, measured), a global about 10, and these run at every action.
_DREW_FROM_DECK = EventKind.DREW_FROM_DECK
_KEPT_CARD = EventKind.KEPT_CARD
_KEEP = Phase.KEEP
_DISCARDED = EventKind.DISCARDED
_TOOK_DISCARD = EventKind.TOOK_DISCARD
_PLAY = Phase.PLAY
_LOCKED_DRAW = EventKind.LOCKED_DRAW



def draw_from_deck(w: Work, _: Action) -> None:
    """Two cards to choose from, or the last one straight into the hand (RULES §3.1 A)."""
    p = w.active
    deck = w.deck_list()
    if len(deck) == 1:
        card = deck.pop()
        w.emit(_DREW_FROM_DECK, seat=p, n=1, cards=(card,), private_to=(p,))
        w.add(p, card)
        w.emit(_KEPT_CARD, seat=p, card=card, private_to=(p,))
        _after_draw(w)
        return
    a = deck.pop()
    b = deck.pop()
    w.pending = (a, b)
    w.phase = _KEEP
    if w.keep_events:
        w.emit(_DREW_FROM_DECK, seat=p, n=2, cards=(a, b), private_to=(p,))


def keep_card(w: Work, action: KeepCard) -> None:
    """Keep one drawn card, the other face up on a pile (RULES §3.1 A)."""
    p = w.active
    keep = action.card
    pending = w.pending
    if len(pending) == 2:
        a, b = pending
        other: int | None = b if a == keep else a
    else:
        other = next((c for c in pending if c != keep), None)
    w.pending = ()
    w.add(p, keep)
    if w.keep_events:
        w.emit(_KEPT_CARD, seat=p, card=keep, private_to=(p,))
    if other is not None:
        pile = action.pile
        if pile is None:
            # Forced placement: the empty pile, or pile 0 when both are empty (RULES §3.1).
            pile = 1 if w.piles[0] and not w.piles[1] else 0
        w.pile(pile).append(other)
        if w.keep_events:
            w.emit(_DISCARDED, seat=p, card=other, pile=pile)
        if w.rules.extra_pepper and DOLPHIN_CARD[other]:
            dolphins(w, other)  # RULES §12.11, before the Angelfish check
    _after_draw(w)


def take_discard(w: Work, action: TakeDiscard) -> None:
    """Take a discard pile's top card (RULES §3.1 B)."""
    p = w.active
    card = w.pile(action.pile).pop()
    w.add(p, card)
    if w.keep_events:
        w.emit(_TOOK_DISCARD, seat=p, card=card, pile=action.pile)
    _after_draw(w)


def _after_draw(w: Work) -> None:
    w.phase = _PLAY
    if w.rules.extra_pepper:
        p0, p1 = w.piles  # angelfish_due's own first test: two tops of one colour
        if p0 and p1 and _COLOR_OF[p0[-1]] is _COLOR_OF[p1[-1]] and angelfish_due(w):
            return  # the mermaid check follows the take, which ends the draw step (§12.10)
    hand = w.hands[w.active]
    i = bisect_left(hand, FIRST_MERMAID)  # three mermaids or more? (round_end.py: MERMAIDS)
    if len(hand) > i + 2 and hand[i + 2] <= LAST_MERMAID:
        check_mermaids(w)


def locked_turn(w: Work) -> None:
    """A jellyfish-locked turn: top deck card into hand, then the end of turn (RULES §11.2)."""
    p = w.active
    if w.deck:
        card = w.deck_list().pop()
        w.add(p, card)
        if w.keep_events:
            w.emit(_LOCKED_DRAW, seat=p, card=card, n=1, private_to=(p,))
    elif w.keep_events:
        w.emit(_LOCKED_DRAW, seat=p, n=0)
    end_turn(w)  # which first runs the four-mermaid check (RULES §3.4 step 1, §9 row 27)

