"""Start ``python -m seasalt.server`` as a child process (solo and host modes).

The client never imports the server: it runs it. The child's output goes to a log file (never a
pipe: a hosted server left running must not die writing to a closed pipe); the machine-readable
listening line is read from that file. A solo child dies with the client: it is stopped on exit
and, on Linux, the kernel sends it SIGTERM if the client dies first (PR_SET_PDEATHSIG).
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import signal
import subprocess
import sys
import tempfile
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

from seasalt.client.i18n import _

START_TIMEOUT = 15.0
SOLO_GAMES_RESUME = False
"""Whether a solo game survives quitting the client (its server journal kept and offered again
at the next start). The quit dialog promises a return only when this is True; the change that
makes solo games resumable sets it."""


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
    owns_db: bool = False
    server_key: str | None = None
    """The public key a ``--secure`` child printed (None: a plain server)."""

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
        if self.owns_db and self.log_path is not None:
            with contextlib.suppress(OSError):
                self.log_path.unlink()


LISTENING_PREFIX = "SEASALT_LISTENING "
JOIN_PREFIX = "seasalt-client "
SERVER_KEY_PREFIX = "encrypted (CurveZMQ); server public key: "
"""The ``seasalt-server --secure`` banner line naming its public key (server/secure_cli.py)."""


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


def parse_server_key(lines: Sequence[str]) -> str | None:
    """The public key in a ``--secure`` server's start-up output, or None (plain)."""
    for raw in lines:
        head, found, key = raw.strip().rpartition(SERVER_KEY_PREFIX)
        if found and not head:
            return key.strip() or None
    return None


def _loopback(address: str) -> str:
    host, _sep, port = address.rpartition(":")
    if host in ("0.0.0.0", "*", "", "[::]"):
        return f"127.0.0.1:{port}"
    return address


def _pdeathsig() -> None:  # runs in the child between fork and exec
    try:
        import ctypes

        libc = ctypes.CDLL("libc.so.6", use_errno=True)
        libc.prctl(1, signal.SIGTERM)  # PR_SET_PDEATHSIG
    except Exception:  # not Linux / no libc: the client's own cleanup still stops the child
        pass


def server_command(
    *, host: str, port: int, db: Path, seed: int | None = None,
    bot_delay: float | None = None, extra: Sequence[str] = (),
) -> list[str]:
    """The child's command line."""
    command = [sys.executable, "-m", "seasalt.server", "--host", host, "--port", str(port),
               "--db", str(db)]
    if seed is not None:
        command += ["--seed", str(seed)]
    if bot_delay is not None:
        command += ["--bot-delay", str(bot_delay)]
    return command + list(extra)


def spawn_server(
    *, host: str = "127.0.0.1", port: int = 0, db: Path | None = None, solo: bool = True,
    seed: int | None = None, bot_delay: float | None = None, extra: Sequence[str] = (),
) -> ChildServer:
    """Start a child server (not yet waiting for it to listen).

    Raises:
        ServerStartError: the process could not be started at all.
    """
    owns = db is None
    if db is None:
        handle, name = tempfile.mkstemp(prefix="seasalt-solo-", suffix=".db")
        os.close(handle)
        os.unlink(name)  # the server creates it; we only want a fresh private path
        db = Path(name)
    log_path = Path(tempfile.gettempdir()) / (
        f"seasalt-server-{os.getpid()}-{int(time.time() * 1000)}.log"
    )
    log = open(log_path, "wb")  # noqa: SIM115 - handed to the child, closed below
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
            return child
        if child.process.poll() is not None:
            code = child.process.returncode
            child.stop()
            raise ServerStartError(
                _("The server stopped at once (exit code {code}). Its last words:\n{tail}").format(
                    code=code, tail="\n".join(lines[-5:])
                )
            )
        time.sleep(0.02)
    child.stop()
    raise ServerStartError(_("The server did not start within {n} seconds.").format(n=timeout))


def start_server(*, timeout: float = START_TIMEOUT, **kwargs: object) -> ChildServer:
    """Start a child server and wait until it listens (see :func:`spawn_server`)."""
    return wait_listening(spawn_server(**kwargs), timeout)  # type: ignore[arg-type]


async def start_server_async(*, timeout: float = START_TIMEOUT, **kwargs: object) -> ChildServer:
    """:func:`start_server` without blocking the event loop.

    The fork happens in the calling (event loop) thread, because PR_SET_PDEATHSIG is tied to
    the forking thread; only the wait for the listening line runs in a worker thread.
    """
    child = spawn_server(**kwargs)  # type: ignore[arg-type]
    return await asyncio.to_thread(wait_listening, child, timeout)
