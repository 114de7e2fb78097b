"""The one way out of the server master: every frame to a client leaves through ``Outbox``.

The transport is a plain function (routing id, frame) -> sent, never blocking: server/app.py
gives the ROUTER socket's, tests a recording wire. What a frame says is decided elsewhere; the
game data in it comes only from ``engine.view`` and ``engine.events_for`` (server/news.py,
server/game.py).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from seasalt.protocol import Error, ErrorCode, ServerMessage, encode

from .config import Clock
from .sessions import Session

SendFn = Callable[[bytes, bytes], bool]
"""(routing id, frame) -> sent; False when the peer's pipe is full or the peer is gone."""


class Outbox:
    """Sends to sessions and to bare routing ids; counts what left."""

    def __init__(self, transport: SendFn, clock: Clock) -> None:
        self.transport = transport
        """Replaceable (tests watch every frame by wrapping it)."""
        self._clock = clock
        self.frames_sent = 0

    def send(self, session: Session, message: ServerMessage) -> bool:
        """Send to a session's current connection, without blocking."""
        return self.send_encoded(session, encode(message))

    def send_encoded(self, session: Session, frame: bytes) -> bool:
        """Send an already encoded frame (one encoding shared by receivers of equal data)."""
        if session.peer is None:
            return False
        ok = self.transport(session.peer, frame)
        if ok:
            self.frames_sent += 1
            session.last_sent = self._clock.now()
        return ok

    def send_peer(self, peer: bytes, message: ServerMessage) -> bool:
        return self.transport(peer, encode(message))

    def error(
        self, peer: bytes, code: ErrorCode, message: str, table: str | None = None
    ) -> None:
        self.send_peer(peer, Error(code, message, table))

    def say_goodbye(self, sessions: Iterable[Session]) -> None:
        """Tell every connected session the server is stopping (clients then resume later)."""
        goodbye = Error(ErrorCode.SHUTTING_DOWN, "the server is shutting down")
        for session in sessions:
            if session.peer is not None:  # even a quiet one: the send never blocks
                self.send(session, goodbye)
