"""Sessions and the lobby: hello, resume, list, join-or-create, watch, leave, play again, chat.

A session holds at most one seat. Leaving a running game hands the seat to a bot; the same
token gets it back (``resume``, or ``join_or_create`` of that table).
"""

from __future__ import annotations

from seasalt.engine import ENGINE_VERSION, new_game
from seasalt.protocol import (
    PROTOCOL_VERSION,
    Chat,
    ChatEntry,
    ChatLine,
    Error,
    ErrorCode,
    Hello,
    Joined,
    JoinOrCreate,
    Left,
    PlayAgain,
    Resume,
    Sync,
    Tables,
    Watch,
    Welcome,
)

from .botpool import level_exists
from .core import ServerCore, log
from .limits import TextRefused, clean_name, clean_text, oldest_evictable
from .lockout import NOT_JOURNALLED, LockoutMixin
from .names import look_alike
from .peers import Origin
from .seeds import game_seed, new_token, token_hash
from .sessions import Session
from .tables import BOT_PREFIX, CHAT_KEPT, Seat, Status, Table, make_rules

_ACTIVE = (Status.WAITING, Status.RUNNING, Status.ROUND_OVER)


class LobbyMixin(LockoutMixin, ServerCore):
    # --- sessions -----------------------------------------------------------------------

    def on_hello(self, peer: bytes, msg: Hello, origin: Origin | None = None) -> None:
        try:
            name = clean_name(msg.name, self.config.max_name_length)
        except TextRefused as exc:
            self.error(peer, ErrorCode.BAD_REQUEST, str(exc))
            return
        self.close_previous_session(peer)
        capped = self.session_cap_refusal(peer, origin)
        if capped is not None:
            self.error(peer, ErrorCode.LIMIT_REACHED, capped)
            return
        if not self.room_for_a_session():
            self.error(
                peer,
                ErrorCode.BAD_REQUEST,
                f"this server already holds {len(self.sessions.by_hash)} sessions: try later",
            )
            return
        token = new_token()
        session = self.sessions.create(token_hash(token), name, self.clock.now())
        self.mark_opened(session, peer, origin)
        self.sessions.bind(session, peer, self.clock.now())
        session.connection = origin.connection if origin is not None else None
        self.send(session, Welcome(PROTOCOL_VERSION, token, session.id, session.name, False))
        self.send_server_info(session)
        log.info("session %s (%s) opened", session.id, session.name)

    def room_for_a_session(self) -> bool:
        """Under the session cap, forgetting the oldest disconnected lobby session if needed."""
        by_hash = self.sessions.by_hash
        if len(by_hash) < self.config.max_sessions:
            return True
        gone = oldest_evictable(
            by_hash,
            lambda h: by_hash[h].table is None and not self.connected(by_hash[h]),
        )
        if gone is None:
            return False
        self.sessions.unbind(by_hash[gone])
        del by_hash[gone]
        return True

    def on_resume(self, peer: bytes, msg: Resume, origin: Origin | None = None) -> None:
        now = self.clock.now()
        hashed = token_hash(msg.token)
        session = self.sessions.by_hash.get(hashed)
        if session is None:
            held = self.held_seat(hashed)
            if held is None:
                self.error(
                    peer,
                    ErrorCode.UNAUTHORIZED,
                    "unknown token: this server has no such session (send hello)",
                )
                return
            table, index = held
            session = self.sessions.create(hashed, table.seats[index].name or "?", now)
        old = self.sessions.bind(session, peer, now)
        session.connection = origin.connection if origin is not None else None
        if old is not None:
            self.send_peer(
                old,
                Error(
                    ErrorCode.SESSION_REPLACED,
                    "another connection resumed this session; this one is closed",
                ),
            )
        self.send(session, Welcome(PROTOCOL_VERSION, msg.token, session.id, session.name, True))
        self.send_server_info(session)
        log.info("session %s (%s) resumed", session.id, session.name)
        if session.table is None:
            held = self.held_seat(hashed)
            if held is not None:
                session.table, session.seat = held[0].name, held[1]
        current = self.tables.get(session.table) if session.table else None
        if current is None:
            session.table = session.seat = None
            return
        self.rejoin(session, current)

    def held_seat(self, hashed: str) -> tuple[Table, int] | None:
        """A seat this token holds in a game not yet over (left to a bot, or from the journal),
        else at a game over it has not left (a finished table brought back from the journal)."""
        over = None
        for table in self.tables.values():
            index = table.seat_of(hashed)
            if index is None:
                continue
            if table.status in _ACTIVE:
                return table, index
            if over is None and not table.seats[index].bot_playing:
                over = table, index  # one who left a game to a bot is not sent back to its end
        return over

    def rejoin(self, session: Session, table: Table) -> None:
        """Put a session back at its table: the seat returns from any bot; a fresh snapshot."""
        if session.seat is not None:
            table.seats[session.seat].bot_playing = False
        elif session.token_hash not in table.watchers:
            table.watchers.add(session.token_hash)
        self.send(session, Joined(table.name, session.seat))
        if table.status is not Status.WAITING:  # waiting: the table info below is the snapshot
            self.snapshot(session, table)
        if table.status is Status.ROUND_OVER:  # back during the pause: the result to read
            self.send_round_over_to(session, table)
        elif table.status is Status.FINISHED and session.seat is not None:
            self.send_game_over_to(session, table)  # the choice to play again
        self.send_table_extras(session, table)  # chat, and how the game went (after game_over)
        self.announce(table)

    # --- the lobby ----------------------------------------------------------------------

    def on_list(self, session: Session) -> None:
        infos = tuple(self.info(t) for _, t in sorted(self.tables.items()))
        self.send(session, Tables(infos))

    def on_join(self, session: Session, peer: bytes, msg: JoinOrCreate) -> None:
        name = msg.table
        for spec in msg.seats:
            if spec.startswith(BOT_PREFIX) and not level_exists(spec[len(BOT_PREFIX) :]):
                self.error(peer, ErrorCode.BAD_REQUEST, f"unknown bot level in {spec!r}", name)
                return
        if name in self.refused:
            self.error(peer, ErrorCode.BAD_REQUEST, self.refused[name], name)
            return
        table = self.tables.get(name)
        if session.table is not None:
            current = self.tables.get(session.table)
            if current is not None and current is table and session.seat is not None:
                self.rejoin(session, table)
                return
            if (
                current is not None
                and session.seat is not None
                and current.status in _ACTIVE
            ):
                self.error(
                    peer,
                    ErrorCode.ALREADY_SEATED,
                    f"you hold a seat at {current.name!r}: leave it first",
                    name,
                )
                return
            self.detach(session)
            table = self.tables.get(name)  # leaving (say, as its last watcher) may drop it
        if (
            table is not None
            and table.seat_of(session.token_hash) is None
            and self.release_lost(table)  # no game starts with a player who has gone
        ):
            table = None
        if (
            table is not None
            and table.status is Status.FINISHED
            and table.seat_of(session.token_hash) is None
            and not any(True for _ in self.members(table))
        ):
            # A game over brought back from the journal that nobody came back to: the name is
            # free, as it is once everyone has left a live one.
            del self.tables[name]
            table = None
        if table is not None:
            index = table.seat_of(session.token_hash)
            if index is not None:  # a seat this player left to a bot: take it back
                session.table, session.seat = table.name, index
                self.rejoin(session, table)
                self.schedule_bot(table)
                return
            refusal = self.join_refusal(table, msg)
            if refusal is not None:
                self.error(peer, refusal[0], refusal[1], name)
                return
        elif (capped := self.table_cap_refusal(session)) is not None:
            self.error(peer, ErrorCode.LIMIT_REACHED, capped, name)
            return
        elif len(self.tables) >= self.config.max_tables:
            self.error(
                peer,
                ErrorCode.BAD_REQUEST,
                f"this server already holds {len(self.tables)} tables: join one of them",
                name,
            )
            return
        else:
            table = self.create_table(
                name, msg.seats, msg.extra_salt, msg.double_target, turn_time=msg.turn_time,
                target=msg.target,
            )
            self.mark_created(table, session)
        taken = look_alike(session.name, [s.name for s in table.seats if s.name is not None])
        if taken is not None:
            self.error(
                peer, ErrorCode.BAD_REQUEST,
                f"name: {session.name!r} looks like {taken!r}, who sits at {name!r}: "
                "pick a name others can tell apart", name,
            )
            return
        index = table.free_human_seat()
        if index is None:
            self.error(peer, ErrorCode.TABLE_FULL, f"every seat at {name!r} is taken", name)
            return
        self.take_seat(session, table, index)
        self.send(session, Joined(table.name, index))
        if table.status is Status.WAITING and table.humans_seated():
            self.start_game(table)
        else:
            if table.status is not Status.WAITING:  # waiting: the table info is the snapshot
                self.snapshot(session, table)
            if table.status is Status.FINISHED:
                self.send_game_over_to(session, table)  # the choice to play again
            self.announce(table)
        self.send_table_extras(session, table)  # the chat so far (a table's name may be reused)
        self.schedule_bot(table)

    def start_game(self, table: Table) -> None:
        """Every human seat is taken: the game starts, and everyone at the table gets its
        first snapshot (none was sent while the table waited: see ``snapshot``). Its game is
        written to the journal only now (an empty table that never started leaves no rows)."""
        self.journal_table(table)
        table.status = Status.RUNNING
        log.info("table %s: game %d starts", table.name, table.game_no)
        for member, _ in list(self.members(table)):
            self.snapshot(member, table)
        self.announce(table)

    def join_refusal(self, table: Table, msg: JoinOrCreate) -> tuple[ErrorCode, str] | None:
        if not table.matches(msg.seats, msg.extra_salt, msg.double_target, msg.target):
            has = _describe(table.seat_kinds, table.extra_salt, table.double_target, table.target)
            asked = _describe(msg.seats, msg.extra_salt, msg.double_target, msg.target)
            return (
                ErrorCode.TABLE_MISMATCH,
                f"table {table.name!r} is {has}; you asked for {asked} "
                "(ask for the same, or pick another name)",
            )
        if table.status in (Status.RUNNING, Status.ROUND_OVER):
            return (
                ErrorCode.TABLE_RUNNING,
                f"the game at {table.name!r} has started (watch it, or pick another name)",
            )
        return None

    def create_table(
        self, name: str, seat_kinds: tuple[str, ...], extra_salt: bool, double_target: bool,
        *, turn_time: int = 0, target: int = 0,
    ) -> Table:
        game_no = len(self.journal.games_of(name)) + 1
        seed = game_seed(self.config.seed, name, game_no)
        rules = make_rules(len(seat_kinds), extra_salt, double_target, target)
        game_id = NOT_JOURNALLED  # journalled when the game starts (server/lockout.py)
        table = Table(
            name=name,
            extra_salt=extra_salt,
            double_target=double_target,
            seats=[Seat(i, kind) for i, kind in enumerate(seat_kinds)],
            game_id=game_id,
            game_no=game_no,
            seed=seed,
            seq_base=0,
            state=new_game(rules, seed),
            takeover_level=self.takeover_level,
            turn_time=turn_time,  # the creator's choice; a join takes it (docs/protocol.md §4)
        )
        self.tables[name] = table
        self.journal.clear_chat(name)  # a new table of an old name starts with no chat
        log.info("table %s created: %s", name, ", ".join(seat_kinds))
        return table

    def take_seat(self, session: Session, table: Table, index: int) -> None:
        seat = table.seats[index]
        seat.holder, seat.name, seat.bot_playing = session.token_hash, session.name, False
        session.table, session.seat = table.name, index
        self.journal_seat(table, index, session.name, session.token_hash)

    def on_watch(self, session: Session, peer: bytes, msg: Watch) -> None:
        table = self.tables.get(msg.table)
        if table is None:
            reason = self.refused.get(msg.table, f"no table named {msg.table!r}")
            self.error(peer, ErrorCode.UNKNOWN_TABLE, reason, msg.table)
            return
        if session.table is not None:
            current = self.tables.get(session.table)
            if current is not None and session.seat is not None and current.status in _ACTIVE:
                self.error(
                    peer,
                    ErrorCode.ALREADY_SEATED,
                    f"you hold a seat at {current.name!r}: leave it first",
                    msg.table,
                )
                return
            self.detach(session)
        session.table, session.seat = table.name, None
        self.rejoin(session, table)

    def on_leave(self, session: Session, peer: bytes) -> None:
        if session.table is None:
            self.error(peer, ErrorCode.NOT_SEATED, "you are not at a table")
            return
        name = session.table
        self.detach(session)
        self.send(session, Left(name))

    def detach(self, session: Session) -> None:
        """Take a session away from its table. A running game's seat goes to a bot."""
        table = self.tables.get(session.table) if session.table else None
        index = session.seat
        session.table = session.seat = None
        if table is None:
            return
        if index is None:
            table.watchers.discard(session.token_hash)
        else:
            seat = table.seats[index]
            self.forget_queued(table.name, index)
            if table.status in (Status.WAITING, Status.FINISHED):
                seat.holder = seat.name = None
                table.again.discard(index)
                if table.status is Status.WAITING:
                    self.journal_seat(table, index, None, None)
            else:
                seat.bot_playing = True
                log.info("table %s: seat %d left; a bot plays it", table.name, index)
                if index in table.reading:
                    table.reading.discard(index)
                    if not table.reading:
                        self.end_reading(table)
        if table.status is Status.FINISHED:
            # Holders not back since a restart are not at it: they do not keep it alive.
            empty = not any(True for _ in self.members(table))
        else:
            empty = all(s.holder is None for s in table.seats) and not table.watchers
        if empty and table.status in (Status.WAITING, Status.FINISHED):
            if table.status is Status.WAITING and table.game_id != NOT_JOURNALLED:
                self.journal.mark_finished(table.game_id)
            del self.tables[table.name]
            return
        if table.status is Status.FINISHED and table.again and self.present(table) <= table.again:
            # Everyone still at the table had agreed to play again: the one who left was the
            # last they waited for (QA: otherwise they wait for good).
            self.next_game(table)
            return
        self.announce(table)
        self.schedule_bot(table)

    def release_lost(self, table: Table) -> bool:
        """Before the start and after the end, a member who is gone (closed the app without
        leaving, lost the network) has left: the seat is free for the next joiner, so no game
        starts with an absent player, and a finished table nobody is at leaves the lobby.
        True when the table was dropped."""
        if table.status not in (Status.WAITING, Status.FINISHED):
            return False
        if table.status is Status.WAITING:
            lost = [s for s, _ in self.members(table) if not self.connected(s)]
        else:
            # At a game over, one whose client stopped may come back for the result and to
            # play again: gone only after the takeover delay too, as a seat in a game would be.
            limit = self.config.peer_timeout + self.config.takeover_after
            now = self.clock.now()
            lost = [
                s for s, _ in self.members(table)
                if not self.connected(s) and now - s.last_seen > limit
            ]
        for session in lost:
            log.info("table %s: %s is gone; the seat is free", table.name, session.name)
            self.detach(session)
            # Gone may be only silent (a laptop that froze for some seconds): its client still
            # shows the waiting room and would wait there for good. Told, it goes back to the
            # lobby; a connection that is really gone drops this (chaos soak, seed 18).
            self.send(session, Left(table.name))
            if table.name not in self.tables:
                return True
        return False

    def on_play_again(self, session: Session, peer: bytes, msg: PlayAgain) -> None:
        table = self.tables.get(msg.table)
        if table is None:
            self.error(peer, ErrorCode.UNKNOWN_TABLE, f"no table named {msg.table!r}", msg.table)
            return
        if session.table != table.name or session.seat is None:
            self.error(peer, ErrorCode.NOT_SEATED, f"you hold no seat at {table.name!r}", msg.table)
            return
        if table.status is not Status.FINISHED:
            self.error(peer, ErrorCode.BAD_REQUEST, "the game is not over yet", msg.table)
            return
        table.again.add(session.seat)
        if self.present(table) <= table.again:
            self.next_game(table)
        else:
            self.announce(table)

    def next_game(self, table: Table) -> None:
        """A new game at the same table and seats, with a fresh seed."""
        present = self.present(table)
        for seat in table.seats:
            if seat.is_bot or seat.index in present:
                continue
            if seat.holder is not None:  # gone during the last game: the seat is free again
                gone = self.sessions.by_hash.get(seat.holder)
                if gone is not None and gone.table == table.name:
                    gone.table = gone.seat = None
            seat.holder = seat.name = None
            seat.bot_playing = False
        seq_base = table.seq
        table.game_no += 1
        table.seed = game_seed(self.config.seed, table.name, table.game_no)
        rules = table.rules
        table.game_id = self.journal.create_game(
            table.name, table.game_no, table.players, table.extra_salt, table.double_target,
            table.seat_kinds, table.seed, seq_base, ENGINE_VERSION,
            turn_time=table.turn_time, target=table.target,
        )
        for seat in table.seats:
            if seat.holder is not None:
                self.journal.set_seat(table.game_id, seat.index, seat.name, seat.holder)
        table.seq_base = seq_base
        table.state = new_game(rules, table.seed)
        table.again.clear()
        table.stand_in.clear()
        table.status = Status.RUNNING if table.humans_seated() else Status.WAITING
        log.info("table %s: game %d", table.name, table.game_no)
        for session, _ in list(self.members(table)):
            self.snapshot(session, table)
        self.announce(table)
        self.schedule_bot(table)

    def present(self, table: Table) -> set[int]:
        """The human seats whose holder is at the table (not gone to a bot, and back since a
        restart): each must agree to play again, and keeps its seat in the next game."""
        return {
            s.index
            for s in table.seats
            if not s.is_bot
            and not s.bot_playing
            and self.holder_session(table, s.index) is not None
        }

    def on_sync(self, session: Session, peer: bytes, msg: Sync) -> None:
        table = self.tables.get(msg.table)
        if table is None or session.table != table.name:
            self.error(peer, ErrorCode.NOT_SEATED, f"you are not at {msg.table!r}", msg.table)
            return
        self.snapshot(session, table)

    def on_chat(self, session: Session, peer: bytes, msg: Chat) -> None:
        table = self.tables.get(msg.table)
        if table is None or session.table != table.name:
            self.error(peer, ErrorCode.NOT_SEATED, f"you are not at {msg.table!r}", msg.table)
            return
        try:
            text = clean_text("text", msg.text, self.config.max_chat_length)
        except TextRefused as exc:
            self.error(peer, ErrorCode.BAD_REQUEST, str(exc), msg.table)
            return
        line = ChatLine(table.name, session.name, session.seat, text)
        table.chat.append(ChatEntry(session.name, session.seat, text))
        self.journal.append_chat(table.name, session.name, session.seat, text, CHAT_KEPT)
        for member, _ in self.members(table):
            self.send(member, line)


def _describe(seats: tuple[str, ...], extra_salt: bool, double_target: bool, target: int) -> str:
    """``2 seats (human, bot:random), with Extra Salt, double target`` for error messages."""
    parts = [f"{len(seats)} seats ({', '.join(seats)})"]
    parts.append("with Extra Salt" if extra_salt else "without Extra Salt")
    if double_target:
        parts.append("double target")
    if target:
        parts.append(f"to {target} points")
    return ", ".join(parts)
