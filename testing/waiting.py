"""Waiting for a condition, never for a fixed time (a fixed sleep is a race on a busy machine)."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable

POLL = 0.005
"""Seconds between two looks at the condition (only the deadline is a real duration)."""


async def until(
    predicate: Callable[[], object], timeout: float = 10.0, what: str = "condition"
) -> None:
    """Return as soon as ``predicate()`` is true; fail after ``timeout`` seconds.

    Raises:
        AssertionError: the condition did not hold in time.
    """
    deadline = time.monotonic() + timeout
    while not predicate():
        if time.monotonic() > deadline:
            raise AssertionError(f"{what} not met within {timeout} s")
        await asyncio.sleep(POLL)  # sleep-ok: the polling interval of a condition wait


def until_sync(
    predicate: Callable[[], object], timeout: float = 10.0, what: str = "condition"
) -> None:
    """:func:`until` for code without an event loop (a child process, a file on disk)."""
    deadline = time.monotonic() + timeout
    while not predicate():
        if time.monotonic() > deadline:
            raise AssertionError(f"{what} not met within {timeout} s")
        time.sleep(POLL)  # sleep-ok: the polling interval of a condition wait
