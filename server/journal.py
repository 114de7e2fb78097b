"""The SQLite journal (DESIGN "Durability"): the ``Journal`` a server writes and reads.

Every table's rules, seed, seats (token hashes only), accepted actions, round results and the
engine version go here, committed before the resulting updates are sent. On start the server
reads back every unfinished game and replays it through the engine.

WAL with ``synchronous=NORMAL`` survives a killed process (a committed transaction is in the
WAL file before the call returns); ``fsync=True`` selects ``FULL`` for power loss too. What the
file holds (tables, blobs, records) is server/journal_schema.py; whether a path can hold a
journal, the one-server lock and ``JournalError`` are server/journal_file.py.
"""

from __future__ import annotations

import asyncio
import json
import sqlite3
import time
from collections.abc import Callable

from seasalt.common.files import create_private

from .journal_file import DatabaseLock, JournalError, cannot_create, check_journal_path
from .journal_schema import GAME_COLUMNS, GameRecord, SeatRecord, ensure_schema, game_record
from .journal_writer import WRITER_BUSY_TIMEOUT, ActionRecord, ActionWriter, Done, write_action
from .sessions import KeptSession

_TOUCH_EVERY = 1.0
"""Seconds between rewrites of a game's ``updated_at`` while it is played (one write fewer per
action: the update latency benchmark's journal cost)."""


class Journal:
    """Append-only record of games. The server's event loop owns it; with ``fsync`` a thread
    of its own commits the actions (server/journal_writer.py)."""

    def __init__(
        self,
        path: str,
        fsync: bool = False,
        wall_clock: Callable[[], float] = time.time,
        make_parent: bool = True,
    ) -> None:
        """Open (or create) the journal at ``path``.

        ``make_parent``: create a missing parent directory (the default database in the user
        data dir); an explicit ``--db`` whose directory does not exist is refused instead, since
        a typo should not grow a directory tree.

        Raises:
            JournalError: the path cannot hold a journal (one line, naming the path and why).
        """
        self.path = path
        self.wall_clock = wall_clock
        """Unix time for the games' dates (history); injectable for tests."""
        self._lock: DatabaseLock | None = None
        self._writer: ActionWriter | None = None
        """With ``fsync``: the thread that commits actions off the event loop."""
        self._touched: dict[int, float] = {}
        """game id -> the wall time last written as its ``updated_at`` by this journal."""
        if path != ":memory:":
            check_journal_path(path, make_parent=make_parent)
            self._lock = DatabaseLock(path)
            try:
                self._lock.acquire()
                # Mode 0600 from the start: the journal holds every running game's seed.
                create_private(path)
            except OSError as exc:
                self.close()
                raise JournalError(cannot_create(path, exc)) from None
        try:
            # With a writer thread, a write here may wait for one of its commits (one fsync).
            self._db = sqlite3.connect(path, isolation_level=None, timeout=WRITER_BUSY_TIMEOUT)
            self._db.execute("PRAGMA journal_mode=WAL")
            self._db.execute(f"PRAGMA synchronous={'FULL' if fsync else 'NORMAL'}")
            ensure_schema(self._db, path)
            if fsync and path != ":memory:":
                self._writer = ActionWriter(path)
        except sqlite3.DatabaseError as exc:
            self.close()
            raise JournalError(f"cannot use the database {path}: {exc}") from None
        except OSError as exc:
            self.close()
            raise JournalError(cannot_create(path, exc)) from None

    @property
    def connection(self) -> sqlite3.Connection:
        """The open database, for read queries (server/history.py, server/housekeeping.py)."""
        return self._db

    def close(self) -> None:
        if self._writer is not None:  # its commits first: they are owed to their tables
            self._writer.close()
            self._writer = None
        db = getattr(self, "_db", None)
        if db is not None:
            db.close()
            self._db = None  # type: ignore[assignment]
        if self._lock is not None:
            self._lock.release()
            self._lock = None

    def create_game(
        self,
        table_name: str,
        game_no: int,
        players: int,
        extra_salt: bool,
        double_target: bool,
        seat_kinds: tuple[str, ...],
        seed: int,
        seq_base: int,
        engine_version: str,
        *,
        turn_time: int = 0,
        target: int = 0,
        coach_allowed: bool = False,
        extra_pepper: bool = False,
    ) -> int:
        """Record a new game (its seats still empty) and return its id."""
        cur = self._db.execute(
            "INSERT INTO games (table_name, game_no, players, extra_salt, double_target,"
            " seat_kinds, seed, seq_base, engine_version, started_at, updated_at, turn_time,"
            " target, coach_allowed, extra_pepper) VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)",
            (
                table_name,
                game_no,
                players,
                int(extra_salt),
                int(double_target),
                json.dumps(list(seat_kinds)),
                seed,
                seq_base,
                engine_version,
                now := self.wall_clock(),
                now,
                turn_time,
                target,
                int(coach_allowed),
                int(extra_pepper),
            ),
        )
        assert cur.lastrowid is not None
        return cur.lastrowid

    def remember_identity(self, token_hash: str, player_id: str) -> None:
        """The stable player id of a session (from its hello identity): statistics key."""
        self._db.execute(
            "INSERT OR REPLACE INTO identities (token_hash, player_id) VALUES (?,?)",
            (token_hash, player_id),
        )

    # --- sessions (a restarted server resumes its lobby sessions too) ----------------------

    def remember_session(self, token_hash: str, session_id: str, name: str) -> None:
        """A session was opened: its token (hash), public id and name survive a restart."""
        self._db.execute(
            "INSERT OR REPLACE INTO sessions (token_hash, id, name, opened_at) VALUES (?,?,?,?)",
            (token_hash, session_id, name, self.wall_clock()),
        )

    def forget_session(self, token_hash: str) -> None:
        """The session is gone for good (idle, evicted, replaced by a new hello)."""
        self._db.execute("DELETE FROM sessions WHERE token_hash=?", (token_hash,))

    def remembered_session(self, token_hash: str) -> KeptSession | None:
        """What the journal keeps of a session an earlier run of the server opened."""
        row = self._db.execute(
            "SELECT id, name, left_table, shown_table, shown_seat FROM sessions"
            " WHERE token_hash=?",
            (token_hash,),
        ).fetchone()
        if row is None:
            return None
        shown = None if row[3] is None else (row[3], row[4])
        return KeptSession(row[0], row[1], row[2], shown)

    def note_left(self, token_hash: str, table: str | None) -> None:
        """The table a session last left with ``leave`` (None: it sits or watches again)."""
        self._db.execute(
            "UPDATE sessions SET left_table=? WHERE token_hash=?", (table, token_hash)
        )

    def note_shown(self, token_hash: str, shown: tuple[str, int | None] | None) -> None:
        """Where a session's client was last told it is: (table, seat or None watching), or
        None (told it left, or never at a table)."""
        table, seat = shown if shown is not None else (None, None)
        self._db.execute(
            "UPDATE sessions SET shown_table=?, shown_seat=? WHERE token_hash=?",
            (table, seat, token_hash),
        )

    def prune_sessions(self, opened_before: float) -> None:
        """Forget the sessions opened before this Unix time (--max-resume-age, at start)."""
        self._db.execute("DELETE FROM sessions WHERE opened_at < ?", (opened_before,))

    def set_seat(self, game_id: int, seat: int, name: str | None, token_hash: str | None) -> None:
        """Record who holds a human seat (None, None: the seat is free again)."""
        self._db.execute(
            "INSERT OR REPLACE INTO seats (game_id, seat, name, token_hash) VALUES (?,?,?,?)",
            (game_id, seat, name, token_hash),
        )

    def append_action(
        self,
        game_id: int,
        idx: int,
        action: bytes,
        round_result: tuple[int, bytes] | None = None,
        final_scores: tuple[int, ...] | None = None,
        winners: tuple[int, ...] | None = None,
        takeover: tuple[int, int, str] | None = None,
        done: Done | None = None,
    ) -> None:
        """Append accepted action number ``idx`` (1-based) in one transaction, together with
        the round result it produced and, when it ended the game, the final scores.

        ``takeover``: (seat, round, bot level) when a bot played this action for a human who
        had left (game over and statistics tell it apart from the human's own play).

        ``done``: called once the commit has returned (None) or failed (the error): at once,
        before this returns, on a journal that does not fsync; later, on the event loop, on
        one that does (its writer thread commits off the loop: server/journal_writer.py).
        Without ``done`` the commit is always made here, and a failure raises.

        Most actions are a single ``INSERT`` (its own transaction): the game's ``updated_at``
        (when it was last played, for ``--max-resume-age`` and housekeeping) is rewritten at
        most once per :data:`_TOUCH_EVERY` seconds of play, and with every round result.
        """
        now = self.wall_clock()
        last = self._touched.get(game_id)
        touch = last is None or abs(now - last) >= _TOUCH_EVERY
        record = ActionRecord(
            game_id, idx, action, round_result, final_scores, winners, takeover, now, touch
        )
        if not record.alone:
            self._touched[game_id] = now
        loop = _running_loop() if done is not None and self._writer is not None else None
        if loop is not None and self._writer is not None and done is not None:
            self._writer.submit(record, done, loop)
            return
        db = self._db
        if record.alone:
            write_action(db, record)
        else:
            db.execute("BEGIN")
            try:
                write_action(db, record)
                db.execute("COMMIT")
            except BaseException:
                db.execute("ROLLBACK")
                self._touched.pop(game_id, None)
                raise
        if done is not None:
            done(None)

    def takeovers(self, game_id: int) -> list[tuple[int, int, int, str]]:
        """(action idx, seat, round, level) of every action a takeover bot played, in order."""
        return list(
            self._db.execute(
                "SELECT idx, seat, round, level FROM takeover_actions WHERE game_id=?"
                " ORDER BY idx",
                (game_id,),
            )
        )

    def note_reading_over(self, game_id: int, idx: int) -> None:
        """The reading pause after action ``idx`` (it ended a round) is over: the next round is
        being played, and a restart before its first move must not show the result again."""
        self._db.execute("INSERT OR REPLACE INTO reading_over VALUES (?,?)", (game_id, idx))

    def reading_over_at(self, game_id: int) -> int | None:
        """The action after which the game's last reading pause ended (None: none recorded)."""
        row = self._db.execute(
            "SELECT idx FROM reading_over WHERE game_id=?", (game_id,)
        ).fetchone()
        return None if row is None else int(row[0])

    def append_chat(
        self, table_name: str, name: str, seat: int | None, text: str, keep: int
    ) -> None:
        """Keep a chat line of a table; only its last ``keep`` lines stay in the journal."""
        db = self._db
        db.execute("BEGIN")
        try:
            row = db.execute(
                "SELECT COALESCE(MAX(idx), 0) FROM chat WHERE table_name=?", (table_name,)
            ).fetchone()
            idx = row[0] + 1
            db.execute("INSERT INTO chat VALUES (?,?,?,?,?)", (table_name, idx, name, seat, text))
            db.execute("DELETE FROM chat WHERE table_name=? AND idx<=?", (table_name, idx - keep))
            db.execute("COMMIT")
        except BaseException:
            db.execute("ROLLBACK")
            raise

    def recent_chat(self, table_name: str, limit: int) -> list[tuple[str, int | None, str]]:
        """The table's last ``limit`` chat lines, oldest first: (name, seat, text)."""
        rows = self._db.execute(
            "SELECT name, seat, text FROM chat WHERE table_name=? ORDER BY idx DESC LIMIT ?",
            (table_name, limit),
        ).fetchall()
        return [(n, s, t) for n, s, t in reversed(rows)]

    def clear_chat(self, table_name: str) -> None:
        """The table is gone from the lobby: a new table of that name starts with no chat."""
        self._db.execute("DELETE FROM chat WHERE table_name=?", (table_name,))

    def mark_finished(self, game_id: int) -> None:
        """Close a game that will never be played on (a refused or abandoned table)."""
        self._db.execute("UPDATE games SET finished=1 WHERE id=?", (game_id,))

    def unfinished_games(self, active_since: float | None = None) -> list[GameRecord]:
        """Every game not yet over (nor archived), oldest first, with its seats and actions.

        ``active_since``: only games last played at or after this Unix time (--max-resume-age).
        """
        return self._records(
            f"SELECT {GAME_COLUMNS} FROM games"
            " WHERE finished=0 AND archived=0"
            " AND (? IS NULL OR COALESCE(updated_at, started_at, 0) >= ?) ORDER BY id",
            (active_since, active_since),
        )

    def finished_tables(self, active_since: float) -> list[GameRecord]:
        """The latest game of each table name when it was played to its end (scores, not
        abandoned nor archived) at or after ``active_since``; newest first.

        One query picks the latest game per name (``games_by_table`` index), so a journal of
        thousands of finished games costs no replay but of the few recent ones.
        """
        return self._records(
            f"SELECT {GAME_COLUMNS} FROM games"
            " WHERE id IN (SELECT MAX(id) FROM games GROUP BY table_name)"
            " AND finished=1 AND final_scores IS NOT NULL AND archived=0"
            " AND COALESCE(updated_at, started_at, 0) >= ? ORDER BY id DESC",
            (active_since,),
        )

    def _records(self, query: str, params: tuple[float | None, ...]) -> list[GameRecord]:
        games = []
        for row in self._db.execute(query, params).fetchall():
            seats = tuple(
                SeatRecord(seat, name, token_hash)
                for seat, name, token_hash in self._db.execute(
                    "SELECT seat, name, token_hash FROM seats WHERE game_id=? ORDER BY seat",
                    (row[0],),
                )
            )
            games.append(game_record(row, seats, tuple(self.actions(row[0]))))
        return games

    def actions(self, game_id: int) -> list[bytes]:
        """The accepted actions of one game, in order."""
        return [
            bytes(a)
            for (a,) in self._db.execute(
                "SELECT action FROM actions WHERE game_id=? ORDER BY idx", (game_id,)
            )
        ]

    def round_results(self, game_id: int) -> list[tuple[int, bytes]]:
        return [
            (r, bytes(b))
            for r, b in self._db.execute(
                "SELECT round, result FROM rounds WHERE game_id=? ORDER BY round", (game_id,)
            )
        ]

    def games_of(self, table_name: str) -> list[tuple[int, int, bool, tuple[int, ...] | None]]:
        """(game id, game no, finished, final scores) for every game of a table, in order."""
        return [
            (gid, no, bool(fin), tuple(json.loads(sc)) if sc else None)
            for gid, no, fin, sc in self._db.execute(
                "SELECT id, game_no, finished, final_scores FROM games WHERE table_name=?"
                " ORDER BY id",
                (table_name,),
            )
        ]


def _running_loop() -> asyncio.AbstractEventLoop | None:
    try:
        return asyncio.get_running_loop()
    except RuntimeError:  # the journal used without an event loop (commands, tests)
        return None
