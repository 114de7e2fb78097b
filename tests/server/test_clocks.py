"""The table's clocks on a real in-process server (real sockets, real SQLite for the restart):
the turn timer table option, the takeover countdown and the reading pause countdown.

Every timer reads a ManualClock: the test moves it and runs ``tick`` itself, nothing waits for
real time. Players keep talking (a ``list_tables`` round trip) while the clock moves, so that
only the clock under test runs out, never the takeover delay of a silent player.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
import zmq.asyncio
from seasalt.bots import get_bot
from seasalt.engine import DrawFromDeck, Phase, PlayerView
from seasalt.protocol import ActionRequest as Act
from seasalt.protocol import (
    Clocks,
    Continue,
    Error,
    ErrorCode,
    JoinOrCreate,
    ListTables,
    RoundOver,
    SeatClock,
    ServerMessage,
    Snapshot,
    TableChanged,
    Tables,
    TimeRanOut,
    Update,
)
from seasalt.server.app import Server
from seasalt.server.config import ManualClock
from seasalt.server.master import Master
from seasalt.testing.server import RawClient, running_server
from seasalt.testing.waiting import Patience

pytestmark = pytest.mark.timeout(60)

TURN = 30
"""The turn timer of these tables (seconds)."""
TWO = ("human", "human")


class Seat:
    """One player's side of the wire: what it has seen so far."""

    def __init__(self, client: RawClient) -> None:
        self.client = client
        self.view: PlayerView | None = None
        self.seq = -1
        self.seat: int | None = None
        self.token = ""
        self.clocks: list[Clocks] = []
        self.ran_out: list[TimeRanOut] = []
        self.errors: list[Error] = []
        self.round_overs: list[RoundOver] = []

    def take(self, msg: ServerMessage) -> None:
        if isinstance(msg, Snapshot | Update) and msg.seq >= self.seq:
            self.view, self.seq = msg.view, msg.seq
        elif isinstance(msg, Clocks):
            self.clocks.append(msg)
        elif isinstance(msg, TimeRanOut):
            self.ran_out.append(msg)
        elif isinstance(msg, Error):
            self.errors.append(msg)
        elif isinstance(msg, RoundOver):
            self.round_overs.append(msg)

    async def until(self, condition: Callable[[], object], timeout: float = 10.0) -> None:
        patience = Patience(timeout)
        while not condition():
            if patience.spent():
                raise AssertionError(f"condition not met within {patience}")
            self.take(await self.client.recv_within(max(0.01, patience.left())))

    async def alive(self) -> None:
        """A round trip: the server has read everything sent so far and heard from us."""
        def answers() -> int:
            return sum(isinstance(m, Tables) for m in self.client.received)

        before = answers()
        await self.client.send(ListTables())
        await self.until(lambda: answers() > before)

    @property
    def turn(self) -> SeatClock | None:
        return self.clocks[-1].turn if self.clocks else None

    @property
    def to_act(self) -> int | None:
        return None if self.view is None else self.view.to_act


def _master(server: Server) -> Master:
    assert server.master is not None
    return server.master


async def _sit(ctx: zmq.asyncio.Context, server: Server, name: str, seats: tuple[str, ...],
               turn_time: int = TURN) -> Seat:
    seat = Seat(RawClient(ctx, server.local_endpoint))
    seat.token = (await seat.client.hello(name)).token
    await seat.client.send(JoinOrCreate("t", seats, turn_time=turn_time))
    return seat


async def _two(ctx: zmq.asyncio.Context, server: Server) -> dict[int, Seat]:
    """Ann and Bob at a two-human table with a turn timer; by seat, once play has begun."""
    ann = await _sit(ctx, server, "Ann", TWO)
    bob = await _sit(ctx, server, "Bob", TWO)
    for player in (ann, bob):
        await player.until(lambda p=player: p.view is not None and p.turn is not None)  # type: ignore[misc]
        assert player.view is not None
        player.seat = player.view.seat
    return {p.seat: p for p in (ann, bob) if p.seat is not None}


async def _pass_time(seats: dict[int, Seat], clock: ManualClock, master: Master, s: float) -> None:
    clock.advance(s)
    for player in seats.values():
        await player.alive()  # talking: nobody is taken for silent
    master.tick()


async def test_a_turn_that_runs_out_is_played_by_the_bot_and_the_seat_stays_the_players(
    ctx: zmq.asyncio.Context, server: Server, clock: ManualClock
) -> None:
    master = _master(server)
    seats = await _two(ctx, server)
    table = master.tables["t"]
    first = table.state.to_act
    assert first is not None
    other = 1 - first
    for player in seats.values():  # both see whose time runs, and all of it
        assert player.turn == SeatClock(first, TURN * 1000)
    seq = table.seq

    await _pass_time(seats, clock, master, TURN - 1)
    assert table.seq == seq and not seats[other].ran_out  # one second left: still theirs

    await _pass_time(seats, clock, master, 1)
    for player in seats.values():  # everyone is told, for the log
        await player.until(lambda p=player: p.ran_out)  # type: ignore[misc]
        assert [(m.seat, m.seq) for m in player.ran_out] == [(first, seq)]
    watcher = seats[other]
    await watcher.until(lambda: watcher.to_act == other and watcher.turn is not None)
    assert watcher.turn == SeatClock(other, TURN * 1000)  # the next player's full time
    played = [seat for _idx, seat, _round, _level in master.journal.takeovers(table.game_id)]
    assert played and set(played) == {first}  # the bot's moves are told apart (stats)

    # The seat stays the player's: no bot plays it, and their next turn is theirs.
    assert not table.seats[first].bot_playing and table.bot_level(first) is None
    chooser = get_bot("random", 3)
    while table.state.to_act != first:  # the other player plays their own turn
        if table.status.value == "round_over":
            for player in seats.values():
                await player.client.send(Continue("t"))
        else:
            await watcher.until(lambda: watcher.seq == table.seq)
            assert watcher.view is not None
            await watcher.client.send(Act("t", watcher.seq, chooser.choose(watcher.view)))
        await watcher.alive()
    mine = seats[first]
    await mine.until(lambda: mine.seq == table.seq and mine.to_act == first)
    assert mine.view is not None
    before = mine.seq
    await mine.client.send(Act("t", mine.seq, mine.view.legal_actions[0]))
    await mine.until(lambda: mine.seq == before + 1)
    assert not mine.errors
    assert all(idx != before + 1 for idx, *_ in master.journal.takeovers(table.game_id))


async def test_every_sub_choice_of_the_turn_comes_out_of_one_budget(
    ctx: zmq.asyncio.Context, server: Server, clock: ManualClock
) -> None:
    master = _master(server)
    seats = await _two(ctx, server)
    table = master.tables["t"]
    first = table.state.to_act
    assert first is not None
    mine = seats[first]
    await _pass_time(seats, clock, master, 20)
    assert mine.view is not None and DrawFromDeck() in mine.view.legal_actions
    await mine.client.send(Act("t", mine.seq, DrawFromDeck()))
    await mine.until(lambda: mine.view is not None and mine.view.phase is Phase.KEEP)
    assert table.state.to_act == first  # a pending choice of the same turn...
    assert table.turn_clock.deadline == clock.now() + TURN - 20  # ...with the time left

    await _pass_time(seats, clock, master, TURN - 20)  # it runs out in the sub-choice
    await mine.until(lambda: mine.ran_out and mine.to_act != first)
    assert [m.seat for m in mine.ran_out] == [first]
    assert table.state.to_act == 1 - first  # the bot kept a card and finished the turn


async def test_an_action_after_the_time_ran_out_is_refused(
    ctx: zmq.asyncio.Context, clock: ManualClock
) -> None:
    # A slow bot (a delay far beyond the time this test's clock passes: the server stops
    # first) leaves the turn open after the time ran out.
    async with running_server(clock, bot_delay=1e6) as server:
        master = _master(server)
        seats = await _two(ctx, server)
        first = master.tables["t"].state.to_act
        assert first is not None
        mine = seats[first]
        await _pass_time(seats, clock, master, TURN)
        await mine.until(lambda: mine.ran_out)
        assert mine.view is not None
        await mine.client.send(Act("t", mine.seq, mine.view.legal_actions[0]))
        await mine.until(lambda: mine.errors)
        assert mine.errors[-1].code is ErrorCode.NOT_YOUR_TURN
        assert "time ran out" in mine.errors[-1].message
        assert master.tables["t"].state.to_act == first  # nothing was played


async def test_the_turn_timer_survives_a_restart_with_a_fresh_full_turn(
    ctx: zmq.asyncio.Context, tmp_path: Path
) -> None:
    clock, db = ManualClock(), tmp_path / "j.db"
    async with running_server(clock, db_path=str(db)) as first_server:
        master = _master(first_server)
        seats = await _two(ctx, first_server)
        first = master.tables["t"].state.to_act
        tokens = {seat: player.token for seat, player in seats.items()}
        await _pass_time(seats, clock, master, TURN - 5)  # 5 s left when the server stops
        for player in seats.values():
            player.client.close()

    async with running_server(clock, db_path=str(db)) as second:
        master = _master(second)
        table = master.tables["t"]
        assert table.turn_time == TURN  # journalled with the game
        back: dict[int, Seat] = {}
        for seat, token in tokens.items():
            player = Seat(RawClient(ctx, second.local_endpoint))
            await player.client.resume(token)
            back[seat] = player
        for player in back.values():
            await player.until(lambda p=player: p.view is not None and p.turn is not None)  # type: ignore[misc]
            assert player.turn == SeatClock(first, TURN * 1000)  # a fresh full turn
            assert player.view is not None and player.view.to_act == first
        await _pass_time(back, clock, master, TURN - 1)
        assert table.state.to_act == first
        await _pass_time(back, clock, master, 1)
        for player in back.values():
            await player.until(lambda p=player: p.ran_out)  # type: ignore[misc]


async def test_a_silent_player_shows_a_takeover_countdown_until_heard_again(
    ctx: zmq.asyncio.Context, server: Server, clock: ManualClock
) -> None:
    master = _master(server)
    seats = await _two(ctx, server)
    ann, bob = seats[0], seats[1]
    silence = server.config.peer_timeout + 1
    clock.advance(silence)
    await bob.alive()  # Bob talks, Ann stays silent
    master.tick()
    left = (server.config.peer_timeout + server.config.takeover_after - silence) * 1000
    # (The server's own timer loop may tick before Bob's round trip and count him silent for
    # a moment too: the countdown that stays is Ann's alone.)
    await bob.until(lambda: bob.clocks[-1].takeovers == (SeatClock(0, round(left)),))
    assert any(  # the table says Ann is disconnected too
        isinstance(m, TableChanged) and not m.info.seats[0].connected for m in bob.client.received
    )
    await ann.alive()  # heard again: the countdown stops
    await bob.until(lambda: bob.clocks[-1].takeovers == ())
    assert not master.tables["t"].seats[0].bot_playing


async def test_the_reading_pause_counts_down_and_a_table_without_clocks_sends_none(
    ctx: zmq.asyncio.Context, server: Server, clock: ManualClock
) -> None:
    ann = await _sit(ctx, server, "Ann", ("human", "bot:random"), turn_time=0)
    chooser = get_bot("random", 5)
    acted = -1
    while not ann.round_overs:  # play to the end of the first round
        ann.take(await ann.client.recv())
        v = ann.view
        if v is not None and v.to_act == v.seat and v.legal_actions and acted != ann.seq:
            acted = ann.seq
            await ann.client.send(Act("t", ann.seq, chooser.choose(v)))
    assert not ann.clocks  # no timer, nobody silent: not one clocks frame in a whole round
    await ann.until(lambda: ann.clocks)
    timeout = server.config.continue_timeout
    assert ann.clocks[-1] == Clocks("t", ann.round_overs[-1].seq, None, (), round(timeout * 1000))
    await ann.client.send(Continue("t"))
    await ann.until(lambda: len(ann.clocks) == 2)
    assert ann.clocks[-1].empty  # the pause is over: no clock runs any more


# --- the turn clock's rules, without a server -------------------------------------------------


def test_the_turn_clock_keeps_a_turn_s_deadline_and_gives_a_new_turn_all_of_it() -> None:
    from seasalt.server.turn_clock import TurnClock

    clock = TurnClock()
    turn, nxt = (1, 1, 0, 0), (1, 1, 9, 1)
    assert clock.sync(turn, 30, now=100.0) and clock.deadline == 130.0
    assert not clock.sync(turn, 30, now=120.0) and clock.deadline == 130.0  # same turn
    assert not clock.due(129.9) and clock.due(130.0)
    assert clock.run_out() == turn and clock.seat_timed_out(0)
    assert not clock.sync(turn, 30, now=131.0) and clock.deadline is None  # the bot plays it
    assert clock.sync(nxt, 30, now=132.0) and clock.deadline == 162.0
    assert not clock.seat_timed_out(0)  # that turn is over: the seat is the player's again
    assert clock.sync(None, 30, now=133.0) and clock.deadline is None  # paused, or a bot's turn
    assert not clock.sync(turn, 0, now=134.0) and clock.deadline is None  # no timer


def test_a_boat_pair_s_extra_turn_is_a_turn_of_its_own() -> None:
    from seasalt.engine import EventKind, Kind, Rules, card, legal_actions, new_game
    from seasalt.engine import PlayPair as Pair
    from seasalt.engine import apply as engine_apply
    from seasalt.server.clocks import _turn_start

    for seed in range(300):
        state = new_game(Rules(2), seed)
        for _ in range(200):
            if state.is_over:
                break
            options = legal_actions(state)
            boats = [a for a in options if isinstance(a, Pair)
                     and {card(c).kind for c in a.cards} == {Kind.BOAT}]
            if boats:
                after = engine_apply(state, boats[0]).state
                if after.log[-1].kind is EventKind.TURN_STARTED:  # an extra turn follows
                    assert after.to_act == state.to_act
                    assert _turn_start(after.log) > _turn_start(state.log)
                    return
            state = engine_apply(state, options[(seed + state.move) % len(options)]).state
    raise AssertionError("no boat pair found")
