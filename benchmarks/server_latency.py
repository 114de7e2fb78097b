"""Latency of one action: sent by the seat to act -> all four seats have their update.

Two measurements in one run, over loopback on this machine:

1. seasalt: a ``seasalt-server`` process (journal on disk, synchronous=NORMAL), one table of
   four human seats played by four DEALER clients in this process with seeded random choices;
   each sample is one accepted action, from the actor's send to the fourth update frame.
2. raw: a pyzmq+msgpack ROUTER process that answers each frame by sending four DEALER
   receivers the very update frames the seasalt run delivered (recorded, with ``seq``
   rewritten before the run starts); the same measurement.

The receivers do the same work in both runs inside the timed region: ``msgpack.unpackb`` of
the same frames, then read the tag and ``seq``. Between samples, outside the timed region,
the client process does the same in both runs too: it decodes the four typed views
(``decode_server_message``, reported as its own figure) and the next actor picks an action.
Prints p50/p99 of both and the ratios (target: p50 within 2x, p99 within 3x).

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


async def measure_seasalt(
    games: int,
) -> tuple[list[float], list[list[bytes]], float, list[float]]:
    """Latencies in seconds, the four update frames of each sample (by seat), the server's CPU
    seconds per accepted action, and the client's decode time of each frame."""
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
        frames: list[list[bytes]] = []
        decodes: list[float] = []
        try:
            for i, sock in enumerate(socks):
                await sock.send(encode(Hello(PROTOCOL_VERSION, f"p{i}")))
                await _recv_until(sock, "welcome")
            assert server.proc is not None
            cpu_before = cpu_seconds(server.proc.pid)
            for game in range(games):
                samples += await _one_game(socks, f"bench{game}", frames, decodes)
            cpu = (cpu_seconds(server.proc.pid) - cpu_before) / len(samples)
        finally:
            ctx.destroy(linger=0)
            server.terminate()
    return samples, frames, cpu, decodes


async def _one_game(
    socks: list[zmq.asyncio.Socket],
    table: str,
    recorded: list[list[bytes]],
    decodes: list[float],
) -> list[float]:
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
        recorded.append(list(frames))
        for s in range(4):
            t0 = time.perf_counter()
            views[s] = decode_server_message(frames[s]).view
            decodes.append(time.perf_counter() - t0)
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


def _echo_server(port_queue: multiprocessing.Queue[int], recorded: list[list[bytes]]) -> None:
    # The replies are prepared before the run: sample i gets the frames seasalt sent for
    # sample i, with seq i + 1. Answering costs a lookup and four sends.
    replies = []
    for i, frames in enumerate(recorded):
        out = []
        for frame in frames:
            body = msgpack.unpackb(frame, raw=False)
            body["seq"] = i + 1
            out.append(msgpack.packb(body, use_bin_type=True))
        replies.append(out)
    ctx = zmq.Context()
    router = ctx.socket(zmq.ROUTER)
    router.linger = 0
    port = router.bind_to_random_port("tcp://127.0.0.1")
    port_queue.put(port)
    peers: list[bytes] = []
    while True:
        ident, frame = router.recv_multipart()
        msg = msgpack.unpackb(frame, raw=False)
        if msg["t"] == "hello":
            peers.append(ident)
            router.send_multipart([ident, msgpack.packb({"t": "welcome"})])
        elif msg["t"] == "stop":
            break
        else:
            for peer, data in zip(peers, replies[msg["seq"] - 1], strict=True):
                router.send_multipart([peer, data], flags=zmq.NOBLOCK)
    router.close()
    ctx.term()


async def measure_raw(recorded: list[list[bytes]]) -> list[float]:
    spawn = multiprocessing.get_context("spawn")
    queue: multiprocessing.Queue[int] = spawn.Queue()
    proc = spawn.Process(
        target=_echo_server, args=(queue, recorded), daemon=True
    )
    proc.start()
    port = queue.get(timeout=60)
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
    bots = {seat: get_bot("random", seat) for seat in range(4)}
    for seq in range(len(recorded)):
        started = time.perf_counter()
        await socks[seq % 4].send(msgpack.packb({"t": "action", "seq": seq + 1}))
        frames = await asyncio.gather(*(_recv_until(s, "update", seq + 1) for s in socks))
        out.append(time.perf_counter() - started)
        # Between samples the client process does what it does in the seasalt run (decode
        # the four views, the next actor picks an action), so its CPU use, and hence how
        # promptly a loaded machine schedules it, is the same in both runs.
        views = [decode_server_message(frame).view for frame in frames]
        actor = views[0].to_act
        if actor is not None and views[actor].legal_actions:
            bots[actor].choose(views[actor])
    await socks[0].send(msgpack.packb({"t": "stop"}))
    proc.join(10)
    ctx.destroy(linger=0)
    return out


def report(name: str, values: list[float]) -> tuple[float, float]:
    p50, p99 = percentile(values, 0.50), percentile(values, 0.99)
    print(f"{name:<34} n={len(values):>5}  p50 {p50 * 1e6:8.0f} us  p99 {p99 * 1e6:8.0f} us")
    return p50, p99


async def main_async(games: int) -> None:
    seasalt, recorded, cpu, decodes = await measure_seasalt(games)
    raw = await measure_raw(recorded)
    size = statistics.mean(len(f) for frames in recorded for f in frames)
    print(f"update frame: mean {size:.0f} bytes; the raw echo sends the same frames")
    print(f"server CPU per accepted action (4 views, 4 encodes, journal): {cpu * 1e6:.0f} us")
    s50, s99 = report("seasalt action -> 4 seats updated", seasalt)
    r50, r99 = report("raw ROUTER/DEALER echo to 4", raw)
    print(f"ratio seasalt/raw: p50 {s50 / r50:.1f}x (target <= 2x), "
          f"p99 {s99 / r99:.1f}x (target <= 3x)")  # fmt: skip
    d50, d99 = percentile(decodes, 0.5), percentile(decodes, 0.99)
    print(f"client work, not in the figures above: decode_server_message of one update "
          f"p50 {d50 * 1e6:.0f} us, p99 {d99 * 1e6:.0f} us")  # fmt: skip


def main() -> None:
    parser = argparse.ArgumentParser(description="action -> four seats updated, vs raw echo")
    parser.add_argument("--games", type=int, default=2, help="4-player games to play (default 2)")
    args = parser.parse_args()
    asyncio.run(main_async(args.games))


if __name__ == "__main__":
    main()
