"""The restart: every unfinished journalled game rebuilt through the engine (DESIGN
"Durability"), and the game-over screen of each table whose latest game finished lately.

Run once by server/app.py before the socket is read (``Master.restore``). A game the engine
cannot resume (another engine version, a damaged journal) is refused by name: its history
stays readable and ``join_or_create`` of that name says why (``TableRegistry.refuse``).
"""

from __future__ import annotations

from dataclasses import dataclass

from seasalt.engine import (
    ENGINE_VERSION,
    Action,
    GameState,
    IllegalActionError,
    Rules,
    apply,
    replay,
)
from seasalt.protocol import ChatEntry, DecodeError, action_from_wire

from .config import Clock, ServerConfig, log
from .game import ROUND_ENDS
from .journal import Journal
from .journal_schema import GameRecord, from_blob
from .stand_ins import LogMarks
from .table_registry import TableRegistry
from .tables import CHAT_KEPT, Seat, Status, Table, make_rules

RESTORE_FINISHED_WITHIN = 3600.0
"""Seconds: a table whose latest game ended longer ago is not brought back at start, and one
brought back is forgotten this long after the restart if nobody came back to it (its players
have gone; a finished table in memory counts against ``max_tables``)."""


@dataclass(eq=False, repr=False)
class Restorer:
    """Fills the lobby's ``tables`` (and the names it refuses) from the journal."""

    config: ServerConfig
    clock: Clock
    journal: Journal
    tables: TableRegistry

    def restore(self) -> None:
        """Rebuild every unfinished journalled game with ``engine.replay`` and carry on, then
        the game-over screen of each table whose latest game finished lately (DESIGN
        "Durability"): its players come back to it and may play again."""
        cutoff = None
        if self.config.max_resume_age is not None:  # older games stay in the journal
            cutoff = self.journal.wall_clock() - self.config.max_resume_age
            self.journal.prune_sessions(cutoff)  # a lobby session's token resumes as long
        for record in self.journal.unfinished_games(cutoff):
            if record.engine_version != ENGINE_VERSION:
                reason = (
                    f"table {record.table_name!r} was recorded by engine version "
                    f"{record.engine_version}; this server runs {ENGINE_VERSION} and cannot "
                    "resume it (its round results stay in the journal)"
                )
                self.tables.refuse(record.table_name, reason)
                log.warning("%s", reason)
                continue
            try:
                table = self.rebuild(record)
            except (DecodeError, IllegalActionError, ValueError) as exc:
                reason = f"table {record.table_name!r} cannot be replayed: {exc}"
                self.tables.refuse(record.table_name, reason)
                log.warning("%s", reason)
                continue
            if table.status is Status.WAITING:
                # Never started: nobody is owed it, and bringing it back would hold its name
                # and a table slot for --max-resume-age (a lockout that survives restarts).
                self.journal.mark_finished(record.id)
                log.info("waiting table %s not restored", table.name)
                continue
            self.tables.add(table)
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
            if name in self.tables or self.tables.refusal(name) is not None:
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
            self.tables.add(table)
            log.info("table %s restored at its game over (game %d)", name, table.game_no)

    def rebuild(self, record: GameRecord) -> Table:
        rules = make_rules(
            record.players, record.extra_salt, record.double_target, record.target,
            extra_pepper=record.extra_pepper,
        )
        actions = [
            action_from_wire(from_blob(blob), f"journal action {i + 1}")
            for i, blob in enumerate(record.actions)
        ]
        takeovers = self.journal.takeovers(record.id)
        by_bot = {idx: seat for idx, seat, _round, _level in takeovers}
        state, round_ended, marks = replay_marked(rules, record.seed, actions, by_bot)
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
            takeover_level=self.tables.takeover_level,
            turn_time=record.turn_time,  # the turn timer restarts with a full turn (clocks.py)
            coach_allowed=record.coach_allowed,
            marks=marks,
        )
        table.chat.extend(
            ChatEntry(name, seat, text)
            for name, seat, text in self.journal.recent_chat(table.name, CHAT_KEPT)
        )
        for _idx, seat, round_no, level in takeovers:
            table.note_stand_in(seat, level, round_no)
        if state.is_over:
            table.status = Status.FINISHED
        elif table.humans_seated():
            table.status = Status.RUNNING
            if round_ended and self.journal.reading_over_at(record.id) != len(actions):
                self.restore_reading(table)  # (the pause was not over when it stopped)
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


def replay_marked(
    rules: Rules, seed: int, actions: list[Action], by_bot: dict[int, int]
) -> tuple[GameState, bool, LogMarks]:
    """The game after ``actions`` (as ``engine.replay``), whether its last action ended a round
    (the server stopped during the reading pause after it: DESIGN "The wire"), and the marks
    of the round's moves a bot made for a human seat (``by_bot``: action number, from 1, ->
    the seat). Each action from the first bot move on (or the last action) is applied alone,
    to see its events; the ones before go through ``replay``."""
    first = min(by_bot, default=len(actions)) - 1
    split = max(0, min(first, len(actions) - 1))
    state = replay(rules, seed, actions[:split])
    marks = LogMarks()
    round_ended = False
    for number, action in enumerate(actions[split:], start=split + 1):
        result = apply(state, action)
        marks.note(result, by_bot.get(number))
        state = result.state
        round_ended = any(e.kind in ROUND_ENDS for e in result.events)
    return state, round_ended, marks
