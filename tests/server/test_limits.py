"""Abuse limits, driven by an injected clock on a socket-free master: the rate limit per
connection (checked before decoding), the session and table caps, name and chat limits with
control characters stripped, and the flags that set them."""

from __future__ import annotations

import msgpack
import pytest
from seasalt.protocol import (
    PROTOCOL_VERSION,
    Chat,
    ChatLine,
    Error,
    ErrorCode,
    Heartbeat,
    Hello,
    JoinOrCreate,
    ListTables,
    Message,
    Resume,
    ServerMessage,
    Tables,
    Welcome,
    encode,
)
from seasalt.server.botpool import BotPool
from seasalt.server.cli import config_from, parse_args
from seasalt.server.config import ManualClock, ServerConfig
from seasalt.server.journal import Journal
from seasalt.server.limits import PeerLimiter, TextRefused, clean_text, strip_control
from seasalt.server.master import Master
from seasalt.testing.server import RecordingWire

pytestmark = pytest.mark.timeout(20)


@pytest.fixture
def clock() -> ManualClock:
    return ManualClock()


def make_master(clock: ManualClock, wire: RecordingWire, **options: object) -> Master:
    config = ServerConfig(seed=3, bot_delay=0, bot_workers=0, **options)  # type: ignore[arg-type]
    return Master(config, clock, Journal(":memory:"), BotPool(0), wire.send)


def send(master: Master, peer: bytes, message: Message | bytes) -> None:
    frame = message if isinstance(message, bytes) else encode(message)
    master.handle(peer, [frame])


def codes(messages: list[ServerMessage]) -> list[ErrorCode | str]:
    return [m.code if isinstance(m, Error) else type(m).__name__ for m in messages]


def hello(master: Master, wire: RecordingWire, peer: bytes, name: str = "Ann") -> Welcome:
    send(master, peer, Hello(PROTOCOL_VERSION, name))
    reply = wire.take(peer)
    assert isinstance(reply[0], Welcome), reply
    return reply[0]


# --- the rate limit -------------------------------------------------------------------------


def test_a_flood_is_refused_before_decoding_and_refills_with_the_clock(
    clock: ManualClock,
) -> None:
    wire = RecordingWire()
    master = make_master(clock, wire, rate_limit=2.0, rate_burst=5.0)
    # Garbage from a peer with no session: within the burst each frame is decoded (and
    # refused as malformed); past it the frame is not even decoded, the first refusal of the
    # spell is answered and the rest dropped unanswered.
    for _ in range(8):
        send(master, b"flood", b"\xc1 not msgpack")
    assert codes(wire.take(b"flood")) == [ErrorCode.BAD_MESSAGE] * 5 + [ErrorCode.RATE_LIMITED]
    assert master.peer_limits.refused == 3
    clock.advance(0.5)  # one token at 2 a second
    send(master, b"flood", b"\xc1")
    send(master, b"flood", b"\xc1")
    send(master, b"flood", b"\xc1")
    assert codes(wire.take(b"flood")) == [ErrorCode.BAD_MESSAGE, ErrorCode.RATE_LIMITED]
    clock.advance(60)  # the bucket refills to the burst, no further
    for _ in range(6):
        send(master, b"flood", encode(Heartbeat()))
    assert codes(wire.take(b"flood")) == [ErrorCode.UNAUTHORIZED] * 5 + [ErrorCode.RATE_LIMITED]


def test_the_limit_is_per_connection(clock: ManualClock) -> None:
    wire = RecordingWire()
    master = make_master(clock, wire, rate_limit=1.0, rate_burst=3.0)
    hello(master, wire, b"calm")
    for _ in range(10):
        send(master, b"flood", b"junk")
    assert codes(wire.take(b"flood"))[-1] is ErrorCode.RATE_LIMITED
    send(master, b"calm", ListTables())
    assert codes(wire.take(b"calm")) == ["Tables"]


def test_a_session_cannot_dodge_the_limit_and_is_not_cut_off_for_good(
    clock: ManualClock,
) -> None:
    wire = RecordingWire()
    master = make_master(clock, wire, rate_limit=10.0, rate_burst=4.0)
    hello(master, wire, b"p")
    for _ in range(5):
        send(master, b"p", ListTables())
    replies = wire.take(b"p")
    assert codes(replies) == ["Tables"] * 3 + [ErrorCode.RATE_LIMITED]  # hello took one
    assert "slow down" in replies[-1].message  # type: ignore[union-attr]
    clock.advance(0.1)
    send(master, b"p", ListTables())
    assert isinstance(wire.take(b"p")[0], Tables)


def test_quiet_connections_are_forgotten_by_the_timers(clock: ManualClock) -> None:
    wire = RecordingWire()
    master = make_master(clock, wire, rate_limit=10.0, rate_burst=20.0)
    for i in range(50):
        send(master, b"peer%d" % i, b"x")
    assert len(master.peer_limits) == 50
    clock.advance(1.0)  # not yet refilled (20 / 10 = 2 s)
    master.tick()
    assert len(master.peer_limits) == 50
    clock.advance(1.5)
    master.tick()
    assert len(master.peer_limits) == 0


def test_the_bucket_rejects_nonsense_settings() -> None:
    with pytest.raises(ValueError, match="rate"):
        PeerLimiter(0, 10)
    with pytest.raises(ValueError, match="burst"):
        PeerLimiter(5, 0.5)


# --- caps on sessions and tables ------------------------------------------------------------


def test_at_the_session_cap_the_oldest_gone_lobby_session_makes_room(clock: ManualClock) -> None:
    wire = RecordingWire()
    master = make_master(clock, wire, max_sessions=2)
    first = hello(master, wire, b"a", "Ann")
    hello(master, wire, b"b", "Bob")
    send(master, b"c", Hello(PROTOCOL_VERSION, "Cy"))
    refusal = wire.take(b"c")[0]
    assert isinstance(refusal, Error) and refusal.code is ErrorCode.BAD_REQUEST
    assert "sessions" in refusal.message
    clock.advance(master.config.peer_timeout + 1)  # Ann and Bob are gone (at no table)
    send(master, b"b", Heartbeat())  # ...but Bob comes back
    hello(master, wire, b"c", "Cy")
    assert len(master.sessions.by_hash) == 2
    send(master, b"a2", Resume(PROTOCOL_VERSION, first.token))  # Ann's session was forgotten
    assert codes(wire.take(b"a2")) == [ErrorCode.UNAUTHORIZED]


def test_seated_sessions_are_never_evicted(clock: ManualClock) -> None:
    wire = RecordingWire()
    master = make_master(clock, wire, max_sessions=2)
    for peer in (b"a", b"b"):
        hello(master, wire, peer)
        send(master, peer, JoinOrCreate("t", ("human", "human", "human")))
        wire.take(peer)
    clock.advance(master.config.peer_timeout * 5)
    send(master, b"c", Hello(PROTOCOL_VERSION, "Cy"))
    assert codes(wire.take(b"c")) == [ErrorCode.BAD_REQUEST]
    assert all(s.table == "t" for s in master.sessions.by_hash.values())


def test_the_table_cap_refuses_a_new_table_but_not_joining_one(clock: ManualClock) -> None:
    wire = RecordingWire()
    master = make_master(clock, wire, max_tables=1)
    hello(master, wire, b"a")
    send(master, b"a", JoinOrCreate("one", ("human", "human")))
    wire.take(b"a")
    hello(master, wire, b"b")
    send(master, b"b", JoinOrCreate("two", ("human", "human")))
    refusal = wire.take(b"b")[0]
    assert isinstance(refusal, Error) and refusal.code is ErrorCode.BAD_REQUEST
    assert "tables" in refusal.message
    send(master, b"b", JoinOrCreate("one", ("human", "human")))
    assert "Joined" in codes(wire.take(b"b"))


# --- names and chat -------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("raw", "clean"),
    [
        ("Ann", "Ann"),
        ("\x1b[31mAnn\x1b[0m", "[31mAnn[0m"),  # the escape character goes, the rest is text
        ("An\u202en", "Ann"),  # a bidi override (category Cf)
        ("A\u200bn\ufeffn", "Ann"),  # zero-width space and BOM (Cf)
        ("A\x00n\x7fn\x9b", "Ann"),  # C0, DEL, C1
        ("  Zoë \U0001f980 ", "Zoë \U0001f980"),  # letters and emoji stay; outer space trimmed
        ("\ue000Ann\U000f0000", "Ann"),  # private use (Co)
    ],
)
def test_control_characters_are_stripped(raw: str, clean: str) -> None:
    assert strip_control(raw).strip() == clean
    assert clean_text("name", raw, 24) == clean


def test_text_with_nothing_printable_or_too_long_is_refused() -> None:
    with pytest.raises(TextRefused, match="nothing printable"):
        clean_text("name", "\x1b\u202e \t", 24)
    with pytest.raises(TextRefused, match="limit of 5"):
        clean_text("text", "abcdef", 5)
    assert clean_text("text", "abcde\x07", 5) == "abcde"  # counted after stripping


def test_the_server_caps_names_and_chat_lines(clock: ManualClock) -> None:
    wire = RecordingWire()
    master = make_master(clock, wire, max_name_length=5, max_chat_length=8)
    send(master, b"a", Hello(PROTOCOL_VERSION, "Annabelle"))
    refusal = wire.take(b"a")[0]
    assert isinstance(refusal, Error) and refusal.code is ErrorCode.BAD_REQUEST
    assert "name" in refusal.message and "5" in refusal.message
    hello(master, wire, b"a", " Ann ")
    assert master.sessions.of_peer(b"a").name == "Ann"  # type: ignore[union-attr]
    send(master, b"a", JoinOrCreate("t", ("human", "human")))
    wire.take(b"a")
    send(master, b"a", Chat("t", "way too long a line"))
    assert codes(wire.take(b"a")) == [ErrorCode.BAD_REQUEST]
    send(master, b"a", Chat("t", " hi all "))
    line = wire.take(b"a")[0]
    assert isinstance(line, ChatLine) and line.text == "hi all" and line.name == "Ann"


def test_control_characters_never_reach_other_players(clock: ManualClock) -> None:
    # The wire refuses them outright (protocol validation); the server's own stripping is the
    # second line should that ever be relaxed.
    wire = RecordingWire()
    master = make_master(clock, wire)
    hello(master, wire, b"a")
    send(master, b"a", JoinOrCreate("t", ("human", "human")))
    wire.take(b"a")
    for text in ("\x1b[2J", "bell\x07", "rtl\u202eevil"):
        send(master, b"a", msgpack.packb({"t": "chat", "table": "t", "text": text}))
    for name in ("\x1b[31mred", "zero\u200bwidth"):
        send(master, b"b", msgpack.packb({"t": "hello", "version": PROTOCOL_VERSION, "name": name}))
    assert codes(wire.take(b"a")) == [ErrorCode.BAD_MESSAGE] * 3
    assert codes(wire.take(b"b")) == [ErrorCode.BAD_MESSAGE] * 2


# --- the flags ------------------------------------------------------------------------------


def test_the_limit_flags_set_the_config() -> None:
    args = parse_args(
        [
            "--rate-limit", "5", "--rate-burst", "20", "--max-tables", "3",
            "--max-sessions", "40", "--max-name-length", "12", "--max-chat-length", "80",
            "--db", ":memory:",
        ]
    )
    config = config_from(args)
    assert (config.rate_limit, config.rate_burst) == (5.0, 20.0)
    assert (config.max_tables, config.max_sessions) == (3, 40)
    assert (config.max_name_length, config.max_chat_length) == (12, 80)
    defaults = config_from(parse_args(["--db", ":memory:"]))
    assert defaults.rate_limit == ServerConfig().rate_limit
    assert defaults.max_sessions == ServerConfig().max_sessions


@pytest.mark.parametrize(
    "argv",
    [
        ["--rate-limit", "0"],
        ["--rate-limit", "fast"],
        ["--max-sessions", "0"],
        ["--max-name-length", "25"],  # above the protocol's 24
        ["--max-chat-length", "-1"],
        ["--rate-burst", "0.5"],  # one frame must fit in a burst
    ],
)
def test_bad_limit_flags_are_clear_errors(
    argv: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as exit_info:
        parse_args(argv)
    assert exit_info.value.code == 2
    assert argv[0] in capsys.readouterr().err


def test_the_per_address_caps_exempt_this_machines_own_addresses(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A server listening on its LAN address runs its browser guests' clients from that
    address: this machine, as loopback is, not one remote machine sharing one budget."""
    from seasalt.server import limits

    monkeypatch.setattr(limits, "interface_addresses", lambda: ["192.168.1.20", "127.0.0.1"])
    limits.own_addresses.cache_clear()
    try:
        assert limits.capped_address("192.168.1.20", True) is None
        assert limits.capped_address("::ffff:192.168.1.20", True) is None
        assert limits.capped_address("127.0.0.5", True) is None
        assert limits.capped_address("192.168.1.21", True) == "192.168.1.21"
        assert limits.capped_address("192.168.1.20", False) == "192.168.1.20"
        assert limits.capped_address(None, False) is None
    finally:
        limits.own_addresses.cache_clear()
