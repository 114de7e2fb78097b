"""issue 7: the terminal app joins a ``seasalt-server --secure`` with ``--server-key``, and a
missing key is refused with words that name the option (never a hang)."""

from __future__ import annotations

import time
from collections.abc import AsyncIterator
from pathlib import Path

import pytest
import zmq
from seasalt.client.tui.link import LinkFailed, default_link_factory
from seasalt.server.app import Server
from seasalt.server.security import KeyPair, load_or_create_keys
from seasalt.testing.server import running_server
from seasalt.testing.waiting import stretched

pytestmark = [
    pytest.mark.timeout(60),
    pytest.mark.skipif(not zmq.has("curve"), reason="libzmq without CURVE"),
]


@pytest.fixture(autouse=True)
def dirs(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Client keys and identity go to temporary user directories (platformdirs reads XDG_*)."""
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))


@pytest.fixture
def keys(tmp_path: Path) -> KeyPair:
    return load_or_create_keys(tmp_path / "server-keys")


@pytest.fixture
async def secure_server(keys: KeyPair) -> AsyncIterator[Server]:
    async with running_server(curve=keys) as server:
        yield server


async def test_the_app_link_joins_a_secure_server_with_its_key(
    secure_server: Server, keys: KeyPair
) -> None:
    link = default_link_factory(f"127.0.0.1:{secure_server.port}", "Ann", keys.public.decode())
    try:
        await link.connect()
        assert link.conn.token and link.conn.session_id  # type: ignore[attr-defined]
    finally:
        await link.close()


async def test_the_app_link_without_a_key_is_refused_with_the_option_named(
    secure_server: Server,
) -> None:
    link = default_link_factory(f"127.0.0.1:{secure_server.port}", "Ann")
    started = time.monotonic()
    try:
        with pytest.raises(LinkFailed) as failed:
            await link.connect()
    finally:
        await link.close()
    assert "--server-key" in failed.value.detail
    assert time.monotonic() - started < stretched(10)


def test_a_malformed_key_is_a_clear_link_failure() -> None:
    with pytest.raises(LinkFailed) as failed:
        default_link_factory("127.0.0.1:7327", "Ann", "not-a-key")
    assert "server key" in failed.value.detail
