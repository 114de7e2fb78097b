"""What the protocol fuzzer sends (seasalt.testing.fuzzing drives it and checks the answers).

The fuzz tables and their usual seats (some with Extra Pepper), the frame kinds (valid, bad
with the error codes that may answer each, and one over the socket limit), what a fuzz
connection knows of its session and table (:class:`FuzzClient`), and the frames of each kind
for that situation: valid messages, random actions (Extra Pepper's among them), malformed
shapes and types, other protocol versions, junk bytes. Every choice comes from the ``rng``
passed in, so a seeded run sends the same frames.
"""

from __future__ import annotations

import random
import string
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import zmq.asyncio
from seasalt.engine import Action as EngineAction
from seasalt.engine import Call as CallAction
from seasalt.engine import (
    CallKind,
    ChooseCrabPile,
    DrawFromDeck,
    EndTurn,
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
)
from seasalt.protocol import (
    MAX_MESSAGE_SIZE,
    PROTOCOL_VERSION,
    ActionRequest,
    Chat,
    Continue,
    Error,
    ErrorCode,
    Heartbeat,
    Hello,
    Joined,
    JoinOrCreate,
    Left,
    ListTables,
    Message,
    PlayAgain,
    Resume,
    ServerMessage,
    Snapshot,
    Sync,
    Update,
    Watch,
    Welcome,
    action_to_wire,
    encode,
    pack,
    tag_name,
)
from seasalt.protocol.messages import Away, Leave

# --- the tables ---------------------------------------------------------------------------------

_PATTERNS = (("human", "bot:random"), ("human", "human"), ("human", "human", "bot:random"))
TABLES = tuple(f"f{i}" for i in range(9))
SEATS = {name: _PATTERNS[i % len(_PATTERNS)] for i, name in enumerate(TABLES)}
"""Each fuzz table's usual seats: joins mostly match, so games start and run; enough tables
that a connection without a seat usually finds a free one."""
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

# --- the kinds of frame -------------------------------------------------------------------------

VALID = (
    "hello", "resume_own", "list", "join", "watch", "leave", "play", "continue",
    "play_again", "sync", "chat", "heartbeat", "away",
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

# --- a connection's situation -------------------------------------------------------------------


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


# --- the frames ---------------------------------------------------------------------------------


def frames(
    client: FuzzClient, kind: str, rng: random.Random, actions: Counter[str]
) -> list[bytes]:
    """The frames of one fuzzed message of ``kind`` (not :data:`DROPPED`) for ``client``'s
    situation; ``actions`` counts the actions among them by wire type."""
    if kind == "multi_frame":
        return [encode(ListTables()), _junk(rng, 1, 40)]
    return [_frame(client, kind, rng, actions)]


def _away(c: FuzzClient) -> bytes:
    """``away``: a seat in a game goes to a bot and the connection loses its session (the
    client closes next), so this one says ``resume`` again before the game paths go on."""
    c.bound = False
    return encode(Away())


def _frame(c: FuzzClient, kind: str, rng: random.Random, actions: Counter[str]) -> bytes:
    table = c.table if c.table is not None and rng.random() < 0.8 else rng.choice(TABLES)
    makers: dict[str, Callable[[], bytes]] = {
        "hello": lambda: encode(Hello(PROTOCOL_VERSION, _name(rng))),
        "resume_own": lambda: encode(
            Resume(PROTOCOL_VERSION, c.token) if c.token else Hello(PROTOCOL_VERSION, "R")
        ),
        "list": lambda: encode(ListTables()),
        "join": lambda: encode(_join(rng)),
        "watch": lambda: encode(Watch(rng.choice(TABLES))),
        "leave": lambda: encode(Leave()),
        "away": lambda: _away(c),
        "play": lambda: encode(_play(c, rng, actions)),
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
        "stale_seq": lambda: encode(_stale(c, rng, actions)),
        "illegal_action": lambda: encode(_illegal(c, rng, actions)),
        "other_seat": lambda: encode(_other_seat(c, rng, actions)),
    }
    return makers[kind]()


def _join(rng: random.Random) -> JoinOrCreate:
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


def _action(
    table: str, seq: int, action: EngineAction, actions: Counter[str]
) -> ActionRequest:
    actions[tag_name(type(action))] += 1
    return ActionRequest(table, seq, action)


def _play(c: FuzzClient, rng: random.Random, actions: Counter[str]) -> Message:
    if c.view is not None and c.table and c.seq is not None and c.view.legal_actions:
        return _action(c.table, c.seq, rng.choice(c.view.legal_actions), actions)
    return Heartbeat()


def _stale(c: FuzzClient, rng: random.Random, actions: Counter[str]) -> ActionRequest:
    seq = c.seq if c.seq is not None else 0
    # behind the table (which never goes back), or far ahead of anything it can reach
    stale = max(0, seq - 1 - rng.randrange(3)) if seq > 0 else seq + 10_000
    if c.view is not None and c.view.legal_actions:
        action = rng.choice(c.view.legal_actions)
    else:
        action = DrawFromDeck()
    return _action(c.table or rng.choice(TABLES), stale, action, actions)


def _illegal(c: FuzzClient, rng: random.Random, actions: Counter[str]) -> ActionRequest:
    legal = set(c.view.legal_actions) if c.view is not None else set()
    for _ in range(20):
        action = random_action(rng)
        if action not in legal:
            break
    else:
        action = EndTurn() if EndTurn() not in legal else DrawFromDeck()
    return _action(c.table or rng.choice(TABLES), c.seq or 0, action, actions)


def _other_seat(c: FuzzClient, rng: random.Random, actions: Counter[str]) -> ActionRequest:
    """An action while another seat is to act, or at a table this client has no seat at."""
    tables = [t for t in TABLES if t != c.table] if c.seat is not None else list(TABLES)
    if c.view is not None and c.seat is not None and c.view.to_act not in (c.seat, None):
        table = c.table or rng.choice(TABLES)
    else:
        table = rng.choice(tables)
    return _action(table, c.seq or 0, rng.choice((DrawFromDeck(), TakeDiscard(0))), actions)


# --- random pieces ------------------------------------------------------------------------------


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
