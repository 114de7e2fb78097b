"""Malformed input gets an error reply naming the problem, and the server keeps serving."""

from __future__ import annotations

import random
from collections.abc import Callable

import msgpack
import pytest
from seasalt.protocol import (
    MAX_MESSAGE_SIZE,
    PROTOCOL_VERSION,
    SOCKET_MAX_MESSAGE_SIZE,
    Error,
    ErrorCode,
    Heartbeat,
    ListTables,
    Tables,
    Welcome,
)
from seasalt.testing.server import RawClient

pytestmark = pytest.mark.timeout(30)
pack = msgpack.packb

MALFORMED = [
    ("random bytes", bytes(random.Random(7).randrange(256) for _ in range(200)), "frame"),
    ("not a map", pack([1, 2, 3]), ""),
    ("no tag", pack({"version": 1, "name": "x"}), "t"),
    ("unknown tag", pack({"t": "teleport"}), "t"),
    ("a server-only tag", pack({"t": "welcome", "version": 1, "token": "x", "session": "s",
                                "name": "n", "resumed": False}), "t"),
    ("wrong type", pack({"t": "hello", "version": "1", "name": "x"}), "version"),
    ("missing field", pack({"t": "hello", "version": PROTOCOL_VERSION}), "name"),
    ("extra field", pack({"t": "list_tables", "admin": True}), "admin"),
    ("bad action", pack({"t": "action", "table": "t", "seq": 0, "action": {"type": "cheat"}}),
     "action"),
    ("negative seq", pack({"t": "action", "table": "t", "seq": -1,
                           "action": {"type": "draw_from_deck"}}), "seq"),
    ("empty frame", b"", "frame"),
]


async def _still_serving(client: RawClient) -> None:
    await client.send(ListTables())
    await client.expect(Tables)


@pytest.mark.parametrize(("case", "frame", "field"), MALFORMED, ids=[m[0] for m in MALFORMED])
async def test_malformed_frames_get_bad_message_and_the_server_goes_on(
    connect: Callable[[], RawClient], case: str, frame: bytes, field: str
) -> None:
    client = connect()
    await client.hello("Ann")
    await client.send_raw(frame)
    error = await client.expect(Error)
    assert error.code is ErrorCode.BAD_MESSAGE, error
    assert field in error.message
    await _still_serving(client)


async def test_a_version_mismatch_is_named(connect: Callable[[], RawClient]) -> None:
    client = connect()
    await client.send_raw(pack({"t": "hello", "version": PROTOCOL_VERSION + 1, "name": "x"}))
    error = await client.expect(Error)
    assert error.code is ErrorCode.VERSION_MISMATCH
    assert str(PROTOCOL_VERSION) in error.message
    await client.hello("Ann")


async def test_over_the_application_limit_is_too_large(connect: Callable[[], RawClient]) -> None:
    client = connect()
    await client.hello("Ann")
    await client.send_raw(pack({"t": "chat", "table": "t", "text": "x" * MAX_MESSAGE_SIZE}))
    error = await client.expect(Error)
    assert error.code is ErrorCode.TOO_LARGE
    await _still_serving(client)


async def test_several_frames_in_one_message_are_refused(connect: Callable[[], RawClient]) -> None:
    client = connect()
    await client.hello("Ann")
    await client.send_raw(pack({"t": "list_tables"}), b"second")
    error = await client.expect(Error)
    assert error.code is ErrorCode.BAD_MESSAGE and "one frame" in error.message
    await _still_serving(client)


async def test_before_hello_everything_is_unauthorized(connect: Callable[[], RawClient]) -> None:
    client = connect()
    await client.send(ListTables())
    assert (await client.expect(Error)).code is ErrorCode.UNAUTHORIZED
    await client.send(Heartbeat())
    assert (await client.expect(Error)).code is ErrorCode.UNAUTHORIZED


async def test_over_the_socket_limit_the_peer_is_dropped_and_others_are_not(
    connect: Callable[[], RawClient],
) -> None:
    bystander, vandal = connect(), connect()
    await bystander.hello("Bea")
    await vandal.hello("Vic")
    await vandal.send_raw(b"\x00" * (SOCKET_MAX_MESSAGE_SIZE + 1))
    with pytest.raises(TimeoutError):  # no reply: libzmq dropped the connection
        await vandal.recv(timeout=0.5)
    await _still_serving(bystander)


async def test_random_garbage_from_many_peers_never_stops_the_server(
    connect: Callable[[], RawClient],
) -> None:
    rng = random.Random(11)
    clients = [connect() for _ in range(5)]
    for client in clients:
        for _ in range(20):
            size = rng.choice([0, 1, 7, 100, 3000])
            await client.send_raw(bytes(rng.randrange(256) for _ in range(size)))
    for client in clients:
        for _ in range(20):
            assert isinstance(await client.recv(), Error)
    good = connect()
    assert isinstance(await good.hello("Ann"), Welcome)
