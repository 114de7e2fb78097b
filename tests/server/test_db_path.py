"""An unusable ``--db`` path is one clear line and exit 4, never a traceback (issue 13, defect 6).

Each case is a real path that fails for the user running the server. Root may write into a
mode 0555 directory, so when the suite runs as root the read-only directory case runs the server
without the capabilities that let root ignore file modes (``setpriv``); the read-only file system
case mounts a real read-only tmpfs in a private user and mount namespace (``unshare -rm``).
"""

from __future__ import annotations

import os
import shlex
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from seasalt.server.cli import EXIT_DATABASE

pytestmark = pytest.mark.timeout(60)

_NO_DAC = "-dac_override,-dac_read_search"


def _serve(db: str, prefix: tuple[str, ...] = ()) -> subprocess.CompletedProcess[str]:
    server = [sys.executable, "-m", "seasalt.server", "--host", "127.0.0.1", "--port", "0"]
    return subprocess.run(
        [*prefix, *server, "--db", db], capture_output=True, text=True, timeout=30
    )


def _one_line_refusal(result: subprocess.CompletedProcess[str], db: str, reason: str) -> None:
    assert result.returncode == EXIT_DATABASE, result.stderr
    assert "Traceback" not in result.stderr
    lines = [line for line in result.stderr.splitlines() if "error" in line]
    assert lines == [f"seasalt-server: error: cannot create the journal at {db}: {reason}"]
    assert "SEASALT_LISTENING" not in result.stdout


def test_a_db_under_a_regular_file(tmp_path: Path) -> None:
    (tmp_path / "notes.txt").write_text("a file, not a directory")
    db = str(tmp_path / "notes.txt" / "journal.db")
    _one_line_refusal(_serve(db), db, f"{tmp_path / 'notes.txt'} is a file, not a directory")


def test_a_db_in_a_missing_directory(tmp_path: Path) -> None:
    db = str(tmp_path / "no-such-dir" / "journal.db")
    _one_line_refusal(_serve(db), db, f"no such directory {tmp_path / 'no-such-dir'}")
    assert not (tmp_path / "no-such-dir").exists()  # a typo grows no directory


def test_a_db_that_is_a_directory(tmp_path: Path) -> None:
    db = str(tmp_path)
    _one_line_refusal(_serve(db), db, "it is a directory")


def test_a_db_in_a_read_only_directory(tmp_path: Path) -> None:
    shelf = tmp_path / "shelf"
    shelf.mkdir()
    shelf.chmod(0o555)
    tmp_path.chmod(0o755)  # nobody must reach the directory to be refused by it
    db = str(shelf / "journal.db")
    prefix: tuple[str, ...] = ()
    if os.geteuid() == 0:
        assert shutil.which("setpriv"), "setpriv (util-linux) drops root's file-mode override"
        prefix = ("setpriv", f"--bounding-set={_NO_DAC}", f"--inh-caps={_NO_DAC}", "--")
    try:
        result = _serve(db, prefix)
    finally:
        shelf.chmod(0o755)
    _one_line_refusal(result, db, f"{shelf} is read-only")
    assert list(shelf.iterdir()) == []


def test_a_db_on_a_read_only_file_system(tmp_path: Path) -> None:
    assert shutil.which("unshare"), "unshare (util-linux) gives a private read-only mount"
    mnt = tmp_path / "ro"
    mnt.mkdir()
    db = str(mnt / "journal.db")
    script = f'mount -t tmpfs -o ro,size=1m none {shlex.quote(str(mnt))} && exec "$@"'
    result = _serve(db, ("unshare", "-rm", "sh", "-c", script, "sh"))
    _one_line_refusal(result, db, "read-only file system")
