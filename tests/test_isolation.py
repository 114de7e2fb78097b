"""A test run never touches the user's real directories (tests/conftest.py's private_home).

Every default path the product writes to (identity, keys, logs, the server's database) is
computed when it is used, so it follows the environment a test sets; and a real run of a test
that writes the server's default log leaves a user's home untouched.
"""

from __future__ import annotations

import logging
import os
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest
from seasalt.client import log_and_replay as ops
from seasalt.client.files import identity
from seasalt.client.net import security as client_security
from seasalt.server import options, serve_cli
from seasalt.server import security as server_security
from seasalt.testing.server import ServerProcess

ROOT = Path(__file__).resolve().parents[1]
USER_DIRS = ("XDG_DATA_HOME", "XDG_STATE_HOME", "XDG_CONFIG_HOME", "XDG_CACHE_HOME")
DEFAULTS: dict[str, Callable[[], object]] = {
    "client identity": identity.identity_path,
    "client log": ops.log_file_path,
    "client keys": client_security.default_key_dir,
    "server database": options.default_db,
    "server log": serve_cli.default_log_file,
    "server keys": server_security.default_key_dir,
}
WRITERS = (
    "tests/server/test_cli.py::test_the_server_process_lifecycle",
    "tests/client/test_headless.py::test_a_table_that_does_not_fit_is_a_clear_error",
)
"""Tests that start ``python -m seasalt.server`` without --log-file (it logs to the default):
from a test, and from a module-scoped fixture (set up before any per-test fixture)."""


@pytest.mark.parametrize("what", list(DEFAULTS))
def test_every_default_path_is_inside_the_private_home(what: str, private_home: Path) -> None:
    path = Path(str(DEFAULTS[what]()))
    assert path.is_relative_to(private_home), f"{what}: {path} is outside {private_home}"


def test_the_client_writes_its_identity_and_log_into_the_private_home(private_home: Path) -> None:
    root = logging.getLogger()
    level, handlers = root.level, list(root.handlers)
    token = identity.load_identity()
    log = ops.setup_log_file()
    try:
        assert token and identity.identity_path().read_text().strip() == token
        assert log is not None and log.is_relative_to(private_home) and log.exists()
    finally:  # the log handler is the process's: take it away again
        for handler in [h for h in root.handlers if h not in handlers]:
            root.removeHandler(handler)
            handler.close()
        root.setLevel(level)


def _run_writer(home: Path, *writers: str) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("XDG_")}
    env["HOME"] = str(home)  # a user's shell: HOME set, no XDG variables
    return subprocess.run(
        [sys.executable, "-m", "pytest", "-n0", "-q", "-p", "no:cacheprovider", *writers],
        cwd=ROOT, env=env, capture_output=True, text=True, timeout=120,
    )


def _files(home: Path) -> list[str]:
    return sorted(str(p.relative_to(home)) for p in home.rglob("*") if p.is_file())


@pytest.mark.timeout(240)
def test_a_test_run_writes_nothing_to_the_real_dirs(tmp_path: Path) -> None:
    home = tmp_path / "user"
    home.mkdir()
    run = _run_writer(home, *WRITERS)
    assert run.returncode == 0, run.stdout + run.stderr
    assert _files(home) == []


def test_the_writers_do_write_to_a_home_left_as_it_is(tmp_path: Path) -> None:
    """The control for the test above (so it can fail): the server those tests start logs into
    the home it is given when nothing redirects it."""
    home = tmp_path / "user"
    home.mkdir()
    unset = {variable: "" for variable in USER_DIRS}  # empty: platformdirs uses the default
    server = ServerProcess(str(tmp_path / "db.sqlite3"), env={"HOME": str(home), **unset})
    server.start()
    server.terminate()
    assert ".local/state/seasalt/log/server.log" in _files(home)
