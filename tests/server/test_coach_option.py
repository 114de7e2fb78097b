"""The ``coach_allowed`` table option (issue 19) on a real in-process server: real sockets, real
SQLite for the restart. The creator chooses it, a join takes the table's (as for the turn
timer), the lobby shows it, and the journal keeps it through a restart."""

from __future__ import annotations

from pathlib import Path

import msgpack
import pytest
import zmq.asyncio
from seasalt.protocol import (
    Error,
    ErrorCode,
    JoinOrCreate,
    ListTables,
    Snapshot,
    TableChanged,
    Tables,
    encode,
)
from seasalt.server.app import Server
from seasalt.server.config import ManualClock
from seasalt.testing.server import RawClient, running_server

pytestmark = pytest.mark.timeout(60)

HUMANS = ("human", "human")


async def _listed(client: RawClient) -> dict[str, bool]:
    await client.send(ListTables())
    tables = await client.expect(Tables)
    return {t.name: t.coach_allowed for t in tables.tables}


async def test_the_creators_choice_is_the_tables_and_a_join_takes_it(
    ctx: zmq.asyncio.Context, server: Server
) -> None:
    ann, bob = RawClient(ctx, server.local_endpoint), RawClient(ctx, server.local_endpoint)
    cy = RawClient(ctx, server.local_endpoint)
    await ann.hello("Ann")
    await ann.send(JoinOrCreate("coached", HUMANS, coach_allowed=True))
    assert (await ann.expect(TableChanged)).info.coach_allowed
    await cy.hello("Cy")
    await cy.send(JoinOrCreate("plain", ("human", "bot:random")))
    await cy.expect(Snapshot)
    await bob.hello("Bob")
    assert await _listed(bob) == {"coached": True, "plain": False}  # default off
    await bob.send(JoinOrCreate("coached", HUMANS))  # not asked for: the table's all the same
    await bob.expect(Snapshot)
    assert server.master is not None and server.master.tables["coached"].coach_allowed
    for client in (ann, bob, cy):
        client.close()


async def test_a_table_without_the_coach_leaves_the_field_out_of_its_frames() -> None:
    # An older client sees the same table info as before the option existed.
    off = JoinOrCreate("t", HUMANS)
    on = JoinOrCreate("t", HUMANS, coach_allowed=True)
    assert "coach_allowed" not in msgpack.unpackb(encode(off))
    assert msgpack.unpackb(encode(on))["coach_allowed"] is True


async def test_a_coach_allowed_that_is_not_a_bool_is_a_bad_message_naming_it(
    ctx: zmq.asyncio.Context, server: Server
) -> None:
    client = RawClient(ctx, server.local_endpoint)
    await client.hello("Ann")
    frame = {"t": "join_or_create", "table": "t", "seats": list(HUMANS), "coach_allowed": 1}
    await client.send_raw(msgpack.packb(frame))
    refused = await client.expect(Error)
    assert refused.code is ErrorCode.BAD_MESSAGE and "coach_allowed" in refused.message
    assert await _listed(client) == {}  # nothing was created
    client.close()


async def test_the_option_is_journalled_through_a_restart(
    ctx: zmq.asyncio.Context, tmp_path: Path
) -> None:
    clock, db = ManualClock(), str(tmp_path / "j.db")
    async with running_server(clock, db_path=db) as first:
        for name, table, coach in (("Ann", "coached", True), ("Bob", "plain", False)):
            client = RawClient(ctx, first.local_endpoint)
            await client.hello(name)
            await client.send(JoinOrCreate(table, ("human", "bot:greedy"), coach_allowed=coach))
            await client.expect(Snapshot)  # started: journalled
            client.close()

    async with running_server(clock, db_path=db) as second:
        assert second.master is not None
        assert second.master.tables["coached"].coach_allowed  # rebuilt with it
        assert not second.master.tables["plain"].coach_allowed
        watcher = RawClient(ctx, second.local_endpoint)
        await watcher.hello("Cat")
        assert await _listed(watcher) == {"coached": True, "plain": False}
        watcher.close()
