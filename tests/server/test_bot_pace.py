"""A bot's think time tells nothing, and no bot holds the table past the think budget.

At a table with a searching bot (the expert) every bot decision, with one option or many,
takes at least ``bot_think`` seconds on the server's clock before its move is played; the
expert's search itself stops at that budget (bots/expert.py ``Deadline``). The server's clock
is the injected ManualClock: the move waits for it, never for wall time.
"""

from __future__ import annotations

import pytest
import zmq.asyncio
from seasalt.engine import legal_actions
from seasalt.protocol import ActionRequest, Joined, JoinOrCreate, Snapshot, Sync
from seasalt.server.app import Server
from seasalt.server.config import ManualClock
from seasalt.testing.server import RawClient, running_server

pytestmark = pytest.mark.timeout(60)
THINK = 0.3


async def _seated(client: RawClient, table: str, seats: tuple[str, ...]) -> None:
    await client.hello("Ann")
    await client.send(JoinOrCreate(table, seats))
    await client.expect(Joined)
    await client.expect(Snapshot)


async def _round_trip(client: RawClient, table: str) -> None:
    """One request answered: the server's loop has run every bot step that was ready."""
    await client.send(Sync(table))
    await client.expect(Snapshot)


async def _play_to_the_bot(client: RawClient, server: Server, table: str) -> int:
    """Ann (seat 0) plays her last legal action until the bot is to act (the last one ends a
    turn: END TURN, a keep, a pile); returns the move number then."""
    assert server.master is not None
    game = server.master.tables[table]
    while game.state.to_act == 0:
        move = game.state.move
        await client.send(ActionRequest(table, game.seq, legal_actions(game.state)[-1]))
        while game.state.move == move:
            await _round_trip(client, table)
    return game.state.move


@pytest.mark.parametrize("seats, padded", [
    (("human", "bot:expert"), True),  # RULES §3: any decision of the expert's
    (("human", "bot:greedy"), False),  # no searching bot: moves as soon as decided
])
async def test_every_bot_decision_at_a_searching_bot_s_table_waits_for_the_think_budget(
    ctx: zmq.asyncio.Context, seats: tuple[str, ...], padded: bool
) -> None:
    clock = ManualClock()
    async with running_server(clock, bot_think=THINK) as server:
        assert server.master is not None
        ann = RawClient(ctx, server.local_endpoint)
        await _seated(ann, "t", seats)
        game = server.master.tables["t"]
        move = await _play_to_the_bot(ann, server, "t")
        if not padded:  # its whole turn is played without the clock moving
            while game.state.to_act == 1:
                await _round_trip(ann, "t")
            assert clock.now() == ManualClock().now()
            return
        # The bot has decided (inline, within THINK of real time) but waits for the clock.
        for _ in range(5):
            await _round_trip(ann, "t")
        assert game.state.move == move and game.state.to_act == 1
        clock.advance(THINK - 0.05)
        for _ in range(5):
            await _round_trip(ann, "t")
        assert game.state.move == move  # still short of the budget
        clock.advance(0.1)
        while game.state.move == move:  # now it plays
            await _round_trip(ann, "t")
