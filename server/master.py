"""The master: the services of the server composed, and the one pipeline every inbound frame
goes through (as boardgame.io's master reads: guards first, then the handler).

    frame ─► rate limit per connection (before decoding: a flood costs a dict lookup)
          ─► one frame, at most MAX_MESSAGE_SIZE, decodes to a client message
          ─► openers: hello / resume, the only messages without a session
               hello: clean name ─► one lobby session per connection ─► lockout caps
                      ─► room under the session cap ─► a new session
          ─► session guard: the routing id is bound, from the connection that bound it
          ─► heard: the session's last-seen time; a seat taken for silence comes back
          ─► routes: message type ─► handler (history requests: their own rate guard first)
          ─► the handler's own guards (server/game.py for actions), then the journal, then
             the frames out (server/outbox.py)

Each service owns one thing and gets what it uses in its constructor (docs/server.md draws
the graph); ``__init__`` below builds them bottom up, so no service can call one built after
it.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import Any

from seasalt.protocol import (
    MAX_MESSAGE_SIZE,
    ActionRequest,
    Chat,
    Continue,
    DecodeError,
    Error,
    ErrorCode,
    GetScores,
    Heartbeat,
    Hello,
    JoinOrCreate,
    ListTables,
    PlayAgain,
    Resume,
    Sync,
    Watch,
    decode_client_message,
    encode,
)
from seasalt.protocol.messages import Away, Leave

from .arrivals import Arrivals
from .botpool import BotPool
from .clocks import TableClocks
from .config import Clock, ServerConfig, log
from .game import Game
from .history import HISTORY_REQUESTS, History
from .journal import Journal
from .limits import RATE_LIMITED_MESSAGE, PeerLimiter
from .lobby import Lobby
from .lockout import Lockout
from .news import TableNews
from .outbox import Outbox, SendFn
from .peers import Origin
from .presence import Presence
from .restore import Restorer
from .scores import Scores
from .sessions import Session, SessionRegistry
from .shared import Shared
from .table_registry import TableRegistry

Opener = Callable[[bytes, Any, Origin | None], None]
"""A handler of a message that opens a session (peer, message, origin)."""
Route = Callable[[Session, bytes, Any], None]
"""A handler of a message from a session (session, peer, message)."""


class Master:
    """All server logic, transport-free: feed it frames, it calls ``send``."""

    def __init__(
        self,
        config: ServerConfig,
        clock: Clock,
        journal: Journal,
        bots: BotPool,
        send: SendFn,
        takeover_level: str = "random",
    ) -> None:
        self.config = config
        self.clock = clock
        self.journal = journal
        # The shared state: the tables (with the names refused at restart), the sessions;
        # with the settings and the clock, what every service that acts on tables reads.
        self.tables = TableRegistry(takeover_level)
        self.sessions = SessionRegistry(
            clock, config.peer_timeout, journal, started_at=clock.now()
        )
        shared = Shared(config, clock, self.tables, self.sessions)
        # The services, each after everything it calls.
        self.outbox = Outbox(send, clock)
        self.clocks = TableClocks(shared, self.outbox)
        self.news = TableNews(self.sessions, self.outbox, journal, self.clocks)
        self.game = Game(shared, self.outbox, self.news, self.clocks, journal, bots)
        self.lockout = Lockout(config, self.tables, self.sessions, journal)
        self.lobby = Lobby(shared, self.outbox, self.news, self.game, self.lockout, journal)
        self.arrivals = Arrivals(shared, self.outbox, self.lobby, self.lockout)
        self.presence = Presence(
            shared, self.outbox, self.news, self.lobby, self.lockout, self.game
        )
        self.history = History(config, clock, self.sessions, self.outbox, journal)
        self.scores = Scores(self.tables, self.outbox, journal)
        self.restorer = Restorer(config, clock, journal, self.tables)
        self.peer_limits: PeerLimiter[bytes] = PeerLimiter(config.rate_limit, config.rate_burst)
        self._rate_limited = encode(Error(ErrorCode.RATE_LIMITED, RATE_LIMITED_MESSAGE))
        # Which handler serves each client message type: looked up by exact type (decode
        # builds exactly these classes). Openers come before the session guard, routes after.
        self.openers: dict[type, Opener] = {Hello: self._hello, Resume: self.arrivals.on_resume}
        lobby = self.lobby
        self.routes: dict[type, Route] = {
            Heartbeat: lambda session, peer, msg: None,  # being heard (in handle) is its job
            ActionRequest: self.game.on_action,
            Continue: self.game.on_continue,
            ListTables: lambda session, peer, msg: lobby.on_list(session),
            JoinOrCreate: lobby.on_join,
            Watch: lobby.on_watch,
            Leave: lambda session, peer, msg: lobby.on_leave(session, peer),
            Away: self.presence.on_away,
            PlayAgain: lobby.on_play_again,
            Sync: lobby.on_sync,
            Chat: lobby.on_chat,
            GetScores: self.scores.on_get_scores,
            **{kind: self._history_request for kind in HISTORY_REQUESTS},
        }

    # --- the pipeline ---------------------------------------------------------------------

    def handle(self, peer: bytes, frames: list[bytes], origin: Origin | None = None) -> None:
        """One inbound message (the frames after the routing id).

        ``origin``: the frame's metadata (server/peers.py); None when there is no socket
        (unit tests), which trusts the routing id alone.
        """
        if not self.peer_limits.allow(peer, self.clock.now()):
            # Before decoding: a flood costs a dict lookup. The first refused frame of a spell
            # is answered; the rest are dropped unanswered, so a flooder that does not read
            # costs no sends either.
            if self.peer_limits.first_refusal(peer):
                self.outbox.transport(peer, self._rate_limited)
            return
        if len(frames) != 1:
            self.outbox.error(
                peer,
                ErrorCode.BAD_MESSAGE,
                f"frame: expected one frame per message, got {len(frames)}",
            )
            return
        data = frames[0]
        if len(data) > MAX_MESSAGE_SIZE:
            self.outbox.error(
                peer, ErrorCode.TOO_LARGE, f"frame: {len(data)} bytes > {MAX_MESSAGE_SIZE}"
            )
            return
        try:
            msg = decode_client_message(data)
        except DecodeError as exc:
            self.outbox.error(peer, exc.code, str(exc))
            return
        opener = self.openers.get(type(msg))
        if opener is not None:  # hello/resume: the only messages without a session
            opener(peer, msg, origin)
            return
        session = self.session_of(peer, origin)
        if session is None:
            self.outbox.error(
                peer, ErrorCode.UNAUTHORIZED, "no session: send hello or resume first"
            )
            return
        self._heard(session)
        route = self.routes.get(type(msg))
        if route is None:  # a client message type this server does not serve
            self.outbox.error(peer, ErrorCode.BAD_MESSAGE, f"t: {type(msg).__name__} not served")
            return
        route(session, peer, msg)  # the handler's own guards come first in it

    def _hello(self, peer: bytes, msg: Hello, origin: Origin | None) -> None:
        self._open_session(peer, msg, origin)
        # The player id of whichever session the connection holds now (statistics key).
        self.history.note_identity(peer, msg.identity)

    def _open_session(self, peer: bytes, msg: Hello, origin: Origin | None) -> None:
        arrivals = self.arrivals
        name = arrivals.name_of(peer, msg)
        if name is None:
            return
        arrivals.close_previous_session(peer)  # before the caps: it does not count against them
        capped = self.lockout.session_cap_refusal(peer, origin, self.clock.now())
        if capped is not None:
            self.outbox.error(peer, ErrorCode.LIMIT_REACHED, capped)
            return
        if arrivals.room_for_a_session(peer):
            arrivals.open(peer, name, origin)

    def session_of(self, peer: bytes, origin: Origin | None) -> Session | None:
        """The session bound to ``peer``, if this frame comes from the connection that bound
        it. A frame from another connection under the same routing id (the first one has
        gone: libzmq ignores a second peer with an id in use) proves the binding is stale:
        the session loses it and must ``resume`` with its token; the frame is unauthorized."""
        session = self.sessions.of_peer(peer)
        if session is None or origin is None or session.connection is None:
            return session
        if origin.connection == session.connection:
            return session
        log.warning(
            "session %s: a frame under its routing id from another connection; refused",
            session.id,
        )
        self.sessions.unbind(session)
        return None

    def _heard(self, session: Session) -> None:
        session.last_seen = self.clock.now()
        if session.table is not None and session.seat is not None:
            table = self.tables.get(session.table)
            seat = table.seats[session.seat] if table is not None else None
            if table is not None and seat is not None and seat.bot_playing and not seat.idle:
                # heard again after a takeover for silence: the seat comes back (one taken
                # for idleness comes back on a move: server/game.py ``take_back``)
                self.tables.give_back(table, session.seat)
                self.news.announce(table)

    def _history_request(self, session: Session, peer: bytes, msg: Any) -> None:
        if self.history.allowed(session, peer):  # a budget of its own, far below the rate
            self.history.on_request(session, peer, msg)

    # --- the socket's other news, the timers, start and stop ------------------------------

    def connection_closed(self, fd: int) -> None:
        """The ROUTER closed the connection on ``fd``: sessions bound to it lose their routing
        id (libzmq may give it to the next peer that presents it) and resume with their
        token; a seat stays theirs."""
        for session in self.sessions.bound():
            if session.connection is not None and session.connection[1] == fd:
                self.sessions.unbind(session)
                if session.table is not None:
                    table = self.tables.get(session.table)
                    if table is not None:
                        self.news.announce(table)

    def tick(self) -> None:
        """Whatever the clock says is due: presence first, then the turn timers."""
        self.presence.tick()
        for table in self.clocks.tick():
            self.game.schedule_bot(table)  # a bot plays the rest of a turn that ran out
        now = self.clock.now()
        self.peer_limits.prune(now)
        self.history.prune(now)
        self.lockout.prune(now)

    def restore(self) -> None:
        """Bring back the journalled tables (server/restore.py), before the socket is read."""
        self.restorer.restore()

    def start_bots(self) -> None:
        """Start the bot turns that are due (after ``restore``, once the loop runs)."""
        for table in list(self.tables.values()):
            self.game.schedule_bot(table)

    @property
    def bot_tasks(self) -> dict[str, asyncio.Task[None]]:
        """The bot turns in flight, by table (server/app.py cancels them at stop)."""
        return self.game.bot_tasks

    @property
    def web_urls(self) -> tuple[str, ...]:
        """Where friends open this server in a browser: every ``welcome`` is followed by a
        ``server_info`` naming them (serve_cli sets them once the web front listens)."""
        return self.arrivals.web_urls

    @web_urls.setter
    def web_urls(self, urls: tuple[str, ...]) -> None:
        self.arrivals.web_urls = tuple(urls)

    def error(self, peer: bytes, code: ErrorCode, message: str) -> None:
        self.outbox.error(peer, code, message)

    def say_goodbye(self) -> None:
        """Tell every connected session the server is stopping (clients then resume later)."""
        self.outbox.say_goodbye(self.sessions)

    def close(self) -> None:
        """Stop the history thread; a commit that comes back after this tells nobody (the
        journal is the caller's to close)."""
        self.game.closed = True
        self.history.close()
