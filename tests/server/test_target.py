"""The ``target`` table option (a game to fewer points: issue 18's short game) and ``server_info``
(the browser address every lobby shows), on a real in-process server: real sockets, real SQLite
for the restart and the history."""

from __future__ import annotations

from pathlib import Path

import msgpack
import pytest
import zmq.asyncio
from seasalt.engine import replay
from seasalt.protocol import (
    Error,
    ErrorCode,
    GameOver,
    Games,
    GetReplay,
    JoinOrCreate,
    ListGames,
    ListTables,
    Replay,
    ServerInfo,
    Snapshot,
    Tables,
    Update,
    Welcome,
)
from seasalt.server.app import Server
from seasalt.server.config import ManualClock
from seasalt.testing.server import RawClient, play_seat, running_server

pytestmark = pytest.mark.timeout(60)

SEATS = ("human", "bot:greedy")
LAN_URL = "http://192.168.1.20:8080/"
"""What ``front.urls()`` gives on a LAN (serve_cli sets it; tests listen on 127.0.0.1 only)."""


async def _listed(client: RawClient) -> dict[str, int]:
    await client.send(ListTables())
    tables = await client.expect(Tables)
    return {t.name: t.target for t in tables.tables}


async def test_a_seven_point_table_ends_when_a_total_reaches_seven(
    ctx: zmq.asyncio.Context, server: Server
) -> None:
    client = RawClient(ctx, server.local_endpoint)
    await client.hello("Ann")
    await client.send(JoinOrCreate("short", SEATS, target=7))
    await client.expect(Snapshot)
    assert await _listed(client) == {"short": 7}  # the lobby shows it
    assert server.master is not None
    assert server.master.tables["short"].rules.target_score == 7
    client.close()

    # Played to its end: the first scored round that brings a total to 7 is the last.
    player = RawClient(ctx, server.local_endpoint)
    result = await play_seat(player, "short2", SEATS, name="Ann", seed=3, target=7)
    over = next(m for m in player.received if isinstance(m, GameOver))
    assert 7 <= max(over.scores) < 40, over.scores  # the standard 40 of two would go on
    assert result.scores == tuple(over.scores)
    rounds = {m.view.round for m in player.received if isinstance(m, Snapshot | Update)}
    assert len(rounds) <= 3, rounds
    player.close()


async def test_a_join_with_another_target_is_a_mismatch(
    ctx: zmq.asyncio.Context, server: Server
) -> None:
    ann, bob = RawClient(ctx, server.local_endpoint), RawClient(ctx, server.local_endpoint)
    await ann.hello("Ann")
    await ann.send(JoinOrCreate("t", ("human", "human"), target=15))
    await bob.hello("Bob")
    await bob.send(JoinOrCreate("t", ("human", "human")))
    refused = await bob.expect(Error)
    assert refused.code is ErrorCode.TABLE_MISMATCH
    assert "to 15 points" in refused.message, refused.message
    await bob.send(JoinOrCreate("t", ("human", "human"), target=15))  # the same: it starts
    await bob.expect(Snapshot)
    ann.close()
    bob.close()


@pytest.mark.parametrize(
    ("fields", "said"),
    [
        ({"double_target": True, "target": 7}, "target"),  # they exclude each other
        ({"target": 201}, "target"),
        ({"target": -1}, "target"),
        ({"target": 7.0}, "target"),
    ],
)
async def test_a_bad_target_is_a_bad_message_naming_it(
    ctx: zmq.asyncio.Context, server: Server, fields: dict[str, object], said: str
) -> None:
    client = RawClient(ctx, server.local_endpoint)
    await client.hello("Ann")
    frame = {"t": "join_or_create", "table": "t", "seats": list(SEATS), **fields}
    await client.send_raw(msgpack.packb(frame))
    refused = await client.expect(Error)
    assert refused.code is ErrorCode.BAD_MESSAGE and said in refused.message, refused
    assert await _listed(client) == {}  # nothing was created
    client.close()


async def test_the_target_is_journalled_through_a_restart_into_the_history(
    ctx: zmq.asyncio.Context, tmp_path: Path
) -> None:
    clock, db = ManualClock(), str(tmp_path / "j.db")
    async with running_server(clock, db_path=db) as first:
        ann = RawClient(ctx, first.local_endpoint)
        token = (await ann.hello("Ann")).token
        await ann.send(JoinOrCreate("short", SEATS, target=7))
        await ann.expect(Snapshot)
        ann.close()

    async with running_server(clock, db_path=db) as second:
        assert second.master is not None
        assert second.master.tables["short"].rules.target_score == 7  # rebuilt with it
        watcher = RawClient(ctx, second.local_endpoint)
        await watcher.hello("Cat")
        assert await _listed(watcher) == {"short": 7}
        player = RawClient(ctx, second.local_endpoint)
        await play_seat(player, "short", SEATS, seed=3, token=token)
        await watcher.send(ListGames())
        [summary] = (await watcher.expect(Games)).games
        assert summary.target == 7 and not summary.double_target
        await watcher.send(GetReplay(summary.game))
        got = await watcher.expect(Replay)
        assert got.rules.target == 7
        final = replay(got.rules, got.seed, list(got.actions))
        assert final.is_over and final.scores == summary.scores  # the same end, replayed
        watcher.close()
        player.close()


async def test_every_welcome_is_followed_by_the_browser_address(
    ctx: zmq.asyncio.Context, server: Server
) -> None:
    assert server.master is not None
    server.master.web_urls = (LAN_URL,)
    client = RawClient(ctx, server.local_endpoint)
    welcome = await client.hello("Ann")
    assert await client.recv() == ServerInfo(web=(LAN_URL,))
    client.close()
    again = RawClient(ctx, server.local_endpoint)
    assert (await again.resume(welcome.token)).resumed
    assert await again.recv() == ServerInfo(web=(LAN_URL,))  # a resume too
    again.close()


async def test_a_server_without_browsers_sends_no_server_info(
    ctx: zmq.asyncio.Context, server: Server
) -> None:
    client = RawClient(ctx, server.local_endpoint)
    await client.hello("Ann")
    await client.send(ListTables())
    await client.expect(Tables)
    assert [type(m) for m in client.received] == [Welcome, Tables]
    client.close()
