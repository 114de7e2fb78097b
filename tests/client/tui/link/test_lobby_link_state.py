"""The lobby says when the server is out of reach (qa8, played in tmux): with the server
killed, the lobby kept its list and said nothing once the toast had gone (16 s later); "n",
Enter then created nothing, with no word why. The table's status line said it; now the lobby
says it too, and stops saying it when the server is back."""

from __future__ import annotations

from typing import Any

from seasalt.client.tui.app import SeasaltApp
from seasalt.client.tui.launch_options import LaunchOptions
from seasalt.client.tui.messages import LinkStatus
from seasalt.client.tui.screens.lobby import LobbyScreen
from seasalt.testing.tui import FakeLink


async def test_the_lobby_says_reconnecting_and_disconnected(tui: Any) -> None:
    links: list[FakeLink] = []

    def factory(address: str, name: str) -> FakeLink:
        links.append(FakeLink(address, name))
        return links[-1]

    app = SeasaltApp(LaunchOptions(address="lan:7327", name="Ann"), link_factory=factory)
    async with app.run_test(size=(80, 24)):
        await tui.until(lambda: isinstance(app.screen, LobbyScreen))
        await tui.settled(app)
        assert "reconnecting" not in tui.text(app)
        await links[0].inbox.put(LinkStatus("reconnecting", "no word from the server"))
        await tui.until(lambda: "reconnecting…" in "\n".join(tui.text(app).splitlines()[:5]))
        await links[0].inbox.put(LinkStatus("connected", "session resumed"))
        await tui.until(lambda: "reconnecting…" not in tui.text(app))
        await links[0].inbox.put(LinkStatus("failed", "the server is gone"))
        await tui.until(lambda: "disconnected: press q to quit" in tui.text(app))
