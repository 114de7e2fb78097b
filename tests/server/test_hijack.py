"""Issue 14, high: a socket that presents a victim's routing id gets nothing and changes
nothing, in plain, --secure and --allow-keys modes; the victim keeps playing to the end.

Each attack runs against a real server on 127.0.0.1 with real DEALER sockets: the victim sets
its routing id explicitly (standing for an attacker who learned it), the attacker sets the same.
"""

from __future__ import annotations

import pytest
import zmq
import zmq.asyncio
from seasalt.protocol import (
    ActionRequest,
    Chat,
    Error,
    ErrorCode,
    Joined,
    JoinOrCreate,
    Leave,
    ListTables,
    Snapshot,
    Sync,
    Tables,
)
from seasalt.server.app import Server
from seasalt.server.security import KeyPair
from seasalt.testing.server import RawClient, play_seat, running_server
from seasalt.testing.waiting import within
from zmq.utils.monitor import parse_monitor_message

pytestmark = pytest.mark.timeout(60)

VICTIM_ID = b"\x00victim"
SEATS = ("human", "bot:random")
MODES = ["plain", "secure", "allow-keys"]


def _keys() -> KeyPair:
    public, secret = zmq.curve_keypair()
    return KeyPair(public, secret)


class Setup:
    """A mode's server options and the key pairs of the two clients (None: plain)."""

    def __init__(self, mode: str) -> None:
        self.mode = mode
        self.server_keys = _keys() if mode != "plain" else None
        self.victim_keys = _keys() if mode != "plain" else None
        self.attacker_keys = _keys() if mode != "plain" else None

    def options(self) -> dict[str, object]:
        if self.server_keys is None:
            return {}
        options: dict[str, object] = {"curve": self.server_keys}
        if self.mode == "allow-keys":  # the attacker is a guest the host admitted too
            assert self.victim_keys is not None and self.attacker_keys is not None
            options["allowed_keys"] = frozenset(
                {self.victim_keys.public, self.attacker_keys.public}
            )
        return options


def dealer(
    ctx: zmq.asyncio.Context,
    server: Server,
    setup: Setup,
    keys: KeyPair | None,
    routing_id: bytes | None = None,
    monitor: bool = False,
) -> RawClient:
    """A RawClient whose socket options (routing id, CURVE, a handshake monitor kept as
    ``client.monitor``) are set before it connects."""
    client = object.__new__(RawClient)
    sock = ctx.socket(zmq.DEALER)
    sock.linger = 0
    if routing_id is not None:
        sock.routing_id = routing_id
    if keys is not None:
        assert setup.server_keys is not None
        sock.curve_serverkey = setup.server_keys.public
        sock.curve_publickey = keys.public
        sock.curve_secretkey = keys.secret
    if monitor:  # before connect: the handshake may be over before connect returns
        client.monitor = sock.get_monitor_socket(zmq.EVENT_HANDSHAKE_SUCCEEDED)  # type: ignore[attr-defined]
    sock.connect(server.local_endpoint)
    client.sock, client.frames, client.received, client.backlog = sock, [], [], []
    return client


async def handshake_done(client: RawClient, timeout: float = 10.0) -> None:
    """Wait until the client's socket has completed a ZMTP handshake with the server (its
    routing id, and its CURVE key, reached the server)."""
    monitor = client.monitor  # type: ignore[attr-defined]
    try:
        while True:
            parts = await within(monitor.recv_multipart(), timeout)
            if parse_monitor_message(parts)["event"] == zmq.EVENT_HANDSHAKE_SUCCEEDED:
                return
    finally:
        client.sock.disable_monitor()
        monitor.close(linger=0)



@pytest.mark.skipif(not zmq.has("curve"), reason="libzmq without CURVE")
@pytest.mark.parametrize("mode", MODES)
async def test_a_second_socket_with_the_victims_routing_id_gets_nothing(
    ctx: zmq.asyncio.Context, mode: str
) -> None:
    setup = Setup(mode)
    async with running_server(**setup.options()) as server:
        victim = dealer(ctx, server, setup, setup.victim_keys, VICTIM_ID)
        token = (await victim.hello("Ann")).token
        await victim.send(JoinOrCreate("den", SEATS))
        assert (await victim.expect(Joined)).seat == 0
        before = await victim.expect(Snapshot)
        assert before.view.to_act == 0 and before.view.legal_actions

        attacker = dealer(ctx, server, setup, setup.attacker_keys, VICTIM_ID, monitor=True)
        await attacker.send(ActionRequest("den", before.seq, before.view.legal_actions[0]))
        await attacker.send(Chat("den", "I am Ann now"))
        await attacker.send(Leave())
        await handshake_done(attacker)

        # The victim is still served, and nothing moved: same seq, still its turn.
        await victim.send(Sync("den"))
        after = await victim.expect(Snapshot, timeout=5)
        assert after.seq == before.seq and after.view.to_act == 0
        result = await play_seat(victim, "den", SEATS, token=token, seed=3)
        assert result.scores and not [e for e in result.errors if e.code is not ErrorCode.STALE_SEQ]
        assert await attacker.sock.poll(0) == 0, "the attacker received a frame"
        attacker.close()
        victim.close()


@pytest.mark.skipif(not zmq.has("curve"), reason="libzmq without CURVE")
@pytest.mark.parametrize("mode", MODES)
async def test_a_dead_victims_routing_id_is_not_its_session(
    ctx: zmq.asyncio.Context, mode: str
) -> None:
    """Once the victim's socket is gone libzmq admits a new peer with its id: the server saw
    the old connection close (and, secure, the new one carries another CURVE key), so that
    peer is not the victim's session."""
    setup = Setup(mode)
    async with running_server(**setup.options()) as server:
        victim = dealer(ctx, server, setup, setup.victim_keys, VICTIM_ID)
        token = (await victim.hello("Ann")).token
        await victim.send(JoinOrCreate("den", SEATS))
        await victim.expect(Snapshot)
        victim.close()

        reply = None
        for _ in range(50):
            # Until the server has dropped the old pipe: before that, libzmq ignores a peer
            # with an id in use (its pipe is closed, the socket stays useless: take another).
            attacker = dealer(ctx, server, setup, setup.attacker_keys, VICTIM_ID)
            await attacker.send(ListTables())
            if await attacker.sock.poll(200):
                reply = await attacker.recv()
                break
            attacker.close()
        assert isinstance(reply, Error) and reply.code is ErrorCode.UNAUTHORIZED, reply
        assert not any(isinstance(m, Tables) for m in attacker.received)

        back = dealer(ctx, server, setup, setup.victim_keys)
        await back.resume(token)
        assert (await back.expect(Joined)).seat == 0
        result = await play_seat(back, "den", SEATS, token=token, seed=3)
        assert result.scores
        attacker.close()
        back.close()


def test_the_master_serves_a_session_only_from_the_connection_that_bound_it() -> None:
    """The rule itself, without sockets: same routing id, another connection (descriptor or
    CURVE key) -> unauthorized, and the session must resume with its token."""
    from seasalt.protocol import PROTOCOL_VERSION, Hello, Resume, Welcome, encode
    from seasalt.server.botpool import BotPool
    from seasalt.server.config import ManualClock, ServerConfig
    from seasalt.server.journal import Journal
    from seasalt.server.master import Master
    from seasalt.server.peers import Origin
    from seasalt.testing.server import RecordingWire

    wire = RecordingWire()
    master = Master(
        ServerConfig(bot_workers=0), ManualClock(), Journal(":memory:"), BotPool(0), wire.send
    )
    ann = Origin.fixed("KEY-ANN", 7, "10.0.0.2")
    master.handle(b"id", [encode(Hello(PROTOCOL_VERSION, "Ann"))], ann)
    (welcome,) = wire.take(b"id")
    assert isinstance(welcome, Welcome)
    master.handle(b"id", [encode(ListTables())], ann)
    assert isinstance(wire.take(b"id")[0], Tables)
    for other in (Origin.fixed("KEY-EVE", 7, "10.0.0.3"), Origin.fixed("KEY-ANN", 8, "10.0.0.2")):
        master.handle(b"id", [encode(ListTables())], other)
        (error,) = wire.take(b"id")
        assert isinstance(error, Error) and error.code is ErrorCode.UNAUTHORIZED
        master.handle(b"id", [encode(ListTables())], ann)  # the binding is gone: resume
        assert isinstance(wire.take(b"id")[0], Error)
        master.handle(b"id", [encode(Resume(PROTOCOL_VERSION, welcome.token))], ann)
        assert isinstance(wire.take(b"id")[0], Welcome)
    master.handle(b"new", [encode(Resume(PROTOCOL_VERSION, welcome.token))], ann)
    assert isinstance(wire.take(b"new")[0], Welcome)
