"""The commits of accepted actions, off the event loop, for a journal that fsyncs (``--fsync``).

With ``synchronous=FULL`` each commit waits for the disk, and on the event loop one slow fsync
stalled every table and the lobby (``benchmarks/fsync_stall.py``). Here one thread owns its
own connection to the journal and commits the actions handed to it, in the order they were
handed, several at once when they queued up meanwhile (one fsync for the lot: a slow fsync
does not make the actions behind it wait one more fsync each). Each action's ``done`` is
called on the event loop once its commit returned, and only then are its updates sent
(server/game.py): "journalled before anyone is told" holds as it does on the loop.

Everything else the journal writes (seats, chat, sessions) is still written on the loop, on
the journal's own connection; SQLite lets one writer at a time, so such a write waits for a
commit in flight here (the loop's busy timeout).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import sqlite3
import threading
from collections.abc import Callable
from dataclasses import dataclass

Done = Callable[[BaseException | None], None]
"""Told on the event loop when an action's commit has returned (None) or failed (the error)."""

WRITER_BUSY_TIMEOUT = 60.0
"""Seconds a commit waits for the loop's own write to end (one fsync, however slow)."""


@dataclass(frozen=True, slots=True)
class ActionRecord:
    """One accepted action and what it journals with it (``Journal.append_action``)."""

    game_id: int
    idx: int
    action: bytes
    round_result: tuple[int, bytes] | None
    final_scores: tuple[int, ...] | None
    winners: tuple[int, ...] | None
    takeover: tuple[int, int, str] | None
    now: float
    touch: bool
    """Rewrite the game's ``updated_at`` (at most once a second of play, and with any round
    result, final scores or takeover)."""

    @property
    def alone(self) -> bool:
        """A single ``INSERT`` (its own transaction on the loop)."""
        return (
            self.round_result is None and self.final_scores is None
            and self.takeover is None and not self.touch
        )


def write_action(db: sqlite3.Connection, record: ActionRecord) -> None:
    """The statements of one action, inside the caller's transaction (or, when it is
    :attr:`ActionRecord.alone`, as one autocommit ``INSERT``)."""
    game_id = record.game_id
    db.execute(
        "INSERT INTO actions (game_id, idx, action) VALUES (?,?,?)",
        (game_id, record.idx, record.action),
    )
    if record.alone:
        return
    if record.takeover is not None:
        db.execute(
            "INSERT OR REPLACE INTO takeover_actions VALUES (?,?,?,?,?)",
            (game_id, record.idx, *record.takeover),
        )
    db.execute("UPDATE games SET updated_at=? WHERE id=?", (record.now, game_id))
    if record.round_result is not None:
        db.execute(
            "INSERT OR REPLACE INTO rounds VALUES (?,?,?)",
            (game_id, record.round_result[0], record.round_result[1]),
        )
    if record.final_scores is not None:
        db.execute(
            "UPDATE games SET finished=1, final_scores=?, finished_at=?, winners=? WHERE id=?",
            (
                json.dumps(list(record.final_scores)),
                record.now,
                None if record.winners is None else json.dumps(list(record.winners)),
                game_id,
            ),
        )


def connect_writer(path: str) -> sqlite3.Connection:
    """The writer thread's connection (tests wrap it to slow or gate its commits)."""
    db = sqlite3.connect(path, isolation_level=None, timeout=WRITER_BUSY_TIMEOUT)
    db.execute("PRAGMA synchronous=FULL")  # the journal is in WAL mode already (its file says)
    return db


_Job = tuple[ActionRecord, Done, asyncio.AbstractEventLoop]


class ActionWriter:
    """The thread that commits actions for a ``--fsync`` journal (see the module docstring)."""

    def __init__(self, path: str) -> None:
        self._path = path
        self._jobs: list[_Job] = []
        self._wake = threading.Condition()
        self._closing = False
        self._thread = threading.Thread(
            target=self._run, name="seasalt-journal-writer", daemon=True
        )
        self._thread.start()

    def submit(self, record: ActionRecord, done: Done, loop: asyncio.AbstractEventLoop) -> None:
        with self._wake:
            if self._closing:
                raise RuntimeError("the journal is closed")
            self._jobs.append((record, done, loop))
            self._wake.notify()

    def close(self) -> None:
        """Commit what was handed over, then stop (the journal closes after)."""
        with self._wake:
            self._closing = True
            self._wake.notify()
        self._thread.join()

    def _run(self) -> None:
        db = connect_writer(self._path)
        try:
            while True:
                with self._wake:
                    while not self._jobs and not self._closing:
                        self._wake.wait()
                    if not self._jobs:
                        return
                    batch, self._jobs = self._jobs, []
                for (_record, done, loop), error in zip(
                    batch, self._commit(db, [job[0] for job in batch]), strict=True
                ):
                    with contextlib.suppress(RuntimeError):  # the loop has closed
                        loop.call_soon_threadsafe(done, error)
        finally:
            db.close()

    @staticmethod
    def _commit(db: sqlite3.Connection, records: list[ActionRecord]) -> list[BaseException | None]:
        """Commit ``records`` in one transaction; if that fails, each in its own, so that one
        bad record (a damaged table) costs no other table its action."""
        try:
            _transaction(db, records)
            return [None] * len(records)
        except Exception as exc:
            if len(records) == 1:
                return [exc]
        errors: list[BaseException | None] = []
        for record in records:
            try:
                _transaction(db, [record])
                errors.append(None)
            except Exception as exc:  # told to that table's Game, which says so
                errors.append(exc)
        return errors


def _transaction(db: sqlite3.Connection, records: list[ActionRecord]) -> None:
    db.execute("BEGIN IMMEDIATE")
    try:
        for record in records:
            write_action(db, record)
        db.execute("COMMIT")
    except BaseException:
        with contextlib.suppress(sqlite3.Error):
            db.execute("ROLLBACK")
        raise
