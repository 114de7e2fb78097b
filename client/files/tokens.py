"""Session tokens kept per server address, so a closed or killed client gets its seat back.

The file is ``sessions.json`` in the platform's user data dir (Linux:
``$XDG_DATA_HOME/seasalt/sessions.json``, by default ``~/.local/share/seasalt/``)::

    {"format": "seasalt-sessions", "version": 1,
     "servers": {"192.168.1.20:7327": {"Ann": {"token": "...", "table": "kitchen", "seat": 1}}}}

One entry per server address and player name: two windows on one machine with two names keep
two seats. A token is the session's secret (docs/protocol.md §3), so the file is owner-only
(0600) and replaced atomically (a new file, then ``os.replace``): a client killed mid-write
leaves the old file. ``table``/``seat`` are the last seat this client took there (the lobby marks
it "your seat — rejoin"); the server itself gives the seat back on ``resume``.

A running client holds an ``flock`` on its entry (:func:`claim`), so a second window with the
same name and server starts its own session instead of taking the first one's seat over; the
kernel drops the lock of a killed client. The paths are read at each call, not at import, so
tests (and a changed ``XDG_DATA_HOME``) see their own directory.
"""

from __future__ import annotations

import contextlib
import fcntl
import hashlib
import json
import logging
import os
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

log = logging.getLogger("seasalt.client")

FORMAT = "seasalt-sessions"
VERSION = 1
_TOKEN = re.compile(r"[A-Za-z0-9_\-]{1,128}")


@dataclass(frozen=True)
class Kept:
    """What this client keeps for one server."""

    token: str
    table: str | None = None
    seat: int | None = None


def server_key(address: str) -> str:
    """The entry's key for ``address``: one per server however its address was typed.

    "192.168.1.20", "192.168.1.20:7327" and "tcp://192.168.1.20:7327" are one server (the
    default port, the scheme, the case of a host name): a player who types another form after
    a crash must find the seat, and two windows typing two forms must not share a token. An
    address that does not parse is kept as typed (the connection refuses it anyway).
    """
    from seasalt.client.net.address import format_address, parse_address

    try:
        host, port = parse_address(address)
    except ValueError:
        return address
    return format_address(host.lower(), port)


def tokens_path() -> Path:
    """``sessions.json`` in the user data dir, looked up now (not at import time)."""
    from platformdirs import user_data_dir

    return Path(user_data_dir("seasalt", appauthor=False)) / "sessions.json"


class Claim:
    """An ``flock`` on one (address, name) entry while this client uses it."""

    def __init__(self, fd: int | None, path: Path | None = None) -> None:
        self.fd = fd
        self.path = path

    @property
    def held(self) -> bool:
        return self.fd is not None

    def release(self) -> None:
        """Remove the lock file, then drop the lock (closing the descriptor): lock files do
        not pile up, and :func:`claim` checks it locked the file that is still there."""
        if self.fd is not None:
            if self.path is not None:
                with contextlib.suppress(OSError):
                    self.path.unlink()
            with contextlib.suppress(OSError):
                os.close(self.fd)
            self.fd = None


def claim(address: str, name: str, path: Path | None = None) -> Claim:
    """Lock the entry for (``address``, ``name``); not held when another live client has it
    (or the directory is not writable: then nothing is kept either)."""
    path = path or tokens_path()
    digest = hashlib.sha256(f"{server_key(address)}\0{name}".encode()).hexdigest()[:16]
    lock = path.with_name(f".{path.name}.{digest}.lock")
    for _attempt in range(5):
        try:
            path.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
            fd = os.open(lock, os.O_RDWR | os.O_CREAT, 0o600)
        except OSError:
            return Claim(None)
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            os.close(fd)
            return Claim(None)  # another live client uses this entry
        try:
            same = os.fstat(fd).st_ino == os.stat(lock).st_ino
        except OSError:
            same = False
        if same:
            return Claim(fd, lock)
        os.close(fd)  # its holder removed that file as we opened it: lock the new one
    return Claim(None)


def _read(path: Path) -> dict[str, Any]:
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        return {}
    except (OSError, UnicodeDecodeError, ValueError) as exc:
        log.warning("ignoring the unreadable session file %s: %s", path, exc)
        return {}
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        log.warning("ignoring %s: not a seasalt session file", path)
        return {}
    servers = data.get("servers")
    return servers if isinstance(servers, dict) else {}


def load(address: str, name: str, path: Path | None = None) -> Kept | None:
    """The token (and last seat) kept for ``name`` at ``address``; None when there is none or
    it is bad."""
    server = _read(path or tokens_path()).get(server_key(address))
    entry = server.get(name) if isinstance(server, dict) else None
    if not isinstance(entry, dict):
        return None
    token, table, seat = entry.get("token"), entry.get("table"), entry.get("seat")
    if not isinstance(token, str) or not _TOKEN.fullmatch(token):
        return None
    return Kept(
        token,
        table if isinstance(table, str) else None,
        seat if isinstance(seat, int) and not isinstance(seat, bool) else None,
    )


def save(address: str, name: str, kept: Kept | None, path: Path | None = None) -> bool:
    """Keep ``kept`` for ``name`` at ``address`` (None forgets it); False (and a log line) when
    the file cannot be written: play goes on, only coming back after a restart is lost.

    Call it while holding the entry's :func:`claim` (the read-modify-write of the whole file
    is short; two clients writing at the same moment could lose the other's newest entry,
    which costs that one a resume, never a wrong seat)."""
    path = path or tokens_path()
    address = server_key(address)
    servers = _read(path)
    server = servers.get(address)
    server = dict(server) if isinstance(server, dict) else {}
    if kept is None:
        if server.pop(name, None) is None:
            return True
    else:
        server[name] = {"token": kept.token, "table": kept.table, "seat": kept.seat}
    if server:
        servers[address] = server
    else:
        servers.pop(address, None)
    text = json.dumps(
        {"format": FORMAT, "version": VERSION, "servers": servers}, indent=1, sort_keys=True
    )
    temp = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    try:
        path.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
        with contextlib.suppress(FileNotFoundError):
            temp.unlink()  # left by a killed process with our pid: O_EXCL makes a fresh one
        # Owner-only from the first byte: the mode is given to open(), never chmod-ed later.
        fd = os.open(temp, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(text + "\n")
            f.flush()
            os.fsync(f.fileno())
        os.replace(temp, path)
    except OSError as exc:
        log.warning("cannot keep the session token in %s: %s", path, exc)
        with contextlib.suppress(OSError):
            temp.unlink()
        return False
    return True
