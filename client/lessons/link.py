"""A lesson behind the app's :class:`~seasalt.client.tui.link.Link`: the table screen talks to it
as to a server (client/lessons/runner.py answers), in this process, with no socket.

The opponent's moves are paced (``pace`` seconds before each, as a server paces its bots) so a
newcomer sees them one by one; they run in a task of their own, so the player's keys (a chat
line, the score sheet) are answered meanwhile.
"""

from __future__ import annotations

import asyncio
import contextlib
from typing import Any

from seasalt.protocol import MAX_TABLE_NAME_LENGTH

from .runner import LessonRun

PACE = 0.7
"""Seconds before each of the opponent's moves (``--bot-delay`` sets another)."""


class LessonLink:
    """A :class:`LessonRun` as a link (see the module docstring)."""

    def __init__(self, run: LessonRun, name: str, pace: float = PACE) -> None:
        self.run = run
        self.name = name
        self.pace = pace
        self.inbox: asyncio.Queue[Any] = asyncio.Queue()
        self._bots: asyncio.Task[None] | None = None

    async def connect(self) -> None:
        self.run.names = (self.name, self.run.lesson.opponent)
        # The table is named after the lesson (the status line says it), in the app's language.
        title = self.run.lesson.title()[:MAX_TABLE_NAME_LENGTH]
        self.run.table = title if title.strip() and title.isprintable() else self.run.table
        self._say(self.run.start(self.name))
        self._wake()

    async def send(self, message: Any) -> bool:
        self._say(self.run.receive(message))
        self._wake()
        return True

    async def recv(self) -> Any:
        return await self.inbox.get()

    async def close(self) -> None:
        if self._bots is not None:
            self._bots.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._bots

    def _say(self, messages: list[Any]) -> None:
        for message in messages:
            self.inbox.put_nowait(message)

    def _wake(self) -> None:
        """The opponent plays if it is to act (one task at a time)."""
        if self.run.bot_due() and (self._bots is None or self._bots.done()):
            self._bots = asyncio.create_task(self._play_bots())

    async def _play_bots(self) -> None:
        while self.run.bot_due():
            if self.pace > 0:
                await asyncio.sleep(self.pace)
            self._say(self.run.bot_step())
