"""Issue 14, medium: the lobby lockout. Each test performs its piece of the attack against a
real server on 127.0.0.1 (real DEALER sockets, real SQLite where a restart is involved):
caps per connection and per address (``limit_reached``), one lobby session per connection,
waiting tables that expire when their humans are gone, are not restored at start, and leave no
journal rows when nobody started them. Timers run on a ManualClock and ``tick()``."""

from __future__ import annotations

import sqlite3
from collections.abc import Callable
from pathlib import Path

import pytest
import zmq
import zmq.asyncio
from seasalt.protocol import (
    PROTOCOL_VERSION,
    Error,
    ErrorCode,
    Hello,
    Joined,
    JoinOrCreate,
    Leave,
    Left,
    ListTables,
    Resume,
    TableChanged,
    Tables,
    Welcome,
)
from seasalt.server.app import Server
from seasalt.server.config import ManualClock
from seasalt.server.master import Master
from seasalt.testing.server import RawClient, running_server

pytestmark = pytest.mark.timeout(60)

FOUR = ("human", "human", "human", "human")


def _master(server: Server) -> Master:
    assert server.master is not None
    return server.master


def from_address(ctx: zmq.asyncio.Context, server: Server, source: str) -> RawClient:
    """A client whose connection comes from ``source`` (127.0.0.2 and so on are loopback
    too on Linux): a second machine, as far as the server's Peer-Address can tell."""
    client = object.__new__(RawClient)
    sock = ctx.socket(zmq.DEALER)
    sock.linger = 0
    sock.connect(f"tcp://{source}:0;127.0.0.1:{server.port}")
    client.sock, client.frames, client.received, client.backlog = sock, [], [], []
    return client


async def tables(client: RawClient) -> list[str]:
    await client.send(ListTables())
    return [t.name for t in (await client.expect(Tables)).tables]


async def create(client: RawClient, name: str, seats: tuple[str, ...] = FOUR) -> object:
    """join_or_create; the Joined, or the Error it got."""
    await client.send(JoinOrCreate(name, seats))
    while True:
        msg = await client.recv()
        if isinstance(msg, Joined | Error):
            return msg



async def test_one_address_cannot_fill_the_lobby_and_a_restart_does_not_bring_it_back(
    ctx: zmq.asyncio.Context, tmp_path: Path
) -> None:
    """The issue's attack, scaled down: connections from one address each create 4-human
    tables; at the cap they get limit_reached, a guest from another address still gets a table,
    and after a restart none of the waiting tables comes back."""
    db = str(tmp_path / "j.sqlite3")
    limits = {
        "caps_exempt_loopback": False, "max_tables_per_address": 3,
        "max_tables_per_connection": 2, "max_sessions_per_address": 5, "max_tables": 6,
    }
    async with running_server(ManualClock(), db_path=db, **limits) as server:
        refused = []
        # One connection, one session, one table each: every seated attacker stays connected
        # (a second hello on a connection would close its first session, whose waiting table
        # the next timer tick then frees: that raced with this count under load).
        attackers = [from_address(ctx, server, "127.0.0.3") for _ in range(8)]
        for i, attacker in enumerate(attackers):
            await attacker.send(Hello(PROTOCOL_VERSION, f"x{i}"))
            reply = await attacker.expect(Welcome | Error)  # type: ignore[arg-type]
            if isinstance(reply, Error):
                refused.append(reply.code)  # past the address's session cap
                continue
            got = await create(attacker, f"junk-{i}")
            if isinstance(got, Error):
                refused.append(got.code)  # past the address's table cap
        assert len(_master(server).tables) == 3
        assert ErrorCode.LIMIT_REACHED in refused
        assert all(code is ErrorCode.LIMIT_REACHED for code in refused)

        guest = from_address(ctx, server, "127.0.0.4")
        await guest.hello("Gus")
        assert isinstance(await create(guest, "kitchen", ("human", "bot:random")), Joined)
        for client in (*attackers, guest):
            client.close()
    async with running_server(ManualClock(), db_path=db, **limits) as server:
        guest = from_address(ctx, server, "127.0.0.4")
        await guest.hello("Gus")
        assert await tables(guest) == ["kitchen"]  # started (bot seat): it comes back
        guest.close()


async def test_one_address_may_open_only_so_many_sessions_a_minute(
    ctx: zmq.asyncio.Context,
) -> None:
    """A hello closes the connection's lobby session, so hellos in a loop never reached the
    cap on sessions held: each was a session written to the journal and welcomed (the
    history flood with a hello before each request). New sessions have a budget per
    address."""
    clock = ManualClock()
    async with running_server(
        clock, caps_exempt_loopback=False, new_sessions_per_address=3
    ) as server:
        flooder = from_address(ctx, server, "127.0.0.3")
        for i in range(3):
            await flooder.hello(f"f{i}")
        await flooder.send(Hello(PROTOCOL_VERSION, "f3"))
        refused = await flooder.expect(Welcome | Error)  # type: ignore[arg-type]
        assert isinstance(refused, Error) and refused.code is ErrorCode.LIMIT_REACHED
        assert "127.0.0.3 opened 3 sessions in the last minute" in refused.message
        neighbour = from_address(ctx, server, "127.0.0.4")  # another machine is not held back
        await neighbour.hello("n")
        clock.advance(20.0)  # a third of a minute: one more
        await flooder.hello("f4")
        for client in (flooder, neighbour):
            client.close()


async def test_a_connection_can_hold_only_so_many_sessions(ctx: zmq.asyncio.Context) -> None:
    async with running_server(ManualClock(), max_sessions_per_connection=2) as server:
        client = RawClient(ctx, server.local_endpoint)
        for name in ("a", "b"):  # each seated, so a new hello keeps it
            await client.hello(name)
            assert isinstance(await create(client, f"t-{name}"), Joined)
        await client.send(Hello(PROTOCOL_VERSION, "c"))
        error = await client.expect(Error)
        assert error.code is ErrorCode.LIMIT_REACHED and "this connection" in error.message
        other = RawClient(ctx, server.local_endpoint)  # another connection is not held back
        await other.hello("d")
        client.close()
        other.close()


async def test_a_new_hello_closes_the_connections_unseated_session(
    ctx: zmq.asyncio.Context,
) -> None:
    async with running_server(ManualClock()) as server:
        client = RawClient(ctx, server.local_endpoint)
        first = await client.hello("Ann")
        await client.hello("Ann again")
        assert len(_master(server).sessions.by_hash) == 1
        other = RawClient(ctx, server.local_endpoint)
        await other.send(Resume(PROTOCOL_VERSION, first.token))
        assert (await other.expect(Error)).code is ErrorCode.UNAUTHORIZED
        client.close()
        other.close()


async def test_a_waiting_table_whose_humans_are_gone_expires(ctx: zmq.asyncio.Context) -> None:
    clock = ManualClock()
    async with running_server(clock, takeover_after=60.0) as server:
        ann = RawClient(ctx, server.local_endpoint)
        await ann.hello("Ann")
        assert isinstance(await create(ann, "den"), Joined)
        ann.close()  # gone without a word
        master = _master(server)
        clock.advance(server.config.peer_timeout - 1)
        master.tick()
        assert "den" in master.tables  # not yet: a blip of the network is not leaving
        # Gone past the peer timeout: before the start that is leaving (issue 13.4), so the
        # seat is free and the empty table goes, well within the takeover delay.
        clock.advance(2)
        master.tick()
        assert "den" not in master.tables
        bob = RawClient(ctx, server.local_endpoint)
        await bob.hello("Bob")
        assert await tables(bob) == []
        assert isinstance(await create(bob, "den", ("human", "human")), Joined)  # name free
        bob.close()


async def test_a_waiting_table_with_someone_present_stays(ctx: zmq.asyncio.Context) -> None:
    clock = ManualClock()
    async with running_server(clock) as server:
        ann = RawClient(ctx, server.local_endpoint)
        await ann.hello("Ann")
        await create(ann, "den")
        master = _master(server)
        for _ in range(3):
            clock.advance(server.config.takeover_after)
            await tables(ann)  # Ann is heard from
            master.tick()
        assert "den" in master.tables
        ann.close()


async def test_creating_and_leaving_tables_in_a_loop_leaves_no_journal_rows(
    ctx: zmq.asyncio.Context, tmp_path: Path
) -> None:
    db = tmp_path / "j.sqlite3"
    async with running_server(ManualClock(), db_path=str(db)) as server:
        client = RawClient(ctx, server.local_endpoint)
        await client.hello("Ann")
        for i in range(20):
            assert isinstance(await create(client, f"t{i}"), Joined)
            # a waiting table sends its info, not a game (issue 13.2)
            await client.expect(TableChanged)
            await client.send(Leave())
            await client.expect(Left)
        client.close()
    with sqlite3.connect(db) as conn:
        counts = [
            conn.execute(f"SELECT COUNT(*) FROM {t}").fetchone()[0] for t in ("games", "seats")
        ]
    assert counts == [0, 0]


async def test_a_waiting_table_is_not_restored_at_start(
    ctx: zmq.asyncio.Context, tmp_path: Path
) -> None:
    db = str(tmp_path / "j.sqlite3")
    restart: Callable[[], object] = lambda: running_server(ManualClock(), db_path=db)  # noqa: E731
    async with restart() as server:  # type: ignore[attr-defined]
        ann, bob = (RawClient(ctx, server.local_endpoint) for _ in range(2))
        await ann.hello("Ann")
        await create(ann, "three", ("human", "human", "human"))
        await bob.hello("Bob")
        await create(bob, "three", ("human", "human", "human"))  # 2 of 3 seated: waiting
        ann.close()
        bob.close()
    async with restart() as server:  # type: ignore[attr-defined]
        assert _master(server).tables == {}


def test_the_cap_flags_set_the_config() -> None:
    from seasalt.server.cli import config_from, parse_args

    args = parse_args(
        [
            "--db", ":memory:", "--max-sessions-per-connection", "3",
            "--max-sessions-per-address", "9", "--max-tables-per-connection", "1",
            "--max-tables-per-address", "5", "--caps-count-loopback",
            "--new-sessions-per-address", "12",
        ]
    )
    config = config_from(args)
    assert config.new_sessions_per_address == 12
    assert (config.max_sessions_per_connection, config.max_sessions_per_address) == (3, 9)
    assert (config.max_tables_per_connection, config.max_tables_per_address) == (1, 5)
    assert config.caps_exempt_loopback is False
    with pytest.raises(SystemExit):
        parse_args(["--max-tables-per-address", "0"])
