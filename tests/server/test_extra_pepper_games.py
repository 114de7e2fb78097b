"""Extra Pepper through the server (issue 17, RULES §12): whole games over real sockets with
real SQLite, the pause between rounds when someone must choose which event card to keep
(RULES §12.0 step 5), the turn timer and the bots in that choice, and a restart in the middle
of it that resumes the same game.

The server's reading pause after a round (DESIGN "The wire") and the engine's KEEP_EVENT_CARD
phase meet here: the round's result is read first, as after any round; the receiver may send
its choice while reading (acting means done reading, as for a first move), and the choice is
played when everyone is done; a bot receiver chooses only once the pause is over. The choice is
a turn of its own for the turn timer.

The table names are ones whose seeded games (server --seed 1; seat 0 played by
``get_bot("random", 7)`` as the test's human, seat 1 the server's ``bot:random``) reach a keep
choice early: ``keep124`` for seat 0 (at move 63), ``keep1`` for seat 1 (at move 63). Every
timer reads a ManualClock moved by the test.
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Callable
from pathlib import Path

import pytest
import zmq.asyncio
from seasalt.bots import get_bot
from seasalt.client.tui.replay_steps import build_steps
from seasalt.engine import (
    EventKind,
    KeepEventCard,
    Phase,
    PlayerView,
    apply,
    new_game,
    replay,
    view,
)
from seasalt.protocol import (
    ActionRequest,
    Clocks,
    Continue,
    Error,
    GameOver,
    Games,
    GetReplay,
    GetStats,
    JoinOrCreate,
    ListGames,
    ListTables,
    PlayerStats,
    Replay,
    RoundOver,
    SeatClock,
    ServerMessage,
    Snapshot,
    Stats,
    Tables,
    TimeRanOut,
    Update,
    action_from_wire,
    replay_from_file_data,
    replay_to_file_data,
)
from seasalt.server.app import Server
from seasalt.server.config import ManualClock
from seasalt.server.journal_schema import from_blob
from seasalt.server.master import Master
from seasalt.server.tables import Status
from seasalt.testing.server import RawClient, play_seat, running_server
from seasalt.testing.waiting import Patience

pytestmark = pytest.mark.timeout(60)

TWO = ("human", "bot:random")
HUMAN_KEEPS = "keep124"
BOT_KEEPS = "keep1"
EFFECTS = ("swapped", "swap_passed", "pair_stolen", "angelfish_took", "dolphins_drew",
           "shell_face_down")
"""The effects the stats count (docs/protocol.md §10)."""
FAST = {"rate_burst": 1e9}
"""A ManualClock never refills the rate budget: a whole game's frames must not run it dry."""
TURN = 30
"""The turn timer of the timed table (seconds)."""


class Player:
    """The test's human at seat 0: what it has seen, and a seeded chooser for its moves."""

    def __init__(self, client: RawClient) -> None:
        self.client = client
        self.chooser = get_bot("random", 7)
        self.view: PlayerView | None = None
        self.seq = -1
        self.acted = -1
        self.token = ""
        self.updates: list[Update] = []
        self.round_overs: list[RoundOver] = []
        self.clocks: list[Clocks] = []
        self.ran_out: list[TimeRanOut] = []
        self.errors: list[Error] = []
        self.over: GameOver | None = None

    def take(self, msg: ServerMessage) -> None:
        if isinstance(msg, Snapshot | Update) and msg.seq >= self.seq:
            self.view, self.seq = msg.view, msg.seq
            if isinstance(msg, Update):
                self.updates.append(msg)
        elif isinstance(msg, RoundOver):
            self.round_overs.append(msg)
        elif isinstance(msg, Clocks):
            self.clocks.append(msg)
        elif isinstance(msg, TimeRanOut):
            self.ran_out.append(msg)
        elif isinstance(msg, Error):
            self.errors.append(msg)
        elif isinstance(msg, GameOver):
            self.over = msg

    async def until(self, condition: Callable[[], object], timeout: float = 20.0) -> None:
        patience = Patience(timeout)
        while not condition():
            if patience.spent():
                raise AssertionError(f"condition not met within {patience} (seq {self.seq})")
            self.take(await self.client.recv_within(max(0.01, patience.left())))

    async def alive(self) -> None:
        """A round trip: the server has read and answered everything sent so far."""
        before = sum(isinstance(m, Tables) for m in self.client.received)
        await self.client.send(ListTables())
        await self.until(lambda: sum(isinstance(m, Tables) for m in self.client.received) > before)

    @property
    def keeping(self) -> bool:
        """The latest view is a keep choice (anyone's)."""
        return self.view is not None and self.view.phase is Phase.KEEP_EVENT_CARD

    async def play(self, table: str, stop: Callable[[Player], bool]) -> None:
        """Play seat 0 (and read every round) until ``stop`` holds or the game is over."""
        read = 0
        while not stop(self) and self.over is None:
            v = self.view
            if len(self.round_overs) > read:
                read = len(self.round_overs)
                await self.client.send(Continue(table))
            elif v is not None and v.to_act == 0 and v.legal_actions and self.acted != self.seq:
                self.acted = self.seq
                await self.client.send(ActionRequest(table, self.seq, self.chooser.choose(v)))
            self.take(await self.client.recv(20.0))


async def _sit(ctx: zmq.asyncio.Context, server: Server, table: str, **options: int) -> Player:
    player = Player(RawClient(ctx, server.local_endpoint))
    player.token = (await player.client.hello("Ann")).token
    await player.client.send(JoinOrCreate(table, TWO, extra_pepper=True, **options))  # type: ignore[arg-type]
    await player.until(lambda: player.view is not None)
    return player


def _master(server: Server) -> Master:
    assert server.master is not None
    return server.master


def _keeping(seat: int) -> Callable[[Player], bool]:
    """Stop at the update that asks ``seat`` to choose which event card to keep."""
    def stop(p: Player) -> bool:
        return p.keeping and p.view is not None and p.view.to_act == seat
    return stop


async def _to_keep_pause(player: Player, table: str, seat: int) -> None:
    """Play until ``seat``'s keep choice, and read on to that round's result (it follows)."""
    await player.play(table, _keeping(seat))
    await player.until(lambda: player.round_overs and player.round_overs[-1].seq == player.seq)


async def test_a_human_receiver_may_keep_while_reading_and_the_choice_waits_for_the_pause(
    ctx: zmq.asyncio.Context, server: Server
) -> None:
    me = await _sit(ctx, server, HUMAN_KEEPS)
    await _to_keep_pause(me, HUMAN_KEEPS, 0)
    table = _master(server).tables[HUMAN_KEEPS]
    v, pause = me.view, me.round_overs[-1]
    assert v is not None and table.status is Status.ROUND_OVER
    assert pause.waiting == (0,) and pause.result.round == v.round  # reading the old round
    assert v.legal_actions == tuple(KeepEventCard(e) for e in v.keep_choice)  # RULES §12.0
    assert v.seats[0].held_event is None and v.table_event is not None  # the new one, in sight
    old, new = v.keep_choice
    rounds = v.round

    await me.client.send(ActionRequest(HUMAN_KEEPS, me.seq, KeepEventCard(old)))  # while reading
    await me.until(lambda: me.view is not None and me.view.round == rounds + 1)
    kinds = [e.kind for e in me.updates[-1].events]
    assert kinds[:3] == [EventKind.EVENT_KEPT, EventKind.EVENT_DISCARDED, EventKind.ROUND_STARTED]
    assert me.view.seats[0].held_event is old and new in me.view.event_discard
    assert not me.errors and table.status is Status.RUNNING
    me.client.close()


async def test_a_bot_receiver_keeps_only_once_everyone_has_read_the_round(
    ctx: zmq.asyncio.Context, server: Server
) -> None:
    me = await _sit(ctx, server, BOT_KEEPS)
    await _to_keep_pause(me, BOT_KEEPS, 1)
    table = _master(server).tables[BOT_KEEPS]
    seq = me.seq
    await me.alive()
    assert table.status is Status.ROUND_OVER and table.seq == seq  # the bot waits
    assert table.state.phase is Phase.KEEP_EVENT_CARD and me.view is not None
    assert me.view.legal_actions == ()  # not ours to choose
    await me.client.send(Continue(BOT_KEEPS))
    await me.until(lambda: me.seq > seq)
    kept = me.updates[-1].events[0]
    assert kept.kind is EventKind.EVENT_KEPT and kept.seat == 1
    assert me.view is not None and me.view.seats[1].held_event is kept.event_card
    me.client.close()


async def test_the_keep_choice_is_a_timed_turn_of_its_own_then_a_bot_keeps_for_the_player(
    ctx: zmq.asyncio.Context, server: Server, clock: ManualClock
) -> None:
    master = _master(server)
    me = await _sit(ctx, server, HUMAN_KEEPS, turn_time=TURN)
    await _to_keep_pause(me, HUMAN_KEEPS, 0)
    table = master.tables[HUMAN_KEEPS]
    assert table.turn_clock.deadline is None  # no turn runs while the round is read
    seq, told = me.seq, len(me.clocks)
    await me.client.send(Continue(HUMAN_KEEPS))
    await me.alive()  # the pause is over: the choice's turn starts now
    await me.until(lambda: len(me.clocks) > told and me.clocks[-1].turn is not None)
    assert me.clocks[-1].turn == SeatClock(0, TURN * 1000)  # a full turn for the choice
    assert table.turn_clock.deadline == clock.now() + TURN

    clock.advance(TURN - 1)
    await me.alive()
    master.tick()
    assert table.seq == seq and table.state.phase is Phase.KEEP_EVENT_CARD  # still theirs
    clock.advance(1)
    await me.alive()
    master.tick()
    await me.until(lambda: me.ran_out and me.seq > seq)
    assert [(m.seat, m.seq) for m in me.ran_out] == [(0, seq)]
    kept = me.updates[-1].events[0]
    assert kept.kind is EventKind.EVENT_KEPT and kept.seat == 0  # the takeover bot chose
    assert [i for i, *_ in master.journal.takeovers(table.game_id)] == [seq + 1]
    assert not table.seats[0].bot_playing  # the seat stays the player's
    me.client.close()


async def test_a_restart_during_the_keep_choice_resumes_the_same_game_to_its_end(
    ctx: zmq.asyncio.Context, tmp_path: Path
) -> None:
    clock, db = ManualClock(), str(tmp_path / "j.db")
    async with running_server(clock, db_path=db, **FAST) as first:
        me = await _sit(ctx, first, HUMAN_KEEPS)
        await _to_keep_pause(me, HUMAN_KEEPS, 0)
        before, seq, token = me.view, me.seq, me.token
        truth = _master(first).tables[HUMAN_KEEPS].state
        me.client.close()

    async with running_server(clock, db_path=db, **FAST) as second:
        table = _master(second).tables[HUMAN_KEEPS]
        assert table.state == truth and table.seq == seq  # rebuilt from the journal
        assert table.status is Status.ROUND_OVER  # the pause is back, the choice still open
        me = Player(RawClient(ctx, second.local_endpoint))
        await me.client.resume(token)
        await me.until(lambda: me.view is not None)
        assert me.view == before and me.seq == seq  # the same view, to the byte of its data
        assert me.view is not None and me.view.phase is Phase.KEEP_EVENT_CARD
        await me.play(HUMAN_KEEPS, lambda p: False)  # on to the end: it keeps and plays on
        assert me.over is not None and not me.errors
        journal = _master(second).journal
        actions = [action_from_wire(from_blob(b)) for b in journal.actions(table.game_id)]
        final = replay(table.rules, table.seed, actions)
        assert final.is_over and final.scores == me.over.scores
        assert view(final, 0) == me.view
        me.client.close()


async def test_whole_three_player_games_with_bots_end_and_enter_the_history(
    ctx: zmq.asyncio.Context, tmp_path: Path
) -> None:
    async with running_server(ManualClock(), db_path=str(tmp_path / "j.db"), **FAST) as server:
        seats = ("human", "bot:random", "bot:basic")
        result = await play_seat(
            RawClient(ctx, server.local_endpoint), "pep3", seats, extra_pepper=True,
            extra_salt=True, seed=3,
        )
        assert result.scores and not result.errors
        watcher = RawClient(ctx, server.local_endpoint)
        await watcher.hello("Cat")
        await watcher.send(ListGames())
        [summary] = (await watcher.expect(Games)).games
        assert summary.extra_pepper and summary.scores == result.scores
        await watcher.send(GetReplay(summary.game))
        got = await watcher.expect(Replay)
        final = replay(got.rules, got.seed, list(got.actions))
        assert got.rules.extra_pepper and final.is_over and final.scores == result.scores
        # The replay (and its file) shows the event cards: every step's events, unredacted.
        again = replay_from_file_data(json.loads(json.dumps(replay_to_file_data(got))))
        assert again == got
        shown = {e.kind for step in build_steps(again) for e in step.events}
        assert {EventKind.EVENT_TURNED_UP, EventKind.EVENT_RECEIVED} <= shown
        await watcher.send(GetStats())
        players = (await watcher.expect(Stats)).players
        assert _stats_totals(players) == _log_totals(got), "stats count what the replay shows"
        watcher.close()


def _log_totals(got: Replay) -> Counter[str]:
    """What the stats must add up to, counted straight off the replayed game's events."""
    totals: Counter[str] = Counter()
    state = new_game(got.rules, got.seed)
    for action in got.actions:
        held = state.held
        result = apply(state, action)
        for e in result.events:
            if e.kind in (EventKind.EVENT_RECEIVED, EventKind.EVENT_KEPT):
                totals[e.kind.value] += 1
            elif e.kind is EventKind.EVENT_DISCARDED and e.seat is not None:
                totals["event_discarded"] += 1
            elif e.kind.value in EFFECTS:
                totals[e.kind.value] += 1
        ends = [e for e in result.events if e.kind in (
            EventKind.ROUND_SCORED, EventKind.ROUND_VOID, EventKind.MERMAID_WIN)]
        if ends:  # one round, however it ended
            totals["rounds"] += sum(c is not None for c in held)
            if ends[0].kind is EventKind.ROUND_SCORED:
                totals["points"] += sum(ends[0].scores[s] for s, c in enumerate(held) if c)
        state = result.state
    assert totals["event_received"] and totals["rounds"]  # the game had some
    return +totals


def _stats_totals(players: tuple[PlayerStats, ...]) -> Counter[str]:
    totals: Counter[str] = Counter()
    for p in players:
        for ev in p.events:
            totals.update(event_received=ev.received, event_kept=ev.kept,
                          event_discarded=ev.discarded, rounds=ev.rounds, points=ev.points)
        for effect in p.effects:
            assert effect.kind in EFFECTS
            totals[effect.kind] += effect.count
    return +totals
