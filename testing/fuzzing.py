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

Not used by the server itself (it was seasalt.server.fuzzing). The oracles it checks with are
seasalt.engine.testing's.
"""

from __future__ import annotations

import asyncio
import random
import string
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import zmq
import zmq.asyncio
from seasalt.engine import Action as EngineAction
from seasalt.engine import Call as CallAction
from seasalt.engine import (
    CallKind,
    ChooseCrabPile,
    DrawFromDeck,
    EndTurn,
    Event,
    EventCard,
    KeepCard,
    KeepEventCard,
    KeepLobsterCard,
    LookAtHand,
    PassSwap,
    PlaceShellFaceDown,
    PlayerView,
    PlayPair,
    PlayTrio,
    Rob,
    StealPair,
    SwapCard,
    TakeAngelfishCard,
    TakeCrabCard,
    TakeDiscard,
    events_for,
    view,
)
from seasalt.engine.testing import invariant_problems, visible
from seasalt.protocol import (
    MAX_MESSAGE_SIZE,
    MAX_SERVER_MESSAGE_SIZE,
    PROTOCOL_VERSION,
    SOCKET_MAX_MESSAGE_SIZE,
    ActionRequest,
    Chat,
    Continue,
    DecodeError,
    Error,
    ErrorCode,
    GameOver,
    Heartbeat,
    Hello,
    Joined,
    JoinOrCreate,
    Left,
    ListTables,
    Message,
    PlayAgain,
    Resume,
    RoundOver,
    ServerMessage,
    Snapshot,
    Sync,
    Update,
    Watch,
    Welcome,
    action_to_wire,
    decode_server_message,
    encode,
    pack,
    tag_name,
    unpack,
)
from seasalt.protocol.messages import Leave
from seasalt.server.app import Server
from seasalt.server.config import ManualClock
from seasalt.server.master import Master

from .server import CARD_FIELDS, card_ids

_PATTERNS = (("human", "bot:random"), ("human", "human"), ("human", "human", "bot:random"))
TABLES = tuple(f"f{i}" for i in range(9))
SEATS = {name: _PATTERNS[i % len(_PATTERNS)] for i, name in enumerate(TABLES)}
MORE_TABLES = 150
"""Joins also try tables g0..g149 (under the server's default cap of 256 tables)."""
PEPPER_TABLES = frozenset(
    {*TABLES[3:6], *(f"g{n}" for n in range(MORE_TABLES) if (n // len(_PATTERNS)) % 2)}
)
"""Tables usually asked for with Extra Pepper (every seat pattern among them), so its games
run and the fuzzer plays (and mangles) its actions; joins sometimes ask for the other."""
PEPPER_ACTIONS = frozenset(tag_name(cls) for cls in (
    TakeAngelfishCard, LookAtHand, SwapCard, PassSwap, StealPair, PlaceShellFaceDown,
    KeepEventCard,
))
"""The wire types of Extra Pepper's actions (RULES §12.14)."""
"""Each fuzz table's usual seats: joins mostly match, so games start and run; enough tables
that a connection without a seat usually finds a free one."""

VALID = (
    "hello", "resume_own", "list", "join", "watch", "leave", "play", "continue",
    "play_again", "sync", "chat", "heartbeat",
)
BAD: dict[str, frozenset[ErrorCode]] = {
    "random_bytes": frozenset({ErrorCode.BAD_MESSAGE}),
    "wrong_shape": frozenset({ErrorCode.BAD_MESSAGE}),
    "unknown_tag": frozenset({ErrorCode.BAD_MESSAGE}),
    "server_tag": frozenset({ErrorCode.BAD_MESSAGE}),
    "wrong_types": frozenset({ErrorCode.BAD_MESSAGE, ErrorCode.VERSION_MISMATCH}),
    "version_mismatch": frozenset({ErrorCode.VERSION_MISMATCH}),
    "multi_frame": frozenset({ErrorCode.BAD_MESSAGE}),
    "too_large": frozenset({ErrorCode.TOO_LARGE}),
    "bad_token": frozenset({ErrorCode.UNAUTHORIZED}),
    "stale_seq": frozenset(
        {ErrorCode.STALE_SEQ, ErrorCode.NOT_YOUR_TURN, ErrorCode.NOT_SEATED,
         ErrorCode.GAME_OVER, ErrorCode.UNKNOWN_TABLE, ErrorCode.UNAUTHORIZED}
    ),
    "illegal_action": frozenset(
        {ErrorCode.ILLEGAL_ACTION, ErrorCode.NOT_YOUR_TURN, ErrorCode.NOT_SEATED,
         ErrorCode.STALE_SEQ, ErrorCode.GAME_OVER, ErrorCode.UNKNOWN_TABLE,
         ErrorCode.UNAUTHORIZED}
    ),
    "other_seat": frozenset(
        {ErrorCode.NOT_YOUR_TURN, ErrorCode.NOT_SEATED, ErrorCode.GAME_OVER,
         ErrorCode.UNKNOWN_TABLE, ErrorCode.UNAUTHORIZED, ErrorCode.STALE_SEQ}
    ),
}
"""Bad frame kinds and the error codes that may answer each."""
DROPPED = "over_socket_limit"
"""A frame over libzmq's MAXMSGSIZE: no answer, the connection is dropped."""
KINDS = (*VALID, *BAD, DROPPED)

class FuzzFailure(AssertionError):
    """The server broke a promise; the message says which."""


# --- the clients ------------------------------------------------------------------------------


@dataclass
class FuzzClient:
    sock: zmq.asyncio.Socket
    token: str | None = None
    bound: bool = False
    """A session is bound to this connection (hello or resume answered)."""
    table: str | None = None
    seat: int | None = None
    seq: int | None = None
    view: PlayerView | None = None
    frames: int = 0

    def track(self, msg: ServerMessage) -> None:
        if isinstance(msg, Welcome):
            self.token, self.bound = msg.token, True
            if not msg.resumed:
                self.table = self.seat = self.seq = None
                self.view = None
        elif isinstance(msg, Joined):
            self.table, self.seat, self.seq, self.view = msg.table, msg.seat, None, None
        elif isinstance(msg, Left):
            self.table = self.seat = self.seq = None
            self.view = None
        elif isinstance(msg, Snapshot | Update) and msg.table == self.table:
            self.seq, self.view = msg.seq, msg.view
        elif isinstance(msg, Error) and msg.code is ErrorCode.SESSION_REPLACED:
            self.bound = False


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
            table: Any, action: Any, result: Any, takeover: Any = None
        ) -> None:
            self._step_events[table.name] = result.events
            commit(table, action, result, takeover)

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
        """The frames of one fuzzed message of ``kind`` for ``client``'s situation."""
        if kind == "multi_frame":
            return [encode(ListTables()), _junk(rng, 1, 40)]
        return [self._frame(client, kind, rng)]

    def _frame(self, c: FuzzClient, kind: str, rng: random.Random) -> bytes:
        table = c.table if c.table is not None and rng.random() < 0.8 else rng.choice(TABLES)
        makers: dict[str, Callable[[], bytes]] = {
            "hello": lambda: encode(Hello(PROTOCOL_VERSION, _name(rng))),
            "resume_own": lambda: encode(
                Resume(PROTOCOL_VERSION, c.token) if c.token else Hello(PROTOCOL_VERSION, "R")
            ),
            "list": lambda: encode(ListTables()),
            "join": lambda: encode(self._join(rng)),
            "watch": lambda: encode(Watch(rng.choice(TABLES))),
            "leave": lambda: encode(Leave()),
            "play": lambda: encode(self._play(c, rng)),
            "continue": lambda: encode(Continue(table)),
            "play_again": lambda: encode(PlayAgain(table)),
            "sync": lambda: encode(Sync(table)),
            "chat": lambda: encode(Chat(table, _name(rng) + " " + _name(rng))),
            "heartbeat": lambda: encode(Heartbeat()),
            "random_bytes": lambda: _junk(rng, 1, 300),
            "wrong_shape": lambda: pack(_wrong_shape(rng)),
            "unknown_tag": lambda: pack({"t": rng.choice(["teleport", "", "HELLO", "act"])}),
            "server_tag": lambda: pack({"t": rng.choice(["welcome", "update", "error"])}),
            "wrong_types": lambda: pack(_wrong_types(rng)),
            "version_mismatch": lambda: pack(_other_version(rng)),
            "too_large": lambda: pack(
                {"t": "chat", "table": table, "text": "x" * (MAX_MESSAGE_SIZE + rng.randrange(999))}
            ),
            "bad_token": lambda: encode(Resume(PROTOCOL_VERSION, _token(rng))),
            "stale_seq": lambda: encode(self._stale(c, rng)),
            "illegal_action": lambda: encode(self._illegal(c, rng)),
            "other_seat": lambda: encode(self._other_seat(c, rng)),
        }
        return makers[kind]()

    def _join(self, rng: random.Random) -> JoinOrCreate:
        # Tables whose seats are held by sessions that went away stay full until a bot takes
        # over and everyone leaves; a wider pool of names keeps new games starting.
        if rng.random() < 0.7:
            table, usual = rng.choice(TABLES), None
        else:
            number = rng.randrange(MORE_TABLES)
            table, usual = f"g{number}", _PATTERNS[number % len(_PATTERNS)]
        seats = usual or SEATS[table]
        if rng.random() < 0.15:
            seats = rng.choice(_PATTERNS)
        pepper = (table in PEPPER_TABLES) != (rng.random() < 0.05)
        return JoinOrCreate(table, seats, extra_salt=rng.random() < 0.1, extra_pepper=pepper)

    def _action(self, table: str, seq: int, action: EngineAction) -> ActionRequest:
        self.actions[tag_name(type(action))] += 1
        return ActionRequest(table, seq, action)

    def _play(self, c: FuzzClient, rng: random.Random) -> Message:
        if c.view is not None and c.table and c.seq is not None and c.view.legal_actions:
            return self._action(c.table, c.seq, rng.choice(c.view.legal_actions))
        return Heartbeat()

    def _stale(self, c: FuzzClient, rng: random.Random) -> ActionRequest:
        seq = c.seq if c.seq is not None else 0
        # behind the table (which never goes back), or far ahead of anything it can reach
        stale = max(0, seq - 1 - rng.randrange(3)) if seq > 0 else seq + 10_000
        if c.view is not None and c.view.legal_actions:
            action = rng.choice(c.view.legal_actions)
        else:
            action = DrawFromDeck()
        return self._action(c.table or rng.choice(TABLES), stale, action)

    def _illegal(self, c: FuzzClient, rng: random.Random) -> ActionRequest:
        legal = set(c.view.legal_actions) if c.view is not None else set()
        for _ in range(20):
            action = random_action(rng)
            if action not in legal:
                break
        else:
            action = EndTurn() if EndTurn() not in legal else DrawFromDeck()
        return self._action(c.table or rng.choice(TABLES), c.seq or 0, action)

    def _other_seat(self, c: FuzzClient, rng: random.Random) -> ActionRequest:
        """An action while another seat is to act, or at a table this client has no seat at."""
        tables = [t for t in TABLES if t != c.table] if c.seat is not None else list(TABLES)
        if c.view is not None and c.seat is not None and c.view.to_act not in (c.seat, None):
            table = c.table or rng.choice(TABLES)
        else:
            table = rng.choice(tables)
        return self._action(table, c.seq or 0, rng.choice((DrawFromDeck(), TakeDiscard(0))))

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


# --- random pieces ----------------------------------------------------------------------------


def random_action(rng: random.Random) -> EngineAction:
    """Any engine action with random (often impossible) card ids, piles and seats."""
    c, d = rng.randrange(66), rng.randrange(66)
    options: list[EngineAction] = [
        DrawFromDeck(), TakeDiscard(rng.randrange(2)), KeepCard(c, rng.choice([0, 1, None])),
        PlayPair((min(c, d), max(c, d))), PlayTrio((c, d), rng.randrange(66)),
        ChooseCrabPile(rng.randrange(2)), TakeCrabCard(c), Rob(rng.randrange(4)),
        KeepLobsterCard(c), CallAction(rng.choice(list(CallKind))), EndTurn(),
        # Extra Pepper's (RULES §12.14), at any table: illegal without it, and mostly with it
        TakeAngelfishCard(rng.randrange(2)), LookAtHand(rng.randrange(4)), SwapCard(c, d),
        PassSwap(), StealPair((min(c, d), max(c, d))), PlaceShellFaceDown(c),
        KeepEventCard(rng.choice(list(EventCard))),
    ]
    return rng.choice(options)


def _junk(rng: random.Random, low: int, high: int) -> bytes:
    return bytes(rng.randrange(256) for _ in range(rng.randrange(low, high)))


def _name(rng: random.Random) -> str:
    return "".join(rng.choice(string.ascii_letters) for _ in range(rng.randrange(1, 12)))


def _token(rng: random.Random) -> str:
    return "".join(rng.choice(string.ascii_letters + "-_") for _ in range(rng.randrange(8, 40)))


def _wrong_shape(rng: random.Random) -> Any:
    return rng.choice(
        [
            [1, 2, 3],
            "hello",
            42,
            None,
            {"version": 1, "name": "x"},
            {"t": "hello", "version": PROTOCOL_VERSION},
            {"t": "list_tables", "admin": True},
            {"t": "action", "table": "f0", "seq": 0, "action": {"type": "cheat"}},
            {"t": "action", "table": "f0", "seq": -1, "action": action_to_wire(EndTurn())},
            {"t": "join_or_create", "table": "f0", "seats": ["human"] * 9},
            {"t": "join_or_create", "table": "f0", "seats": ["bot:random", "bot:random"]},
            {"t": "chat", "table": "f0", "text": "\x1b[2J"},
            {"t": "hello", "version": PROTOCOL_VERSION, "name": "a" * 200},
            {"t": "watch", "table": ""},
        ]
    )


def _other_version(rng: random.Random) -> dict[str, Any]:
    version = PROTOCOL_VERSION + 1 + rng.randrange(9)
    return {"t": rng.choice(["hello", "resume"]), "version": version, "name": "x", "token": "abc"}


def _wrong_types(rng: random.Random) -> Any:
    return rng.choice(
        [
            {"t": "hello", "version": "1", "name": "x"},
            {"t": "hello", "version": PROTOCOL_VERSION, "name": 7},
            {"t": "action", "table": "f0", "seq": "3", "action": action_to_wire(EndTurn())},
            {"t": "action", "table": ["f0"], "seq": 3, "action": action_to_wire(EndTurn())},
            {"t": "join_or_create", "table": "f0", "seats": "human,human"},
            {"t": "join_or_create", "table": "f3", "seats": ["human", "bot:random"],
             "extra_pepper": rng.choice([1, "yes", None])},
            {"t": "action", "table": "f3", "seq": 3,
             "action": {"type": "keep_event_card", "event": rng.choice(["salt", 7, None])}},
            {"t": "sync", "table": 3.5},
            {"t": "chat", "table": "f0", "text": b"bytes"},
            {"t": "resume", "version": PROTOCOL_VERSION, "token": None},
        ]
    )


def next_kind(
    client: FuzzClient, rng: random.Random, kinds: list[str], weights: list[float]
) -> str:
    """A plausible next frame kind: sessions and seats first, then mostly play, with every
    kind of bad frame mixed in."""
    if not client.bound:  # mostly open a session first, so the game paths get exercised
        kind = "hello" if client.token is None else "resume_own"
        return kind if rng.random() < 0.9 else rng.choices(kinds, weights)[0]
    if client.view is not None and client.view.is_over and rng.random() < 0.5:
        return rng.choice(["play_again", "leave"])
    if client.table is None and rng.random() < 0.5:
        return "join"
    if client.view is not None and client.view.legal_actions and rng.random() < 0.6:
        return "play"
    return rng.choices(kinds, weights)[0]


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
    "BAD", "CARD_FIELDS", "DROPPED", "KINDS", "PEPPER_ACTIONS", "PEPPER_TABLES", "VALID",
    "FuzzClient", "FuzzFailure", "Fuzzer",
    "card_ids", "invariant_problems", "random_action", "soak", "visible",
]
