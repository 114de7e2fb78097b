"""The host stops the server (Ctrl-C) in the middle of a game (session 15, played in tmux):
the players' screens said nothing for some 14 s, until their peer timeout counted the silence,
though the server had said goodbye (``shutting_down``) to every client. Now the goodbye is
heard: the table says "reconnecting…" and why, at once, and a move key then is not sent into
the void. Real apps on a real in-process server on 127.0.0.1:0."""

from __future__ import annotations

from typing import Any

import pytest
from seasalt.client.net.intents import SitDown
from seasalt.client.tui.app import LaunchOptions, SeasaltApp
from seasalt.client.tui.messages import IntentQueued
from seasalt.client.tui.screens.lobby import LobbyScreen
from seasalt.client.tui.screens.table import TableScreen
from seasalt.client.tui.widgets.actions import ActionList
from seasalt.testing.server import running_server
from seasalt.testing.tui import toasts

pytestmark = pytest.mark.timeout(60)
DUO = ("human", "human")
GOODBYE = "The server is shutting down: reconnecting when it is back…"


async def test_the_players_hear_the_server_stop_at_once(tui: Any) -> None:
    async with running_server() as server:
        address = server.local_endpoint.removeprefix("tcp://")
        ann = SeasaltApp(LaunchOptions(address=address, name="Ann"))
        bob = SeasaltApp(LaunchOptions(address=address, name="Bob"))
        async with ann.run_test(size=(100, 30)), bob.run_test(size=(100, 30)):
            await tui.until(lambda: isinstance(ann.screen, LobbyScreen)
                            and isinstance(bob.screen, LobbyScreen))
            for app in (ann, bob):
                app.post_message(IntentQueued(SitDown("duo", DUO, False, False)))
            await tui.until_table(ann)
            await tui.until_table(bob)
            assert "reconnecting" not in tui.text(ann)
            said = {app: toasts(app) for app in (ann, bob)}
            await server.stop()
            for app in (ann, bob):
                # Only the goodbye says this: the peer timeout's loss says "Lost the server".
                await tui.until(lambda app=app: GOODBYE in said[app], 20.0, "the goodbye")
                await tui.until(lambda app=app: "reconnecting…" in tui.text(app).splitlines()[0])
            # The one to play is told to wait, not left pressing a key that sends nothing.
            mover = next(app for app in (ann, bob) if app.screen.query_one(ActionList).choices)
            table = mover.screen
            assert isinstance(table, TableScreen)
            await tui.key(mover, table.query_one(ActionList).choices[0].key)
            await tui.until(lambda: any("your choice was not sent" in m for m in said[mover]))
            assert not table.sent
