"""Opening a session over one socket: ``hello`` or ``resume`` said once on each transport
connection, until the server's ``welcome`` (or its refusal) comes.

A ZeroMQ DEALER reconnects by itself at the TCP level, and a connection that drops loses what
it carried. So the opener is sent each time the socket's monitor says a transport handshake
completed, never twice on one connection, and the socket is kept however long the link takes:
a handshake slower than any fixed wait still completes, and none is thrown away half done.
The monitor also tells whether the server's port answered at all (:attr:`Opening.reached`: a
slow link, not a missing server) and when the transport refused (client/net/security.py words
it). What else arrives before the welcome is kept for the caller.
"""

from __future__ import annotations

import asyncio
import logging

import zmq
import zmq.asyncio
from seasalt.client.net.dealer_socket import Dealer
from seasalt.protocol import (
    Error,
    ErrorCode,
    Heartbeat,
    Hello,
    Resume,
    ServerMessage,
    Welcome,
)
from zmq.utils.monitor import recv_monitor_message

from .connection_types import ConnectFailed, HandshakeRefused
from .security import HANDSHAKE_FAILURES, refusal_text

log = logging.getLogger("seasalt.client")

REFUSAL_SETTLE = 1.5
"""Seconds a handshake failure "without detail" may be followed by a success (the server hung
up before its greeting was read: it was stopping, or busy) before it counts as a refusal."""
VAGUE_FAILURES = 2
"""A failure without detail is a refusal only when it came this many times (an encrypted server
refuses a plain client on every try; a server that was stopping does it once)."""

# The server's refusals that answer an opener (anything else is kept for the caller).
_OPENER_ANSWERS = (
    ErrorCode.UNAUTHORIZED, ErrorCode.VERSION_MISMATCH, ErrorCode.BAD_MESSAGE,
    ErrorCode.SHUTTING_DOWN,
)


class Opening:
    """One session being opened (see the module docstring).

    Args:
        dealer: its socket is open and its monitor started (client/net/dealer_socket.py).
        secure: whether the socket talks CURVE (for the refusal's words).
        where: ``host:port``, for the refusal's words.
        pending: where frames that are not an answer to the opener go (the caller's queue).
    """

    def __init__(
        self, dealer: Dealer, secure: bool, where: str, pending: list[ServerMessage],
        *, resuming: bool = False,
    ) -> None:
        assert dealer.sock is not None and dealer.monitor is not None
        self.dealer = dealer
        self.secure = secure
        self.where = where
        self.pending = pending
        self.resuming = resuming
        """A reconnect: a server that says it is shutting down is waited for (it is
        restarting), not a refusal."""
        self.reached = False
        """A transport connection to the server was made (its port answered)."""
        self.connections = 0
        """Transport handshakes completed on this socket (the opener went out on each)."""
        self.fresh = False
        """The server had forgotten the token: a new session was opened with ``hello``."""
        self._vague: str | None = None
        self._vague_count = 0
        self._vague_until = 0.0

    async def welcome(self, hello: Hello, resume: Resume | None) -> Welcome:
        """Say ``resume`` (``hello`` when there is no token, or when the server forgot it) on
        each transport connection until the welcome comes.

        Raises:
            HandshakeRefused: the transport handshake was refused (keys, encryption).
            ConnectFailed: the server refused the opener (a version mismatch, a full server).
        """
        opener: Hello | Resume = resume if resume is not None else hello
        sock, monitor = self.dealer.sock, self.dealer.monitor
        assert sock is not None and monitor is not None
        poller = zmq.asyncio.Poller()
        poller.register(sock, zmq.POLLIN)
        poller.register(monitor, zmq.POLLIN)
        loop = asyncio.get_running_loop()
        while True:
            wait_ms = None
            if self._vague is not None:
                wait_ms = max(0, int((self._vague_until - loop.time()) * 1000))
            ready = dict(await poller.poll(wait_ms))
            if monitor in ready:
                await self._transport_news(monitor, opener)
            elif not ready and self._vague is not None:
                if self._vague_count >= VAGUE_FAILURES:
                    raise HandshakeRefused(self._vague)
                # Once only, and nothing since (a server that was stopping, or a handshake that
                # ran out of time on a bad link): the socket retries.
                self._vague, self._vague_count = None, 0
            if sock not in ready:
                continue
            message = await self.dealer.read(0.0)  # one at a time: poll says if more wait
            if isinstance(message, Welcome):
                return message
            if isinstance(message, Error) and message.code in _OPENER_ANSWERS:
                opener = await self._refused(message, opener, hello)
            elif message is not None and not isinstance(message, Heartbeat):
                self.pending.append(message)

    async def _transport_news(self, monitor: zmq.asyncio.Socket, opener: Hello | Resume) -> None:
        """Read what the monitor says: a connection made, a handshake done (say the opener on
        it), or a handshake refused."""
        loop = asyncio.get_running_loop()
        while await monitor.poll(0):
            event = await recv_monitor_message(monitor)
            kind = int(event["event"])
            log.debug("transport to %s: %s", self.where, zmq.Event(kind).name)
            if kind == zmq.EVENT_CONNECTED:
                self.reached = True
            elif kind == zmq.EVENT_HANDSHAKE_SUCCEEDED:
                self.connections += 1
                self._vague, self._vague_count = None, 0
                await self.dealer.send(opener)
            elif kind & HANDSHAKE_FAILURES:
                text = refusal_text(kind, int(event["value"]), self.secure, self.where)
                if kind != zmq.EVENT_HANDSHAKE_FAILED_NO_DETAIL:
                    raise HandshakeRefused(text)
                self._vague_count += 1
                if self._vague is None:
                    self._vague, self._vague_until = text, loop.time() + REFUSAL_SETTLE

    async def _refused(
        self, error: Error, opener: Hello | Resume, hello: Hello
    ) -> Hello | Resume:
        """The server's answer to the opener was a refusal: a forgotten token falls back to
        ``hello`` (said now, on this connection); a server shutting down is waited for while
        resuming (the opener goes out again on its next connection); anything else ends the
        opening."""
        if self.resuming and error.code is ErrorCode.SHUTTING_DOWN:
            log.info("the server is shutting down; waiting for it to come back")
            return opener
        if error.code is ErrorCode.VERSION_MISMATCH:
            raise ConnectFailed(
                f"the server speaks another protocol version ({error.message}); "
                "update seasalt on one side",
                error.code,
            )
        if isinstance(opener, Resume) and error.code is ErrorCode.UNAUTHORIZED:
            log.info("server forgot our session; starting a new one")
            self.fresh = True
            await self.dealer.send(hello)
            return hello
        if isinstance(opener, Resume):
            raise ConnectFailed(f"the server refused to resume: {error.message}", error.code)
        raise ConnectFailed(f"the server refused: {error.message}", error.code)
