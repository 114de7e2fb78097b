"""Latency of one action: sent by the seat to act -> all four seats have their update.

Two measurements, paired sample by sample over loopback on this machine:

1. seasalt: a ``seasalt-server`` process (journal on disk, synchronous=NORMAL), one table of
   four human seats played by four DEALER clients in this process with seeded random choices;
   each sample is one accepted action, from the actor's send to the fourth update frame.
2. raw: a pyzmq+msgpack ROUTER process that answers a frame by sending four DEALER receivers
   the very update frames seasalt just delivered for that action (handed to it beforehand,
   outside the timed region); the same measurement.

Each seasalt sample is followed within milliseconds by its raw twin, so both see the machine
in the same state (a shared or throttled CPU drifts by tens of percent within a minute, which
two separate runs would turn into a wrong ratio). The receivers do the same work in both inside
the timed region: ``msgpack.unpackb`` of the same frames, then read the tag and ``seq``. Before
each sample, outside the timed region, the client does some work while both servers wait: it
decodes the four typed views (``decode_server_message``, reported as its own figure) before
the raw sample, and the next actor picks an action before the seasalt one.
Prints p50/p99 of both and the ratios (target: p50 within 2x, p99 within 3x).

    python benchmarks/server_latency.py [--games 3]
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
from seasalt.testing.server import ServerProcess


def cpu_seconds(pid: int) -> float:
    """User + system CPU time of a process so far (Linux /proc), which the machine's load
    affects much less than wall time."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


# --- the raw pyzmq + msgpack echo --------------------------------------------------------


def _echo_server(port_queue: multiprocessing.Queue[int]) -> None:
    """Answers ``load`` (the next reply's four frames) with ``ok`` to its sender, and
    ``action`` by sending frame i to the i-th peer that said hello: a lookup and four sends."""
    ctx = zmq.Context()
    router = ctx.socket(zmq.ROUTER)
    router.linger = 0
    port = router.bind_to_random_port("tcp://127.0.0.1")
    port_queue.put(port)
    peers: list[bytes] = []
    reply: list[bytes] = []
    while True:
        ident, frame = router.recv_multipart()
        msg = msgpack.unpackb(frame, raw=False)
        if msg["t"] == "action":
            for peer, data in zip(peers, reply, strict=True):
                router.send_multipart([peer, data], flags=zmq.NOBLOCK)
        elif msg["t"] == "load":
            reply = msg["frames"]
            router.send_multipart([ident, msgpack.packb({"t": "ok"})])
        elif msg["t"] == "hello":
            peers.append(ident)
            router.send_multipart([ident, msgpack.packb({"t": "welcome"})])
        elif msg["t"] == "stop":
            break
    router.close()
    ctx.term()


class RawEcho:
    """The echo process and four DEALER receivers connected to it."""

    def __init__(self, ctx: zmq.asyncio.Context) -> None:
        spawn = multiprocessing.get_context("spawn")
        queue: multiprocessing.Queue[int] = spawn.Queue()
        self.proc = spawn.Process(target=_echo_server, args=(queue,), daemon=True)
        self.proc.start()
        port = queue.get(timeout=60)
        self.socks = []
        for _ in range(4):
            sock = ctx.socket(zmq.DEALER)
            sock.linger = 0
            sock.connect(f"tcp://127.0.0.1:{port}")
            self.socks.append(sock)

    async def greet(self) -> None:
        for sock in self.socks:  # one at a time, so peer i is socks[i]
            await sock.send(msgpack.packb({"t": "hello"}))
            await _recv_until(sock, "welcome")

    async def load(self, actor: int, frames: list[bytes]) -> None:
        """Hand the echo the frames of its next answer (outside the timed region)."""
        await self.socks[actor].send(msgpack.packb({"t": "load", "frames": frames}))
        await _recv_until(self.socks[actor], "ok")

    async def sample(self, actor: int, seq: int) -> float:
        """Seconds from the actor's send until all four receivers have their frame."""
        started = time.perf_counter()
        await self.socks[actor].send(msgpack.packb({"t": "action", "seq": seq}))
        await asyncio.gather(*(_recv_until(s, "update", seq) for s in self.socks))
        return time.perf_counter() - started

    async def stop(self) -> None:
        await self.socks[0].send(msgpack.packb({"t": "stop"}))
        await asyncio.to_thread(self.proc.join, 10)


# --- seasalt, each sample paired with its raw twin ---------------------------------------


async def _recv_until(sock: zmq.asyncio.Socket, tag: str, seq: int | None = None) -> bytes:
    while True:
        frame = await sock.recv()
        head = msgpack.unpackb(frame, raw=False)
        if head["t"] == tag and (seq is None or head.get("seq") == seq):
            return frame


class Results:
    def __init__(self) -> None:
        self.seasalt: list[float] = []
        self.raw: list[float] = []
        self.decodes: list[float] = []
        self.frame_sizes: list[int] = []


async def measure(games: int) -> tuple[Results, float]:
    """The paired samples, and the seasalt server's CPU seconds per accepted action."""
    results = Results()
    with tempfile.TemporaryDirectory() as tmp:
        server = ServerProcess(str(Path(tmp) / "bench.sqlite3"), "--bot-delay", "0",
                               "--log-level", "warning")
        endpoint = server.start()
        ctx = zmq.asyncio.Context()
        raw = RawEcho(ctx)
        socks = []
        for _ in range(4):
            sock = ctx.socket(zmq.DEALER)
            sock.linger = 0
            sock.connect(endpoint)
            socks.append(sock)
        try:
            await raw.greet()
            for i, sock in enumerate(socks):
                await sock.send(encode(Hello(PROTOCOL_VERSION, f"p{i}")))
                await _recv_until(sock, "welcome")
            assert server.proc is not None
            cpu_before = cpu_seconds(server.proc.pid)
            for game in range(games):
                await _one_game(socks, f"bench{game}", raw, results)
            cpu = (cpu_seconds(server.proc.pid) - cpu_before) / len(results.seasalt)
            await raw.stop()
        finally:
            ctx.destroy(linger=0)
            server.terminate()
    return results, cpu


async def _one_game(
    socks: list[zmq.asyncio.Socket], table: str, raw: RawEcho, results: Results
) -> None:
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
        results.seasalt.append(time.perf_counter() - started)
        seq += 1
        await raw.load(actor, list(frames))
        results.frame_sizes += [len(f) for f in frames]
        # Both servers then wait while the client decodes (as players' clients would), so
        # each sample starts from a server that has been idle for a while.
        for s in range(4):
            t0 = time.perf_counter()
            views[s] = decode_server_message(frames[s]).view
            results.decodes.append(time.perf_counter() - t0)
        results.raw.append(await raw.sample(actor, seq))
        view = views[0]
        if not view.is_over and _round_just_ended(frames[0]):
            await _read_round(by_seat, table)


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


def report(name: str, values: list[float]) -> tuple[float, float]:
    p50, p99 = percentile(values, 0.50), percentile(values, 0.99)
    print(f"{name:<34} n={len(values):>5}  p50 {p50 * 1e6:8.0f} us  p99 {p99 * 1e6:8.0f} us")
    return p50, p99


async def main_async(games: int) -> None:
    results, cpu = await measure(games)
    size = statistics.mean(results.frame_sizes)
    print(f"update frame: mean {size:.0f} bytes; the raw echo sends the same frames")
    print(f"server CPU per accepted action (4 views, 4 encodes, journal): {cpu * 1e6:.0f} us")
    s50, s99 = report("seasalt action -> 4 seats updated", results.seasalt)
    r50, r99 = report("raw ROUTER/DEALER echo to 4", results.raw)
    print(f"ratio seasalt/raw: p50 {s50 / r50:.1f}x (target <= 2x), "
          f"p99 {s99 / r99:.1f}x (target <= 3x)")
    pairs = sorted(s / r for s, r in zip(results.seasalt, results.raw, strict=True))
    print(f"per-sample ratio (each seasalt sample over its raw twin): median "
          f"{statistics.median(pairs):.1f}x")
    d50, d99 = percentile(results.decodes, 0.5), percentile(results.decodes, 0.99)
    print(f"client work, not in the figures above: decode_server_message of one update "
          f"p50 {d50 * 1e6:.0f} us, p99 {d99 * 1e6:.0f} us")


def main() -> None:
    parser = argparse.ArgumentParser(description="action -> four seats updated, vs raw echo")
    parser.add_argument("--games", type=int, default=3, help="4-player games to play (default 3)")
    args = parser.parse_args()
    asyncio.run(main_async(args.games))


if __name__ == "__main__":
    main()
