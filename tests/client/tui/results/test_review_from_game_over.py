"""The game over offers the expert's review of the game just finished (``v``, its button), from
the replay the server's history gives: a LAN game on an in-process server (127.0.0.1, port 0,
real sockets) and a solo game against the app's own child server."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import zmq.asyncio
from seasalt.bots.coach import COACH_BUDGET
from seasalt.client.net.intents import WatchTable
from seasalt.client.tui.app import SeasaltApp
from seasalt.client.tui.launch_options import LaunchOptions
from seasalt.client.tui.messages import IntentQueued
from seasalt.client.tui.screens.result import GameOverScreen, RoundResultScreen
from seasalt.client.tui.screens.review import ReviewScreen
from seasalt.client.tui.screens.table import TableScreen
from seasalt.protocol import Joined, JoinOrCreate, Leave, Left
from seasalt.testing.server import RawClient, running_server
from textual.widgets import Button

from ..solo.play_through import STARTED, play_to_game_over

pytestmark = pytest.mark.timeout(300)


@pytest.fixture(autouse=True)
def one_playout(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(COACH_BUDGET, 2, 1)  # (the default budget, cut to a playout here)


async def review_from_game_over(app: SeasaltApp, tui: Any) -> ReviewScreen:
    """At the game over: its button names the key; ``v`` opens the review of that game."""
    over = app.screen
    assert isinstance(over, GameOverScreen)
    await tui.until(lambda: over.query("#review"), what="the game over's buttons")
    assert str(over.query_one("#review", Button).label) == "Review (v)"
    await tui.key(app, "v")
    await tui.until(lambda: isinstance(app.screen, ReviewScreen), timeout=STARTED,
                    what="the review screen")
    review = app.screen
    assert isinstance(review, ReviewScreen)
    await tui.until(lambda: review.review is not None, timeout=STARTED, what="the review")
    return review


async def test_a_lan_games_review_from_its_game_over(tui: Any) -> None:
    async with running_server() as server:
        ctx = zmq.asyncio.Context()
        address = server.local_endpoint.removeprefix("tcp://")
        try:
            ann = RawClient(ctx, server.local_endpoint)
            await ann.hello("Ann")
            await ann.send(JoinOrCreate("t", ("human", "bot:random")))
            await ann.expect(Joined)
            app = SeasaltApp(LaunchOptions(address=address, name="Eve"))
            async with app.run_test(size=(120, 40)):
                await tui.until(lambda: type(app.screen).__name__ == "LobbyScreen", timeout=30)
                app.post_message(IntentQueued(WatchTable("t")))
                await tui.until(lambda: isinstance(app.screen, TableScreen), timeout=30)
                await ann.send(Leave())  # a bot plays Ann's seat to the end, at once
                await ann.expect(Left)
                await tui.until(lambda: isinstance(app.screen, RoundResultScreen)
                                and "Game over —" in tui.text(app), timeout=60)
                await tui.key(app, "enter")
                await tui.until(lambda: isinstance(app.screen, GameOverScreen), timeout=30)
                final = app.flow.frame.view.scores
                review = await review_from_game_over(app, tui)
                assert review.replay.summary.table == "t"
                assert tuple(review.replay.summary.scores) == tuple(final)
                # Ann's seat was the stand-in's from the start: nothing of hers is reviewed.
                assert review.skip and review.review is not None
                assert not review.review.players[0].decisions
                assert review.review.players[1].decisions
                assert "Expert review of game" in tui.text(app)
                await tui.key(app, "escape")
                await tui.until(lambda: isinstance(app.screen, GameOverScreen))
            ann.close()
        finally:
            ctx.destroy(linger=0)


async def test_a_solo_games_review_from_its_game_over(
    tui: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    for name in ("XDG_DATA_HOME", "XDG_CONFIG_HOME", "XDG_STATE_HOME"):
        monkeypatch.setenv(name, str(tmp_path / name.lower()))
    app = SeasaltApp(LaunchOptions(solo=True, name="Ann", opponents=1, target=1,
                                   server_seed=58, bot_delay=0))
    async with app.run_test(size=(100, 30)):
        await play_to_game_over(app, tui)
        final = app.flow.frame.view.scores
        review = await review_from_game_over(app, tui)
        assert tuple(review.replay.summary.scores) == tuple(final)
        assert review.review is not None and review.review.players[0].decisions
        assert "== Ann (seat 1) ==" in tui.text(app)
        await tui.key(app, "escape")
        await tui.until(lambda: isinstance(app.screen, GameOverScreen))
