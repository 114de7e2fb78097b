"""The SQLite journal (DESIGN "Durability").

Every table's rules, seed, seats (token hashes only), accepted actions, round results and the
engine version go here, committed before the resulting updates are sent. On start the server
reads back every unfinished game and replays it through the engine.

WAL with ``synchronous=NORMAL`` survives a killed process (a committed transaction is in the
WAL file before the call returns); ``fsync=True`` selects ``FULL`` for power loss too. Actions
and round results are stored as JSON of their wire form (:func:`to_blob`), so the history stays
readable with any SQLite tool.
"""

from __future__ import annotations

import fcntl
import json
import os
import sqlite3
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import IO, Any

from .files import create_private, open_private, private_dirs

SCHEMA_VERSION = "1"

_SCHEMA = """
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS games (
    id INTEGER PRIMARY KEY,
    table_name TEXT NOT NULL,
    game_no INTEGER NOT NULL,
    players INTEGER NOT NULL,
    extra_salt INTEGER NOT NULL,
    double_target INTEGER NOT NULL,
    seat_kinds TEXT NOT NULL,
    seed INTEGER NOT NULL,
    seq_base INTEGER NOT NULL,
    engine_version TEXT NOT NULL,
    finished INTEGER NOT NULL DEFAULT 0,
    final_scores TEXT
);
CREATE TABLE IF NOT EXISTS seats (
    game_id INTEGER NOT NULL REFERENCES games(id),
    seat INTEGER NOT NULL,
    name TEXT,
    token_hash TEXT,
    PRIMARY KEY (game_id, seat)
);
CREATE TABLE IF NOT EXISTS actions (
    game_id INTEGER NOT NULL REFERENCES games(id),
    idx INTEGER NOT NULL,
    action BLOB NOT NULL,
    PRIMARY KEY (game_id, idx)
);
CREATE TABLE IF NOT EXISTS rounds (
    game_id INTEGER NOT NULL REFERENCES games(id),
    round INTEGER NOT NULL,
    result BLOB NOT NULL,
    PRIMARY KEY (game_id, round)
);
CREATE TABLE IF NOT EXISTS identities (
    token_hash TEXT PRIMARY KEY,
    player_id TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS game_facts (
    game_id INTEGER PRIMARY KEY REFERENCES games(id),
    facts TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS takeover_actions (
    game_id INTEGER NOT NULL REFERENCES games(id),
    idx INTEGER NOT NULL,
    seat INTEGER NOT NULL,
    round INTEGER NOT NULL,
    level TEXT NOT NULL,
    PRIMARY KEY (game_id, idx)
);
CREATE TABLE IF NOT EXISTS chat (
    table_name TEXT NOT NULL,
    idx INTEGER NOT NULL,
    name TEXT NOT NULL,
    seat INTEGER,
    text TEXT NOT NULL,
    PRIMARY KEY (table_name, idx)
);
CREATE INDEX IF NOT EXISTS games_by_table ON games (table_name, id);
"""
# takeover_actions and chat were added after schema 1 shipped: CREATE ... IF NOT EXISTS adds
# them to an older journal on open (an old journal simply has no takeovers and no chat).
_ADDED_COLUMNS = (
    # Added after schema 1 shipped (history, housekeeping); older databases get them on open.
    ("started_at", "REAL"),
    ("updated_at", "REAL"),
    ("finished_at", "REAL"),
    ("archived", "INTEGER NOT NULL DEFAULT 0"),
    ("winners", "TEXT"),
    ("turn_time", "INTEGER NOT NULL DEFAULT 0"),  # the turn timer option (server/clocks.py)
    ("target", "INTEGER NOT NULL DEFAULT 0"),  # the target option (0: standard or double)
    ("extra_pepper", "INTEGER NOT NULL DEFAULT 0"),  # the Extra Pepper option (RULES §12)
)


def to_blob(data: Any) -> bytes:
    """Plain wire data (``action_to_wire``, ``result_to_wire``) as a journal entry."""
    return json.dumps(data, separators=(",", ":")).encode()


def from_blob(blob: bytes) -> Any:
    """A journal entry back to plain wire data (decode it with ``*_from_wire``)."""
    return json.loads(blob)


_TOUCH_EVERY = 1.0
"""Seconds between rewrites of a game's ``updated_at`` while it is played (one write fewer per
action: the update latency benchmark's journal cost)."""


class JournalError(RuntimeError):
    """The database cannot be used: locked by another server, unreadable, or too new."""


@dataclass(frozen=True, slots=True)
class SeatRecord:
    seat: int
    name: str | None
    token_hash: str | None


@dataclass(frozen=True, slots=True)
class GameRecord:
    """One journalled game, as read back on start."""

    id: int
    table_name: str
    game_no: int
    players: int
    extra_salt: bool
    double_target: bool
    seat_kinds: tuple[str, ...]
    seed: int
    seq_base: int
    engine_version: str
    seats: tuple[SeatRecord, ...] = ()
    actions: tuple[bytes, ...] = field(default=(), repr=False)
    turn_time: int = 0
    """Seconds per turn (the turn timer table option); 0: none."""
    target: int = 0
    """The points that end the game (the target table option); 0: the standard (or double)."""
    extra_pepper: bool = False
    """The Extra Pepper table option (RULES §12)."""


def _cannot_create(path: str, exc: OSError) -> str:
    reason = os.strerror(exc.errno).lower() if exc.errno else str(exc)
    return f"cannot create the journal at {path}: {reason}"


def check_journal_path(path: str, make_parent: bool = True) -> None:
    """Refuse, with one clear line, a path that cannot hold a journal (before SQLite or the
    lock file say it with a traceback or a bare "unable to open database file").

    Raises:
        JournalError: a directory at the path, a parent that is a file or missing, or a
            directory the server may not write to.
    """
    full = os.path.abspath(path)
    if os.path.isdir(full):
        raise JournalError(f"cannot create the journal at {path}: it is a directory")
    parent = os.path.dirname(full)
    ancestor = parent
    while not os.path.exists(ancestor):
        ancestor = os.path.dirname(ancestor)
    if not os.path.isdir(ancestor):
        raise JournalError(
            f"cannot create the journal at {path}: {ancestor} is a file, not a directory"
        )
    if ancestor != parent:
        if not make_parent:
            raise JournalError(
                f"cannot create the journal at {path}: no such directory {parent}"
            )
        try:
            private_dirs(parent)  # 0700: the journal holds every running game's seed
        except OSError as exc:
            raise JournalError(_cannot_create(path, exc)) from None
    if os.statvfs(parent).f_flag & os.ST_RDONLY:
        raise JournalError(f"cannot create the journal at {path}: read-only file system")
    if not os.access(parent, os.W_OK | os.X_OK):
        # SQLite needs to create the -wal and -shm files next to the database.
        raise JournalError(f"cannot create the journal at {path}: {parent} is read-only")


class DatabaseLock:
    """An exclusive, non-blocking ``flock`` on ``PATH.lock``: one server per database.

    The kernel drops the lock when the process dies, so a kill -9 never leaves it stale.
    """

    def __init__(self, db_path: str) -> None:
        self.path = db_path + ".lock"
        self._file: IO[str] | None = None

    def acquire(self) -> None:
        f = open_private(self.path, "a+")  # held open for the server's lifetime
        try:
            fcntl.flock(f.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            f.close()
            raise JournalError(
                f"the database {self.path[:-5]} is in use by another seasalt-server "
                "(stop it, or start this one with a different --db)"
            ) from None
        self._file = f

    def release(self) -> None:
        if self._file is not None:
            fcntl.flock(self._file.fileno(), fcntl.LOCK_UN)
            self._file.close()
            self._file = None


class Journal:
    """Append-only record of games. Single-threaded: the server's event loop owns it."""

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
                raise JournalError(_cannot_create(path, exc)) from None
        try:
            self._db = sqlite3.connect(path, isolation_level=None)
            self._db.execute("PRAGMA journal_mode=WAL")
            self._db.execute(f"PRAGMA synchronous={'FULL' if fsync else 'NORMAL'}")
            self._db.executescript(_SCHEMA)
            columns = {r[1] for r in self._db.execute("PRAGMA table_info(games)")}
            for name, decl in _ADDED_COLUMNS:
                if name not in columns:
                    self._db.execute(f"ALTER TABLE games ADD COLUMN {name} {decl}")
            row = self._db.execute("SELECT value FROM meta WHERE key='schema'").fetchone()
            if row is None:
                self._db.execute("INSERT INTO meta VALUES ('schema', ?)", (SCHEMA_VERSION,))
            elif row[0] != SCHEMA_VERSION:
                raise JournalError(
                    f"the database {path} has journal schema {row[0]}, this server reads "
                    f"{SCHEMA_VERSION}"
                )
        except sqlite3.DatabaseError as exc:
            self.close()
            raise JournalError(f"cannot use the database {path}: {exc}") from None
        except OSError as exc:
            self.close()
            raise JournalError(_cannot_create(path, exc)) from None

    @property
    def connection(self) -> sqlite3.Connection:
        """The open database, for read queries (server/history.py, server/housekeeping.py)."""
        return self._db

    def close(self) -> None:
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
        extra_pepper: bool = False,
    ) -> int:
        """Record a new game (its seats still empty) and return its id."""
        cur = self._db.execute(
            "INSERT INTO games (table_name, game_no, players, extra_salt, double_target,"
            " seat_kinds, seed, seq_base, engine_version, started_at, updated_at, turn_time,"
            " target, extra_pepper) VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?)",
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
    ) -> None:
        """Append accepted action number ``idx`` (1-based) in one transaction, together with
        the round result it produced and, when it ended the game, the final scores.

        ``takeover``: (seat, round, bot level) when a bot played this action for a human who
        had left (game over and statistics tell it apart from the human's own play).

        Most actions are a single ``INSERT`` (its own transaction): the game's ``updated_at``
        (when it was last played, for ``--max-resume-age`` and housekeeping) is rewritten at
        most once per :data:`_TOUCH_EVERY` seconds of play, and with every round result.
        """
        db = self._db
        now = self.wall_clock()
        last = self._touched.get(game_id)
        touch = last is None or abs(now - last) >= _TOUCH_EVERY
        insert = "INSERT INTO actions (game_id, idx, action) VALUES (?,?,?)"
        if round_result is None and final_scores is None and takeover is None and not touch:
            db.execute(insert, (game_id, idx, action))
            return
        db.execute("BEGIN")
        try:
            db.execute(insert, (game_id, idx, action))
            if takeover is not None:
                db.execute(
                    "INSERT OR REPLACE INTO takeover_actions VALUES (?,?,?,?,?)",
                    (game_id, idx, *takeover),
                )
            db.execute("UPDATE games SET updated_at=? WHERE id=?", (now, game_id))
            if round_result is not None:
                db.execute(
                    "INSERT OR REPLACE INTO rounds VALUES (?,?,?)",
                    (game_id, round_result[0], round_result[1]),
                )
            if final_scores is not None:
                db.execute(
                    "UPDATE games SET finished=1, final_scores=?, finished_at=?, winners=?"
                    " WHERE id=?",
                    (
                        json.dumps(list(final_scores)),
                        now,
                        None if winners is None else json.dumps(list(winners)),
                        game_id,
                    ),
                )
            db.execute("COMMIT")
        except BaseException:
            db.execute("ROLLBACK")
            raise
        self._touched[game_id] = now

    def takeovers(self, game_id: int) -> list[tuple[int, int, int, str]]:
        """(action idx, seat, round, level) of every action a takeover bot played, in order."""
        return list(
            self._db.execute(
                "SELECT idx, seat, round, level FROM takeover_actions WHERE game_id=?"
                " ORDER BY idx",
                (game_id,),
            )
        )

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
            "SELECT id, table_name, game_no, players, extra_salt, double_target, seat_kinds,"
            " seed, seq_base, engine_version, turn_time, target, extra_pepper FROM games"
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
            "SELECT id, table_name, game_no, players, extra_salt, double_target, seat_kinds,"
            " seed, seq_base, engine_version, turn_time, target, extra_pepper FROM games"
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
            games.append(
                GameRecord(
                    id=row[0],
                    table_name=row[1],
                    game_no=row[2],
                    players=row[3],
                    extra_salt=bool(row[4]),
                    double_target=bool(row[5]),
                    seat_kinds=tuple(json.loads(row[6])),
                    seed=row[7],
                    seq_base=row[8],
                    engine_version=row[9],
                    seats=seats,
                    actions=tuple(self.actions(row[0])),
                    turn_time=row[10] or 0,
                    target=row[11] or 0,
                    extra_pepper=bool(row[12]),
                )
            )
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
