"""seasalt.client.net.address: the one parser of server addresses (and its normal form)."""

from __future__ import annotations

import pytest
from seasalt.client.net.address import format_address, host_of, normalise_address, port_of
from seasalt.client.words.errors import error_text, unreachable_hints
from seasalt.protocol import ErrorCode


@pytest.mark.parametrize(("typed", "normal"), [
    ("host", "host:7327"),
    (" tcp://host:9000 ", "host:9000"),
    ("192.168.1.20", "192.168.1.20:7327"),
    ("[::1]", "[::1]:7327"),
    ("[::1]:7400", "[::1]:7400"),
    ("::1", "[::1]:7327"),  # a bare IPv6 address has no port
    ("fe80::1", "[fe80::1]:7327"),
    ("host:99999", "host:99999"),  # does not parse: kept as typed, connecting says why
])
def test_normalise_address(typed: str, normal: str) -> None:
    assert normalise_address(typed) == normal


def test_host_and_port_of_an_address() -> None:
    assert (host_of("[::1]:7327"), port_of("[::1]:7327")) == ("::1", 7327)
    assert (host_of("10.0.0.5"), port_of("10.0.0.5")) == ("10.0.0.5", 7327)
    assert port_of("host:port") is None
    assert format_address("::1", 80) == "[::1]:80" and format_address("h", 80) == "h:80"


def test_unreachable_hints_name_the_host_and_the_port() -> None:
    hints = unreachable_hints("[fe80::2]:7400")
    assert "fe80::2" in hints[0] and "7400" in hints[1] and "7400" in hints[3]


@pytest.mark.parametrize("address", ["127.0.0.1:7411", "localhost", "[::1]:7400", "127.1.2.3"])
def test_an_address_of_this_computer_names_neither_network_nor_firewall(address: str) -> None:
    # Played: a client started before its own server said "127.0.0.1 is the host's address
    # on your network" and spoke of the host's firewall; neither is in the way on loopback.
    hints = unreachable_hints(address)
    assert "this computer" in hints[0]
    assert not any("firewall" in h or "network" in h for h in hints)
    assert any("running" in h for h in hints)


def test_an_address_on_the_network_still_names_the_firewall() -> None:
    assert any("firewall" in h for h in unreachable_hints("192.168.1.20:7327"))
    assert any("firewall" in h for h in unreachable_hints("localhost.example:7327"))


def test_error_words_are_keyed_by_the_error_code() -> None:
    assert error_text(ErrorCode.TABLE_FULL, "full") == "That table is full."
    # A code without words of its own falls back to the server's text, then to the code.
    assert error_text(ErrorCode.STALE_SEQ, "stale: choose again") == "stale: choose again"
    assert error_text(ErrorCode.STALE_SEQ, "") == "stale_seq"


def test_a_game_over_refused_in_the_lobby_says_how_to_watch_it() -> None:
    # docs/protocol.md §5.6: a finished table's seats stay its players'; the lobby's w watches.
    assert error_text(ErrorCode.GAME_OVER, "over") == "The game is over."
    lobby = error_text(ErrorCode.GAME_OVER, "over", in_lobby=True)
    assert "w to watch" in lobby
