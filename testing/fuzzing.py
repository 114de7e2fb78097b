"""A protocol fuzzer for an in-process server (tests/server/test_fuzz.py, benchmarks/fuzz_soak.py).

Several connections send random sequences of valid, invalid and malformed frames. After each
fuzzed frame the connection sends a *probe* (an unknown tag with a unique name, which every
server answers with ``bad_message`` naming it, with or without a session) and waits for its
answer within a deadline: frames on one connection are answered in order, so everything before
the probe's answer is the answer to the fuzzed frame. The fuzzer checks:

- the server answers every probe in time (it never crashes or stalls);
- every bad frame gets an ``error`` with a fitting code, and a frame over the socket limit
  gets no answer at all (libzmq drops that connection; a new one is served as usual);
- at the moment each frame leaves the server (the send function is wrapped): the game data in
  it is exactly its seat's view and redacted events, every card id in the raw frame is one
  that seat may see then, and the table's state keeps the engine invariants;
- every frame a client receives decodes; the server never answers ``server_error``.

What each kind of frame is and how it is made (the tables, the kinds, the malformed frames and
random actions, Extra Pepper's among them) is seasalt.testing.fuzz_frames; this module drives
the connections and checks the answers. Not used by the server itself (it was
seasalt.server.fuzzing). The oracles it checks with are seasalt.engine.testing's.
"""

from __future__ import annotations

import asyncio
import random
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import zmq
import zmq.asyncio
from seasalt.engine import Event, events_for, view
from seasalt.engine.testing import invariant_problems, visible
from seasalt.protocol import (
    MAX_SERVER_MESSAGE_SIZE,
    SOCKET_MAX_MESSAGE_SIZE,
    DecodeError,
    Error,
    ErrorCode,
    GameOver,
    RoundOver,
    ServerMessage,
    Snapshot,
    Update,
    decode_server_message,
    pack,
    unpack,
)
from seasalt.server.app import Server
from seasalt.server.config import ManualClock
from seasalt.server.master import Master

from . import fuzz_frames
from .fuzz_frames import BAD, DROPPED, KINDS, FuzzClient, next_kind
from .server import CARD_FIELDS, card_ids


class FuzzFailure(AssertionError):
    """The server broke a promise; the message says which."""


@dataclass
class Fuzzer:
    """Drives fuzz clients against ``server`` (started with a ManualClock and inline bots)."""

    server: Server
    ctx: zmq.asyncio.Context
    clock: ManualClock
    deadline: float = 10.0
    """Seconds within which every probe must be answered."""
    clients: list[FuzzClient] = field(default_factory=list)
    sent: Counter[str] = field(default_factory=Counter)
    """Fuzzed frames by kind."""
    errors: Counter[str] = field(default_factory=Counter)
    """Error codes received, all clients."""
    received: Counter[str] = field(default_factory=Counter)
    """Frames received by message type (probe answers excluded)."""
    actions: Counter[str] = field(default_factory=Counter)
    """Actions sent by wire type, legal or not (``play`` and every bad action kind)."""
    checked: int = 0
    """Frames checked at the server's send (view, events, cards, invariants)."""
    problems: list[str] = field(default_factory=list)
    _probe: int = 0
    _step_events: dict[str, tuple[Event, ...]] = field(default_factory=dict)

    def __post_init__(self) -> None:
        master = self.master
        commit = master.game.commit
        send_frame = master.outbox.transport

        def recording_commit(
            table: Any, action: Any, result: Any, takeover: Any = None, peer: Any = None
        ) -> None:
            self._step_events[table.name] = result.events
            commit(table, action, result, takeover, peer)

        def checking_send(peer: bytes, frame: bytes) -> bool:
            try:
                self._check_outgoing(peer, frame)
            except Exception as exc:  # a broken check must not look like a server bug
                self.problems.append(f"checker failed on a frame: {exc!r}")
            return send_frame(peer, frame)

        master.game.commit = recording_commit  # type: ignore[method-assign]
        master.outbox.transport = checking_send

    @property
    def master(self) -> Master:
        assert self.server.master is not None
        return self.server.master

    # --- the checks at the server's door ----------------------------------------------------

    def _check_outgoing(self, peer: bytes, frame: bytes) -> None:
        if len(frame) > MAX_SERVER_MESSAGE_SIZE:
            self.problems.append(f"a frame of {len(frame)} bytes")
            return
        msg = decode_server_message(frame)
        if not isinstance(msg, Snapshot | Update | RoundOver | GameOver):
            return
        table = self.master.tables.get(msg.table)
        if table is None:
            self.problems.append(f"{type(msg).__name__} for a table that does not exist")
            return
        session = self.master.sessions.of_peer(peer)
        if session is None or session.table != table.name:
            self.problems.append(f"{type(msg).__name__} of {table.name} to a peer not there")
            return
        seat = session.seat
        state = table.state
        where = f"{type(msg).__name__} {table.name} seq {msg.seq} seat {seat}"
        step = self._step_events.get(table.name, ()) if isinstance(msg, Update) else ()
        if isinstance(msg, Snapshot | Update):
            if msg.seq != table.seq:
                self.problems.append(f"{where}: the table is at seq {table.seq}")
            if msg.view != view(state, seat):
                self.problems.append(f"{where}: not that seat's view")
        if isinstance(msg, Update) and msg.events != events_for(step, seat):
            self.problems.append(f"{where}: events are not that seat's redacted events")
        if isinstance(msg, RoundOver) and msg.result != view(state, seat).last_result:
            self.problems.append(f"{where}: not the round result that seat sees")
        if isinstance(msg, GameOver) and (msg.scores, msg.winners) != (
            state.scores,
            state.winners,
        ):
            self.problems.append(f"{where}: wrong final scores")
        leaked = set(card_ids(unpack(frame, MAX_SERVER_MESSAGE_SIZE))) - visible(
            state, seat, step
        )
        if leaked:
            self.problems.append(f"{where}: names cards {sorted(leaked)} that seat may not see")
        self.problems.extend(f"{where}: {p}" for p in invariant_problems(state))
        self.checked += 1

    # --- connections ------------------------------------------------------------------------

    def _socket(self) -> zmq.asyncio.Socket:
        sock = self.ctx.socket(zmq.DEALER)
        sock.linger = 0
        sock.sndhwm = sock.rcvhwm = 100_000
        sock.connect(self.server.local_endpoint)
        return sock

    def add_client(self) -> int:
        self.clients.append(FuzzClient(self._socket()))
        return len(self.clients) - 1

    def close(self) -> None:
        for client in self.clients:
            client.sock.close(linger=0)

    # --- one fuzzed frame -------------------------------------------------------------------

    async def send(self, index: int, kind: str, rng: random.Random) -> None:
        """Send one fuzzed frame of ``kind`` from client ``index`` and check its answer.

        Raises:
            FuzzFailure: the server broke a promise (see the module docstring).
        """
        client = self.clients[index]
        self.sent[kind] += 1
        if kind == DROPPED:
            await self._over_the_socket_limit(index, rng)
            return
        frames = self.frames(client, kind, rng)
        await client.sock.send_multipart(frames)
        replies = await self._probe_answer(client)
        if kind in BAD:
            errors = [m for m in replies if isinstance(m, Error)]
            if not errors:
                raise FuzzFailure(f"a {kind} frame got no error: {replies!r}")
            if errors[0].code not in BAD[kind]:
                raise FuzzFailure(f"a {kind} frame got {errors[0]!r}")
        self._raise_problems()

    async def _over_the_socket_limit(self, index: int, rng: random.Random) -> None:
        old = self.clients[index]
        size = SOCKET_MAX_MESSAGE_SIZE + 1 + rng.randrange(1024)
        await old.sock.send(bytes(rng.randrange(256) for _ in range(64)) * (size // 64 + 1))
        # libzmq drops that connection without a word; a new one is served as usual.
        fresh = FuzzClient(self._socket(), token=old.token)
        self.clients[index] = fresh
        await self._probe_answer(fresh)
        while await old.sock.poll(0):
            msg = decode_server_message(await old.sock.recv())
            if isinstance(msg, Error):
                raise FuzzFailure(f"a frame over the socket limit was answered: {msg!r}")
        old.sock.close(linger=0)
        self._raise_problems()

    async def _probe_answer(self, client: FuzzClient) -> list[ServerMessage]:
        """Send a probe and return everything received before its answer."""
        self._probe += 1
        name = f"probe-{self._probe}"
        await client.sock.send(pack({"t": name}))
        replies: list[ServerMessage] = []
        loop = asyncio.get_running_loop()
        until = loop.time() + self.deadline
        while True:
            left = until - loop.time()
            if left <= 0 or not await client.sock.poll(int(left * 1000)):
                raise FuzzFailure(f"no answer to {name} within {self.deadline} s (stalled?)")
            frames = await client.sock.recv_multipart()
            if len(frames) != 1:
                raise FuzzFailure(f"the server sent {len(frames)} frames in one message")
            try:
                msg = decode_server_message(frames[0])
            except DecodeError as exc:
                raise FuzzFailure(f"the server sent an undecodable frame: {exc}") from None
            client.frames += 1
            if isinstance(msg, Error):
                if msg.code is ErrorCode.SERVER_ERROR:
                    raise FuzzFailure(f"server_error: {msg.message}")
                if f"'{name}'" in msg.message:
                    return replies
                self.errors[msg.code.value] += 1
            self.received[type(msg).__name__] += 1
            client.track(msg)
            replies.append(msg)

    def _raise_problems(self) -> None:
        if self.problems:
            raise FuzzFailure("; ".join(self.problems[:5]))

    # --- the frames -------------------------------------------------------------------------

    def frames(self, client: FuzzClient, kind: str, rng: random.Random) -> list[bytes]:
        """The frames of one fuzzed message of ``kind`` for ``client``'s situation
        (seasalt.testing.fuzz_frames); its actions are counted in :attr:`actions`."""
        return fuzz_frames.frames(client, kind, rng, self.actions)

    # --- the timers ---------------------------------------------------------------------------

    async def advance(self, seconds: float) -> None:
        """Move the server's clock (heartbeats, lost peers, takeovers, reading pauses)."""
        self.clock.advance(seconds)
        self.master.tick()
        self._raise_problems()

    def summary(self) -> list[str]:
        lines = [f"fuzzed frames: {sum(self.sent.values())}"]
        lines += [f"  {kind:18} {n}" for kind, n in sorted(self.sent.items())]
        lines.append(f"error codes received: {sum(self.errors.values())}")
        lines += [f"  {code:18} {n}" for code, n in sorted(self.errors.items())]
        lines.append(f"frames received (probe answers excluded): {sum(self.received.values())}")
        lines += [f"  {name:18} {n}" for name, n in sorted(self.received.items())]
        lines.append(f"actions sent: {sum(self.actions.values())}")
        lines += [f"  {name:22} {n}" for name, n in sorted(self.actions.items())]
        lines.append(f"game frames checked at the server (view, events, cards, invariants): "
                     f"{self.checked}")
        return lines


async def soak(
    server: Server,
    ctx: zmq.asyncio.Context,
    clock: ManualClock,
    frames: int,
    *,
    clients: int = 6,
    seed: int = 0,
    weights: dict[str, float] | None = None,
    progress: Callable[[Fuzzer], None] | None = None,
) -> Fuzzer:
    """Send ``frames`` fuzzed frames from ``clients`` connections at once, each seeded from
    ``seed`` (the interleaving between connections is up to the scheduler); return the fuzzer.

    Raises:
        FuzzFailure: at the first broken promise.
    """
    fuzzer = Fuzzer(server, ctx, clock)
    for _ in range(clients):
        fuzzer.add_client()
    kinds = list(KINDS)
    kind_weights = [(weights or {}).get(k, 1.0) for k in kinds]
    done = 0

    async def drive(index: int, count: int) -> None:
        nonlocal done
        rng = random.Random(seed * 1000 + index)
        for _ in range(count):
            kind = next_kind(fuzzer.clients[index], rng, kinds, kind_weights)
            await fuzzer.send(index, kind, rng)
            done += 1
            if index == 0 and rng.random() < 0.01:
                await fuzzer.advance(rng.choice([3.0, 7.0, 31.0, 80.0]))
            if progress is not None and done % 5000 == 0:
                progress(fuzzer)

    share, extra = divmod(frames, clients)
    try:
        await asyncio.gather(*(drive(i, share + (i < extra)) for i in range(clients)))
    finally:
        fuzzer.close()
    return fuzzer


__all__ = [
    "BAD", "CARD_FIELDS", "DROPPED", "KINDS",
    "FuzzClient", "FuzzFailure", "Fuzzer",
    "card_ids", "invariant_problems", "soak", "visible",
]
