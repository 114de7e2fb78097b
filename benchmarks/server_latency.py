"""Latency of one action: sent by the seat to act -> all four seats have their update.

Two measurements in one run, over loopback on this machine:

1. seasalt: a ``seasalt-server`` process (journal on disk, synchronous=NORMAL), one table of
   four human seats played by four DEALER clients in this process with seeded random choices;
   each sample is one accepted action, from the actor's send to the fourth update frame.
2. raw: a pyzmq+msgpack ROUTER process that answers each frame by sending a msgpack frame of
   the same size as a typical update to four DEALER receivers; the same measurement.

Clients only read the frame's tag and seq (``msgpack.unpackb``) inside the timed region in both
cases; the actor decodes its view outside it. Prints p50/p99 of both and the ratios
(target: p50 within 2x, p99 within 3x).

    python benchmarks/server_latency.py [--games 2]
"""

from __future__ import annotations

import argparse
import asyncio
import multiprocessing
import os
import statistics
import tempfile
import time
from pathlib import Path

import msgpack
import zmq
import zmq.asyncio
from seasalt.bots import get_bot
from seasalt.protocol import (
    PROTOCOL_VERSION,
    ActionRequest,
    Continue,
    Hello,
    JoinOrCreate,
    decode_server_message,
    encode,
)
from seasalt.server.testing import ServerProcess


def cpu_seconds(pid: int) -> float:
    """User + system CPU time of a process so far (Linux /proc), which the machine's load
    affects much less than wall time."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


# --- seasalt -------------------------------------------------------------------------------


async def _recv_until(sock: zmq.asyncio.Socket, tag: str, seq: int | None = None) -> bytes:
    while True:
        frame = await sock.recv()
        head = msgpack.unpackb(frame, raw=False)
        if head["t"] == tag and (seq is None or head.get("seq") == seq):
            return frame


async def measure_seasalt(games: int) -> tuple[list[float], int, float]:
    """Latencies in seconds, the mean update frame size, and the server's CPU seconds per
    accepted action."""
    with tempfile.TemporaryDirectory() as tmp:
        server = ServerProcess(str(Path(tmp) / "bench.sqlite3"), "--bot-delay", "0",
                               "--log-level", "warning")  # fmt: skip
        endpoint = server.start()
        ctx = zmq.asyncio.Context()
        socks = []
        for _ in range(4):
            sock = ctx.socket(zmq.DEALER)
            sock.linger = 0
            sock.connect(endpoint)
            socks.append(sock)
        samples: list[float] = []
        sizes: list[int] = []
        try:
            for i, sock in enumerate(socks):
                await sock.send(encode(Hello(PROTOCOL_VERSION, f"p{i}")))
                await _recv_until(sock, "welcome")
            assert server.proc is not None
            cpu_before = cpu_seconds(server.proc.pid)
            for game in range(games):
                samples += await _one_game(socks, f"bench{game}", sizes)
            cpu = (cpu_seconds(server.proc.pid) - cpu_before) / len(samples)
        finally:
            ctx.destroy(linger=0)
            server.terminate()
    return samples, int(statistics.mean(sizes)), cpu


async def _one_game(socks: list[zmq.asyncio.Socket], table: str, sizes: list[int]) -> list[float]:
    seats = ("human",) * 4
    by_seat: dict[int, zmq.asyncio.Socket] = {}
    for sock in socks:  # one at a time, so seat i is socks[i]
        await sock.send(encode(JoinOrCreate(table, seats)))
        joined = msgpack.unpackb(await _recv_until(sock, "joined"), raw=False)
        by_seat[joined["seat"]] = sock
    views = {}
    for seat, sock in by_seat.items():
        views[seat] = decode_server_message(await _recv_until(sock, "snapshot")).view
    bots = {seat: get_bot("random", seat) for seat in by_seat}
    view = views[0]
    seq = 0
    samples = []
    while not view.is_over:
        actor = view.to_act
        assert actor is not None
        # the actor decides on its own latest view (decoded outside the timed region)
        action = bots[actor].choose(views[actor])
        started = time.perf_counter()
        await by_seat[actor].send(encode(ActionRequest(table, seq, action)))
        frames = await asyncio.gather(
            *(_recv_until(by_seat[s], "update", seq + 1) for s in range(4))
        )
        samples.append(time.perf_counter() - started)
        seq += 1
        sizes.append(len(frames[0]))
        for s in range(4):
            views[s] = decode_server_message(frames[s]).view
        view = views[0]
        if not view.is_over and _round_just_ended(frames[0]):
            await _read_round(by_seat, table)
    return samples


def _round_just_ended(frame: bytes) -> bool:
    events = msgpack.unpackb(frame, raw=False).get("events", [])
    return any(e.get("kind") in ("round_scored", "round_void") for e in events)


async def _read_round(by_seat: dict[int, zmq.asyncio.Socket], table: str) -> None:
    """After a round: everyone continues; wait until the table runs again."""
    for sock in by_seat.values():
        await _recv_until(sock, "round_over")
        await sock.send(encode(Continue(table)))
    for sock in by_seat.values():
        while True:
            head = msgpack.unpackb(await _recv_until(sock, "table"), raw=False)
            if head["info"]["state"] in ("running", "finished"):
                break


# --- raw pyzmq + msgpack echo --------------------------------------------------------------


def _echo_server(port_queue: multiprocessing.Queue[int], payload_size: int) -> None:
    ctx = zmq.Context()
    router = ctx.socket(zmq.ROUTER)
    router.linger = 0
    port = router.bind_to_random_port("tcp://127.0.0.1")
    port_queue.put(port)
    peers: list[bytes] = []
    payload = msgpack.packb({"t": "update", "seq": 0, "view": b"x" * payload_size})
    while True:
        ident, frame = router.recv_multipart()
        msg = msgpack.unpackb(frame, raw=False)
        if msg["t"] == "hello":
            peers.append(ident)
            router.send_multipart([ident, msgpack.packb({"t": "welcome"})])
        elif msg["t"] == "stop":
            break
        else:
            body = msgpack.unpackb(payload, raw=False)
            body["seq"] = msg["seq"]
            data = msgpack.packb(body)
            for peer in peers:
                router.send_multipart([peer, data], flags=zmq.NOBLOCK)
    router.close()
    ctx.term()


async def measure_raw(samples: int, payload_size: int) -> list[float]:
    spawn = multiprocessing.get_context("spawn")
    queue: multiprocessing.Queue[int] = spawn.Queue()
    proc = spawn.Process(
        target=_echo_server, args=(queue, payload_size), daemon=True
    )
    proc.start()
    port = queue.get(timeout=20)
    ctx = zmq.asyncio.Context()
    socks = []
    for _ in range(4):
        sock = ctx.socket(zmq.DEALER)
        sock.linger = 0
        sock.connect(f"tcp://127.0.0.1:{port}")
        await sock.send(msgpack.packb({"t": "hello"}))
        await _recv_until(sock, "welcome")
        socks.append(sock)
    out = []
    for seq in range(samples):
        started = time.perf_counter()
        await socks[seq % 4].send(msgpack.packb({"t": "action", "seq": seq + 1}))
        await asyncio.gather(*(_recv_until(s, "update", seq + 1) for s in socks))
        out.append(time.perf_counter() - started)
    await socks[0].send(msgpack.packb({"t": "stop"}))
    proc.join(10)
    ctx.destroy(linger=0)
    return out


def report(name: str, values: list[float]) -> tuple[float, float]:
    p50, p99 = percentile(values, 0.50), percentile(values, 0.99)
    print(f"{name:<34} n={len(values):>5}  p50 {p50 * 1e6:8.0f} us  p99 {p99 * 1e6:8.0f} us")
    return p50, p99


async def main_async(games: int) -> None:
    seasalt, size, cpu = await measure_seasalt(games)
    raw = await measure_raw(len(seasalt), size)
    print(f"update frame: mean {size} bytes; raw echo payload the same size")
    print(f"server CPU per accepted action (4 views, 4 encodes, journal): {cpu * 1e6:.0f} us")
    s50, s99 = report("seasalt action -> 4 seats updated", seasalt)
    r50, r99 = report("raw ROUTER/DEALER echo to 4", raw)
    print(f"ratio seasalt/raw: p50 {s50 / r50:.1f}x (target <= 2x), "
          f"p99 {s99 / r99:.1f}x (target <= 3x)")  # fmt: skip


def main() -> None:
    parser = argparse.ArgumentParser(description="action -> four seats updated, vs raw echo")
    parser.add_argument("--games", type=int, default=2, help="4-player games to play (default 2)")
    args = parser.parse_args()
    asyncio.run(main_async(args.games))


if __name__ == "__main__":
    main()
