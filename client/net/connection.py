"""One connection to a seasalt server: the client side of docs/protocol.md.

Used by the headless player and the Textual app alike. It is the socket driver only: over one
zmq.asyncio DEALER socket (CURVE when asked; the socket and its frames are
client/net/dealer_socket.py's), hello/resume and the session token, heartbeats both ways, and
reconnecting with backoff (``resume`` with the token) when the server goes quiet.
Where the client is (table, seat, ``seq``, gaps) is a :class:`~seasalt.client.net.session.
ClientSession`'s: given one, the connection feeds it every message it reads, sends what it asks
for (a ``sync`` after a gap) and turns intents into messages (:meth:`Connection.request`); the
TUI's bridge drives its own session above the link instead (docs/client.md).

Everything arrives through :meth:`Connection.recv` (or ``async for``): decoded server messages,
plus :class:`LinkEvent` values when the link itself is lost or resumed. Heartbeats and loss
detection happen inside ``recv``, so a caller keeps calling it (``recv(timeout=...)`` returns
None when nothing came in time). When to send a heartbeat, when the server counts as lost and
how long to wait between reconnects is a :class:`~seasalt.client.net.link_timing.LinkTiming`'s
(socket-free, on an injectable clock); the failures and :class:`LinkEvent` are in
client/net/connection_types.py (imported from here too).
"""

from __future__ import annotations

import asyncio
import contextlib
import ipaddress
import logging
import socket
from collections.abc import AsyncIterator

import zmq.asyncio
from seasalt.client.net.dealer_socket import AWAY_WAIT, Dealer
from seasalt.client.net.unanswered_requests import Unanswered
from seasalt.protocol import (
    PROTOCOL_VERSION,
    Away,
    ClientMessage,
    Error,
    ErrorCode,
    Heartbeat,
    Hello,
    Resume,
    ServerMessage,
    Welcome,
)

from .address import endpoint_of, parse_address
from .connection_types import (
    ConnectFailed,
    ConnectionClosed,
    HandshakeRefused,
    LinkEvent,
    UnknownHost,
)
from .intents import Intent
from .link_timing import LinkTiming
from .opening import Opening
from .security import ClientSecurity
from .session import ClientSession

log = logging.getLogger("seasalt.client")

# What Connection raises and returns stays importable from here.
__all__ = [
    "AWAY_WAIT", "Connection", "ConnectFailed", "ConnectionClosed", "HandshakeRefused",
    "LinkEvent", "UnknownHost",
]


class Connection:
    """A session with one server (see the module docstring).

    Args:
        address: ``HOST[:PORT]`` (IPv6 as ``[::1]:7327``).
        name: the player name sent in ``hello``.
        token: resume this session instead of opening a new one.
        timing: heartbeats, loss and the reconnect backoff, on its clock (tests inject one
            with a manual clock); None: the protocol's intervals on the monotonic clock.
        reconnect: reconnect and resume after the server goes quiet (else raise).
        session: the :class:`ClientSession` this connection drives (None: a plain driver
            whose caller feeds its own session, as the TUI's bridge does).
    """

    identity: str | None = None
    """Sent in ``hello`` when set: the persistent client identity (client/files/identity.py) that
    keys this player's statistics on the server. Set it before ``connect``."""

    def __init__(
        self,
        address: str,
        name: str,
        *,
        token: str | None = None,
        timing: LinkTiming | None = None,
        reconnect: bool = True,
        context: zmq.asyncio.Context | None = None,
        security: ClientSecurity | None = None,
        session: ClientSession | None = None,
    ) -> None:
        host, port = parse_address(address)
        self.endpoint = endpoint_of(host, port)
        self.name = name
        self.token = token
        self.session_id: str | None = None
        """The server's public id of this session (from ``welcome``; not secret)."""
        self.session = session
        self.timing = timing if timing is not None else LinkTiming()
        self.reconnect = reconnect
        self.security = security
        """CURVE keys (``--server-key``); None talks plain."""
        self._dealer = Dealer(
            context or zmq.asyncio.Context.instance(), self.endpoint, self.timing, security
        )
        """The socket (client/net/dealer_socket.py): one for a connect and the session it opens, a
        new one for each reconnect (the old one's connection is suspect)."""
        self._opening: Opening | None = None
        """The session being opened, or the last one (client/net/opening.py)."""
        self._lost = False
        self._closed = False
        self._pending: list[ServerMessage] = []
        """Frames read while waiting for a welcome; handed out by recv first."""
        self._fresh = False
        """The last resume was refused and a new session opened (see LinkEvent.fresh)."""
        self._unanswered = Unanswered()
        """The lobby requests (join, watch, leave) no answer has met yet: sent again once a
        lost link is back (client/net/unanswered_requests.py)."""
        self.reconnects = 0

    @property
    def bad_frames(self) -> int:
        """Frames from the server that were ignored as malformed."""
        return self._dealer.bad_frames

    @property
    def unknown_types(self) -> dict[str, int]:
        """Well-formed frames from the server skipped as of a type this client does not know,
        counted by type (a newer server's additions; not :attr:`bad_frames`)."""
        return dict(self._dealer.unknown_types)

    @property
    def heartbeat_interval(self) -> float:
        """Seconds between heartbeats (a caller busy for a while calls keep_alive as often)."""
        return self.timing.heartbeat_interval

    # --- opening and closing ------------------------------------------------------------

    @property
    def connected(self) -> bool:
        """Whether a session is open and the server not (yet) considered lost."""
        return self._dealer.is_open and not self._lost and not self._closed

    @property
    def reached(self) -> bool:
        """Whether the server's port answered during the connect under way (or the last one):
        no welcome yet then means a slow link or a busy server, not a missing one."""
        return self._opening is not None and self._opening.reached

    async def connect(self, timeout: float | None = 10.0) -> Welcome:
        """Open a session: ``resume`` when a token is known, else ``hello``.

        A resume the server refuses as ``unauthorized`` (it forgot the session) falls back to
        ``hello``. The opener is said again on each new transport connection, so a slow link
        gets all of ``timeout`` for one handshake (None: no limit; the caller may cancel).

        Raises:
            UnknownHost: the host name does not resolve.
            ConnectFailed: no answer within ``timeout``, a version mismatch, or a refusal.
        """
        if self._closed:
            raise ConnectFailed("the connection is closed")
        try:
            # asyncio.timeout, not wait_for: wait_for runs the handshake as a task of its own,
            # whose refusal is "never retrieved" (logged as an error) when the caller is
            # cancelled just as it fails (a host stopping its server while reconnecting).
            async with asyncio.timeout(timeout):
                await self._check_host()
                return await self._handshake()
        except TimeoutError:
            self._dealer.drop()
            where = self.endpoint.removeprefix("tcp://")
            if self.reached:
                raise ConnectFailed(
                    f"the server at {where} answered but no session opened within "
                    f"{timeout:g} s: the link is slow or the server busy"
                ) from None
            raise ConnectFailed(
                f"no seasalt server answered at {where} within {timeout:g} s"
            ) from None
        except BaseException:
            self._dealer.drop()  # cancelled (the player went back) or refused: no socket left
            raise

    async def _check_host(self) -> None:
        """Fail at once, naming the host, when its name does not resolve (the socket would
        retry an unknown name quietly, and the wait end in "no server answered")."""
        host, port = parse_address(self.endpoint)
        with contextlib.suppress(ValueError):
            ipaddress.ip_address(host)
            return  # an address: nothing to look up
        try:
            await asyncio.get_running_loop().getaddrinfo(host, port, type=socket.SOCK_STREAM)
        except socket.gaierror as error:
            raise UnknownHost(host, error.errno == socket.EAI_AGAIN) from None

    async def _handshake(self, *, resuming: bool = False) -> Welcome:
        """Open a session on the socket (opened here if there is none; kept for the session
        after), or fail at once with the reason when the transport handshake fails (a plain
        client and an encrypted server, a wrong key, a key not admitted)."""
        if self._dealer.monitor is None:  # no socket, or one whose session opened already
            self._dealer.open()
        opening = self._opening = Opening(
            self._dealer, self.security is not None, self.endpoint.removeprefix("tcp://"),
            self._pending, resuming=resuming,
        )
        resume = Resume(PROTOCOL_VERSION, self.token) if self.token is not None else None
        try:
            welcome = await opening.welcome(
                Hello(PROTOCOL_VERSION, self.name, self.identity), resume)
        finally:
            self._dealer.stop_monitor()
        self._fresh = opening.fresh  # this handshake's own outcome, not an earlier one's
        self.token = welcome.token
        self.session_id = welcome.session
        self.name = welcome.name
        self._lost = False
        return welcome

    async def close(self) -> None:
        """Close the socket; ``recv`` then raises ConnectionClosed."""
        self._closed = True
        self._dealer.drop()

    # --- sending ------------------------------------------------------------------------

    async def send(self, message: ClientMessage) -> bool:
        """Send one message. Returns False when it was dropped (no link right now); a
        ``join_or_create``, ``watch`` or ``leave`` is not dropped but kept until the link is
        back (client/net/unanswered_requests.py).

        Raises:
            ConnectionClosed: after :meth:`close` or a fatal error.
        """
        if self._closed:
            raise ConnectionClosed("the connection is closed")
        if isinstance(message, Away):
            # The last word before close(): True once the server has read it
            # (client/net/dealer_socket.py).
            return not self._lost and await self._dealer.say_away()
        kept = self._unanswered.sent(message)
        if self._lost:
            return kept
        return await self._dealer.send(message) or kept

    async def keep_alive(self) -> None:
        """Send a heartbeat if one is due: for callers busy for a while without ``recv``."""
        if self.connected and self.timing.heartbeat_due():
            await self._dealer.send(Heartbeat())

    async def request(self, intent: Intent) -> bool:
        """Send what the session makes of ``intent`` (an action carries its seq, a chat line
        the table); False when nothing went out.

        Raises:
            ValueError: when this connection drives no session.
        """
        if self.session is None:
            raise ValueError("this connection drives no session")
        message = self.session.send(intent)
        return message is not None and await self.send(message)

    # --- receiving ----------------------------------------------------------------------

    def _track(self, message: ServerMessage) -> bool:
        """Feed ``message`` to the session (if any); False to swallow it (a gap, a duplicate)."""
        if isinstance(message, Error) and message.code is ErrorCode.SESSION_REPLACED:
            self._closed = True
        elif isinstance(message, Welcome):
            self.token, self.session_id = message.token, message.session
        self._unanswered.answered(message)
        return self.session is None or self.session.receive(message)

    async def _flush_session(self) -> None:
        """Send what the session asked for (a ``sync`` after a gap)."""
        if self.session is None:
            return
        while (outbound := self.session.next_outbound()) is not None:
            await self._dealer.send(outbound)

    async def recv(self, timeout: float | None = None) -> ServerMessage | LinkEvent | None:
        """The next server message or link event; None if ``timeout`` seconds passed first.

        Sends heartbeats while waiting and detects a lost server. After a ``lost`` event the
        next call reconnects (with backoff) and returns ``resumed``.

        Raises:
            ConnectionClosed: after close(), a ``session_replaced`` error (returned first), a
                lost server with ``reconnect=False``, or when reconnecting gave up.
        """
        if self._closed:
            self._dealer.drop()
            raise ConnectionClosed("the connection is closed")
        if self._lost:
            await self._reconnect()
            fresh, self._fresh = self._fresh, False
            if self.session is not None:
                self.session.link_resumed(fresh=fresh)
            for request in self._unanswered.waiting():
                await self._dealer.send(request)
            return LinkEvent("resumed", f"session resumed at {self.endpoint}", fresh)
        if not self._dealer.is_open:
            raise ConnectionClosed("not connected: call connect() first")
        while self._pending:
            queued = self._pending.pop(0)
            if self._track(queued):
                return queued
        loop = asyncio.get_running_loop()
        deadline = None if timeout is None else loop.time() + timeout
        while True:
            await self._flush_session()
            timing = self.timing
            now = timing.clock()
            if timing.heartbeat_due(now):
                await self._dealer.send(Heartbeat())
            if timing.peer_silent(now):
                # Frames may be waiting (the caller was busy): read before calling it lost.
                message = await self._dealer.read(0.0)
                if message is None and timing.peer_silent():
                    return self._mark_lost()
            else:
                wait = timing.wait(now)
                if deadline is not None:
                    wait = min(wait, deadline - loop.time())
                message = await self._dealer.read(max(wait, 0.0))
            if message is None:
                if deadline is not None and deadline - loop.time() <= 0:
                    return None
                continue
            if isinstance(message, Heartbeat):
                continue
            if isinstance(message, Error) and self.token is not None:
                if message.code is ErrorCode.UNAUTHORIZED:
                    # The server no longer knows this socket: it restarted (same address, our
                    # DEALER reconnected by itself). Resume at once, not after a timeout.
                    return self._mark_lost("the server restarted; resuming", restarted=True)
                if message.code is ErrorCode.SHUTTING_DOWN:
                    # Its goodbye (a host's Ctrl-C): the link is gone now, not after the peer
                    # timeout's silence; the same backoff brings the session back when it is up.
                    return self._mark_lost("the server is shutting down", stopping=True)
            if self._track(message):
                return message

    def _mark_lost(
        self, detail: str = "", *, stopping: bool = False, restarted: bool = False
    ) -> LinkEvent:
        self._lost = True
        self._dealer.drop()
        if not self.reconnect:
            self._closed = True
            how = ("is shutting down" if stopping else "restarted" if restarted
                   else "stopped answering")
            raise ConnectionClosed(f"the server at {self.endpoint} {how}",
                                   server_spoke=stopping or restarted)
        silence = self.timing.peer_timeout
        return LinkEvent(
            "lost", detail or f"no word from the server for {silence:g} s", stopping=stopping
        )

    async def _reconnect(self) -> None:
        """Get the session back: one socket says ``resume`` on each transport connection it
        makes (client/net/opening.py) until the welcome comes or the reconnect runs out of time. A
        refusal that may pass (a full server, a stray error) starts again on a fresh socket."""
        reconnect = self.timing.reconnecting()
        while True:
            self.reconnects += 1
            opening = asyncio.ensure_future(self._handshake(resuming=True))
            try:
                while not opening.done():
                    await asyncio.wait({opening}, timeout=reconnect.next_look())
                    if not opening.done() and reconnect.given_up():
                        self._closed = True
                        raise ConnectionClosed(
                            f"the server at {self.endpoint} did not come back within "
                            f"{reconnect.give_up_after:g} s"
                        )
                opening.result()
                return
            except HandshakeRefused as e:
                self._closed = True
                raise ConnectionClosed(str(e)) from None
            except ConnectFailed as e:
                if self._closed or e.code is ErrorCode.VERSION_MISMATCH:
                    self._closed = True
                    raise ConnectionClosed(str(e)) from None
                log.info("reconnect refused: %s", e)
            finally:
                if not opening.done():
                    opening.cancel()
                    with contextlib.suppress(asyncio.CancelledError, Exception):
                        await opening
                if self._closed or self._lost:
                    self._dealer.drop()
            if reconnect.given_up():
                self._closed = True
                raise ConnectionClosed(
                    f"the server at {self.endpoint} did not come back within "
                    f"{reconnect.give_up_after:g} s"
                )
            await asyncio.sleep(reconnect.next_look())

    def __aiter__(self) -> AsyncIterator[ServerMessage | LinkEvent]:
        return self._iterate()

    async def _iterate(self) -> AsyncIterator[ServerMessage | LinkEvent]:
        while True:
            try:
                message = await self.recv()
            except ConnectionClosed:
                return
            if message is not None:
                yield message

    async def __aenter__(self) -> Connection:
        return self

    async def __aexit__(self, *exc: object) -> None:
        with contextlib.suppress(Exception):
            await self.close()
