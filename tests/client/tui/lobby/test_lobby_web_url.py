"""Issue 18: a player who joined by typing the address sees in the lobby where friends open the
server in a browser: the server tells every client (``server_info`` after ``welcome``), not only
the host's own. Real in-process server, real sockets."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from seasalt.client.tui.app import SeasaltApp
from seasalt.client.tui.launch_options import LaunchOptions
from seasalt.client.tui.screens.lobby import LobbyScreen
from seasalt.testing.server import running_server

pytestmark = pytest.mark.timeout(60)

LAN_URL = "http://192.168.1.20:8080/"
"""What a ``--web`` server on a LAN tells (serve_cli sets it from the front's addresses; the
tests listen on 127.0.0.1 only, whose own URL no friend could open)."""


@pytest.fixture(autouse=True)
def own_folders(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    for var in ("XDG_CONFIG_HOME", "XDG_DATA_HOME", "XDG_STATE_HOME"):
        monkeypatch.setenv(var, str(tmp_path / var.lower()))


async def test_a_client_that_typed_the_address_shows_the_browser_url(tui: Any) -> None:
    async with running_server() as server:
        assert server.master is not None
        server.master.web_urls = (LAN_URL, "http://127.0.0.1:8080/")
        app = SeasaltApp(LaunchOptions(address=f"127.0.0.1:{server.port}", name="Ann"))
        async with app.run_test(size=(100, 30)):
            await tui.until(lambda: isinstance(app.screen, LobbyScreen), timeout=30)
            await tui.until(lambda: "Lobby of" in tui.text(app))  # composed and drawn
            assert not app.own.hosting
            text = tui.text(app)
            assert f"Friends open in a browser: {LAN_URL}" in text, text
            assert "127.0.0.1:8080" not in text  # this machine's own address reaches nobody


async def test_no_browser_line_when_the_server_serves_none(tui: Any) -> None:
    async with running_server() as server:
        app = SeasaltApp(LaunchOptions(address=f"127.0.0.1:{server.port}", name="Ann"))
        async with app.run_test(size=(100, 30)):
            await tui.until(lambda: isinstance(app.screen, LobbyScreen), timeout=30)
            await tui.until(lambda: "Lobby of" in tui.text(app))  # composed and drawn
            assert "in a browser" not in tui.text(app)
            assert app.own.web_urls == []
