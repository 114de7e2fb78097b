"""A client written from docs/protocol.md alone (plain pyzmq + msgpack, no seasalt.protocol)
plays a whole game against the real server."""

from __future__ import annotations

from typing import Any

import msgpack
import pytest
import zmq
import zmq.asyncio
from seasalt.testing.server import running_server
from seasalt.testing.waiting import Patience, within

pytestmark = pytest.mark.timeout(60)


@pytest.mark.parametrize("options", [{}, {"extra_pepper": True}])
async def test_a_client_from_the_spec_alone_plays_a_game(options: dict[str, Any]) -> None:
    """With Extra Pepper too (docs/protocol.md §8 "Extra Pepper"): the keep choice between
    rounds is one more ``keep_event_card`` among ``legal_actions``, the rest as before."""
    async with running_server() as server:
        ctx = zmq.asyncio.Context()
        sock = ctx.socket(zmq.DEALER)
        sock.linger = 0
        sock.connect(server.local_endpoint)

        async def send(message: dict[str, Any]) -> None:
            await sock.send(msgpack.packb(message))

        async def recv() -> dict[str, Any]:
            message: dict[str, Any] = msgpack.unpackb(await within(sock.recv(), 10))
            return message

        try:
            await send({"t": "hello", "version": 1, "name": "stranger"})
            welcome = await recv()
            assert welcome["t"] == "welcome" and welcome["token"]
            await send({"t": "join_or_create", "table": "spec", "seats": ["human", "bot:random"],
                        **options})
            seq, seat, acted = None, None, None
            patience = Patience(40)
            while not patience.spent():
                message = await recv()
                kind = message["t"]
                assert kind != "error", message
                if kind == "joined":
                    seat = message["seat"]
                elif kind in ("snapshot", "update"):
                    seq, v = message["seq"], message["view"]
                    if v["to_act"] == seat and v["legal_actions"] and acted != seq:
                        acted = seq
                        action = v["legal_actions"][-1]
                        await send({"t": "action", "table": "spec", "seq": seq, "action": action})
                elif kind == "round_over" and seat in message["waiting"]:
                    await send({"t": "continue", "table": "spec"})
                elif kind == "game_over":
                    assert message["seq"] == seq and message["winners"]
                    assert sorted(message["standings"]) == [0, 1]
                    return
            raise AssertionError("the game did not end")
        finally:
            sock.close(linger=0)
            ctx.term()
