"""The second table of an evening gets a name of its own. The lobby's new-table dialog offered
"Ann's table" though a listed table had that name: after a game over (the first table stays
listed while anyone is still at its result), Enter sent Ann back to that result, her seat there,
the options she asked for unheeded; at someone else's table of that name it joined or was
refused. Real in-process server, real sockets."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import zmq.asyncio
from seasalt.client.tui.app import SeasaltApp
from seasalt.client.tui.launch_options import LaunchOptions
from seasalt.client.tui.screens.lobby import CreateTableDialog, LobbyScreen, free_table_name
from seasalt.protocol import MAX_TABLE_NAME_LENGTH, Joined, JoinOrCreate
from seasalt.testing.server import RawClient, running_server
from textual.widgets import Input

pytestmark = pytest.mark.timeout(60)

FIRST = "Ann's table"


@pytest.fixture(autouse=True)
def own_folders(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    for var in ("XDG_CONFIG_HOME", "XDG_DATA_HOME", "XDG_STATE_HOME"):
        monkeypatch.setenv(var, str(tmp_path / var.lower()))


async def test_a_new_table_is_not_named_as_a_listed_one(tui: Any) -> None:
    ctx = zmq.asyncio.Context()
    async with running_server() as server:
        bob = RawClient(ctx, server.local_endpoint)
        try:
            await bob.hello("Bob")
            await bob.send(JoinOrCreate(FIRST, ("human", "human")))  # a table of that name
            await bob.expect(Joined)
            app = SeasaltApp(LaunchOptions(address=f"127.0.0.1:{server.port}", name="Ann"))
            async with app.run_test(size=(100, 30)):
                await tui.until(lambda: isinstance(app.screen, LobbyScreen)
                                and FIRST in tui.text(app), timeout=30)
                await tui.key(app, "n")
                await tui.until(lambda: isinstance(app.screen, CreateTableDialog)
                                and app.screen.query("#table-name"))
                assert app.screen.query_one("#table-name", Input).value == f"{FIRST} 2"
                await tui.key(app, "enter")
                await tui.until(lambda: app.session.table == f"{FIRST} 2" and app.session.seat == 0,
                                timeout=30, what="Ann at a new table of her own")
        finally:
            bob.close()
    ctx.term()


def test_the_offered_name_counts_on_and_is_cut_to_fit() -> None:
    assert free_table_name(FIRST, set()) == FIRST
    assert free_table_name(FIRST, {FIRST, f"{FIRST} 2"}) == f"{FIRST} 3"
    long = "x" * MAX_TABLE_NAME_LENGTH
    assert free_table_name(long, {long}) == "x" * (MAX_TABLE_NAME_LENGTH - 2) + " 2"
