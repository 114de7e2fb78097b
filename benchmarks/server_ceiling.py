"""The server's own ceiling: accepted actions/s at 100% of one core, and latency at half of it.

benchmarks/load_test.py's peak phase measures its two client processes more than the server
(each decodes every update into engine objects: 159 actions/s with the server at 13% of a
core). Here the players are as light as a client can be (they read the msgpack map and pick a
random legal action from it, as benchmarks/server_throughput.py's do), run in several client
processes, and the server is pinned to one core with the clients on the others:

1. **closed loop** (``--seconds``): every player acts as soon as its update says so. Prints
   accepted actions/s, the server process's CPU (user + system, all its threads, from /proc)
   as a share of one core, and the ceiling = actions per CPU second of the server, i.e. what it
   would accept with a whole core to itself.
2. **half load**: the same tables, each player waiting before it acts so that the offered rate
   is half the ceiling; latency from an action's send to the acting player's own update (p50,
   p99) and the server's CPU share then.

    python benchmarks/server_ceiling.py [--processes 2] [--tables 24] [--seconds 15]

Nothing is asserted. On a shared machine the ceiling (a CPU ratio) is steadier than the
latency, which waits for a core whenever the machine is busy.
"""

from __future__ import annotations

import argparse
import asyncio
import multiprocessing
import os
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


def _pack(message: dict[str, Any]) -> bytes:
    return msgpack.packb(message, use_bin_type=True)


def _cpu_seconds(pid: int) -> float:
    with open(f"/proc/{pid}/stat") as f:
        fields = f.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


async def _player(
    ctx: zmq.asyncio.Context, endpoint: str, table: str, index: int, think: float,
    rng: random.Random, stop: asyncio.Event, latencies: list[float], counts: list[int],
) -> None:
    sock = ctx.socket(zmq.DEALER)
    sock.linger = 0
    sock.connect(endpoint)
    seat, acted, sent_at = -1, -1, 0.0
    try:
        await sock.send(_pack({"t": "hello", "version": PROTOCOL_VERSION, "name": f"p{index}"}))
        await sock.send(_pack({"t": "join_or_create", "table": table, "seats": ["human"] * 2}))
        while not stop.is_set():
            try:
                frame = await asyncio.wait_for(sock.recv(), 0.5)
            except TimeoutError:
                continue
            msg = msgpack.unpackb(frame, raw=False)
            tag = msg["t"]
            if tag == "joined":
                seat = msg["seat"]
            elif tag in ("snapshot", "update"):
                view, seq = msg["view"], msg["seq"]
                if tag == "update" and seq == acted + 1 and sent_at:
                    latencies.append(time.perf_counter() - sent_at)  # our own action's update
                    sent_at = 0.0
                if tag == "update" and seat == 0:
                    counts[0] += 1
                if view.get("to_act") == seat and view.get("legal_actions") and acted != seq:
                    acted = seq
                    if think:
                        await asyncio.sleep(rng.expovariate(1.0 / think))
                    sent_at = time.perf_counter()
                    await sock.send(_pack({"t": "action", "table": table, "seq": seq,
                                           "action": rng.choice(view["legal_actions"])}))
            elif tag == "round_over":
                await sock.send(_pack({"t": "continue", "table": table}))
            elif tag == "game_over":
                await sock.send(_pack({"t": "play_again", "table": table}))
    finally:
        sock.close(linger=0)


async def _client_main(
    endpoint: str, offset: int, tables: int, think: float, warmup: float, seconds: float,
) -> tuple[int, list[float]]:
    ctx = zmq.asyncio.Context()
    stop = asyncio.Event()
    latencies: list[float] = []
    counts = [0]
    rng = random.Random(offset)
    tasks = [
        asyncio.create_task(_player(ctx, endpoint, f"c{offset}-{t}", i, think,
                                    random.Random(rng.random()), stop, latencies, counts))
        for t in range(tables) for i in range(2)
    ]
    await asyncio.sleep(warmup)
    counts[0] = 0
    latencies.clear()
    await asyncio.sleep(seconds)
    stop.set()
    result = (counts[0], list(latencies))
    await asyncio.gather(*tasks, return_exceptions=True)
    ctx.destroy(linger=0)
    return result


def _client(args: tuple[Any, ...], cpus: set[int], out: Any) -> None:
    if cpus:
        os.sched_setaffinity(0, cpus)
    out.put(asyncio.run(_client_main(*args)))


def _phase(
    endpoint: str, pid: int, args: argparse.Namespace, think: float, cpus: set[int]
) -> tuple[float, float, list[float]]:
    """(accepted actions/s, server CPU share of one core, latencies) over the window."""
    spawn = multiprocessing.get_context("spawn")
    out = spawn.Queue()
    procs = [
        spawn.Process(target=_client, args=(
            (endpoint, 100 * i + int(think * 1000), args.tables, think, args.warmup,
             args.seconds), cpus, out))
        for i in range(args.processes)
    ]
    for proc in procs:
        proc.start()
    time.sleep(args.warmup + 1.0)  # the clients connect and warm up before the window
    cpu0, wall0 = _cpu_seconds(pid), time.monotonic()
    results = [out.get(timeout=args.warmup + args.seconds + 120) for _ in procs]
    cpu, wall = _cpu_seconds(pid) - cpu0, time.monotonic() - wall0
    for proc in procs:
        proc.join(10)
    actions = sum(n for n, _ in results)
    latencies = sorted(x for _, lat in results for x in lat)
    return actions / args.seconds, cpu / wall, latencies


def _pct(values: list[float], q: float) -> float:
    return values[min(len(values) - 1, int(q * len(values)))] if values else float("nan")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--processes", type=int, default=2, help="client processes")
    parser.add_argument("--tables", type=int, default=24, help="2-seat tables per process")
    parser.add_argument("--seconds", type=float, default=15.0, help="measured window")
    parser.add_argument("--warmup", type=float, default=3.0)
    args = parser.parse_args()
    cores = sorted(os.sched_getaffinity(0))
    server_cpu = {cores[0]}
    client_cpus = set(cores[1:]) or set(cores)
    with tempfile.TemporaryDirectory() as tmp:
        server = ServerProcess(str(Path(tmp) / "ceiling.sqlite3"), "--bot-delay", "0",
                               "--continue-timeout", "1", "--log-level", "warning")
        endpoint = server.start(timeout=120)  # a busy machine starts it slowly
        assert server.proc is not None
        pid = server.proc.pid
        os.sched_setaffinity(pid, server_cpu)
        try:
            rate, share, _ = _phase(endpoint, pid, args, 0.0, client_cpus)
            ceiling = rate / share if share else float("nan")
            print(f"# server pinned to core {cores[0]}, {args.processes} client processes on "
                  f"{sorted(client_cpus)}, {args.processes * args.tables} tables of 2")
            print(f"closed loop: {rate:,.0f} accepted actions/s with the server at "
                  f"{100 * share:.0f}% of a core -> ceiling {ceiling:,.0f} actions/s "
                  f"({1e3 / ceiling:.2f} ms of server CPU an action)")
            # Each table acts once per (think + round trip): half the ceiling in all.
            tables = args.processes * args.tables
            think = tables / (0.5 * ceiling)
            rate2, share2, lat = _phase(endpoint, pid, args, think, client_cpus)
            print(f"half load (think {1e3 * think:.0f} ms a move): {rate2:,.0f} actions/s, "
                  f"server {100 * share2:.0f}% of a core; latency p50 {1e3 * _pct(lat, 0.5):.1f}"
                  f" ms, p99 {1e3 * _pct(lat, 0.99):.1f} ms ({len(lat)} actions)")
        finally:
            server.terminate()


if __name__ == "__main__":
    main()
