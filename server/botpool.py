"""Bot seats decide in worker processes so the event loop never blocks (DESIGN "Bots")."""

from __future__ import annotations

import asyncio
import functools
import multiprocessing
import os
import signal
import threading
import time
from concurrent.futures import BrokenExecutor, ProcessPoolExecutor
from typing import Any

from seasalt.engine import Action, PlayerView

TAKEOVER_LEVELS = ("greedy", "random")
"""Preferred level for a seat a human left, best first: the first that exists is used."""


@functools.lru_cache(maxsize=256)
def _bot(level: str, seed: int) -> Any:
    from seasalt.bots import get_bot

    return get_bot(level, seed)


def decide(level: str, seed: int, view: PlayerView, deadline: float | None = None) -> Action:
    """One bot decision: a pure function of (level, seed, view), but that a searching bot
    stops at ``deadline`` (``time.monotonic()``, the same clock in every process here) and
    plays what it has. Runs in a worker process."""
    from seasalt.bots import Deadline

    action: Action = _bot(level, seed).choose(
        view, None if deadline is None else Deadline(deadline)
    )
    return action


def thinks(level: str | None) -> bool:
    """Whether a bot of ``level`` searches (its think time depends on the position): a table
    with one pads every bot decision to the think budget (server/game.py)."""
    from seasalt.bots import THINKING_LEVELS

    return level in THINKING_LEVELS


def level_exists(level: str) -> bool:
    """Whether ``seasalt.bots`` knows this level."""
    try:
        _bot(level, 0)
    except (KeyError, ValueError, LookupError):
        return False
    return True


def takeover_level() -> str:
    """The level that plays for a human who left or dropped out."""
    for level in TAKEOVER_LEVELS:
        if level_exists(level):
            return level
    return TAKEOVER_LEVELS[-1]


def _worker_init(parent: int) -> None:
    # Ctrl-C reaches the whole process group: only the server decides when workers stop.
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    # A server killed with -9 cannot stop its pool: each worker leaves when its parent is gone.
    # The server's pid is passed in: a worker that starts after a quick kill has already been
    # handed to init, and its getppid() would never change again (it lingered for good).
    threading.Thread(target=_exit_with_parent, args=(parent,), daemon=True).start()


def _exit_with_parent(parent: int) -> None:
    while os.getppid() == parent:
        time.sleep(0.5)
    os._exit(0)


def _warm() -> bool:
    import seasalt.bots  # noqa: F401  (pay the import once, before the first bot turn)

    return True


class BotPool:
    """A process pool for bot decisions; ``workers=0`` decides inline (unit tests only)."""

    def __init__(self, workers: int = 1) -> None:
        self._workers = workers
        self._executor: ProcessPoolExecutor | None = None
        if workers > 0:
            self._executor = self._new_executor()

    def _new_executor(self) -> ProcessPoolExecutor:
        # spawn, not fork: the parent holds a ZeroMQ context and an SQLite handle
        return ProcessPoolExecutor(
            self._workers,
            mp_context=multiprocessing.get_context("spawn"),
            initializer=_worker_init,
            initargs=(os.getpid(),),
        )

    def warm_up(self) -> None:
        """Start the workers now rather than at the first bot turn."""
        if self._executor is not None:
            self._executor.submit(_warm)

    async def decide(
        self, level: str, seed: int, view: PlayerView, think: float | None = None
    ) -> Action:
        """The bot's action; with ``think``, a searching bot answers within that many seconds
        of wall-clock time from now (time waiting for a busy worker included)."""
        deadline = None if think is None else time.monotonic() + think
        if self._executor is None:
            return decide(level, seed, view, deadline)
        loop = asyncio.get_running_loop()
        try:
            return await loop.run_in_executor(
                self._executor, decide, level, seed, view, deadline
            )
        except BrokenExecutor:
            # a worker died (killed, out of memory): start a fresh pool and decide again
            self._executor.shutdown(wait=False, cancel_futures=True)
            self._executor = self._new_executor()
            return await loop.run_in_executor(
                self._executor, decide, level, seed, view, deadline
            )

    def shutdown(self) -> None:
        if self._executor is not None:
            self._executor.shutdown(wait=False, cancel_futures=True)
            self._executor = None
