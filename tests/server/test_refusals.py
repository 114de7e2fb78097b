"""Refusals change nothing: an action without the seat, out of turn, stale, after game over.

The guard pipeline of STYLE §3 (boardgame.io's master): seated, not over, to act, seq, apply.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest
from seasalt.engine import DrawFromDeck, EndTurn, Rules, TakeDiscard, new_game, view
from seasalt.protocol import (
    ActionRequest,
    Error,
    ErrorCode,
    Joined,
    JoinOrCreate,
    Snapshot,
    Update,
)
from seasalt.server.app import Server
from seasalt.server.seeds import game_seed
from seasalt.server.tables import Status
from seasalt.testing.server import RawClient

pytestmark = pytest.mark.timeout(30)
SEATS = ("human", "human")


async def _seated_pair(connect: Callable[[], RawClient]) -> tuple[RawClient, RawClient, int]:
    """Two players at table t; returns them and the seat to act."""
    a, b, snap = await _seated_pair_snapshot(connect)
    return a, b, snap.view.to_act if snap.view.to_act is not None else -1


async def _seated_pair_snapshot(
    connect: Callable[[], RawClient],
) -> tuple[RawClient, RawClient, Snapshot]:
    a, b = connect(), connect()
    await a.hello("Ann")
    await b.hello("Bob")
    await a.send(JoinOrCreate("t", SEATS))
    assert (await a.expect(Joined)).seat == 0
    await b.send(JoinOrCreate("t", SEATS))
    assert (await b.expect(Joined)).seat == 1
    return a, b, await a.expect(Snapshot)


def _fingerprint(server: Server) -> tuple[object, int]:
    assert server.master is not None
    table = server.master.tables["t"]
    return table.state, table.seq


async def _refused(client: RawClient, request: ActionRequest, code: ErrorCode) -> Error:
    await client.send(request)
    error = await client.expect(Error)
    assert error.code is code, error
    return error


async def test_the_game_is_the_seeded_one(server: Server, connect: Callable[[], RawClient]) -> None:
    _, b, first = await _seated_pair_snapshot(connect)
    expected = new_game(Rules(2), game_seed(1, "t", 1))  # the fixture runs --seed 1
    assert first.seq == 0 and first.view == view(expected, 0)
    assert (await b.expect(Snapshot)).view == view(expected, 1)


async def test_out_of_turn_is_refused_and_changes_nothing(
    server: Server, connect: Callable[[], RawClient]
) -> None:
    a, b, to_act = await _seated_pair(connect)
    idle = b if to_act == 0 else a
    before = _fingerprint(server)
    await _refused(idle, ActionRequest("t", 0, DrawFromDeck()), ErrorCode.NOT_YOUR_TURN)
    assert _fingerprint(server) == before


async def test_an_action_without_a_seat_is_refused(
    server: Server, connect: Callable[[], RawClient]
) -> None:
    await _seated_pair(connect)
    stranger = connect()
    await stranger.hello("Eve")
    before = _fingerprint(server)
    await _refused(stranger, ActionRequest("t", 0, DrawFromDeck()), ErrorCode.NOT_SEATED)
    await _refused(stranger, ActionRequest("nope", 0, DrawFromDeck()), ErrorCode.UNKNOWN_TABLE)
    assert _fingerprint(server) == before


async def test_a_stale_seq_is_refused_and_followed_by_a_snapshot(
    server: Server, connect: Callable[[], RawClient]
) -> None:
    a, b, to_act = await _seated_pair(connect)
    actor = a if to_act == 0 else b
    await actor.send(ActionRequest("t", 0, DrawFromDeck()))
    update = await actor.expect(Update)
    assert update.seq == 1
    # the same seat acts again on the old view
    before = _fingerprint(server)
    legal = update.view.legal_actions[0]
    await _refused(actor, ActionRequest("t", 0, legal), ErrorCode.STALE_SEQ)
    snap = await actor.expect(Snapshot)
    assert snap.seq == 1 and snap.view == update.view
    assert _fingerprint(server) == before


async def test_an_illegal_action_is_refused(
    server: Server, connect: Callable[[], RawClient]
) -> None:
    a, b, to_act = await _seated_pair(connect)
    actor = a if to_act == 0 else b
    before = _fingerprint(server)
    await _refused(actor, ActionRequest("t", 0, EndTurn()), ErrorCode.ILLEGAL_ACTION)
    await _refused(actor, ActionRequest("t", 0, TakeDiscard(3)), ErrorCode.ILLEGAL_ACTION)
    assert _fingerprint(server) == before


async def test_after_game_over_actions_are_refused(
    server: Server, connect: Callable[[], RawClient]
) -> None:
    a, b, _ = await _seated_pair(connect)
    assert server.master is not None
    table = server.master.tables["t"]
    table.status = Status.FINISHED  # as the last scored round leaves it
    before = _fingerprint(server)
    await _refused(a, ActionRequest("t", 0, DrawFromDeck()), ErrorCode.GAME_OVER)
    await _refused(b, ActionRequest("t", 0, DrawFromDeck()), ErrorCode.GAME_OVER)
    assert _fingerprint(server) == before


async def test_before_every_seat_is_taken_nobody_may_act(
    server: Server, connect: Callable[[], RawClient]
) -> None:
    a = connect()
    await a.hello("Ann")
    await a.send(JoinOrCreate("w", ("human", "human", "bot:random")))
    await a.expect(Joined)
    await _refused(a, ActionRequest("w", 0, DrawFromDeck()), ErrorCode.NOT_YOUR_TURN)


async def test_a_refused_join_leaves_a_spectator_watching(
    server: Server, connect: Callable[[], RawClient]
) -> None:
    # A join the server refuses changes nothing: the spectator it came from was first taken off
    # the table it watched, and got no more of its game.
    from seasalt.protocol import Watch

    a, b, to_act = await _seated_pair(connect)
    eve = connect()
    await eve.hello("Eve")
    await eve.send(Watch("t"))
    assert (await eve.expect(Joined)).seat is None
    await eve.expect(Snapshot)
    await eve.send(JoinOrCreate("t", SEATS))
    assert (await eve.expect(Error)).code is ErrorCode.TABLE_RUNNING
    await eve.send(JoinOrCreate("t", ("human", "bot:random")))
    assert (await eve.expect(Error)).code is ErrorCode.TABLE_MISMATCH
    assert server.master is not None and server.master.tables["t"].watchers
    await (a if to_act == 0 else b).send(ActionRequest("t", 0, DrawFromDeck()))
    assert (await eve.expect(Update)).seq == 1  # the game still reaches her
