"""Issue 14, "the host's files": under umask 000, the server's and the client's folders are
0700 and the journal (with its -wal, -shm and lock files), the logs, the key, identity and
token files are 0600 from their creation. The server runs as a real process on 127.0.0.1."""

from __future__ import annotations

import os
import stat
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from seasalt.client.files.identity import load_identity
from seasalt.client.log_and_replay import setup_log_file
from seasalt.common.files import open_private
from seasalt.testing.waiting import stretched

pytestmark = pytest.mark.timeout(60)


def mode(path: Path) -> int:
    return stat.S_IMODE(path.stat().st_mode)


@pytest.fixture
def umask_000() -> Iterator[None]:
    old = os.umask(0)
    try:
        yield
    finally:
        os.umask(old)


@pytest.fixture
def homes(tmp_path: Path) -> dict[str, str]:
    return {
        "XDG_DATA_HOME": str(tmp_path / "data"),
        "XDG_STATE_HOME": str(tmp_path / "state"),
        "XDG_CONFIG_HOME": str(tmp_path / "config"),
    }


def test_the_servers_files_are_private_under_umask_000(
    umask_000: None, homes: dict[str, str], tmp_path: Path
) -> None:
    env = {**os.environ, **homes}
    proc = subprocess.Popen(
        [sys.executable, "-m", "seasalt.server", "--host", "127.0.0.1", "--port", "0",
         "--secure", "--bot-delay", "0"],
        stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, env=env,
    )
    try:
        assert proc.stdout is not None
        for line in proc.stdout:
            if line.startswith(b"SEASALT_LISTENING"):
                break
        data = tmp_path / "data" / "seasalt"
        files = [data / "server.sqlite3", data / "server.sqlite3.lock",
                 data / "server.sqlite3-wal", data / "server.sqlite3-shm"]
        log_dir = tmp_path / "state" / "seasalt" / "log"
        keys = tmp_path / "config" / "seasalt" / "curve"
        files += [log_dir / "server.log", keys / "server.key", keys / "server.key_secret"]
        folders = [data, log_dir, log_dir.parent, keys, keys.parent]
        found = {str(p): oct(mode(p)) for p in files + folders}
        assert found == {
            **{str(p): oct(0o600) for p in files},
            **{str(p): oct(0o700) for p in folders},
        }
    finally:
        proc.terminate()
        proc.wait(10)
        assert proc.stdout is not None
        proc.stdout.close()


def test_a_db_in_a_new_folder_gets_private_folders(umask_000: None, tmp_path: Path) -> None:
    from seasalt.server.journal import Journal

    path = tmp_path / "new" / "deeper" / "j.sqlite3"
    journal = Journal(str(path))
    journal.close()
    assert [oct(mode(p)) for p in (path.parent.parent, path.parent, path)] == [
        oct(0o700),
        oct(0o700),
        oct(0o600),
    ]


def test_the_clients_identity_token_and_log_files_are_private_under_umask_000(
    umask_000: None, tmp_path: Path
) -> None:
    identity = tmp_path / "data" / "seasalt" / "identity"
    assert load_identity(identity) is not None
    token = tmp_path / "token"
    with open_private(str(token), "w") as f:
        f.write("secret\n")
    log = tmp_path / "state" / "seasalt" / "log" / "client.log"
    assert setup_log_file(log) == log
    import logging

    for handler in list(logging.getLogger().handlers):
        if getattr(handler, "baseFilename", None) == str(log):
            logging.getLogger().removeHandler(handler)
            handler.close()
    assert [oct(mode(p)) for p in (identity, token, log)] == [oct(0o600)] * 3
    assert [oct(mode(p)) for p in (identity.parent, log.parent)] == [oct(0o700)] * 2


def test_the_headless_token_file_is_written_private(umask_000: None, tmp_path: Path) -> None:
    from seasalt.client.headless import _write_token

    path = tmp_path / "t.token"
    _write_token(path, "abc")
    assert path.read_text() == "abc\n" and mode(path) == 0o600


def test_a_token_file_that_was_already_there_is_made_private_before_the_token_goes_in(
    tmp_path: Path,
) -> None:
    from seasalt.client.headless import _write_token

    path = tmp_path / "t.token"
    path.write_text("an old token\n")
    path.chmod(0o666)
    _write_token(path, "abc")
    assert path.read_text() == "abc\n" and mode(path) == 0o600


@pytest.mark.skipif(not hasattr(os, "geteuid") or os.geteuid() != 0, reason="needs chown")
def test_a_token_file_of_another_user_is_refused_and_left_as_it_was(tmp_path: Path) -> None:
    from seasalt.client.headless import HeadlessFailed, _write_token

    path = tmp_path / "t.token"
    path.write_text("theirs\n")
    os.chown(path, 65534, 65534)  # nobody: a file someone else left in a shared folder
    with pytest.raises(HeadlessFailed) as refused:
        _write_token(path, "abc")
    assert str(refused.value) == (
        f"cannot write the token file {path}: it belongs to another user (uid 65534), who "
        "could read what is written to it: remove it, or choose another file"
    )
    assert path.read_text() == "theirs\n"


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs a FIFO")
def test_a_file_that_is_not_a_regular_file_keeps_its_mode(tmp_path: Path) -> None:
    """``--log-file /dev/null`` or a pipe: shared by nature, never made 0600 (as root that
    would close /dev/null to every other user of the machine)."""
    from seasalt.common.files import keep_private

    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    fifo.chmod(0o666)
    fd = os.open(fifo, os.O_RDWR)  # a FIFO opened both ways does not wait for a reader
    try:
        keep_private(fd)
    finally:
        os.close(fd)
    assert mode(fifo) == 0o666


def test_a_journal_that_was_already_there_is_made_private(tmp_path: Path) -> None:
    from seasalt.server.journal import Journal

    path = tmp_path / "j.sqlite3"
    Journal(str(path)).close()
    path.chmod(0o644)
    Journal(str(path)).close()
    assert mode(path) == 0o600


@pytest.mark.parametrize("host", ["0.0.0.0", "192.168.1.20", "::"])
def test_seed_is_refused_unless_the_server_listens_on_loopback_only(
    host: str, tmp_path: Path
) -> None:
    result = subprocess.run(
        [sys.executable, "-m", "seasalt.server", "--host", host, "--port", "0",
         "--db", str(tmp_path / "j.sqlite3"), "--seed", "7"],
        capture_output=True, text=True, timeout=stretched(30),
    )
    assert result.returncode == 2
    assert "--seed" in result.stderr and "127.0.0.1" in result.stderr
    assert "Traceback" not in result.stderr and not (tmp_path / "j.sqlite3").exists()


def test_seed_on_loopback_still_serves(tmp_path: Path) -> None:
    from seasalt.testing.server import ServerProcess

    server = ServerProcess(str(tmp_path / "j.sqlite3"), "--seed", "7")
    assert server.start().startswith("tcp://127.0.0.1:")
    assert server.terminate() == 0
