"""Sessions: who a routing id is, what they hold, and how fast they may talk (DESIGN "The wire").

A session is created by ``hello`` and found again by ``resume`` with its token; the server keeps
only the token's hash. A session holds at most one seat, or watches one table.
"""

from __future__ import annotations

import secrets
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, NamedTuple, Protocol

if TYPE_CHECKING:
    from .config import Clock
    from .tables import Table


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
    left: str | None = None
    """The table this session last left with ``leave``, until it sits or watches again: a
    ``leave`` sent again (its ``left`` lost with the link) gets the same answer (kept in the
    journal, so after a restart too)."""
    shown: tuple[str, int | None] | None = None
    """Where its client was last told it is: the (table, seat or None watching) of the last
    ``joined`` sent, None once a ``left`` was sent (kept in the journal, so after a restart
    too). A resumed session found at no table whose client still thinks it is at one is told
    ``left``, and a spectator comes back to the table it watched (server/arrivals.py)."""

    def connected(self, now: float, timeout: float) -> bool:
        return self.peer is not None and now - self.last_seen <= timeout


class KeptSession(NamedTuple):
    """A session as the journal keeps it (server/journal.py): it resumes after a restart."""

    id: str
    name: str
    left: str | None = None
    """``Session.left``."""
    shown: tuple[str, int | None] | None = None
    """``Session.shown``."""


class SessionStore(Protocol):
    """Where sessions outlive the process (server/journal.py): a client in the lobby when the
    server restarts resumes its own session, as one with a seat does (with a new one, what it
    had asked for meanwhile would be lost)."""

    def remember_session(self, token_hash: str, session_id: str, name: str) -> None: ...
    def forget_session(self, token_hash: str) -> None: ...
    def remembered_session(self, token_hash: str) -> KeptSession | None: ...
    def note_shown(self, token_hash: str, shown: tuple[str, int | None] | None) -> None: ...


class SessionRegistry:
    """Sessions by token hash and by routing id: the one owner of both maps.

    ``by_hash`` and ``by_peer`` are for reading; every change goes through a method here
    (create, bind, unbind, forget), so the two maps never disagree, and the ``store`` (when
    given) keeps every session's token hash, id and name until it is forgotten.
    """

    def __init__(
        self, clock: Clock, peer_timeout: float, store: SessionStore | None = None,
        *, started_at: float | None = None,
    ) -> None:
        self._clock = clock
        self._peer_timeout = peer_timeout
        self._store = store
        self.started_at = clock.now() if started_at is None else started_at
        """When this server started: a seat's holder not back since then (restored from the
        journal) was last heard at this time."""
        self.by_hash: dict[str, Session] = {}
        """Oldest first (creation order: the oldest idle lobby session is evicted first)."""
        self.by_peer: dict[bytes, Session] = {}

    def __len__(self) -> int:
        return len(self.by_hash)

    def __iter__(self) -> Iterator[Session]:
        """Every session, oldest first."""
        return iter(self.by_hash.values())

    def get(self, token_hash: str | None) -> Session | None:
        return None if token_hash is None else self.by_hash.get(token_hash)

    def __contains__(self, token_hash: object) -> bool:
        return token_hash in self.by_hash

    def create(
        self, token_hash: str, name: str, now: float, session_id: str | None = None
    ) -> Session:
        session = Session(
            id=session_id or secrets.token_hex(4),
            token_hash=token_hash,
            name=name,
            peer=None,
            last_seen=now,
            last_sent=now,
        )
        self.by_hash[token_hash] = session
        if self._store is not None and session_id is None:
            self._store.remember_session(token_hash, session.id, name)
        return session

    def revive(self, token_hash: str, now: float) -> Session | None:
        """The session an earlier run of the server opened with this token, made again (same
        id and name), or None when the store knows none."""
        kept = self._store.remembered_session(token_hash) if self._store is not None else None
        if kept is None:
            return None
        session = self.create(token_hash, kept.name, now, session_id=kept.id)
        session.left, session.shown = kept.left, kept.shown
        return session

    def note_shown(self, session: Session, shown: tuple[str, int | None] | None) -> None:
        """Its client was told it is at ``shown`` now (a ``joined``; None: a ``left``)."""
        if session.shown != shown:
            session.shown = shown
            if self._store is not None:
                self._store.note_shown(session.token_hash, shown)

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

    def forget(self, session: Session) -> None:
        """The session is gone for good: its token resumes nothing any more."""
        self.unbind(session)
        self.by_hash.pop(session.token_hash, None)
        if self._store is not None:
            self._store.forget_session(session.token_hash)

    def of_peer(self, peer: bytes) -> Session | None:
        return self.by_peer.get(peer)

    def connected(self, session: Session | None) -> bool:
        """Bound to a connection and heard within the peer timeout."""
        return session is not None and session.connected(self._clock.now(), self._peer_timeout)

    def last_heard(self, session: Session | None) -> float:
        """When a seat's holder (``holder``) was last heard; one with no session here, not
        back since the restart, counts from the start (the takeover delay runs from then)."""
        return session.last_seen if session is not None else self.started_at

    def bound(self) -> list[Session]:
        """The sessions bound to a routing id now (a copy: the caller may unbind them)."""
        return list(self.by_peer.values())

    # --- who is at a table ------------------------------------------------------------

    def members(self, table: Table) -> Iterator[tuple[Session, int | None]]:
        """Every session at the table with its seat (None: watching), seated first."""
        for seat in table.seats:
            if seat.holder is None:
                continue
            session = self.by_hash.get(seat.holder)
            if session is not None and session.table == table.name and session.seat == seat.index:
                yield session, seat.index
        for token_hash in sorted(table.watchers):
            session = self.by_hash.get(token_hash)
            if session is not None and session.table == table.name and session.seat is None:
                yield session, None

    def holder(self, table: Table, index: int) -> Session | None:
        """The session of the human holding seat ``index``, if it is at the table."""
        holder = table.seats[index].holder
        if holder is None:
            return None
        session = self.by_hash.get(holder)
        if session is None or session.table != table.name or session.seat != index:
            return None
        return session
