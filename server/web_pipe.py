"""A browser tab's client outlives its page's socket for a while (``--web-grace``).

Wi-Fi drops a phone's socket for seconds at a time; the page opens a new one by itself (the
``WebSocket`` of web_page.py ``_RECONNECT``). The tab's client is kept running meanwhile, and
its output goes to whichever socket the tab has now: textual-serve's ``AppService`` is given
this pipe's writers instead of one socket's. What the client drew while no socket was there is
lost, so a socket that takes over asks the client to draw its whole screen again.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any

REPAINT_WAIT = 2.0
"""Seconds a new socket waits for the client to draw its screen at another height, before
the page's own size is asked for anyway."""


@dataclass(eq=False)
class Pipe:
    """The client's output, to the tab's socket of the moment (dropped while it has none)."""

    socket: Any = None
    drawn: asyncio.Event = field(default_factory=asyncio.Event)
    """Set by each output of the client (a repaint waits on it)."""

    async def write_bytes(self, data: bytes) -> None:
        self.drawn.set()
        await self._send(lambda socket: socket.send_bytes(data))

    async def write_str(self, text: str) -> None:
        await self._send(lambda socket: socket.send_str(text))

    async def close(self) -> None:
        """The client ended: its page is told (the page's "closed" screen)."""
        socket = self.socket
        if socket is not None:
            with contextlib.suppress(Exception):
                await socket.close()

    async def _send(self, send: Callable[[Any], Awaitable[None]]) -> None:
        socket = self.socket
        if socket is None or socket.closed:
            return
        # A socket dropping under the write: what it missed is drawn again for the next one
        # (an error here would end textual-serve's relay of the client's output for good).
        with contextlib.suppress(Exception):
            await send(socket)


async def repaint(service: Any, pipe: Pipe, width: int, height: int) -> None:
    """Make the tab's client draw its whole screen for a new socket.

    Textual draws everything again when its size changes, and nothing for a size it already
    has: one row less first, then (once drawn) the page's size."""
    pipe.drawn.clear()
    await service.set_terminal_size(width, height - 1 if height > 10 else height + 1)
    with contextlib.suppress(TimeoutError):
        await asyncio.wait_for(pipe.drawn.wait(), REPAINT_WAIT)
    await service.set_terminal_size(width, height)
