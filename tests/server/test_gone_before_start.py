"""A player who goes away before the start frees the seat; a finished table whose players have
all gone leaves the lobby (issue 13, defect 4). Real sockets, an in-process server, and a
ManualClock moved past the peer timeout (the server's own timer tick reads it)."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from seasalt.protocol import (
    Joined,
    JoinOrCreate,
    Leave,
    Left,
    ListTables,
    TableChanged,
    Tables,
    TableState,
)
from seasalt.server.app import Server
from seasalt.server.config import ManualClock
from seasalt.testing.server import RawClient, play_seat

pytestmark = pytest.mark.timeout(60)
TWO = ("human", "human")


async def _hello(connect: Callable[[], RawClient], name: str) -> RawClient:
    client = connect()
    await client.hello(name)
    return client


async def _tables(client: RawClient) -> dict[str, object]:
    await client.send(ListTables())
    return {t.name: t for t in (await client.expect(Tables)).tables}


async def test_a_player_who_closed_the_app_before_the_start_frees_the_seat(
    server: Server, clock: ManualClock, connect: Callable[[], RawClient]
) -> None:
    ann = await _hello(connect, "Ann")
    await ann.send(JoinOrCreate("t", TWO))
    assert (await ann.expect(Joined)).seat == 0
    ann.close()  # the app is closed: no leave, just silence
    clock.advance(server.config.peer_timeout + 1)
    bob = await _hello(connect, "Bob")
    await bob.send(JoinOrCreate("t", TWO))
    assert (await bob.expect(Joined)).seat == 0  # Ann's seat was free again
    info = (await bob.expect(TableChanged)).info
    assert info.state is TableState.WAITING
    assert [s.name for s in info.seats] == ["Bob", None]
    cid = await _hello(connect, "Cid")
    await cid.send(JoinOrCreate("t", TWO))
    assert (await cid.expect(Joined)).seat == 1
    info = (await bob.expect(TableChanged, where=lambda m: m.info.state is TableState.RUNNING))
    assert [s.name for s in info.info.seats] == ["Bob", "Cid"]  # both here when it starts


async def test_a_player_who_leaves_before_the_start_frees_the_seat(
    connect: Callable[[], RawClient],
) -> None:
    ann, bob = await _hello(connect, "Ann"), await _hello(connect, "Bob")
    await ann.send(JoinOrCreate("t", ("human", "human", "human")))
    await ann.expect(Joined)
    await bob.send(JoinOrCreate("t", ("human", "human", "human")))
    assert (await bob.expect(Joined)).seat == 1
    await ann.send(Leave())
    await ann.expect(Left)
    info = (await bob.expect(TableChanged, where=lambda m: m.info.seats[0].name is None)).info
    assert info.state is TableState.WAITING and [s.name for s in info.seats] == [None, "Bob", None]


async def test_a_finished_table_whose_players_are_gone_leaves_the_lobby(
    server: Server, clock: ManualClock, connect: Callable[[], RawClient]
) -> None:
    ann = connect()
    result = await play_seat(ann, "done", ("human", "bot:random"), name="Ann", seed=3)
    assert result.winners
    eve = await _hello(connect, "Eve")
    assert "done" in await _tables(eve)  # Ann is still at its game over
    ann.close()  # and goes without a word
    clock.advance(server.config.peer_timeout + 1)
    eve = await _hello(connect, "Eve2")  # a fresh session: Eve's own was silent as long
    server.master.tick()
    # Ann may still come back for the result (and to play again) within the takeover delay.
    assert "done" in await _tables(eve)
    clock.advance(server.config.takeover_after)
    eve = await _hello(connect, "Eve3")
    server.master.tick()
    assert "done" not in await _tables(eve)


async def test_a_player_let_go_for_silence_is_told_so_and_not_left_waiting(
    server: Server, clock: ManualClock, connect: Callable[[], RawClient]
) -> None:
    # Chaos soak, seed 18: a client that was only silent for a while (a frozen laptop, a loaded
    # machine) lost its waiting seat without a word and showed the waiting room for good.
    ann = await _hello(connect, "Ann")
    await ann.send(JoinOrCreate("t", TWO))
    assert (await ann.expect(Joined)).seat == 0
    clock.advance(server.config.peer_timeout + 1)  # the connection stays open, but silent
    assert (await ann.expect(Left)).table == "t"  # the server's tick let her go, and says so
    assert "t" not in await _tables(ann)
    await ann.send(JoinOrCreate("t", TWO))  # from the lobby she sits down again
    assert (await ann.expect(Joined)).seat == 0
