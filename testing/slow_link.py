"""A slow or stalled link between a client and a server, for tests on real sockets: a TCP
proxy on 127.0.0.1 that delays every chunk both ways, and can hold back what the server says.

A client connects to :attr:`SlowLink.address` as it would to the server. ``delay`` seconds are
added each way (a slow Wi-Fi: the ZeroMQ handshake and the session's opener take several round
trips), and while the link is :meth:`held <SlowLink.hold>` the server's bytes wait in the
proxy (a port that answers but a handshake that does not progress) until :meth:`release`.
:attr:`SlowLink.connections` counts the TCP connections clients made through it.

    async with running_server() as server, SlowLink(server_address, delay=0.25) as link:
        conn = Connection(link.address, "ann")
"""

from __future__ import annotations

import asyncio
import contextlib
from types import TracebackType

from seasalt.client.net.address import parse_address

CHUNK = 65536


class SlowLink:
    """The proxy (see the module docstring); start it with ``async with``."""

    def __init__(self, target: str, delay: float = 0.0) -> None:
        self.target = parse_address(target)
        self.delay = delay
        self.address = ""
        """``127.0.0.1:PORT``: where clients connect (set once started)."""
        self.connections = 0
        """TCP connections accepted so far."""
        self._open = asyncio.Event()
        self._open.set()
        self._server: asyncio.Server | None = None
        self._tasks: set[asyncio.Task[None]] = set()

    def hold(self) -> None:
        """Keep what the server says in the proxy from now on (the client hears nothing)."""
        self._open.clear()

    def release(self) -> None:
        """Let what was held, and all that follows, through."""
        self._open.set()

    async def __aenter__(self) -> SlowLink:
        self._server = await asyncio.start_server(self._accept, "127.0.0.1", 0)
        port = self._server.sockets[0].getsockname()[1]
        self.address = f"127.0.0.1:{port}"
        return self

    async def __aexit__(self, kind: type[BaseException] | None, error: BaseException | None,
                        trace: TracebackType | None) -> None:
        if self._server is not None:
            self._server.close()
        for task in list(self._tasks):
            task.cancel()
        for task in list(self._tasks):
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task

    async def _accept(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        self.connections += 1
        try:
            up_reader, up_writer = await asyncio.open_connection(*self.target)
        except OSError:
            writer.close()
            return
        ends = (writer, up_writer)
        for source, sink, gate in ((reader, up_writer, None), (up_reader, writer, self._open)):
            task = asyncio.create_task(self._carry(source, sink, gate, ends))
            self._tasks.add(task)
            task.add_done_callback(self._tasks.discard)

    async def _carry(self, source: asyncio.StreamReader, sink: asyncio.StreamWriter,
                     gate: asyncio.Event | None, ends: tuple[asyncio.StreamWriter, ...]) -> None:
        """Copy ``source`` to ``sink``, each chunk ``delay`` seconds late and in order (and not
        while ``gate`` is clear); either side closing closes both."""
        loop = asyncio.get_running_loop()
        queue: asyncio.Queue[tuple[float, bytes]] = asyncio.Queue()

        async def deliver() -> None:
            while True:
                due, data = await queue.get()
                # sleep-ok: the link's latency is the behaviour the tests put the client through
                await asyncio.sleep(max(0.0, due - loop.time()))
                if gate is not None:
                    await gate.wait()
                if not data:
                    return
                sink.write(data)
                await sink.drain()

        sender = asyncio.create_task(deliver())
        try:
            while data := await source.read(CHUNK):
                queue.put_nowait((loop.time() + self.delay, data))
            queue.put_nowait((loop.time() + self.delay, b""))
            await sender
        except (OSError, asyncio.IncompleteReadError):
            pass
        finally:
            sender.cancel()
            for end in ends:
                end.close()
