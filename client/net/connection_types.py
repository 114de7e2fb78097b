"""What :class:`~seasalt.client.net.connection.Connection` hands its callers besides server
messages: the ways it fails, and the link's own changes.

Apart from the socket driver so that a caller (the headless player, the app's link, the
history source) can name them, and a test build them, without reading the driver. No sockets
here.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from seasalt.protocol import ErrorCode


class ConnectFailed(Exception):
    """Could not open a session; the message is for people, ``code`` the server's reason
    when it refused (None: no answer, or the transport failed)."""

    def __init__(self, message: str, code: ErrorCode | None = None) -> None:
        super().__init__(message)
        self.code = code


class HandshakeRefused(ConnectFailed):
    """The transport handshake failed (encryption mismatch, wrong key, key not admitted):
    retrying cannot help."""


class UnknownHost(ConnectFailed):
    """The server's host name does not resolve (``lookup_failed``: no name server answered,
    rather than "no such name"): retrying the same name cannot help until that changes."""

    def __init__(self, host: str, lookup_failed: bool = False) -> None:
        why = "could not be looked up (no name server answered)" if lookup_failed else (
            "is not known on this network")
        super().__init__(
            f"no computer named {host!r} was found: the name {why}; check its spelling, or "
            "type the host's IP address"
        )
        self.host = host
        self.lookup_failed = lookup_failed


class ConnectionClosed(Exception):
    """The connection is over: closed, replaced by another one, or the server is gone for good.

    ``server_spoke``: the server itself ended it, saying goodbye or that it no longer knew the
    session (it restarted): it was there to say so, and a new session may find it again.
    """

    def __init__(self, message: str, *, server_spoke: bool = False) -> None:
        super().__init__(message)
        self.server_spoke = server_spoke


@dataclass(frozen=True, slots=True)
class LinkEvent:
    """A change of the link itself, delivered through ``recv`` between server messages.

    ``lost``: the server went quiet, or said it is shutting down (``stopping``); the next
    ``recv`` reconnects. ``resumed``: a new socket took the session back (a snapshot of the
    table follows if seated), or opened a new one (``fresh``: the server had forgotten ours, so
    we are at no table).
    """

    state: Literal["lost", "resumed"]
    detail: str = ""
    fresh: bool = False
    stopping: bool = False
