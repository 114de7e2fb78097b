"""The lobby: list, join-or-create, watch, leave, play again, sync, chat.

A session holds at most one seat. Leaving a running game hands the seat to a bot; the same
token gets it back (``resume``: server/arrivals.py, or ``join_or_create`` of that table).
Whether a table takes a join, and the new table a join makes, are server/table_requests.py.
"""

from __future__ import annotations

from dataclasses import dataclass

from seasalt.engine import new_game
from seasalt.protocol import (
    Chat,
    ChatEntry,
    ChatLine,
    ErrorCode,
    Joined,
    JoinOrCreate,
    Left,
    PlayAgain,
    Sync,
    Tables,
    Watch,
)

from .botpool import level_exists
from .config import log
from .game import Game
from .guards import member_of, seated_at
from .journal import Journal
from .limits import TextRefused, clean_text
from .lockout import NOT_JOURNALLED, Lockout
from .names import look_alike
from .news import TableNews
from .outbox import Outbox
from .seeds import game_seed
from .sessions import Session
from .shared import TableService
from .table_requests import join_refusal, new_table
from .tables import BOT_PREFIX, CHAT_KEPT, NOT_OVER, Status, Table


@dataclass(eq=False, repr=False)
class Lobby(TableService):
    """The tables: who sits or watches where, and each table's life from created to gone."""

    outbox: Outbox
    news: TableNews
    game: Game
    lockout: Lockout
    journal: Journal
    def rejoin(self, session: Session, table: Table) -> None:
        """Put a session back at its table: the seat returns from any bot; a fresh snapshot."""
        self.note_left(session, None)
        if session.seat is not None:
            self.tables.give_back(table, session.seat)
        elif session.token_hash not in table.watchers:
            table.watchers.add(session.token_hash)
        self.tell_joined(session, table, session.seat)
        if table.status is not Status.WAITING:  # waiting: the table info below is the snapshot
            self.news.snapshot(session, table)
        if table.status is Status.ROUND_OVER:  # back during the pause: the result to read
            self.news.send_round_over_to(session, table)
        elif table.status is Status.FINISHED and session.seat is not None:
            self.news.send_game_over_to(session, table)  # the choice to play again
        self.news.send_table_extras(session, table)  # chat, and how the game went (after game_over)
        self.news.announce(table)

    # --- the lobby ----------------------------------------------------------------------

    def on_list(self, session: Session) -> None:
        infos = tuple(self.news.info(t) for _, t in sorted(self.tables.items()))
        self.outbox.send(session, Tables(infos))

    def on_join(self, session: Session, peer: bytes, msg: JoinOrCreate) -> None:
        name = msg.table
        for spec in msg.seats:
            if spec.startswith(BOT_PREFIX) and not level_exists(spec[len(BOT_PREFIX) :]):
                self.outbox.error(
                    peer, ErrorCode.BAD_REQUEST, f"unknown bot level in {spec!r}", name,
                )
                return
        refused = self.tables.refusal(name)
        if refused is not None:
            self.outbox.error(peer, ErrorCode.BAD_REQUEST, refused, name)
            return
        table = self.tables.get(name)
        if table is not None and table.seat_of(session.token_hash) is None:
            refusal = join_refusal(table, msg)
            if refusal is not None:  # refused before anything changes: a watcher still watches
                self.outbox.error(peer, refusal[0], refusal[1], name)
                return
        if session.table is not None:
            current = self.tables.get(session.table)
            if current is not None and current is table and session.seat is not None:
                self.rejoin(session, table)
                return
            if (
                current is not None
                and session.seat is not None
                and current.status in NOT_OVER
            ):
                self.outbox.error(
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
        if table is not None:
            index = table.seat_of(session.token_hash)
            if index is not None:  # a seat this player left to a bot: take it back
                session.table, session.seat = table.name, index
                self.rejoin(session, table)
                self.game.schedule_bot(table)
                return
            refusal = join_refusal(table, msg)
            if refusal is not None:
                self.outbox.error(peer, refusal[0], refusal[1], name)
                return
        elif (capped := self.lockout.table_cap_refusal(session)) is not None:
            self.outbox.error(peer, ErrorCode.LIMIT_REACHED, capped, name)
            return
        elif len(self.tables) >= self.config.max_tables:
            self.outbox.error(
                peer,
                ErrorCode.BAD_REQUEST,
                f"this server already holds {len(self.tables)} tables: join one of them",
                name,
            )
            return
        else:
            table = self.create_table(
                name, msg.seats, msg.extra_salt, msg.double_target, turn_time=msg.turn_time,
                target=msg.target, coach_allowed=msg.coach_allowed,
                extra_pepper=msg.extra_pepper,
            )
            self.lockout.mark_created(table, session)
        taken = look_alike(session.name, [s.name for s in table.seats if s.name is not None])
        if taken is not None:
            self.outbox.error(
                peer, ErrorCode.BAD_REQUEST,
                f"name: {session.name!r} looks like {taken!r}, who sits at {name!r}: "
                "pick a name others can tell apart", name,
            )
            return
        index = table.free_human_seat()
        if index is None:
            self.outbox.error(peer, ErrorCode.TABLE_FULL, f"every seat at {name!r} is taken", name)
            return
        self.take_seat(session, table, index)
        self.tell_joined(session, table, index)
        # (only a waiting table takes a new player: join_refusal)
        if table.humans_seated():
            self.start_game(table)
        else:
            self.news.announce(table)  # waiting: the table info is the snapshot
        # the chat so far (a table's name may be reused)
        self.news.send_table_extras(session, table)
        self.game.schedule_bot(table)

    def start_game(self, table: Table) -> None:
        """Every human seat is taken: the game starts, and everyone at the table gets its
        first snapshot (none was sent while the table waited: see ``snapshot``). Its game is
        written to the journal only now (an empty table that never started leaves no rows)."""
        self.lockout.journal_table(table)
        table.status = Status.RUNNING
        log.info("table %s: game %d starts", table.name, table.game_no)
        for member, _ in list(self.sessions.members(table)):
            self.news.snapshot(member, table)
        self.news.announce(table)

    def create_table(
        self, name: str, seat_kinds: tuple[str, ...], extra_salt: bool, double_target: bool,
        *, turn_time: int = 0, target: int = 0, coach_allowed: bool = False,
        extra_pepper: bool = False,
    ) -> Table:
        game_no = len(self.journal.games_of(name)) + 1
        table = new_table(
            name, seat_kinds, extra_salt, double_target, game_no,
            game_seed(self.config.seed, name, game_no), self.tables.takeover_level,
            turn_time=turn_time, target=target, coach_allowed=coach_allowed,
            extra_pepper=extra_pepper,
        )
        self.tables.add(table)
        self.journal.clear_chat(name)  # a new table of an old name starts with no chat
        log.info("table %s created: %s", name, ", ".join(seat_kinds))
        return table

    def take_seat(self, session: Session, table: Table, index: int) -> None:
        seat = table.seats[index]
        seat.holder, seat.name = session.token_hash, session.name
        self.tables.give_back(table, index)
        session.table, session.seat = table.name, index
        self.note_left(session, None)
        self.lockout.journal_seat(table, index, session.name, session.token_hash)

    def on_watch(self, session: Session, peer: bytes, msg: Watch) -> None:
        table = self.tables.get(msg.table)
        if table is None:
            reason = self.tables.refusal(msg.table) or f"no table named {msg.table!r}"
            self.outbox.error(peer, ErrorCode.UNKNOWN_TABLE, reason, msg.table)
            return
        if session.table == table.name and session.seat is None:
            self.rejoin(session, table)  # watching it already (a resent watch): the snapshot
            return
        if session.table is not None:
            current = self.tables.get(session.table)
            if current is not None and session.seat is not None and current.status in NOT_OVER:
                self.outbox.error(
                    peer,
                    ErrorCode.ALREADY_SEATED,
                    f"you hold a seat at {current.name!r}: leave it first",
                    msg.table,
                )
                return
            self.detach(session)
            if self.tables.get(msg.table) is not table:  # leaving it dropped it (its last one)
                self.on_watch(session, peer, msg)
                return
        session.table, session.seat = table.name, None
        self.rejoin(session, table)

    def on_leave(self, session: Session, peer: bytes) -> None:
        if session.table is None:
            if session.left is not None:
                # The same leave again: a client sends a request once more after a lost link
                # when no answer came (client/net/unanswered_requests.py), and this one's was lost.
                self.tell_left(session, session.left)
                return
            self.outbox.error(peer, ErrorCode.NOT_SEATED, "you are not at a table")
            return
        name = session.table
        self.detach(session)
        self.note_left(session, name)
        self.tell_left(session, name)

    def tell_joined(self, session: Session, table: Table, seat: int | None) -> None:
        """Say ``joined``: the client shows that table now (kept: ``Session.shown``)."""
        self.tell_where(session, Joined(table.name, seat), (table.name, seat))

    def tell_left(self, session: Session, table: str) -> None:
        """Say ``left``: the client goes back to the lobby. Not sent (no connection), it is
        said when the session resumes (server/arrivals.py)."""
        self.tell_where(session, Left(table), None)

    def tell_where(
        self, session: Session, message: Joined | Left, shown: tuple[str, int | None] | None
    ) -> None:
        """Journal where the client will be shown, then tell it: a server killed right after
        the send must not find the place before (it would say ``left`` again on the resume).
        A send that fails (no connection) puts the journalled place back."""
        before = session.shown
        self.sessions.note_shown(session, shown)
        if not self.outbox.send(session, message):
            self.sessions.note_shown(session, before)

    def note_left(self, session: Session, table: str | None) -> None:
        """Remember the table the session left (None: it sits or watches again), in the
        journal too: the leave may come again after a restart."""
        if session.left != table:
            session.left = table
            self.journal.note_left(session.token_hash, table)

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
            self.game.forget_queued(table.name, index)
            if table.status is Status.WAITING:
                seat.holder = seat.name = None
                self.lockout.journal_seat(table, index, None, None)
            elif table.status is Status.FINISHED:
                # The seat stays theirs at the game over: they may come back to the result and
                # to play again, and nobody else takes it (the next game frees it if they are
                # not back: ``next_game``).
                table.again.discard(index)
            else:  # told below (again, when the handover ended the reading pause)
                self.game.hand_to_bot(table, (index,), "left")
        if table.status is Status.FINISHED:
            # Holders not back since a restart are not at it: they do not keep it alive.
            empty = not any(True for _ in self.sessions.members(table))
        else:
            empty = all(s.holder is None for s in table.seats) and not table.watchers
        if empty and table.status in (Status.WAITING, Status.FINISHED):
            if table.status is Status.WAITING and table.game_id != NOT_JOURNALLED:
                self.journal.mark_finished(table.game_id)
            self.tables.remove(table)
            return
        if table.status is Status.FINISHED and table.again and self.present(table) <= table.again:
            # Everyone still at the table had agreed to play again: the one who left was the
            # last they waited for (QA: otherwise they wait for good).
            self.next_game(table)
            return
        self.news.announce(table)
        self.game.schedule_bot(table)

    def release_lost(self, table: Table) -> bool:
        """Before the start and after the end, a member who is gone (closed the app without
        leaving, lost the network) has left: the seat is free for the next joiner, so no game
        starts with an absent player, and a finished table nobody is at leaves the lobby.
        True when the table was dropped."""
        if table.status not in (Status.WAITING, Status.FINISHED):
            return False
        if table.status is Status.WAITING:
            lost = [s for s, _ in self.sessions.members(table) if not self.sessions.connected(s)]
        else:
            # At a game over, one whose client stopped may come back for the result and to
            # play again: gone only after the takeover delay too, as a seat in a game would be.
            limit = self.config.peer_timeout + self.config.takeover_after
            now = self.clock.now()
            lost = [
                s for s, _ in self.sessions.members(table)
                if not self.sessions.connected(s) and now - s.last_seen > limit
            ]
        for session in lost:
            log.info("table %s: %s is gone; the seat is free", table.name, session.name)
            self.detach(session)
            # Gone may be only silent (a laptop that froze for some seconds): its client still
            # shows the waiting room and would wait there for good. Told, it goes back to the
            # lobby; a connection that is really gone drops this (chaos soak, seed 18).
            self.tell_left(session, table.name)
            if table.name not in self.tables:
                return True
        return False

    def on_play_again(self, session: Session, peer: bytes, msg: PlayAgain) -> None:
        seated = seated_at(self.tables, self.outbox, session, peer, msg.table)
        if seated is None:
            return
        table, seat = seated
        if table.status is not Status.FINISHED:
            self.outbox.error(peer, ErrorCode.BAD_REQUEST, "the game is not over yet", msg.table)
            return
        self.game.take_back(table, seat)  # (a key of theirs: an idle player is back)
        table.again.add(seat)
        if self.present(table) <= table.again:
            self.next_game(table)
        else:
            self.news.announce(table)

    def next_game(self, table: Table) -> None:
        """A new game at the same table and seats, with a fresh seed."""
        present = self.present(table)
        for seat in table.seats:
            if seat.is_bot or seat.index in present:
                continue
            if seat.holder is not None:  # gone during the last game: the seat is free again
                gone = self.sessions.get(seat.holder)
                if gone is not None and gone.table == table.name:
                    gone.table = gone.seat = None
            seat.holder = seat.name = None
            self.tables.give_back(table, seat.index)
        table.seq_base = table.seq  # seq never goes back
        table.game_no += 1
        table.seed = game_seed(self.config.seed, table.name, table.game_no)
        table.game_id = NOT_JOURNALLED
        self.lockout.journal_table(table)  # at once, even while it waits for players again
        table.state = new_game(table.rules, table.seed)
        table.again.clear()
        table.stand_in.clear()
        table.marks.clear()
        table.status = Status.RUNNING if table.humans_seated() else Status.WAITING
        log.info("table %s: game %d", table.name, table.game_no)
        for session, _ in list(self.sessions.members(table)):
            self.news.snapshot(session, table)
        self.news.announce(table)
        self.game.schedule_bot(table)

    def present(self, table: Table) -> set[int]:
        """The human seats whose holder is at the table (not gone to a bot, and back since a
        restart): each must agree to play again, and keeps its seat in the next game. A
        player a bot stood in for because they were idle is still there: the next game waits
        for their ``play_again`` too, rather than giving their seat away unasked."""
        return {
            s.index
            for s in table.seats
            if not s.is_bot
            and (not s.bot_playing or s.idle)
            and self.sessions.holder(table, s.index) is not None
        }

    def on_sync(self, session: Session, peer: bytes, msg: Sync) -> None:
        table = member_of(self.tables, self.outbox, session, peer, msg.table)
        if table is None:
            return
        self.news.snapshot(session, table)

    def on_chat(self, session: Session, peer: bytes, msg: Chat) -> None:
        table = member_of(self.tables, self.outbox, session, peer, msg.table)
        if table is None:
            return
        try:
            text = clean_text("text", msg.text, self.config.max_chat_length)
        except TextRefused as exc:
            self.outbox.error(peer, ErrorCode.BAD_REQUEST, str(exc), msg.table)
            return
        line = ChatLine(table.name, session.name, session.seat, text)
        table.chat.append(ChatEntry(session.name, session.seat, text))
        self.journal.append_chat(table.name, session.name, session.seat, text, CHAT_KEPT)
        for member, _ in self.sessions.members(table):
            self.outbox.send(member, line)

