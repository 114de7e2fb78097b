"""The small card moves on a sampled :class:`~.world.World` that the log replay's handlers
share (bots/log_replay.py for the base game, bots/log_pepper.py for Extra Pepper's events).

"Pending" cards are the ones a seat drew and has not yet kept or placed (a two-card draw, a
lobster look); a "slot" is one card of a hand, named or not.
"""

from __future__ import annotations

import random

from seasalt.engine import PlayerView, build_deck

from .world import Inconsistent, World

_DECKS = {salt: tuple(c.id for c in build_deck(salt)) for salt in (False, True)}


def deck_of(view: PlayerView) -> tuple[int, ...]:
    """Every card id of the view's game (Extra Salt's cards only with that option)."""
    return _DECKS[view.rules.extra_salt]


def pending_reset(w: World) -> None:
    w.pending_known = []
    w.pending_unknown = 0


def to_pending(w: World, card: int | None) -> None:
    if card is None:
        w.pending_unknown += 1
    else:
        w.pending_known.append(card)
        w.place(card, "pending")


def pending_to_hand(w: World, seat: int) -> None:
    for c in w.pending_known:
        w.to_hand(seat, c)
    w.unknown[seat] += w.pending_unknown
    pending_reset(w)


def take_slot(w: World, seat: int, rng: random.Random) -> int | None:
    """Remove a uniformly chosen card slot of ``seat``'s hand: the card, or None for one we
    cannot name."""
    known = w.known[seat]
    slots = len(known) + w.unknown[seat]
    if slots <= 0:
        raise Inconsistent
    pick = rng.randrange(slots)
    if pick < len(known):
        card = known.pop(pick)
        w.guessed.discard(card)
        del w.placed[card]
        return card
    w.unknown[seat] -= 1
    return None


def put_slot(w: World, seat: int, card: int | None) -> None:
    if card is None:
        w.unknown[seat] += 1
    else:
        w.to_hand(seat, card)


def revealed(w: World, seat: int, cards: tuple[int, ...]) -> None:
    """The whole hand is shown: the world's hand must be able to hold exactly these cards."""
    while w.unguess(seat, keep=cards) is not None:
        pass  # a guess the reveal does not show was wrong: the reveal names the slot
    known = w.known[seat]
    if any(c not in cards for c in known):
        raise Inconsistent
    extra = [c for c in cards if c not in known]
    if len(extra) != w.unknown[seat] or any(not w.in_pool(c) for c in extra):
        raise Inconsistent
    for c in extra:
        w.place(c, "hand")
    w.known[seat] = list(cards)
    w.unknown[seat] = 0
