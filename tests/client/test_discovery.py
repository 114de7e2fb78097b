"""The client's side of LAN discovery without a network (client/net/discovery.py): resolving what a
browser hears, ignoring bad announcements with one log line, ``discover`` and
``seasalt-client --discover`` over a fake feed. The real network test is
tests/e2e/test_lan_discovery.py."""

from __future__ import annotations

import ipaddress
import logging
import threading
from collections.abc import Callable
from typing import Any

import pytest
from seasalt.client.cli import main as client_main
from seasalt.client.discovery_cli import run_discover
from seasalt.client.net import discovery as d
from seasalt.client.words.i18n import set_language
from seasalt.protocol import PROTOCOL_VERSION
from seasalt.protocol.discovery import SERVICE_TYPE, Announcement, announcement_txt
from seasalt.testing.shell import shell_words

KEY = "rq:rM>}U?@Lns47E1%kR.o@n%FcmmsL/@{H8]yf7"


def txt(**fields: Any) -> dict[bytes, bytes | None]:
    a = Announcement(**{"name": "kitchen", **fields})
    return {k.encode(): v.encode() for k, v in announcement_txt(a).items()}


def server(name: str = "kitchen", host: str = "10.231.1.1", **fields: Any) -> d.FoundServer:
    return d.FoundServer(
        f"{name}.{SERVICE_TYPE}", host, 7327, Announcement(name, **fields)
    )


class FakeFeed:
    """A browser that hands each event to the sink from its own thread, like zeroconf's."""

    def __init__(self, *events: d.DiscoveryEvent) -> None:
        self.events = events
        self.stopped = threading.Event()

    def __call__(self, sink: d.EventSink) -> d.Browsing:
        def run() -> None:
            for event in self.events:
                sink(event)

        threading.Thread(target=run).start()
        return self

    def stop(self) -> None:
        self.stopped.set()


def test_the_address_on_our_own_network_is_picked() -> None:
    lan = [ipaddress.IPv4Network("192.168.1.0/24")]
    assert d.pick_address(["172.17.0.1", "192.168.1.20"], lan) == "192.168.1.20"
    assert d.pick_address(["172.17.0.1", "192.168.1.20"], []) == "172.17.0.1"
    assert d.pick_address(["fe80::1", "nonsense", "224.0.0.251", "0.0.0.0"], lan) is None


def test_found_from_reads_a_resolved_service() -> None:
    found = d.found_from("kitchen." + SERVICE_TYPE, ["10.231.1.1"], 4242, txt(waiting=2))
    assert found.address == "10.231.1.1:4242" and found.name == "kitchen"
    assert found.announcement.waiting == 2 and found.compatible and found.server_key is None


@pytest.mark.parametrize(
    ("addresses", "port", "record", "why"),
    [
        ([], 7327, txt(), "no IPv4 address"),
        (["10.0.0.1"], None, txt(), "bad port"),
        (["10.0.0.1"], 0, txt(), "bad port"),
        (["10.0.0.1"], 7327, {b"proto": b"1"}, "TXT name"),
    ],
)
def test_found_from_refuses_what_cannot_be_joined(
    addresses: list[str], port: int | None, record: dict[bytes, bytes | None], why: str
) -> None:
    with pytest.raises(d.BadAnnouncement, match=why):
        d.found_from("x." + SERVICE_TYPE, addresses, port, record)


class FakeInfo:
    def __init__(self, properties: dict[bytes, bytes | None], port: int = 7327) -> None:
        self.properties = properties
        self.port = port

    def parsed_addresses(self, version: object = None) -> list[str]:
        return ["10.231.1.1"]


class FakeZeroconf:
    def __init__(self, info: FakeInfo | Callable[[], FakeInfo] | None) -> None:
        self.info = info

    def get_service_info(self, type_: str, name: str, timeout: int = 0) -> FakeInfo | None:
        return self.info() if callable(self.info) else self.info


def test_the_listener_reports_a_server_and_its_updates_and_removal() -> None:
    events: list[d.DiscoveryEvent] = []
    listener = d._Listener(events.append)
    name = "kitchen." + SERVICE_TYPE
    listener.add_service(FakeZeroconf(FakeInfo(txt(waiting=1))), SERVICE_TYPE, name)
    listener.update_service(FakeZeroconf(FakeInfo(txt(waiting=2))), SERVICE_TYPE, name)
    listener.remove_service(FakeZeroconf(None), SERVICE_TYPE, name)
    assert [type(e) for e in events] == [d.Seen, d.Seen, d.Gone]
    seen = [e.server.announcement.waiting for e in events if isinstance(e, d.Seen)]
    assert seen == [1, 2]


def test_a_bad_announcement_is_ignored_with_one_log_line(
    caplog: pytest.LogCaptureFixture,
) -> None:
    events: list[d.DiscoveryEvent] = []
    listener = d._Listener(events.append)
    bad = FakeZeroconf(FakeInfo({b"name": b"x", b"proto": b"many"}))
    with caplog.at_level(logging.INFO, logger="seasalt.client"):
        for _ in range(3):  # announcements repeat: the complaint does not
            listener.update_service(bad, SERVICE_TYPE, "evil." + SERVICE_TYPE)
        listener.add_service(FakeZeroconf(None), SERVICE_TYPE, "slow." + SERVICE_TYPE)

        def explode() -> FakeInfo:
            raise RuntimeError("zeroconf closed")

        listener.add_service(FakeZeroconf(explode), SERVICE_TYPE, "odd." + SERVICE_TYPE)
    assert events == []
    ignored = [r for r in caplog.records if "ignored a LAN announcement" in r.getMessage()]
    assert len(ignored) == 1 and "TXT proto" in ignored[0].getMessage()
    assert ignored[0].levelno == logging.WARNING
    assert any("did not answer" in r.getMessage() for r in caplog.records)
    assert any("zeroconf closed" in r.getMessage() for r in caplog.records)


def test_browsing_is_off_in_the_test_suite() -> None:
    """SEASALT_NO_MDNS (tests/conftest.py): the real browser says so and sends nothing."""
    events: list[d.DiscoveryEvent] = []
    d.browse(events.append).stop()
    assert len(events) == 1 and isinstance(events[0], d.Unavailable)
    assert "SEASALT_NO_MDNS" in events[0].reason


def test_discover_keeps_what_is_still_there_at_the_end() -> None:
    a, b = server("b-side", "10.231.1.2"), server("Attic")
    feed = FakeFeed(d.Seen(a), d.Seen(b), d.Gone(a.instance), d.Seen(a), d.Gone(b.instance))
    result = d.discover(0.5, feed)
    assert [s.name for s in result.servers] == ["b-side"] and result.unavailable is None
    assert feed.stopped.is_set()


def test_discover_stops_at_once_when_it_cannot_look() -> None:
    feed = FakeFeed(d.Unavailable("no multicast"))
    result = d.discover(30, feed)  # returns at the event, not after 30 s (the test's timeout)
    assert result.unavailable == "no multicast" and result.servers == []


def test_run_discover_prints_each_server_with_its_join_command(
    capsys: pytest.CaptureFixture[str],
) -> None:
    plain = server("Attic", waiting=3, tables=2)
    secure = server("den", "10.231.1.3", server_key=KEY, web="http://10.231.1.3:8080/")
    old = server("old", "10.231.1.4", protocol=PROTOCOL_VERSION + 1)
    assert run_discover(0.3, FakeFeed(d.Seen(secure), d.Seen(plain), d.Seen(old))) == 0
    out = capsys.readouterr().out
    assert out.startswith("found 3 seasalt servers on this network:\n")
    assert "Attic  10.231.1.1:7327  (2 tables waiting, 3 players waiting, not encrypted)" in out
    assert "join: seasalt-client 10.231.1.1:7327\n" in out
    # The key quoted: Z85 text holds & > $ # and the like, which a shell reads as its own.
    join = next(line for line in out.splitlines() if "10.231.1.3:7327 --server-key" in line)
    assert shell_words(join.split("join: ", 1)[1]) == ["10.231.1.3:7327", "--server-key", KEY]
    assert "browser: http://10.231.1.3:8080/" in out
    assert f"protocol {PROTOCOL_VERSION + 1}, this client speaks {PROTOCOL_VERSION}" in out
    assert "check it against the one on the host's screen" in out
    assert out.index("Attic") < out.index("den") < out.index("old")


def test_run_discover_counts_in_words_in_the_language_asked(
    capsys: pytest.CaptureFixture[str],
) -> None:
    # It printed "1 seasalt server(s)" and "1 table(s) waiting", in English whatever --lang.
    one = server("Attic", waiting=1, tables=1)
    try:
        assert run_discover(0.3, FakeFeed(d.Seen(one))) == 0
        out = capsys.readouterr().out
        assert out.startswith("found 1 seasalt server on this network:\n")
        assert "(1 table waiting, 1 player waiting, not encrypted)" in out
        set_language("fr")
        assert run_discover(0.3, FakeFeed(d.Seen(one), d.Seen(server("den", tables=0)))) == 0
        out = capsys.readouterr().out
        assert "(s)" not in out
        assert out.startswith("2 serveurs seasalt trouvés sur ce réseau")
        assert "1 table en attente" in out and "0 table en attente" in out
    finally:
        set_language("en")


def test_run_discover_says_so_when_nothing_answers(capsys: pytest.CaptureFixture[str]) -> None:
    assert run_discover(0.2, FakeFeed()) == 1
    out = capsys.readouterr().out
    assert out.startswith("no seasalt server found on this network within 0.2 s")
    assert "seasalt-client HOST:PORT" in out


def test_the_command_line_discovers_and_reports_mdns_off(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """``seasalt-client --discover`` end to end in this process: the suite has mDNS off, so it
    says why it cannot look, on one line, and exits 1."""
    assert client_main(["--discover", "--timeout", "5"]) == 1
    err = capsys.readouterr().err.strip().splitlines()
    assert err == [
        "seasalt-client: cannot look for servers on this network: turned off: "
        "SEASALT_NO_MDNS is set"
    ]


@pytest.mark.parametrize("bad", ["0", "-1", "soon", "61"])
def test_a_bad_timeout_is_a_usage_error(bad: str, capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_:
        client_main(["--discover", "--timeout", bad])
    assert exit_.value.code == 2 and "--timeout" in capsys.readouterr().err
