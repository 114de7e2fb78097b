"""Extra Pepper's events in the log replay (bots/log_replay.py): what each tells this seat
about the sea cards (RULES §12.13). The event cards themselves are public and come from the
view, not the log.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from seasalt.engine import Event, EventKind, Kind, PlayerView, build_deck

from .log_moves import deck_of, put_slot, revealed, take_slot
from .world import Inconsistent, World

_KIND = tuple(c.kind for c in build_deck(extra_salt=True))

Handler = Callable[[PlayerView, World, Event, random.Random], None]


def _angelfish_took(view: PlayerView, w: World, e: Event, rng: random.Random) -> None:
    """A public take of a pile top (RULES §12.10), like a discard take."""
    assert e.seat is not None and e.card is not None and e.pile is not None
    pile = w.piles[e.pile]
    if not pile or pile[-1] != e.card:
        raise Inconsistent
    pile.pop()
    w.to_hand(e.seat, e.card)


def _dolphins_drew(view: PlayerView, w: World, e: Event, rng: random.Random) -> None:
    """The top deck card into the hand, named to the drawer only (RULES §12.11)."""
    assert e.seat is not None
    got = w.draw_from_deck(e.seat, rng, e.card)
    if got is None:
        w.unknown[e.seat] += 1
    else:
        w.to_hand(e.seat, got)


def _hand_looked(view: PlayerView, w: World, e: Event, rng: random.Random) -> None:
    """Water Rodeo: the swapper sees the target's whole hand (RULES §12.3). When we are the
    swapper, that hand is pinned as by a reveal; otherwise we learn nothing new."""
    assert e.target is not None
    if e.seat == view.seat and not e.redacted:
        revealed(w, e.target, e.cards)


def _swapped(view: PlayerView, w: World, e: Event, rng: random.Random) -> None:
    """Water Rodeo: one card each way between swapper and target; both cards are named to
    the two of them only. For anyone else each card is a random one of its hand."""
    p, t = e.seat, e.target
    assert p is not None and t is not None
    if not e.redacted and len(e.cards) == 2:
        give, take = e.cards
        w.leave_hand(p, give)
        w.leave_hand(t, take)
        w.to_hand(t, give)
        w.to_hand(p, take)
        return
    given = take_slot(w, p, rng)
    taken = take_slot(w, t, rng)
    put_slot(w, t, given)
    put_slot(w, p, taken)


def _shell_face_down(view: PlayerView, w: World, e: Event, rng: random.Random) -> None:
    """The Coral Reef: a shell leaves the hand face down, named to its owner only (RULES
    §12.12). For another seat it is one of its shells: a known one, or one we cannot name."""
    s = e.seat
    assert s is not None
    if e.card is not None:
        w.leave_hand(s, e.card)
        w.place(e.card, "face_down")
        w.face_down[s] = e.card
        return
    shells = [c for c in w.known[s] if _KIND[c] is Kind.SHELL]
    # An unnamed slot holds a shell as often as the cards we have not placed do.
    deck = deck_of(view)
    free = [c for c in deck if w.in_pool(c)]
    free_shells = sum(1 for c in free if _KIND[c] is Kind.SHELL)
    unknown = w.unknown[s] * free_shells / len(free) if free else 0.0
    if not shells and unknown <= 0:
        raise Inconsistent
    pick = rng.random() * (len(shells) + unknown)
    if pick < len(shells):
        card = shells[int(pick)]
        w.leave_hand(s, card)
        w.place(card, "face_down")
        w.face_down[s] = card
    else:
        w.unknown[s] -= 1
        w.face_down[s] = None


PEPPER_EVENTS: dict[EventKind, Handler] = {
    EventKind.ANGELFISH_TOOK: _angelfish_took,
    EventKind.DOLPHINS_DREW: _dolphins_drew,
    EventKind.HAND_LOOKED: _hand_looked,
    EventKind.SWAPPED: _swapped,
    EventKind.SHELL_FACE_DOWN: _shell_face_down,
}
"""Events that move sea cards; the others (event cards, a pass, a pair steal: the tables come
from the view) need nothing."""
