"""The round result while the server is out of reach (issue 38, defect 7): its countdown ran
to "Next round in 0 s" and stayed there, a clock nobody could hear. Now the line says the
server is out of reach. A real in-process server: Ann (a raw protocol client) plays a round
against a bot and Eve watches in the app; the host stops the server during the reading
pause (its goodbye is a lost link at once). Eve starts watching during that pause: the
result to read is what a watcher is shown then.

Ann's client keeps its link up while she reads, as a real one does: a raw client silent for
the server's peer timeout (10 s) counts as lost, and nobody being left to read, the pause ends
(server/presence.py ``check_reading``). Eve's app once came later than that beside six busy
loops: her result showed no countdown. She now comes after the peer timeout every time."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest
import zmq.asyncio
from seasalt.bots import get_bot
from seasalt.client.net.intents import WatchTable
from seasalt.client.tui.app import SeasaltApp
from seasalt.client.tui.launch_options import LaunchOptions
from seasalt.client.tui.messages import IntentQueued
from seasalt.client.tui.screens.lobby import LobbyScreen
from seasalt.client.tui.screens.result import RoundResultScreen
from seasalt.protocol import ActionRequest, Joined, JoinOrCreate, RoundOver, Snapshot, Update
from seasalt.server.app import Server
from seasalt.testing.server import RawClient, running_server

pytestmark = pytest.mark.timeout(90)

OUT_OF_REACH = "The server is out of reach: reconnecting…"


async def _play_a_round(ann: RawClient, seed: int = 5) -> None:
    """Ann's seat played by a seeded bot until the round is over (she does not continue)."""
    bot = get_bot("greedy", seed)
    acted = -1
    while True:
        message = await ann.recv(30)
        if isinstance(message, RoundOver):
            return
        if isinstance(message, Snapshot | Update):
            v = message.view
            if v.to_act == v.seat and v.legal_actions and acted != message.seq:
                acted = message.seq
                await ann.send(ActionRequest("t", message.seq, bot.choose(v)))


async def _eve_watches_the_server_stop(server: Server, tui: Any) -> None:
    app = SeasaltApp(LaunchOptions(address=server.local_endpoint.removeprefix("tcp://"),
                                   name="Eve"))
    async with app.run_test(size=(120, 40)):
        await tui.until(lambda: isinstance(app.screen, LobbyScreen))
        app.post_message(IntentQueued(WatchTable("t")))
        await tui.until(lambda: isinstance(app.screen, RoundResultScreen), 30)
        try:
            await tui.until(lambda: "Next round in" in tui.text(app))
        except AssertionError:
            raise AssertionError(f"no reading clock:\n{tui.text(app)}\nlink down: "
                                 f"{app.net.link_down}; clock: {app.flow.clock_reading}"
                                 ) from None
        assert OUT_OF_REACH not in tui.text(app)
        await server.stop()  # the host's Ctrl-C during the reading pause
        await tui.until(lambda: OUT_OF_REACH in tui.text(app))
        assert "Next round in" not in tui.text(app)
        assert isinstance(app.screen, RoundResultScreen)


async def test_the_round_result_says_the_server_is_out_of_reach(tui: Any) -> None:
    # A long pause: on a busy machine the app may take a while to show the result (the pause
    # lasts as long only while Ann is heard from: ``keeping_alive`` below).
    async with running_server(continue_timeout=600.0) as server:
        ctx = zmq.asyncio.Context()
        try:
            ann = RawClient(ctx, server.local_endpoint)
            await ann.hello("Ann")
            await ann.send(JoinOrCreate("t", ("human", "bot:greedy")))
            await ann.expect(Joined)
            await _play_a_round(ann)  # (before Eve comes: she is shown the result to read)
            async with ann.keeping_alive():  # (she reads on: silent, she would be lost)
                # Eve comes after the server's peer timeout, as she may on a loaded machine
                # (the app's start, the lobby, the watch): the pause still waits for Ann.
                await asyncio.sleep(server.config.peer_timeout + 1)  # sleep-ok: the silence tested
                await _eve_watches_the_server_stop(server, tui)
            ann.close()
        finally:
            ctx.destroy(linger=0)
