"""A table that waits for players shows no game (issue 13, defect 2).

Before every human seat is taken the server sends the table info (who sits, which seats are
free) and no snapshot: a waiting view offered the first seat "Your turn" and actions that were
then refused. The game's first snapshot goes to everyone at once when the last seat is taken.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest
from seasalt.engine import DrawFromDeck
from seasalt.protocol import (
    ActionRequest,
    Error,
    ErrorCode,
    Joined,
    JoinOrCreate,
    Snapshot,
    Sync,
    TableChanged,
    TableState,
    Watch,
)
from seasalt.server.app import Server
from seasalt.server.config import ManualClock
from seasalt.testing.server import RawClient

pytestmark = pytest.mark.timeout(30)
THREE = ("human", "human", "bot:random")


async def _joined(connect: Callable[[], RawClient], name: str) -> RawClient:
    client = connect()
    await client.hello(name)
    await client.send(JoinOrCreate("party", THREE))
    await client.expect(Joined)
    return client


async def test_a_waiting_table_sends_its_info_and_no_game_until_every_seat_is_taken(
    connect: Callable[[], RawClient], server: Server, clock: ManualClock
) -> None:
    ann = await _joined(connect, "Ann")
    info = (await ann.expect(TableChanged)).info
    assert info.state is TableState.WAITING
    assert [s.name for s in info.seats] == ["Ann", None, None]
    # Acting, syncing and watching a waiting table show no game either.
    await ann.send(ActionRequest("party", 0, DrawFromDeck()))
    assert (await ann.expect(Error)).code is ErrorCode.NOT_YOUR_TURN
    await ann.send(Sync("party"))
    assert (await ann.expect(TableChanged)).info.state is TableState.WAITING
    zoe = connect()
    await zoe.hello("Zoe")
    await zoe.send(Watch("party"))
    assert (await zoe.expect(Joined)).seat is None
    assert (await zoe.expect(TableChanged)).info.state is TableState.WAITING
    # The bot seat does not play while the table waits, whatever the time.
    assert server.master is not None
    for _ in range(5):
        clock.advance(5.0)
        # Both are heard from first, as their apps' heartbeats would be: one silent for five
        # heartbeats is gone and has left the waiting table (issue 13.4).
        for client in (ann, zoe):
            await client.send(Sync("party"))
            assert (await client.expect(TableChanged)).info.state is TableState.WAITING
        server.master.tick()
        await ann.send(Sync("party"))  # a round trip: any bot turn scheduled has run by now
        assert (await ann.expect(TableChanged)).info.state is TableState.WAITING
    assert server.master.tables["party"].seq == 0
    assert not any(isinstance(m, Snapshot) for m in ann.received + zoe.received)

    bob = await _joined(connect, "Bob")
    # The game starts: a first snapshot for every member, then the table is running.
    for client, seat in ((ann, 0), (bob, 1), (zoe, None)):
        snapshot = await client.expect(Snapshot)
        assert snapshot.seq == 0 and snapshot.view.seat == seat
        running = await client.expect(
            TableChanged, where=lambda m: m.info.state is TableState.RUNNING
        )
        assert running.info.round == 1
