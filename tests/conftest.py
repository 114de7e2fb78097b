"""Shared test configuration: every test gets private user directories and fails when the code
under test logs an error it did not expect."""

from __future__ import annotations

import gc
import logging
import os
import shutil
import sys
import tempfile
from collections.abc import AsyncIterator, Callable, Iterator
from pathlib import Path
from typing import TYPE_CHECKING

import pytest

if TYPE_CHECKING:
    import zmq.asyncio

pytest_plugins = ("pytester",)  # tests/test_error_logs.py tests the fixtures below

NO_MDNS_ENV = "SEASALT_NO_MDNS"
"""seasalt.protocol.discovery.NO_MDNS_ENV (conftest imports no product code)."""

USER_DIRS = {
    "XDG_DATA_HOME": ".local/share",
    "XDG_STATE_HOME": ".local/state",
    "XDG_CONFIG_HOME": ".config",
    "XDG_CACHE_HOME": ".cache",
}
"""The variables platformdirs reads on Linux, and where a home keeps them by default."""

NO_BYTECODE_ENV, PYCACHE_ENV = "PYTHONDONTWRITEBYTECODE", "PYTHONPYCACHEPREFIX"

_SESSION_HOME = pytest.StashKey[tuple[str, dict[str, str | None]]]()
_BYTECODE = pytest.StashKey[tuple[bool, str | None]]()


def _point_user_dirs_at(home: Path, setenv: Callable[[str, str], object]) -> None:
    setenv("HOME", str(home))
    for variable, folder in USER_DIRS.items():
        path = home / folder
        path.mkdir(parents=True, exist_ok=True)
        setenv(variable, str(path))


def bytecode_cache(home: Path) -> Path:
    """Where the run's processes keep compiled bytecode: the virtual environment's own
    ``pycache`` folder, kept from run to run, or the run's home outside a venv.

    A cache prefix is the only place Python then looks: the standard library's and the
    installed packages' own ``__pycache__`` are not read, so a fresh folder has every worker
    compile Textual, Rich, ZeroMQ, asyncio... from source (a collection took 9.6 s of CPU
    instead of 2.2 s). Kept in the venv, only the first run pays it; a stale entry is never
    used (Python checks each one against its source's size and time, as in ``__pycache__``).
    """
    if sys.prefix != sys.base_prefix:
        return Path(sys.prefix) / "pycache"
    return home / "pycache"


def _run_home() -> tuple[str, dict[str, str | None]]:
    """The run's own home, made and pointed at as this module is imported, and what the
    environment held before (put back at the end of the run).

    Not in pytest_configure: pytest imports the conftests of the paths on its command line
    before any configure hook runs (this one first, then e.g. tests/client/tui/conftest.py), and
    those import the app, whose English translator keeps its compiled catalogue in the user's
    cache folder: the real one, then (tests/test_isolation.py)."""
    home = tempfile.mkdtemp(prefix="seasalt-test-home-")
    saved = {name: os.environ.get(name)
             for name in ("HOME", *USER_DIRS, NO_MDNS_ENV, NO_BYTECODE_ENV, PYCACHE_ENV)}
    _point_user_dirs_at(Path(home), os.environ.__setitem__)
    return home, saved


_RUN_HOME = _run_home()


def pytest_configure(config: pytest.Config) -> None:
    """Before anything is collected or any fixture runs (a module-scoped server starts before
    the per-test fixture below), the whole run has its own home (:func:`_run_home`)."""
    home, _ = config.stash[_SESSION_HOME] = _RUN_HOME
    # No server or client started by a test (child processes inherit this) announces or
    # browses with mDNS on a real network; the namespace test turns it back on inside its own
    # network namespaces only (tests/e2e/test_lan_discovery.py).
    os.environ[NO_MDNS_ENV] = "1"
    # Child processes (servers, solo servers, headless clients, browser tabs' clients, the
    # isolation run) compile every seasalt module from source at each start when
    # PYTHONDONTWRITEBYTECODE is set (this VM sets it): about a fifth of the CPU of a test
    # that starts servers. They share a bytecode cache instead (nothing is written beside the
    # sources), and so do the xdist workers, which start after this.
    if os.environ.pop(NO_BYTECODE_ENV, None):
        os.environ[PYCACHE_ENV] = str(bytecode_cache(Path(home)))
        # This process too, for what it imports from now on (the test modules of a -n0 run;
        # both are read at each import, by Python's and by pytest's assertion rewriting).
        config.stash[_BYTECODE] = (sys.dont_write_bytecode, sys.pycache_prefix)
        sys.dont_write_bytecode, sys.pycache_prefix = False, os.environ[PYCACHE_ENV]
    # Every Textual app a test starts would parse the same stylesheets again (about 8% of a
    # Pilot test's CPU): one parse per process (seasalt.testing.pilot_costs; test kit, not
    # product code, imported once the run's home is set).
    from seasalt.common.collector import YOUNG_EVERY
    from seasalt.testing.pilot_costs import share_parsed_css

    share_parsed_css()
    # A Pilot test allocates millions of short-lived objects: the collector at the client's
    # pace, not CPython's default (seasalt.common.collector; the TUI tests' CPU fell by about
    # a sixth). Frozen after collection, below.
    gc.set_threshold(YOUNG_EVERY, 20, 10)


def pytest_collection_finish(session: pytest.Session) -> None:
    """What collection built (modules, items, fixtures) lives until the end: moved out of the
    collector's sight, it is not walked again by every full collection."""
    gc.collect()
    gc.freeze()


def pytest_unconfigure(config: pytest.Config) -> None:
    if _SESSION_HOME not in config.stash:
        return
    home, saved = config.stash[_SESSION_HOME]
    if _BYTECODE in config.stash:
        sys.dont_write_bytecode, sys.pycache_prefix = config.stash[_BYTECODE]
    for name, value in saved.items():
        if value is None:
            os.environ.pop(name, None)
        else:
            os.environ[name] = value
    shutil.rmtree(home, ignore_errors=True)


RUN_FIRST = (
    "tests/client/tui/solo/test_pepper_solo.py::",
    "tests/e2e/test_chaos_table.py::",
    "tests/e2e/test_browser_play.py::test_two_browser_tabs_play_a_game_to_the_end",
    "tests/test_isolation.py::test_a_test_run_writes_nothing_to_the_real_dirs",
    "tests/client/tui/layout/test_choices_fit.py::test_every_decision_of_seeded_games_shows_all_",
    "tests/e2e/test_lan_discovery.py::test_a_server_in_one_namespace_is_found_and_joined_",
    "tests/client/tui/solo/test_solo_game.py::",
    "tests/client/tui/link/test_spectator_restart.py::test_a_spectator_comes_back_to_the_table_",
)
"""The longest tests (7-21 s each, -n0), longest first: they run before all others. xdist hands
tests out in collection order, so a long test that starts last (test_isolation.py is the last
file) sets the end of the suite while the other worker idles; started first, they are spread
over both workers by the short ones (docs/testing.md "The CI budget"). A test missing here
only costs balance."""


@pytest.hookimpl(hookwrapper=True, tryfirst=True)
def pytest_runtest_protocol(item: pytest.Item, nextitem: pytest.Item | None) -> Iterator[None]:
    """A test's hard timeout (pytest-timeout: a hang guard) is stretched by the machine's
    slowness as the test starts, as every wait of seasalt.testing.waiting is: on a loaded
    machine a test that takes 30 s on a quiet one may take 120 (issue 38). pytest-timeout reads
    the closest ``timeout`` marker after this runs (its own wrapper comes later)."""
    from seasalt.testing.waiting import slowness

    marker = item.get_closest_marker("timeout")
    if marker is not None:
        base = marker.kwargs.get("timeout", marker.args[0] if marker.args else None)
    else:
        base = item.config.getoption("timeout", None)
    stretch = slowness()
    if base and stretch > 1.0:
        item.add_marker(pytest.mark.timeout(float(base) * stretch))
    yield


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    def rank(item: pytest.Item) -> int:
        return next((i for i, prefix in enumerate(RUN_FIRST) if item.nodeid.startswith(prefix)),
                    len(RUN_FIRST))

    items.sort(key=rank)  # stable: every other test keeps its place


@pytest.fixture(autouse=True)
def private_home(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch) -> Path:
    """HOME and the XDG data/state/config/cache dirs point into a fresh temporary folder.

    A test run must never fill the user's real log files (the ones the README asks people to
    attach to bug reports), identity or keys. Child processes inherit the environment. Product
    code computes these paths when called, never at import (tests/test_isolation.py checks).
    Fixtures of a wider scope run before this one: they get the run's home (pytest_configure).
    """
    home = tmp_path_factory.mktemp("home")
    _point_user_dirs_at(home, monkeypatch.setenv)
    return home


# --- errors logged by the code under test -------------------------------------------------------


class _ErrorRecords(logging.Handler):
    def __init__(self) -> None:
        super().__init__(logging.ERROR)
        self.records: list[logging.LogRecord] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.records.append(record)


_ERRORS = pytest.StashKey[_ErrorRecords]()


@pytest.fixture(autouse=True)
def fail_on_error_logs(request: pytest.FixtureRequest) -> Iterator[None]:
    """A test fails when the code under test logs at ERROR or above (as python-chess's suite
    does): an error nobody looks at is a bug nobody fixes. A test that provokes one on purpose
    takes the ``expect_error_logs`` fixture (and asserts on the records) or carries the
    ``expect_error_logs`` marker."""
    handler = _ErrorRecords()
    root = logging.getLogger()
    root.addHandler(handler)
    request.node.stash[_ERRORS] = handler
    try:
        yield
    finally:
        root.removeHandler(handler)
    expected = (
        request.node.get_closest_marker("expect_error_logs") is not None
        or "expect_error_logs" in request.fixturenames
    )
    if handler.records and not expected:
        lines = [f"{r.levelname} {r.name}: {r.getMessage()}" for r in handler.records[:5]]
        pytest.fail(
            "the code under test logged errors (expect them with the expect_error_logs "
            "fixture or marker if they are the point of the test):\n  " + "\n  ".join(lines),
            pytrace=False,
        )


@pytest.fixture
def expect_error_logs(
    request: pytest.FixtureRequest, fail_on_error_logs: None
) -> list[logging.LogRecord]:
    """The ERROR records logged so far in this test (a live list): this test expects some."""
    return request.node.stash[_ERRORS].records


@pytest.fixture
async def ctx() -> AsyncIterator[zmq.asyncio.Context]:
    """A ZeroMQ context for tests that open sockets of their own (closed with linger 0)."""
    # Imported here: the engine and bots tests run under PyPy too (.ci/pypy), where the
    # venv's pyzmq, compiled for CPython, does not load.
    import zmq.asyncio

    context = zmq.asyncio.Context()
    yield context
    context.destroy(linger=0)
