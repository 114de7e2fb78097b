"""Kill -9 the server over and over mid-game; count what survives.

Each cycle: play on until a random number of updates has arrived, ``kill -9`` the server,
check the journal holds every action the client saw, restart the server on the same database
and port, resume with the token, check the snapshot lost nothing. Games that end are checked
against the same seeded game played without interruption (engine only), then a new one starts.

    python benchmarks/crash_soak.py [--cycles 20] [--seed 1]

Prints the counts; the exit code is 1 if any check failed.
"""

from __future__ import annotations

import argparse
import asyncio
import random
import sqlite3
import sys
import tempfile
import time
from pathlib import Path

import zmq.asyncio
from seasalt.bots import get_bot
from seasalt.engine import PlayerView, Rules, apply, new_game, view
from seasalt.protocol import (
    ActionRequest,
    Continue,
    GameOver,
    Joined,
    JoinOrCreate,
    RoundOver,
    Snapshot,
    Update,
)
from seasalt.server.seeds import bot_seed, game_seed
from seasalt.testing.server import RawClient, ServerProcess

SEATS = ("human", "bot:random")
PLAYER_SEED = 3


def uninterrupted(server_seed: int, table: str) -> tuple[int, ...]:
    seed = game_seed(server_seed, table, 1)
    state = new_game(Rules(2), seed)
    bots = [get_bot("random", PLAYER_SEED), get_bot("random", bot_seed(seed, 1))]
    while not state.is_over:
        seat = state.to_act
        assert seat is not None
        state = apply(state, bots[seat].choose(view(state, seat))).state
    return state.scores


def journalled(db: Path, table: str) -> int:
    with sqlite3.connect(db) as conn:
        (count,) = conn.execute(
            "SELECT COUNT(*) FROM actions JOIN games ON games.id = actions.game_id"
            " WHERE games.table_name = ?",
            (table,),
        ).fetchone()
    return int(count)


class Soak:
    def __init__(self, db: Path, cycles: int, server_seed: int, rng: random.Random) -> None:
        self.db, self.cycles, self.server_seed, self.rng = db, cycles, server_seed, rng
        self.kills = self.games = self.games_matching = 0
        self.lost_actions = self.failed_resumes = 0
        self.restart_seconds: list[float] = []

    async def run(self) -> None:
        server = ServerProcess(
            str(self.db), "--seed", str(self.server_seed), "--bot-delay", "0",
            "--takeover-after", "300", "--log-level", "warning",
        )
        endpoint = server.start()
        port = int(endpoint.rsplit(":", 1)[1])
        ctx = zmq.asyncio.Context()
        try:
            while self.kills < self.cycles:
                await self.game(ctx, server, endpoint, port, f"soak{self.games}")
        finally:
            ctx.destroy(linger=0)
            if server.proc is not None and server.proc.poll() is None:
                server.terminate()

    async def game(
        self, ctx: zmq.asyncio.Context, server: ServerProcess, endpoint: str, port: int,
        table: str,
    ) -> None:
        bot = get_bot("random", PLAYER_SEED)
        client = RawClient(ctx, endpoint)
        token = (await client.hello("soak")).token
        await client.send(JoinOrCreate(table, SEATS))
        await client.expect(Joined)
        current: PlayerView | None = None
        seq = acted = -1
        highest = 0
        kill_in = self.rng.randrange(5, 60)
        while True:
            msg = await client.recv(timeout=30)
            if isinstance(msg, Snapshot | Update):
                current, seq = msg.view, msg.seq
                highest = max(highest, seq)
                kill_in -= 1
            elif isinstance(msg, RoundOver):
                await client.send(Continue(table))
            elif isinstance(msg, GameOver):
                self.games += 1
                self.games_matching += msg.scores == uninterrupted(self.server_seed, table)
                client.close()
                return
            if kill_in <= 0 and self.kills < self.cycles:
                kill_in = self.rng.randrange(5, 60)
                client.close()
                client, current, seq = await self.kill_and_resume(
                    ctx, server, endpoint, port, table, token, highest
                )
                acted = -1
            mine = current is not None and current.to_act == 0 and current.legal_actions
            if mine and current is not None and acted != seq:
                acted = seq
                await client.send(ActionRequest(table, seq, bot.choose(current)))

    async def kill_and_resume(
        self, ctx: zmq.asyncio.Context, server: ServerProcess, endpoint: str, port: int,
        table: str, token: str, highest: int,
    ) -> tuple[RawClient, PlayerView, int]:
        server.kill()
        self.kills += 1
        self.lost_actions += max(0, highest - journalled(self.db, table))
        started = time.perf_counter()
        server.start(port=port)
        client = RawClient(ctx, endpoint)
        welcome = await client.resume(token)
        await client.expect(Joined)
        snapshot = await client.expect(Snapshot)
        self.restart_seconds.append(time.perf_counter() - started)
        if not welcome.resumed:
            self.failed_resumes += 1
        self.lost_actions += max(0, highest - snapshot.seq)
        return client, snapshot.view, snapshot.seq


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cycles", type=int, default=20, help="kill/restart cycles (default 20)")
    parser.add_argument("--seed", type=int, default=1, help="server and kill-point seed")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        soak = Soak(Path(tmp) / "soak.sqlite3", args.cycles, args.seed, random.Random(args.seed))
        started = time.perf_counter()
        asyncio.run(soak.run())
        elapsed = time.perf_counter() - started
    restarts = sorted(soak.restart_seconds)
    print(f"kill -9 / restart cycles: {soak.kills}")
    print(f"games finished:           {soak.games} ({soak.games_matching} with the uninterrupted "
          "game's final scores)")
    print(f"accepted actions lost:    {soak.lost_actions}")
    print(f"failed resumes:           {soak.failed_resumes}")
    if restarts:
        print(f"restart to snapshot:      median {restarts[len(restarts) // 2]:.2f} s, "
              f"max {restarts[-1]:.2f} s")
    print(f"total time:               {elapsed:.1f} s")
    ok = soak.lost_actions == 0 and soak.failed_resumes == 0 and soak.games == soak.games_matching
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
