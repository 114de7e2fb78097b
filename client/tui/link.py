"""The link: what the app's network bridge talks through, and the real one over a socket.

:class:`Link` is all the bridge needs (tests pass fakes); :class:`ConnectionLink` is
:class:`seasalt.client.net.connection.Connection` behind it, with failures worded for people and the
session token kept in the user data dir (client/files/tokens.py) so a restarted client gets its seat
back. It reports the link's own state as :class:`LinkStatus` between server messages.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Callable
from typing import Any, Protocol

from seasalt.client.files import tokens
from seasalt.client.net.connection_types import (
    ConnectFailed,
    ConnectionClosed,
    HandshakeRefused,
    LinkEvent,
    UnknownHost,
)
from seasalt.client.net.link_timing import CONNECT_PATIENCE
from seasalt.client.tui.messages import LinkStatus
from seasalt.client.words.errors import unknown_host_hints, unreachable_hints
from seasalt.client.words.i18n import _
from seasalt.common.names import fit_name
from seasalt.protocol import ErrorCode


class Link(Protocol):
    """What the app needs from a connection (the real one or a test fake).

    ``recv`` returns protocol server messages, or :class:`LinkStatus` for "reconnecting" /
    "connected" changes of the connection itself.
    """

    async def connect(self) -> None:
        """Open the link, however long a slow one takes (the caller cancels it when the
        player goes back).

        Raises:
            LinkFailed: with words for people.
        """

    async def send(self, message: Any) -> bool | None:
        """Send ``message``; False when it did not get through (no link right now; an
        ``away`` the server was not heard to read), None when the link cannot tell."""

    async def recv(self) -> Any: ...
    async def close(self) -> None: ...


class LinkFailed(Exception):
    """Connecting failed; ``detail`` and ``hints`` are for people."""

    def __init__(self, detail: str, hints: tuple[str, ...] = ()) -> None:
        super().__init__(detail)
        self.detail = detail
        self.hints = hints


LinkFactory = Callable[[str, str], Link]


def default_link_factory(
    address: str, name: str, server_key: str | None = None, *, remember: bool = False,
    patience: float = CONNECT_PATIENCE, report: Callable[[LinkStatus], object] | None = None,
) -> Link:
    """The real connection (seasalt.client.net.connection), adapted to :class:`Link`."""
    return ConnectionLink(address, name, server_key, remember=remember, patience=patience,
                          report=report)


def slow_link_words(address: str) -> str:
    """What the connecting screen says when the server's port answered but the session has
    not opened after the patience: the link is slow, and the client goes on trying."""
    return _("Connecting to {address}…\nThe link is slow: the server answers, but its replies "
             "take long (a weak Wi-Fi?). Still trying; Esc goes back.").format(address=address)


class ConnectionLink:
    """:class:`seasalt.client.net.connection.Connection` as a :class:`Link`, with failures worded.

    ``remember``: keep the session token for this address in the user data dir
    (client/files/tokens.py) and resume with it at the next start, which puts a restarted client
    back in its seat. ``patience``: seconds before a connect without a welcome says what it means
    (no server, or a slow link it goes on waiting for: :class:`~seasalt.client.net.link_timing.
    FirstConnect`); ``report``: where it says the link is slow (the connecting screen).
    """

    def __init__(
        self, address: str, name: str, server_key: str | None = None, *, remember: bool = False,
        patience: float = CONNECT_PATIENCE, report: Callable[[LinkStatus], object] | None = None,
    ) -> None:
        from seasalt.client.files.identity import load_identity
        from seasalt.client.net.connection import Connection
        from seasalt.client.net.security import client_security

        try:
            security = client_security(server_key) if server_key is not None else None
        except ValueError as error:
            raise LinkFailed(str(error), ()) from error
        self.address = address
        self.name = name
        self.patience = patience
        self.report = report
        # Another window with this name on this server keeps its own session (and seat).
        self.claim = tokens.claim(address, name) if remember else tokens.Claim(None)
        self.remember = self.claim.held
        kept = tokens.load(address, name) if self.remember else None
        self.kept: tokens.Kept | None = kept
        self.saved = True
        """The last write of the token worked (a read-only data dir: it did not)."""
        self.kept_table = kept.table if kept is not None else None
        try:
            self.conn = Connection(
                address, fit_name(name), security=security,
                token=kept.token if kept is not None else None,
            )
            self.conn.identity = load_identity()  # statistics follow this player
        except ValueError as error:
            self.claim.release()
            raise LinkFailed(
                _("That is not a server address: {address}").format(address=address),
                (_("type it as host:port, e.g. 192.168.1.20:7327 or [::1]:7327"),),
            ) from error

    async def connect(self) -> None:
        first = self.conn.timing.first_connect(self.patience)
        opening = asyncio.ensure_future(self.conn.connect(timeout=None))
        try:
            while not opening.done():
                await asyncio.wait({opening}, timeout=first.next_look() or None)
                verdict = first.verdict(self.conn.reached)
                if opening.done() or verdict == "trying":
                    continue
                if verdict == "unreachable":
                    raise LinkFailed(
                        _("No seasalt server answered at {address}.").format(
                            address=self.address),
                        unreachable_hints(self.address),
                    )
                if self.report is not None:  # slow: said once, then waited for
                    self.report(LinkStatus("connecting", slow_link_words(self.address)))
                await asyncio.wait({opening})
            opening.result()
            self._keep()
        except UnknownHost as error:
            raise LinkFailed(
                _("No computer named {host} was found.").format(host=error.host),
                unknown_host_hints(error.host, error.lookup_failed),
            ) from error
        except HandshakeRefused as error:  # its message says which key to pass
            raise LinkFailed(str(error), ()) from error
        except ConnectFailed as error:
            if error.code is ErrorCode.VERSION_MISMATCH:
                raise LinkFailed(
                    _("The server at {address} runs another version of seasalt.").format(
                        address=self.address
                    ),
                    (_("install the same seasalt version on both machines "
                       "(pipx upgrade seasalt)"), str(error)),
                ) from error
            raise LinkFailed(
                _("No seasalt server answered at {address}.").format(address=self.address),
                unreachable_hints(self.address),
            ) from error
        finally:
            if not opening.done():
                opening.cancel()
                with contextlib.suppress(asyncio.CancelledError, Exception):
                    await opening

    def _keep(self, seated: tuple[str, int] | None = None) -> None:
        """Write the token (and the seat: ``seated``, from a ``joined`` with a seat) down when
        they changed: a new session, a seat."""
        token = self.conn.token
        if not self.remember or token is None:
            return
        kept = tokens.Kept(token, *seated) if seated is not None else tokens.Kept(token)
        if self.kept is not None and self.kept.token == token and seated is None:
            kept = tokens.Kept(token, self.kept.table, self.kept.seat)  # left to the lobby
            # (or watching, or back after a loss): the seat may still be ours (a bot plays
            # it): keep it marked
        if kept != self.kept:
            self.saved = tokens.save(self.address, self.name, kept)
            self.kept = kept

    @property
    def keeps_seat(self) -> bool:
        """Whether a later start of the client under this name finds this session (and its
        seat): its token is kept on disk. Not when another window on this machine holds the
        entry of this name (``claim``), nor when the file could not be written."""
        return self.remember and self.saved

    async def send(self, message: Any) -> bool:
        return await self.conn.send(message)

    async def recv(self) -> Any:
        from seasalt.protocol import Joined, Left, Welcome

        try:
            message = await self.conn.recv()
        except ConnectionClosed as error:
            raise LinkFailed(
                _("The connection to the server is closed: {reason}").format(reason=error),
                unreachable_hints(self.address),
            ) from error
        if self.remember and isinstance(message, Joined) and message.seat is not None:
            self._keep((message.table, message.seat))
        elif self.remember and isinstance(message, Welcome | Joined | Left):
            self._keep()
        if isinstance(message, LinkEvent):
            if message.state == "lost":
                return LinkStatus("reconnecting", message.detail, stopping=message.stopping)
            self._keep()  # a reconnect may have opened a new session
            return LinkStatus("connected", message.detail, fresh=message.fresh)
        return message

    async def close(self) -> None:
        await self.conn.close()
        self.claim.release()
