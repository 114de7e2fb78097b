"""A player who lets a table without a turn timer wait, in the TUI. On a real in-process server
on the injected clock (its idle limit: 3 minutes, the countdown shown for the last one): the idle
player's app shows their own countdown, then the stand-in plays, the app says how to come back,
and any key gives the seat back; the other player (a raw client) is told the countdown. The
other player's words ("Bob is idle — a bot takes the seat in 60 s" where "Waiting for Bob…"
was: the countdown a lost player gets, worded for one who is there) on a fake link.

The app's own clock stands still (a countdown shows what the server said); the server's moves
only when the test says. Its heartbeat is a minute, so the app stays connected across the
minutes the test skips.
"""

from __future__ import annotations

from typing import Any

import pytest
import zmq.asyncio
from seasalt import protocol as p
from seasalt.client.net.intents import SitDown
from seasalt.client.tui.app import SeasaltApp
from seasalt.client.tui.launch_options import LaunchOptions
from seasalt.client.tui.messages import IntentQueued
from seasalt.client.tui.widgets.log import LogPanel
from seasalt.engine import GameState, Phase, Rules, apply, legal_actions, new_game, view
from seasalt.protocol import Clocks, JoinOrCreate, SeatClock, Snapshot
from seasalt.server.config import ManualClock
from seasalt.testing.server import RawClient, running_server
from seasalt.testing.tui import QueueLink

pytestmark = pytest.mark.timeout(60)

IDLE_AFTER, SHOWN_FOR = 180.0, 60.0


SEED = 1
"""The server's seed: its first game gives the first turn to seat 0 (Ann, who sits first)."""


class StillClock:
    def __call__(self) -> float:
        return 100.0


class ClockLink(QueueLink):
    """Seat 0 (Ann) of ``state`` at table "t" without a turn timer; the test says the rest."""

    def __init__(self, state: GameState, turn_time: int = 0) -> None:
        super().__init__()
        self.state, self.turn_time = state, turn_time

    async def send(self, message: Any) -> None:
        if isinstance(message, p.ListTables):
            seats = tuple(p.SeatInfo("human", name, True, False) for name in ("Ann", "Bob"))
            info = p.TableInfo("t", seats, False, False, p.TableState.RUNNING, 1)
            await self.inbox.put(p.Joined("t", 0))
            await self.inbox.put(p.TableChanged(info))
            await self.inbox.put(p.Snapshot("t", 7, view(self.state, 0)))


def _find(test: Any) -> GameState:
    state = new_game(Rules(2), 3)
    while not test(state):
        state = apply(state, legal_actions(state)[0]).state
    return state


def _bob_to_act(state: GameState) -> bool:
    return state.to_act == 1 and state.phase is Phase.DRAW


async def test_the_idle_player_is_counted_down_stood_in_for_and_back_on_any_key(
    tui: Any, ctx: zmq.asyncio.Context,
) -> None:
    server_clock = ManualClock()
    async with running_server(server_clock, heartbeat=60.0, idle_after=IDLE_AFTER,
                              takeover_after=SHOWN_FOR, seed=SEED) as server:
        master = server.master
        assert master is not None
        address = server.local_endpoint.removeprefix("tcp://")
        ann = SeasaltApp(LaunchOptions(address=address, name="Ann"))
        ann.clock = StillClock()
        bob = RawClient(ctx, server.local_endpoint)  # the other player, who waits
        async with ann.run_test(size=(120, 40)):
            await tui.until(lambda: bool(ann.net.server_address))
            ann.post_message(IntentQueued(SitDown("slow", ("human", "human"))))
            await tui.until(lambda: ann.session.table == "slow")
            await bob.hello("Bob")
            await bob.send(JoinOrCreate("slow", ("human", "human")))
            await bob.expect(Snapshot)
            table = master.tables["slow"]
            assert table.state.to_act == 0, "the seed deals Ann the first turn"
            await tui.until(lambda: "Your turn" in tui.text(ann))

            server_clock.advance(IDLE_AFTER - SHOWN_FOR)
            master.tick()
            clocks = await bob.expect(Clocks, where=lambda m: bool(m.takeovers))
            assert clocks.takeovers == (SeatClock(0, 60_000),)  # what the others are told
            await tui.until(lambda: "You are idle — a bot takes your seat in 60 s: make your "
                            "move" in tui.text(ann))

            seq = table.seq
            server_clock.advance(SHOWN_FOR)
            master.tick()
            await tui.until(lambda: table.seq > seq and table.state.to_act == 1)
            back = "You were idle: a bot plays for you. Press any key to take your seat back."
            await tui.until(lambda: back in " ".join(tui.text(ann).split()))
            log = ann.screen.query_one(LogPanel)
            await tui.until(lambda: any("Your stand-in (bot)" in line for line in log.last[0]))
            assert "You are idle" not in tui.text(ann)  # the countdown is over

            await tui.key(ann, "z")  # any key
            await tui.until(lambda: not table.seats[0].bot_playing)
            await tui.until(lambda: back not in " ".join(tui.text(ann).split()))
        bob.close()


async def test_the_others_see_an_idle_player_counted_down_where_waiting_was(tui: Any) -> None:
    link = ClockLink(_find(_bob_to_act), turn_time=0)
    app = SeasaltApp(LaunchOptions(address="t:7327", name="Ann"), link_factory=lambda *_: link)
    app.clock = StillClock()
    async with app.run_test(size=(120, 40)):
        await tui.until_table(app)
        await tui.until(lambda: "Waiting for Bob…" in tui.text(app))
        # Bob is connected (the table info says so): his countdown is an idle player's.
        await link.inbox.put(p.Clocks("t", 7, None, (p.SeatClock(1, 60_000),)))
        await tui.until(lambda: "Bob is idle — a bot takes the seat in 60 s" in tui.text(app))
        assert "Waiting for Bob…" not in tui.text(app)
        assert "disconnected" not in tui.text(app)
        await link.inbox.put(p.Clocks("t", 7))  # Bob moved
        await tui.until(lambda: "Waiting for Bob…" in tui.text(app))
