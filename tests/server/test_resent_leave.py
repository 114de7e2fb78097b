"""A leave sent again is answered as the first was (session 9: a client sends an unanswered
leave once more after a resume, client/net/unanswered_requests.py, and one the server had handled
got "You have no seat at this table."). Without a restart here; tests/server/test_lobby_restart.py
has the server killed and started again in between."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from seasalt.protocol import (
    MIN_TARGET,
    Error,
    ErrorCode,
    Joined,
    JoinOrCreate,
    Leave,
    Left,
    Watch,
)
from seasalt.server.app import Server
from seasalt.testing.server import RawClient, play_seat

pytestmark = pytest.mark.timeout(30)
TWO = ("human", "human")


async def test_a_leave_sent_again_gets_left_and_a_stray_one_the_error(
    server: Server, connect: Callable[[], RawClient]
) -> None:
    ann, cy = connect(), connect()
    await cy.hello("Cy")
    await cy.send(Leave())  # never at a table: the error, as before
    assert (await cy.expect(Error)).code is ErrorCode.NOT_SEATED

    token = (await ann.hello("Ann")).token
    await ann.send(JoinOrCreate("w", TWO))
    await ann.expect(Joined)
    await ann.send(Leave())
    await ann.expect(Left)
    ann.close()
    back = connect()  # a new connection of the same session, as after a lost link
    assert (await back.resume(token)).resumed
    await back.send(Leave())
    assert await back.expect(Left) == Left("w")
    assert server.master is not None and "w" not in server.master.tables  # nothing changed

    await back.send(Watch("nowhere"))  # refused: she watches nothing, the leave is still known
    assert (await back.expect(Error)).code is ErrorCode.UNKNOWN_TABLE
    await back.send(Leave())
    assert await back.expect(Left) == Left("w")


async def test_a_leave_of_a_game_over_sent_again_gets_left(
    server: Server, connect: Callable[[], RawClient]
) -> None:
    ann = connect()
    await play_seat(ann, "g", ("human", "bot:random"), name="Ann", target=MIN_TARGET)
    await ann.send(Leave())
    assert await ann.expect(Left) == Left("g")
    await ann.send(Leave())
    assert await ann.expect(Left) == Left("g")
    assert server.master is not None and "g" not in server.master.tables  # (nobody at it)
