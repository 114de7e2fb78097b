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
from zmq.utils.monitor import parse_monitor_message

from .addresses import endpoint, local_endpoint
from .botpool import BotPool, takeover_level
from .config import Clock, MonotonicClock, ServerConfig, log
from .journal import Journal
from .master import Master
from .peers import Origin
from .security import make_server_secure, start_allow_list, start_any_key

_DRAIN_BATCH = 64
"""Frames handled in one go before yielding to the event loop (timers, bot turns)."""


_NOBLOCK = int(zmq.NOBLOCK)
_MORE_NOBLOCK = int(zmq.SNDMORE | zmq.NOBLOCK)


class PortInUseError(OSError):
    """The requested port is taken (another server, or another program)."""


def listen_failure(host: str, port: int, exc: zmq.ZMQError) -> str:
    """Why the server cannot listen on ``host``, in words that name it: libzmq says "No such
    device" for a host name it cannot resolve (it takes the name for a network interface)."""
    where = f"{host}:{port}"
    if exc.errno == errno.ENODEV:
        return (f"cannot listen on {where}: no computer or network interface named {host!r} "
                "was found (check its spelling; give one of this machine's addresses, or leave "
                "--host out to listen on all of them)")
    if exc.errno == errno.EADDRNOTAVAIL:
        return (f"cannot listen on {where}: {host!r} is not an address of this machine (leave "
                "--host out to listen on all of its addresses)")
    return f"cannot listen on {where}: {exc}"


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
        self._sock: zmq.Socket[bytes] | None = None
        self._loop: asyncio.AbstractEventLoop | None = None
        self._reading = False
        """Inside :meth:`_on_readable`: it checks the socket again before it returns."""
        self._recheck_due = False
        """A drain is scheduled (a send outside ``_on_readable`` may have taken the edge)."""
        self._journal: Journal | None = None
        self._tasks: list[asyncio.Task[None]] = []
        self._stopped = asyncio.Event()
        self._auth: AsyncioAuthenticator | None = None
        self._secure = config.curve is not None
        self._monitor: zmq.Socket[bytes] | None = None
        """The ROUTER's disconnect events: a closed connection's routing id binds no session."""

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
        self._journal = Journal(
            self.config.db_path, fsync=self.config.fsync, make_parent=self.config.make_db_dir
        )
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
        self._loop = loop
        assert self._sock is not None
        try:
            loop.add_reader(self._sock.FD, self._on_readable)
            assert self._monitor is not None
            loop.add_reader(self._monitor.FD, self._read_monitor)
        except NotImplementedError:
            raise RuntimeError(
                "the seasalt server needs an event loop with add_reader (a selector loop, "
                "which seasalt-server sets up on Windows)"
            ) from None
        self._tasks = [loop.create_task(self._timers())]
        loop.call_soon(self._on_readable)  # frames that came before the reader was added
        self.master.start_bots()

    def _bind(self) -> None:
        ctx = zmq.asyncio.Context()
        # The ZAP handler must exist before bind. In secure mode there is always one, so that
        # every frame carries its client's public key as User-Id (the session is bound to it).
        if self.config.allowed_keys is not None:
            self._auth = start_allow_list(ctx, self.config.allowed_keys)
        elif self.config.curve is not None:
            self._auth = start_any_key(ctx)
        # A plain (synchronous) socket on the asyncio context, read from the loop's own
        # reader callback: an awaited pyzmq future per frame, and its callbacks after every
        # send, cost more than the rest of the trip (docs/results.md, server_latency.py).
        sock: zmq.Socket[bytes] = zmq.Socket(ctx, zmq.ROUTER)
        if self.config.curve is not None:
            make_server_secure(sock, self.config.curve)
        sock.linger = 0
        sock.router_mandatory = 1  # a full pipe or a gone peer raises instead of dropping
        # A second peer presenting a routing id in use is ignored (with handover, a socket
        # that set a victim's id would take its session). Clients reconnect with a new
        # socket and ``resume`` with their token.
        sock.router_handover = 0
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
            raise ListenError(listen_failure(self.config.host, self.config.port, exc)) from None
        last = str(sock.get(zmq.LAST_ENDPOINT).decode())  # type: ignore[union-attr]
        self.port = int(last.rsplit(":", 1)[1])
        address = f"inproc://seasalt-monitor-{id(self)}"
        sock.monitor(address, zmq.EVENT_DISCONNECTED)
        monitor: zmq.Socket[bytes] = zmq.Socket(ctx, zmq.PAIR)
        monitor.linger = 0
        monitor.connect(address)
        self._ctx, self._sock, self._monitor = ctx, sock, monitor

    def _stop_auth(self) -> None:
        if self._auth is not None:
            self._auth.stop()
            self._auth = None

    def _send(self, peer: bytes, frame: bytes) -> bool:
        assert self._sock is not None
        try:
            # Two plain sends with int flags: send_multipart combines enum flags per part,
            # which costs more than the sends themselves.
            self._sock.send(peer, _MORE_NOBLOCK)
            self._sock.send(frame, _NOBLOCK)
            return True
        except zmq.ZMQError:  # zmq.Again (pipe full) or EHOSTUNREACH (peer gone): resync later
            return False
        finally:
            # The socket's FD is edge-triggered and any operation on the socket may consume
            # the edge of a frame that just arrived: look again unless a drain is running.
            if not self._reading:
                self._schedule_drain()

    def _schedule_drain(self) -> None:
        if not self._recheck_due and self._loop is not None:
            self._recheck_due = True
            self._loop.call_soon(self._on_readable)

    def _on_readable(self) -> None:
        """Handle every frame queued on the socket (ZMQ_FD is edge-triggered: drain it all)."""
        sock = self._sock
        self._recheck_due = False
        if sock is None or self.master is None or self._loop is None:
            return  # not started, or stopping
        self._reading = True
        try:
            for _ in range(_DRAIN_BATCH):
                if not cast(int, sock.get(zmq.EVENTS)) & zmq.POLLIN:
                    self._read_monitor()
                    return
                # copy=False: the frames' metadata (connection, CURVE key, address) tell the
                # Master which connection a routing id really is (server/peers.py).
                frames = sock.recv_multipart(zmq.NOBLOCK, copy=False)
                # Then the disconnects, before the frame is handled. libzmq reports a close
                # before it frees the descriptor, so the close of any connection whose
                # descriptor (or routing id) this frame's connection reuses is on the
                # monitor by now. Read before taking the frame, the close and the frame could
                # both come in between: read next, that close unbound the session the frame
                # had just resumed (tests/server/test_reused_descriptor.py).
                self._read_monitor()
                self._handle(frames)
            self._schedule_drain()  # more may be queued: go on after timers and bot turns
        finally:
            self._reading = False

    def _read_monitor(self) -> None:
        """Tell the Master about every connection the ROUTER has closed (edge-triggered FD,
        like the ROUTER's: drain it all)."""
        monitor = self._monitor
        if monitor is None or self.master is None:
            return
        while cast(int, monitor.get(zmq.EVENTS)) & zmq.POLLIN:
            event = parse_monitor_message(monitor.recv_multipart(zmq.NOBLOCK))
            if event["event"] == zmq.EVENT_DISCONNECTED:
                self.master.connection_closed(int(event["value"]))

    def _handle(self, frames: list[zmq.Frame]) -> None:
        assert self.master is not None
        peer = frames[0].bytes
        rest = [f.bytes for f in frames[1:]]
        origin = Origin(frames[-1], self._secure)
        try:
            self.master.handle(peer, rest, origin)
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
        if self._loop is not None and self._sock is not None:
            self._loop.remove_reader(self._sock.FD)
            if self._monitor is not None:
                self._loop.remove_reader(self._monitor.FD)
            self._loop = None  # no more drains: nothing is handled once stopping has begun
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
            self._sock.disable_monitor()
            self._sock.close(linger=0)
            self._sock = None
        if self._monitor is not None:
            self._monitor.close(linger=0)
            self._monitor = None
        self._stop_auth()
        if self._ctx is not None:
            self._ctx.term()
            self._ctx = None
        if self.master is not None:
            self.master.close()
        if self._bots is not None:
            self._bots.shutdown()
        if self._journal is not None:
            self._journal.close()
            self._journal = None
        self._stopped.set()
