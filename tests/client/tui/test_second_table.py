"""The second table of an evening: after a game over, the lobby's new table gets a name of its
own. The first table stays listed while someone is still at its result (here a spectator), and
the new-table dialog offered its name again: Enter sent its player back to that result (their
seat there; the options asked for went unheeded). Real in-process server, real sockets."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from seasalt.client.app import LaunchOptions, SeasaltApp
from seasalt.client.intents import SitDown
from seasalt.client.screens.lobby import CreateTableDialog, LobbyScreen
from seasalt.client.screens.model import IntentQueued
from seasalt.client.screens.table import TableScreen
from seasalt.protocol import Joined, Watch
from seasalt.testing.server import RawClient, running_server
from textual.widgets import Input

from .play_through import STARTED, play_to_game_over

pytestmark = pytest.mark.timeout(120)

FIRST = "Ann's table"


@pytest.fixture(autouse=True)
def own_folders(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    for var in ("XDG_CONFIG_HOME", "XDG_DATA_HOME", "XDG_STATE_HOME"):
        monkeypatch.setenv(var, str(tmp_path / var.lower()))


async def test_a_new_table_after_a_game_over_is_not_the_finished_one(tui: Any) -> None:
    import zmq.asyncio

    ctx = zmq.asyncio.Context()
    async with running_server(seed=58) as server:
        app = SeasaltApp(LaunchOptions(address=f"127.0.0.1:{server.port}", name="Ann"))
        async with app.run_test(size=(100, 30)):
            await tui.until(lambda: isinstance(app.screen, LobbyScreen), timeout=STARTED)
            app.post_message(IntentQueued(SitDown(FIRST, ("human", "bot:greedy"), target=1)))
            await tui.until(lambda: isinstance(app.screen, TableScreen), timeout=STARTED)
            bob = RawClient(ctx, server.local_endpoint)
            try:
                await bob.hello("Bob")
                await bob.send(Watch(FIRST))  # still at the result after Ann has gone
                await bob.expect(Joined)
                await play_to_game_over(app, tui)
                await tui.key(app, "b")  # the game over's "Lobby (b)"
                await tui.until(lambda: isinstance(app.screen, LobbyScreen)
                                and FIRST in tui.text(app), timeout=STARTED)
                await tui.key(app, "n")
                await tui.until(lambda: isinstance(app.screen, CreateTableDialog)
                                and app.screen.query("#table-name"))
                name = app.screen.query_one("#table-name", Input)
                assert name.value == f"{FIRST} 2"
                await tui.key(app, "enter")
                await tui.until(lambda: app.table == f"{FIRST} 2" and app.frame is not None
                                and not app.frame.view.is_over, timeout=STARTED,
                                what="a new table, its game dealt")
            finally:
                bob.close()
    ctx.term()


def test_the_suggested_name_is_cut_to_fit_and_counts_on() -> None:
    from seasalt.client.screens.lobby import free_table_name
    from seasalt.protocol import MAX_TABLE_NAME_LENGTH

    assert free_table_name("Ann's table", set()) == "Ann's table"
    assert free_table_name("Ann's table", {"Ann's table", "Ann's table 2"}) == "Ann's table 3"
    long = "x" * MAX_TABLE_NAME_LENGTH
    assert free_table_name(long, {long}) == "x" * (MAX_TABLE_NAME_LENGTH - 2) + " 2"
