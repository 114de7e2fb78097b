"""Files only their owner may read: the server's journal (every running game's seed, hence
every card), logs, key and token files, and the client's identity, settings and logs.

Created with their mode at the ``open`` itself (``os.open(..., 0o600)``, ``os.mkdir(..., 0o700)``),
never written first and tightened after, so no umask (not even 000) leaves a moment when another
user can read them.
"""

from __future__ import annotations

import contextlib
import logging.handlers
import os
import stat
from typing import IO, Any

PRIVATE_FILE = 0o600
PRIVATE_DIR = 0o700


def private_dirs(directory: str) -> None:
    """Create ``directory`` and every missing parent with mode 0700. Folders that already
    exist are left as they are (a ``--db`` in a shared folder is the user's choice)."""
    directory = os.path.abspath(directory)
    missing = []
    while not os.path.isdir(directory):
        missing.append(directory)
        parent = os.path.dirname(directory)
        if parent == directory:
            break
        directory = parent
    for path in reversed(missing):
        with contextlib.suppress(FileExistsError):  # made meanwhile by another process
            os.mkdir(path, PRIVATE_DIR)


def tighten_dir(directory: str) -> None:
    """Make one of seasalt's own folders (the default data, state or config folder) 0700,
    also when an older version created it 0755."""
    private_dirs(directory)
    if os.stat(directory).st_mode & 0o077:
        os.chmod(directory, PRIVATE_DIR)


def keep_private(fd: int) -> None:
    """Make the open file ``fd`` owner-only before anything is written to it: the mode given
    at ``os.open`` applies only to a file it creates, and one that was already there keeps
    its own (a 0666 token file would hand a live token to everyone).

    Raises:
        PermissionError: the file belongs to another user, who could read it whatever its
            mode (its message says so, and what to do).
    """
    if os.name != "posix":  # Windows: no owner ids or group/other bits to tighten
        return
    st = os.fstat(fd)
    if not stat.S_ISREG(st.st_mode):
        return  # /dev/null, a terminal, a pipe: the user's choice, shared by nature
    if st.st_uid != os.geteuid():
        raise PermissionError(
            f"it belongs to another user (uid {st.st_uid}), who could read what is written "
            "to it: remove it, or choose another file"
        )
    if st.st_mode & 0o077:
        os.fchmod(fd, PRIVATE_FILE)


def create_private(path: str) -> None:
    """Create ``path`` empty with mode 0600 if it does not exist, or make it 0600 (SQLite then
    opens it, and gives its -wal and -shm files the same mode).

    Raises:
        PermissionError: ``path`` belongs to another user (:func:`keep_private`).
    """
    fd = os.open(path, os.O_RDWR | os.O_CREAT, PRIVATE_FILE)
    try:
        keep_private(fd)
    finally:
        os.close(fd)


def open_private(path: str, mode: str = "a+", encoding: str | None = None) -> IO[Any]:
    """``open(path, mode)`` for ``a+``/``a``/``w``, creating the file with mode 0600, or
    making an existing one 0600 before it is truncated or written.

    Raises:
        PermissionError: ``path`` belongs to another user (:func:`keep_private`).
    """
    flags = {"a+": os.O_RDWR | os.O_APPEND, "a": os.O_WRONLY | os.O_APPEND,
             "w": os.O_WRONLY}[mode]
    fd = os.open(path, flags | os.O_CREAT, PRIVATE_FILE)
    try:
        keep_private(fd)
        if mode == "w":  # truncated only once it is known to be ours
            os.ftruncate(fd, 0)
    except BaseException:
        os.close(fd)
        raise
    return os.fdopen(fd, mode, encoding=encoding)


class PrivateRotatingFileHandler(logging.handlers.RotatingFileHandler):
    """A rotating log whose files are created 0600 (the log names tables and players)."""

    def _open(self) -> Any:
        return open_private(self.baseFilename, "a", encoding=self.encoding)
