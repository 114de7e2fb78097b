"""The running server: the ROUTER socket, the receive loop and the timer loop around a Master."""

from __future__ import annotations

import asyncio
import contextlib
import errno
from typing import cast

import zmq
import zmq.asyncio
from seasalt.protocol import SOCKET_MAX_MESSAGE_SIZE
from zmq.auth.asyncio import AsyncioAuthenticator

from .addresses import endpoint, local_endpoint
from .botpool import BotPool, takeover_level
from .config import Clock, MonotonicClock, ServerConfig
from .core import log
from .journal import Journal
from .master import Master
from .security import make_server_secure, start_allow_list

_DRAIN_BATCH = 64
"""Frames handled after each awaited one before yielding to the event loop."""


class PortInUseError(OSError):
    """The requested port is taken (another server, or another program)."""


class ListenError(OSError):
    """The server cannot listen on that address (not this machine's, malformed, ...)."""


class Server:
    """A seasalt server: ``await start()``, then ``await serve()`` or ``await stop()``."""

    def __init__(
        self, config: ServerConfig, clock: Clock | None = None, bots: BotPool | None = None
    ) -> None:
        self.config = config
        self.clock = clock or MonotonicClock()
        self._bots = bots
        self.port = 0
        self.master: Master | None = None
        self._ctx: zmq.asyncio.Context | None = None
        self._sock: zmq.asyncio.Socket | None = None
        self._journal: Journal | None = None
        self._tasks: list[asyncio.Task[None]] = []
        self._stopped = asyncio.Event()
        self._auth: AsyncioAuthenticator | None = None

    @property
    def local_endpoint(self) -> str:
        """An address a process on this machine can connect to."""
        return local_endpoint(self.config.host, self.port)

    async def start(self) -> None:
        """Lock and read the journal, bind the socket, resume unfinished tables.

        Raises:
            JournalError: the database is locked by another server or unusable.
            PortInUseError: the port is taken.
        """
        self._journal = Journal(self.config.db_path, fsync=self.config.fsync)
        try:
            self._bind()
        except BaseException:
            self._journal.close()
            raise
        bots = self._bots or BotPool(self.config.bot_workers)
        self._bots = bots
        bots.warm_up()
        self.master = Master(
            self.config, self.clock, self._journal, bots, self._send, takeover_level()
        )
        self.master.restore()
        loop = asyncio.get_running_loop()
        self._tasks = [loop.create_task(self._receive()), loop.create_task(self._timers())]
        for table in list(self.master.tables.values()):
            self.master.schedule_bot(table)

    def _bind(self) -> None:
        ctx = zmq.asyncio.Context()
        if self.config.allowed_keys is not None:  # the ZAP handler must exist before bind
            self._auth = start_allow_list(ctx, self.config.allowed_keys)
        sock = ctx.socket(zmq.ROUTER)
        if self.config.curve is not None:
            make_server_secure(sock, self.config.curve)
        sock.linger = 0
        sock.router_mandatory = 1  # a full pipe or a gone peer raises instead of dropping
        sock.router_handover = 1  # a reconnecting peer with the same identity takes over
        sock.maxmsgsize = SOCKET_MAX_MESSAGE_SIZE  # hard stop: libzmq drops that peer
        if ":" in self.config.host:
            sock.ipv6 = True
        try:
            sock.bind(endpoint(self.config.host, self.config.port))
        except zmq.ZMQError as exc:
            sock.close()
            self._stop_auth()
            ctx.term()
            if exc.errno == errno.EADDRINUSE:
                raise PortInUseError(
                    f"port {self.config.port} on {self.config.host} is already in use "
                    "(another seasalt-server?); pick another with --port"
                ) from None
            where = f"{self.config.host}:{self.config.port}"
            raise ListenError(f"cannot listen on {where}: {exc}") from None
        last = str(sock.get(zmq.LAST_ENDPOINT).decode())  # type: ignore[union-attr]
        self.port = int(last.rsplit(":", 1)[1])
        self._ctx, self._sock = ctx, sock

    def _stop_auth(self) -> None:
        if self._auth is not None:
            self._auth.stop()
            self._auth = None

    def _send(self, peer: bytes, frame: bytes) -> bool:
        assert self._sock is not None
        # With NOBLOCK, pyzmq's asyncio socket tries at once and returns a settled future.
        future = cast(
            "asyncio.Future[object]",
            self._sock.send_multipart([peer, frame], flags=zmq.NOBLOCK),
        )
        if future.done() and future.exception() is None:
            return True
        if not future.done():
            future.cancel()
        return False  # zmq.Again (pipe full) or EHOSTUNREACH (peer gone): resync later

    async def _receive(self) -> None:
        assert self._sock is not None and self.master is not None
        # A synchronous view of the same socket: frames already queued are read without an
        # asyncio future each, which is most of the cost of refusing a flood (hardening).
        queued: zmq.Socket[bytes] = zmq.Socket.shadow(self._sock.underlying)
        while True:
            self._handle(await self._sock.recv_multipart())
            for _ in range(_DRAIN_BATCH):
                try:
                    frames = queued.recv_multipart(zmq.NOBLOCK)
                except zmq.Again:
                    break
                self._handle(frames)
            await asyncio.sleep(0)  # let timers and bot turns run between batches

    def _handle(self, frames: list[bytes]) -> None:
        assert self.master is not None
        peer, rest = frames[0], frames[1:]
        try:
            self.master.handle(peer, rest)
        except Exception:
            log.exception("internal error while handling a message")
            with contextlib.suppress(Exception):
                from seasalt.protocol import ErrorCode

                self.master.error(peer, ErrorCode.SERVER_ERROR, "internal server error")

    async def _timers(self) -> None:
        assert self.master is not None
        while True:
            await asyncio.sleep(self.config.tick)
            try:
                self.master.tick()
            except Exception:
                log.exception("internal error in the timers")

    async def serve(self) -> None:
        """Run until :meth:`stop`."""
        await self._stopped.wait()

    async def stop(self) -> None:
        """Stop serving, close the socket, the pool and the journal (releasing its lock)."""
        for task in self._tasks:
            task.cancel()
        if self.master is not None:
            for task in list(self.master.bot_tasks.values()):
                task.cancel()
            pending = [*self._tasks, *self.master.bot_tasks.values()]
        else:
            pending = list(self._tasks)
        for task in pending:
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task
        self._tasks = []
        if self.master is not None and self._sock is not None:
            self.master.say_goodbye()
            await asyncio.sleep(0.05)  # linger is 0: give the goodbyes a moment to leave
        if self._sock is not None:
            self._sock.close(linger=0)
            self._sock = None
        self._stop_auth()
        if self._ctx is not None:
            self._ctx.term()
            self._ctx = None
        if self._bots is not None:
            self._bots.shutdown()
        if self._journal is not None:
            self._journal.close()
            self._journal = None
        self._stopped.set()
