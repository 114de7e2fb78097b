"""Load test: many headless players on one server, think times, a flooder, and peak throughput.

One ``seasalt-server`` child process (journal on, in a temporary directory). Clients are asyncio
tasks in two child processes (one DEALER socket each). Three phases, one after the other:

1. **think time** (``--duration``, default 180 s): ``--clients`` players (200) on ``--clients/4``
   four-seat tables (50), each deciding in 1-3 s (seeded), playing random legal moves, game
   after game. Every ``update``'s ``seq`` is checked (lost, duplicated or reordered updates are
   counted); latency is action sent -> the acting player's own update received. Server RSS is
   sampled from /proc every 5 s.
2. **flood** (``--flood-duration``, default 60 s): the same load on fresh tables, plus one client
   in its own process sending junk as fast as it can (it is rate limited per connection before
   decoding). The others' p99 is compared with phase 1 (tolerance: within 20 %).
3. **peak** (``--peak-duration``, default 20 s): the same tables with no think time; accepted
   actions per second.

    python benchmarks/load_test.py [--duration 180] [--clients 200] [--seed 1]

The peak phase is bound by these two client processes (they decode every update into engine
objects), not by the server: benchmarks/server_ceiling.py measures the server's own ceiling
(light clients, the server pinned to a core) and the latency at half of it.

Prints figures; asserts nothing about time. Exits 1 if any update was lost, duplicated or
reordered.
"""

from __future__ import annotations

import argparse
import asyncio
import multiprocessing as mp
import os
import random
import statistics
import sys
import tempfile
import threading
import time
from collections import Counter
from typing import Any

import zmq
import zmq.asyncio
from seasalt.protocol import (
    PROTOCOL_VERSION,
    ActionRequest,
    Continue,
    Error,
    GameOver,
    Heartbeat,
    Hello,
    Joined,
    JoinOrCreate,
    PlayAgain,
    RoundOver,
    Snapshot,
    Update,
    Welcome,
    decode_server_message,
    encode,
)
from seasalt.testing.server import ServerProcess

SEATS = ("human",) * 4
HEARTBEAT = 2.0


def rss_mb(pid: int) -> float:
    with open(f"/proc/{pid}/status") as f:
        for line in f:
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    return 0.0


def cpu_seconds(pid: int) -> float:
    """User + system CPU time of a process (all its threads, libzmq's I/O thread included)."""
    with open(f"/proc/{pid}/stat") as f:
        fields = f.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def pct(values: list[float], q: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


# --- one player -------------------------------------------------------------------------------


class Stats:
    def __init__(self) -> None:
        self.latencies: list[float] = []
        self.actions = 0
        self.updates = 0
        self.lost = 0
        self.duplicated = 0
        self.reordered = 0
        self.errors: Counter[str] = Counter()
        self.games = 0
        self.joined = 0

    def as_dict(self) -> dict[str, Any]:
        return dict(vars(self), errors=dict(self.errors))


async def player(
    ctx: zmq.asyncio.Context,
    endpoint: str,
    table: str,
    rng: random.Random,
    think: tuple[float, float],
    stop_at: float,
    stats: Stats,
) -> None:
    sock = ctx.socket(zmq.DEALER)
    sock.linger = 0
    sock.connect(endpoint)
    last_sent = time.monotonic()

    async def send(message: Any) -> None:
        nonlocal last_sent
        await sock.send(encode(message))
        last_sent = time.monotonic()

    await send(Hello(PROTOCOL_VERSION, f"load{rng.randrange(10**6)}"))
    seat: int | None = None
    seq: int | None = None
    view = None
    act_at: float | None = None
    acted_for: int | None = None
    sent_at: float | None = None
    try:
        while True:
            now = time.monotonic()
            if now >= stop_at:
                break
            wait = min(stop_at, last_sent + HEARTBEAT, act_at or stop_at) - now
            if await sock.poll(max(0, int(wait * 1000)) + 1):
                msg = decode_server_message(await sock.recv())
                if isinstance(msg, Welcome):
                    await send(JoinOrCreate(table, SEATS))
                elif isinstance(msg, Joined):
                    seat = msg.seat
                    stats.joined += 1
                elif isinstance(msg, Snapshot) and msg.table == table:
                    seq, view = msg.seq, msg.view
                elif isinstance(msg, Update) and msg.table == table:
                    stats.updates += 1
                    if seq is not None and msg.seq != seq + 1:
                        if msg.seq == seq:
                            stats.duplicated += 1
                        elif msg.seq < seq:
                            stats.reordered += 1
                        else:
                            stats.lost += 1
                    if sent_at is not None and acted_for is not None and msg.seq == acted_for + 1:
                        stats.latencies.append(time.monotonic() - sent_at)
                        sent_at = None
                    seq, view = msg.seq, msg.view
                elif isinstance(msg, RoundOver):
                    await send(Continue(table))
                elif isinstance(msg, GameOver):
                    stats.games += 1
                    await send(PlayAgain(table))
                elif isinstance(msg, Error):
                    stats.errors[msg.code.value] += 1
                if (
                    view is not None
                    and seq is not None
                    and view.to_act == seat
                    and view.legal_actions
                    and acted_for != seq
                    and act_at is None
                ):
                    act_at = time.monotonic() + rng.uniform(*think)
            now = time.monotonic()
            if act_at is not None and now >= act_at and view is not None and seq is not None:
                act_at = None
                if view.to_act == seat and view.legal_actions and acted_for != seq:
                    acted_for, sent_at = seq, time.monotonic()
                    stats.actions += 1
                    await send(ActionRequest(table, seq, rng.choice(view.legal_actions)))
            if time.monotonic() - last_sent >= HEARTBEAT:
                await send(Heartbeat())
    finally:
        sock.close(linger=0)


def client_process(
    endpoint: str,
    tables: list[str],
    think: tuple[float, float],
    duration: float,
    seed: int,
    out: Any,
) -> None:
    async def main() -> dict[str, Any]:
        ctx = zmq.asyncio.Context()
        stats = Stats()
        stop_at = time.monotonic() + duration
        tasks = [
            player(ctx, endpoint, table, random.Random(f"{seed}-{table}-{i}"), think, stop_at,
                   stats)
            for table in tables
            for i in range(len(SEATS))
        ]
        await asyncio.gather(*tasks)
        ctx.destroy(linger=0)
        return stats.as_dict()

    out.put(asyncio.run(main()))


def flooder_process(endpoint: str, duration: float, out: Any) -> None:
    """Junk as fast as one connection can send it, never reading the answers."""
    ctx = zmq.Context()
    sock = ctx.socket(zmq.DEALER)
    sock.linger = 0
    sock.sndhwm = 100_000
    sock.connect(endpoint)
    sock.send(encode(Hello(PROTOCOL_VERSION, "flooder")))
    junk = b"\x92\x01\x02 junk frame"
    sent = blocked = 0
    stop_at = time.monotonic() + duration
    while time.monotonic() < stop_at:
        for _ in range(1000):
            try:
                sock.send(junk, zmq.NOBLOCK)
                sent += 1
            except zmq.Again:
                blocked += 1
                time.sleep(0.001)
                break
    sock.close(linger=0)
    ctx.term()
    out.put({"flood_sent": sent})


# --- a phase ----------------------------------------------------------------------------------


def run_phase(
    name: str,
    endpoint: str,
    pid: int,
    tables: int,
    think: tuple[float, float],
    duration: float,
    seed: int,
    flood: bool = False,
) -> dict[str, Any]:
    mpctx = mp.get_context("fork")
    out = mpctx.Queue()
    names = [f"{name}-{i}" for i in range(tables)]
    halves = [names[0::2], names[1::2]]
    procs = [
        mpctx.Process(target=client_process, args=(endpoint, half, think, duration, seed, out))
        for half in halves
    ]
    if flood:
        procs.append(mpctx.Process(target=flooder_process, args=(endpoint, duration, out)))
    rss: list[tuple[float, float]] = []
    stop = threading.Event()

    def sample() -> None:
        started = time.monotonic()
        while not stop.wait(5.0):
            rss.append((time.monotonic() - started, rss_mb(pid)))

    sampler = threading.Thread(target=sample, daemon=True)
    cpu_before = cpu_seconds(pid)
    for p in procs:
        p.start()
    sampler.start()
    results = [out.get(timeout=duration + 120) for _ in procs]
    cpu_used = cpu_seconds(pid) - cpu_before
    stop.set()
    for p in procs:
        p.join(30)
    merged: dict[str, Any] = {"latencies": [], "errors": Counter(), "rss": rss}
    for r in results:
        for key, value in r.items():
            if key == "latencies":
                merged["latencies"] += value
            elif key == "errors":
                merged["errors"].update(value)
            else:
                merged[key] = merged.get(key, 0) + value
    merged["duration"] = duration
    merged["cpu"] = cpu_used
    with open("/proc/loadavg") as f:
        merged["loadavg"] = f.read().split()[0]
    return merged


def report(name: str, r: dict[str, Any]) -> None:
    lat = [x * 1000 for x in r["latencies"]]
    print(f"\n== {name} ==")
    print(f"players joined {r.get('joined', 0)}, actions {r.get('actions', 0)} "
          f"({r.get('actions', 0) / r['duration']:.1f}/s), updates received "
          f"{r.get('updates', 0)}, games finished {r.get('games', 0) // 4}")
    if lat:
        print(f"latency action -> own update: p50 {pct(lat, 0.5):.1f} ms, p99 "
              f"{pct(lat, 0.99):.1f} ms, mean {statistics.fmean(lat):.1f} ms, max "
              f"{max(lat):.1f} ms ({len(lat)} samples)")
    print(f"seq checks: lost {r.get('lost', 0)}, duplicated {r.get('duplicated', 0)}, "
          f"reordered {r.get('reordered', 0)}")
    actions = r.get("actions", 0)
    per_action = f", {r['cpu'] / actions * 1000:.1f} ms per action" if actions else ""
    print(f"server CPU {r['cpu']:.1f} s = {r['cpu'] / r['duration'] * 100:.0f} % of one core"
          f"{per_action}; machine load average at the end {r['loadavg']}")
    if r["errors"]:
        print(f"errors: {dict(r['errors'])}")
    if "flood_sent" in r:
        print(f"flooder sent {r['flood_sent']} frames "
              f"({r['flood_sent'] / r['duration']:.0f}/s)")
    if r["rss"]:
        every = max(1, len(r["rss"]) // 12)
        line = ", ".join(f"{t:.0f}s {m:.0f}" for t, m in r["rss"][::every])
        print(f"server RSS MB over time: {line}; max {max(m for _, m in r['rss']):.1f} MB")


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    p.add_argument("--clients", type=int, default=200)
    p.add_argument("--duration", type=float, default=180.0, help="think-time phase, seconds")
    p.add_argument("--flood-duration", type=float, default=60.0)
    p.add_argument("--peak-duration", type=float, default=20.0)
    p.add_argument("--think", type=float, nargs=2, default=(1.0, 3.0), metavar=("MIN", "MAX"))
    p.add_argument("--seed", type=int, default=1)
    args = p.parse_args()
    tables = max(1, args.clients // 4)
    with tempfile.TemporaryDirectory() as tmp:
        # Bots never move here (no bot seats; takeovers and bot moves far off), so every
        # accepted action comes from a measured client.
        server = ServerProcess(
            os.path.join(tmp, "load.sqlite3"), "--seed", str(args.seed), "--log-level", "warning",
            "--bot-delay", "3600", "--takeover-after", "3600", "--continue-timeout", "30",
        )
        endpoint = server.start()
        pid = server.proc.pid if server.proc else 0
        print(f"server {endpoint} (pid {pid}), RSS at start {rss_mb(pid):.1f} MB; "
              f"{args.clients} clients on {tables} tables, 2 client processes")
        try:
            think = tuple(args.think)
            main_phase = run_phase("think", endpoint, pid, tables, think, args.duration, args.seed)
            report(f"think time {think[0]:g}-{think[1]:g} s, {args.duration:g} s", main_phase)
            flood = run_phase("flood", endpoint, pid, tables, think, args.flood_duration,
                              args.seed + 1, flood=True)
            report(f"same load plus one flooding client, {args.flood_duration:g} s", flood)
            base99 = pct(main_phase["latencies"], 0.99)
            flood99 = pct(flood["latencies"], 0.99)
            change = (flood99 / base99 - 1) * 100 if base99 else float("nan")
            verdict = "within" if change <= 20 else "NOT within"
            print(f"flood: others' p99 {flood99 * 1000:.1f} ms vs {base99 * 1000:.1f} ms "
                  f"without ({change:+.0f} %): {verdict} the 20 % tolerance")
            peak = run_phase("peak", endpoint, pid, tables, (0.0, 0.0), args.peak_duration,
                             args.seed + 2)
            report(f"peak, no think time, {args.peak_duration:g} s", peak)
            print(f"\npeak throughput: {peak.get('actions', 0) / args.peak_duration:.0f} "
                  f"accepted actions/s ({tables} tables, {args.clients} clients)")
        finally:
            print(f"server RSS at the end {rss_mb(pid):.1f} MB")
            server.terminate()
    bad = sum(r.get(k, 0) for r in (main_phase, flood, peak)
              for k in ("lost", "duplicated", "reordered"))
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
