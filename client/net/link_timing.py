"""The socket driver's timing (client/net/connection.py) as socket-free objects: when a
heartbeat is due, when the server counts as lost, when a reconnect gives up, and what a first
connect without an answer yet means (a slow link or no server).

Every decision reads an injectable clock (monotonic seconds), so its tests move time by hand
and open no socket (tests/client/test_link_timing.py); the driver only records what it sent and
heard, and asks.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Literal

from seasalt.protocol import HEARTBEAT_INTERVAL, HEARTBEAT_TIMEOUT

Clock = Callable[[], float]

CONNECT_PATIENCE = 8.0
"""Seconds a first connect waits for a sign of the server before it says so: no answer at
all by then is "no server at that address"; a port that answered is a slow link, waited for."""
GIVE_UP_LOOK = 1.0
"""Seconds between two looks at the clock while a reconnect waits for its welcome (whether it
has run out of time: the clock may be a test's, which moves on its own)."""


class LinkTiming:
    """Heartbeats and loss detection of one link, and the reconnect schedule's settings.

    Args:
        clock: monotonic seconds; tests inject a manual clock.
        heartbeat_interval: send something at least this often.
        peer_timeout: the server is lost when nothing came from it for this long.
        give_up_after: stop reconnecting this many seconds after the link was lost (None:
            never).
    """

    def __init__(
        self,
        clock: Clock = time.monotonic,
        *,
        heartbeat_interval: float = HEARTBEAT_INTERVAL,
        peer_timeout: float = HEARTBEAT_TIMEOUT,
        give_up_after: float | None = 300.0,
    ) -> None:
        self.clock = clock
        self.heartbeat_interval = heartbeat_interval
        self.peer_timeout = peer_timeout
        self.give_up_after = give_up_after
        # Zero, not now: the first check after the socket opens sends a heartbeat at once, and
        # silence counts from the welcome (the driver records every frame it reads).
        self.last_sent = 0.0
        self.last_received = 0.0

    def sent(self) -> None:
        """Something went out just now."""
        self.last_sent = self.clock()

    def received(self) -> None:
        """Something came in just now (any frame, even one that does not decode)."""
        self.last_received = self.clock()

    def heartbeat_due(self, now: float | None = None) -> bool:
        """Whether we have been quiet for a heartbeat interval."""
        return self._now(now) - self.last_sent >= self.heartbeat_interval

    def peer_silent(self, now: float | None = None) -> bool:
        """Whether the server has been quiet for the peer timeout (the driver reads what is
        waiting before it declares the link lost)."""
        return self._now(now) - self.last_received >= self.peer_timeout

    def wait(self, now: float | None = None) -> float:
        """Seconds until the next heartbeat falls due or the peer timeout runs out, whichever
        comes first (never negative): how long a read may block."""
        now = self._now(now)
        return max(
            0.0,
            min(
                self.heartbeat_interval - (now - self.last_sent),
                self.peer_timeout - (now - self.last_received),
            ),
        )

    def reconnecting(self) -> Reconnecting:
        """A reconnect starting now."""
        return Reconnecting(self.clock, self.give_up_after)

    def first_connect(self, patience: float = CONNECT_PATIENCE) -> FirstConnect:
        """A first connect starting now."""
        return FirstConnect(self.clock, patience)

    def _now(self, now: float | None) -> float:
        return self.clock() if now is None else now


class Reconnecting:
    """One reconnect: a single socket waits for the welcome, however slow the link, until the
    reconnect runs out of time (``give_up_after`` seconds from its start; None: never).

    There is no per-attempt deadline: the socket reconnects at the TCP level by itself and the
    opener is said again on each new transport connection (client/net/opening.py), so an answer
    on its way is never thrown away with a socket, and a link that heals is used at once.
    """

    def __init__(self, clock: Clock, give_up_after: float | None) -> None:
        self.clock = clock
        self.give_up_after = give_up_after
        self.started = clock()

    def given_up(self) -> bool:
        """Whether the reconnect ran out of time."""
        return self.give_up_after is not None and self.clock() - self.started >= self.give_up_after

    def next_look(self) -> float:
        """Seconds (on the loop's clock) until the driver next asks :meth:`given_up`."""
        return GIVE_UP_LOOK


class FirstConnect:
    """What a first connect that has no welcome yet means, as time goes by (the app's
    connecting screen says it): ``trying`` at first; after ``patience`` seconds ``slow`` when
    the server's port has answered (a handshake is under way over a slow link: keep trying
    while the player watches) or ``unreachable`` when nothing answered at all."""

    def __init__(self, clock: Clock, patience: float) -> None:
        self.clock = clock
        self.patience = patience
        self.started = clock()

    def verdict(self, reached: bool) -> Literal["trying", "slow", "unreachable"]:
        """``reached``: whether a transport connection to the server was made."""
        if self.clock() - self.started < self.patience:
            return "trying"
        return "slow" if reached else "unreachable"

    def next_look(self) -> float:
        """Seconds until the verdict may change (0: it is final or settled)."""
        return max(0.0, self.patience - (self.clock() - self.started))
