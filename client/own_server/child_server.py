"""Start ``python -m seasalt.server`` as a child process (solo and host modes).

The client never imports the server: it runs it. The child's output goes to a log file (never a
pipe: a hosted server left running must not die writing to a closed pipe); the machine-readable
listening line is read from that file. A solo child dies with the client: it is stopped on exit
and, on Linux, the kernel sends it SIGTERM if the client dies first (PR_SET_PDEATHSIG).

Files: host mode uses the server's own default journal (the user data dir), solo mode the solo
journal there (``seasalt.client.own_server.solo_game``); only a fallback solo journal is temporary.
The log is ``seasalt-server-PID.log`` in the temp dir (PID: the server's). Both are removed when
the client stops its server, and :func:`clean_stale` removes those of dead servers (a kill -9,
a crash) at the next start.
"""

from __future__ import annotations

import asyncio
import contextlib
import fcntl
import os
import re
import signal
import subprocess
import sys
import tempfile
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

from seasalt.client.net.address import format_address, parse_address
from seasalt.client.words.i18n import _, ngettext
from seasalt.common.files import open_private

START_TIMEOUT = 15.0


class ServerStartError(RuntimeError):
    """The child server did not start; the message says why, for people."""


@dataclass
class ChildServer:
    """A running child server."""

    process: subprocess.Popen[bytes]
    address: str
    """``127.0.0.1:PORT``: where this client connects."""
    join_addresses: list[str] = field(default_factory=list)
    """What friends type (host mode)."""
    log_path: Path | None = None
    db_path: Path | None = None
    """The journal given with ``--db``; None: the server's default (host mode)."""
    owns_db: bool = False
    """A temporary journal: removed with the server."""
    server_key: str | None = None
    """The public key a ``--secure`` child printed (None: a plain server)."""
    web_urls: list[str] = field(default_factory=list)
    """What friends open in a browser (a ``--web`` child; empty otherwise)."""

    @property
    def pid(self) -> int:
        return self.process.pid

    def alive(self) -> bool:
        return self.process.poll() is None

    def stop(self, timeout: float = 3.0) -> None:
        """Stop the child (TERM, then KILL) and remove its temporary files."""
        if self.process.poll() is None:
            with contextlib.suppress(ProcessLookupError):
                self.process.send_signal(signal.SIGTERM)
            try:
                self.process.wait(timeout)
            except subprocess.TimeoutExpired:
                with contextlib.suppress(ProcessLookupError):
                    self.process.kill()
                self.process.wait(timeout)
        if self.owns_db and self.db_path is not None:
            for suffix in ("", "-wal", "-shm", ".lock"):
                with contextlib.suppress(OSError):
                    Path(str(self.db_path) + suffix).unlink()
        if self.log_path is not None:
            with contextlib.suppress(OSError):
                self.log_path.unlink()

    def last_words(self, lines: int = 5) -> str:
        """The end of the server's output (why it stopped), or "" when there is none."""
        if self.log_path is None:
            return ""
        try:
            text = self.log_path.read_text(encoding="utf-8", errors="replace")
        except OSError:
            return ""
        return "\n".join(text.splitlines()[-lines:])


LISTENING_PREFIX = "SEASALT_LISTENING "
JOIN_PREFIX = "seasalt-client "
SERVER_KEY_PREFIX = "encrypted (CurveZMQ); server public key: "
"""The ``seasalt-server --secure`` banner line naming its public key (server/serve_cli.py)."""


def parse_listening(lines: Sequence[str]) -> tuple[str, list[str]] | None:
    """Read the server's start-up output (see the server's ``SEASALT_LISTENING`` line).

    Returns (the address this machine connects to, the addresses friends type), or None while
    the listening line has not been printed yet.
    """
    address = None
    joins: list[str] = []
    for raw in lines:
        line = raw.strip()
        if line.startswith(LISTENING_PREFIX):
            address = line[len(LISTENING_PREFIX) :].strip().removeprefix("tcp://")
        elif line.startswith(JOIN_PREFIX):
            joins.append(line[len(JOIN_PREFIX) :].strip())
    if address is None:
        return None
    return _loopback(address), joins or [address]


def parse_web_urls(lines: Sequence[str]) -> list[str]:
    """The ``http://`` addresses a ``--web`` server printed for friends' browsers."""
    return [line.strip() for line in lines if line.startswith("  http://")]


def parse_server_key(lines: Sequence[str]) -> str | None:
    """The public key in a ``--secure`` server's start-up output, or None (plain)."""
    for raw in lines:
        head, found, key = raw.strip().rpartition(SERVER_KEY_PREFIX)
        if found and not head:
            return key.strip() or None
    return None


def _loopback(address: str) -> str:
    """A server bound to every interface is reached here at 127.0.0.1."""
    try:
        host, port = parse_address(address)
    except ValueError:
        return address
    return format_address("127.0.0.1", port) if host in ("0.0.0.0", "*", "::") else address


def _pdeathsig() -> None:  # runs in the child between fork and exec
    try:
        import ctypes

        libc = ctypes.CDLL("libc.so.6", use_errno=True)
        libc.prctl(1, signal.SIGTERM)  # PR_SET_PDEATHSIG
    except Exception:  # not Linux / no libc: the client's own cleanup still stops the child
        pass


def server_command(
    *, host: str, port: int, db: Path | None, seed: int | None = None,
    bot_delay: float | None = None, extra: Sequence[str] = (),
) -> list[str]:
    """The child's command line (``db`` None: the server's default journal)."""
    command = [sys.executable, "-m", "seasalt.server", "--host", host, "--port", str(port)]
    if db is not None:
        command += ["--db", str(db)]
    if seed is not None:
        command += ["--seed", str(seed)]
    if bot_delay is not None:
        command += ["--bot-delay", str(bot_delay)]
    return command + list(extra)


TEMP_DB_PREFIX = "seasalt-solo-"
LOG_PREFIX = "seasalt-server-"
_LOG_NAME = re.compile(re.escape(LOG_PREFIX) + r"(\d+)(?:-\d+)?(?:-starting)?\.log")


def _pid_alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True  # another user's live process
    return True


def journal_in_use(db: Path) -> bool:
    """A server still holds this journal (the kernel drops the lock of a dead one)."""
    try:
        with open(str(db) + ".lock", "a+") as f:
            try:
                fcntl.flock(f.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
            except BlockingIOError:
                return True
            fcntl.flock(f.fileno(), fcntl.LOCK_UN)
    except OSError:
        return True  # not ours to judge: leave it
    return False


def clean_stale(directory: Path | None = None) -> list[Path]:
    """Remove the temporary journals and logs that dead child servers left behind.

    A log names its server's pid; a temporary journal is stale when no server holds its lock.
    Returns what was removed.
    """
    where = Path(directory or tempfile.gettempdir())
    removed: list[Path] = []
    with contextlib.suppress(OSError):
        for path in where.iterdir():
            name = path.name
            match = _LOG_NAME.fullmatch(name)
            stale = match is not None and not _pid_alive(int(match.group(1)))
            if name.startswith(TEMP_DB_PREFIX) and name.endswith(".db"):
                stale = not journal_in_use(path)
                if stale:
                    for suffix in ("-wal", "-shm", ".lock"):
                        with contextlib.suppress(OSError):
                            Path(str(path) + suffix).unlink()
                            removed.append(Path(str(path) + suffix))
            if stale:
                with contextlib.suppress(OSError):
                    path.unlink()
                    removed.append(path)
        for path in where.glob(TEMP_DB_PREFIX + "*.db.lock"):  # a lock without its journal
            if not Path(str(path)[: -len(".lock")]).exists() and not journal_in_use(
                Path(str(path)[: -len(".lock")])
            ):
                with contextlib.suppress(OSError):
                    path.unlink()
                    removed.append(path)
    return removed


def spawn_server(
    *, host: str = "127.0.0.1", port: int = 0, db: Path | None = None, solo: bool = True,
    seed: int | None = None, bot_delay: float | None = None, extra: Sequence[str] = (),
    default_db: bool = False,
) -> ChildServer:
    """Start a child server (not yet waiting for it to listen).

    ``db``: the journal; None with ``default_db`` is the server's default journal (host
    mode), None without it a temporary journal removed with the server.

    Raises:
        ServerStartError: the process could not be started at all.
    """
    clean_stale()
    owns = db is None and not default_db
    if owns:
        handle, name = tempfile.mkstemp(prefix=f"{TEMP_DB_PREFIX}{os.getpid()}-", suffix=".db")
        os.close(handle)
        os.unlink(name)  # the server creates it; we only want a fresh private path
        db = Path(name)
    # Named after this client until the child's pid is known (then renamed after it).
    log_path = Path(tempfile.gettempdir()) / (
        f"{LOG_PREFIX}{os.getpid()}-{int(time.time() * 1000)}-starting.log"
    )
    log = open_private(str(log_path), "w")  # 0600; the child's stdout, closed below
    try:
        process = subprocess.Popen(
            server_command(host=host, port=port, db=db, seed=seed, bot_delay=bot_delay,
                           extra=extra),
            stdin=subprocess.DEVNULL,
            stdout=log,
            stderr=subprocess.STDOUT,
            preexec_fn=_pdeathsig if solo and sys.platform.startswith("linux") else None,
            start_new_session=not solo,
            env={**os.environ, "PYTHONUNBUFFERED": "1"},
        )
    except OSError as error:
        raise ServerStartError(
            _("Could not start the server: {error}").format(error=error)
        ) from error
    finally:
        log.close()
    named = log_path.with_name(f"{LOG_PREFIX}{process.pid}.log")
    with contextlib.suppress(OSError):  # the child keeps writing to the renamed file
        log_path.rename(named)
        log_path = named
    return ChildServer(process, "", [], log_path, db, owns)


def wait_listening(child: ChildServer, timeout: float = START_TIMEOUT) -> ChildServer:
    """Wait for the child's listening line; fills ``address`` and ``join_addresses``.

    Raises:
        ServerStartError: the server exited or said nothing usable before ``timeout``.
    """
    assert child.log_path is not None
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        try:
            lines = child.log_path.read_text(encoding="utf-8", errors="replace").splitlines()
        except OSError:
            lines = []
        parsed = parse_listening(lines)
        if parsed is not None:
            child.address, child.join_addresses = parsed
            child.server_key = parse_server_key(lines)
            child.web_urls = parse_web_urls(lines)
            return child
        if child.process.poll() is not None:
            code = child.process.returncode
            # Read again: it may have written its last words after the read above.
            lines = child.last_words().splitlines()
            child.stop()
            raise ServerStartError(
                _("The server stopped at once (exit code {code}). Its last words:\n{tail}").format(
                    code=code, tail="\n".join(lines[-5:])
                )
            )
        time.sleep(0.02)
    child.stop()
    raise ServerStartError(ngettext(
        "The server did not start within {n} second.",
        "The server did not start within {n} seconds.", round(timeout)).format(n=timeout))


def start_server(*, timeout: float = START_TIMEOUT, **kwargs: object) -> ChildServer:
    """Start a child server and wait until it listens (see :func:`spawn_server`)."""
    return wait_listening(spawn_server(**kwargs), timeout)  # type: ignore[arg-type]


async def start_server_async(*, timeout: float = START_TIMEOUT, **kwargs: object) -> ChildServer:
    """:func:`start_server` without blocking the event loop.

    The fork happens in the calling (event loop) thread, because PR_SET_PDEATHSIG is tied to
    the forking thread; only the wait for the listening line runs in a worker thread.
    """
    child = spawn_server(**kwargs)  # type: ignore[arg-type]
    try:
        return await asyncio.to_thread(wait_listening, child, timeout)
    except asyncio.CancelledError:
        # The player went back while it started (Esc on "Starting a solo game…"): nobody
        # will stop it later, and a solo child would hold the solo journal's lock, so that the
        # next solo game went to a temporary journal and could not be resumed.
        child.stop()
        raise
