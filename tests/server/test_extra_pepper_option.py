"""The ``extra_pepper`` table option (issue 17, RULES §12) on a real in-process server: asked
for in ``join_or_create``, shown in the lobby, compared on a join, refused when malformed,
journalled (real SQLite), rebuilt after a restart and listed in the history."""

from __future__ import annotations

from pathlib import Path

import msgpack
import pytest
import zmq.asyncio
from seasalt.protocol import (
    Error,
    ErrorCode,
    Games,
    GetReplay,
    JoinOrCreate,
    ListGames,
    ListTables,
    Replay,
    Snapshot,
    Tables,
)
from seasalt.server.app import Server
from seasalt.server.config import ManualClock
from seasalt.testing.server import RawClient, play_seat, running_server

pytestmark = pytest.mark.timeout(60)

SEATS = ("human", "bot:random")


async def _listed(client: RawClient) -> dict[str, bool]:
    await client.send(ListTables())
    tables = await client.expect(Tables)
    return {t.name: t.extra_pepper for t in tables.tables}


async def test_the_option_makes_an_extra_pepper_table_shown_in_the_lobby(
    ctx: zmq.asyncio.Context, server: Server
) -> None:
    client = RawClient(ctx, server.local_endpoint)
    await client.hello("Ann")
    await client.send(JoinOrCreate("pepper", SEATS, extra_pepper=True))
    snapshot = await client.expect(Snapshot)
    assert snapshot.view.rules.extra_pepper
    assert snapshot.view.table_event is not None  # RULES §12.0: one event face up
    assert snapshot.view.event_deck_size == 11
    await client.send(JoinOrCreate("plain", SEATS))
    await client.expect(Error)  # one seat per session: the second table is made, not joined
    assert (await _listed(client))["pepper"] is True
    assert server.master is not None
    assert server.master.tables["pepper"].rules.extra_pepper
    client.close()


async def test_a_join_with_or_without_extra_pepper_must_match(
    ctx: zmq.asyncio.Context, server: Server
) -> None:
    ann, bob = RawClient(ctx, server.local_endpoint), RawClient(ctx, server.local_endpoint)
    await ann.hello("Ann")
    await ann.send(JoinOrCreate("t", ("human", "human"), extra_pepper=True))
    await bob.hello("Bob")
    await bob.send(JoinOrCreate("t", ("human", "human")))
    refused = await bob.expect(Error)
    assert refused.code is ErrorCode.TABLE_MISMATCH
    has, asked = refused.message.split("; you asked for ")
    assert "with Extra Pepper" in has and "Extra Pepper" not in asked, refused.message
    await bob.send(JoinOrCreate("t", ("human", "human"), extra_pepper=True))
    assert (await bob.expect(Snapshot)).view.rules.extra_pepper
    ann.close()
    bob.close()


@pytest.mark.parametrize("value", [1, 0, "yes", None, 1.0, [True]])
async def test_a_bad_extra_pepper_value_is_a_bad_message_naming_it(
    ctx: zmq.asyncio.Context, server: Server, value: object
) -> None:
    client = RawClient(ctx, server.local_endpoint)
    await client.hello("Ann")
    frame = {"t": "join_or_create", "table": "t", "seats": list(SEATS), "extra_pepper": value}
    await client.send_raw(msgpack.packb(frame))
    refused = await client.expect(Error)
    assert refused.code is ErrorCode.BAD_MESSAGE and "extra_pepper" in refused.message, refused
    assert await _listed(client) == {}  # nothing was created
    client.close()


def test_a_message_built_in_python_refuses_a_non_bool() -> None:
    with pytest.raises(ValueError, match="extra_pepper"):
        JoinOrCreate("t", SEATS, extra_pepper=1)  # type: ignore[arg-type]


async def test_the_option_is_journalled_through_a_restart_into_the_history(
    ctx: zmq.asyncio.Context, tmp_path: Path
) -> None:
    clock, db = ManualClock(), str(tmp_path / "j.db")
    async with running_server(clock, db_path=db) as first:
        ann = RawClient(ctx, first.local_endpoint)
        token = (await ann.hello("Ann")).token
        await ann.send(JoinOrCreate("pepper", SEATS, extra_salt=True, extra_pepper=True))
        before = (await ann.expect(Snapshot)).view
        ann.close()

    async with running_server(clock, db_path=db) as second:
        assert second.master is not None
        rules = second.master.tables["pepper"].rules
        assert rules.extra_pepper and rules.extra_salt  # rebuilt with both options
        watcher = RawClient(ctx, second.local_endpoint)
        await watcher.hello("Cat")
        assert await _listed(watcher) == {"pepper": True}
        player = RawClient(ctx, second.local_endpoint)
        await play_seat(player, "pepper", SEATS, seed=5, token=token, timeout=40)
        resumed = next(m for m in player.received if isinstance(m, Snapshot)).view
        assert resumed.table_event == before.table_event  # the same game, not a new deal
        assert resumed.hand == before.hand
        await watcher.send(ListGames())
        [summary] = (await watcher.expect(Games)).games
        assert summary.extra_pepper and summary.extra_salt
        await watcher.send(GetReplay(summary.game))
        assert (await watcher.expect(Replay)).rules.extra_pepper
        watcher.close()
        player.close()
