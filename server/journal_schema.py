"""The journal's on-disk format (DESIGN "Durability"): its tables, the columns added since
schema 1 shipped, the schema version, the blobs, and the records a game is read back as.

server/journal.py writes and reads through these; anything that changes what a journal file
holds changes here (and needs its old journals to keep opening: tests/server/test_journal.py).
Actions and round results are stored as JSON of their wire form (:func:`to_blob`), so the
history stays readable with any SQLite tool.
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from .journal_file import JournalError

SCHEMA_VERSION = "1"

REVIEWS_TABLE = """
CREATE TABLE IF NOT EXISTS reviews (
    game_id INTEGER NOT NULL REFERENCES games(id),
    budget INTEGER NOT NULL,
    seed INTEGER NOT NULL,
    engine_version TEXT NOT NULL,
    review TEXT NOT NULL,
    PRIMARY KEY (game_id, budget, seed, engine_version)
);
"""
"""The expert's reviews (server/review_store.py creates it in a journal made before it)."""

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
CREATE TABLE IF NOT EXISTS reading_over (
    game_id INTEGER PRIMARY KEY REFERENCES games(id),
    idx INTEGER NOT NULL
);
CREATE TABLE IF NOT EXISTS chat (
    table_name TEXT NOT NULL,
    idx INTEGER NOT NULL,
    name TEXT NOT NULL,
    seat INTEGER,
    text TEXT NOT NULL,
    PRIMARY KEY (table_name, idx)
);
CREATE TABLE IF NOT EXISTS sessions (
    token_hash TEXT PRIMARY KEY,
    id TEXT NOT NULL,
    name TEXT NOT NULL,
    opened_at REAL NOT NULL,
    left_table TEXT,
    shown_table TEXT,
    shown_seat INTEGER
);
CREATE INDEX IF NOT EXISTS games_by_table ON games (table_name, id);
""" + REVIEWS_TABLE
# reviews: the expert's review of a finished game per budget (0: the default) and seed, as JSON
# (server/review_store.py), so that a second look is instant.
# takeover_actions, reading_over, chat, sessions and reviews were added after schema 1 shipped:
# CREATE ... IF NOT EXISTS adds them to an older journal on open (an old journal simply has no
# takeovers, no pause known to be over, no chat, no sessions to resume and no reviews).
# reading_over: the reading pause after action ``idx`` (the one that ended a round) is over, so
# a restart at that action does not pause again (server/restore.py).
_ADDED_COLUMNS = (
    # Added after schema 1 shipped (history, housekeeping); older databases get them on open.
    ("started_at", "REAL"),
    ("updated_at", "REAL"),
    ("finished_at", "REAL"),
    ("archived", "INTEGER NOT NULL DEFAULT 0"),
    ("winners", "TEXT"),
    ("turn_time", "INTEGER NOT NULL DEFAULT 0"),  # the turn timer option (server/clocks.py)
    ("target", "INTEGER NOT NULL DEFAULT 0"),  # the target option (0: standard or double)
    ("coach_allowed", "INTEGER NOT NULL DEFAULT 0"),  # the coach option (client/coach.py)
    ("extra_pepper", "INTEGER NOT NULL DEFAULT 0"),  # the Extra Pepper option (RULES §12)
)
_ADDED_SESSION_COLUMNS = (
    # The table a session last left (server/lobby.py ``on_leave``); NULL in an older journal.
    ("left_table", "TEXT"),
    # Where its client was last told it is (server/sessions.py ``Session.shown``); NULL in an
    # older journal (a spectator of one is not put back at its table after the restart).
    ("shown_table", "TEXT"),
    ("shown_seat", "INTEGER"),
)


def ensure_schema(db: sqlite3.Connection, path: str) -> None:
    """Create the tables a new journal needs, add the later ones and the added columns to an
    older journal, and check its schema version.

    Raises:
        JournalError: the journal has another schema version (a newer server wrote it).
        sqlite3.DatabaseError: the file is not a database this SQLite can use.
    """
    db.executescript(_SCHEMA)
    for table, added in (("games", _ADDED_COLUMNS), ("sessions", _ADDED_SESSION_COLUMNS)):
        columns = {r[1] for r in db.execute(f"PRAGMA table_info({table})")}
        for name, decl in added:
            if name not in columns:
                db.execute(f"ALTER TABLE {table} ADD COLUMN {name} {decl}")
    row = db.execute("SELECT value FROM meta WHERE key='schema'").fetchone()
    if row is None:
        db.execute("INSERT INTO meta VALUES ('schema', ?)", (SCHEMA_VERSION,))
    elif row[0] != SCHEMA_VERSION:
        raise JournalError(
            f"the database {path} has journal schema {row[0]}, this server reads "
            f"{SCHEMA_VERSION}"
        )


def to_blob(data: Any) -> bytes:
    """Plain wire data (``action_to_wire``, ``result_to_wire``) as a journal entry."""
    return json.dumps(data, separators=(",", ":")).encode()


def from_blob(blob: bytes) -> Any:
    """A journal entry back to plain wire data (decode it with ``*_from_wire``)."""
    return json.loads(blob)


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
    coach_allowed: bool = False
    """The coach table option: clients may offer their players the coach here."""
    extra_pepper: bool = False
    """The Extra Pepper table option (RULES §12)."""


GAME_COLUMNS = (
    "id, table_name, game_no, players, extra_salt, double_target, seat_kinds,"
    " seed, seq_base, engine_version, turn_time, target, coach_allowed,"
    " extra_pepper"
)
"""The ``games`` columns a :class:`GameRecord` is read from, in :func:`game_record`'s order."""


def game_record(
    row: Sequence[Any], seats: tuple[SeatRecord, ...], actions: tuple[bytes, ...]
) -> GameRecord:
    """A ``SELECT GAME_COLUMNS FROM games`` row, with its seats and actions, as a record."""
    return GameRecord(
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
        actions=actions,
        turn_time=row[10] or 0,
        target=row[11] or 0,
        coach_allowed=bool(row[12]),
        extra_pepper=bool(row[13]),
    )
