"""The kept session token belongs to the server, not to how its address was typed (QA, issue 13
defect 3): "seasalt-client 192.168.1.20" one evening and "seasalt-client 192.168.1.20:7327"
after a crash are the same server, so the second start must find the first one's seat, and two
windows typing the two forms must not both take the same entry."""

from __future__ import annotations

from pathlib import Path

import pytest
from seasalt.client.files import tokens


@pytest.fixture(autouse=True)
def data_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    home = tmp_path / "data"
    monkeypatch.setenv("XDG_DATA_HOME", str(home))
    return home


@pytest.mark.parametrize(
    ("typed", "again"),
    [
        ("192.168.1.20", "192.168.1.20:7327"),  # the default port, written or not
        ("tcp://192.168.1.20:7327", "192.168.1.20"),
        (" Kitchen-PC:7400", "kitchen-pc:7400"),  # host names are not case-sensitive
        ("[::1]", "[::1]:7327"),
    ],
)
def test_one_server_typed_two_ways_keeps_one_token(typed: str, again: str) -> None:
    assert tokens.save(typed, "Ann", tokens.Kept("tok-A", "duo", 1))
    assert tokens.load(again, "Ann") == tokens.Kept("tok-A", "duo", 1)
    first = tokens.claim(typed, "Ann")
    try:
        assert first.held
        assert not tokens.claim(again, "Ann").held  # the second window starts its own session
    finally:
        first.release()


def test_other_ports_and_hosts_stay_apart() -> None:
    assert tokens.save("192.168.1.20", "Ann", tokens.Kept("tok-A"))
    assert tokens.load("192.168.1.20:7400", "Ann") is None
    assert tokens.load("192.168.1.21", "Ann") is None


def test_an_address_that_does_not_parse_is_kept_as_typed() -> None:
    assert tokens.save("not an address", "Ann", tokens.Kept("tok-A"))
    assert tokens.load("not an address", "Ann") == tokens.Kept("tok-A")
