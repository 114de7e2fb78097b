"""The lobby: atomic join-or-create, watching, leaving to a bot, resuming, play again."""

from __future__ import annotations

import asyncio
from collections.abc import Callable

import pytest
from seasalt.protocol import (
    Chat,
    ChatLine,
    Error,
    ErrorCode,
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
    Update,
    Watch,
)
from seasalt.server.app import Server
from seasalt.server.tables import Status
from seasalt.testing.server import RawClient, play_seat

pytestmark = pytest.mark.timeout(30)
TWO = ("human", "human")


async def _player(connect: Callable[[], RawClient], name: str) -> RawClient:
    client = connect()
    await client.hello(name)
    return client


async def _join(client: RawClient, table: str, seats: tuple[str, ...], **options: bool) -> int:
    await client.send(JoinOrCreate(table, seats, **options))
    joined = await client.expect(Joined)
    assert joined.seat is not None
    return joined.seat


async def _error(client: RawClient, code: ErrorCode) -> Error:
    error = await client.expect(Error)
    assert error.code is code, error
    return error


async def test_join_or_create_creates_then_joins_then_starts(
    connect: Callable[[], RawClient],
) -> None:
    ann, bob = await _player(connect, "Ann"), await _player(connect, "Bob")
    assert await _join(ann, "t", TWO) == 0
    info = (await ann.expect(TableChanged)).info
    assert info.state is TableState.WAITING and info.seats[0].name == "Ann"
    assert await _join(bob, "t", TWO) == 1
    info = (await ann.expect(TableChanged)).info
    assert info.state is TableState.RUNNING
    assert [s.name for s in info.seats] == ["Ann", "Bob"]
    await ann.send(ListTables())
    tables = (await ann.expect(Tables)).tables
    assert [t.name for t in tables] == ["t"] and tables[0].state is TableState.RUNNING


async def test_mismatch_running_and_full_are_clear_errors(
    connect: Callable[[], RawClient],
) -> None:
    ann, bob, cid = [await _player(connect, n) for n in ("Ann", "Bob", "Cid")]
    await _join(ann, "t", TWO)
    await cid.send(JoinOrCreate("t", TWO, extra_salt=True))
    message = (await _error(cid, ErrorCode.TABLE_MISMATCH)).message
    assert "is 2 seats (human, human), without Extra Salt" in message
    assert "you asked for 2 seats (human, human), with Extra Salt" in message
    await cid.send(JoinOrCreate("t", ("human", "human", "human")))
    await _error(cid, ErrorCode.TABLE_MISMATCH)
    await _join(bob, "t", TWO)
    await cid.send(JoinOrCreate("t", TWO))
    await _error(cid, ErrorCode.TABLE_RUNNING)
    await cid.send(JoinOrCreate("b", ("human", "bot:nonesuch")))
    assert "nonesuch" in (await _error(cid, ErrorCode.BAD_REQUEST)).message


async def test_one_seat_per_session(connect: Callable[[], RawClient]) -> None:
    ann, bob = await _player(connect, "Ann"), await _player(connect, "Bob")
    await _join(ann, "t", TWO)
    await _join(bob, "t", TWO)
    await ann.send(JoinOrCreate("other", TWO))
    await _error(ann, ErrorCode.ALREADY_SEATED)
    await ann.send(Watch("other"))
    await _error(ann, ErrorCode.UNKNOWN_TABLE)


async def test_a_spectator_gets_the_public_view_and_chat(
    server: Server, connect: Callable[[], RawClient]
) -> None:
    ann, bob, eve = [await _player(connect, n) for n in ("Ann", "Bob", "Eve")]
    await _join(ann, "t", TWO)
    await _join(bob, "t", TWO)
    await eve.send(Watch("t"))
    assert (await eve.expect(Joined)).seat is None
    snap = await eve.expect(Snapshot)
    assert snap.view.seat is None and snap.view.hand == ()
    assert all(s.revealed_hand is None for s in snap.view.seats)
    info = (await ann.expect(TableChanged, where=lambda m: m.info.watchers == 1)).info
    assert info.watchers == 1
    await eve.send(Chat("t", "hello"))
    line = await ann.expect(ChatLine)
    assert (line.name, line.seat, line.text) == ("Eve", None, "hello")


async def test_leaving_a_running_game_hands_the_seat_to_a_bot_until_resumed(
    server: Server, connect: Callable[[], RawClient]
) -> None:
    ann, bob = await _player(connect, "Ann"), await _player(connect, "Bob")
    token = await _token(ann)
    await _join(ann, "t", TWO)
    await _join(bob, "t", TWO)
    first = await bob.expect(Snapshot)
    await ann.send(Leave())
    await ann.expect(Left)
    info = (await bob.expect(TableChanged, where=lambda m: m.info.seats[0].bot_playing)).info
    assert info.seats[0].bot_playing and info.seats[0].name == "Ann"
    assert server.master is not None
    assert server.master.tables["t"].bot_level(0) == "greedy"
    if first.view.to_act == 0:  # the bot plays Ann's turn without her
        await bob.expect(Update)
    back = connect()
    welcome = await back.resume(token)
    assert welcome.resumed
    assert (await back.expect(Joined)).seat == 0
    await back.expect(Snapshot)
    info = (await bob.expect(TableChanged, where=lambda m: not m.info.seats[0].bot_playing)).info
    assert info.seats[0].connected


async def _token(client: RawClient) -> str:
    # the first frame a client got is its welcome; decode it again for the token
    from seasalt.protocol import Welcome, decode_server_message

    welcome = decode_server_message(client.frames[0])
    assert isinstance(welcome, Welcome)
    return welcome.token


async def test_a_resume_from_a_new_socket_replaces_the_old_one(
    connect: Callable[[], RawClient],
) -> None:
    ann = await _player(connect, "Ann")
    token = await _token(ann)
    await _join(ann, "t", TWO)
    again = connect()
    await again.resume(token)
    assert (await again.expect(Joined)).seat == 0
    await _error(ann, ErrorCode.SESSION_REPLACED)
    await ann.send(ListTables())
    await _error(ann, ErrorCode.UNAUTHORIZED)
    await again.send(ListTables())
    await again.expect(Tables)


async def test_an_unknown_token_is_unauthorized(connect: Callable[[], RawClient]) -> None:
    from seasalt.protocol import PROTOCOL_VERSION, Resume

    client = connect()
    await client.send(Resume(PROTOCOL_VERSION, "no-such-token"))
    await _error(client, ErrorCode.UNAUTHORIZED)


async def test_play_again_needs_every_seated_human_and_gets_a_fresh_seed(
    server: Server, connect: Callable[[], RawClient]
) -> None:
    ann, bob = connect(), connect()
    seats = ("human", "human")
    import asyncio

    results = await asyncio.gather(
        play_seat(ann, "g", seats, name="Ann", seed=1),
        play_seat(bob, "g", seats, name="Bob", seed=2),
    )
    assert results[0].scores == results[1].scores
    assert server.master is not None
    table = server.master.tables["g"]
    assert table.status is Status.FINISHED
    old_seed, old_seq = table.seed, table.seq
    await ann.send(PlayAgain("g"))
    await ann.expect(TableChanged, where=lambda m: m.info.state is TableState.FINISHED)
    assert table.status is Status.FINISHED  # Bob has not agreed yet
    await bob.send(PlayAgain("g"))
    snap = await ann.expect(Snapshot, where=lambda m: m.seq == old_seq)
    assert table.status is Status.RUNNING and table.seed != old_seed
    assert snap.view.move == 0 and not snap.view.is_over


async def test_a_player_back_at_a_finished_table_gets_the_game_over_again(
    server: Server, connect: Callable[[], RawClient]
) -> None:
    """QA (issue 13): Bob went to the lobby from the game-over dialog and joined the table
    again; with no game over sent, his client showed "The game is over." and no way to agree
    to play again, so Ann's "play again" waited for good. Back at a finished table, a player
    gets the game over (scores, winners, standings) with the snapshot, as at the end."""
    import asyncio

    from seasalt.protocol import GameOver

    ann, bob = connect(), connect()
    await asyncio.gather(
        play_seat(ann, "g", TWO, name="Ann", seed=1),
        play_seat(bob, "g", TWO, name="Bob", seed=2),
    )
    assert server.master is not None
    table = server.master.tables["g"]
    assert table.status is Status.FINISHED
    await bob.send(Leave())
    await bob.expect(Left)
    await bob.send(JoinOrCreate("g", TWO))
    assert (await bob.expect(Joined)).seat is not None
    await bob.expect(Snapshot)
    over = await bob.expect(GameOver)
    assert over.table == "g" and over.scores == table.state.scores
    assert over.winners == table.state.winners


async def test_play_again_goes_on_when_the_last_one_to_agree_leaves(
    server: Server, connect: Callable[[], RawClient]
) -> None:
    """QA (issue 13): at a game over Quinn asked to play again, then Pam went to the lobby:
    the agreement was only looked at when a play_again came, so Quinn waited for good. When
    everyone still at the table has agreed, the next game begins (in the waiting room, with
    the leaver's seat free)."""
    quinn, pam = connect(), connect()
    await asyncio.gather(
        play_seat(quinn, "g", TWO, name="Quinn", seed=1),
        play_seat(pam, "g", TWO, name="Pam", seed=2),
    )
    assert server.master is not None
    table = server.master.tables["g"]
    assert table.status is Status.FINISHED
    first_game = table.game_no
    await quinn.send(PlayAgain("g"))
    await quinn.expect(TableChanged, where=lambda m: m.info.state is TableState.FINISHED)
    assert table.game_no == first_game  # Pam has not agreed: no new game yet
    await pam.send(Leave())
    await pam.expect(Left)
    waiting = await quinn.expect(TableChanged, where=lambda m: m.info.state is TableState.WAITING)
    assert table.game_no == first_game + 1
    assert [s.name for s in waiting.info.seats] == ["Quinn", None] or [
        s.name for s in waiting.info.seats
    ] == [None, "Quinn"]
