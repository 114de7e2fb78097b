"""The child server of solo/host mode: started, parsed, stopped, and never outliving the client."""

from __future__ import annotations

import signal
import subprocess
import sys
import textwrap

import pytest
from seasalt.client.own_server.child_server import parse_listening
from seasalt.testing.waiting import process_gone, until_sync

pytestmark = pytest.mark.timeout(60)

SERVER_OUTPUT = """\
seasalt-server listening on port 46295; players join with:
  seasalt-client 127.0.0.1:46295
  seasalt-client 192.0.2.2:46295
journal: /tmp/x.sqlite3
SEASALT_LISTENING tcp://0.0.0.0:46295
"""


def test_listening_line_gives_the_local_address_and_the_join_addresses() -> None:
    assert parse_listening(SERVER_OUTPUT.splitlines()[:4]) is None
    address, joins = parse_listening(SERVER_OUTPUT.splitlines())  # type: ignore[misc]
    assert address == "127.0.0.1:46295"
    assert joins == ["127.0.0.1:46295", "192.0.2.2:46295"]


def _wait_gone(pid: int, timeout: float = 10.0) -> bool:
    try:
        until_sync(lambda: process_gone(pid), timeout, f"process {pid} gone")
    except AssertionError:
        return False
    return True


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="PR_SET_PDEATHSIG is Linux")
def test_solo_server_dies_with_a_killed_client() -> None:
    client = subprocess.Popen(
        [sys.executable, "-c", textwrap.dedent("""
            import sys, time
            from seasalt.client.own_server.child_server import start_server
            child = start_server(bot_delay=0)
            print(child.pid, flush=True)
            time.sleep(60)
        """)],
        stdout=subprocess.PIPE, text=True,
    )
    try:
        assert client.stdout is not None
        server_pid = int(client.stdout.readline())
        assert not process_gone(server_pid)
        client.send_signal(signal.SIGKILL)  # no cleanup code runs in the client
        client.wait(10)
        assert _wait_gone(server_pid), "the solo server outlived its client"
    finally:
        client.kill()
        client.wait(10)


async def test_host_mode_shows_join_addresses_and_asks_before_stopping(
    tui, tmp_path, monkeypatch
) -> None:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))  # host mode's journal goes here
    monkeypatch.setenv("XDG_STATE_HOME", str(tmp_path / "state"))
    from seasalt.client.tui.app import SeasaltApp
    from seasalt.client.tui.launch_options import LaunchOptions
    from seasalt.client.tui.screens.dialogs import HostQuitDialog
    from seasalt.client.tui.screens.lobby import LobbyScreen

    app = SeasaltApp(LaunchOptions(name="Ann", bot_delay=0))
    async with app.run_test(size=(100, 30)) as pilot:
        await tui.host(app, pilot)
        # Friends are offered this machine's network addresses, never its loopback one
        # (a machine with only loopback is told that no network address was found).
        await tui.until(lambda: "Friends join with" in tui.text(app)
                        or "No network address was found" in tui.text(app))
        assert "seasalt-client 127.0.0.1:" not in tui.text(app)
        child = app.own.child
        assert child is not None and child.alive()
        await tui.key(app, "ctrl+c")
        await tui.until(lambda: isinstance(app.screen, HostQuitDialog))
        await tui.key(app, "escape")  # cancel: still hosting
        await tui.until(lambda: isinstance(app.screen, LobbyScreen))
        assert child.alive()
        await tui.key(app, "ctrl+c")
        await tui.until(lambda: isinstance(app.screen, HostQuitDialog))
        await tui.key(app, "s")
        await tui.until(lambda: not child.alive())
        assert child.db_path is None  # the server's default journal: test_solo_journal.py
