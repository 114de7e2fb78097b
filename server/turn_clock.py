"""The turn timer of one table, and the idle limit of a table without one, as state with no
I/O (server/clocks.py drives them).

A turn's time runs while a human plays that seat: from the moment the seat is to act until
``to_act`` moves to another seat (or a round, or the game, ends). Every decision of the turn,
its pending sub-choices included (keep a card, a crab pile, a seat to rob...), comes out of the
same budget, so nobody can hold a table by leaving a sub-choice open. When it runs out the
takeover bot plays the rest of *that* turn; the seat stays the player's.

The key of a turn is ``(game_no, round, start, seat)`` (``start``: where the turn began in the
round's log, so a boat pair's extra turn is a turn of its own): a new key is a new turn and gets
the full time. A table rebuilt from the journal starts with no key, so after a server restart the
player to act gets a fresh full turn (docs/server.md "Turn timer").
"""

from __future__ import annotations

from dataclasses import dataclass

TurnKey = tuple[int, int, int, int]
"""(game number, round, index of the turn's ``turn_started`` in the round log, seat to act)."""


@dataclass(slots=True)
class TurnClock:
    deadline: float | None = None
    """Clock time at which the turn of ``key`` runs out; None: no timer runs."""
    key: TurnKey | None = None
    timed_out: TurnKey | None = None
    """The turn whose time ran out: the takeover bot plays it to its end."""
    shown: bool = False
    """The last ``clocks`` message sent to the table had a clock in it (an empty one tells
    the clients that it stopped)."""

    def sync(self, key: TurnKey | None, seconds: int, now: float) -> bool:
        """The turn now timed is ``key`` (None: no human is to act, or play is paused).

        A new turn gets ``seconds`` from ``now``; the same turn keeps its deadline. True when
        the deadline changed (clients are told).
        """
        if self.timed_out is not None and self.timed_out != key:
            self.timed_out = None  # that turn is over: the seat is the player's again
        if key is None or seconds <= 0 or key == self.timed_out:
            changed = self.deadline is not None
            self.deadline = self.key = None
            return changed
        if key == self.key and self.deadline is not None:
            return False
        self.key, self.deadline = key, now + seconds
        return True

    def due(self, now: float) -> bool:
        """The running turn has run out of time."""
        return self.deadline is not None and now >= self.deadline

    def run_out(self) -> TurnKey | None:
        """Time is up: the bot plays this turn. Returns the turn's key."""
        self.timed_out, key = self.key, self.key
        self.deadline = self.key = None
        return key

    def seat_timed_out(self, seat: int) -> bool:
        return self.timed_out is not None and self.timed_out[-1] == seat


IdleKey = tuple[int, int, int]
"""(game number, the game's move count, seat to act): any accepted action is a new wait."""


@dataclass(slots=True)
class IdleClock:
    """How long the player to act has kept a table without a turn timer waiting.

    Nobody at such a table is timed, but a player who never acts would hold it for good. The
    wait of ``key`` started at ``deadline - idle_after``: from ``shown_from`` the table sees the
    countdown a lost player gets (the ``clocks`` message's ``takeovers``), and at ``deadline`` the
    takeover bot plays the seat until its player is back (server/presence.py). Any accepted
    action is a new key, so a player who keeps moving is never taken.
    """

    key: IdleKey | None = None
    deadline: float | None = None
    shown_from: float = 0.0
    shown: bool = False
    """The table was told this wait's countdown (a ``clocks`` message must say it stopped)."""

    def sync(self, key: IdleKey | None, seconds: float, shown_for: float, now: float) -> bool:
        """The wait now running is ``key`` (None: nobody is waited for). A new key starts
        from ``now``. True when a countdown the table was shown stopped."""
        if key == self.key:
            return False
        stopped = self.shown
        self.key, self.shown = key, False
        if key is None:
            self.deadline = None
        else:
            self.deadline = now + seconds
            self.shown_from = self.deadline - min(shown_for, seconds)
        return stopped

    def show(self, now: float) -> bool:
        """True once, when the countdown is to be shown to the table from now on."""
        if self.deadline is None or self.shown or now < self.shown_from:
            return False
        self.shown = True
        return True

    def due(self, now: float) -> bool:
        """The player has kept the table waiting for the whole idle limit."""
        return self.deadline is not None and now >= self.deadline
