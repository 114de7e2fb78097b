"""The sampled world of a determinization and what a round log says about each card.

A :class:`World` is the state of one replay of a seat's round log (bots/log_replay.py): piles as
ordered lists, the cards placed in each hand plus a count of unknown ones, the cards known to be
in the deck, the active seat's pending cards. A :class:`Plan` is computed once per view: for
each event, the cards the rest of the log shows elsewhere, which guides the replay's guesses.
The whole method is described in bots/sampler.py.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any

from seasalt.engine import Event, EventKind, PlayerView


class Inconsistent(Exception):
    """The sampled world contradicts the log: replay again."""


@dataclass
class World:
    """The sampled world during the replay of one log."""

    players: int
    piles: list[list[int]] = field(default_factory=lambda: [[], []])
    known: list[list[int]] = field(default_factory=list)
    """Per seat: cards we place in that hand."""
    unknown: list[int] = field(default_factory=list)
    """Per seat: how many further hand cards we cannot name."""
    deck_known: list[int] = field(default_factory=list)
    """Cards known to be in the deck (returned by our own lobster look)."""
    deck_size: int = 0
    pending_known: list[int] = field(default_factory=list)
    pending_unknown: int = 0
    placed: dict[int, str] = field(default_factory=dict)
    """Card -> where the world put it ("pile", "hand", "table", "deck", "pending")."""
    face_down: dict[int, int | None] = field(default_factory=dict)
    """Extra Pepper: seat -> its face-down shell (None: a shell we cannot name, dealt from
    the unseen shells when the state is built; RULES §12.12)."""
    guessed: set[int] = field(default_factory=set)
    """Hand cards the replay named by a guess (an opponent's hidden keep or dig), not because
    the log pins them: a later event that needs the slot for another card may take it back."""

    def __post_init__(self) -> None:
        self.known = [[] for _ in range(self.players)]
        self.unknown = [0] * self.players

    # --- the unknown pool is every card the world has not placed

    def in_pool(self, card: int) -> bool:
        return card not in self.placed

    def place(self, card: int, where: str) -> None:
        self.placed[card] = where

    def leave_hand(self, seat: int, card: int) -> None:
        """``card`` publicly leaves ``seat``'s hand (laid, revealed-and-moved, stolen)."""
        if card in self.known[seat]:
            self.known[seat].remove(card)
            del self.placed[card]
            self.guessed.discard(card)
        elif self.in_pool(card) and self.unknown[seat] > 0:
            self.unknown[seat] -= 1
        elif self.in_pool(card) and self.unguess(seat) is not None:
            self.unknown[seat] -= 1  # the guessed slot was this card after all
        else:
            raise Inconsistent

    def pinned(self, seat: int) -> list[int]:
        """``seat``'s hand cards the log pins down (the guesses left out): the same from
        sample to sample, so the opponent model's hand values are computed once."""
        guessed = self.guessed
        return [c for c in self.known[seat] if c not in guessed] if guessed else self.known[seat]

    def unguess(self, seat: int, keep: frozenset[int] | tuple[int, ...] = ()) -> int | None:
        """Turn the latest guessed card of ``seat``'s hand (not in ``keep``) back into an
        unknown slot; returns it, or None when there is none."""
        for c in reversed(self.known[seat]):
            if c in self.guessed and c not in keep:
                self.known[seat].remove(c)
                del self.placed[c]
                self.guessed.discard(c)
                self.unknown[seat] += 1
                return c
        return None

    def to_hand(self, seat: int, card: int) -> None:
        if card in self.known[seat]:
            raise Inconsistent  # a guess named a card the log later brings into this hand
        self.known[seat].append(card)
        self.place(card, "hand")

    def draw_from_deck(
        self,
        seat: int,
        rng: random.Random,
        visible: int | None,
        forced: frozenset[int] = frozenset(),
        avoid: frozenset[int] = frozenset(),
    ) -> int | None:
        """One card leaves the deck for ``seat``; returns it when the world can name it.

        For a hidden draw, a card we know to be in the deck is taken when the log later shows
        ``seat`` holding it (``forced``), and otherwise with its share of the odds unless the log
        later shows it elsewhere (``avoid``).
        """
        if self.deck_size <= 0:
            raise Inconsistent
        if visible is not None:
            if visible in self.deck_known:
                self.deck_known.remove(visible)
                del self.placed[visible]
            elif not self.in_pool(visible):
                raise Inconsistent
            self.deck_size -= 1
            return visible
        self.deck_size -= 1
        if self.deck_known:
            must = [c for c in self.deck_known if c in forced]
            free = [c for c in self.deck_known if c not in avoid]
            if must:
                card = must[rng.randrange(len(must))]
            elif free and rng.random() < len(free) / (self.deck_size + 1):
                card = free[rng.randrange(len(free))]
            else:
                card = None
            if card is not None:
                self.deck_known.remove(card)
                del self.placed[card]
                return card
        if self.deck_size + 1 - len(self.deck_known) <= 0:
            raise Inconsistent
        return None


@dataclass(frozen=True)
class Plan:
    """What the log says about the future of each card, computed once per view."""

    later_public: tuple[frozenset[int], ...]
    """For event i: every card named after it (or visible in the view) outside this seat's own
    hand changes — such a card was not the one hidden by event i."""
    later_from_hand: tuple[dict[int, frozenset[int]], ...]
    """For event i: per seat, cards that later publicly come out of that seat's hand."""
    later_revealed: tuple[frozenset[int], ...]
    """For event i: seats whose whole hand is shown after it."""
    later_in_pile: tuple[frozenset[int], ...]
    """For event i: cards seen in a discard pile after it (taken, discarded, dug, a top)."""
    memo: dict[object, Any] = field(default_factory=dict, compare=False)
    """What the replay works out from the view and the plan alone (the same in every
    sample), filled on first use: bots/log_replay.py."""


def cards_of(event: Event) -> tuple[int, ...]:
    out = tuple(event.cards)
    if event.card is not None:
        out += (event.card,)
    return out


_PILE_EVENTS = (
    EventKind.TOOK_DISCARD, EventKind.DISCARDED, EventKind.CRAB_PILE_CHOSEN,
    EventKind.ANGELFISH_TOOK,
)
"""Events that name cards lying in a discard pile."""


def plan_log(view: PlayerView) -> Plan:
    log = view.log
    final: set[int] = set(view.hand) | set(view.pending)
    final_from: dict[int, set[int]] = {}
    for s in view.seats:
        for group in s.table:
            final.update(group)
        if s.revealed_hand is not None:
            final.update(s.revealed_hand)
            final_from.setdefault(s.seat, set()).update(s.revealed_hand)
    for p in view.piles:
        if p.top is not None:
            final.add(p.top)
    later_public: list[frozenset[int]] = [frozenset()] * len(log)
    later_from: list[dict[int, frozenset[int]]] = [{}] * len(log)
    later_pile: list[frozenset[int]] = [frozenset()] * len(log)
    seen = set(final)
    in_pile = {p.top for p in view.piles if p.top is not None}
    later_rev: list[frozenset[int]] = [frozenset()] * len(log)
    revealed = {s.seat for s in view.seats if s.revealed_hand is not None}
    from_hand: dict[int, set[int]] = {k: set(v) for k, v in final_from.items()}
    for i in range(len(log) - 1, -1, -1):
        later_public[i] = frozenset(seen)
        later_from[i] = {k: frozenset(v) for k, v in from_hand.items()}
        later_pile[i] = frozenset(in_pile)
        later_rev[i] = frozenset(revealed)
        e = log[i]
        cards = cards_of(e)
        if e.kind in _PILE_EVENTS:
            in_pile.update(cards)
        if e.kind is EventKind.REVEALED and e.seat is not None:
            revealed.add(e.seat)
        if e.kind in (EventKind.PLAYED_PAIR, EventKind.PLAYED_TRIO, EventKind.REVEALED):
            assert e.seat is not None
            from_hand.setdefault(e.seat, set()).update(cards)
        elif e.kind is EventKind.ROBBED and e.card is not None and e.target is not None:
            from_hand.setdefault(e.target, set()).add(e.card)
        elif e.kind is EventKind.HAND_LOOKED and e.target is not None and not e.redacted:
            # Our Water Rodeo look (or a look at our own hand): as good as a reveal.
            revealed.add(e.target)
            from_hand.setdefault(e.target, set()).update(cards)
        elif e.kind is EventKind.SWAPPED and len(e.cards) == 2 and e.seat is not None:
            assert e.target is not None
            from_hand.setdefault(e.seat, set()).add(e.cards[0])
            from_hand.setdefault(e.target, set()).add(e.cards[1])
        seen.update(cards)
    return Plan(tuple(later_public), tuple(later_from), tuple(later_rev), tuple(later_pile))


