"""A headless player stopped on purpose (Ctrl-C, SIGTERM) says ``away`` as the TUI's quit does
(session 9, "Found, not fixed": the others waited the whole takeover delay for it).

The headless client is a real ``seasalt-client --bot`` process; the server is in-process, on
the real clock (its heartbeats keep the client's link alive) but with a takeover delay and a
peer timeout of hours: a bot in the seat can only be the server having read ``away``.

The child starts with SIGINT as a terminal's shell gives it (``_as_from_a_shell``): a suite
started as a background job of a script (``pytest &``, or ``.ci/run`` launched that way) runs
with SIGINT ignored, every child inherits that, and the client rightly goes on (Ctrl-C does not
reach a background job): the [sigint] case timed out in two fresh-clone CI runs started so, and
fails at once without ``_as_from_a_shell`` (session 15 measured both).
"""

from __future__ import annotations

import asyncio
import contextlib
import signal
import sys
from collections.abc import AsyncIterator

import pytest
import zmq.asyncio
from seasalt.protocol import Joined, JoinOrCreate, TableChanged
from seasalt.server.app import Server
from seasalt.testing.server import RawClient, running_server
from seasalt.testing.waiting import within

pytestmark = pytest.mark.timeout(60)
TWO = ("human", "human")
HOURS = 3 * 3600
"""Seconds of the takeover delay, and heartbeats (2 s) of the peer timeout: beyond any test."""
_CLI = "import sys\nfrom seasalt.client.cli import main\nsys.exit(main(sys.argv[1:]))\n"


@pytest.fixture
async def server() -> AsyncIterator[Server]:
    async with running_server(takeover_after=HOURS, heartbeat_misses=HOURS // 2) as srv:
        yield srv


def _as_from_a_shell() -> None:
    """The child starts with SIGINT as a terminal's shell gives it (default, not blocked), not
    as the pytest worker has it: ignored when the suite runs as a background job."""
    signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT, signal.SIGTERM})
    signal.signal(signal.SIGINT, signal.SIG_DFL)


async def _hal(address: str) -> asyncio.subprocess.Process:
    """Hal, a ``seasalt-client --bot random`` process, sits at table "t" for two."""
    return await asyncio.create_subprocess_exec(
        sys.executable, "-c", _CLI, address, "--bot", "random", "--table", "t",
        "--players", "2", "--seed", "1", "--name", "Hal",
        stdout=asyncio.subprocess.DEVNULL, stderr=asyncio.subprocess.PIPE,
        preexec_fn=_as_from_a_shell,
    )


@contextlib.asynccontextmanager
async def _bob_and_hal(
    server: Server, ctx: zmq.asyncio.Context
) -> AsyncIterator[tuple[RawClient, asyncio.subprocess.Process, asyncio.StreamReader, list[str]]]:
    """Bob (a raw client, who never moves: the game waits for him) at seat 0 of table "t",
    and Hal (:func:`_hal`) seated beside him; yields Bob, Hal's process, its stderr and the
    lines read from it so far. Hal is killed if still running, and Bob closed, on the way out."""
    bob = RawClient(ctx, server.local_endpoint)
    try:
        await bob.hello("Bob")
        await bob.send(JoinOrCreate("t", TWO))
        assert (await bob.expect(Joined)).seat == 0
        proc = await _hal(server.local_endpoint.removeprefix("tcp://"))
        assert proc.stderr is not None
        err: list[str] = []
        try:
            await within(_line_with(proc.stderr, "seated at table 't'", err), 30)
            yield bob, proc, proc.stderr, err
        finally:
            if proc.returncode is None:
                proc.kill()
                await proc.wait()
    finally:
        bob.close()


async def _line_with(stream: asyncio.StreamReader, words: str, seen: list[str]) -> None:
    while True:
        line = (await stream.readline()).decode()
        assert line, f"the client ended before saying {words!r}: {seen}"
        seen.append(line)
        if words in line:
            return


@pytest.mark.parametrize(("signum", "code", "said"), [
    (signal.SIGINT, 130, "interrupted"), (signal.SIGTERM, 128 + signal.SIGTERM, "stopped"),
], ids=["sigint", "sigterm"])
async def test_a_stopped_headless_player_leaves_its_seat_to_a_bot_at_once(
    server: Server, ctx: zmq.asyncio.Context, signum: int, code: int, said: str
) -> None:
    async with _bob_and_hal(server, ctx) as (bob, proc, stderr, err):
        await bob.expect(TableChanged, where=lambda m: m.info.state.value == "running"
                         and m.info.seats[1].connected)
        proc.send_signal(signum)
        info = (await bob.expect(
            TableChanged, timeout=20, where=lambda m: m.info.seats[1].bot_playing)).info
        assert info.seats[1].name == "Hal" and not info.seats[1].connected
        rest = (await within(stderr.read(), 20)).decode()
        assert await within(proc.wait(), 20) == code
    assert "a bot plays this seat" in rest and f"seasalt-client: {said}" in rest, err + [rest]
    assert "Traceback" not in rest
    assert server.master is not None
    assert server.master.tables["t"].bot_level(1) is not None  # the seat plays on


async def test_a_player_stopped_while_the_server_is_gone_is_told_it_was_not_told(
    server: Server, ctx: zmq.asyncio.Context
) -> None:
    # The TUI says so on its way out (tests/client/tui/link/test_quit_while_reconnecting.py); the
    # headless player said nothing at all: its ``away`` was lost without a word.
    async with _bob_and_hal(server, ctx) as (bob, proc, stderr, err):
        bob.close()
        await server.stop()  # the server goes away under a seated player
        await within(_line_with(stderr, "connection ", err), 30)
        proc.send_signal(signal.SIGTERM)
        rest = (await within(stderr.read(), 20)).decode()
        assert await within(proc.wait(), 20) == 128 + signal.SIGTERM
    assert "the server was out of reach and was not told" in rest, err + [rest]
    assert "a bot plays this seat until" not in rest
    assert "Traceback" not in rest
