"""Issue 14 in the real app: a plain server's lobby warns that the cards can be read, hosting
with the start menu's "Encrypt" switch runs a --secure server the app itself joins encrypted,
and chat and names with markup stay literal when they come from a real server."""

from __future__ import annotations

import shlex
from pathlib import Path

import pytest
import zmq
import zmq.asyncio
from seasalt.client.tui.app import SeasaltApp
from seasalt.client.tui.launch_options import LaunchOptions
from seasalt.client.tui.screens.dialogs import HostQuitDialog
from seasalt.client.tui.screens.lobby import LobbyScreen
from seasalt.client.tui.screens.table import TableScreen
from seasalt.client.tui.widgets.log import ChatPanel
from seasalt.protocol import Chat, Joined, JoinOrCreate
from seasalt.testing.server import RawClient, running_server
from seasalt.testing.tui import Host

pytestmark = pytest.mark.timeout(90)

WARNING = "Not encrypted: anyone on this network can read the cards."
LOCAL_WARNING = ("Not encrypted: your link stays on this computer; players who join from other "
                 "computers can be overheard.")
"""What a plain server's lobby says when this client reaches it by a loopback address (session
9: "anyone on this network can read" was untrue of this client's own link)."""


@pytest.fixture(autouse=True)
def private_homes(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Keys, journals and logs of the app and its child server go to a temporary home."""
    for var in ("XDG_CONFIG_HOME", "XDG_DATA_HOME", "XDG_STATE_HOME"):
        monkeypatch.setenv(var, str(tmp_path / var.lower()))


async def test_a_plain_server_warns_and_markup_from_it_stays_literal(tui) -> None:  # type: ignore[no-untyped-def]
    evil_name, evil_text = "[bold red]Eve[/]", "[link=x]hi[/link]"
    ctx = zmq.asyncio.Context()
    async with running_server() as server:
        eve = RawClient(ctx, server.local_endpoint)
        await eve.hello(evil_name)
        await eve.send(JoinOrCreate("den", ("human", "human")))
        await eve.expect(Joined)
        app = SeasaltApp(LaunchOptions(address=f"127.0.0.1:{server.port}", name="Ann"))
        async with app.run_test(size=(120, 40)):
            await tui.until(lambda: isinstance(app.screen, LobbyScreen), timeout=30)
            # The words wrap: compare them joined (the lobby's own line, not the screen's;
            # looked up while waiting: the lobby may still be composing).
            def warning() -> str:
                notes = app.screen.query("#plain-warning")
                return str(notes.first().render()) if notes else ""

            await tui.until(lambda: LOCAL_WARNING in warning())
            assert WARNING not in warning()
            await tui.until(lambda: "den" in tui.text(app))
            await tui.key(app, "enter")  # join the one table: the game starts
            await tui.until(lambda: isinstance(app.screen, TableScreen), timeout=30)
            await tui.until(lambda: evil_name in tui.text(app))
            await eve.send(Chat("den", evil_text))
            panel = app.screen.query_one(ChatPanel)
            await tui.until(lambda: any(text == evil_text for _, text in panel.lines))
            await tui.key(app, "t")  # the chat, in view
            await tui.until(lambda: app.focused is not None and app.focused.id == "chat-input")
            await tui.until(lambda: f"{evil_name}: {evil_text}" in tui.text(app))
        eve.close()
    ctx.destroy(linger=0)


@pytest.mark.skipif(not zmq.has("curve"), reason="libzmq without CURVE")
async def test_a_plain_server_elsewhere_warns_that_anyone_can_read(tui) -> None:  # type: ignore[no-untyped-def]
    app = Host(LobbyScreen("Ann", "10.0.0.2:7327"))
    async with app.run_test(size=(80, 24)):
        await tui.until(lambda: WARNING in tui.text(app))
        assert "stays on this computer" not in tui.text(app)


async def test_a_plain_host_with_no_network_address_does_not_speak_of_other_computers(tui) -> None:  # type: ignore[no-untyped-def]
    # Hosting on a machine with no network address: the banner says friends cannot join, and
    # the warning said "players who join from other computers can be overheard".
    app = Host(LobbyScreen("Ann", "127.0.0.1:7327", ("127.0.0.1",), hosting=True,
                           local_link=True))
    async with app.run_test(size=(80, 24)):
        await tui.until(lambda: "friends on other machines cannot join" in tui.text(app))
        warning = str(app.screen.query_one("#plain-warning").render())
        assert warning == "Not encrypted: your link stays on this computer."


async def test_hosting_with_the_encrypt_switch_runs_a_secure_server(tui) -> None:  # type: ignore[no-untyped-def]
    app = SeasaltApp(LaunchOptions(name="Ann", bot_delay=0))
    async with app.run_test(size=(120, 40)) as pilot:
        await tui.host(app, pilot, "#host-secure")
        child = app.own.child
        assert child is not None and child.server_key is not None and len(child.server_key) == 40
        key = shlex.quote(child.server_key)  # (Z85 holds & > $ #: quoted for the shell)
        await tui.until(lambda: f"--server-key {key}" in tui.text(app))
        assert WARNING not in tui.text(app)
        await tui.key(app, "ctrl+c")
        await tui.until(lambda: isinstance(app.screen, HostQuitDialog))
        await tui.key(app, "s")
        await tui.until(lambda: not child.alive())
