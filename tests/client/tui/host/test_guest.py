"""Issue 18 in the real app: the browser tab's client (``--guest``) and hosting with the start
menu's "also serve in browsers" switch."""

from __future__ import annotations

import http.client
import io
import subprocess
import sys
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import pytest
from seasalt.client.own_server.child_server import parse_web_urls
from seasalt.client.tui.app import SeasaltApp
from seasalt.client.tui.launch_options import LaunchOptions
from seasalt.client.tui.screens.connecting import ConnectingScreen
from seasalt.client.tui.screens.dialogs import HostQuitDialog
from seasalt.client.tui.screens.history import HistoryScreen
from seasalt.client.tui.screens.lobby import LobbyScreen
from seasalt.client.tui.screens.start import StartScreen
from seasalt.testing import tui as kit
from seasalt.testing.waiting import stretched
from textual.widgets import DataTable

pytestmark = pytest.mark.timeout(90)


@pytest.fixture(autouse=True)
def private_homes(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Keys, journals and logs of the app and its child server go to a temporary home."""
    for var in ("XDG_CONFIG_HOME", "XDG_DATA_HOME", "XDG_STATE_HOME"):
        monkeypatch.setenv(var, str(tmp_path / var.lower()))


class GuestHost(kit.Host):
    """A bare app that is a browser tab's client: what it delivers is recorded."""

    options = LaunchOptions(guest=True)

    def __init__(self, screen: Any) -> None:
        super().__init__(screen)
        self.delivered: list[tuple[str, str | None, str | None]] = []

    def deliver_text(self, path_or_file: Any, **kwargs: Any) -> str | None:
        assert isinstance(path_or_file, io.StringIO)
        self.delivered.append(
            (path_or_file.getvalue(), kwargs.get("save_filename"), kwargs.get("mime_type")))
        return "key"


async def test_a_guest_exports_a_replay_to_the_browser_not_to_a_file(tmp_path: Path) -> None:
    source = kit.FakeSource({1: kit.make_replay(1, 3)})
    app = GuestHost(HistoryScreen(source, "fake:7327", export_dir=tmp_path))
    async with app.run_test(size=(200, 50)) as pilot:
        await kit.until(lambda: app.screen.query_one(DataTable).row_count == 1)
        await pilot.press("e")
        await kit.until(lambda: bool(app.delivered))
        text, name, mime = app.delivered[0]
        assert name == "seasalt-game-1.json" and mime == "application/json"
        assert '"seasalt' in text  # the replay file's own format
        said = "Replay sent to your browser as seasalt-game-1.json."
        await kit.until(lambda: any(str(n.message) == said for n in app._notifications))
    assert list(tmp_path.iterdir()) == []  # nothing written on the host


async def test_a_guest_that_cannot_connect_closes_instead_of_showing_the_menu() -> None:
    class Refused(kit.QueueLink):
        async def connect(self) -> None:
            from seasalt.client.tui.link import LinkFailed

            raise LinkFailed("refused")

    app = SeasaltApp(LaunchOptions(address="127.0.0.1:9", name="Ann", guest=True),
                     link_factory=lambda address, name: Refused())
    async with app.run_test(size=(100, 30)) as pilot:
        await kit.until(lambda: isinstance(app.screen, ConnectingScreen)
                        and app.screen.query_one("#connecting-buttons").display)
        await pilot.press("escape")  # "Back": a menu elsewhere, the end of the tab's client here
        await kit.until(lambda: app.return_code is not None)
    assert app.return_code == 0
    assert not any(isinstance(s, StartScreen) for s in app.screen_stack)


@pytest.mark.parametrize("args", [["--guest"], ["--guest", "--solo", "x:1"],
                                  ["x:1", "--guest", "--bot", "random"]])
def test_guest_needs_an_address_and_plays_it_only(args: list[str]) -> None:
    process = subprocess.run([sys.executable, "-m", "seasalt.client.cli", *args],
                             capture_output=True, text=True, timeout=stretched(30))
    assert process.returncode == 2
    assert "--guest needs a server address and plays it only" in process.stderr


def test_the_web_addresses_are_read_from_the_server_output() -> None:
    lines = ["seasalt-server listening on port 7327; players join with:",
             "  seasalt-client 192.168.1.20:7327", "friends without seasalt open in a browser:",
             "  http://127.0.0.1:8080/", "  http://192.168.1.20:8080/",
             "SEASALT_WEB http://127.0.0.1:8080/"]
    assert parse_web_urls(lines) == ["http://127.0.0.1:8080/", "http://192.168.1.20:8080/"]
    assert parse_web_urls(lines[:2]) == []


def test_the_lobby_offers_friends_the_browser_address_not_loopback() -> None:
    lobby = LobbyScreen("Ann", "127.0.0.1:7327", ["192.168.1.20:7327"],
                        web_urls=["http://127.0.0.1:8080/", "http://192.168.1.20:8080/"])
    assert lobby.web_urls == ["http://192.168.1.20:8080/"]


async def test_a_guests_lobby_gives_friends_the_servers_browser_address() -> None:
    options = LaunchOptions(address="h:1", guest=True, web_urls=("http://192.168.1.20:8080/",))
    assert SeasaltApp(options).own.web_urls == ["http://192.168.1.20:8080/"]
    lobby = LobbyScreen("Ann", "127.0.0.1:7327",
                        web_urls=["http://127.0.0.1:8080/", "http://192.168.1.20:8080/"])
    app = kit.Host(lobby)
    async with app.run_test(size=(100, 30)):
        await kit.until(lambda: "Friends open in a browser" in kit.screen_text(app))
        text = kit.screen_text(app)
        assert "http://192.168.1.20:8080/" in text and "http://127.0.0.1:8080/" not in text


async def test_hosting_with_the_web_switch_serves_browsers(tui) -> None:  # type: ignore[no-untyped-def]
    app = SeasaltApp(LaunchOptions(name="Ann", bot_delay=0))
    try:
        await _host_with_web(app, tui)
    finally:  # a hosted server outlives its app by design: never leave this one behind
        if app.own.child is not None:
            app.own.child.stop()


async def _host_with_web(app: SeasaltApp, tui: Any) -> None:
    async with app.run_test(size=(120, 40)) as pilot:
        await tui.host(app, pilot, "#host-web")
        child = app.own.child
        assert child is not None and child.web_urls, child
        # friends' addresses first, this machine's own loopback last
        local = urlsplit(child.web_urls[-1])
        assert local.hostname == "127.0.0.1", child.web_urls
        conn = http.client.HTTPConnection(local.hostname, local.port, timeout=10)
        conn.request("GET", "/")
        first = conn.getresponse()
        first.read()
        # a browser's first visit: a page that asks again (server/web.py), then a new tab
        assert first.status == 200 and first.getheader("Refresh") == "0; url=/?cookie=1"
        conn.request("GET", "/?cookie=1")
        assert conn.getresponse().status == 302  # a page for a new tab, with its cookie
        conn.close()
        friends = [u for u in child.web_urls if not u.startswith("http://127.")]
        if friends:  # a machine with a network address: the lobby shows it
            await tui.until(lambda: friends[0] in tui.text(app))
        await tui.key(app, "ctrl+c")
        await tui.until(lambda: isinstance(app.screen, HostQuitDialog))
        await tui.key(app, "s")
        await tui.until(lambda: not child.alive())
