"""What a seat remembers of the current round, rebuilt from its view's round log.

The view already carries the round's log as this seat saw it (DESIGN "Bots"), so the memory is a
pure function of the view: both discard piles card by card, the cards each opponent is known to
hold (taken from a face-up pile, stolen from or by us, revealed), the cards this seat has seen,
and from those what is still unseen, per kind and colour. Nothing here reads hidden state and no
rule is decided here: the log's events are only bookkept.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from seasalt.engine import Color, EventKind, Kind, PlayerView, build_deck

_CARDS = build_deck(extra_salt=True)
_KIND = tuple(c.kind for c in _CARDS)
_COLOR = tuple(c.color for c in _CARDS)


@dataclass(frozen=True, slots=True)
class Memory:
    """One seat's memory of the round so far (see :func:`remember`)."""

    seen: frozenset[int]
    """Every card this seat has seen this round (in its hands, on a table, in a pile, shown to
    it privately, revealed): none of them can be a hidden card of the deck, except the ones in
    :attr:`deck_known`."""
    piles: tuple[tuple[int, ...], tuple[int, ...]]
    """Per discard pile, bottom to top: the cards that may still lie in it. Exact unless an
    opponent dug into it (a crab pair) since we last looked: then one of them is gone."""
    pile_exact: tuple[bool, bool]
    """Whether :attr:`piles` is known card for card (no unseen dig since)."""
    holds: tuple[tuple[int, ...], ...]
    """Per seat: cards known to be in that seat's hand (for this seat: its whole hand)."""
    deck_known: tuple[int, ...]
    """Cards known to be back in the deck (the rest of this seat's own lobster look)."""
    unseen: tuple[int, ...]
    """Cards never seen this round: each is in the deck or hidden in an opponent's hand."""

    def unseen_kinds(self) -> Counter[Kind]:
        """How many unseen cards of each kind."""
        return Counter(_KIND[c] for c in self.unseen)

    def unseen_colors(self) -> Counter[Color]:
        """How many unseen cards of each colour."""
        return Counter(_COLOR[c] for c in self.unseen)

    def hidden_slots(self, view: PlayerView) -> int:
        """Opponents' hand cards this seat cannot name."""
        return sum(
            max(0, s.hand_size - len(self.holds[s.seat]))
            for s in view.seats
            if s.seat != view.seat
        )


def _named(event_cards: tuple[int, ...], card: int | None) -> tuple[int, ...]:
    return event_cards if card is None else (*event_cards, card)


def remember(view: PlayerView) -> Memory:
    """Replay ``view.log`` (the current round, as this seat saw it) into a :class:`Memory`."""
    me = view.seat
    n = view.rules.players
    piles: list[list[int]] = [[], []]
    exact = [True, True]
    holds: list[list[int]] = [[] for _ in range(n)]
    seen: set[int] = set()
    deck_known: list[int] = []
    looked: tuple[int, ...] = ()
    for e in view.log:
        k = e.kind
        s = e.seat
        named = _named(e.cards, e.card)
        if deck_known and named:
            # A card we knew to be in the deck came out of it again.
            deck_known = [c for c in deck_known if c not in named]
        seen.update(named)
        if k is EventKind.ROUND_STARTED:
            piles = [[e.cards[0]], [e.cards[1]]] if len(e.cards) == 2 else [[], []]
            exact = [True, True]
            holds = [[] for _ in range(n)]
        elif k is EventKind.DISCARDED and e.pile is not None and e.card is not None:
            piles[e.pile].append(e.card)
        elif k is EventKind.TOOK_DISCARD and e.pile is not None and e.card is not None:
            pile = piles[e.pile]
            if e.card in pile:
                # Anything above it was dug out unseen by an opponent's crab pair.
                del pile[pile.index(e.card) :]
            if s is not None and s != me:
                holds[s].append(e.card)
        elif k in (EventKind.PLAYED_PAIR, EventKind.PLAYED_TRIO) and s is not None:
            holds[s] = [c for c in holds[s] if c not in e.cards]
        elif k is EventKind.CRAB_PILE_CHOSEN and e.pile is not None and e.cards:
            piles[e.pile] = list(e.cards)  # our own look: the pile exactly
            exact[e.pile] = True
        elif k is EventKind.CRAB_TOOK and e.pile is not None:
            if e.card is not None:
                if e.card in piles[e.pile]:
                    piles[e.pile].remove(e.card)
            else:
                exact[e.pile] = False  # one of the pile's cards went to seat s, unseen
        elif k is EventKind.ROBBED and s is not None and e.target is not None:
            if e.card is not None:
                if e.card in holds[e.target]:
                    holds[e.target].remove(e.card)
                if s != me:
                    holds[s].append(e.card)
            else:
                # Some card of the victim's went to the thief: what we knew it held may have
                # moved (it is still seen: it is in one of the two hands).
                holds[e.target] = []
        elif k is EventKind.LOBSTER_LOOKED and e.cards:
            looked = e.cards
        elif k is EventKind.LOBSTER_KEPT and s == me and e.card is not None:
            deck_known.extend(c for c in looked if c != e.card)
            looked = ()
        elif k is EventKind.REVEALED and s is not None:
            holds[s] = list(e.cards)
        # ---- Extra Pepper (RULES §12.13: what each seat sees of the new moves)
        elif k is EventKind.ANGELFISH_TOOK and e.pile is not None and e.card is not None:
            if piles[e.pile] and piles[e.pile][-1] == e.card:
                piles[e.pile].pop()
            if s is not None and s != me:
                holds[s].append(e.card)
        elif k is EventKind.HAND_LOOKED and s == me and e.target is not None:
            holds[e.target] = list(e.cards)  # our own Water Rodeo look: that hand exactly
        elif k is EventKind.SWAPPED and s is not None and e.target is not None:
            if len(e.cards) == 2:  # we swapped, or were swapped with: both cards named
                give, take = e.cards
                if s == me:
                    holds[e.target] = [c for c in holds[e.target] if c != take] + [give]
                else:
                    holds[s] = [c for c in holds[s] if c != give] + [take]
            else:  # one card each way, unseen: what we knew of either hand may have moved
                holds[s] = []
                holds[e.target] = []
        elif k is EventKind.SHELL_FACE_DOWN and s is not None and s != me:
            # One of its shells went face down, unseen: a known shell may be that one.
            holds[s] = [c for c in holds[s] if _KIND[c] is not Kind.SHELL]
    # What the view shows now is seen too, and settles the piles' tops.
    seen.update(view.hand)
    seen.update(view.pending)
    for sv in view.seats:
        for group in sv.table:
            seen.update(group)
        if sv.revealed_hand is not None:
            seen.update(sv.revealed_hand)
            holds[sv.seat] = list(sv.revealed_hand)
    for p, pv in enumerate(view.piles):
        pile = piles[p]
        if pv.top is None:
            pile.clear()
            continue
        seen.add(pv.top)
        if pv.top in pile:
            del pile[pile.index(pv.top) + 1 :]
        else:
            pile.append(pv.top)
        if len(pile) != pv.size:
            exact[p] = False
    if me is not None:
        holds[me] = list(view.hand)
    deck_known = [c for c in deck_known if c not in view.hand]
    ids = range(len(build_deck(view.rules.extra_salt)))
    return Memory(
        seen=frozenset(seen),
        piles=(tuple(piles[0]), tuple(piles[1])),
        pile_exact=(exact[0], exact[1]),
        holds=tuple(tuple(h) for h in holds),
        deck_known=tuple(deck_known),
        unseen=tuple(c for c in ids if c not in seen),
    )


__all__ = ["Memory", "remember"]
