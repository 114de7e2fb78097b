"""A session over a slow link (issue 38, defect 7): the socket driver lets a slow handshake
finish instead of throwing it away with its socket. Each reconnect attempt used to wait for the
welcome max(delay, 0.5 s) and then start again on a fresh socket, so over a link whose
round trips add up to more than that every half-done handshake was lost (at 15% loss and
300 ms jitter, heal → resumed took 4-20 s). Real sockets: an in-process server on 127.0.0.1,
reached through a proxy that delays every chunk (seasalt.testing.slow_link)."""

from __future__ import annotations

import asyncio
import re
import time

import pytest
from seasalt.client.net.connection import ConnectFailed, Connection, LinkEvent, UnknownHost
from seasalt.client.net.link_timing import LinkTiming
from seasalt.client.net.session import ClientSession
from seasalt.testing.server import running_server
from seasalt.testing.slow_link import SlowLink
from seasalt.testing.waiting import until

pytestmark = pytest.mark.timeout(60)

DELAY = 0.25
"""Seconds added each way: a resume's round trips (the ZeroMQ greeting, its READY, the resume
and its welcome) take about 1.5 s, three times what an attempt used to wait."""


class ManualClock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


async def test_a_resume_slower_than_an_attempt_completes_on_its_first_connection() -> None:
    async with running_server() as server, SlowLink(server.local_endpoint, delay=DELAY) as link:
        clock = ManualClock()  # the loss is the test's to say: it moves this clock
        ann = Connection(link.address, "ann", timing=LinkTiming(clock),
                         session=ClientSession())
        await ann.connect(timeout=30)
        assert link.connections == 1
        clock.now += 10.5  # nothing heard for longer than the peer timeout
        lost = await ann.recv(timeout=5)
        assert isinstance(lost, LinkEvent) and lost.state == "lost"
        started = time.monotonic()
        resumed = await ann.recv()
        took = time.monotonic() - started
        assert resumed == LinkEvent("resumed", resumed.detail) and ann.connected
        # One new socket, one TCP connection, its handshake let finish: none thrown away.
        assert link.connections == 2, link.connections
        assert took > 4 * DELAY  # (it was slow: at least two round trips)
        await ann.close()


async def test_a_first_connect_waits_out_a_server_that_answers_late() -> None:
    # The port answers at once, the server's side of the handshake only when released: the
    # connect says the port was reached (a slow link, not a missing server) and completes.
    async with running_server() as server, SlowLink(server.local_endpoint) as link:
        link.hold()
        ann = Connection(link.address, "ann")
        opening = asyncio.ensure_future(ann.connect(timeout=30))
        await until(lambda: ann.reached or opening.done(), what="the port answering")
        assert not opening.done()
        link.release()
        welcome = await opening
        assert welcome.name == "ann"
        await ann.close()


async def test_no_answer_at_all_is_no_server_and_a_late_one_a_slow_link() -> None:
    async with running_server() as server, SlowLink(server.local_endpoint) as link:
        link.hold()
        ann = Connection(link.address, "ann")
        with pytest.raises(ConnectFailed, match=re.escape(
                "answered but no session opened within 0.3 s: the link is slow")):
            await ann.connect(timeout=0.3)
    nobody = Connection(link.address, "bob")  # the proxy is gone: nothing listens there now
    with pytest.raises(ConnectFailed, match=re.escape("no seasalt server answered at 127.0.0.1")):
        await nobody.connect(timeout=0.3)


async def test_an_unknown_host_name_is_named_at_once() -> None:
    # It read "no seasalt server answered at nosuchhost.invalid:7327 within 10 s" after the
    # whole timeout (and the server's --host: "No such device").
    conn = Connection("nosuchhost.invalid:7327", "ann")
    with pytest.raises(UnknownHost, match=re.escape("no computer named 'nosuchhost.invalid'")):
        await conn.connect(timeout=30)
    assert not conn.connected
