"""How long the tables of a ``--fsync`` server wait when the disk's fsync is slow.

With ``--fsync`` (SQLite ``synchronous=FULL``) every commit of the journal waits for an fsync.
This script measures what one slow fsync costs the players of *every* table, not only the one
whose action it was:

1. A ``seasalt-server --fsync`` process, started by this very script (``--serve``) so that its
   journal's commits can be slowed: every sqlite3 connection in it is made with a
   ``Connection`` whose write commits sleep right after SQLite returns, ``--fsync-ms`` each and
   ``--slow-ms`` every ``--slow-every``-th one (a disk that hiccups). The sleep stands for the
   fsync SQLite does inside the commit: both block the calling thread and release the GIL.
2. ``--tables`` tables, each one human seat played by a DEALER client in this process (seeded
   random choices, ``THINK`` seconds before each action, outside the timed region) against a
   random bot (bot delay 0). A sample is one action, from its send to the update carrying it.
3. Meanwhile a bystander in the lobby sends ``list_tables`` every ``LOOK`` seconds and times
   each ``tables`` answer: it needs no journal at all, so its wait is the event loop's stall.
4. The same run twice, side by side: commits at full speed (``--fsync`` on a fast disk), then
   slowed. Prints p50/p99/max of both and the ratio.

    python benchmarks/fsync_stall.py [--tables 4] [--samples 150] [--slow-ms 300]
"""

from __future__ import annotations

import argparse
import asyncio
import random
import sqlite3
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

import zmq
import zmq.asyncio
from seasalt.protocol import (
    PROTOCOL_VERSION,
    ActionRequest,
    Continue,
    Error,
    GameOver,
    Hello,
    JoinOrCreate,
    Leave,
    ListTables,
    RoundOver,
    Snapshot,
    Tables,
    Update,
    decode_server_message,
    encode,
)
from seasalt.testing.server import ServerProcess

THINK = 0.025
"""Seconds a player waits before each action (not timed)."""
LOOK = 0.02
"""Seconds between the bystander's ``list_tables``."""
_WRITES = ("INSERT", "UPDATE", "DELETE", "REPLACE")


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


# --- the server, its commits slowed (its own process) ---------------------------------------


class _Disk:
    """How long each commit's fsync takes: ``fsync`` seconds, every ``every``-th ``slow``."""

    def __init__(self, fsync: float, slow: float, every: int) -> None:
        self.fsync, self.slow, self.every = fsync, slow, every
        self.commits = 0
        self._lock = threading.Lock()

    def sync(self) -> None:
        with self._lock:
            self.commits += 1
            n = self.commits
        delay = self.slow if self.every and n % self.every == 0 else self.fsync
        if delay:
            time.sleep(delay)


def _slowed_connection(disk: _Disk) -> type[sqlite3.Connection]:
    class SlowedConnection(sqlite3.Connection):
        """A connection whose write commits (COMMIT, or a write outside a transaction) take
        as long as the simulated disk's fsync."""

        def _after(self, sql: str) -> None:
            head = sql.lstrip()[:7].upper()
            if head.startswith("COMMIT") or (
                head.startswith(_WRITES) and not self.in_transaction
            ):
                disk.sync()

        def execute(self, sql: str, *args: Any) -> sqlite3.Cursor:
            cursor = super().execute(sql, *args)
            self._after(sql)
            return cursor

        def executemany(self, sql: str, *args: Any) -> sqlite3.Cursor:
            cursor = super().executemany(sql, *args)
            self._after(sql)
            return cursor

    return SlowedConnection


def serve(argv: list[str]) -> int:
    """``--serve``: seasalt-server with slowed commits (the rest of ``argv`` is its own)."""
    p = argparse.ArgumentParser(allow_abbrev=False)  # --fsync is the server's
    p.add_argument("--fsync-ms", type=float, default=0.0)
    p.add_argument("--slow-ms", type=float, default=0.0)
    p.add_argument("--slow-every", type=int, default=0)
    ours, rest = p.parse_known_args(argv)
    disk = _Disk(ours.fsync_ms / 1000, ours.slow_ms / 1000, ours.slow_every)
    connection = _slowed_connection(disk)
    real_connect = sqlite3.connect

    def connect(*args: Any, **kwargs: Any) -> sqlite3.Connection:
        kwargs.setdefault("factory", connection)
        return real_connect(*args, **kwargs)

    sqlite3.connect = connect  # type: ignore[assignment]
    from seasalt.server.cli import main

    return main(["serve", *rest])


# --- the players (this process) -------------------------------------------------------------


class Player:
    """One human seat against a random bot, a new table for each game."""

    def __init__(self, ctx: zmq.asyncio.Context, endpoint: str, index: int, seed: int) -> None:
        self.sock = ctx.socket(zmq.DEALER)
        self.sock.linger = 0
        self.sock.connect(endpoint)
        self.index = index
        self.rng = random.Random(seed)
        self.games = 0
        self.table = ""
        self.seq = -1
        self.view: Any = None

    async def start(self) -> None:
        await self.sock.send(encode(Hello(PROTOCOL_VERSION, f"p{self.index}")))
        await self.join()

    async def join(self) -> None:
        self.games += 1
        self.table = f"t{self.index}-{self.games}"
        self.view, self.seq = None, -1
        await self.sock.send(encode(JoinOrCreate(self.table, ("human", "bot:random"))))

    async def samples(self, n: int) -> list[float]:
        out: list[float] = []
        sent_at: float | None = None
        waiting_for = -1
        while len(out) < n:
            try:
                data = await asyncio.wait_for(self.sock.recv(), 60)
            except TimeoutError:
                raise TimeoutError(f"player {self.index} stuck at seq {self.seq}") from None
            msg = decode_server_message(data)
            if isinstance(msg, Snapshot | Update) and msg.table == self.table and (
                msg.seq >= self.seq
            ):
                self.seq, self.view = msg.seq, msg.view
                if sent_at is not None and msg.seq == waiting_for:
                    out.append(time.perf_counter() - sent_at)
                    sent_at = None
            elif isinstance(msg, RoundOver):
                await self.sock.send(encode(Continue(self.table)))
            elif isinstance(msg, GameOver):
                await self.sock.send(encode(Leave()))
                await self.join()
            elif isinstance(msg, Error):
                sent_at = None  # refused (a stale seq after a bot move): decide again
            view = self.view
            if sent_at is None and view is not None and view.to_act == view.seat and (
                view.legal_actions
            ):
                await asyncio.sleep(THINK)
                action = self.rng.choice(view.legal_actions)
                waiting_for = self.seq + 1
                sent_at = time.perf_counter()
                await self.sock.send(encode(ActionRequest(self.table, self.seq, action)))
        return out


async def _bystander(ctx: zmq.asyncio.Context, endpoint: str, stop: asyncio.Event) -> list[float]:
    """``list_tables`` round trips from the lobby until ``stop``."""
    sock = ctx.socket(zmq.DEALER)
    sock.linger = 0
    sock.connect(endpoint)
    await sock.send(encode(Hello(PROTOCOL_VERSION, "bystander")))
    out: list[float] = []
    while not stop.is_set():
        await asyncio.sleep(LOOK)
        sent = time.perf_counter()
        await sock.send(encode(ListTables()))
        while not isinstance(decode_server_message(await sock.recv()), Tables):
            pass
        out.append(time.perf_counter() - sent)
    return out


async def _measure(
    endpoint: str, tables: int, samples: int, seed: int
) -> tuple[list[float], list[float]]:
    ctx = zmq.asyncio.Context()
    players = [Player(ctx, endpoint, i, seed + i) for i in range(tables)]
    stop = asyncio.Event()
    try:
        for player in players:
            await player.start()
        await asyncio.gather(*(p.samples(10) for p in players))  # warm up
        looking = asyncio.create_task(_bystander(ctx, endpoint, stop))
        found = await asyncio.gather(*(p.samples(samples) for p in players))
        stop.set()
        looks = await looking
    finally:
        ctx.destroy(linger=0)
    return [s for per_table in found for s in per_table], looks


def run(
    args: argparse.Namespace, tmp: str, label: str, disk: list[str]
) -> tuple[list[float], list[float]]:
    db = str(Path(tmp) / f"{label}.sqlite3")
    server = ServerProcess(
        db, "--fsync", "--bot-delay", "0", "--log-file", "none",
        command=[sys.executable, __file__, "--serve", *disk],
    )
    endpoint = server.start()
    try:
        return asyncio.run(_measure(endpoint, args.tables, args.samples, args.seed))
    except BaseException:
        print("server log (tail):", Path(server.log_path).read_text()[-3000:])
        raise
    finally:
        server.terminate()


def main() -> None:
    if sys.argv[1:2] == ["--serve"]:
        raise SystemExit(serve(sys.argv[2:]))
    p = argparse.ArgumentParser(description="table stalls behind a slow --fsync commit")
    p.add_argument("--tables", type=int, default=4, help="tables played at once")
    p.add_argument("--samples", type=int, default=150, help="timed actions per table")
    p.add_argument("--fsync-ms", type=float, default=2.0, help="every commit's fsync")
    p.add_argument("--slow-ms", type=float, default=300.0, help="a slow fsync")
    p.add_argument("--slow-every", type=int, default=50, help="one commit in N is slow")
    p.add_argument("--seed", type=int, default=1)
    args = p.parse_args()
    slow = ["--fsync-ms", str(args.fsync_ms), "--slow-ms", str(args.slow_ms),
            "--slow-every", str(args.slow_every)]
    with tempfile.TemporaryDirectory() as tmp:
        fast, fast_looks = run(args, tmp, "fast", [])
        slowed, slowed_looks = run(args, tmp, "slow", slow)
    print(f"{args.tables} tables, one human seat each against a random bot, --fsync")
    disk = f"fsync {args.fsync_ms:g} ms, 1 in {args.slow_every} {args.slow_ms:g} ms"
    for what, runs in (
        ("action -> its update", ((fast, "fast disk"), (slowed, disk))),
        ("lobby list_tables (no journal)", ((fast_looks, "fast disk"), (slowed_looks, disk))),
    ):
        print(f" {what}:")
        for values, name in runs:
            print(f"  {name:<30} n={len(values):5d}  p50 {percentile(values, 0.5) * 1e3:7.1f} ms"
                  f"  p99 {percentile(values, 0.99) * 1e3:7.1f} ms"
                  f"  max {max(values) * 1e3:7.1f} ms")
        ratio = percentile(runs[1][0], 0.99) / percentile(runs[0][0], 0.99)
        print(f"  ratio slow/fast p99: {ratio:.1f}x")


if __name__ == "__main__":
    main()
