"""Issue 14, low: the tag must come first, and names that pass for a seated player's are
refused. Each attack is sent by a raw DEALER to a real server on 127.0.0.1."""

from __future__ import annotations

from collections.abc import AsyncIterator

import msgpack
import pytest
import zmq.asyncio
from seasalt.protocol import (
    PROTOCOL_VERSION,
    Error,
    ErrorCode,
    Joined,
    JoinOrCreate,
    Welcome,
    decode_server_message,
)
from seasalt.protocol.errors import DecodeError
from seasalt.server.app import Server
from seasalt.server.names import look_alike
from seasalt.testing.server import RawClient, running_server

pytestmark = pytest.mark.timeout(60)

SEATS = ("human", "human", "human")


@pytest.fixture
async def served() -> AsyncIterator[tuple[zmq.asyncio.Context, Server]]:
    ctx = zmq.asyncio.Context()
    async with running_server() as server:
        yield ctx, server
    ctx.destroy(linger=0)


async def test_a_map_whose_tag_is_not_first_is_malformed(
    served: tuple[zmq.asyncio.Context, Server],
) -> None:
    ctx, server = served
    client = RawClient(ctx, server.local_endpoint)
    await client.send_raw(msgpack.packb({"version": PROTOCOL_VERSION, "t": "hello", "name": "A"}))
    error = await client.expect(Error)
    assert error.code is ErrorCode.BAD_MESSAGE and error.message.startswith("t:")
    assert not any(isinstance(m, Welcome) for m in client.received)
    await client.send_raw(msgpack.packb({"t": "hello", "version": PROTOCOL_VERSION, "name": "A"}))
    await client.expect(Welcome)  # the same fields in the spec's order are fine
    client.close()


def test_the_client_decoder_refuses_it_too() -> None:
    frame = msgpack.packb({"code": "bad_message", "t": "error", "message": "x"})
    with pytest.raises(DecodeError, match=r"^t:"):
        decode_server_message(frame)


@pytest.mark.parametrize(
    "name",
    ["ANN", "ann", "\u0410nn", "\u0391nn", "Ánn", "Ann\u3164"],  # case, Cyrillic/Greek A, ...
)
async def test_a_name_that_passes_for_a_seated_players_is_refused_at_the_table(
    served: tuple[zmq.asyncio.Context, Server], name: str
) -> None:
    ctx, server = served
    ann, eve = RawClient(ctx, server.local_endpoint), RawClient(ctx, server.local_endpoint)
    await ann.hello("Ann")
    await ann.send(JoinOrCreate("den", SEATS))
    await ann.expect(Joined)
    await eve.send_raw(msgpack.packb({"t": "hello", "version": PROTOCOL_VERSION, "name": name}))
    reply = await eve.expect(Welcome | Error)  # type: ignore[arg-type]
    if isinstance(reply, Welcome):
        await eve.send(JoinOrCreate("den", SEATS))
        reply = await eve.expect(Error)
        assert "looks like 'Ann'" in reply.message
    assert reply.code in (ErrorCode.BAD_REQUEST, ErrorCode.BAD_MESSAGE)
    assert server.master is not None and server.master.tables["den"].seats[1].holder is None
    ann.close()
    eve.close()


@pytest.mark.parametrize("name", ["A\u200bnn", "\u202eAnn", "Ann\u2066", "\u200dAnn"])
async def test_invisible_characters_in_a_name_are_refused(
    served: tuple[zmq.asyncio.Context, Server], name: str
) -> None:
    ctx, server = served
    eve = RawClient(ctx, server.local_endpoint)  # raw: Hello() itself refuses such a name
    await eve.send_raw(msgpack.packb({"t": "hello", "version": PROTOCOL_VERSION, "name": name}))
    reply = await eve.expect(Error)
    assert reply.code in (ErrorCode.BAD_REQUEST, ErrorCode.BAD_MESSAGE)
    eve.close()


async def test_different_names_and_the_same_name_still_join(
    served: tuple[zmq.asyncio.Context, Server],
) -> None:
    ctx, server = served
    clients = [RawClient(ctx, server.local_endpoint) for _ in range(3)]
    for client, name in zip(clients, ("Ann", "Anna", "Ann"), strict=True):
        await client.hello(name)
        await client.send(JoinOrCreate("den", SEATS))
        await client.expect(Joined)
    for client in clients:
        client.close()


def test_look_alikes() -> None:
    assert look_alike("AIice", ["Alice"]) == "Alice"  # capital I for small l
    assert look_alike("B0b", ["Bob"]) == "Bob"
    assert look_alike("Bob", ["Ann", "Bob"]) is None
    assert look_alike("Zoe", ["Joe"]) is None
