"""The lobby and the pause after a round used at the wrong moment: a player who leaves while
the round's result is read, with a move queued by the other. Real sockets, an in-process server
(DESIGN "The wire": the pause waits for each connected human's ``continue``)."""

from __future__ import annotations

import asyncio
from collections.abc import Callable

import pytest
from seasalt.bots import get_bot
from seasalt.engine import EventKind, PlayerView
from seasalt.protocol import (
    ActionRequest,
    Continue,
    Joined,
    JoinOrCreate,
    Leave,
    Left,
    RoundOver,
    Snapshot,
    TableChanged,
    TableState,
    Update,
)
from seasalt.server.app import Server
from seasalt.server.tables import Status
from seasalt.testing.server import RawClient

pytestmark = pytest.mark.timeout(60)
TWO = ("human", "human")
_ROUND_ENDS = (EventKind.ROUND_SCORED, EventKind.ROUND_VOID, EventKind.MERMAID_WIN)


async def _to_the_first_pause(
    client: RawClient, name: str, table: str
) -> tuple[int, RoundOver, PlayerView]:
    """Sit at ``table`` and play (a seeded random bot) until the first round's result."""
    await client.hello(name)
    await client.send(JoinOrCreate(table, TWO))
    joined = await client.expect(Joined)
    assert joined.seat is not None
    seat = joined.seat
    bot = get_bot("random", 11 + seat)
    view: PlayerView | None = None
    seq, acted = -1, -1
    while True:
        msg = await client.recv()
        if isinstance(msg, Snapshot | Update):
            view, seq = msg.view, msg.seq
            if isinstance(msg, Update) and any(e.kind in _ROUND_ENDS for e in msg.events):
                continue  # its round_over follows
        elif isinstance(msg, RoundOver):
            assert view is not None
            return seat, msg, view
        if view is not None and view.to_act == seat and view.legal_actions and acted != seq:
            acted = seq
            await client.send(ActionRequest(table, seq, bot.choose(view)))


async def _both_reading(
    server: Server, connect: Callable[[], RawClient], table: str
) -> tuple[dict[int, tuple[RawClient, PlayerView]], RoundOver]:
    """Ann and Bob at ``table``, both reading the first round's result: by seat, each one's
    client and last view; and the round_over."""
    ann, bob = connect(), connect()
    (s1, over, v1), (s2, _, v2) = await asyncio.gather(
        _to_the_first_pause(ann, "Ann", table), _to_the_first_pause(bob, "Bob", table)
    )
    assert server.master is not None
    t = server.master.tables[table]
    assert t.status is Status.ROUND_OVER and set(over.waiting) == {0, 1}
    return {s1: (ann, v1), s2: (bob, v2)}, over


async def test_the_last_reader_leaving_ends_the_pause(
    server: Server, connect: Callable[[], RawClient]
) -> None:
    players, over = await _both_reading(server, connect, "p")
    assert server.master is not None
    table = server.master.tables["p"]
    (stays, last), (goes, _) = players[0], players[1]
    await stays.send(Continue("p"))
    await stays.expect(RoundOver, where=lambda m: m.waiting == (1,))  # still waiting for seat 1
    assert table.status is Status.ROUND_OVER
    await goes.send(Leave())
    await goes.expect(Left)
    info = (await stays.expect(
        TableChanged, where=lambda m: m.info.state is TableState.RUNNING)).info
    assert info.seats[1].bot_playing and table.seats[1].bot_playing
    assert not table.reading
    if last.to_act == 1:  # the bot that took the seat plays on at once
        assert (await stays.expect(Update)).seq == over.seq + 1


async def test_a_move_queued_in_the_pause_is_played_when_the_other_reader_leaves(
    server: Server, connect: Callable[[], RawClient]
) -> None:
    players, over = await _both_reading(server, connect, "q")
    to_act = players[0][1].to_act
    assert to_act is not None
    (actor, view), (other, _) = players[to_act], players[1 - to_act]
    await actor.send(ActionRequest("q", over.seq, view.legal_actions[0]))  # counts as continue
    await actor.expect(RoundOver, where=lambda m: m.waiting == (1 - to_act,))
    await other.send(Leave())
    await other.expect(Left)
    update = await actor.expect(Update)  # the queued move, once nobody is left reading
    assert update.seq == over.seq + 1
