"""Extra Pepper's event deck over a game: setting it up, and the hand-off between rounds
(RULES §12.0). Dealing the next round stays in engine/round_end.py, which calls these.
"""

from __future__ import annotations

from .event_cards import EVENT_CARDS, EventCard, Keeper
from .events import EventKind
from .state import Phase
from .work import Work


def set_up(w: Work) -> None:
    """Before round 1: shuffle the twelve into the event deck, turn up the table event."""
    deck = list(EVENT_CARDS)
    w.next_rng().shuffle(deck)
    w.held = (None,) * w.n
    w.event_discard = ()
    w.keep_choice = ()
    _turn_up(w, deck)


_LEADS = frozenset(c for c in EVENT_CARDS if c.keeper is Keeper.LEADER)
"""The "+" cards, kept by the leader; the others by the trailer (RULES §12.0 "Keeper")."""


def _turn_up(w: Work, deck: list[EventCard]) -> None:
    card = deck.pop()
    w.event_deck = tuple(deck)
    w.table_event = card
    if w.keep_events:
        w.emit(EventKind.EVENT_TURNED_UP, n=len(deck), event_card=card)


def _unique(totals: tuple[int, ...], best: int) -> int | None:
    seats = [s for s, t in enumerate(totals) if t == best]
    return seats[0] if len(seats) == 1 else None


def hand_off(w: Work, starter: int) -> bool:
    """Steps 1-5 of RULES §12.0 on the current totals, after a scored or void round of a game
    that goes on. Returns True when the receiver must choose which card to keep: the phase is
    then KEEP_EVENT_CARD and ``starter`` waits in ``next_starter`` for the deal."""
    totals = w.scores
    leader = _unique(totals, max(totals))
    trailer = _unique(totals, min(totals))
    held = list(w.held)
    discard = list(w.event_discard)
    for seat, card in enumerate(held):  # step 2: a holder no longer its card's keeper
        if card is not None and (leader if card in _LEADS else trailer) != seat:
            held[seat] = None
            discard.append(card)
            if w.keep_events:
                w.emit(EventKind.EVENT_DISCARDED, seat=seat, event_card=card)
    table = w.table_event
    assert table is not None
    receiver = leader if table in _LEADS else trailer  # step 3
    if receiver is None:
        discard.append(table)
        if w.keep_events:
            w.emit(EventKind.EVENT_DISCARDED, event_card=table)
    elif w.keep_events:
        w.emit(EventKind.EVENT_RECEIVED, seat=receiver, event_card=table)
    deck = list(w.event_deck)
    if not deck:  # step 4: the discard (held cards stay) becomes the new event deck
        deck, discard = discard, []
        w.next_rng().shuffle(deck)
        if w.keep_events:
            w.emit(EventKind.EVENT_DECK_SHUFFLED, n=len(deck))
    w.event_discard = tuple(discard)
    _turn_up(w, deck)
    if receiver is not None:
        before = held[receiver]
        if before is None:
            held[receiver] = table
        else:  # step 5: the receiver chooses, with the new table event in sight
            held[receiver] = None
            w.keep_choice = (before, table)
            w.next_starter = starter
            w.active = receiver
            w.phase = Phase.KEEP_EVENT_CARD
            w.jellyfish_caster = None  # the round is over: its lock has lapsed (RULES §11.2)
    w.held = tuple(held)
    return bool(w.keep_choice)


def keep(w: Work, card: EventCard) -> int:
    """Resolve the keep choice (RULES §12.0 step 5); returns the next round's starter."""
    seat = w.active
    other = next(c for c in w.keep_choice if c is not card)
    w.held = (*w.held[:seat], card, *w.held[seat + 1 :])
    w.event_discard = (*w.event_discard, other)
    if w.keep_events:
        w.emit(EventKind.EVENT_KEPT, seat=seat, event_card=card)
        w.emit(EventKind.EVENT_DISCARDED, seat=seat, event_card=other)
    w.keep_choice = ()
    starter = w.next_starter
    assert starter is not None
    w.next_starter = None
    return starter
