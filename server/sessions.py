"""Sessions: who a routing id is, what they hold, and how fast they may talk (DESIGN "The wire").

A session is created by ``hello`` and found again by ``resume`` with its token; the server keeps
only the token's hash. A session holds at most one seat, or watches one table.
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass, field


@dataclass(slots=True)
class RateLimiter:
    """A token bucket: ``rate`` messages a second on average, ``burst`` at once."""

    rate: float
    burst: float
    tokens: float
    stamp: float

    def allow(self, now: float) -> bool:
        self.tokens = min(self.burst, self.tokens + (now - self.stamp) * self.rate)
        self.stamp = now
        if self.tokens >= 1.0:
            self.tokens -= 1.0
            return True
        return False


@dataclass(slots=True)
class Session:
    """One player (or spectator) across reconnects."""

    id: str
    """A short public handle (never the token)."""
    token_hash: str
    name: str
    peer: bytes | None
    """The ROUTER routing id of the current connection; None while it has none."""
    last_seen: float
    """Clock time of the last frame from this session."""
    last_sent: float
    limiter: RateLimiter
    table: str | None = None
    seat: int | None = None
    """The seat held at ``table``; None with a table set means watching."""
    alive: bool = True
    """Connected at the last timer check (presence changes are announced)."""
    resync: set[str] = field(default_factory=set)
    """Tables whose stream this peer missed (full pipe): send a snapshot when it drains."""
    connection: tuple[str | None, int | None] | None = None
    """The connection ``peer`` was bound from (server/peers.py ``Origin.connection``): frames
    under that routing id from any other connection are not this session's. None: unchecked
    (a Master without sockets)."""
    opened_by: tuple[object, ...] | None = None
    """The connection that created the session (routing id + connection): the per-connection
    session cap."""
    address: str | None = None
    """The remote address that created the session: the per-address caps."""
    history_limiter: RateLimiter | None = None
    """The budget of history requests (``history_rate``), made at the first one."""

    def connected(self, now: float, timeout: float) -> bool:
        return self.peer is not None and now - self.last_seen <= timeout


class SessionRegistry:
    """Sessions by token hash and by routing id."""

    def __init__(self, rate: float, burst: float) -> None:
        self._rate = rate
        self._burst = burst
        self.by_hash: dict[str, Session] = {}
        self.by_peer: dict[bytes, Session] = {}

    def create(self, token_hash: str, name: str, now: float) -> Session:
        session = Session(
            id=secrets.token_hex(4),
            token_hash=token_hash,
            name=name,
            peer=None,
            last_seen=now,
            last_sent=now,
            limiter=RateLimiter(self._rate, self._burst, self._burst, now),
        )
        self.by_hash[token_hash] = session
        return session

    def bind(self, session: Session, peer: bytes, now: float) -> bytes | None:
        """Bind ``peer`` to ``session``; return the routing id it replaces, if another.

        A peer that was bound to a different session loses that binding (one session per
        connection).
        """
        previous = self.by_peer.get(peer)
        if previous is not None and previous is not session:
            previous.peer = None
        old = session.peer
        if old is not None and old != peer:
            self.by_peer.pop(old, None)
        session.peer = peer
        session.last_seen = now
        self.by_peer[peer] = session
        return old if old is not None and old != peer else None

    def unbind(self, session: Session) -> None:
        if session.peer is not None:
            self.by_peer.pop(session.peer, None)
            session.peer = None

    def of_peer(self, peer: bytes) -> Session | None:
        return self.by_peer.get(peer)
