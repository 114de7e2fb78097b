"""The mutable working copy of a game state that one ``apply()`` call edits, then freezes.

Internal to the engine: the steps (engine/draw.py, effects.py, round_end.py) take a
:class:`Work` and change it; engine/game.py makes one per call and freezes it once.
"""

from __future__ import annotations

import random
from bisect import insort
from dataclasses import fields

from ._fast import positional_builder
from .actions import CallKind
from .event_cards import EventCard, effects_of
from .events import Event, EventKind, new_event
from .scoring import Breakdown, breakdown_ids
from .state import EventZones, GameState, RoundEnd

RNG_STRIDE = 1_000_003
"""The chance event ``counter`` of game ``seed`` draws from ``random.Random(seed * RNG_STRIDE +
counter)``."""


def rng(seed: int, counter: int) -> random.Random:
    """One Random per chance event, derived from (seed, counter): cheap, and replays exactly."""
    return random.Random(seed * RNG_STRIDE + counter)


def shuffle(rng: random.Random, cards: list[int]) -> None:
    """``rng.shuffle(cards)``: the same permutation from the same generator, faster.

    Lib/random.py's ``shuffle`` and ``_randbelow_with_getrandbits`` (CPython 3.11 and PyPy
    3.11 share them) written out in one loop, without a Python call per card: a round's deal
    shuffles the whole deck, and playouts deal many rounds. Each position's bound and bit
    count come from a table made once (6.4 -> 4.6 us for the 58-card deck, measured). Writing
    it here also pins the algorithm a game's seed replays through (journalled games are
    resumed from their seeds). tests/engine/test_fast_playouts.py holds it equal to
    ``random.Random.shuffle``, the generator's state after it included.
    """
    getrandbits = rng.getrandbits
    size = len(cards)
    if size > _STEPS_SIZE:
        for i in range(size - 1, _STEPS_SIZE - 1, -1):
            n = i + 1
            k = n.bit_length()  # as _randbelow: of n, not n - 1
            j = getrandbits(k)
            while j >= n:
                j = getrandbits(k)
            cards[i], cards[j] = cards[j], cards[i]
        size = _STEPS_SIZE
    for i, n, k in _STEPS[_STEPS_SIZE - size :]:
        j = getrandbits(k)
        while j >= n:
            j = getrandbits(k)
        cards[i], cards[j] = cards[j], cards[i]


_STEPS_SIZE = 128
_STEPS = tuple((i, i + 1, (i + 1).bit_length()) for i in range(_STEPS_SIZE - 1, 0, -1))
"""The shuffle's positions from the top of a list of ``_STEPS_SIZE`` cards down: (position,
its bound ``n`` = position + 1, the bit count of ``n``); a shorter list takes the tail."""


_new_state = positional_builder(GameState)
_new_zones = positional_builder(EventZones)
assert [f.name for f in fields(EventZones)] == [
    "event_deck", "table_event", "held", "event_discard", "keep_choice", "next_starter",
    "face_down", "swap_target",
], "the setters below pass the zones in this order"
"""The event zones with one field changed: ``dataclasses.replace`` written out (a playout
changes them several times a round)."""


class Work:
    """A mutable copy of a GameState; apply() edits it and freezes it once.

    Zones are copied on write: a hand, the deck or a pile stays the state's tuple until a step
    asks for it through :meth:`hand`, :meth:`deck_list` or :meth:`pile`, so freezing re-sorts
    and re-tuples only what changed.
    """

    __slots__ = (
        "rules", "n", "seed", "rng_counter", "round", "move", "scores", "last_round_scores",
        "deck", "piles", "hands", "tables", "active", "phase", "pending", "crab_pile", "call",
        "caller", "revealed", "jellyfish_caster", "winners", "log", "log_tail", "last_result",
        "pepper", "events",
    )

    def __init__(self, s: GameState) -> None:
        self.rules = s.rules
        self.n = s.rules.players
        self.seed = s.seed
        self.rng_counter = s.rng_counter
        self.round = s.round
        self.move = s.move
        self.scores = s.scores
        self.last_round_scores = s.last_round_scores
        self.deck: tuple[int, ...] | list[int] = s.deck
        self.piles: list[tuple[int, ...] | list[int]] = [s.piles[0], s.piles[1]]
        self.hands: list[tuple[int, ...] | list[int]] = list(s.hands)
        self.tables = s.tables
        self.active = s.active
        self.phase = s.phase
        self.pending = s.pending
        self.crab_pile = s.crab_pile
        self.call = s.call
        self.caller = s.caller
        self.revealed = s.revealed
        self.jellyfish_caster = s.jellyfish_caster
        self.winners = s.winners
        self.log = s.log
        """The round's log up to this apply(); ``log_tail`` holds what this apply() added."""
        self.log_tail: list[Event] = []
        self.last_result = s.last_result
        self.pepper = s.pepper
        self.events: list[Event] = []

    pepper: EventZones

    keep_events = True
    """Whether the round's events are recorded: always in apply(); a playout may go without
    (engine/playout.py). The steps test it before the events of the common actions (the draw,
    the keep, END TURN, the pairs and their effects, the calls, the deal), so that a playout
    without events does not even gather their fields."""

    # Extra Pepper's zones by name (RULES §12.14), kept in ``pepper``: read as attributes,
    # written by replacing the frozen zones (a few times a round), so a game without the
    # option copies one value per action.

    @property
    def event_deck(self) -> tuple[EventCard, ...]:
        return self.pepper.event_deck

    @event_deck.setter
    def event_deck(self, value: tuple[EventCard, ...]) -> None:
        p = self.pepper
        self.pepper = _new_zones(
            value, p.table_event, p.held, p.event_discard, p.keep_choice, p.next_starter,
            p.face_down, p.swap_target,
        )

    @property
    def table_event(self) -> EventCard | None:
        return self.pepper.table_event

    @table_event.setter
    def table_event(self, value: EventCard | None) -> None:
        p = self.pepper
        self.pepper = _new_zones(
            p.event_deck, value, p.held, p.event_discard, p.keep_choice, p.next_starter,
            p.face_down, p.swap_target,
        )

    @property
    def held(self) -> tuple[EventCard | None, ...]:
        return self.pepper.held

    @held.setter
    def held(self, value: tuple[EventCard | None, ...]) -> None:
        p = self.pepper
        self.pepper = _new_zones(
            p.event_deck, p.table_event, value, p.event_discard, p.keep_choice, p.next_starter,
            p.face_down, p.swap_target,
        )

    @property
    def event_discard(self) -> tuple[EventCard, ...]:
        return self.pepper.event_discard

    @event_discard.setter
    def event_discard(self, value: tuple[EventCard, ...]) -> None:
        p = self.pepper
        self.pepper = _new_zones(
            p.event_deck, p.table_event, p.held, value, p.keep_choice, p.next_starter, p.face_down,
            p.swap_target,
        )

    @property
    def keep_choice(self) -> tuple[EventCard, ...]:
        return self.pepper.keep_choice

    @keep_choice.setter
    def keep_choice(self, value: tuple[EventCard, ...]) -> None:
        p = self.pepper
        self.pepper = _new_zones(
            p.event_deck, p.table_event, p.held, p.event_discard, value, p.next_starter,
            p.face_down, p.swap_target,
        )

    @property
    def next_starter(self) -> int | None:
        return self.pepper.next_starter

    @next_starter.setter
    def next_starter(self, value: int | None) -> None:
        p = self.pepper
        self.pepper = _new_zones(
            p.event_deck, p.table_event, p.held, p.event_discard, p.keep_choice, value, p.face_down,
            p.swap_target,
        )

    @property
    def face_down(self) -> tuple[int | None, ...]:
        return self.pepper.face_down

    @face_down.setter
    def face_down(self, value: tuple[int | None, ...]) -> None:
        p = self.pepper
        self.pepper = _new_zones(
            p.event_deck, p.table_event, p.held, p.event_discard, p.keep_choice, p.next_starter,
            value, p.swap_target,
        )

    @property
    def swap_target(self) -> int | None:
        return self.pepper.swap_target

    @swap_target.setter
    def swap_target(self, value: int | None) -> None:
        p = self.pepper
        self.pepper = _new_zones(
            p.event_deck, p.table_event, p.held, p.event_discard, p.keep_choice, p.next_starter,
            p.face_down, value,
        )

    # A hand changes only through add, take and lay (a playout keeps counts of what the hands
    # hold, engine/playout.py, which these keep right). Hands stay sorted, as in a GameState:
    # a card goes in with ``insort``, so neither freeze() nor a playout sorts them again. A
    # hand is copied to a list the first time it changes (copy on write, as the deck and piles).

    def add(self, seat: int, card: int) -> None:
        """Put ``card`` into ``seat``'s hand, in order."""
        h = self.hands[seat]
        if type(h) is tuple:
            h = self.hands[seat] = sorted(h)
        insort(h, card)  # type: ignore[arg-type]

    def take(self, seat: int, card: int) -> None:
        """Take ``card`` out of ``seat``'s hand."""
        h = self.hands[seat]
        if type(h) is tuple:
            h = self.hands[seat] = sorted(h)
        h.remove(card)  # type: ignore[union-attr]

    def lay(self, seat: int, cards: tuple[int, ...]) -> None:
        """Move a pair or trio from ``seat``'s hand to its table (RULES §3.2, §11.4)."""
        h = self.hands[seat]
        if type(h) is tuple:
            h = self.hands[seat] = sorted(h)
        for c in cards:
            h.remove(c)  # type: ignore[union-attr]
        t = self.tables
        self.tables = (*t[:seat], (*t[seat], cards), *t[seat + 1 :])

    def new_round_zones(
        self, deck: list[int], piles: list[tuple[int, ...] | list[int]]
    ) -> None:
        """Every seat's hand and table emptied, the new deck and piles (RULES §2, §7)."""
        n = self.n
        self.deck = deck
        self.piles = piles
        self.hands = [() for _ in range(n)]
        self.tables = ((),) * n

    def deck_list(self) -> list[int]:
        """The deck, made mutable."""
        d = self.deck
        if type(d) is tuple:
            d = self.deck = list(d)
        return d  # type: ignore[return-value]

    def pile(self, index: int) -> list[int]:
        """Discard pile ``index``, made mutable."""
        p = self.piles[index]
        if type(p) is tuple:
            p = self.piles[index] = list(p)
        return p  # type: ignore[return-value]

    def set_table(self, seat: int, groups: tuple[tuple[int, ...], ...]) -> None:
        t = self.tables
        self.tables = (*t[:seat], groups, *t[seat + 1 :])

    def set_revealed(self, seat: int) -> None:
        r = self.revealed
        self.revealed = (*r[:seat], True, *r[seat + 1 :])

    def freeze(self) -> GameState:
        p0, p1 = self.piles
        tail = self.log_tail
        return _new_state(
            self.rules,
            self.seed,
            self.rng_counter,
            self.round,
            self.move,
            self.scores,
            self.last_round_scores,
            self.deck if type(self.deck) is tuple else tuple(self.deck),
            (p0 if type(p0) is tuple else tuple(p0), p1 if type(p1) is tuple else tuple(p1)),
            tuple([h if type(h) is tuple else tuple(h) for h in self.hands]),
            self.tables,
            self.active,
            self.phase,
            self.pending,
            self.crab_pile,
            self.call,
            self.caller,
            self.revealed,
            self.jellyfish_caster,
            self.winners,
            (self.log + tuple(tail)) if tail else self.log,
            self.last_result,
            self.pepper,
            None,  # the legal-action memo
        )

    def emit(
        self, kind: EventKind, seat: int | None = None, card: int | None = None,
        cards: tuple[int, ...] = (), pile: int | None = None, target: int | None = None,
        n: int = 0, call: CallKind | None = None, scores: tuple[int, ...] = (),
        winners: tuple[int, ...] = (), won: bool | None = None,
        private_to: tuple[int, ...] | None = None, event_card: EventCard | None = None,
    ) -> None:
        """Record an event (the fields of :func:`~.events.new_event`). The steps hand over the
        fields rather than an Event so that a playout without events builds none."""
        event = new_event(
            kind, seat, card, cards, pile, target, n, call, scores, winners, won, private_to,
            event_card,
        )
        self.events.append(event)
        self.log_tail.append(event)

    def round_points(self) -> tuple[list[int], list[int], list[Breakdown] | None]:
        """Each seat's card points and colour bonus under its own effects, and the breakdowns
        they come from (a playout may score from its counts and give none: then the round's
        result is built by :meth:`result_later`)."""
        parts = [breakdown_ids(self.hands[s], self.tables[s], self.effects(s))
                 for s in range(self.n)]
        return [b.total for b in parts], [b.color_bonus for b in parts], parts

    def result_later(
        self, end: RoundEnd, caller: int, bet_won: bool | None, gained: tuple[int, ...]
    ) -> None:
        """The round's result, to be built when asked for (only a playout defers it)."""
        raise AssertionError("round_points() gave the breakdowns: build the result now")

    def game_ended(self) -> None:
        """Called once the game is over (a playout keeps ``is_over`` as a plain attribute)."""

    def hold_deal(self) -> bool:
        """Called when a round has ended and the game goes on: True stops there, before the
        next round is dealt (a playout asked to stop at the round's end; never ``apply()``)."""
        return False

    def next_rng(self) -> random.Random:
        """The generator of the next chance event, to be used at once (a playout reuses one
        object, reseeded at each call)."""
        made = rng(self.seed, self.rng_counter)
        self.rng_counter += 1
        return made

    def nxt(self, seat: int) -> int:
        return (seat + 1) % self.n

    def locked(self, seat: int) -> bool:
        """RULES §11.2; a shielded seat is never locked (§12.12)."""
        face_down = self.pepper.face_down
        return (
            self.jellyfish_caster is not None
            and seat != self.jellyfish_caster
            and not (face_down and face_down[seat] is not None)
        )

    def effects(self, seat: int) -> tuple[EventCard, ...]:
        """``seat``'s event effects (RULES §12.0): empty without Extra Pepper."""
        if not self.rules.extra_pepper:
            return ()
        return effects_of(True, self.pepper.table_event, self.pepper.held, seat)

    def shielded(self, seat: int) -> bool:
        """A face-down shell this round (RULES §12.12)."""
        face_down = self.pepper.face_down
        return bool(face_down) and face_down[seat] is not None

