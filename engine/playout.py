"""A game played in place, for search: the engine's own rule code on one working state.

:func:`~.game.apply` copies the state into a :class:`~.work.Work`, checks the action, runs its
step and freezes a new :class:`GameState`: the reference, and what the server and views use. A
bot's playouts need none of that per action: a :class:`Playout` is one ``Work`` kept for a whole
simulated game. Its :meth:`~Playout.apply` runs the very same steps and forced choices
(``game._STEP``, ``game._auto``) on it, and its :meth:`~Playout.legal_actions` the very same
``legal.legal_in``; what it leaves out is the per-action copy and freeze, the legality check of
an action it listed itself, and (unless asked for) the round's log. :meth:`~Playout.state`
freezes it back into a GameState whenever one is wanted; tests/engine/test_fast_playouts.py
plays thousands of seeded games both ways and requires the same states at every step.

Reading it: the zones have GameState's names (``hands``, ``piles``, ``deck``, ``scores``...), but
the zones an action changed are lists, not tuples. Hands are kept sorted, as in a GameState.
Treat them as read-only: a caller that edits them breaks the game, as it would by editing a
GameState's lists if it had any.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import ClassVar

from .actions import Action, CallKind
from .event_cards import EventCard
from .events import Event, EventKind
from .game import _GAME_OVER, _PLAY, _STEP, _auto
from .legal import legal_in
from .state import GameState
from .work import Work


class Playout(Work):
    """One simulated game on a single mutable working state (see the module docstring).

    Args:
        state: where the playout starts (it is not changed: zones are copied on write).
        events: keep the events (:meth:`apply` returns each action's, and the round's log is
            kept for :meth:`state`). Off, the events are dropped and the frozen state's ``log``
            is empty.
    """

    __slots__ = ("keep_events",)  # Work.keep_events, per playout

    def __init__(self, state: GameState, *, events: bool = False) -> None:
        super().__init__(state)
        self.keep_events = events
        if not events:
            self.log = ()

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
    def is_over(self) -> bool:
        return self.phase is _GAME_OVER

    @property
    def to_act(self) -> int | None:
        return None if self.phase is _GAME_OVER else self.active

    @property
    def players(self) -> int:
        return self.n

    legal_actions: ClassVar[Callable[[Playout], tuple[Action, ...]]] = legal_in
    """The legal actions of the seat to act, as ``legal_actions(self.state())`` lists them
    (``legal_in`` itself, one call less per decision; computed on each call: ask once)."""

    def apply(self, action: Action) -> tuple[Event, ...]:
        """Play ``action``, which must be one of :meth:`legal_actions` (it is not checked: an
        action the playout did not list can leave the game in any state). Returns the events
        it caused (empty with events off)."""
        if self.keep_events:
            self.events = []
        self.move += 1
        _STEP[type(action)](self, action)
        if self.phase is not _PLAY:  # as apply(): the play step needs no _auto
            _auto(self)
        # The steps keep every hand sorted (Work.hand, Work.add), as a GameState's are: the
        # legal actions and a playout policy read them in that order.
        return tuple(self.events) if self.keep_events else ()

    def state(self) -> GameState:
        """The game as a frozen GameState (the playout goes on unchanged)."""
        return self.freeze()
