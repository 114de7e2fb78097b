"""ViewCache: the one cache object of the engine, owned by whoever builds a game's views.

``view`` and ``events_for`` are pure functions of their arguments. Building every seat's view
after every action repeats most of the work, though: the round's log only grows (its redaction
for a seat need only be extended), a seat's breakdown changes only when its cards do, and the
public seat facts are the same in each seat's view of one state. A :class:`ViewCache` keeps
that work between calls. Pass the same one for one game (the server keeps one per table,
server/tables.py; the arena one per game); without one, each call computes from scratch.

Every hit is checked against the values it was computed from (by value, or by the identity of
an immutable value the entry itself holds, so an ``id`` is never reused while its entry lives).
A view or redaction built with any cache therefore equals the one built without: a cache
changes speed, never a result, and cannot hand one seat's data to another (the seat is part of
each per-seat entry). tests/engine/test_view_memos.py checks that with interleaved games.

Size: the per-seat entries hold one item per seat (the latest); the redacted copies are those
of the current round (emptied when a view of a new round is built, the round's log starting
with another event), at most :attr:`HIDDEN_LIMIT`. So a server's caches grow with its tables,
not with their games' length. Not thread-safe: one owner, one thread.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from .events import Event, events_for, hidden_copy

if TYPE_CHECKING:
    from .event_cards import EventCard
    from .scoring import Breakdown
    from .state import GameState
    from .views import SeatView

Log = tuple[Event, ...]


class ViewCache:
    """Memos for the views and redacted events of one game (see the module docstring)."""

    HIDDEN_LIMIT = 4096
    """Redacted copies kept at most (a round has a few hundred events); emptied when full."""

    __slots__ = ("hidden", "_logs", "_breakdowns", "_seats", "_round")

    def __init__(self) -> None:
        self.hidden: dict[int, tuple[Event, Event]] = {}
        """id(event) -> (event, its redacted copy). One copy per event, reused: it depends
        only on the event, and every later view then carries the same object, which the
        protocol's frame cache packs once. The entry holds the event, so its id stays its own."""
        self._logs: dict[int | None, tuple[Log, Log]] = {}
        """seat -> (the last round log redacted for it, that redaction)."""
        self._breakdowns: dict[int, tuple[tuple[int, ...], tuple[tuple[int, ...], ...],
                                          tuple[EventCard, ...], Breakdown]] = {}
        """seat -> (its last hand, its last table groups, its effects, their breakdown)."""
        self._seats: tuple[GameState, tuple[SeatView, ...]] | None = None
        """The last state's public seat facts (the entry holds the state: checked with is)."""
        self._round: Event | None = None
        """The first event of the round whose views were built last."""

    def hide(self, event: Event) -> Event:
        """``event`` without its cards: the one copy this cache keeps for it."""
        hit = self.hidden.get(id(event))
        if hit is not None and hit[0] is event:
            return hit[1]
        copy = hidden_copy(event)
        if len(self.hidden) >= self.HIDDEN_LIMIT:
            self.hidden.clear()
        self.hidden[id(event)] = (event, copy)
        return copy

    def log_for(self, log: Log, seat: int | None) -> Log:
        """``events_for(log, seat)``, extending the redaction of the seat's last log when
        ``log`` starts with it (equal events redact equally, so a prefix equal by value may
        reuse its redaction)."""
        hit = self._logs.get(seat)
        if hit is not None:
            known, redacted = hit
            if log is known:
                return redacted
            k = len(known)
            if k and len(log) > k and log[:k] == known:
                redacted = redacted + events_for(log[k:], seat, self)
                self._logs[seat] = (log, redacted)
                return redacted
        redacted = events_for(log, seat, self)
        self._logs[seat] = (log, redacted)
        return redacted

    def breakdown(
        self,
        seat: int,
        hand: tuple[int, ...],
        table: tuple[tuple[int, ...], ...],
        compute: Callable[
            [tuple[int, ...], tuple[tuple[int, ...], ...], tuple[EventCard, ...]], Breakdown
        ],
        effects: tuple[EventCard, ...] = (),
    ) -> Breakdown:
        """``compute(hand, table, effects)``, kept per seat: a seat's cards (and Extra Pepper
        effects) change only when it acts or a round ends."""
        hit = self._breakdowns.get(seat)
        if hit is not None and hit[0] == hand and hit[1] == table and hit[2] == effects:
            return hit[3]
        found = compute(hand, table, effects)
        self._breakdowns[seat] = (hand, table, effects, found)
        return found

    def seat_views(
        self, state: GameState, compute: Callable[[GameState], tuple[SeatView, ...]]
    ) -> tuple[SeatView, ...]:
        """``compute(state)``, kept for the last state: every seat's view of it shares them."""
        memo = self._seats
        if memo is not None and memo[0] is state:
            return memo[1]
        first = state.log[0] if state.log else None
        if first is not self._round:  # a new round (or game): the old round's copies go
            self._round = first
            self.hidden.clear()
        seats = compute(state)
        self._seats = (state, seats)
        return seats
