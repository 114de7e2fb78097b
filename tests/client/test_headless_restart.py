"""Kill -9 the server mid-game and restart it on the same address and journal: paced, seeded
headless players come back by themselves, and the game ends exactly as the same seeded game
played by the engine alone (no network, no interruption).

CI kills the server twice; a soak run kills it more often, evenly over the game:
``SEASALT_SOAK_KILLS=20 python -m pytest -n 0 tests/client/test_headless_restart.py``.
"""

from __future__ import annotations

import asyncio
import io
import os
from collections.abc import Callable
from pathlib import Path

import pytest
from seasalt.bots import get_bot
from seasalt.client.headless import GameSummary, HeadlessOptions, HeadlessPlayer
from seasalt.client.net.connection import Connection
from seasalt.client.net.link_timing import LinkTiming
from seasalt.client.net.session import ClientSession
from seasalt.engine import GameState, Rules, apply, new_game, view
from seasalt.server.seeds import game_seed
from seasalt.testing.server import restartable_server
from seasalt.testing.waiting import until, within

KILLS = int(os.environ.get("SEASALT_SOAK_KILLS", "2"))
pytestmark = pytest.mark.timeout(90 + 6 * KILLS)

SERVER_SEED = 11
TABLE = "storm"
TARGET = 15
"""Points that end the game: seed 11's game is two rounds of 116 moves (the standard 40: 259
moves in 5 rounds), so CI's kills fall in each round, at moves 38 and 77."""


HEARTBEAT = 0.2
"""Seconds between the players' heartbeats (the standard 2 s): a killed server's successor is
heard from, and the players resume, when the next message goes out. Both players wait for the
move lost with the killed server, so that message is a heartbeat (each restart waited about a
second for it)."""


def player(address: str, seat_seed: int) -> HeadlessPlayer:
    options = HeadlessOptions(
        address, "random", name=f"p{seat_seed}", table=TABLE, players=2, seed=seat_seed,
        delay=0.005, connect_timeout=10, reconnect_for=60, target=TARGET,
    )
    link = Connection(address, f"p{seat_seed}", session=ClientSession(),
                      timing=LinkTiming(heartbeat_interval=HEARTBEAT, give_up_after=60))
    return HeadlessPlayer(options, connection=link, err=io.StringIO())


async def wait_until(condition: Callable[[], object], what: str, timeout: float = 40) -> None:
    await until(condition, timeout, what)


async def start_players(
    address: str,
) -> tuple[list[HeadlessPlayer], list[asyncio.Task[GameSummary]]]:
    # Seat order must not depend on timing: the first player sits down before the second comes.
    first, second = player(address, 1), player(address, 2)
    tasks = [asyncio.create_task(first.run())]
    await wait_until(lambda: first.session.seat is not None, "the first seat")
    tasks.append(asyncio.create_task(second.run()))
    return [first, second], tasks


def play_offline(seeds_by_seat: tuple[int, ...]) -> GameState:
    """The same game with no network at all: the engine and the same seeded bots."""
    state = new_game(Rules(2, target=TARGET), game_seed(SERVER_SEED, TABLE, 1))
    bots = [get_bot("random", seed) for seed in seeds_by_seat]
    while not state.is_over:
        seat = state.to_act
        assert seat is not None
        state = apply(state, bots[seat].choose(view(state, seat))).state
    return state


async def test_players_survive_server_kills_and_finish_the_same_game(tmp_path: Path) -> None:
    expected = play_offline((1, 2))
    server = restartable_server(tmp_path / "journal.sqlite3", SERVER_SEED)
    server.start()
    port, address = server.port, server.address
    players, tasks = await start_players(address)
    try:
        # Kill points spread over the game (its length is known from the offline run).
        for k in range(1, KILLS + 1):
            kill_at = expected.move * k // (KILLS + 1)
            await wait_until(lambda: (players[0].session.seq or 0) >= kill_at, f"seq {kill_at}")  # noqa: B023
            server.kill()
            server.start(port=port)
        summaries = await within(asyncio.gather(*tasks), 60)
    finally:
        for task in tasks:
            task.cancel()
        if server.proc is not None and server.proc.poll() is None:
            server.terminate()
    assert [s.seat for s in summaries] == [0, 1]
    for summary in summaries:
        assert (summary.scores, summary.winners, summary.seq) == (
            expected.scores, expected.winners, expected.move,
        )
    # Each kill forces at least one of the two players to resume.
    assert sum(p.conn.reconnects for p in players) >= KILLS
