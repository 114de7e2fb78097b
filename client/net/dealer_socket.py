"""The socket under one :class:`~seasalt.client.net.connection.Connection`: a zmq.asyncio DEALER
(CURVE when asked), its handshake monitor, and one frame in or out at a time.

What goes over it and when (hello/resume, heartbeats, loss, reconnecting) is the connection's;
this part knows sockets and frames only: it opens and drops the socket, sends without
blocking, reads and decodes one frame (counting the malformed ones, and apart from them the
well-formed ones of a type it does not know: a newer server's additions, skipped quietly),
tells the link's timing when something went out or came in, and says ``away`` as the last word
before a close.
"""

from __future__ import annotations

import asyncio
import logging
from collections import Counter

import zmq
import zmq.asyncio
from seasalt.protocol import (
    MAX_SERVER_MESSAGE_SIZE,
    Away,
    ClientMessage,
    DecodeError,
    Error,
    ErrorCode,
    Heartbeat,
    ServerMessage,
    UnknownMessageType,
    decode_server_message,
    encode,
)

from .link_timing import LinkTiming
from .security import HANDSHAKE_FAILURES, ClientSecurity, start_monitor, stop_monitor

log = logging.getLogger("seasalt.client")

AWAY_WAIT = 0.5
"""Seconds a quit waits at least for the server to have read ``away``. While the link counts
as working (the server was heard within the peer timeout, as the heartbeats judge it) the wait
goes on: a busy server or machine answers late, and a quit with a working link must tell the
server (a bot takes the seat at once). Only a server silent for the whole peer timeout is given
up on: that is a link the heartbeats would call lost."""
TCP_CONNECT_TRY = 5.0
"""Seconds one TCP connect may take before the socket starts a new one. The kernel spaces its
retries of an unanswered connect ever wider (1, 2, 4, 8… s): after a cut link heals, the next
one could be far off. Long enough for the kernel's first two retries and for a link whose
round trip takes seconds (a connect cut shorter never completes there)."""
RECONNECT_MAX = 0.25
"""At most this many seconds between the socket's own reconnects (they start at 0.1 s): while
the server is out of reach a connect goes out at least every 2.25 s (Linux: at 0, 1 and 3 s
of each try), so a healed link is used within about a second (a connect to a port nobody
listens on costs the LAN nothing)."""
TRANSPORT_EVENTS = zmq.EVENT_CONNECTED | zmq.EVENT_HANDSHAKE_SUCCEEDED | HANDSHAKE_FAILURES
"""What the monitor reports while a session opens (client/net/opening.py)."""


class Dealer:
    """The DEALER socket to ``endpoint`` (none until :meth:`open`; :meth:`open` again
    replaces it). One socket serves a connect, or a whole reconnect, and the session after it:
    it reconnects at the TCP level by itself."""

    def __init__(
        self,
        context: zmq.asyncio.Context,
        endpoint: str,
        timing: LinkTiming,
        security: ClientSecurity | None,
    ) -> None:
        self._ctx = context
        self.endpoint = endpoint
        self.timing = timing
        """Told of every frame sent and read (heartbeats and loss are timed from them)."""
        self.security = security
        self.sock: zmq.asyncio.Socket | None = None
        self.monitor: zmq.asyncio.Socket | None = None
        """Watches the transport handshake while a session opens (see client.security)."""
        self.bad_frames = 0
        self.unknown_types: Counter[str] = Counter()
        """Frames skipped as of a type this client does not know, by type (not malformed:
        each addition to the protocol is one, from a server newer than this client)."""

    @property
    def is_open(self) -> bool:
        return self.sock is not None

    def open(self) -> zmq.asyncio.Socket:
        """A new socket connecting to the endpoint, its monitor started; the old one dropped."""
        self.drop()
        sock = self._ctx.socket(zmq.DEALER)
        sock.linger = 0
        sock.ipv6 = True
        sock.rcvhwm = 10_000
        # A dead server must not leave us waiting in connect(): reconnect quickly at TCP level,
        # and start a new TCP connect when one goes unanswered (a link that was cut).
        sock.setsockopt(zmq.RECONNECT_IVL, 100)
        sock.setsockopt(zmq.RECONNECT_IVL_MAX, int(RECONNECT_MAX * 1000))
        sock.setsockopt(zmq.CONNECT_TIMEOUT, int(TCP_CONNECT_TRY * 1000))
        # A connection that makes no progress for the peer timeout is dropped and made again
        # (TCP alone notices a dead one only after minutes, and a TCP connection that lost
        # segments over and over waits ever longer between its retries, where a new one starts
        # afresh): its ZMTP handshake must end within it (libzmq's default: 30 s), and after it
        # ZMTP heartbeats must be answered within it.
        sock.setsockopt(zmq.HANDSHAKE_IVL, int(self.timing.peer_timeout * 1000))
        sock.setsockopt(zmq.HEARTBEAT_IVL, int(self.timing.heartbeat_interval * 1000))
        sock.setsockopt(zmq.HEARTBEAT_TIMEOUT, int(self.timing.peer_timeout * 1000))
        if self.security is not None:
            self.security.apply(sock)
        self.monitor = start_monitor(sock, TRANSPORT_EVENTS)  # before connect: none unseen
        sock.connect(self.endpoint)
        self.sock = sock
        return sock

    def stop_monitor(self) -> None:
        if self.monitor is not None and self.sock is not None:
            stop_monitor(self.sock, self.monitor)
        self.monitor = None

    def drop(self) -> None:
        self.stop_monitor()
        if self.sock is not None:
            self.sock.close(linger=0)
            self.sock = None

    async def send(self, message: ClientMessage) -> bool:
        """Send ``message`` without blocking; False when there is no socket or its pipe is
        full (the message is dropped)."""
        if self.sock is None:
            return False
        try:
            await self.sock.send(encode(message), flags=zmq.NOBLOCK)
        except zmq.Again:
            # The pipe is full (the server is gone or slow): drop it; a lost server is
            # noticed by the heartbeat timeout and the table resynced after resume.
            log.debug("send dropped (pipe full): %s", type(message).__name__)
            return False
        self.timing.sent()
        return True

    async def read(self, timeout: float | None) -> ServerMessage | None:
        """One decoded frame, or None on timeout, a malformed frame or one of an unknown type."""
        assert self.sock is not None
        if timeout is not None:
            ready = await self.sock.poll(timeout=max(0, int(timeout * 1000)))
            if not ready:
                return None
        frames = await self.sock.recv_multipart()
        self.timing.received()
        if len(frames) != 1:
            self.bad_frames += 1
            log.warning("ignored a message of %d frames from the server", len(frames))
            return None
        try:
            return decode_server_message(frames[0], MAX_SERVER_MESSAGE_SIZE)
        except UnknownMessageType as e:
            if not self.unknown_types[e.tag]:  # once per type: a newer server sends many
                log.debug("skipping messages of a type this client does not know: %r", e.tag)
            self.unknown_types[e.tag] += 1
            return None
        except DecodeError as e:
            self.bad_frames += 1
            log.warning("ignored a malformed frame from the server: %s", e)
            return None

    async def say_away(self) -> bool:
        """``away``, the last word before a close: True once the server has read it.

        The server reads a closed connection's disconnect before its last frames (a new
        connection may reuse the routing id), so an ``away`` still queued when the socket
        closes would be lost. A heartbeat after it is refused (``unauthorized``: docs/
        protocol.md, ``away`` unbinds the session) once ``away`` was read; that refusal is
        waited for while the link works (:data:`AWAY_WAIT`). What arrives meanwhile is dropped.
        """
        if self.sock is None:
            return False
        if not await self.send(Away()) or not await self.send(Heartbeat()):
            return False
        loop = asyncio.get_running_loop()
        least = loop.time() + AWAY_WAIT

        def left() -> float:
            working = self.timing.last_received + self.timing.peer_timeout - self.timing.clock()
            return max(least - loop.time(), working)

        while left() > 0:
            try:  # (in slices: the link's clock, a test's too, is looked at again)
                data = await asyncio.wait_for(self.sock.recv(), min(left(), AWAY_WAIT))
                self.timing.received()
                message = decode_server_message(data)
            except TimeoutError:
                continue
            except DecodeError:
                continue
            if isinstance(message, Error) and message.code is ErrorCode.UNAUTHORIZED:
                return True
        return False
