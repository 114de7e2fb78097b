"""The socket driver's timing (client/connection.py) as a socket-free object: when a
heartbeat is due, when the server counts as lost, and how long to wait between reconnects.

Every decision reads an injectable clock (monotonic seconds), so its tests move time by hand
and open no socket (tests/client/test_link_timing.py); the driver only records what it sent and
heard, and asks.
"""

from __future__ import annotations

import time
from collections.abc import Callable

from seasalt.protocol import HEARTBEAT_INTERVAL, HEARTBEAT_TIMEOUT

Clock = Callable[[], float]

MIN_CONNECT_TIMEOUT = 0.5
"""A reconnect attempt waits for the welcome at least this long, however short its backoff
step: a loaded server needs a moment to answer."""


class LinkTiming:
    """Heartbeats and loss detection of one link, and the reconnect schedule's settings.

    Args:
        clock: monotonic seconds; tests inject a manual clock.
        heartbeat_interval: send something at least this often.
        peer_timeout: the server is lost when nothing came from it for this long.
        backoff_initial, backoff_max: the first wait between reconnect attempts; each next
            one doubles, up to the cap.
        give_up_after: stop reconnecting this many seconds after the first attempt (None:
            never).
    """

    def __init__(
        self,
        clock: Clock = time.monotonic,
        *,
        heartbeat_interval: float = HEARTBEAT_INTERVAL,
        peer_timeout: float = HEARTBEAT_TIMEOUT,
        backoff_initial: float = 0.2,
        backoff_max: float = 5.0,
        give_up_after: float | None = 300.0,
    ) -> None:
        self.clock = clock
        self.heartbeat_interval = heartbeat_interval
        self.peer_timeout = peer_timeout
        self.backoff_initial = backoff_initial
        self.backoff_max = backoff_max
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

    def reconnecting(self) -> Backoff:
        """A reconnect schedule starting now."""
        return Backoff(self.clock, self.backoff_initial, self.backoff_max, self.give_up_after)

    def _now(self, now: float | None) -> float:
        return self.clock() if now is None else now


class Backoff:
    """The attempts of one reconnect: wait ``delay`` after a failed attempt, doubling each time
    up to ``maximum``; give up ``give_up_after`` seconds after the start (None: never)."""

    def __init__(
        self, clock: Clock, initial: float, maximum: float, give_up_after: float | None
    ) -> None:
        self.clock = clock
        self.maximum = maximum
        self.give_up_after = give_up_after
        self.started = clock()
        self.delay = initial
        """The wait after the next failed attempt."""

    @property
    def connect_timeout(self) -> float:
        """How long the next attempt waits for the server's welcome."""
        return max(self.delay, MIN_CONNECT_TIMEOUT)

    def given_up(self) -> bool:
        """Whether the schedule ran out (checked after a failed attempt)."""
        return self.give_up_after is not None and self.clock() - self.started >= self.give_up_after

    def next_wait(self) -> float:
        """The wait before the next attempt; the one after it is twice as long, up to the cap."""
        wait = self.delay
        self.delay = min(self.delay * 2, self.maximum)
        return wait
