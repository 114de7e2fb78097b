"""The host stops the server (Ctrl-C) in the middle of a game (session 15, played in tmux):
the players' screens said nothing for some 14 s, until their peer timeout counted the silence,
though the server had said goodbye (``shutting_down``) to every client. Now the goodbye is
heard: the table says "reconnecting…" and why, at once, and a move key then is not sent into
the void. Real apps on a real in-process server on 127.0.0.1:0."""

from __future__ import annotations

from typing import Any

import pytest
from seasalt.client.tui.screens.table import TableScreen
from seasalt.client.tui.widgets.actions import ActionList
from seasalt.testing.server import running_server
from seasalt.testing.tui import toasts, two_at_a_table

pytestmark = pytest.mark.timeout(60)
GOODBYE = "The server is shutting down: reconnecting when it is back…"


async def test_the_players_hear_the_server_stop_at_once(tui: Any) -> None:
    async with running_server() as server:
        address = server.local_endpoint.removeprefix("tcp://")
        async with two_at_a_table(address, (100, 30)) as (ann, bob):
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
