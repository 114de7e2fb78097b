"""A connection that closes while the next one opens on its file descriptor: the server learns
of the close (a monitor event, server/app.py) and of the new connection's first frame (the
ROUTER) on two sockets, and must not apply that close to the session the new frame resumed.

The way the kill -9 test (tests/e2e/test_server_crash.py) can fail on a loaded machine: the
client's old socket reconnects to the restarted server and is closed; the new socket gets its
descriptor and resumes; the late disconnect unbinds the session, which then gets no frame at
all (no update, no heartbeat: 20 s of silence) and the client waits for good.

Here the moment is staged, not waited for by luck: the server's loop reads the monitor, and
before it looks at the ROUTER the old connection closes and the new one, on the same
descriptor, sends its ``resume``. The clients run in a child process, so that the only
descriptor this process frees and takes again is the server's side of the connection.
"""

from __future__ import annotations

import asyncio
import os
import subprocess
import sys
from collections.abc import Callable
from typing import IO

import pytest
import zmq
from seasalt.testing.server import running_server

pytestmark = pytest.mark.timeout(60)

CLIENTS = r"""
import sys, zmq
from seasalt.protocol import PROTOCOL_VERSION, Error, Hello, ListTables, Resume, Tables
from seasalt.protocol import decode_server_message, encode

ctx = zmq.Context()
def dealer():
    sock = ctx.socket(zmq.DEALER)
    sock.linger = 0
    sock.connect(sys.argv[1])
    return sock
old = dealer()
old.send(encode(Hello(PROTOCOL_VERSION, "Ann")))
token = decode_server_message(old.recv()).token
print(token, flush=True)
sys.stdin.readline()
old.close()  # the old connection goes
sys.stdin.readline()
new = dealer()  # and the next one resumes its session
new.send(encode(Resume(PROTOCOL_VERSION, token)))
sys.stdin.readline()
new.send(encode(ListTables()))
seen = []
while not isinstance(reply := decode_server_message(new.recv()), (Tables, Error)):
    seen.append(type(reply).__name__)
print(*seen, type(reply).__name__, getattr(reply, "code", ""), flush=True)
sys.stdin.readline()  # connected until the test has looked at the session
ctx.destroy(linger=0)
"""


def fill_holes_below(fd: int) -> list[int]:
    """Take every free descriptor below ``fd``: the next one this process opens is the
    lowest free one, so once ``fd`` is closed it is the next one (the kernel's rule)."""
    held: list[int] = []
    while True:
        spare = os.open(os.devnull, os.O_RDONLY)
        if spare > fd:
            os.close(spare)
            return held
        held.append(spare)


def say(pipe: IO[str], line: str) -> None:
    pipe.write(line + "\n")
    pipe.flush()


async def test_a_late_disconnect_does_not_unbind_the_session_resumed_on_its_descriptor() -> None:
    async with running_server() as server:
        assert server.master is not None and server._sock is not None
        assert server._monitor is not None
        sock, monitor, sessions = server._sock, server._monitor, server.master.sessions
        child = subprocess.Popen(
            [sys.executable, "-c", CLIENTS, server.local_endpoint],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True,
        )
        stdin, stdout = child.stdin, child.stdout
        assert stdin is not None and stdout is not None
        try:
            assert (await asyncio.to_thread(stdout.readline)).strip()
            (ann,) = sessions.bound()
            assert ann.connection is not None and ann.connection[1] is not None
            old_fd = ann.connection[1]

            read_monitor: Callable[[], None] = server._read_monitor
            staged: list[bool] = []

            def read_monitor_then_race() -> None:
                read_monitor()
                if staged:
                    return
                staged.append(True)
                # Between this look at the monitor and the next look at the ROUTER:
                held = fill_holes_below(old_fd)
                say(stdin, "close")
                assert monitor.poll(10_000), "no disconnect reported"
                # libzmq's one I/O thread closes the descriptor right after reporting it, and
                # only then accepts the next connection: that one gets old_fd.
                say(stdin, "resume")
                assert sock.poll(10_000, zmq.POLLIN), "no resume arrived"
                for fd in held:
                    os.close(fd)

            server._read_monitor = read_monitor_then_race  # type: ignore[method-assign]
            server._on_readable()
            server._on_readable()  # the loop would look again once the socket is readable
            assert staged
            server._read_monitor = read_monitor  # type: ignore[method-assign]

            say(stdin, "check")
            answer = (await asyncio.to_thread(stdout.readline)).split()
            assert answer[0] == "Welcome"  # resumed (on_resume notes the new connection):
            assert ann.connection is not None and ann.connection[1] == old_fd  # on old_fd
            assert answer[1:] == ["Tables"], "the old connection's close unbound the new one"
            assert ann.peer is not None
        finally:
            child.kill()
            child.wait(10)
