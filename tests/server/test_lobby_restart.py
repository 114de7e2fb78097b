"""A lobby client across a server restart (session 8: kill the server, press n, Enter in the
dialog, restart it: no table, and the client came back with a new session).

The server process is killed (-9) and started again on the same SQLite file and port; the client
is the real socket driver (client/net/connection.py) that the TUI and the headless player use. The
request sent while the server was away is delivered when it is back (the client keeps it and
sends it again after the resume; a second copy is answered with ``joined`` again), and the lobby
session resumes as a seated one does (its token, id and name kept in the journal).
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
import zmq.asyncio
from seasalt.client.net.connection import Connection, LinkEvent
from seasalt.client.net.link_timing import LinkTiming
from seasalt.protocol import (
    PROTOCOL_VERSION,
    Heartbeat,
    Hello,
    Joined,
    JoinOrCreate,
    Leave,
    Left,
    ListTables,
    Resume,
    ServerMessage,
    Snapshot,
    Tables,
    TableState,
    Watch,
    Welcome,
    encode,
)
from seasalt.server.botpool import BotPool
from seasalt.server.config import ManualClock, ServerConfig
from seasalt.server.journal import Journal
from seasalt.server.master import Master
from seasalt.testing.server import RawClient, RecordingWire, ServerProcess
from seasalt.testing.waiting import Patience

pytestmark = pytest.mark.timeout(60)
SEATS = ("human", "human")


@pytest.fixture(scope="module")
def shared_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    """One server process for the module's tests (each kills and restarts it once): every test
    sits at tables of its own names and looks only at those."""
    db = tmp_path_factory.mktemp("restart") / "j.sqlite3"
    process = ServerProcess(str(db), "--bot-delay", "0", "--heartbeat", "0.2")
    process.start()
    yield process
    process.kill()


@pytest.fixture
def server(shared_server: ServerProcess) -> ServerProcess:
    """The module's server, running (started again on its port if a failed test left it
    killed)."""
    if shared_server.proc is None or shared_server.proc.poll() is not None:
        shared_server.start(port=int(shared_server.endpoint.rsplit(":", 1)[1]))
    return shared_server


def _restart(server: ServerProcess) -> None:
    """kill -9, then the same file on the same port."""
    port = int(server.endpoint.rsplit(":", 1)[1])
    server.kill()
    server.start(port=port)


def _client(
    server: ServerProcess, ctx: zmq.asyncio.Context, peer_timeout: float = 1.0
) -> Connection:
    address = server.endpoint.removeprefix("tcp://")
    timing = LinkTiming(heartbeat_interval=0.2, peer_timeout=peer_timeout)
    return Connection(address, "Ann", timing=timing, context=ctx)


async def _next(conn: Connection, kind: type, timeout: float = 20.0) -> ServerMessage | LinkEvent:
    """The next message or link event of ``kind`` (others are skipped)."""
    patience = Patience(timeout)
    while not patience.spent():
        message = await conn.recv(timeout=max(0.01, patience.left()))
        if isinstance(message, kind):
            return message
    raise TimeoutError(f"no {kind.__name__} within {patience}")


async def _tables(conn: Connection) -> dict[str, object]:
    await conn.send(ListTables())
    listed = await _next(conn, Tables)
    assert isinstance(listed, Tables)
    return {t.name: t for t in listed.tables}


async def test_a_lobby_session_resumes_after_a_restart(
    server: ServerProcess, ctx: zmq.asyncio.Context
) -> None:
    first = RawClient(ctx, server.endpoint)
    welcome = await first.hello("Ann")
    first.close()
    _restart(server)
    again = RawClient(ctx, server.endpoint)
    back = await again.resume(welcome.token)
    assert back.resumed and (back.session, back.name) == (welcome.session, "Ann")
    again.close()


@pytest.mark.parametrize("noticed", [False, True], ids=["before-the-loss-shows", "while-lost"])
async def test_a_new_table_asked_for_while_the_server_is_down_is_made_when_it_is_back(
    server: ServerProcess, ctx: zmq.asyncio.Context, noticed: bool
) -> None:
    # Not noticed: the client's silence limit outlasts the restart, so the request goes out on
    # the old socket and (as a rule: unless it was written before the socket saw the server go)
    # reaches the new server from a peer it does not know, which refuses it.
    name = f"Ann's table {'lost' if noticed else 'not lost'}"
    conn = _client(server, ctx, peer_timeout=1.0 if noticed else 5.0)
    welcome = await conn.connect()
    port = int(server.endpoint.rsplit(":", 1)[1])
    server.kill()
    if noticed:  # the client has seen the server go (the lobby says "reconnecting")
        lost = await _next(conn, LinkEvent)
        assert isinstance(lost, LinkEvent) and lost.state == "lost"
    assert await conn.send(JoinOrCreate(name, SEATS))  # kept, not dropped
    server.start(port=port)
    resumed = await _next(conn, LinkEvent)
    while isinstance(resumed, LinkEvent) and resumed.state == "lost":
        resumed = await _next(conn, LinkEvent)
    assert isinstance(resumed, LinkEvent) and resumed.state == "resumed"
    assert not resumed.fresh and conn.session_id == welcome.session  # the same session
    joined = await _next(conn, Joined)
    assert isinstance(joined, Joined) and (joined.table, joined.seat) == (name, 0)
    table = (await _tables(conn))[name]
    assert table.state is TableState.WAITING  # type: ignore[attr-defined]
    assert [s.name for s in table.seats] == ["Ann", None]  # type: ignore[attr-defined]
    await conn.close()


async def test_leaving_a_game_while_the_server_is_down_happens_when_it_is_back(
    server: ServerProcess, ctx: zmq.asyncio.Context
) -> None:
    conn = _client(server, ctx)
    await conn.connect()
    await conn.send(JoinOrCreate("left", ("human", "bot:random")))
    assert isinstance(await _next(conn, Joined), Joined)
    assert isinstance(await _next(conn, Snapshot), Snapshot)  # started: journalled before it
    port = int(server.endpoint.rsplit(":", 1)[1])
    server.kill()
    lost = await _next(conn, LinkEvent)
    assert isinstance(lost, LinkEvent) and lost.state == "lost"
    assert await conn.send(Leave())  # kept for the server's return
    server.start(port=port)
    left = await _next(conn, Left)  # back at the seat on resume, then gone as asked
    assert isinstance(left, Left) and left.table == "left"
    table = (await _tables(conn))["left"]
    assert table.seats[0].bot_playing  # type: ignore[attr-defined]
    await conn.close()


async def test_a_request_answered_before_the_loss_is_not_sent_again(
    server: ServerProcess, ctx: zmq.asyncio.Context
) -> None:
    conn = _client(server, ctx)
    await conn.connect()
    await conn.send(Watch("nowhere"))  # refused: answered, so not repeated after a restart
    await conn.send(JoinOrCreate("answered", SEATS))
    assert isinstance(await _next(conn, Joined), Joined)
    _restart(server)  # the waiting table is not brought back (it never started)
    resumed = await _next(conn, LinkEvent)
    while isinstance(resumed, LinkEvent) and resumed.state == "lost":
        resumed = await _next(conn, LinkEvent)
    # Nothing asked for again (the module's other tests' tables may be listed).
    assert not {"nowhere", "answered"} & set(await _tables(conn))
    await conn.close()


def _master(db: Path, wire: RecordingWire, clock: ManualClock, wall: float) -> Master:
    config = ServerConfig(seed=3, bot_delay=0, bot_workers=0, max_resume_age=3600.0)
    master = Master(config, clock, Journal(str(db), wall_clock=lambda: wall), BotPool(0),
                    wire.send)
    master.restore()
    return master


def _token(wire: RecordingWire, peer: bytes) -> str:
    welcome = wire.of(peer, Welcome)[-1]
    assert isinstance(welcome, Welcome)
    return welcome.token


def test_a_forgotten_or_old_session_does_not_come_back(tmp_path: Path) -> None:
    db, clock, wire = tmp_path / "j.db", ManualClock(), RecordingWire()
    master = _master(db, wire, clock, wall=1e9)
    for peer in (b"idle", b"kept", b"replaced"):
        master.handle(peer, [encode(Hello(PROTOCOL_VERSION, peer.decode()))])
    idle, kept, replaced = (_token(wire, p) for p in (b"idle", b"kept", b"replaced"))
    master.handle(b"replaced", [encode(Hello(PROTOCOL_VERSION, "again"))])  # closes the first
    clock.advance(master.config.peer_timeout * 21)  # silent in the lobby: forgotten
    master.handle(b"kept", [encode(Heartbeat())])
    master.tick()
    master.journal.close()

    def resumed(master: Master, token: str) -> bool:
        wire.inbox.clear()
        master.handle(b"back", [encode(Resume(PROTOCOL_VERSION, token))])
        welcome = wire.of(b"back", Welcome)
        return bool(welcome) and isinstance(welcome[0], Welcome) and welcome[0].resumed

    master = _master(db, wire, clock, wall=1e9 + 60)
    assert resumed(master, kept)
    assert not resumed(master, idle) and not resumed(master, replaced)
    master.journal.close()
    master = _master(db, wire, clock, wall=1e9 + 3601)  # past --max-resume-age
    assert not resumed(master, kept)
    master.journal.close()


async def test_a_leave_sent_again_after_a_restart_is_answered_as_the_first(
    server: ServerProcess, ctx: zmq.asyncio.Context
) -> None:
    # Session 9: the first leave was handled and its answer lost with the link, so the client
    # sent it again after the resume (client/net/unanswered_requests.py) and got "You have no seat
    # at this table." The second copy is answered as the first was, by a server killed and started
    # again in between (the journal keeps which table the session left).
    first = RawClient(ctx, server.endpoint)
    welcome = await first.hello("Ann")
    await first.send(JoinOrCreate("again", SEATS))
    await first.expect(Joined)
    await first.send(Leave())
    assert await first.expect(Left) == Left("again")  # (the answer the client never read)
    first.close()
    _restart(server)
    again = RawClient(ctx, server.endpoint)
    assert (await again.resume(welcome.token)).resumed
    await again.send(Leave())
    assert await again.expect(Left) == Left("again")
    await again.send(Watch("nowhere"))  # (not a table: refused, and the session sits nowhere)
    await again.send(JoinOrCreate("u", SEATS))  # sitting again: that leave is forgotten...
    assert await again.expect(Joined) == Joined("u", 0)
    await again.send(Leave())
    assert await again.expect(Left) == Left("u")  # ...and this one is remembered instead
    await again.send(Leave())
    assert await again.expect(Left) == Left("u")
    again.close()
