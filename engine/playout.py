"""A game played in place, for search: the engine's own rule code on one working state.

:func:`~.game.apply` copies the state into a :class:`~.work.Work`, checks the action, runs its
step and freezes a new :class:`GameState`: the reference, and what the server and views use. A
bot's playouts need none of that per action: a :class:`Playout` is one ``Work`` kept for a whole
simulated game. Its :meth:`~Playout.apply` runs the very same steps and forced choices
(``game.STEP``, ``game.resolve_forced``) on it, and its :meth:`~Playout.legal_actions` the very same
``legal.legal_in``; what it leaves out is the per-action copy and freeze, the legality check of
an action it listed itself, and (unless asked for) the round's log. :meth:`~Playout.state`
freezes it back into a GameState whenever one is wanted; tests/engine/test_fast_playouts.py
plays thousands of seeded games both ways and requires the same states at every step.

What it keeps beside the zones, so that the shared code does less (each checked by
tests/engine/test_playout_counts.py): one generator, reseeded at each chance event; and on
CPython (:class:`CountingPlayout`) per-seat counts of the cards each seat holds, which the play
step's legal actions and a round's scoring read instead of counting hands again, and a scored
round's result built only when read.

Reading it: the zones have GameState's names (``hands``, ``piles``, ``deck``, ``scores``...), but
the zones an action changed are lists, not tuples. Hands are kept sorted, as in a GameState.
Treat them as read-only: a caller that edits them breaks the game, as it would by editing a
GameState's lists if it had any.
"""

from __future__ import annotations

import _random
import random
import sys
from bisect import insort
from collections.abc import Iterable
from typing import Any

from .actions import Action, CallKind
from .event_cards import EventCard, effects_of
from .events import Event, EventKind
from .game import STEP, resolve_forced
from .legal import DRAWS, SEAT_FX, SeatFx, legal_in, pepper_play_options, play_options
from .pair_matching import CARD_COLOR, CARD_KIND, N_COLORS, N_KINDS, pairs_in_hand
from .round_end import plain_result
from .scoring import Breakdown, effect_points, plain_points
from .state import EventZones, GameState, Phase, RoundEnd, RoundResult
from .work import RNG_STRIDE, Work

# Enum members as module globals, as in game.py: a global is cheaper than ``Phase.PLAY`` (an
# attribute lookup on the enum class), and these are read at every action.
_DRAW, _PLAY, _GAME_OVER = Phase.DRAW, Phase.PLAY, Phase.GAME_OVER

_LAST_RESULT: Any = Work.__dict__["last_result"]
"""Work's own slot for ``last_result``, under the playout's property of that name."""

_seed = _random.Random.seed  # what random.Random(x) runs for an int x, in C
"""Reseeds a generator in place: the state ``random.Random(x)`` starts in (measured: 3.6 us
against 4.3 for a new object; the MT19937 seeding itself is most of it)."""


class Playout(Work):
    """One simulated game on a single mutable working state (see the module docstring).

    Args:
        state: where the playout starts (it is not changed: zones are copied on write).
        events: keep the events (:meth:`apply` returns each action's, and the round's log is
            kept for :meth:`state`). Off, the events are dropped and the frozen state's ``log``
            is empty.

    On CPython ``Playout(state)`` makes a :class:`CountingPlayout`, which also keeps counts of
    the cards each seat holds; under PyPy the JIT counts a hand faster than the counts are
    kept (docs/results.md "engine_playouts.py"), so it makes a plain one. Both play
    the same game, step for step (tests/engine/test_playout_counts.py runs both in lockstep
    with the immutable path).
    """

    __slots__ = (
        "keep_events", "is_over", "_rng", "stop_at_round_end", "round_done", "_fx_zones",
        "_fx",
    )

    is_over: bool
    """Whether the game is over (as ``state().is_over``; a plain attribute, read per action)."""
    round_done: bool
    """With ``stop_at_round_end``: a round ended and the game went on, so the playout stopped
    before the next deal (``scores`` hold the round's; the zones are the ended round's; the
    phase is GAME_OVER, so nothing acts, but ``is_over`` stays False)."""

    def __new__(
        cls, state: GameState, *, events: bool = False, stop_at_round_end: bool = False
    ) -> Playout:
        if cls is Playout and _COUNTING:
            cls = CountingPlayout
        return object.__new__(cls)

    def __init__(
        self, state: GameState, *, events: bool = False, stop_at_round_end: bool = False
    ) -> None:
        super().__init__(state)
        self.keep_events = events
        if not events:
            self.log = ()
        self.is_over = self.phase is _GAME_OVER
        self._rng: random.Random | None = None
        self.stop_at_round_end = stop_at_round_end
        self.round_done = False
        self._fx_zones: EventZones | None = None
        self._fx: list[SeatFx] = []

    def seat_fx(self, seat: int) -> SeatFx:
        """What ``seat``'s Extra Pepper effects change (engine/legal.py ``SeatFx``), worked out
        again only when the event zones have changed (a few times a round): the steps ask for
        a seat's effects at most draws, pairs and play steps."""
        if self._fx_zones is not self.pepper:
            zones = self._fx_zones = self.pepper
            on = self.rules.extra_pepper
            self._fx = [
                SEAT_FX[effects_of(on, zones.table_event, zones.held, seat)]
                for seat in range(self.n)
            ]
        return self._fx[seat]

    def effects(self, seat: int) -> tuple[EventCard, ...]:
        return self.seat_fx(seat).effects

    def game_ended(self) -> None:
        self.is_over = True

    def hold_deal(self) -> bool:
        # A search that reads only the round's scores need not pay for the next deal (a
        # shuffle of the whole deck) nor freeze a state: once round_done, stop playing.
        if self.stop_at_round_end:
            self.round_done = True
            # Nothing is left to act on (to_act None): the step that ended the round may still
            # resolve forced choices (game.resolve_forced), which would otherwise play on.
            self.phase = _GAME_OVER
            return True
        return False

    def next_rng(self) -> random.Random:
        """One generator for the whole playout, reseeded at each chance event into the state a
        new ``random.Random`` of that event would start in (every caller uses it at once)."""
        r = self._rng
        if r is None:
            r = self._rng = random.Random.__new__(random.Random)
            r.gauss_next = None  # type: ignore[attr-defined]  # as Random.__init__ sets it
        _seed(r, self.seed * RNG_STRIDE + self.rng_counter)
        self.rng_counter += 1
        return r

    def emit(
        self, kind: EventKind, seat: int | None = None, card: int | None = None,
        cards: tuple[int, ...] = (), pile: int | None = None, target: int | None = None,
        n: int = 0, call: CallKind | None = None, scores: tuple[int, ...] = (),
        winners: tuple[int, ...] = (), won: bool | None = None,
        private_to: tuple[int, ...] | None = None, event_card: EventCard | None = None,
    ) -> None:
        """Work.emit with events kept; nothing at all without (no Event is built)."""
        if self.keep_events:
            Work.emit(
                self, kind, seat, card, cards, pile, target, n, call, scores, winners, won,
                private_to, event_card,
            )

    @property
    def to_act(self) -> int | None:
        return None if self.phase is _GAME_OVER else self.active

    @property
    def players(self) -> int:
        return self.n

    def legal_actions(self) -> tuple[Action, ...]:
        """The legal actions of the seat to act, as ``legal_actions(self.state())`` lists them
        (``legal.legal_in``; computed on each call: ask once)."""
        if self.phase is _PLAY and self.rules.extra_pepper:  # with the seat's effects known
            return pepper_play_options(self, fx=self.seat_fx(self.active))
        return legal_in(self)

    def apply(self, action: Action) -> tuple[Event, ...]:
        """Play ``action``, which must be one of :meth:`legal_actions` (it is not checked: an
        action the playout did not list can leave the game in any state). Returns the events
        it caused (empty with events off)."""
        if self.keep_events:
            self.events = []
            self.move += 1
            STEP[type(action)](self, action)
            if self.phase is not _PLAY:  # as apply(): the play step needs no resolve_forced
                resolve_forced(self)
            return tuple(self.events)
        # The steps keep every hand sorted (Work.add), as a GameState's are: the legal
        # actions and a playout policy read them in that order.
        self.move += 1
        STEP[type(action)](self, action)
        if self.phase is not _PLAY:
            resolve_forced(self)
        return ()

    def state(self) -> GameState:
        """The game as a frozen GameState (the playout goes on unchanged)."""
        return self.freeze()


class CountingPlayout(Playout):
    """A :class:`Playout` that also keeps, per seat, counts of the cards each holds (changed as
    cards move, by :meth:`add`, :meth:`take`, :meth:`lay`, :meth:`set_table` and
    :meth:`new_round_zones`): the play step's legal actions and a round's card points read
    them instead of counting hands again (engine/legal.py ``play_options``,
    engine/scoring.py ``plain_points``), and a scored round's result is built only when read.
    tests/engine/test_playout_counts.py holds the counts equal to a count of the zones at
    every step. What ``Playout(state)`` makes on CPython."""

    __slots__ = ("hand_kinds", "kinds", "colors", "table_points", "_result_args")

    hand_kinds: list[list[int]]
    """Per seat, its hand's cards by dense kind index (engine/pair_matching.py ``CARD_KIND``)."""
    kinds: list[list[int]]
    """Per seat, its hand's and table's cards by kind (what card points count, RULES §5)."""
    colors: list[list[int]]
    """Per seat, its hand's and table's cards by dense colour index (``CARD_COLOR``)."""
    table_points: list[int]
    """Per seat, the points of its laid groups: 1 a pair, 3 a trio (RULES §5.2, §11.4)."""
    _result_args: tuple[Any, ...] | None
    """The last scored round's result, still to be built: ``round_end.plain_result``'s
    arguments (see :meth:`result_later`)."""

    def __init__(
        self, state: GameState, *, events: bool = False, stop_at_round_end: bool = False
    ) -> None:
        super().__init__(state, events=events, stop_at_round_end=stop_at_round_end)
        self.hand_kinds, self.kinds, self.colors, self.table_points = [], [], [], []
        for seat in range(self.n):
            self._count(seat)

    def _count(self, seat: int) -> None:
        """Count ``seat``'s cards from its zones (at the start, and after a pair is stolen)."""
        kind_of, color_of = CARD_KIND, CARD_COLOR
        h = [0] * N_KINDS
        colors = [0] * N_COLORS
        for c in self.hands[seat]:
            h[kind_of[c]] += 1
            colors[color_of[c]] += 1
        kinds = h[:]
        points = 0
        for group in self.tables[seat]:
            points += 3 if len(group) == 3 else 1
            for c in group:
                kinds[kind_of[c]] += 1
                colors[color_of[c]] += 1
        if seat == len(self.table_points):  # the start: one seat after the other
            self.hand_kinds.append(h)
            self.kinds.append(kinds)
            self.colors.append(colors)
            self.table_points.append(points)
        else:
            self.hand_kinds[seat], self.kinds[seat] = h, kinds
            self.colors[seat], self.table_points[seat] = colors, points

    # Work's copy on write and insort are written out again here rather than called: these
    # run for nearly every card a seat takes, and the extra call would cost about as much as
    # the counting.

    def add(self, seat: int, card: int) -> None:
        h = self.hands[seat]
        if type(h) is tuple:
            h = self.hands[seat] = sorted(h)
        insort(h, card)  # type: ignore[arg-type]
        k = CARD_KIND[card]
        self.hand_kinds[seat][k] += 1
        self.kinds[seat][k] += 1
        self.colors[seat][CARD_COLOR[card]] += 1

    def take(self, seat: int, card: int) -> None:
        h = self.hands[seat]
        if type(h) is tuple:
            h = self.hands[seat] = sorted(h)
        h.remove(card)  # type: ignore[union-attr]
        k = CARD_KIND[card]
        self.hand_kinds[seat][k] -= 1
        self.kinds[seat][k] -= 1
        self.colors[seat][CARD_COLOR[card]] -= 1

    def lay(self, seat: int, cards: tuple[int, ...]) -> None:
        Work.lay(self, seat, cards)
        # From hand to table: the hand's kinds change, hand + table's do not.
        h = self.hand_kinds[seat]
        for c in cards:
            h[CARD_KIND[c]] -= 1
        self.table_points[seat] += 3 if len(cards) == 3 else 1

    def set_table(self, seat: int, groups: tuple[tuple[int, ...], ...]) -> None:
        Work.set_table(self, seat, groups)  # a stolen pair (RULES §12.3): count it again
        self._count(seat)

    def new_round_zones(
        self, deck: list[int], piles: list[tuple[int, ...] | list[int]]
    ) -> None:
        Work.new_round_zones(self, deck, piles)
        n = self.n
        self.hand_kinds = [[0] * N_KINDS for _ in range(n)]
        self.kinds = [[0] * N_KINDS for _ in range(n)]
        self.colors = [[0] * N_COLORS for _ in range(n)]
        self.table_points = [0] * n

    def card_gains(self, seat: int, cards: Iterable[int]) -> tuple[int, list[int]]:
        """``seat``'s card points with no event effect (RULES §5: ``card_points(hand,
        table)``), and how much each of ``cards`` would add to them in its hand: what a
        playout policy weighs (bots/rollout.py), from the counts, without a hand built."""
        h, kinds, colors = self.hand_kinds[seat], self.kinds[seat], self.colors[seat]
        hand, played, laid = self.hands[seat], self.tables[seat], self.table_points[seat]
        base = plain_points(h, pairs_in_hand(h), hand, played, kinds, laid, colors)
        out = []
        kind_of, color_of = CARD_KIND, CARD_COLOR
        for card in cards:  # counted in, scored, counted out again
            k, c = kind_of[card], color_of[card]
            h[k] += 1
            kinds[k] += 1
            colors[c] += 1
            out.append(
                plain_points(h, pairs_in_hand(h), hand, played, kinds, laid, colors) - base
            )
            h[k] -= 1
            kinds[k] -= 1
            colors[c] -= 1
        return base, out

    # ---- a scored round: card points from the counts, the result built when asked for

    def round_points(self) -> tuple[list[int], list[int], list[Breakdown] | None]:
        points, bonuses = [], []
        pepper = self.rules.extra_pepper
        for s in range(self.n):
            h, colors = self.hand_kinds[s], self.colors[s]
            if pepper:  # each seat under its own effects (RULES §12.0 "Defaults")
                points.append(effect_points(
                    h, self.hands[s], self.tables[s], self.seat_fx(s).scoring, self.kinds[s],
                    self.table_points[s], colors,
                ))
            else:
                points.append(plain_points(
                    h, pairs_in_hand(h), self.hands[s], self.tables[s], self.kinds[s],
                    self.table_points[s], colors,
                ))
            bonuses.append(max(colors))  # the colour bonus (RULES §5.5)
        return points, bonuses, None

    def result_later(
        self, end: RoundEnd, caller: int, bet_won: bool | None, gained: tuple[int, ...]
    ) -> None:
        # Most playouts never read a round's result: they keep what round_end.plain_result
        # needs (the zones as they are now: the next deal replaces them), and under Extra
        # Pepper each seat's effects and shield (the next hand-off changes both).
        self._result_args = (
            self.round, end, caller, bet_won, gained,
            tuple([tuple(h) for h in self.hands]), self.tables, self.scores,
            self.pepper if self.rules.extra_pepper else None,  # frozen: as it is now
        )

    @property
    def last_result(self) -> RoundResult | None:
        args = self._result_args
        if args is not None:
            self._result_args = None
            *plain, zones = args
            if zones is None:
                result = plain_result(*plain)
            else:  # each seat's effects and shield as they were when the round was scored
                n = self.n
                face_down = zones.face_down
                result = plain_result(  # type: ignore[misc]
                    *plain,
                    effects=[effects_of(True, zones.table_event, zones.held, s)
                             for s in range(n)],
                    shielded=[bool(face_down) and face_down[s] is not None for s in range(n)],
                )
            _LAST_RESULT.__set__(self, result)
        return _LAST_RESULT.__get__(self, Playout)  # type: ignore[no-any-return]

    @last_result.setter
    def last_result(self, value: RoundResult | None) -> None:
        self._result_args = None
        _LAST_RESULT.__set__(self, value)

    def legal_actions(self) -> tuple[Action, ...]:
        """The legal actions of the seat to act, as ``legal_actions(self.state())`` lists them
        (``legal.legal_in``; the play step's from the counts kept here)."""
        phase = self.phase
        if phase is _PLAY:
            a = self.active
            if self.rules.extra_pepper:
                return pepper_play_options(
                    self, self.hand_kinds[a], self.kinds[a], self.table_points[a],
                    self.colors[a],
                    self._fx[a] if self._fx_zones is self.pepper else self.seat_fx(a),
                )
            return play_options(
                self, self.hand_kinds[a], self.kinds[a], self.table_points[a], self.colors[a]
            )
        if phase is _DRAW:  # legal_in's draw step, without the call (a third of decisions)
            p0, p1 = self.piles
            return DRAWS[(4 if self.deck else 0) + (2 if p0 else 0) + (1 if p1 else 0)]
        return legal_in(self)


_COUNTING = sys.implementation.name == "cpython"
"""Whether ``Playout(state)`` makes a :class:`CountingPlayout` (tests turn it off to play the
plain one on CPython too)."""
