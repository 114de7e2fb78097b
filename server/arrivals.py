"""Sessions opening: ``hello`` makes one, ``resume`` finds one again by its token (or by the
seat its token holds, after a restart) and puts it back at its table.

The order of hello's checks is server/master.py's ``_hello``: a clean name, one lobby session
per connection, the lockout caps (server/lockout.py), room under the session cap, then the
session.
"""

from __future__ import annotations

from dataclasses import dataclass

from seasalt.protocol import (
    PROTOCOL_VERSION,
    Error,
    ErrorCode,
    Hello,
    Resume,
    ServerInfo,
    Welcome,
)

from .config import log
from .limits import TextRefused, clean_name, oldest_evictable
from .lobby import Lobby
from .lockout import Lockout
from .outbox import Outbox
from .peers import Origin
from .seeds import new_token, token_hash
from .sessions import Session
from .shared import TableService
from .tables import NOT_OVER, Table


@dataclass(eq=False, repr=False)
class Arrivals(TableService):
    """Opens and resumes sessions (the messages that come before a session exists)."""

    outbox: Outbox
    lobby: Lobby
    lockout: Lockout
    web_urls: tuple[str, ...] = ()
    """Where friends open this server in a browser (``--web``; set once it listens)."""
    def send_server_info(self, session: Session) -> None:
        """After a ``welcome``: what every client's lobby shows about this server (the
        browser address), so that a player who typed the address can pass it on too."""
        if self.web_urls:
            self.outbox.send(session, ServerInfo(web=self.web_urls))

    # --- hello: its steps, in the order server/master.py runs them --------------------

    def name_of(self, peer: bytes, msg: Hello) -> str | None:
        """The hello's name, cleaned and bounded; None (and the peer told why) if refused."""
        try:
            return clean_name(msg.name, self.config.max_name_length)
        except TextRefused as exc:
            self.outbox.error(peer, ErrorCode.BAD_REQUEST, str(exc))
            return None

    def close_previous_session(self, peer: bytes) -> None:
        """Before a ``hello``: the session this connection holds goes, unless it holds a seat
        (its token can still resume that seat). A watcher stops watching."""
        previous = self.sessions.of_peer(peer)
        if previous is None or previous.seat is not None:
            return
        if previous.table is not None:
            self.lobby.detach(previous)
        self.sessions.forget(previous)
        log.info("session %s closed by a new hello on its connection", previous.id)

    def room_for_a_session(self, peer: bytes) -> bool:
        """Under the session cap, forgetting the oldest disconnected lobby session if needed;
        False (and the peer told) when every session is in use."""
        if len(self.sessions) < self.config.max_sessions:
            return True
        gone = oldest_evictable(
            self.sessions,
            lambda s: s.table is None and not self.sessions.connected(s),
        )
        if gone is None:
            self.outbox.error(
                peer,
                ErrorCode.BAD_REQUEST,
                f"this server already holds {len(self.sessions)} sessions: try later",
            )
            return False
        self.sessions.forget(gone)
        return True

    def open(self, peer: bytes, name: str, origin: Origin | None) -> Session:
        """A new session with a fresh token, bound to ``peer`` and welcomed."""
        token = new_token()
        session = self.sessions.create(token_hash(token), name, self.clock.now())
        self.lockout.mark_opened(session, peer, origin)
        self.sessions.bind(session, peer, self.clock.now())
        session.connection = origin.connection if origin is not None else None
        self.outbox.send(
            session, Welcome(PROTOCOL_VERSION, token, session.id, session.name, False)
        )
        self.send_server_info(session)
        log.info("session %s (%s) opened", session.id, session.name)
        return session

    # --- resume -----------------------------------------------------------------------

    def on_resume(self, peer: bytes, msg: Resume, origin: Origin | None = None) -> None:
        now = self.clock.now()
        hashed = token_hash(msg.token)
        session = self.sessions.get(hashed) or self.from_journal(hashed, now)
        if session is None:
            self.outbox.error(
                peer,
                ErrorCode.UNAUTHORIZED,
                "unknown token: this server has no such session (send hello)",
            )
            return
        old = self.sessions.bind(session, peer, now)
        session.connection = origin.connection if origin is not None else None
        if session.address is None and origin is not None:
            # Made again from the journal after a restart: it counts where it is (the caps,
            # the history budget), as one opened by hello does.
            session.address = origin.address
        if old is not None:
            self.outbox.send_peer(
                old,
                Error(
                    ErrorCode.SESSION_REPLACED,
                    "another connection resumed this session; this one is closed",
                ),
            )
        self.outbox.send(
            session, Welcome(PROTOCOL_VERSION, msg.token, session.id, session.name, True)
        )
        self.send_server_info(session)
        log.info("session %s (%s) resumed", session.id, session.name)
        if session.table is None:
            # Back in the lobby: only a game still played brings it back to a table (one who
            # went from a game over to the lobby keeps that seat, but is not sent back to it).
            held = self.held_seat(hashed, over_too=False)
            if held is not None:
                session.table, session.seat = held[0].name, held[1]
        current = self.tables.get(session.table) if session.table else None
        if current is None:
            session.table = session.seat = None
            if session.shown is not None:
                # Its client still shows a table this session is no longer at (a waiting table
                # a restart did not bring back, a seat given up while it was away): it goes
                # back to the lobby instead of waiting there for frames that never come.
                self.lobby.tell_left(session, session.shown[0])
            return
        self.lobby.rejoin(session, current)

    def from_journal(self, hashed: str, now: float) -> Session | None:
        """After a restart, the session this token had: at the game it plays (one still
        played comes first, wherever its client was), else where its client was last told it
        is (a table it watched, the lobby, a game over), else at a game over it holds a seat
        in; None when the journal knows none of these.

        Where the client was comes before a finished game's seat: one who went from a game
        over to the lobby and then watched another table keeps that seat but watches on
        (it was sent back to its old game over, and its client showed that instead)."""
        held = self.held_seat(hashed, over_too=False)
        if held is None:
            revived = self.sessions.revive(hashed, now)
            if revived is not None:
                self.back_where_shown(revived)
                return revived
            held = self.held_seat(hashed)
        if held is None:
            return None
        table, index = held
        session = self.sessions.create(hashed, table.seats[index].name or "?", now)
        session.table, session.seat = table.name, index
        return session

    def back_where_shown(self, session: Session) -> None:
        """A session brought back from the journal goes where its client was last told it
        is, if the restart brought that table back: watching it (watchers hold no seat the
        journal keeps), or at its seat there (a game over it had not left)."""
        shown = session.shown
        if shown is None or shown[0] not in self.tables:
            return
        name, seat = shown
        if seat is None or self.tables[name].seat_of(session.token_hash) == seat:
            session.table, session.seat = name, seat

    def held_seat(self, hashed: str, *, over_too: bool = True) -> tuple[Table, int] | None:
        """A seat this token holds in a game not yet over (left to a bot, or from the journal),
        else (``over_too``) at a game over it has not left (a finished table brought back from
        the journal)."""
        over = None
        for table in self.tables.values():
            index = table.seat_of(hashed)
            if index is None:
                continue
            if table.status in NOT_OVER:
                return table, index
            if over_too and over is None and not table.seats[index].bot_playing:
                over = table, index  # one who left a game to a bot is not sent back to its end
        return over
