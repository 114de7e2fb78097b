"""The evening soak's real processes and the server's truth.

Part of benchmarks/evening_soak.py (loaded from beside it): each person's machine (:class:`Home`:
their own HOME and XDG dirs, so remembered names, tokens, identities and solo games are theirs
alone), the headless players (:class:`Headless`, ``seasalt-client HOST:PORT --bot LEVEL``
child processes), the lobby as the server lists it (:class:`Lobby`, one raw session), and the
history a fresh session gets (:func:`ask_history`). The game itself is read from the journal by
tests/e2e/chaos_driver.py's ``Journal``.
"""

from __future__ import annotations

import asyncio
import collections
import contextlib
import os
import re
import signal
import sqlite3
import subprocess
import sys
from dataclasses import dataclass, field
from pathlib import Path

import zmq.asyncio
from seasalt.protocol import (
    Error,
    Games,
    GameSummary,
    GetReplay,
    GetStats,
    ListGames,
    ListTables,
    PlayerStats,
    Replay,
    ServerMessage,
    Stats,
    TableInfo,
    Tables,
)
from seasalt.protocol.discovery import NO_MDNS_ENV
from seasalt.server.finished import FINISHED, player_id_of_session
from seasalt.testing.server import RawClient

BIN = Path(sys.executable).parent
"""Where this Python's ``seasalt-client`` and ``seasalt-server`` are (the venv's bin)."""


def client_program() -> list[str]:
    exe = BIN / "seasalt-client"
    return [str(exe)] if exe.exists() else [sys.executable, "-m", "seasalt.client.cli"]


def server_program() -> list[str]:
    exe = BIN / "seasalt-server"
    return [str(exe), "serve"] if exe.exists() else [sys.executable, "-m", "seasalt.server"]


@dataclass
class Home:
    """One person's computer, as far as seasalt can tell: HOME and the XDG folders."""

    name: str
    root: Path

    def env(self) -> dict[str, str]:
        """What differs from the soak's own environment for this person's programs."""
        return {
            "HOME": str(self.root),
            "XDG_DATA_HOME": str(self.root / ".local" / "share"),
            "XDG_CONFIG_HOME": str(self.root / ".config"),
            "XDG_STATE_HOME": str(self.root / ".local" / "state"),
            "XDG_CACHE_HOME": str(self.root / ".cache"),
            "PATH": self.path(),
            NO_MDNS_ENV: "1",  # never announced or browsed for on the real network
        }

    @staticmethod
    def path() -> str:
        """``seasalt-client`` as a person types it finds this Python's."""
        return f"{BIN}{os.pathsep}{os.environ.get('PATH', '')}"


class Headless:
    """A headless player: one ``seasalt-client ADDRESS --bot LEVEL --table T`` process per game
    (started again with the same command and token file after a kill, as a person would)."""

    def __init__(
        self, home: Home, address: str, table: str, players: int, seed: int, logs: Path,
        *, level: str = "basic", delay: float = 0.5,
    ) -> None:
        self.home = home
        self.table = table
        self.logs = logs
        self.token_file = home.root / "headless-token"
        self.args = [
            *client_program(), address, "--bot", level, "--table", table,
            "--players", str(players), "--target", "1", "--seed", str(seed),
            "--name", home.name, "--delay", str(delay), "--connect-timeout", "30",
            "--token-file", str(self.token_file),
        ]
        self.proc: subprocess.Popen[bytes] | None = None
        self.runs = 0
        self.out_path = self.err_path = logs

    @property
    def command(self) -> str:
        return " ".join(["seasalt-client", *self.args[len(client_program()):]])

    def start(self) -> None:
        self.runs += 1
        stem = f"{self.home.name.lower()}-{self.table}-{self.runs}"
        self.out_path = self.logs / f"{stem}.out"
        self.err_path = self.logs / f"{stem}.err"
        with open(self.out_path, "wb") as out, open(self.err_path, "wb") as err:
            self.proc = subprocess.Popen(
                self.args, stdout=out, stderr=err, stdin=subprocess.DEVNULL,
                env={**os.environ, **self.home.env()},
            )

    def alive(self) -> bool:
        return self.proc is not None and self.proc.poll() is None

    def exit_code(self) -> int | None:
        return None if self.proc is None else self.proc.poll()

    def kill9(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.send_signal(signal.SIGKILL)
            self.proc.wait(10)

    def stop(self) -> None:
        """The end of the soak: SIGTERM (the player says ``away``), then SIGKILL."""
        if self.proc is None or self.proc.poll() is not None:
            return
        self.proc.terminate()
        try:
            self.proc.wait(3)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait(5)

    def stderr(self) -> str:
        with contextlib.suppress(OSError):
            return self.err_path.read_text(errors="replace")
        return ""

    def stdout(self) -> str:
        with contextlib.suppress(OSError):
            return self.out_path.read_text(errors="replace")
        return ""

    def seated(self) -> list[int]:
        """The seats this run said it sat in, in order (once per join and per resume)."""
        pattern = re.compile(r"seated at table '" + re.escape(self.table) + r"' as seat (\d+)")
        return [int(n) for n in pattern.findall(self.stderr())]

    def elsewhere(self) -> list[str]:
        """The other tables this run said it sat at (a resumed session's old table)."""
        tables = re.findall(r"seated at table '(.*?)' as seat \d+", self.stderr())
        return [t for t in dict.fromkeys(tables) if t != self.table]

    def last_words(self) -> str:
        lines = [line for line in (self.stderr() + self.stdout()).splitlines() if line.strip()]
        return " | ".join(lines[-3:])


class Lobby:
    """The server's lobby as one raw session sees it (``list_tables``): who sits where, who is
    connected, where a bot plays, how many watch. Opens a new session after a server restart."""

    FRESH = 0.5
    """Seconds an answer is reused (several checks poll at once)."""

    def __init__(self, ctx: zmq.asyncio.Context, endpoint: str) -> None:
        self.ctx = ctx
        self.endpoint = endpoint
        self.client: RawClient | None = None
        self.lock = asyncio.Lock()
        """One question at a time on the one socket (concurrent checks share it)."""
        self.last: tuple[float, dict[str, TableInfo]] | None = None
        self.problem = ""
        """Why the last question got no list (for a verdict's explanation)."""

    def reset(self) -> None:
        self.last = None
        if self.client is not None:
            self.client.close()
            self.client = None

    async def tables(self, timeout: float = 5.0) -> dict[str, TableInfo] | None:
        """Every table by name; None when the server does not answer."""
        async with self.lock:
            loop = asyncio.get_running_loop()
            if self.last is not None and loop.time() - self.last[0] < self.FRESH:
                return self.last[1]
            tables = await self._ask(timeout)
            self.last = None if tables is None else (loop.time(), tables)
            return tables

    async def _ask(self, timeout: float) -> dict[str, TableInfo] | None:
        for _attempt in range(2):
            try:
                if self.client is None:
                    self.client = RawClient(self.ctx, self.endpoint)
                    await self.client.hello("evening-lobby")
                await self._drain(self.client)
                await self.client.send(ListTables())
                answer = await _answer(self.client, (Tables,), timeout)
                if isinstance(answer, Tables):
                    self.problem = ""
                    return {t.name: t for t in answer.tables}
                self.problem = f"list_tables answered {answer!r}"
            except (TimeoutError, zmq.ZMQError) as e:
                self.problem = f"list_tables: {e!r}"
            self.reset()  # (a server that restarted does not know this session: hello again)
        return None

    @staticmethod
    async def _drain(client: RawClient) -> None:
        """Forget what the server pushed since the last question (the lobby's news, older than
        the answer to come)."""
        client.drain()
        while client.sock.get(zmq.EVENTS) & zmq.POLLIN:
            await client.recv(1.0)
        client.received.clear()
        client.frames.clear()

    def close(self) -> None:
        self.reset()


async def _answer(
    client: RawClient, kinds: tuple[type, ...], timeout: float
) -> ServerMessage:
    """The next message of one of ``kinds`` or an ``error`` (others are skipped)."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + timeout
    while True:
        left = deadline - loop.time()
        if left <= 0:
            raise TimeoutError(f"no {'/'.join(k.__name__ for k in kinds)} within {timeout} s")
        msg = await client.recv(left)
        if isinstance(msg, (*kinds, Error)):
            return msg


@dataclass
class History:
    """What one fresh session got for ``list_games``, ``get_replay GAME`` and ``get_stats``."""

    listed: dict[int, GameSummary] = field(default_factory=dict)
    replay: Replay | None = None
    replay_error: str = ""
    stats: dict[str, PlayerStats] = field(default_factory=dict)
    failure: str = ""
    """The session itself failed (no answer)."""


async def ask_history(ctx: zmq.asyncio.Context, endpoint: str, game: int,
                      timeout: float = 10.0) -> History:
    """A new session (``hello``, as a friend who just opened the history would) and its three
    questions about finished game ``game``."""
    out = History()
    client = RawClient(ctx, endpoint)
    try:
        await client.hello("evening-history")
        await client.send(ListGames())
        games = await _answer(client, (Games,), timeout)
        if isinstance(games, Games):
            out.listed = {g.game: g for g in games.games}
        else:
            out.failure = f"list_games answered {games!r}"
        await client.send(GetReplay(game))
        replay = await _answer(client, (Replay,), timeout)
        if isinstance(replay, Replay):
            out.replay = replay
        else:
            assert isinstance(replay, Error)
            out.replay_error = f"{replay.code.value}: {replay.message}"
        await client.send(GetStats())
        stats = await _answer(client, (Stats,), timeout)
        if isinstance(stats, Stats):
            out.stats = {p.player: p for p in stats.players}
        else:
            out.failure = f"get_stats answered {stats!r}"
    except TimeoutError as e:
        out.failure = str(e)
    finally:
        client.close()
    return out


def player_ids(db: Path, game: int) -> dict[int, str]:
    """The statistics key of each human seat of ``game``, from the journal as the server works
    it out (server/finished.py): the identity's player id, else the session's."""
    with contextlib.closing(sqlite3.connect(f"file:{db}?mode=ro", uri=True, timeout=5)) as conn:
        rows = conn.execute(
            "SELECT s.seat, s.token_hash, i.player_id FROM seats s"
            " LEFT JOIN identities i ON i.token_hash = s.token_hash WHERE s.game_id=?",
            (game,),
        ).fetchall()
    return {
        seat: player or player_id_of_session(token_hash)
        for seat, token_hash, player in rows
        if token_hash is not None
    }


def games_played(db: Path) -> collections.Counter[str]:
    """Finished games per player id, from the journal: what ``get_stats`` must count."""
    with contextlib.closing(sqlite3.connect(f"file:{db}?mode=ro", uri=True, timeout=5)) as conn:
        games = [g for (g,) in conn.execute(
            f"SELECT id FROM games WHERE {FINISHED}")]
    played: collections.Counter[str] = collections.Counter()
    for game in games:
        played.update(set(player_ids(db, game).values()))
    return played


def descendants(pid: int) -> list[int]:
    """Every process under ``pid`` (children first), read from /proc (Linux)."""
    out: list[int] = []
    todo = [pid]
    while todo:
        parent = todo.pop()
        for task in Path(f"/proc/{parent}/task").glob("*"):
            with contextlib.suppress(OSError, ValueError):
                kids = [int(k) for k in (task / "children").read_text().split()]
                out += kids
                todo += kids
    return out
