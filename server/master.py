"""The master: one entry point per inbound frame, and the restart from the journal.

``handle`` runs the first guards of the pipeline (rate, one frame, size, decode, session), then
hands the message to its handler in the lobby, game or history mixin (the dispatch table in
``Master.__init__``: message type -> handler), which runs the rest.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from seasalt.engine import ENGINE_VERSION, IllegalActionError, apply, replay
from seasalt.protocol import (
    MAX_MESSAGE_SIZE,
    ActionRequest,
    Chat,
    ChatEntry,
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
    action_from_wire,
    decode_client_message,
    encode,
)
from seasalt.protocol.messages import Leave

from .botpool import BotPool
from .clocks import ClockMixin
from .config import Clock, ServerConfig
from .core import SendFn, log
from .game import ROUND_ENDS, GameMixin
from .history import HISTORY_REQUESTS, HistoryMixin
from .journal import GameRecord, Journal, from_blob
from .limits import RATE_LIMITED_MESSAGE, PeerLimiter
from .lobby import LobbyMixin
from .peers import Origin
from .presence import PresenceMixin
from .scores import ScoresMixin
from .sessions import Session
from .tables import CHAT_KEPT, Seat, Status, Table, make_rules

Opener = Callable[[bytes, Any, Origin | None], None]
"""A handler of a message that opens a session (peer, message, origin)."""
Route = Callable[[Session, bytes, Any], None]
"""A handler of a message from a session (session, peer, message)."""

RESTORE_FINISHED_WITHIN = 3600.0
"""Seconds: a table whose latest game ended longer ago is not brought back at start, and one
brought back is forgotten this long after the restart if nobody came back to it (its players
have gone; a finished table in memory counts against ``max_tables``)."""


class Master(ClockMixin, LobbyMixin, GameMixin, PresenceMixin, HistoryMixin, ScoresMixin):
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
        super().__init__(config, clock, journal, bots, send, takeover_level)
        self.init_game()
        self.init_history()
        self.peer_limits = PeerLimiter(config.rate_limit, config.rate_burst)
        self._rate_limited = encode(Error(ErrorCode.RATE_LIMITED, RATE_LIMITED_MESSAGE))
        # Which handler serves each client message type: looked up by exact type (decode
        # builds exactly these classes). Openers come before the session guard, routes after.
        self.openers: dict[type, Opener] = {Hello: self._hello, Resume: self.on_resume}
        self.routes: dict[type, Route] = {
            Heartbeat: lambda session, peer, msg: None,  # being heard (in handle) is its job
            ActionRequest: self.on_action,
            Continue: self.on_continue,
            ListTables: lambda session, peer, msg: self.on_list(session),
            JoinOrCreate: self.on_join,
            Watch: self.on_watch,
            Leave: lambda session, peer, msg: self.on_leave(session, peer),
            PlayAgain: self.on_play_again,
            Sync: self.on_sync,
            Chat: self.on_chat,
            GetScores: self.on_get_scores,
            **{kind: self.on_history for kind in HISTORY_REQUESTS},
        }

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
                self._send_frame(peer, self._rate_limited)
            return
        if len(frames) != 1:
            self.error(
                peer,
                ErrorCode.BAD_MESSAGE,
                f"frame: expected one frame per message, got {len(frames)}",
            )
            return
        data = frames[0]
        if len(data) > MAX_MESSAGE_SIZE:
            self.error(
                peer, ErrorCode.TOO_LARGE, f"frame: {len(data)} bytes > {MAX_MESSAGE_SIZE}"
            )
            return
        try:
            msg = decode_client_message(data)
        except DecodeError as exc:
            self.error(peer, exc.code, str(exc))
            return
        opener = self.openers.get(type(msg))
        if opener is not None:  # hello/resume: the only messages without a session
            opener(peer, msg, origin)
            return
        session = self.session_of(peer, origin)
        if session is None:
            self.error(peer, ErrorCode.UNAUTHORIZED, "no session: send hello or resume first")
            return
        session.last_seen = self.clock.now()
        if session.table is not None and session.seat is not None:
            table = self.tables.get(session.table)
            if table is not None and table.seats[session.seat].bot_playing:
                # heard again after a takeover for silence: the seat comes back
                table.seats[session.seat].bot_playing = False
                self.announce(table)
        route = self.routes.get(type(msg))
        if route is None:  # a client message type this server does not serve
            self.error(peer, ErrorCode.BAD_MESSAGE, f"t: {type(msg).__name__} not served")
            return
        route(session, peer, msg)  # the rest of the pipeline: in the handler (game.py, ...)

    def _hello(self, peer: bytes, msg: Hello, origin: Origin | None) -> None:
        self.on_hello(peer, msg, origin)
        self.note_identity(peer, msg.identity)

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

    def connection_closed(self, fd: int) -> None:
        """The ROUTER closed the connection on ``fd``: sessions bound to it lose their routing
        id (libzmq may give it to the next peer that presents it) and resume with their
        token; a seat stays theirs."""
        for session in [s for s in self.sessions.by_peer.values() if s.connection is not None]:
            if session.connection is not None and session.connection[1] == fd:
                self.sessions.unbind(session)
                if session.table is not None:
                    table = self.tables.get(session.table)
                    if table is not None:
                        self.announce(table)

    def tick(self) -> None:
        super().tick()
        self.peer_limits.prune(self.clock.now())

    # --- restart --------------------------------------------------------------------------

    def restore(self) -> None:
        """Rebuild every unfinished journalled game with ``engine.replay`` and carry on, then
        the game-over screen of each table whose latest game finished lately (DESIGN
        "Durability"): its players come back to it and may play again."""
        cutoff = None
        if self.config.max_resume_age is not None:  # older games stay in the journal
            cutoff = self.journal.wall_clock() - self.config.max_resume_age
        for record in self.journal.unfinished_games(cutoff):
            if record.engine_version != ENGINE_VERSION:
                reason = (
                    f"table {record.table_name!r} was recorded by engine version "
                    f"{record.engine_version}; this server runs {ENGINE_VERSION} and cannot "
                    "resume it (its round results stay in the journal)"
                )
                self.refused[record.table_name] = reason
                log.warning("%s", reason)
                continue
            try:
                table = self.rebuild(record)
            except (DecodeError, IllegalActionError, ValueError) as exc:
                reason = f"table {record.table_name!r} cannot be replayed: {exc}"
                self.refused[record.table_name] = reason
                log.warning("%s", reason)
                continue
            if table.status is Status.WAITING:
                # Never started: nobody is owed it, and bringing it back would hold its name
                # and a table slot for --max-resume-age (issue 14's lockout).
                self.journal.mark_finished(record.id)
                log.info("waiting table %s not restored", table.name)
                continue
            self.tables[table.name] = table
            log.info(
                "table %s resumed at seq %d (%s)", table.name, table.seq, table.status.value
            )
        self.restore_finished(cutoff)

    def restore_finished(self, cutoff: float | None) -> None:
        since = self.journal.wall_clock() - RESTORE_FINISHED_WITHIN
        if cutoff is not None:
            since = max(since, cutoff)
        for record in self.journal.finished_tables(since):  # newest first
            name = record.table_name
            if name in self.tables or name in self.refused:
                continue  # a game still to play (or refused) owns the name
            if len(self.tables) >= self.config.max_tables:
                log.info("finished tables not restored: the lobby is full")
                return
            if record.engine_version != ENGINE_VERSION:
                continue  # over anyway: its history stays readable, the name is free
            try:
                table = self.rebuild(record)
            except (DecodeError, IllegalActionError, ValueError) as exc:
                log.warning("finished table %r cannot be replayed: %s", name, exc)
                continue
            if table.status is not Status.FINISHED:
                log.warning("finished table %r does not replay to a game over", name)
                continue
            table.forget_at = self.clock.now() + RESTORE_FINISHED_WITHIN
            self.tables[name] = table
            log.info("table %s restored at its game over (game %d)", name, table.game_no)

    def rebuild(self, record: GameRecord) -> Table:
        rules = make_rules(record.players, record.extra_salt, record.double_target, record.target)
        actions = [
            action_from_wire(from_blob(blob), f"journal action {i + 1}")
            for i, blob in enumerate(record.actions)
        ]
        # The last action is applied apart from the rest: its events tell whether the server
        # stopped during the reading pause after a round (DESIGN "The wire").
        state = replay(rules, record.seed, actions[:-1])
        round_ended = False
        if actions:
            result = apply(state, actions[-1])
            state = result.state
            round_ended = any(e.kind in ROUND_ENDS for e in result.events)
        seats = [Seat(i, kind) for i, kind in enumerate(record.seat_kinds)]
        for held in record.seats:
            if held.token_hash is not None and 0 <= held.seat < len(seats):
                seats[held.seat].holder = held.token_hash
                seats[held.seat].name = held.name
        table = Table(
            name=record.table_name,
            extra_salt=record.extra_salt,
            double_target=record.double_target,
            seats=seats,
            game_id=record.id,
            game_no=record.game_no,
            seed=record.seed,
            seq_base=record.seq_base,
            state=state,
            takeover_level=self.takeover_level,
            turn_time=record.turn_time,  # the turn timer restarts with a full turn (clocks.py)
        )
        table.chat.extend(
            ChatEntry(name, seat, text)
            for name, seat, text in self.journal.recent_chat(table.name, CHAT_KEPT)
        )
        for _idx, seat, round_no, level in self.journal.takeovers(record.id):
            table.note_stand_in(seat, level, round_no)
        if state.is_over:
            table.status = Status.FINISHED
        elif table.humans_seated():
            table.status = Status.RUNNING
            if round_ended:
                self.restore_reading(table)
        return table

    def restore_reading(self, table: Table) -> None:
        """Stopped during the pause after a round: pause again, for every seated human (none
        has a session yet; each holds the pause until the timeout unless it comes back)."""
        reading = {s.index for s in table.seats if not s.is_bot and s.holder is not None}
        if not reading:
            return
        table.status = Status.ROUND_OVER
        table.reading = reading
        table.reading_restored = True
        table.continue_deadline = self.clock.now() + self.config.continue_timeout
