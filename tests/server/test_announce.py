"""The server's mDNS announcer (server/announce.py) without a network: what it counts in the
lobby, where it announces, its rate-limited updates from its own thread, and a zeroconf failure
that is one warning line, never a crash. A fake zeroconf stands at the boundary; the real one
is tested across network namespaces (tests/e2e/test_lan_discovery.py)."""

from __future__ import annotations

import functools
import itertools
import logging
import threading
import time
from typing import Any, ClassVar

import pytest
import zeroconf
import zmq.asyncio
from seasalt.common import addresses
from seasalt.protocol import Joined, JoinOrCreate
from seasalt.protocol.discovery import SERVICE_TYPE, Announcement, read_txt
from seasalt.server import announce
from seasalt.server.cli import config_from, parse_args
from seasalt.server.config import ServerConfig
from seasalt.testing.server import RawClient, running_server
from seasalt.testing.waiting import stretched, until, until_sync

pytestmark = pytest.mark.timeout(60)


class FakeZeroconf:
    """Records what the announcer asks of zeroconf (its ServiceInfo objects are real)."""

    instances: ClassVar[list[FakeZeroconf]] = []
    fail_init: ClassVar[Exception | None] = None
    fail_register: ClassVar[Exception | None] = None

    def __init__(self, interfaces: Any = None, ip_version: Any = None) -> None:
        if FakeZeroconf.fail_init is not None:
            raise FakeZeroconf.fail_init
        self.interfaces = interfaces
        self.calls: list[tuple[str, float, dict[bytes, bytes | None]]] = []
        self.closed = threading.Event()
        FakeZeroconf.instances.append(self)

    def _note(self, what: str, info: Any) -> None:
        self.calls.append((what, time.monotonic(), dict(info.properties)))

    def register_service(self, info: Any, allow_name_change: bool = False) -> None:
        if FakeZeroconf.fail_register is not None:
            raise FakeZeroconf.fail_register
        assert allow_name_change  # a second "kitchen" on the LAN becomes "kitchen (2)"
        self._note("register", info)

    def update_service(self, info: Any) -> None:
        self._note("update", info)

    def unregister_service(self, info: Any) -> None:
        self._note("unregister", info)

    def close(self) -> None:
        self.closed.set()

    def latest(self) -> Announcement:
        return read_txt(self.calls[-1][2])


@pytest.fixture
def fake_zc(monkeypatch: pytest.MonkeyPatch) -> type[FakeZeroconf]:
    FakeZeroconf.instances = []
    FakeZeroconf.fail_init = FakeZeroconf.fail_register = None
    monkeypatch.setattr(zeroconf, "Zeroconf", FakeZeroconf)
    return FakeZeroconf


async def test_the_lobby_counts_tables_and_players_waiting() -> None:
    ctx = zmq.asyncio.Context()
    async with running_server() as server:
        assert server.master is not None
        assert announce.lobby_counts(server.master.tables.values()) == (0, 0)
        ann, bob = RawClient(ctx, server.local_endpoint), RawClient(ctx, server.local_endpoint)
        await ann.hello("Ann")
        await ann.send(JoinOrCreate("three", ("human", "human", "human")))
        await ann.expect(Joined)
        await bob.hello("Bob")
        await bob.send(JoinOrCreate("three", ("human", "human", "human")))
        await bob.expect(Joined)
        assert announce.lobby_counts(server.master.tables.values()) == (1, 2)
        # a solo-like table starts at once: nobody waits there
        solo = RawClient(ctx, server.local_endpoint)
        await solo.hello("Cy")
        await solo.send(JoinOrCreate("bots", ("human", "bot:random")))
        await solo.expect(Joined)
        assert announce.lobby_counts(server.master.tables.values()) == (1, 2)
        for c in (ann, bob, solo):
            c.close()
    ctx.destroy(linger=0)


def test_where_it_announces(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(
        announce, "interface_addresses", lambda: ["127.0.0.1", "10.231.1.1", "192.168.1.20"]
    )
    assert announce.announced_addresses("0.0.0.0") == ["10.231.1.1", "192.168.1.20"]
    assert announce.announced_addresses("::") == ["10.231.1.1", "192.168.1.20"]
    assert announce.announced_addresses("192.168.1.20") == ["192.168.1.20"]
    assert announce.announced_addresses("127.0.0.1") == []
    assert announce.announced_addresses("fd00::1") == []
    for host in ("127.0.0.1", "127.0.0.2", "::1", "[::1]", "localhost"):
        assert addresses.is_loopback(host)
    assert not addresses.is_loopback("0.0.0.0")


def test_the_command_line_options() -> None:
    config = config_from(parse_args(["--db", ":memory:"]))
    assert config.announce and config.announce_name is None  # the machine's name, when announced
    args = parse_args(["--no-announce", "--announce-name", " Kitchen\x07 table "])
    config = config_from(args)
    assert not config.announce and config.announce_name == "Kitchen table"


class _Server:
    """What start_announcing reads of a started server."""

    port = 4242
    master = None


def test_not_announced_off_loopback_and_with_mdns_off(
    fake_zc: type[FakeZeroconf], monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    with caplog.at_level(logging.INFO, logger="seasalt.server"):
        assert announce.start_announcing(ServerConfig(announce=False), _Server()) is None
        # the suite runs with SEASALT_NO_MDNS=1 (tests/conftest.py)
        assert announce.start_announcing(ServerConfig(), _Server()) is None
        assert "SEASALT_NO_MDNS is set" in caplog.text
        monkeypatch.delenv("SEASALT_NO_MDNS")
        assert announce.start_announcing(ServerConfig(host="127.0.0.1"), _Server()) is None
        assert "loopback only" in caplog.text
        monkeypatch.setattr(announce, "interface_addresses", lambda: ["127.0.0.1"])
        assert announce.start_announcing(ServerConfig(host="0.0.0.0"), _Server()) is None
        assert "no network interface" in caplog.text
    assert fake_zc.instances == []


def test_the_announcer_registers_updates_at_a_bounded_rate_and_says_goodbye(
    fake_zc: type[FakeZeroconf],
) -> None:
    interval = 0.3
    key = "rq:rM>}U?@Lns47E1%kR.o@n%FcmmsL/@{H8]yf7"
    announcer = announce.Announcer(
        Announcement("kitchen", server_key=key), 4242, ["10.231.1.1"], min_interval=interval
    )
    announcer.start()
    until_sync(lambda: announcer.registered_name is not None)
    zc = fake_zc.instances[0]
    assert zc.interfaces == ["10.231.1.1"]
    assert announcer.registered_name == f"kitchen.{SERVICE_TYPE}"
    assert zc.latest() == Announcement("kitchen", server_key=key)
    for n in range(1, 8):  # a busy lobby: seven changes in a row
        announcer.set_counts(n, 2 * n)
    until_sync(lambda: zc.latest().tables == 7)
    assert zc.latest().waiting == 14 and zc.latest().server_key == key
    times = [at for what, at, _ in zc.calls if what in ("register", "update")]
    gaps = [b - a for a, b in itertools.pairwise(times)]
    assert gaps and all(gap >= interval * 0.99 for gap in gaps), gaps
    assert announcer.updates == len(gaps) < 7  # the changes were merged, not each sent
    announcer.set_counts(7, 14)  # no change: nothing is sent
    announcer.stop()
    assert [what for what, _, _ in zc.calls][-1] == "unregister" and zc.closed.is_set()
    assert announcer.updates == len(gaps)


def test_stop_does_not_wait_out_the_rate_limit(fake_zc: type[FakeZeroconf]) -> None:
    announcer = announce.Announcer(Announcement("k"), 1, ["10.231.1.1"], min_interval=60)
    announcer.start()
    until_sync(lambda: announcer.registered_name is not None)
    announcer.set_counts(1, 1)  # waits 60 s before it may send this...
    started = time.monotonic()
    announcer.stop()  # ...but stopping wakes it
    assert time.monotonic() - started < stretched(5)
    assert fake_zc.instances[0].closed.is_set()


@pytest.mark.parametrize("where", ["init", "register"])
def test_a_zeroconf_failure_is_one_warning_and_the_server_goes_on(
    fake_zc: type[FakeZeroconf], caplog: pytest.LogCaptureFixture, where: str
) -> None:
    failure = OSError(19, "No such device")
    if where == "init":
        fake_zc.fail_init = failure
    else:
        fake_zc.fail_register = failure
    announcer = announce.Announcer(Announcement("k"), 1, ["10.231.1.1"])
    with caplog.at_level(logging.WARNING, logger="seasalt.server"):
        announcer.start()
        announcer._thread.join(10)
        assert not announcer._thread.is_alive()
        announcer.set_counts(3, 3)  # the lobby goes on feeding it: harmless
        announcer.stop()
    lines = [r for r in caplog.records if r.name == "seasalt.server"]
    assert len(lines) == 1 and lines[0].levelno == logging.WARNING
    message = lines[0].getMessage()
    assert "on the LAN (mDNS)" in message and "No such device" in message
    if where == "register":
        assert fake_zc.instances[0].closed.is_set()


async def test_the_event_loop_feeds_the_counts(
    fake_zc: type[FakeZeroconf], monkeypatch: pytest.MonkeyPatch
) -> None:
    """start_announcing on a running server: the loop's watcher reads the lobby, the thread
    sends the change, and stop says goodbye."""
    monkeypatch.delenv("SEASALT_NO_MDNS")
    monkeypatch.setattr(announce, "interface_addresses", lambda: ["127.0.0.1", "10.231.1.1"])
    monkeypatch.setattr(announce, "LOBBY_POLL", 0.05)
    # The rate limit is Announcer's default argument (bound when the class was made: patching
    # MIN_UPDATE_INTERVAL would leave the real 2 s wait in this test).
    monkeypatch.setattr(announce.Announcer, "__init__",
                        functools.partialmethod(announce.Announcer.__init__, min_interval=0.05))
    ctx = zmq.asyncio.Context()
    # host 0.0.0.0 is only what the announcer reads: the fake zeroconf sends nothing, and the
    # server itself listens on loopback (running_server's socket is bound before this config)
    async with running_server() as server:
        config = ServerConfig(host="0.0.0.0", announce_name="den")
        announcing = announce.start_announcing(config, server)
        assert announcing is not None
        await until(lambda: bool(fake_zc.instances) and bool(fake_zc.instances[0].calls))
        zc = fake_zc.instances[0]
        assert zc.latest() == Announcement("den")
        ann = RawClient(ctx, server.local_endpoint)
        await ann.hello("Ann")
        await ann.send(JoinOrCreate("t", ("human", "human")))
        await ann.expect(Joined)
        await until(lambda: (zc.latest().tables, zc.latest().waiting) == (1, 1))
        await announce.stop_announcing(announcing)
        assert zc.closed.is_set() and zc.calls[-1][0] == "unregister"
        ann.close()
    ctx.destroy(linger=0)

