"""A player who never acts at a table without a turn timer: the idle limit (``idle_after``).

Before it, such a player held the table for good (30 s, 0 moves, nobody could do anything).
Now, past the limit, the seat gets what a lost player's gets: the others see the takeover
countdown first (``clocks.takeovers``, the seat still ``connected``), then the takeover bot
plays it (``bot_playing``, its moves marked ``stand_in_moves``), and the player's own next
``action`` or ``continue`` takes it back; a heartbeat does not. A player who acts in time is
never taken, and a table with a turn timer keeps its own rules.

A real in-process server on 127.0.0.1 with the injected clock: nothing waits for real time.
The heartbeat is a minute here, so two clients that say nothing for minutes stay connected
(what an idle player's client does on its own, heartbeats, is not what is tested).
"""

from __future__ import annotations

from collections.abc import AsyncIterator, Callable

import pytest
import zmq.asyncio
from seasalt.engine import PlayerView
from seasalt.protocol import (
    ActionRequest,
    Clocks,
    Continue,
    GameOver,
    Heartbeat,
    Joined,
    JoinOrCreate,
    ListTables,
    PlayAgain,
    Snapshot,
    StandInMoves,
    TableChanged,
    Tables,
    TimeRanOut,
    Update,
)
from seasalt.server.app import Server
from seasalt.server.config import ManualClock
from seasalt.testing.server import RawClient, running_server

pytestmark = pytest.mark.timeout(30)

IDLE_AFTER = 180.0
SHOWN_FOR = 60.0  # the takeover delay: the countdown a lost player's seat shows
SEATS = ("human", "human")


@pytest.fixture
async def server(clock: ManualClock) -> AsyncIterator[Server]:
    async with running_server(
        clock, heartbeat=60.0, idle_after=IDLE_AFTER, takeover_after=SHOWN_FOR
    ) as srv:
        yield srv


@pytest.fixture
def connect(ctx: zmq.asyncio.Context, server: Server) -> Callable[[], RawClient]:
    return lambda: RawClient(ctx, server.local_endpoint)


async def roundtrip(client: RawClient) -> None:
    """The server has read everything this client sent."""
    await client.send(ListTables())
    await client.expect(Tables)


async def sit(client: RawClient, name: str, table: str, turn_time: int = 0) -> int:
    await client.hello(name)
    await client.send(JoinOrCreate(table, SEATS, turn_time=turn_time))
    joined = await client.expect(Joined)
    assert joined.seat is not None
    return joined.seat


async def latest_view(client: RawClient) -> tuple[int, PlayerView]:
    """The newest frame this client has (reading every frame queued, none left behind)."""
    frame = await client.expect(Snapshot | Update)  # type: ignore[arg-type]
    for msg in client.drain():
        if isinstance(msg, Snapshot | Update):
            frame = msg
    return frame.seq, frame.view


async def two_players(
    server: Server, connect: Callable[[], RawClient], table: str, turn_time: int = 0
) -> tuple[dict[int, RawClient], int, dict[int, tuple[int, PlayerView]]]:
    """Ann and Bob seated and playing: the clients by seat, the seat to act, and each seat's
    view (seq, view) at the start."""
    ann, bob = connect(), connect()
    clients = {await sit(ann, "Ann", table, turn_time): ann}
    clients[await sit(bob, "Bob", table, turn_time)] = bob
    views = {seat: await latest_view(client) for seat, client in clients.items()}
    to_act = views[0][1].to_act
    assert to_act is not None
    return clients, to_act, views


def wait(server: Server, clock: ManualClock, seconds: float) -> None:
    clock.advance(seconds)
    assert server.master is not None
    server.master.tick()


async def test_an_idle_player_is_counted_down_stood_in_for_and_back_on_a_key(
    server: Server, clock: ManualClock, connect: Callable[[], RawClient]
) -> None:
    clients, idle, _ = await two_players(server, connect, "t")
    other = clients[1 - idle]
    table = server.master.tables["t"]  # type: ignore[union-attr]
    wait(server, clock, IDLE_AFTER - SHOWN_FOR - 1)
    await roundtrip(other)
    assert not any(isinstance(m, Clocks) and m.takeovers for m in other.drain())

    # The others see the countdown first, the seat still connected and the player's.
    wait(server, clock, 1)
    clocks = await other.expect(Clocks, where=lambda m: bool(m.takeovers))
    (countdown,) = clocks.takeovers
    assert countdown.seat == idle and countdown.ms == SHOWN_FOR * 1000
    assert table.bot_level(idle) is None
    await clients[idle].send(Heartbeat())  # still there, the client says: that changes nothing
    await roundtrip(clients[idle])
    wait(server, clock, SHOWN_FOR - 1)
    await roundtrip(other)
    assert table.bot_level(idle) is None

    # At the limit the takeover bot plays the seat, as for a lost player, its moves marked.
    wait(server, clock, 1)
    info = (await other.expect(TableChanged, where=lambda m: m.info.seats[idle].bot_playing)).info
    assert info.seats[idle].connected  # there, not lost: what the clients' words tell apart
    marks = await other.expect(StandInMoves, where=lambda m: bool(m.events))
    update = await other.expect(Update, where=lambda m: m.seq == marks.seq)
    assert any(update.events[i].seat == idle for i in marks.events)
    await other.expect(Clocks, where=lambda m: not m.takeovers)  # the countdown stopped
    await other.expect(Update, where=lambda m: m.view.to_act == 1 - idle)  # its whole turn

    # A heartbeat is not a key: the seat stays the bot's.
    await clients[idle].send(Heartbeat())
    await roundtrip(clients[idle])
    assert table.seats[idle].bot_playing

    # The player's next key ("continue") takes the seat back, and the table is told.
    await clients[idle].send(Continue("t"))
    info = (await other.expect(
        TableChanged, where=lambda m: not m.info.seats[idle].bot_playing)).info
    assert info.seats[idle].connected and table.bot_level(idle) is None


async def test_an_idle_players_own_move_takes_the_seat_back_and_is_played(
    clock: ManualClock, ctx: zmq.asyncio.Context
) -> None:
    # The bot waits before its move here (on the server's clock, far longer than this test
    # moves it), so the player's key comes while the stand-in is still to move, as a
    # person's does.
    async with running_server(clock, heartbeat=60.0, idle_after=IDLE_AFTER, bot_delay=1e6,
                              takeover_after=SHOWN_FOR) as slow:
        clients, idle, views = await two_players(
            slow, lambda: RawClient(ctx, slow.local_endpoint), "t")
        table = slow.master.tables["t"]  # type: ignore[union-attr]
        wait(slow, clock, IDLE_AFTER)
        await clients[1 - idle].expect(
            TableChanged, where=lambda m: m.info.seats[idle].bot_playing)
        seq, view = views[idle]
        await clients[idle].send(ActionRequest("t", seq, view.legal_actions[0]))
        played = await clients[1 - idle].expect(Update, where=lambda m: m.seq == seq + 1)
        assert played.events and table.bot_level(idle) is None
        assert not any(isinstance(m, StandInMoves) and m.seq == seq + 1
                       for m in clients[1 - idle].received)  # the player's own move
        assert not (await clients[1 - idle].expect(
            TableChanged, where=lambda m: not m.info.seats[idle].bot_playing)).info.seats[
                idle].bot_playing
        for client in clients.values():
            client.close()


async def test_a_player_who_acts_in_time_is_never_taken(
    server: Server, clock: ManualClock, connect: Callable[[], RawClient]
) -> None:
    clients, _, views = await two_players(server, connect, "t")
    table = server.master.tables["t"]  # type: ignore[union-attr]
    for _move in range(6):  # each move just inside the limit, whoever is to act
        wait(server, clock, IDLE_AFTER - 1)
        for client in clients.values():  # (both clients' heartbeats: nobody is lost)
            await roundtrip(client)
        to_act, (seq, view) = next((s, v) for s, v in views.items() if v[1].legal_actions)
        await clients[to_act].send(ActionRequest("t", seq, view.legal_actions[0]))
        for seat, client in clients.items():
            update = await client.expect(Update, where=lambda m, s=seq: m.seq == s + 1)
            views[seat] = update.seq, update.view
            await client.expect(Clocks, where=lambda m: not m.takeovers)  # the move stops it
        assert not any(s.bot_playing for s in table.seats)
    for client in clients.values():  # (the countdown shown before each move)
        assert not any(isinstance(m, TableChanged) and any(s.bot_playing for s in m.info.seats)
                       for m in client.received)
        shown = [bool(m.takeovers) for m in client.received if isinstance(m, Clocks)]
        assert shown == [True, False] * 6


async def test_a_table_with_a_turn_timer_keeps_its_own_rules(
    server: Server, clock: ManualClock, connect: Callable[[], RawClient]
) -> None:
    turn_time = 600  # longer than the idle limit: only the turn timer may act
    clients, to_act, _ = await two_players(server, connect, "timed", turn_time)
    table = server.master.tables["timed"]  # type: ignore[union-attr]
    for _step in range(5):  # 5 x 100 s, both clients heard (nobody is lost)
        for client in clients.values():
            await roundtrip(client)
        wait(server, clock, 100)
    assert not table.seats[to_act].bot_playing
    assert not any(isinstance(m, Clocks) and m.takeovers for m in clients[1 - to_act].received)
    await roundtrip(clients[to_act])
    wait(server, clock, turn_time - 500)
    ran_out = await clients[1 - to_act].expect(TimeRanOut)
    assert ran_out.seat == to_act
    assert not table.seats[to_act].bot_playing  # the turn timer's bot plays one turn only


async def test_an_idle_player_at_the_game_over_keeps_the_seat_and_plays_again(
    server: Server, clock: ManualClock, connect: Callable[[], RawClient]
) -> None:
    """The stand-in played an idle Ann's seat to the end of a game against a bot (to 1 point:
    one scored round). Her "play again" gave her seat away: a seat a bot played did not count
    as one whose player is at the table, so the next game started without her (waiting for a
    player, her session at no table). Her key takes the seat back, and she plays on."""
    ann = connect()
    await ann.hello("Ann")
    await ann.send(JoinOrCreate("short", ("human", "bot:random"), target=1))
    assert (await ann.expect(Joined)).seat == 0
    table = server.master.tables["short"]  # type: ignore[union-attr]
    await ann.expect(Snapshot)
    while not table.state.is_over:  # Ann never moves: her stand-in plays every turn of hers
        if table.state.to_act == 0 and not table.seats[0].bot_playing:
            wait(server, clock, IDLE_AFTER)
        await ann.expect(Update, timeout=30)
        await ann.send(Heartbeat())  # (her client is there: nobody is lost)
        if table.status.value == "round_over":
            wait(server, clock, server.config.continue_timeout)
    assert table.seats[0].bot_playing
    await ann.expect(GameOver)
    await ann.send(PlayAgain("short"))
    snapshot = await ann.expect(Snapshot, where=lambda m: m.view.move == 0)
    assert snapshot.view.seat == 0 and table.game_no == 2
    assert table.status.value == "running" and table.seats[0].holder is not None
    assert not table.seats[0].bot_playing and table.bot_level(0) is None
