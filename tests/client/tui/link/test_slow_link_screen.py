"""The connecting screen on a slow link (issue 38, defect 7): the first connect gave up after
8 s and said "No seasalt server answered", though the server's port had answered and only the
handshake was slow. Now a port that answered is a slow link: the screen says so and keeps
trying while the player watches; nothing at all is still "no server", and a host name that
does not resolve is named. The real link (client/tui/link.py) on real sockets: an in-process server
behind a proxy that holds its answers back (seasalt.testing.slow_link)."""

from __future__ import annotations

import socket
from typing import Any

import pytest
from seasalt.client.tui.app import SeasaltApp
from seasalt.client.tui.launch_options import LaunchOptions
from seasalt.client.tui.screens.connecting import ConnectingScreen
from seasalt.client.tui.screens.lobby import LobbyScreen
from seasalt.testing.server import running_server
from seasalt.testing.slow_link import SlowLink
from textual.widgets import Button

pytestmark = pytest.mark.timeout(60)

PATIENCE = 0.3
"""The app's patience before it says what no welcome means (8 s by default)."""
SLOW = "The link is slow: the server answers, but its replies take long"


def _app(address: str) -> SeasaltApp:
    return SeasaltApp(LaunchOptions(address=address, name="Ann", connect_patience=PATIENCE))


def _retry_shown(app: SeasaltApp) -> bool:
    return bool(app.screen.query_one("#retry", Button).display
                and app.screen.query_one("#connecting-buttons").display)


async def test_a_slow_link_is_said_and_waited_for_until_the_server_answers(tui: Any) -> None:
    async with running_server() as server, SlowLink(server.local_endpoint) as link:
        link.hold()  # the port answers; the handshake waits for the server's side
        app = _app(link.address)
        async with app.run_test(size=(100, 30)):
            await tui.until(lambda: isinstance(app.screen, ConnectingScreen)
                            and SLOW in " ".join(tui.text(app).split()))
            text = tui.text(app)
            assert "No seasalt server answered" not in text and not _retry_shown(app)
            assert "Esc goes back" in " ".join(text.split())  # (the player can stop it)
            link.release()  # the slow answers arrive: the same connect goes on to the lobby
            await tui.until(lambda: isinstance(app.screen, LobbyScreen))


async def test_nothing_at_the_address_is_still_no_server(tui: Any) -> None:
    with socket.socket() as probe:  # a port nobody listens on
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    app = _app(f"127.0.0.1:{port}")
    async with app.run_test(size=(100, 30)):
        await tui.until(lambda: f"No seasalt server answered at 127.0.0.1:{port}."
                        in tui.text(app))
        assert SLOW not in " ".join(tui.text(app).split()) and _retry_shown(app)


async def test_a_host_name_that_does_not_resolve_is_named(tui: Any) -> None:
    # It waited the whole connect and said "No seasalt server answered at nosuchhost…".
    app = SeasaltApp(LaunchOptions(address="nosuchhost.invalid", name="Ann"))
    async with app.run_test(size=(100, 30)):
        # the message and its hints are drawn apart: wait for the whole of it
        await tui.until(lambda: "the spelling of the name: nosuchhost.invalid"
                        in " ".join(tui.text(app).split()))
        text = " ".join(tui.text(app).split())
        assert "No computer named nosuchhost.invalid was found." in text
        assert "No seasalt server answered" not in text and _retry_shown(app)
