"""A finished table belongs to its players (session 8: Cy pressed j on "Mesa de João
(finished)", took João's seat and a new game started at once).

Its players may come back to the result and play again; "play again" by them is how its next
game starts; anyone else gets ``game_over`` for ``join_or_create`` and may watch the result.
Real sockets: an in-process server, and a server process killed and restarted on the same
SQLite file.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from pathlib import Path

import pytest
import zmq.asyncio
from seasalt.protocol import (
    Error,
    ErrorCode,
    GameOver,
    Joined,
    JoinOrCreate,
    Leave,
    Left,
    ListTables,
    PlayAgain,
    Snapshot,
    TableChanged,
    Tables,
    TableState,
    Watch,
)
from seasalt.server.app import Server
from seasalt.server.tables import Status
from seasalt.testing.server import PlayerResult, RawClient, ServerProcess, play_seat

pytestmark = pytest.mark.timeout(60)
TWO = ("human", "human")


async def _hello(connect: Callable[[], RawClient], name: str) -> RawClient:
    client = connect()
    await client.hello(name)
    return client


async def _refused_as_over(client: RawClient, table: str, seats: tuple[str, ...]) -> Error:
    await client.send(JoinOrCreate(table, seats))
    error = await client.expect(Error)
    assert error.code is ErrorCode.GAME_OVER, error
    assert "is over" in error.message and "watch" in error.message
    return error


async def _played(
    connect: Callable[[], RawClient],
) -> tuple[RawClient, RawClient, PlayerResult]:
    """Ann and Bob play a game at "g" to its end; Bob's result (his seat and token: who sits
    first depends on whose join the server reads first)."""
    ann, bob = connect(), connect()
    _, bobs = await asyncio.gather(
        play_seat(ann, "g", TWO, name="Ann", seed=1),
        play_seat(bob, "g", TWO, name="Bob", seed=2),
    )
    return ann, bob, bobs


async def test_a_stranger_cannot_take_the_seat_of_one_who_left_a_game_over(
    server: Server, connect: Callable[[], RawClient]
) -> None:
    _ann, bob, bobs = await _played(connect)
    token = bobs.token
    assert server.master is not None
    table = server.master.tables["g"]
    assert table.status is Status.FINISHED
    bob_hash = table.seats[bobs.seat].holder
    await bob.send(Leave())
    await bob.expect(Left)
    # his link drops and comes back: he stays in the lobby he went to
    bob.close()
    bob = connect()
    assert (await bob.resume(token)).resumed
    await bob.send(ListTables())
    await bob.expect(Tables)
    assert not any(isinstance(m, Joined) for m in bob.received)
    cy = await _hello(connect, "Cy")
    await _refused_as_over(cy, "g", TWO)
    assert table.status is Status.FINISHED and table.seats[bobs.seat].holder == bob_hash
    # Cy may watch the result instead
    await cy.send(Watch("g"))
    assert (await cy.expect(Joined)).seat is None
    assert (await cy.expect(Snapshot)).view.is_over
    # Bob's seat is still his: back at the result, with the choice to play again
    await bob.send(JoinOrCreate("g", TWO))
    assert (await bob.expect(Joined)).seat == bobs.seat
    await bob.expect(GameOver)


async def test_play_again_by_the_players_is_how_a_stranger_gets_a_seat(
    server: Server, connect: Callable[[], RawClient]
) -> None:
    ann, bob, bobs = await _played(connect)
    assert server.master is not None
    table = server.master.tables["g"]
    game_no = table.game_no
    await bob.send(Leave())
    await bob.expect(Left)
    await ann.send(PlayAgain("g"))  # Ann is the one still at it: her word starts the next game
    waiting = await ann.expect(TableChanged, where=lambda m: m.info.state is TableState.WAITING)
    names: list[str | None] = ["Ann", "Ann"]
    names[bobs.seat] = None
    assert [s.name for s in waiting.info.seats] == names
    assert table.game_no == game_no + 1
    cy = await _hello(connect, "Cy")
    await cy.send(JoinOrCreate("g", TWO))
    assert (await cy.expect(Joined)).seat == bobs.seat
    snap = await cy.expect(Snapshot)
    assert not snap.view.is_over and snap.view.move == 0
    assert table.status is Status.RUNNING


async def test_a_game_a_bot_finished_for_the_one_who_left_is_still_his(
    server: Server, connect: Callable[[], RawClient]
) -> None:
    """João leaves his game, a bot finishes it (Bia plays on); Cy's join is refused, João's
    takes his seat back at the result, and the two of them play again."""
    joao, bia = await _hello(connect, "João"), connect()
    await joao.send(JoinOrCreate("Mesa de João", TWO))
    assert (await joao.expect(Joined)).seat == 0
    playing = asyncio.create_task(play_seat(bia, "Mesa de João", TWO, name="Bia", seed=2))
    await joao.expect(Snapshot)  # the game has started
    await joao.send(Leave())
    await joao.expect(Left)
    await playing
    assert server.master is not None
    table = server.master.tables["Mesa de João"]
    assert table.status is Status.FINISHED and table.stand_in  # a bot played João's seat
    cy = await _hello(connect, "Cy")
    await _refused_as_over(cy, "Mesa de João", TWO)
    await joao.send(JoinOrCreate("Mesa de João", TWO))
    assert (await joao.expect(Joined)).seat == 0
    await joao.expect(GameOver)
    for client in (joao, bia):
        await client.send(PlayAgain("Mesa de João"))
    fresh = await joao.expect(Snapshot, where=lambda m: not m.view.is_over)
    assert fresh.view.seat == 0 and fresh.view.move == 0
    assert table.status is Status.RUNNING and table.game_no == 2


async def test_a_game_over_after_a_restart_is_refused_to_a_stranger(tmp_path: Path) -> None:
    """The path session 8 took: the finished table comes back from the journal with nobody at
    it, and a stranger's join used to take it over (a new game at once, against the bot)."""
    server = ServerProcess(str(tmp_path / "j.sqlite3"), "--bot-delay", "0", "--seed", "5")
    ctx = zmq.asyncio.Context()
    try:
        joao = RawClient(ctx, server.start())
        seats = ("human", "bot:random")
        played = await play_seat(joao, "Mesa de João", seats, name="João", seed=3)
        assert played.winners
        server.kill()
        endpoint = server.start()
        cy = RawClient(ctx, endpoint)
        await cy.hello("Cy")
        await _refused_as_over(cy, "Mesa de João", seats)
        await cy.send(ListTables())
        (info,) = (await cy.expect(Tables)).tables
        assert info.state is TableState.FINISHED and info.seats[0].name == "João"
        back = RawClient(ctx, endpoint)
        assert (await back.resume(played.token)).resumed
        assert (await back.expect(Joined)).seat == 0
        over = await back.expect(GameOver)
        assert over.scores == played.scores
        await back.send(PlayAgain("Mesa de João"))
        fresh = await back.expect(Snapshot, where=lambda m: not m.view.is_over)
        assert fresh.view.move == 0 and fresh.view.seat == 0
    finally:
        server.kill()
        ctx.destroy(linger=0)



async def test_one_who_left_a_game_over_to_watch_watches_on_after_a_restart(
    tmp_path: Path,
) -> None:
    """João finishes a game, goes from its game over to the lobby and watches Bia's game; the
    server is killed and started again. His client resumes him: he watches Bia's game again.
    The evening soak saw it: he was sent back to his old game over (his token still holds that
    seat), and his client showed that instead of the game he watched."""
    server = ServerProcess(str(tmp_path / "j.sqlite3"), "--bot-delay", "0", "--seed", "5")
    ctx = zmq.asyncio.Context()
    try:
        endpoint = server.start()
        joao = RawClient(ctx, endpoint)
        seats = ("human", "bot:random")
        played = await play_seat(joao, "Mesa de João", seats, name="João", seed=3)
        await joao.send(Leave())
        await joao.expect(Left)
        bia = RawClient(ctx, endpoint)
        await bia.hello("Bia")
        await bia.send(JoinOrCreate("Mesa da Bia", seats))
        await bia.expect(Snapshot)  # her game runs (it waits for her first move)
        await joao.send(Watch("Mesa da Bia"))
        assert await joao.expect(Joined) == Joined("Mesa da Bia", None)
        server.kill()
        back = RawClient(ctx, server.start())
        assert (await back.resume(played.token)).resumed
        assert await back.expect(Joined) == Joined("Mesa da Bia", None)
        assert (await back.expect(Snapshot)).table == "Mesa da Bia"
        assert not any(isinstance(m, GameOver) for m in back.received)
        # His seat at his game over is still his, and he may go back to it.
        await back.send(JoinOrCreate("Mesa de João", seats))
        assert await back.expect(Joined) == Joined("Mesa de João", 0)
        assert (await back.expect(GameOver)).scores == played.scores
    finally:
        server.kill()
        ctx.destroy(linger=0)


async def test_watching_a_game_over_twice_keeps_it(
    server: Server, connect: Callable[[], RawClient]
) -> None:
    """A resent watch (client/net/connection.py sends an unanswered one again after a reconnect)
    from the only one left at a game over: leaving it first dropped the table, and the watcher
    was left at a table the lobby no longer had."""
    ann, bob, _ = await _played(connect)
    cy = await _hello(connect, "Cy")
    await cy.send(Watch("g"))
    await cy.expect(Joined)
    for client in (ann, bob):
        await client.send(Leave())
        await client.expect(Left)
    assert server.master is not None
    await cy.send(Watch("g"))
    assert (await cy.expect(Joined)).seat is None
    assert (await cy.expect(Snapshot, where=lambda m: m.view.is_over)).table == "g"
    await cy.send(ListTables())
    (info,) = (await cy.expect(Tables)).tables
    assert info.name == "g" and info.watchers == 1
