"""Test and benchmark helpers: a raw DEALER client, a seeded player loop, a server runner, and
a wire that records what a socket-less Master sends.

Not used by the server itself (it was seasalt.server.testing). One public package so tests/ and
benchmarks/ share one implementation (pytest's importlib mode cannot import between test folders).
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import re
import subprocess
import sys
from collections.abc import AsyncIterator, Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, TypeVar

import zmq
import zmq.asyncio
from seasalt.engine import ENGINE_VERSION, Action, GameState, PlayerView, Rules, apply, new_game
from seasalt.protocol import (
    PROTOCOL_VERSION,
    ActionRequest,
    Continue,
    Error,
    GameOver,
    Heartbeat,
    Hello,
    Joined,
    JoinOrCreate,
    Message,
    Resume,
    RoundOver,
    ServerMessage,
    Snapshot,
    Update,
    Welcome,
    decode_server_message,
    encode,
)
from seasalt.protocol.discovery import NO_MDNS_ENV
from seasalt.protocol.limits import HEARTBEAT_INTERVAL
from seasalt.server.app import Server
from seasalt.server.botpool import BotPool
from seasalt.server.config import Clock, ServerConfig
from seasalt.testing.waiting import Patience, stretched

M = TypeVar("M")

CARD_FIELDS = frozenset(
    {"card", "cards", "hand", "table", "pending", "top", "revealed_hand", "starfish",
     "face_down_shell", "give", "take"}  # Extra Pepper: the Coral Reef shell, a swap's cards
)
"""The wire fields that hold card ids (DESIGN: the leak test reads the plain wire data)."""


def card_ids(data: Any) -> list[int]:
    """Every card id a frame names, read from its raw unpacked data by field name.

    Reading the plain wire data (not our decoding of it) keeps the check at the wire level.
    """
    found: list[int] = []
    stack: list[tuple[Any, str]] = [(data, "")]
    while stack:
        value, key = stack.pop()
        kind = type(value)
        if kind is dict:
            # "breakdown" holds points, not cards (its "starfish" is a score)
            stack.extend((v, k) for k, v in value.items() if k != "breakdown")
        elif kind is list or kind is tuple:
            stack.extend((v, key) for v in value)
        elif kind is int and key in CARD_FIELDS:
            found.append(value)
    return found


class RawClient:
    """One DEALER socket speaking the protocol, recording every frame it receives."""

    def __init__(
        self, ctx: zmq.asyncio.Context, endpoint: str, source: str | None = None
    ) -> None:
        """``source``: the local address to connect from (127.0.0.2 and so on are loopback
        too on Linux): another machine, as far as the server's Peer-Address can tell."""
        self.sock = ctx.socket(zmq.DEALER)
        self.sock.linger = 0
        if source is not None:
            endpoint = endpoint.replace("tcp://", f"tcp://{source}:0;", 1)
        self.sock.connect(endpoint)
        self.frames: list[bytes] = []
        """Every frame received, in order (the leak test checks them all)..."""
        self.received: list[ServerMessage] = []
        """...and each one decoded (decoding is the costly part: do it once)."""
        self.backlog: list[ServerMessage] = []

    async def send(self, message: Message) -> None:
        await self.sock.send(encode(message))

    async def send_raw(self, *frames: bytes) -> None:
        await self.sock.send_multipart(list(frames))

    async def recv(self, timeout: float = 10.0) -> ServerMessage:
        """The next message; ``timeout`` in a quiet machine's seconds (testing/waiting.py)."""
        return await self.recv_within(stretched(timeout))

    async def recv_within(self, seconds: float) -> ServerMessage:
        """The next message within ``seconds`` of the wall clock."""
        if self.backlog:
            return self.backlog.pop(0)
        data = await asyncio.wait_for(self.sock.recv(), seconds)
        msg = decode_server_message(data)
        self.frames.append(data)
        self.received.append(msg)
        return msg

    async def expect(
        self, kind: type[M], timeout: float = 10.0, where: Callable[[M], bool] | None = None
    ) -> M:
        """The next message of ``kind`` (matching ``where``); others stay queued in order."""
        patience = Patience(timeout)
        skipped: list[ServerMessage] = []
        try:
            while True:
                if patience.spent():
                    raise TimeoutError(f"no {kind.__name__} within {patience}; got {skipped!r}")
                msg = await self.recv_within(max(0.01, patience.left()))
                if isinstance(msg, kind) and (where is None or where(msg)):
                    return msg
                skipped.append(msg)
        finally:
            self.backlog[:0] = skipped

    def drain(self) -> list[ServerMessage]:
        out, self.backlog = self.backlog, []
        return out

    async def hello(self, name: str, identity: str | None = None) -> Welcome:
        await self.send(Hello(PROTOCOL_VERSION, name, identity))
        return await self.expect(Welcome)

    async def resume(self, token: str) -> Welcome:
        await self.send(Resume(PROTOCOL_VERSION, token))
        return await self.expect(Welcome)

    @contextlib.asynccontextmanager
    async def keeping_alive(self) -> AsyncIterator[None]:
        """Heartbeats every ``HEARTBEAT_INTERVAL`` while the test waits on something else, as
        a real client's link sends them. A raw client silent for the server's peer timeout
        counts as lost (a bot takes its seat over, the reading pause stops waiting for it)."""

        async def beat() -> None:
            while True:
                await self.send(Heartbeat())
                await asyncio.sleep(HEARTBEAT_INTERVAL)  # sleep-ok: the period of the beats

        task = asyncio.create_task(beat())
        try:
            yield
        finally:
            task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await task

    def close(self) -> None:
        self.sock.close(linger=0)


@dataclass
class PlayerResult:
    scores: tuple[int, ...]
    winners: tuple[int, ...]
    actions: int
    seat: int
    token: str = ""
    errors: list[Error] = field(default_factory=list)


async def play_seat(
    client: RawClient,
    table: str,
    seats: tuple[str, ...],
    *,
    name: str = "p",
    extra_salt: bool = False,
    double_target: bool = False,
    target: int = 0,
    extra_pepper: bool = False,
    seed: int = 0,
    level: str = "random",
    token: str | None = None,
    timeout: float = 60.0,
    on_view: Callable[[int, PlayerView], None] | None = None,
    identity: str | None = None,
) -> PlayerResult:
    """Join (or resume into) ``table`` and play with a seeded bot until the game is over.

    The bot's seed is ``seed + seat``, so a game does not depend on which player sat first.
    ``identity``: the client identity the new session says hello with (statistics follow it).
    """
    from seasalt.bots import get_bot

    if token is None:
        token = (await client.hello(name, identity)).token
        await client.send(JoinOrCreate(
            table, seats, extra_salt, double_target, target=target, extra_pepper=extra_pepper
        ))
    else:
        await client.resume(token)
    joined = await client.expect(Joined, timeout)
    assert joined.seat is not None
    seat = joined.seat
    bot = get_bot(level, seed + seat)
    result = PlayerResult((), (), 0, seat, token)
    view: PlayerView | None = None
    seq = -1
    acted_at = -1
    patience = Patience(timeout)
    while True:
        msg = await client.recv_within(max(0.01, patience.left()))
        if isinstance(msg, Snapshot | Update) and msg.table == table and msg.seq >= seq:
            view, seq = msg.view, msg.seq
            if on_view is not None:
                on_view(seq, view)
        elif isinstance(msg, RoundOver):
            await client.send(Continue(table))
        elif isinstance(msg, GameOver):
            result.scores, result.winners = msg.scores, msg.winners
            return result
        elif isinstance(msg, Error):
            result.errors.append(msg)
            acted_at = -1  # a refused action: decide again on the next view
        if view is not None and view.to_act == seat and view.legal_actions and acted_at != seq:
            acted_at = seq
            result.actions += 1
            await client.send(ActionRequest(table, seq, bot.choose(view)))


@contextlib.asynccontextmanager
async def running_server(
    clock: Clock | None = None, **options: Any
) -> AsyncIterator[Server]:
    """An in-process server on 127.0.0.1, a free port, an in-memory journal, inline bots."""
    defaults: dict[str, Any] = {
        "host": "127.0.0.1", "port": 0, "bot_delay": 0.0, "bot_workers": 0, "seed": 1,
    }
    defaults.update(options)
    config = ServerConfig(**defaults)
    server = Server(config, clock, BotPool(config.bot_workers))
    await server.start()
    try:
        yield server
    finally:
        await server.stop()


@contextlib.asynccontextmanager
async def server_address(clock: Clock | None = None, **options: Any) -> AsyncIterator[str]:
    """``running_server`` for a test that needs only its ``HOST:PORT``, as a player types it."""
    async with running_server(clock, **options) as server:
        yield server.local_endpoint.removeprefix("tcp://")


_LISTENING = re.compile(rb"SEASALT_LISTENING (tcp://\S+)")


class ServerProcess:
    """``python -m seasalt.server`` as a child process (kill -9 tests, benchmarks)."""

    def __init__(
        self,
        db: str,
        *args: str,
        env: dict[str, str] | None = None,
        command: Sequence[str] | None = None,
        merged_output: bool = False,
    ) -> None:
        self.db = db
        self.merged_output = merged_output
        """stderr into the stdout pipe (``2>&1 | tee``), not the log file beside the db."""
        self.args = args
        self.command = list(command or (sys.executable, "-m", "seasalt.server"))
        """What comes before the options: ``python -m seasalt.server`` (the old command line,
        ``serve`` by default), or e.g. ``.venv/bin/seasalt-server serve``."""
        self.env = env
        self.proc: subprocess.Popen[bytes] | None = None
        self.endpoint = ""
        self.log_path = db + ".log"
        self.banner: list[str] = []
        """The stdout lines up to and including the SEASALT_LISTENING line."""

    def start(self, timeout: float = 15.0, port: int = 0) -> str:
        cmd = [
            *self.command, "--host", "127.0.0.1", "--port", str(port), "--db", self.db,
            *self.args,
        ]
        self.log_path = self.db + ".log"
        with open(self.log_path, "ab") as log_file:  # never a pipe nobody reads
            self.proc = subprocess.Popen(
                cmd,
                stdout=subprocess.PIPE,
                stderr=subprocess.STDOUT if self.merged_output else log_file,
                # never announced on a real network, even when run outside the test suite
                env={**os.environ, NO_MDNS_ENV: "1", **(self.env or {})},
            )
        assert self.proc.stdout is not None
        self.banner = []
        patience = Patience(timeout)
        while not patience.spent():
            line = self.proc.stdout.readline()
            if not line:
                with open(self.log_path, errors="replace") as f:
                    err = f.read()[-2000:]
                raise RuntimeError(f"server exited early ({self.proc.wait()}): {err}")
            self.banner.append(line.decode(errors="replace").rstrip())
            match = _LISTENING.search(line)
            if match:
                self.endpoint = match.group(1).decode()
                return self.endpoint
        self.kill()  # not left running (with its bot pool) after the test has given up on it
        raise TimeoutError("server did not print its address")

    @property
    def address(self) -> str:
        """``HOST:PORT`` as a player types it (after ``start``)."""
        return self.endpoint.removeprefix("tcp://")

    @property
    def port(self) -> int:
        """The port it listens on (after ``start``): ``start(port=...)`` comes back on it."""
        return int(self.endpoint.rsplit(":", 1)[1])

    def kill(self) -> None:
        """kill -9."""
        if self.proc is not None:
            self.proc.kill()
            self.proc.wait(stretched(10))
            self._close_pipes()

    def terminate(self, timeout: float = 10.0) -> int:
        assert self.proc is not None
        self.proc.terminate()
        code = self.proc.wait(stretched(timeout))
        self._close_pipes()
        return code

    def _close_pipes(self) -> None:
        assert self.proc is not None
        if self.proc.stdout is not None:
            self.proc.stdout.close()


def restartable_server(db: str | os.PathLike[str], seed: int) -> ServerProcess:
    """A server process to kill -9 and start again on the same journal and port (not started):
    seeded, bots that play at once, and a seat taken over only after 120 s, so the players the
    test drives are back in their seats before a bot would take one."""
    return ServerProcess(
        str(db), "--seed", str(seed), "--bot-delay", "0", "--takeover-after", "120"
    )


class RecordingWire:
    """A Master's ``send`` without sockets: every frame decoded and kept by peer; ``full``
    peers refuse frames (a pipe that is full)."""

    def __init__(self) -> None:
        self.inbox: dict[bytes, list[ServerMessage]] = {}
        self.full: set[bytes] = set()

    def send(self, peer: bytes, frame: bytes) -> bool:
        if peer in self.full:
            return False
        self.inbox.setdefault(peer, []).append(decode_server_message(frame))
        return True

    def last(self, peer: bytes, kind: type) -> ServerMessage:
        """The latest message of one type ``peer`` got."""
        return self.of(peer, kind)[-1]

    def take(self, peer: bytes) -> list[ServerMessage]:
        """What ``peer`` got since the last take (and forget it)."""
        return self.inbox.pop(peer, [])

    def of(self, peer: bytes, kind: type) -> list[ServerMessage]:
        """What ``peer`` got of one message type, oldest first."""
        return [m for m in self.inbox.get(peer, []) if isinstance(m, kind)]


def journal_game(db: str, rules: Rules, seed: int, actions: Sequence[Action],
                 seats: tuple[str, ...], table: str = "t") -> tuple[int, GameState]:
    """Journal a whole game of ``actions`` from ``new_game(rules, seed)`` as the server's
    commit does (server/game.py: each action, each round's result, the final scores), in a
    journal of its own; return the game's id and its last state."""
    from seasalt.protocol import action_to_wire, result_to_wire
    from seasalt.server.game import ROUND_ENDS
    from seasalt.server.journal import Journal
    from seasalt.server.journal_schema import to_blob

    journal = Journal(db)
    try:
        state = new_game(rules, seed=seed)
        gid = journal.create_game(table, 1, rules.players, rules.extra_salt, False, seats, seed,
                                  0, ENGINE_VERSION, target=rules.target or 0,
                                  extra_pepper=rules.extra_pepper)
        for action in actions:
            result = apply(state, action)
            state = result.state
            round_result = None
            if any(e.kind in ROUND_ENDS for e in result.events) and state.last_result:
                round_result = (state.last_result.round,
                                to_blob(result_to_wire(state.last_result)))
            journal.append_action(
                gid, state.move, to_blob(action_to_wire(action)), round_result,
                state.scores if state.is_over else None,
                state.winners if state.is_over else None,
            )
    finally:
        journal.close()
    return gid, state
