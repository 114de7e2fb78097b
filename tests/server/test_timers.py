"""Timers on an injected clock: heartbeats, lost players, takeovers, the reading pause, rates.

The server's timer loop reads a ManualClock, so nothing here waits for real time to pass:
the test moves the clock and runs ``tick`` itself.
"""

from __future__ import annotations

import inspect
from collections.abc import Callable

import pytest
import zmq.asyncio
from seasalt.bots import get_bot
from seasalt.engine import EventKind, PlayerView
from seasalt.protocol import (
    HEARTBEAT_TIMEOUT,
    ActionRequest,
    Continue,
    Error,
    ErrorCode,
    Heartbeat,
    Joined,
    JoinOrCreate,
    ListTables,
    RoundOver,
    Snapshot,
    TableChanged,
    Tables,
    TableState,
    Update,
)
from seasalt.server.app import Server
from seasalt.server.config import ManualClock
from seasalt.server.tables import Status
from seasalt.testing.server import RawClient, running_server

pytestmark = pytest.mark.timeout(30)

_ROUND_ENDS = (EventKind.ROUND_SCORED, EventKind.ROUND_VOID, EventKind.MERMAID_WIN)


def _master(server: Server):  # type: ignore[no-untyped-def]
    assert server.master is not None
    return server.master


async def _roundtrip(client: RawClient) -> None:
    """Make sure the server has read everything this client sent."""
    await client.send(ListTables())
    await client.expect(Tables)


async def _pass_while_speaking(
    server: Server, clock: ManualClock, seconds: float, speaker: RawClient
) -> None:
    """``seconds`` pass on the clock while ``speaker`` is heard at least every half peer timeout.
    The server's own timer loop also ticks (every ``config.tick`` of real time) on this clock:
    one big jump before the speaker's next word would let it find the speaker silent too."""
    step = server.config.peer_timeout / 2
    while seconds > 0:
        clock.advance(min(step, seconds))
        seconds -= step
        await _roundtrip(speaker)


async def _seat(client: RawClient, name: str, table: str, seats: tuple[str, ...]) -> int:
    await client.hello(name)
    await client.send(JoinOrCreate(table, seats))
    joined = await client.expect(Joined)
    assert joined.seat is not None
    return joined.seat


async def test_an_idle_connection_gets_heartbeats(
    server: Server, clock: ManualClock, connect: Callable[[], RawClient]
) -> None:
    client = connect()
    await client.hello("Ann")
    clock.advance(server.config.heartbeat + 0.1)
    _master(server).tick()
    await client.expect(Heartbeat)


async def test_a_silent_player_is_shown_gone_then_replaced_then_back(
    server: Server, clock: ManualClock, connect: Callable[[], RawClient]
) -> None:
    ann, bob = connect(), connect()
    seats = ("human", "human")
    await _seat(ann, "Ann", "t", seats)
    await _seat(bob, "Bob", "t", seats)
    master = _master(server)
    await _pass_while_speaking(server, clock, server.config.peer_timeout + 1, bob)  # Ann: silent
    master.tick()
    info = (await bob.expect(TableChanged, where=lambda m: not m.info.seats[0].connected)).info
    assert not info.seats[0].bot_playing and info.seats[1].connected
    await _pass_while_speaking(server, clock, server.config.takeover_after, bob)
    master.tick()
    info = (await bob.expect(TableChanged, where=lambda m: m.info.seats[0].bot_playing)).info
    assert master.tables["t"].bot_level(0) is not None
    await _roundtrip(ann)  # Ann is heard again: her seat comes back
    info = (await bob.expect(TableChanged, where=lambda m: not m.info.seats[0].bot_playing)).info
    assert info.seats[0].connected and master.tables["t"].bot_level(0) is None


async def test_a_slow_client_is_not_dropped_before_its_own_timeout(
    server: Server, clock: ManualClock, connect: Callable[[], RawClient]
) -> None:
    # The server waited three heartbeats (6 s) while the client waits HEARTBEAT_TIMEOUT (10 s)
    # before it gives the server up: a client busy for 7 s lost its seat's "connected" while
    # it still thought itself connected. Both now read the one number in seasalt.protocol.
    from seasalt.client.net.link_timing import LinkTiming

    client_timeout = inspect.signature(LinkTiming).parameters["peer_timeout"].default
    assert server.config.peer_timeout == HEARTBEAT_TIMEOUT == client_timeout
    ann, bob = connect(), connect()
    seats = ("human", "human")
    await _seat(ann, "Ann", "t", seats)
    await _seat(bob, "Bob", "t", seats)
    master = _master(server)

    async def ann_connected() -> bool:
        await bob.send(ListTables())
        (info,) = (await bob.expect(Tables)).tables
        return info.seats[0].connected

    clock.advance(HEARTBEAT_TIMEOUT - 1)  # Ann silent longer than three heartbeats...
    await _roundtrip(bob)
    master.tick()
    assert await ann_connected()  # ...is still there, as she thinks she is
    clock.advance(2)  # past the timeout both sides use: gone
    await _roundtrip(bob)
    master.tick()
    assert not await ann_connected()


async def _play_until_round_over(
    client: RawClient, table: str, seat: int
) -> tuple[RoundOver, PlayerView]:
    bot = get_bot("random", 5)
    view: PlayerView | None = None
    seq, acted = -1, -1
    while True:
        msg = await client.recv()
        if isinstance(msg, Snapshot | Update):
            view, seq = msg.view, msg.seq
            if isinstance(msg, Update) and any(e.kind in _ROUND_ENDS for e in msg.events):
                continue  # the round_over message follows: never act before reading it
        elif isinstance(msg, RoundOver):
            assert view is not None
            return msg, view
        if view is not None and view.to_act == seat and acted != seq:
            acted = seq
            await client.send(ActionRequest(table, seq, bot.choose(view)))


async def test_after_a_round_play_waits_for_continue_or_the_timeout(
    server: Server, clock: ManualClock, connect: Callable[[], RawClient]
) -> None:
    ann = connect()
    seat = await _seat(ann, "Ann", "r", ("human", "bot:random"))
    master = _master(server)
    table = master.tables["r"]
    over, _ = await _play_until_round_over(ann, "r", seat)
    assert over.waiting == (seat,) and over.result.round == 1
    assert table.status is Status.ROUND_OVER
    held = table.state.move
    master.tick()
    assert table.state.move == held  # the bot does not move while Ann reads
    await ann.send(Continue("r"))
    await ann.expect(TableChanged, where=lambda m: m.info.state is TableState.RUNNING)
    # round 2: this time Ann never continues; the timeout ends the pause
    over, last = await _play_until_round_over(ann, "r", seat)
    if table.status is Status.FINISHED:
        pytest.skip("the seeded game ended after round 2")  # pragma: no cover
    assert over.result.round == 2
    if last.to_act == seat:  # acting during the pause counts as done reading: queued
        return
    assert table.status is Status.ROUND_OVER
    clock.advance(server.config.continue_timeout - 1)
    await _roundtrip(ann)
    master.tick()
    assert table.status is Status.ROUND_OVER
    clock.advance(2)
    await _roundtrip(ann)
    master.tick()
    assert table.status is Status.RUNNING
    await ann.expect(TableChanged, where=lambda m: m.info.state is TableState.RUNNING)


async def test_an_action_during_the_pause_is_queued_and_counts_as_continue(
    server: Server, connect: Callable[[], RawClient]
) -> None:
    for attempt in range(6):  # find a round whose next turn is Ann's (seeded, so repeatable)
        name = f"q{attempt}"
        ann = connect()
        seat = await _seat(ann, "Ann", name, ("human", "bot:random"))
        table = _master(server).tables[name]
        over, last = await _play_until_round_over(ann, name, seat)
        if table.status is Status.ROUND_OVER and last.to_act == seat:
            break
        ann.close()
    else:
        pytest.fail("no seeded round ended with Ann to act")
    action = last.legal_actions[0]
    await ann.send(ActionRequest(name, over.seq, action))
    update = await ann.expect(Update)
    assert update.seq == over.seq + 1
    assert table.status is Status.RUNNING


async def test_a_flood_is_rate_limited(
    server: Server, connect: Callable[[], RawClient]
) -> None:
    client = connect()
    await client.hello("Ann")
    burst = int(server.config.rate_burst)
    for _ in range(burst + 10):
        await client.send(Heartbeat())
    # the first refused frame is answered; the rest of the spell is dropped (test_limits.py)
    assert (await client.expect(Error)).code is ErrorCode.RATE_LIMITED


async def test_a_player_silent_through_the_reading_pause_is_not_waited_for_and_a_bot_plays(
    clock: ManualClock, ctx: zmq.asyncio.Context
) -> None:
    """The takeover of a silent seat during the pause after a round (one handover for every
    path: server/game.py ``hand_to_bot``): nobody waits for her to read, her bot plays on."""
    async with running_server(clock, continue_timeout=10_000.0) as server:
        ann = RawClient(ctx, server.local_endpoint)
        seat = await _seat(ann, "Ann", "r", ("human", "bot:random"))
        master = _master(server)
        table = master.tables["r"]
        over, _ = await _play_until_round_over(ann, "r", seat)
        assert over.waiting == (seat,) and table.status is Status.ROUND_OVER
        moves = table.state.move
        clock.advance(server.config.peer_timeout + server.config.takeover_after + 1)
        master.tick()  # Ann said nothing all that time
        assert table.status is Status.RUNNING and not table.reading
        assert table.seats[seat].bot_playing and table.bot_level(seat) is not None
        await ann.expect(Update, where=lambda u: u.view.move > moves)  # the game goes on
        ann.close()
