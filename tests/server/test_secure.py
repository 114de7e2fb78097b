"""CurveZMQ: an encrypted game works; a plain client, a wrong key or a key off the allow-list
gets a clear refusal within seconds (read from the client's own socket monitor), never a hang;
the key pair lives in the user config directory with owner-only files."""

from __future__ import annotations

import asyncio
import io
import os
import stat
import subprocess
import sys
import time
from collections.abc import AsyncIterator
from pathlib import Path

import pytest
import zmq
from seasalt.client.cli import main as client_main
from seasalt.client.headless import HeadlessOptions, HeadlessPlayer
from seasalt.client.net.connection import Connection
from seasalt.client.net.connection_types import HandshakeRefused
from seasalt.client.net.history_source import HistoryUnavailable, ServerHistory
from seasalt.client.net.security import ClientSecurity, client_security
from seasalt.protocol import Welcome
from seasalt.server.app import Server
from seasalt.server.security import KeyFileError, KeyPair, load_or_create_keys, read_allow_list
from seasalt.testing.server import ServerProcess, running_server
from seasalt.testing.shell import shell_words
from seasalt.testing.waiting import stretched, within

pytestmark = [
    pytest.mark.timeout(60),
    pytest.mark.skipif(not zmq.has("curve"), reason="libzmq without CURVE"),
]

REFUSAL_DEADLINE = 5.0
"""Seconds within which a refused client must have given up (it never hangs)."""


@pytest.fixture(autouse=True)
def config_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Keys go to a temporary user config directory (platformdirs reads XDG_CONFIG_HOME)."""
    home = tmp_path / "config"
    monkeypatch.setenv("XDG_CONFIG_HOME", str(home))
    return home


@pytest.fixture
def keys(tmp_path: Path) -> KeyPair:
    return load_or_create_keys(tmp_path / "server-keys")


@pytest.fixture
async def secure_server(keys: KeyPair) -> AsyncIterator[Server]:
    async with running_server(curve=keys) as server:
        yield server


def address(server: Server) -> str:
    return f"127.0.0.1:{server.port}"


async def refusal(server: Server, security: ClientSecurity | None) -> tuple[str, float]:
    conn = Connection(address(server), "Ann", security=security, reconnect=False)
    started = time.monotonic()
    try:
        with pytest.raises(HandshakeRefused) as refused:
            await conn.connect(timeout=REFUSAL_DEADLINE * 2)
    finally:
        await conn.close()
    return str(refused.value), time.monotonic() - started


async def test_an_encrypted_game_is_played_to_the_end(
    secure_server: Server, keys: KeyPair
) -> None:
    key = keys.public.decode()
    players = [
        HeadlessPlayer(
            HeadlessOptions(address(secure_server), "random", name=f"p{i}", table="sec",
                            seed=i, server_key=key),
            err=io.StringIO(),
        )
        for i in range(2)
    ]
    summaries = await within(asyncio.gather(*(p.run() for p in players)), 45)
    assert summaries[0].scores == summaries[1].scores and summaries[0].winners


async def test_a_plain_client_is_told_the_server_needs_a_key(secure_server: Server) -> None:
    text, took = await refusal(secure_server, None)
    assert "--server-key" in text and "encrypted" in text
    assert took < stretched(REFUSAL_DEADLINE)


async def test_a_wrong_server_key_is_a_clear_refusal(secure_server: Server) -> None:
    wrong = zmq.curve_keypair()[0].decode()
    text, took = await refusal(secure_server, client_security(wrong))
    assert "--server-key" in text and "failed" in text
    assert took < stretched(REFUSAL_DEADLINE)


async def test_a_key_for_a_plain_server_says_it_is_not_encrypted() -> None:
    async with running_server() as plain:
        text, took = await refusal(plain, client_security(zmq.curve_keypair()[0].decode()))
    # Usually the mechanism mismatch is reported; when the server hangs up first the client
    # only knows the encrypted handshake failed, and its message names this case too.
    assert "not encrypted" in text or "without --secure needs none" in text
    assert took < stretched(REFUSAL_DEADLINE)


async def test_the_allow_list_admits_listed_keys_only(keys: KeyPair, tmp_path: Path) -> None:
    key = keys.public.decode()
    listed = client_security(key)  # this user's client key pair, created on first use
    allow = tmp_path / "allowed.txt"
    allow.write_text(f"# the host's friends\n{listed.public.decode()}  Ann\n\n")
    async with running_server(curve=keys, allowed_keys=read_allow_list(allow)) as server:
        conn = Connection(address(server), "Ann", security=listed, reconnect=False)
        try:
            assert isinstance(await conn.connect(timeout=5), Welcome)
        finally:
            await conn.close()
        pub, sec = zmq.curve_keypair()
        stranger = ClientSecurity(keys.public, pub, sec)
        text, took = await refusal(server, stranger)
    assert "does not admit this client's key" in text and "--allow-keys" in text
    assert took < stretched(REFUSAL_DEADLINE)


def test_the_key_pair_is_created_once_with_owner_only_files(tmp_path: Path) -> None:
    directory = tmp_path / "keys"
    first = load_or_create_keys(directory)
    again = load_or_create_keys(directory)
    assert first == again and len(first.public) == 40
    for path in directory.iterdir():
        assert stat.S_IMODE(path.stat().st_mode) == 0o600, path
    assert stat.S_IMODE(directory.stat().st_mode) == 0o700


@pytest.mark.parametrize(
    ("content", "problem"),
    [("", "lists no client keys"), ("not-a-key\n", "not a CURVE public key")],
)
def test_a_bad_allow_list_is_a_clear_error(tmp_path: Path, content: str, problem: str) -> None:
    path = tmp_path / "allow.txt"
    path.write_text(content)
    with pytest.raises(KeyFileError, match=problem):
        read_allow_list(path)
    with pytest.raises(KeyFileError, match="cannot read"):
        read_allow_list(tmp_path / "missing.txt")


def _client(*args: str, env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "seasalt.client.cli", *args],
        capture_output=True, text=True, timeout=stretched(30), env=env,
    )


def test_the_commands_print_the_key_and_refuse_a_plain_client(
    tmp_path: Path, config_home: Path
) -> None:
    env = {**os.environ, "XDG_CONFIG_HOME": str(config_home)}
    server = ServerProcess(str(tmp_path / "s.sqlite3"), "--secure", "--bot-delay", "0", env=env)
    endpoint = server.start()
    try:
        key_lines = [line for line in server.banner if "server public key:" in line]
        assert len(key_lines) == 1
        key = key_lines[0].rsplit(" ", 1)[1]
        # What clients add, as a shell reads it (Z85 holds & > $ #: quoted).
        (adds,) = [line for line in server.banner if "clients add:" in line]
        assert shell_words("seasalt-client" + adds.split("clients add:", 1)[1]) == [
            "--server-key", key]
        secret_file = config_home / "seasalt" / "curve" / "server.key_secret"
        assert stat.S_IMODE(secret_file.stat().st_mode) == 0o600
        assert not any("secret" in line for line in server.banner)
        host_port = endpoint.removeprefix("tcp://")
        started = time.monotonic()
        plain = _client(host_port, "--bot", "random", "--connect-timeout", "20", env=env)
        # (+ interpreter start-up; under load the words below tell a refusal from a time-out)
        assert time.monotonic() - started < stretched(REFUSAL_DEADLINE + 3)
        assert plain.returncode != 0
        assert "--server-key" in plain.stderr and "encrypted" in plain.stderr
    finally:
        server.terminate()
    # the next start loads the same pair
    assert load_or_create_keys(secret_file.parent).public.decode() == key


def test_a_malformed_server_key_is_a_usage_error(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_info:
        client_main(["127.0.0.1:1", "--bot", "random", "--server-key", "short"])
    assert exit_info.value.code == 2
    assert "not a server key" in capsys.readouterr().err


def test_a_server_with_an_unreadable_allow_list_exits_with_a_message(tmp_path: Path) -> None:
    result = subprocess.run(
        [sys.executable, "-m", "seasalt.server", "--port", "0", "--db", str(tmp_path / "d"),
         "--allow-keys", str(tmp_path / "nope.txt")],
        capture_output=True, text=True, timeout=stretched(30),
    )
    assert result.returncode == 2
    assert "allow-list" in result.stderr and "Traceback" not in result.stderr


async def test_the_history_of_an_encrypted_server_is_asked_with_its_key(
    secure_server: Server, keys: KeyPair
) -> None:
    # The lobby's h on a --secure server said "Cannot get the history: ... encrypted": the
    # history's own session went without the key the app's link used (client/tui/screens/lobby.py
    # hands it over now).
    plain = ServerHistory(address(secure_server), "Ann")
    try:
        with pytest.raises(HistoryUnavailable, match="encrypted"):
            await plain.list_games()
    finally:
        await plain.close()
    keyed = ServerHistory(address(secure_server), "Ann", server_key=keys.public.decode("ascii"))
    try:
        assert await keyed.list_games() == ()  # answered: no game finished yet
        assert await keyed.stats() == ()
    finally:
        await keyed.close()
