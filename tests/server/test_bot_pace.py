"""A bot's think time tells nothing, and no bot holds the table past the think budget.

Every bot decision at a table, a stand-in's included, with one option (END TURN alone) or
many, takes the table's bot pause on the server's clock before its move is played: the bot
delay, or at a table with a searching bot (the expert) the think budget ``bot_think`` if
longer; the expert's search itself stops at that budget (bots/expert.py ``Deadline``). The
server's clock is the injected ManualClock: the move waits for it, never for wall time."""

from __future__ import annotations

import pytest
import zmq.asyncio
from seasalt.engine import legal_actions
from seasalt.protocol import (
    ActionRequest,
    Joined,
    JoinOrCreate,
    Leave,
    Left,
    ListTables,
    Snapshot,
    Sync,
    Tables,
    Watch,
)
from seasalt.server.app import Server
from seasalt.server.config import ManualClock
from seasalt.testing.server import RawClient, running_server
from seasalt.testing.waiting import until

pytestmark = pytest.mark.timeout(60)
THINK = 0.3
STEP = 0.01
"""How finely the clock is moved around a bot's pause: a move is played within STEP of it."""


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


async def _read(client: RawClient) -> None:
    """One request answered: the server's loop has run every bot step that was ready."""
    await client.send(ListTables())
    await client.expect(Tables)


async def _held_for(
    eve: RawClient, server: Server, clock: ManualClock, pause: float
) -> tuple[int, int, float]:
    """The next bot decision at table "t": (seat, its number of options, how long it was held
    on the clock). Asserts it is not played STEP short of ``pause``. (Few requests: a client
    that asks all the time is throttled on the server's clock, which hardly moves here.)"""
    assert server.master is not None
    game, tasks = server.master.tables["t"], server.master.bot_tasks
    seat, move = game.state.to_act, game.state.move
    assert seat is not None
    options = len(legal_actions(game.state))
    await until(lambda: "t" in tasks, what="the bot's turn")  # once its move is committed
    start = clock.now()
    await _read(eve)  # the bot has read the clock and decided (inline)
    clock.advance(pause - STEP)
    for _ in range(3):
        await _read(eve)
    assert game.state.move == move, "played before the pause"
    clock.advance(2 * STEP)
    await until(lambda: game.state.move != move, what="the bot's move")
    return seat, options, clock.now() - start


@pytest.mark.parametrize("seats, delay, pause", [
    (("human", "bot:expert"), 0.1, THINK),  # a searching bot: its think budget
    (("human", "bot:greedy"), 1e3, 1e3),  # no searching bot: the bot delay (a long one)
])
async def test_a_single_option_move_waits_as_long_as_a_choice(
    ctx: zmq.asyncio.Context, seats: tuple[str, ...], delay: float, pause: float
) -> None:
    # Ann leaves before her first move: the stand-in plays her seat, beside the table's bot;
    # Eve watches. Every decision of either, END TURN alone or a real choice, is held for the
    # same time on the server's clock.
    clock = ManualClock()
    async with running_server(clock, bot_think=THINK, bot_delay=delay) as server:
        ann, eve = RawClient(ctx, server.local_endpoint), RawClient(ctx, server.local_endpoint)
        await ann.hello("Ann")
        await ann.send(JoinOrCreate("t", seats))
        await ann.expect(Joined)
        await eve.hello("Eve")
        await eve.send(Watch("t"))
        await eve.expect(Snapshot)
        await ann.send(Leave())
        await ann.expect(Left)
        held: dict[tuple[int, bool], set[float]] = {}
        while len(held) < 4:  # each seat with one option and with a choice
            seat, options, waited = await _held_for(eve, server, clock, pause)
            held.setdefault((seat, options > 1), set()).add(round(waited, 6))
        assert set().union(*held.values()) == {round(pause + STEP, 6)}
