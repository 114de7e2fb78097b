"""Waiting for a condition, never for a fixed time (a fixed sleep is a race on a busy machine).

Every limit here is counted in a quiet machine's seconds (:class:`Patience`): while the machine
is loaded (an indexer, a build, six busy loops beside the suite on two cores), a second of the
wall clock gives the code under test only a part of a second of work, and a limit that a quiet
machine meets in 10 s may take 40. So a wait's clock runs slower by the machine's measured
slowness (:func:`slowness`, the load per core), and a test that passes on a quiet machine
passes on a busy one too, only later; a hang still ends, at a limit stretched as much.
"""

from __future__ import annotations

import asyncio
import os
import time
from collections.abc import Awaitable, Callable
from typing import TypeVar

T = TypeVar("T")

POLL = 0.005
"""Seconds between two looks at the condition (only the deadline is a real duration)."""
MAX_SLOWNESS = 12.0
"""The stretch is capped: a machine so busy that a limit would stretch further is stuck, not
slow, and a test should say so within the hour."""


def runnable_now() -> int:
    """Processes runnable at this instant (Linux's /proc/loadavg), this one included; 0 where
    it cannot be read. The load average is a minute's mean and lags a load that just began."""
    try:
        with open("/proc/loadavg", encoding="ascii") as f:
            return int(f.read().split()[3].split("/")[0])
    except (OSError, IndexError, ValueError):
        return 0


def slowness() -> float:
    """How many times slower than a quiet machine this one runs the suite now: the runnable
    processes per core (the kernel's load average over the last minute, or the count runnable
    right now when that is higher), at least 1. Six busy loops beside the suite's two workers on
    two cores read about 4: each process gets a quarter of a core. Where neither can be read, 1.
    """
    try:
        load = os.getloadavg()[0]
    except OSError:
        load = 0.0
    load = max(load, float(runnable_now()))
    return min(MAX_SLOWNESS, max(1.0, load / (os.cpu_count() or 1)))


def stretched(seconds: float) -> float:
    """``seconds`` of a quiet machine in wall-clock seconds, at the machine's slowness now:
    for a limit handed to code that takes one (``asyncio.wait_for``, a process's ``wait``)."""
    return seconds * slowness()


class Patience:
    """A time limit in a quiet machine's seconds: the wall clock's time counts divided by the
    machine's slowness as it was measured while the time passed.

    >>> patience = Patience(10.0)
    >>> patience.spent()
    False
    """

    def __init__(
        self,
        seconds: float,
        clock: Callable[[], float] = time.monotonic,
        measure: Callable[[], float] | None = None,
    ) -> None:
        self.limit = seconds
        self._clock = clock
        self._measure = measure or slowness  # (looked up now: a test may replace it)
        self._last = clock()
        self._used = 0.0

    def spent(self) -> bool:
        """Whether the limit has run out (looks at the clock: call it in the waiting loop)."""
        now = self._clock()
        self._used += (now - self._last) / self._measure()
        self._last = now
        return self._used > self.limit

    def left(self) -> float:
        """Wall-clock seconds left at today's slowness (never negative): for one blocking
        call inside the loop."""
        self.spent()
        return max(0.0, (self.limit - self._used) * self._measure())

    def __str__(self) -> str:
        return f"{self.limit:g} s of a quiet machine"


async def until(
    predicate: Callable[[], object], timeout: float = 10.0, what: str = "condition"
) -> None:
    """Return as soon as ``predicate()`` is true; fail after ``timeout`` seconds of a quiet
    machine (:class:`Patience`).

    Raises:
        AssertionError: the condition did not hold in time.
    """
    patience = Patience(timeout)
    while not predicate():
        if patience.spent():
            raise AssertionError(f"{what} not met within {patience}")
        await asyncio.sleep(POLL)  # sleep-ok: the polling interval of a condition wait


def until_sync(
    predicate: Callable[[], object], timeout: float = 10.0, what: str = "condition"
) -> None:
    """:func:`until` for code without an event loop (a child process, a file on disk)."""
    patience = Patience(timeout)
    while not predicate():
        if patience.spent():
            raise AssertionError(f"{what} not met within {patience}")
        time.sleep(POLL)  # sleep-ok: the polling interval of a condition wait


async def within(awaitable: Awaitable[T], seconds: float) -> T:
    """``asyncio.wait_for`` with ``seconds`` of a quiet machine (:func:`stretched`)."""
    return await asyncio.wait_for(awaitable, stretched(seconds))


def process_gone(pid: int) -> bool:
    """No process ``pid`` runs any more (a condition to wait on)."""
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return True
    # A zombie still answers kill(0); look at its state.
    try:
        with open(f"/proc/{pid}/stat") as stat:
            return stat.read().split()[2] == "Z"
    except OSError:
        return True
