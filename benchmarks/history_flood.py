"""Honest play while 30 connections flood the server with ``get_stats``.

1. A journal of ``--games`` (400) finished games is written through the journal API: each game
   is played by seeded random choices straight through the engine (so statistics have real
   games to replay), among ten players with client identities.
2. A ``seasalt-server`` process is started on it (bot delay 0). One honest client plays a
   human seat against a random bot, one action every 25 ms or so (under the general rate
   limit); a sample is one of its actions, from its send to the ``update`` that carries it.
3. Without a flood: ``--samples`` samples. Then ``--flooders`` (30) connections in another
   process each send ``get_stats`` at ``--flood-rate`` (40) a second, under the general
   per-connection rate limit, reading every answer; after ``--settle`` seconds, the same
   number of samples again. With ``--hello-each`` every ``get_stats`` comes right after a new
   ``hello`` (a fresh session each time: what a budget per session would let through).

The server counts this machine's connections per address (``--caps-count-loopback``): the
flooders stand for one other machine on the LAN.

Prints p50/p99 of both phases and the ratio (target: p99 with the flood within 2x of without),
and how many stats requests the flooders sent and what they got back.

    python benchmarks/history_flood.py [--games 400] [--samples 400] [--hello-each]
"""

from __future__ import annotations

import argparse
import asyncio
import hashlib
import multiprocessing
import random
import tempfile
import time
from pathlib import Path
from typing import Any

import zmq
import zmq.asyncio
from seasalt.engine import ENGINE_VERSION, Rules, apply, legal_actions, new_game
from seasalt.protocol import (
    PROTOCOL_VERSION,
    ActionRequest,
    Continue,
    Error,
    GameOver,
    GetStats,
    Hello,
    JoinOrCreate,
    Leave,
    RoundOver,
    Snapshot,
    Stats,
    Update,
    action_to_wire,
    decode_server_message,
    encode,
    result_to_wire,
)
from seasalt.server.history import player_id_of_identity
from seasalt.server.journal import Journal
from seasalt.server.journal_schema import to_blob
from seasalt.testing.server import ServerProcess

PLAYERS = 10
THINK = 0.025
"""Seconds the honest player waits before each action (not timed)."""


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def build_journal(path: str, games: int, seed: int) -> float:
    """Write ``games`` finished 2- to 4-player games; return the seconds it took."""
    started = time.perf_counter()
    rng = random.Random(seed)
    # Dated two hours ago: finished tables of the last hour come back to the lobby at start.
    journal = Journal(path, wall_clock=lambda: time.time() - 7200)
    hashes = [hashlib.sha256(f"token-{i}".encode()).hexdigest() for i in range(PLAYERS)]
    for i, token_hash in enumerate(hashes):
        journal.remember_identity(token_hash, player_id_of_identity(f"identity-{i:04d}-padding"))
    for game in range(games):
        players = rng.choice((2, 3, 4))
        rules = Rules(players)
        game_seed = rng.getrandbits(62)
        kinds = ("human",) * (players - 1) + ("bot:random",)
        gid = journal.create_game(
            f"t{game}", 1, players, False, False, kinds, game_seed, 0, ENGINE_VERSION
        )
        for seat in range(players - 1):
            h = rng.randrange(PLAYERS)
            journal.set_seat(gid, seat, f"player{h}", hashes[h])
        state = new_game(rules, game_seed)
        while not state.is_over:
            action = rng.choice(legal_actions(state))
            result = apply(state, action)
            state = result.state
            ended = state.last_result is not None and any(
                e.kind.value in ("round_scored", "round_void") for e in result.events
            )
            journal.append_action(
                gid,
                state.move,
                to_blob(action_to_wire(action)),
                (state.last_result.round, to_blob(result_to_wire(state.last_result)))
                if ended and state.last_result is not None
                else None,
                state.scores if state.is_over else None,
                state.winners if state.is_over else None,
            )
    journal.close()
    return time.perf_counter() - started


# --- the flood (its own process) -------------------------------------------------------------


def _flood(
    endpoint: str, flooders: int, rate: float, hello_each: bool, stop: Any, out: Any
) -> None:
    """``flooders`` connections sending get_stats at ``rate`` (each after a new hello, with
    ``hello_each``) until ``stop`` is set; puts the count of requests sent ("sent") and of
    each kind of answer on ``out``."""

    async def one(ctx: zmq.asyncio.Context, i: int, counts: dict[str, int]) -> None:
        sock = ctx.socket(zmq.DEALER)
        sock.linger = 0
        sock.connect(endpoint)
        await sock.send(encode(Hello(PROTOCOL_VERSION, f"flood{i}")))
        period = 1.0 / rate
        next_send = time.monotonic()
        while not stop.is_set():
            now = time.monotonic()
            if now >= next_send:
                if hello_each:
                    await sock.send(encode(Hello(PROTOCOL_VERSION, f"flood{i}")))
                await sock.send(encode(GetStats()))
                counts["sent"] = counts.get("sent", 0) + 1
                next_send += period
            if await sock.poll(max(0.0, next_send - time.monotonic()) * 1000):
                msg = decode_server_message(await sock.recv())
                kind = "stats" if isinstance(msg, Stats) else type(msg).__name__
                if isinstance(msg, Error):
                    kind = f"error:{msg.code.value}"
                counts[kind] = counts.get(kind, 0) + 1
        sock.close(linger=0)

    async def main() -> dict[str, int]:
        ctx = zmq.asyncio.Context()
        counts: dict[str, int] = {}
        await asyncio.gather(*(one(ctx, i, counts) for i in range(flooders)))
        ctx.destroy(linger=0)
        return counts

    out.put(asyncio.run(main()))


# --- the honest player -----------------------------------------------------------------------


class Honest:
    def __init__(self, ctx: zmq.asyncio.Context, endpoint: str, seed: int) -> None:
        self.sock = ctx.socket(zmq.DEALER)
        self.sock.linger = 0
        self.sock.connect(endpoint)
        self.rng = random.Random(seed)
        self.seq = -1
        self.view = None
        self.last: object = None
        self.games = 0
        self.table = ""

    async def recv(self) -> object:
        try:
            return decode_server_message(await asyncio.wait_for(self.sock.recv(), 30))
        except TimeoutError:
            raise TimeoutError(f"honest player stuck at seq {self.seq}: {self.last!r}") from None

    async def start(self) -> None:
        await self.sock.send(encode(Hello(PROTOCOL_VERSION, "honest")))
        await self.join()

    async def join(self) -> None:
        """A new table for each game (a fresh name: no play-again round trip to time)."""
        self.games += 1
        self.table = f"honest{self.games}"
        self.view = None
        await self.sock.send(encode(JoinOrCreate(self.table, ("human", "bot:random"))))

    async def samples(self, n: int) -> list[float]:
        """Play until ``n`` of its own actions have been timed."""
        out: list[float] = []
        sent_at: float | None = None
        waiting_for = -1
        while len(out) < n:
            msg = await self.recv()
            self.last = msg if not isinstance(msg, Snapshot | Update) else type(msg).__name__
            if isinstance(msg, Snapshot) and msg.table == self.table and msg.seq == 0:
                self.seq = -1  # a new table counts from 0
            if (
                isinstance(msg, Snapshot | Update)
                and msg.table == self.table
                and msg.seq >= self.seq
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
            if (
                sent_at is None
                and view is not None
                and view.to_act == view.seat
                and view.legal_actions
            ):
                # Think time, outside the timed region: a person (and the server's general
                # rate limit, 50 frames/s) does not act a thousand times a second.
                await asyncio.sleep(THINK)
                action = self.rng.choice(view.legal_actions)
                waiting_for = self.seq + 1
                sent_at = time.perf_counter()
                await self.sock.send(encode(ActionRequest(self.table, self.seq, action)))
        return out


async def measure(args: argparse.Namespace, endpoint: str) -> None:
    ctx = zmq.asyncio.Context()
    honest = Honest(ctx, endpoint, args.seed)
    await honest.start()
    await honest.samples(20)  # warm up
    quiet = await honest.samples(args.samples)
    spawn = multiprocessing.get_context("spawn")
    queue: multiprocessing.Queue[dict[str, int]] = spawn.Queue()
    stop = spawn.Event()
    proc = spawn.Process(
        target=_flood,
        args=(endpoint, args.flooders, args.flood_rate, args.hello_each, stop, queue),
        daemon=True,
    )
    proc.start()
    await asyncio.sleep(args.settle)  # the flood is under way (its sockets connected)
    started = time.perf_counter()
    flooded = await honest.samples(args.samples)
    took = time.perf_counter() - started
    stop.set()
    counts = queue.get(timeout=60)
    proc.join(10)
    honest.sock.close(linger=0)
    ctx.destroy(linger=0)
    q50, q99 = percentile(quiet, 0.5) * 1e6, percentile(quiet, 0.99) * 1e6
    f50, f99 = percentile(flooded, 0.5) * 1e6, percentile(flooded, 0.99) * 1e6
    print(f"honest action -> its update, no flood     n={len(quiet):5d}  p50 {q50:8.0f} us  "
          f"p99 {q99:8.0f} us")
    print(f"honest action -> its update, {args.flooders} flooding  n={len(flooded):5d}  "
          f"p50 {f50:8.0f} us  p99 {f99:8.0f} us  ({took:.1f} s)")
    sent = counts.pop("sent", 0)
    answers = ", ".join(f"{k} {v}" for k, v in sorted(counts.items()))
    print(f"flooders sent {sent} get_stats{' (each after a new hello)' * args.hello_each}, "
          f"got: {answers} (over {args.settle + took:.1f} s)")
    print(f"ratio flood/no flood: p50 {f50 / q50:.1f}x, p99 {f99 / q99:.1f}x (target p99 <= 2x)")


def main() -> None:
    p = argparse.ArgumentParser(description="honest latency under a get_stats flood")
    p.add_argument("--games", type=int, default=400, help="finished games in the journal")
    p.add_argument("--samples", type=int, default=400, help="timed honest actions per phase")
    p.add_argument("--flooders", type=int, default=30)
    p.add_argument("--flood-rate", type=float, default=40.0, help="get_stats/s per flooder")
    p.add_argument("--settle", type=float, default=3.0, help="seconds of flood before timing")
    p.add_argument("--hello-each", action="store_true",
                   help="a new hello (a fresh session) before each get_stats")
    p.add_argument("--seed", type=int, default=1)
    args = p.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        db = str(Path(tmp) / "flood.sqlite3")
        built = build_journal(db, args.games, args.seed)
        print(f"journal: {args.games} finished games written in {built:.1f} s")
        server = ServerProcess(db, "--bot-delay", "0", "--caps-count-loopback")
        endpoint = server.start()
        try:
            asyncio.run(measure(args, endpoint))
        except BaseException:
            print("server log (tail):", Path(server.log_path).read_text()[-3000:])
            raise
        finally:
            server.terminate()


if __name__ == "__main__":
    main()
