"""Peak throughput: accepted actions per second of one server with many tables.

A ``seasalt-server`` process (journal on disk) and client processes, each running many
tables of players as asyncio tasks in a closed loop: a player acts as soon as an update says it
is to act. The players are deliberately light (they read the msgpack map and pick a random
legal action from it without building engine objects) so the server is what is measured.
Finished games are replaced by new tables. Counts the updates seat 0 of each table received
(one per accepted action) during the measured window.

    python benchmarks/server_throughput.py [--tables 16] [--players 2] [--seconds 15]
"""

from __future__ import annotations

import argparse
import asyncio
import multiprocessing
import random
import tempfile
import time
from pathlib import Path
from typing import Any

import msgpack
import zmq
import zmq.asyncio
from seasalt.protocol import PROTOCOL_VERSION
from seasalt.testing.server import ServerProcess


def pack(message: dict[str, Any]) -> bytes:
    return msgpack.packb(message, use_bin_type=True)


class Table:
    def __init__(self, name: str, players: int, seed: int) -> None:
        self.name = name
        self.players = players
        self.rng = random.Random(seed)
        self.actions = 0
        self.done = False


async def _player(
    ctx: zmq.asyncio.Context, endpoint: str, table: Table, index: int, stop: asyncio.Event,
    started: asyncio.Event, counting: list[bool],
) -> None:
    sock = ctx.socket(zmq.DEALER)
    sock.linger = 0
    sock.connect(endpoint)
    try:
        await sock.send(pack({"t": "hello", "version": PROTOCOL_VERSION, "name": f"b{index}"}))
        await sock.send(pack({"t": "join_or_create", "table": table.name,
                              "seats": ["human"] * table.players}))
        started.set()
        acted = -1
        while not stop.is_set():
            try:
                frame = await asyncio.wait_for(sock.recv(), 1.0)
            except TimeoutError:
                continue
            msg = msgpack.unpackb(frame, raw=False)
            tag = msg["t"]
            if tag == "joined":
                seat = msg["seat"]
            elif tag in ("snapshot", "update"):
                view, seq = msg["view"], msg["seq"]
                if tag == "update" and seat == 0 and counting[0]:
                    table.actions += 1
                if view.get("to_act") == seat and view.get("legal_actions") and acted != seq:
                    acted = seq
                    action = table.rng.choice(view["legal_actions"])
                    await sock.send(pack({"t": "action", "table": table.name, "seq": seq,
                                          "action": action}))
            elif tag == "round_over":
                await sock.send(pack({"t": "continue", "table": table.name}))
            elif tag == "game_over":
                table.done = True
                return
    finally:
        sock.close(linger=0)


async def _client_process_main(
    endpoint: str, tables: int, players: int, warmup: float, seconds: float, offset: int
) -> int:
    ctx = zmq.asyncio.Context()
    stop = asyncio.Event()
    counting = [False]
    live: list[Table] = []
    tasks: set[asyncio.Task[None]] = set()
    serial = 0

    async def open_table() -> None:
        nonlocal serial
        table = Table(f"c{offset}-{serial}", players, offset * 100_000 + serial)
        serial += 1
        live.append(table)
        for i in range(players):  # seats fill in order
            started = asyncio.Event()
            task = asyncio.create_task(_player(ctx, endpoint, table, i, stop, started, counting))
            tasks.add(task)
            task.add_done_callback(tasks.discard)
            await started.wait()

    for _ in range(tables):
        await open_table()
    deadline = time.monotonic() + warmup + seconds
    counting_from = time.monotonic() + warmup
    while time.monotonic() < deadline:
        await asyncio.sleep(0.05)
        if not counting[0] and time.monotonic() >= counting_from:
            counting[0] = True
            for table in live:
                table.actions = 0
        for table in [t for t in live if t.done]:
            live.remove(table)
            finished.append(table.actions if counting[0] else 0)
            await open_table()
    stop.set()
    total = sum(finished) + sum(t.actions for t in live)
    await asyncio.gather(*tasks, return_exceptions=True)
    ctx.destroy(linger=0)
    return total


finished: list[int] = []


def _client_process(args: tuple[str, int, int, float, float, int], out: Any) -> None:
    out.put(asyncio.run(_client_process_main(*args)))


def main() -> None:
    parser = argparse.ArgumentParser(description="actions/s of one server with many tables")
    parser.add_argument("--tables", type=int, default=16, help="tables per client process")
    parser.add_argument("--players", type=int, default=2, help="seats per table (2-4)")
    parser.add_argument("--clients", type=int, default=2, help="client processes (default 2)")
    parser.add_argument("--seconds", type=float, default=15.0, help="measured window")
    parser.add_argument("--warmup", type=float, default=3.0, help="seconds before counting")
    args = parser.parse_args()
    spawn = multiprocessing.get_context("spawn")
    with tempfile.TemporaryDirectory() as tmp:
        server = ServerProcess(str(Path(tmp) / "tp.sqlite3"), "--bot-delay", "0",
                               "--continue-timeout", "1", "--log-level", "warning")
        endpoint = server.start()
        results = spawn.Queue()
        procs = [
            spawn.Process(target=_client_process, args=(
                (endpoint, args.tables, args.players, args.warmup, args.seconds, i), results))
            for i in range(args.clients)
        ]
        for proc in procs:
            proc.start()
        total = sum(results.get(timeout=args.warmup + args.seconds + 60) for _ in procs)
        for proc in procs:
            proc.join(10)
        server.terminate()
    tables = args.tables * args.clients
    print(f"{tables} tables of {args.players} players, {args.clients} client processes, "
          f"{args.seconds:.0f} s measured")
    print(f"accepted actions: {total}  ->  {total / args.seconds:,.0f} actions/s")


if __name__ == "__main__":
    main()
