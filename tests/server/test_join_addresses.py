"""The start-up lines list the addresses friends on the LAN type first, and this machine's
own loopback last (a newcomer copies the first line to their friends)."""

from __future__ import annotations

from ipaddress import IPv4Interface

import pytest
from seasalt.common import addresses
from seasalt.server.addresses import join_addresses


def _interfaces(*texts: str) -> list[IPv4Interface]:
    return [IPv4Interface(text) for text in texts]


@pytest.fixture
def interfaces(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(addresses, "_ipv4_interfaces", lambda: _interfaces(
        "127.0.0.1/8", "192.168.1.20/24", "10.0.0.5/8"
    ))


@pytest.mark.usefixtures("interfaces")
def test_all_interfaces_list_the_lan_addresses_first_and_loopback_last() -> None:
    assert join_addresses("0.0.0.0", 7327) == [
        "10.0.0.5:7327", "192.168.1.20:7327", "127.0.0.1:7327",
    ]
    assert join_addresses("::", 7327) == [
        "10.0.0.5:7327", "192.168.1.20:7327", "127.0.0.1:7327", "[::1]:7327",
    ]


def test_a_machine_without_a_lan_still_lists_its_loopback(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(addresses, "_ipv4_interfaces", lambda: _interfaces("127.0.0.1/8"))
    assert join_addresses("0.0.0.0", 7327) == ["127.0.0.1:7327"]
    assert join_addresses("127.0.0.1", 7327) == ["127.0.0.1:7327"]
