"""The journal's file (DESIGN "Durability"): whether a path can hold a journal, and the lock
that lets one server at a time use it. The database inside is server/journal.py's.

Both answer a bad path with one line (:class:`JournalError`) before SQLite would say it with a
traceback or a bare "unable to open database file".
"""

from __future__ import annotations

import fcntl
import os
from typing import IO

from seasalt.common.files import open_private, private_dirs


class JournalError(RuntimeError):
    """The database cannot be used: locked by another server, unreadable, or too new."""


def cannot_create(path: str, exc: OSError) -> str:
    """The one line for an ``OSError`` met while creating the journal at ``path``."""
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
            raise JournalError(cannot_create(path, exc)) from None
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
