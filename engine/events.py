"""Structured events and their redaction (DESIGN "Views, events and hidden information").

Events are data, not prose: a kind and a few fields. ``events_for`` is the single choke point
that decides what each seat may learn from them.
"""

from __future__ import annotations

import enum
from collections.abc import Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ._fast import positional_builder
from .actions import CallKind
from .event_cards import EventCard

if TYPE_CHECKING:
    from .memo import ViewCache


class EventKind(enum.Enum):
    """What happened. Field use is listed per member."""

    ROUND_STARTED = "round_started"
    """seat = starter, n = round number, cards = the two flipped pile tops (pile 0, pile 1)."""
    TURN_STARTED = "turn_started"
    """seat = active player; n = 1 for a boat extra turn, 0 otherwise."""
    DREW_FROM_DECK = "drew_from_deck"
    """seat; n = cards drawn (1 or 2); cards = those cards (private to seat)."""
    KEPT_CARD = "kept_card"
    """seat; card = kept card (private to seat)."""
    DISCARDED = "discarded"
    """seat; card = the unkept card put face up on ``pile``."""
    TOOK_DISCARD = "took_discard"
    """seat took ``card`` from the top of ``pile``."""
    PLAYED_PAIR = "played_pair"
    """seat laid ``cards`` (a pair) on the table."""
    PLAYED_TRIO = "played_trio"
    """seat laid ``cards`` (pair + starfish) on the table; no effect."""
    EFFECT_SKIPPED = "effect_skipped"
    """seat's pair effect was impossible; ``cards`` = the pair."""
    CRAB_PILE_CHOSEN = "crab_pile_chosen"
    """seat looks through ``pile``; cards = its contents bottom to top (private to seat)."""
    CRAB_TOOK = "crab_took"
    """seat took ``card`` (private to seat) from ``pile``."""
    EXTRA_TURN = "extra_turn"
    """seat gets another turn (boat pair)."""
    FISH_DREW = "fish_drew"
    """seat drew ``card`` (private to seat) from the deck."""
    ROBBED = "robbed"
    """seat stole ``card`` (private to seat and target) from ``target``."""
    LOBSTER_LOOKED = "lobster_looked"
    """seat looks at the top ``n`` deck cards; cards = them (private to seat)."""
    LOBSTER_KEPT = "lobster_kept"
    """seat kept ``card`` (private to seat); the rest went back and the deck was shuffled."""
    JELLYFISH_LOCK = "jellyfish_lock"
    """seat locked every opponent until seat's next turn."""
    LOCKED_DRAW = "locked_draw"
    """seat, locked, took the top deck card ``card`` (private to seat), n = 0 if deck empty."""
    CALLED = "called"
    """seat called ``call``."""
    REVEALED = "revealed"
    """seat's hand ``cards`` is revealed (and protected)."""
    TURN_ENDED = "turn_ended"
    """seat's turn is over."""
    ROUND_SCORED = "round_scored"
    """round ``n`` scored; ``scores`` = points added per seat; ``seat`` = caller; won = bet won."""
    ROUND_VOID = "round_void"
    """round ``n`` void: the deck ran out in seat's turn with no call."""
    MERMAID_WIN = "mermaid_win"
    """seat holds all four mermaids: the game ends (RULES §8.2)."""
    GAME_OVER = "game_over"
    """the game is over; ``scores`` = totals, ``winners`` = winning seats."""
    # ---- Extra Pepper (RULES §12.13, §12.14); ``event_card`` names the event card.
    EVENT_TURNED_UP = "event_turned_up"
    """``event_card`` is the new table event; n = cards left in the event deck."""
    EVENT_RECEIVED = "event_received"
    """seat received the table event ``event_card`` (RULES §12.0 step 3)."""
    EVENT_DISCARDED = "event_discarded"
    """``event_card`` went to the event discard: from seat's hand of event cards, or (seat
    None) the table event with no keeper."""
    EVENT_DECK_SHUFFLED = "event_deck_shuffled"
    """the event discard was shuffled into a new event deck of n cards (RULES §12.0 step 4)."""
    EVENT_KEPT = "event_kept"
    """seat kept ``event_card`` of its two (the other is discarded next)."""
    HAND_LOOKED = "hand_looked"
    """Water Rodeo: seat looks at ``target``'s hand ``cards`` (private to seat and target)."""
    SWAPPED = "swapped"
    """Water Rodeo: seat gave cards[0] for target's cards[1] (private to seat and target)."""
    SWAP_PASSED = "swap_passed"
    """Water Rodeo: seat looked at ``target``'s hand and swapped nothing."""
    PAIR_STOLEN = "pair_stolen"
    """Water Rodeo shark pair: seat took ``target``'s laid pair ``cards``."""
    ANGELFISH_TOOK = "angelfish_took"
    """The Angelfish: seat took ``card`` from the top of ``pile``."""
    DOLPHINS_DREW = "dolphins_drew"
    """The Dolphins: seat drew ``card`` (private to seat) from the deck."""
    SHELL_FACE_DOWN = "shell_face_down"
    """The Coral Reef: seat laid ``card`` (private to seat) face down; seat is shielded."""

    def __repr__(self) -> str:
        return f"EventKind.{self.name}"


@dataclass(frozen=True, slots=True)
class Event:
    """One thing that happened. Unused fields keep their defaults.

    The repr leaves ``event_card`` out while it is None, so a game without Extra Pepper has
    the reprs it always had (tests/engine/test_golden.py hashes them).
    """

    kind: EventKind
    seat: int | None = None
    card: int | None = None
    cards: tuple[int, ...] = ()
    pile: int | None = None
    target: int | None = None
    n: int = 0
    call: CallKind | None = None
    scores: tuple[int, ...] = ()
    winners: tuple[int, ...] = ()
    won: bool | None = None
    private_to: tuple[int, ...] | None = None
    """Seats allowed to see ``card`` and ``cards``; ``None`` means public."""
    redacted: bool = False
    """True when ``card``/``cards`` were removed for the viewer."""
    event_card: EventCard | None = None
    """Extra Pepper: the event card this event is about (always public)."""

    def __repr__(self) -> str:
        text = ", ".join(f"{name}={getattr(self, name)!r}" for name in _REPR_FIELDS)
        if self.event_card is not None:
            text += f", event_card={self.event_card!r}"
        return f"Event({text})"


_REPR_FIELDS = (
    "kind", "seat", "card", "cards", "pile", "target", "n", "call", "scores", "winners", "won",
    "private_to", "redacted",
)
_build_event = positional_builder(Event)


def new_event(
    kind: EventKind,
    seat: int | None = None,
    card: int | None = None,
    cards: tuple[int, ...] = (),
    pile: int | None = None,
    target: int | None = None,
    n: int = 0,
    call: CallKind | None = None,
    scores: tuple[int, ...] = (),
    winners: tuple[int, ...] = (),
    won: bool | None = None,
    private_to: tuple[int, ...] | None = None,
    event_card: EventCard | None = None,
) -> Event:
    """``Event(...)`` for the engine's hot path: the same value, built faster (see _fast)."""
    return _build_event(
        kind, seat, card, cards, pile, target, n, call, scores, winners, won, private_to, False,
        event_card,
    )


def visible_to(event: Event, seat: int | None) -> bool:
    """Whether ``seat`` may see the cards this event names."""
    return event.private_to is None or (seat is not None and seat in event.private_to)


def hidden_copy(event: Event) -> Event:
    """``event`` without its cards, marked redacted (a new object each call; a
    :class:`~.memo.ViewCache` keeps one per event)."""
    # Built directly rather than with dataclasses.replace(): views redact whole logs, often.
    return _build_event(
        event.kind, event.seat, None, (), event.pile, event.target, event.n, event.call,
        event.scores, event.winners, event.won, event.private_to, True, event.event_card,
    )


def redact(event: Event, seat: int | None) -> Event:
    """The event as ``seat`` may see it (``None``: a spectator)."""
    private_to = event.private_to
    if private_to is None or (seat is not None and seat in private_to):
        return event
    return hidden_copy(event)


def events_for(
    events: Iterable[Event], seat: int | None, cache: ViewCache | None = None
) -> tuple[Event, ...]:
    """Redact ``events`` for ``seat``: the one choke point for private event data.

    ``cache`` (the game's, see engine/memo.py) only lets equal redactions share objects.
    """
    # The visibility test and the cache lookup inlined: a view redacts the whole round's log.
    out = []
    memo = cache.hidden if cache is not None else {}
    for e in events:
        private_to = e.private_to
        if private_to is None or (seat is not None and seat in private_to):
            out.append(e)
            continue
        hit = memo.get(id(e))
        if hit is not None and hit[0] is e:
            out.append(hit[1])
        else:
            out.append(cache.hide(e) if cache is not None else hidden_copy(e))
    return tuple(out)
