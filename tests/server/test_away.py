"""``away``: a player who quits on purpose gets a bot in her seat at once (qa9, session 9: Ann
pressed q, y and Bob waited 75 s for the takeover delay), and her seat back with ``resume``.

Real sockets, an in-process server on a ManualClock that nobody moves: whatever happens here
happens without the takeover delay.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest
from seasalt.bots import get_bot
from seasalt.protocol import (
    MIN_TARGET,
    ActionRequest,
    Away,
    Error,
    ErrorCode,
    Joined,
    JoinOrCreate,
    ListTables,
    Message,
    Snapshot,
    TableChanged,
    Tables,
    Update,
    Watch,
)
from seasalt.server.app import Server
from seasalt.server.master import Master
from seasalt.server.tables import Status
from seasalt.testing.server import RawClient, play_seat

from .test_timers import _play_until_round_over

pytestmark = pytest.mark.timeout(30)
TWO = ("human", "human")


def _master(server: Server) -> Master:
    assert server.master is not None
    return server.master


async def _seated(client: RawClient, name: str, table: str, seats: tuple[str, ...]) -> int:
    await client.hello(name)
    await client.send(JoinOrCreate(table, seats))
    joined = await client.expect(Joined)
    assert joined.seat is not None
    return joined.seat


async def _nothing_before_the_answer(client: RawClient, message: Message) -> None:
    """``message`` was read (a list sent after it is answered) and refused nothing."""
    client.drain()
    await client.send(message)
    await client.send(ListTables())
    await client.expect(Tables)
    assert not [m for m in client.drain() if isinstance(m, Error)]


async def _until_seat_has_moved(bob: RawClient, bob_seat: int, away_seat: int) -> None:
    """Bob plays his turns (a seeded bot) until the seat that went away has made a move."""
    bot = get_bot("random", 7)
    to_act: int | None = None
    while True:
        msg = await bob.recv()
        if not isinstance(msg, Snapshot | Update) or msg.table != "t":
            continue
        if isinstance(msg, Update) and to_act == away_seat:
            return  # the move of the seat that went away: a bot made it
        view = msg.view
        to_act = view.to_act
        if to_act == bob_seat and view.legal_actions:
            await bob.send(ActionRequest("t", msg.seq, bot.choose(view)))


async def test_away_gives_the_seat_to_a_bot_at_once_and_resume_gives_it_back(
    server: Server, connect: Callable[[], RawClient]
) -> None:
    ann, bob = connect(), connect()
    ann_seat = await _seated(ann, "Ann", "t", TWO)
    token = ann.received[0].token  # type: ignore[union-attr]
    bob_seat = await _seated(bob, "Bob", "t", TWO)
    table = _master(server).tables["t"]
    assert table.status is Status.RUNNING and table.bot_level(ann_seat) is None

    await ann.send(Away())
    info = (await bob.expect(
        TableChanged, where=lambda m: m.info.seats[ann_seat].bot_playing
    )).info
    assert not info.seats[ann_seat].connected  # shown gone, as after the delay
    assert table.bot_level(ann_seat) is not None and table.status is Status.RUNNING
    await _until_seat_has_moved(bob, bob_seat, ann_seat)  # the table plays on

    # Her closing connection speaks for her no more: a repeat changes nothing.
    await ann.send(Away())
    refused = await ann.expect(Error)
    assert refused.code is ErrorCode.UNAUTHORIZED
    assert table.seats[ann_seat].bot_playing
    ann.close()

    back = connect()  # `seasalt-client host:port` again: the same token resumes
    assert (await back.resume(token)).resumed
    assert (await back.expect(Joined)) == Joined("t", ann_seat)
    info = (await bob.expect(
        TableChanged, where=lambda m: not m.info.seats[ann_seat].bot_playing
    )).info
    assert info.seats[ann_seat].connected and table.bot_level(ann_seat) is None


async def test_away_without_a_seat_in_a_game_changes_nothing(
    server: Server, connect: Callable[[], RawClient]
) -> None:
    master = _master(server)
    cy, dee, eve, fay = connect(), connect(), connect(), connect()
    await cy.hello("Cy")  # in the lobby
    await _nothing_before_the_answer(cy, Away())

    await _seated(eve, "Eve", "w", TWO)  # in the waiting room: no game, no bot
    await _nothing_before_the_answer(eve, Away())
    waiting = master.tables["w"]
    assert waiting.status is Status.WAITING and waiting.seats[0].name == "Eve"

    await _seated(fay, "Fay", "t", ("human", "bot:random"))
    await dee.hello("Dee")
    await dee.send(Watch("t"))
    assert (await dee.expect(Joined)).seat is None
    await _nothing_before_the_answer(dee, Away())  # a spectator
    table = master.tables["t"]
    assert len(table.watchers) == 1 and table.bot_level(0) is None


async def test_away_after_the_game_is_over_changes_nothing(
    server: Server, connect: Callable[[], RawClient]
) -> None:
    ann = connect()
    result = await play_seat(ann, "g", ("human", "bot:random"), name="Ann", target=MIN_TARGET)
    table = _master(server).tables["g"]
    assert table.status is Status.FINISHED
    await _nothing_before_the_answer(ann, Away())
    assert table.status is Status.FINISHED and not table.seats[result.seat].bot_playing


async def test_away_during_the_reading_pause_ends_it_for_the_one_who_went(
    server: Server, connect: Callable[[], RawClient]
) -> None:
    ann = connect()
    seat = await _seated(ann, "Ann", "r", ("human", "bot:random"))
    table = _master(server).tables["r"]
    over, _ = await _play_until_round_over(ann, "r", seat)
    assert over.waiting == (seat,) and table.status is Status.ROUND_OVER
    await ann.send(Away())  # nobody is left to read: the next round starts, a bot plays her
    await ann.send(ListTables())  # refused once away was read (her session is unbound)
    assert (await ann.expect(Error)).code is ErrorCode.UNAUTHORIZED
    assert table.status is Status.RUNNING and table.bot_level(seat) is not None
