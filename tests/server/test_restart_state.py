"""What a restart from the journal brings back besides the game itself (DESIGN "Durability"):
the reading pause after a round (DESIGN "The wire") and a finished table's game-over screen,
where its players may still play again.

Servers run in process on 127.0.0.1 with a real SQLite file and a ManualClock; "restart" is
stopping one and starting another on the same file (or building a Master on it). The timers are
driven by moving the clock and calling ``tick``: nothing waits for real time.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from contextlib import AbstractAsyncContextManager
from dataclasses import dataclass
from pathlib import Path

import pytest
import zmq.asyncio
from seasalt.bots import get_bot
from seasalt.bots.base import Bot
from seasalt.engine import ENGINE_VERSION, GameState, PlayerView, apply, new_game, view
from seasalt.protocol import (
    PROTOCOL_VERSION,
    ActionRequest,
    Continue,
    Error,
    ErrorCode,
    GameOver,
    Hello,
    Joined,
    JoinOrCreate,
    Leave,
    PlayAgain,
    Resume,
    RoundOver,
    ServerMessage,
    Snapshot,
    Update,
    Watch,
    Welcome,
    action_to_wire,
    encode,
    result_to_wire,
)
from seasalt.server.app import Server
from seasalt.server.botpool import BotPool
from seasalt.server.config import ManualClock, ServerConfig
from seasalt.server.game import ROUND_ENDS
from seasalt.server.journal import Journal
from seasalt.server.journal_schema import to_blob
from seasalt.server.master import Master
from seasalt.server.restore import RESTORE_FINISHED_WITHIN
from seasalt.server.seeds import token_hash
from seasalt.server.tables import Status, Table, make_rules
from seasalt.testing.server import RawClient, RecordingWire, play_seat, running_server

pytestmark = pytest.mark.timeout(60)

TIMEOUT = 30.0
"""continue_timeout of these servers (seconds of the ManualClock)."""


def _master(server: Server) -> Master:
    assert server.master is not None
    return server.master


def _server(clock: ManualClock, db: Path) -> AbstractAsyncContextManager[Server]:
    return running_server(clock, db_path=str(db), continue_timeout=TIMEOUT)


# --- the reading pause ------------------------------------------------------------------------


async def _play_to_a_pause(
    client: RawClient, table: Callable[[], Table], bot_seat: int
) -> RoundOver:
    """Play seat 0 (a seeded bot decides) until a round ends with ``bot_seat`` to start the
    next one; return that round_over without sending continue."""
    chooser = get_bot("random", 7)
    seen: PlayerView | None = None
    seq, acted = -1, -1
    while True:
        msg = await client.recv()
        if isinstance(msg, Snapshot | Update):
            seen, seq = msg.view, msg.seq
        elif isinstance(msg, RoundOver) and msg.seq == seq:
            t = table()
            if t.status is Status.ROUND_OVER and t.state.to_act == bot_seat:
                return msg
            await client.send(Continue("t"))
        assert not isinstance(msg, GameOver), "no pause before a bot's turn: change the seeds"
        if seen is not None and seen.to_act == 0 and seen.legal_actions and acted != seq:
            acted = seq
            await client.send(ActionRequest("t", seq, chooser.choose(seen)))


async def _pause_then_stop(
    ctx: zmq.asyncio.Context, clock: ManualClock, db: Path
) -> tuple[str, RoundOver]:
    """A human and a bot play until the pause after a round that the bot starts next; the
    server stops there. Returns the human's token and the round_over it last got."""
    async with _server(clock, db) as first:
        client = RawClient(ctx, first.local_endpoint)
        token = (await client.hello("Ann")).token
        await client.send(JoinOrCreate("t", ("human", "bot:random")))
        assert (await client.expect(Joined)).seat == 0
        paused = await _play_to_a_pause(client, lambda: _master(first).tables["t"], 1)
        assert paused.waiting == (0,)
        client.close()
    return token, paused


async def test_a_server_stopped_in_the_reading_pause_comes_back_paused(
    ctx: zmq.asyncio.Context, tmp_path: Path
) -> None:
    clock, db = ManualClock(), tmp_path / "j.db"
    token, paused = await _pause_then_stop(ctx, clock, db)
    async with _server(clock, db) as second:
        master = _master(second)
        table = master.tables["t"]
        assert table.status is Status.ROUND_OVER and table.seq == paused.seq
        assert table.reading == {0} and table.continue_deadline == clock.now() + TIMEOUT
        assert table.state.to_act == 1 and "t" not in master.bot_tasks  # start() moved no bot
        master.tick()  # the human has no session yet: it still holds the pause
        assert table.status is Status.ROUND_OVER and "t" not in master.bot_tasks

        client = RawClient(ctx, second.local_endpoint)
        assert (await client.resume(token)).resumed
        assert (await client.expect(Joined)).seat == 0
        snapshot = await client.expect(Snapshot)
        assert snapshot.seq == paused.seq
        again = await client.expect(RoundOver)  # the result screen, as after a live round
        assert (again.seq, again.result, again.waiting) == (paused.seq, paused.result, (0,))
        master.tick()
        assert table.status is Status.ROUND_OVER and table.seq == paused.seq
        assert "t" not in master.bot_tasks

        await client.send(Continue("t"))
        moved = await client.expect(Update)  # the bot starts the round once Ann has read
        assert moved.seq == paused.seq + 1 and table.status is not Status.ROUND_OVER
        client.close()


async def test_the_timeout_ends_a_restored_pause_nobody_comes_back_to(
    ctx: zmq.asyncio.Context, tmp_path: Path
) -> None:
    clock, db = ManualClock(), tmp_path / "j.db"
    _, paused = await _pause_then_stop(ctx, clock, db)
    async with _server(clock, db) as second:
        master = _master(second)
        table = master.tables["t"]
        clock.advance(TIMEOUT - 1)
        master.tick()
        assert table.status is Status.ROUND_OVER and "t" not in master.bot_tasks
        clock.advance(1)
        master.tick()
        assert master.tables["t"].status is Status.RUNNING and table.continue_deadline is None
        await master.bot_tasks["t"]  # the bot's turn, started by the end of the pause
        assert table.seq > paused.seq


def _new_master(path: Path, wire: RecordingWire, clock: ManualClock, wall: float = 1e9) -> Master:
    config = ServerConfig(seed=3, bot_delay=0, bot_workers=0, continue_timeout=TIMEOUT)
    journal = Journal(str(path), wall_clock=lambda: wall)
    master = Master(config, clock, journal, BotPool(0), wire.send)
    master.restore()
    return master


def _hello_and_join(master: Master, wire: RecordingWire, peer: bytes) -> str:
    master.handle(peer, [encode(Hello(PROTOCOL_VERSION, peer.decode()))])
    master.handle(peer, [encode(JoinOrCreate("t", ("human", "human")))])
    welcome = wire.of(peer, Welcome)[-1]
    assert isinstance(welcome, Welcome)
    return welcome.token


@dataclass
class _RoundOver:
    """A server where two humans (peers a and b) played table t until its first round ended."""

    master: Master
    tokens: dict[bytes, str]
    """Each peer's session token."""
    peers: dict[int, bytes]
    """The peer at each seat."""
    choosers: dict[int, Bot]
    """The bot that chose each seat's moves."""


def _two_humans_to_round_over(db: Path, clock: ManualClock) -> _RoundOver:
    wire = RecordingWire()
    first = _new_master(db, wire, clock)
    tokens = {peer: _hello_and_join(first, wire, peer) for peer in (b"a", b"b")}
    peers = {}
    for peer in tokens:
        session = first.sessions.of_peer(peer)
        assert session is not None and session.seat is not None
        peers[session.seat] = peer
    table = first.tables["t"]
    choosers = {seat: get_bot("random", seat) for seat in (0, 1)}
    while table.status is not Status.ROUND_OVER:  # both humans play until a round is over
        seat = table.state.to_act
        assert seat is not None
        action = choosers[seat].choose(view(table.state, seat))
        first.handle(peers[seat], [encode(ActionRequest("t", table.seq, action))])
    return _RoundOver(first, tokens, peers, choosers)


def test_a_continue_from_each_held_seat_ends_a_restored_pause(tmp_path: Path) -> None:
    db, clock = tmp_path / "j.db", ManualClock()
    played = _two_humans_to_round_over(db, clock)
    first, tokens = played.master, played.tokens
    table = first.tables["t"]
    seq = table.seq
    first.journal.close()

    second = _new_master(db, RecordingWire(), clock)
    wire2 = RecordingWire()
    second.outbox.transport = wire2.send
    table = second.tables["t"]
    assert table.status is Status.ROUND_OVER and table.reading == {0, 1}
    second.handle(b"c", [encode(Resume(PROTOCOL_VERSION, tokens[b"a"]))])
    (shown,) = wire2.of(b"c", RoundOver)
    assert isinstance(shown, RoundOver) and shown.waiting == (0, 1) and shown.seq == seq
    second.handle(b"c", [encode(Continue("t"))])
    second.tick()  # b is not back: its seat still holds the pause
    assert table.status is Status.ROUND_OVER and table.reading == {1}
    second.handle(b"d", [encode(Resume(PROTOCOL_VERSION, tokens[b"b"]))])
    last = wire2.of(b"d", RoundOver)[-1]
    assert isinstance(last, RoundOver) and last.waiting == (1,)
    second.handle(b"d", [encode(Continue("t"))])
    assert second.tables["t"].status is Status.RUNNING and table.seq == seq
    second.journal.close()


def test_a_pause_everyone_ended_is_not_shown_again_after_a_restart(tmp_path: Path) -> None:
    """Both continued and the next round is dealt, no move yet, when the server stops (a solo
    player quit there): the restart plays on; it showed round 1's result again with a fresh
    pause (session 11, tmux). The pause's end is in the journal (``reading_over``)."""
    db, clock = tmp_path / "j.db", ManualClock()
    played = _two_humans_to_round_over(db, clock)
    first, tokens, peers, choosers = played.master, played.tokens, played.peers, played.choosers
    table = first.tables["t"]
    seq, round_no = table.seq, table.state.round
    for peer in (b"a", b"b"):
        first.handle(peer, [encode(Continue("t"))])
    assert table.status is Status.RUNNING and table.seq == seq  # dealt, nobody has moved
    first.journal.close()

    second = _new_master(db, RecordingWire(), clock)
    wire2 = RecordingWire()
    second.outbox.transport = wire2.send
    table = second.tables["t"]
    assert table.status is Status.RUNNING and not table.reading and table.seq == seq
    assert table.state.round == round_no and table.continue_deadline is None
    back = {b"c": peers[0], b"d": peers[1]}  # new connections: seat 0's and seat 1's players
    for peer, old in back.items():
        second.handle(peer, [encode(Resume(PROTOCOL_VERSION, tokens[old]))])
        assert wire2.of(peer, Snapshot) and wire2.of(peer, RoundOver) == []
    # The next round's first move is taken at once (no pause holds it).
    seat = table.state.to_act
    assert seat is not None
    action = choosers[seat].choose(view(table.state, seat))
    second.handle((b"c", b"d")[seat], [encode(ActionRequest("t", seq, action))])
    assert table.seq == seq + 1
    second.journal.close()


def test_an_old_journal_without_the_pauses_end_pauses_again(tmp_path: Path) -> None:
    """A journal written before ``reading_over`` existed (or a pause not over) restores the
    pause as it always did: no row, the pause comes back."""
    db, clock = tmp_path / "j.db", ManualClock()
    played = _two_humans_to_round_over(db, clock)
    first = played.master
    table = first.tables["t"]
    for peer in (b"a", b"b"):
        first.handle(peer, [encode(Continue("t"))])
    assert first.journal.reading_over_at(table.game_id) == table.state.move
    first.journal.connection.execute("DELETE FROM reading_over")  # as an older server wrote it
    first.journal.close()
    second = _new_master(db, RecordingWire(), clock)
    assert second.tables["t"].status is Status.ROUND_OVER and second.tables["t"].reading == {0, 1}
    second.journal.close()


# --- finished tables --------------------------------------------------------------------------


def _journal_game(
    journal: Journal, name: str, game_no: int, seed: int, seq_base: int, moves: int = -1
) -> tuple[int, GameState]:
    """Record a game of two humans (tokens ``ann-token``/``bob-token``) played by seeded bots:
    to its end, or its first ``moves`` moves."""
    seats = ("human", "human")
    state = new_game(make_rules(2, False, False), seed)
    gid = journal.create_game(name, game_no, 2, False, False, seats, seed, seq_base, ENGINE_VERSION)
    for index, who in enumerate(("ann", "bob")):
        journal.set_seat(gid, index, who.title(), token_hash(f"{who}-token"))
    choosers = [get_bot("random", seed + s) for s in (0, 1)]
    while not state.is_over and state.move != moves:
        seat = state.to_act
        assert seat is not None
        action = choosers[seat].choose(view(state, seat))
        result = apply(state, action)
        state = result.state
        round_result = None
        if any(e.kind in ROUND_ENDS for e in result.events) and state.last_result is not None:
            round_result = (state.last_result.round, to_blob(result_to_wire(state.last_result)))
        over = state.is_over
        journal.append_action(
            gid, state.move, to_blob(action_to_wire(action)), round_result,
            state.scores if over else None, state.winners if over else None,
        )
    return gid, state


def test_only_the_latest_recent_unarchived_finished_game_of_a_table_comes_back(
    tmp_path: Path,
) -> None:
    db, now = tmp_path / "j.db", 1e9
    journal = Journal(str(db), wall_clock=lambda: now)
    _, done = _journal_game(journal, "kept", 1, 11, 0)
    _journal_game(journal, "kept", 2, 12, done.move)  # the newest game of "kept" is finished
    _, old = _journal_game(journal, "superseded", 1, 13, 0)
    newer, _ = _journal_game(journal, "superseded", 2, 14, old.move, moves=0)
    journal.mark_finished(newer)  # abandoned (no scores): newer than the finished game
    archived, _ = _journal_game(journal, "archived", 1, 15, 0)
    journal.connection.execute("UPDATE games SET archived=1 WHERE id=?", (archived,))
    _, ran = _journal_game(journal, "running", 1, 16, 0)
    _journal_game(journal, "running", 2, 17, ran.move, moves=1)  # unfinished: resumed as such
    journal.close()
    stale = Journal(str(db), wall_clock=lambda: now - RESTORE_FINISHED_WITHIN - 1)
    _journal_game(stale, "stale", 1, 18, 0)
    stale.close()

    master = _new_master(db, RecordingWire(), ManualClock(), wall=now)
    assert sorted(master.tables) == ["kept", "running"]
    kept = master.tables["kept"]
    assert kept.status is Status.FINISHED and kept.game_no == 2 and kept.seq_base == done.move
    assert [s.holder for s in kept.seats] == [token_hash("ann-token"), token_hash("bob-token")]
    running = master.tables["running"]
    assert running.status is Status.RUNNING and running.game_no == 2 and running.seq == ran.move + 1
    master.journal.close()

    # --max-resume-age applies too: "kept" ended at `now`, an hour ago as seen from here
    later = ServerConfig(seed=3, bot_workers=0, max_resume_age=1800)
    journal = Journal(str(db), wall_clock=lambda: now + 3600)
    master = Master(later, ManualClock(), journal, BotPool(0), RecordingWire().send)
    master.restore()
    assert "kept" not in master.tables
    journal.close()


def _resume(master: Master, wire: RecordingWire, peer: bytes, token: str) -> list[ServerMessage]:
    wire.inbox.pop(peer, None)
    master.handle(peer, [encode(Resume(PROTOCOL_VERSION, token))])
    return wire.inbox[peer]


def test_a_restored_finished_table_nobody_stays_at_is_dropped(tmp_path: Path) -> None:
    db, clock = tmp_path / "j.db", ManualClock()
    journal = Journal(str(db), wall_clock=lambda: 1e9)
    _journal_game(journal, "t", 1, 21, 0)
    journal.close()

    # nobody comes back: forgotten once the restore window has passed
    master = _new_master(db, RecordingWire(), clock)
    clock.advance(RESTORE_FINISHED_WITHIN - 1)
    master.tick()
    assert master.tables["t"].status is Status.FINISHED
    clock.advance(1)
    master.tick()
    assert "t" not in master.tables
    master.journal.close()

    # Ann comes back, Bob does not; when Ann leaves, the table goes (as a live one would)
    wire = RecordingWire()
    master = _new_master(db, wire, clock)
    got = _resume(master, wire, b"a", "ann-token")
    assert [type(m) for m in got[:3]] == [Welcome, Joined, Snapshot]
    snapshot = got[2]
    assert isinstance(snapshot, Snapshot) and snapshot.view.is_over and snapshot.view.seat == 0
    master.handle(b"a", [encode(Leave())])
    assert "t" not in master.tables
    master.journal.close()

    # nobody comes back, someone else asks for it: its game is over, Cy takes no seat in it
    # (session 8: Cy took João's seat and a new game started at once); its players still may
    wire = RecordingWire()
    master = _new_master(db, wire, clock)
    assert master.tables["t"].status is Status.FINISHED
    master.handle(b"c", [encode(Hello(PROTOCOL_VERSION, "Cy"))])
    master.handle(b"c", [encode(JoinOrCreate("t", ("human", "human")))])
    (refused,) = wire.of(b"c", Error)
    assert isinstance(refused, Error) and refused.code is ErrorCode.GAME_OVER
    table = master.tables["t"]
    assert table.status is Status.FINISHED and table.game_no == 1
    assert [s.holder for s in table.seats] == [token_hash("ann-token"), token_hash("bob-token")]
    master.journal.close()


def test_play_again_at_a_restored_table_frees_the_seat_of_one_not_back(tmp_path: Path) -> None:
    db, clock, wire = tmp_path / "j.db", ManualClock(), RecordingWire()
    journal = Journal(str(db), wall_clock=lambda: 1e9)
    gid, done = _journal_game(journal, "t", 1, 22, 0)
    journal.close()
    master = _new_master(db, wire, clock)
    _resume(master, wire, b"a", "ann-token")
    master.handle(b"a", [encode(PlayAgain("t"))])  # Bob is not back: Ann alone decides
    table = master.tables["t"]
    assert table.status is Status.WAITING and table.game_no == 2 and table.seq == done.move
    assert [s.holder for s in table.seats] == [token_hash("ann-token"), None]
    assert table.game_id != gid
    got = _resume(master, wire, b"b", "bob-token")  # too late: his seat went with the old game
    (refused,) = got  # no seat, no session: an unknown token
    assert isinstance(refused, Error) and refused.code is ErrorCode.UNAUTHORIZED
    master.journal.close()


async def test_a_finished_table_comes_back_and_both_players_play_again(
    ctx: zmq.asyncio.Context, tmp_path: Path
) -> None:
    clock, db = ManualClock(), tmp_path / "j.db"
    seats = ("human", "human")
    async with _server(clock, db) as first:
        ann, bob = RawClient(ctx, first.local_endpoint), RawClient(ctx, first.local_endpoint)
        played = await asyncio.gather(
            play_seat(ann, "t", seats, name="Ann", seed=1),
            play_seat(bob, "t", seats, name="Bob", seed=2),
        )
        table = _master(first).tables["t"]
        assert table.status is Status.FINISHED
        seq, holders = table.seq, [s.holder for s in table.seats]
        ann.close()
        bob.close()

    async with _server(clock, db) as second:
        master = _master(second)
        table = master.tables["t"]
        assert table.status is Status.FINISHED and table.game_no == 1 and table.seq == seq
        assert [s.holder for s in table.seats] == holders
        clients = []
        for result in played:
            client = RawClient(ctx, second.local_endpoint)
            assert (await client.resume(result.token)).resumed
            assert (await client.expect(Joined)).seat == result.seat
            snapshot = await client.expect(Snapshot)
            assert snapshot.seq == seq and snapshot.view.is_over
            clients.append(client)
        for client in clients:
            await client.send(PlayAgain("t"))
        for client in clients:  # the next game, for both: seq carries on (DESIGN "The wire")
            fresh = await client.expect(Snapshot, where=lambda m: not m.view.is_over)
            assert fresh.seq == seq and fresh.view.move == 0
        assert master.tables["t"].status is Status.RUNNING
        assert table.game_no == 2 and table.seq_base == seq
        row = master.journal.connection.execute(
            "SELECT game_no, seq_base, finished FROM games WHERE id=?", (table.game_id,)
        ).fetchone()
        assert row == (2, seq, 0)
        for client in clients:
            client.close()

    async with _server(clock, db) as third:  # and that new game is what a restart resumes
        table = _master(third).tables["t"]
        assert table.status is Status.RUNNING and table.game_no == 2 and table.seq == seq


def test_the_last_watcher_of_a_finished_table_may_take_its_name(tmp_path: Path) -> None:
    # Its game is over: a watcher's join is refused and changes nothing (still watching); once
    # its last watcher has left, the table is gone and the name is free (joining must not then
    # look the dropped table up again).
    db, clock = tmp_path / "j.db", ManualClock()
    journal = Journal(str(db), wall_clock=lambda: 1e9)
    _journal_game(journal, "t", 1, 23, 0)
    journal.close()
    wire = RecordingWire()
    master = _new_master(db, wire, clock)
    master.handle(b"c", [encode(Hello(PROTOCOL_VERSION, "Cy"))])
    master.handle(b"c", [encode(Watch("t"))])
    assert master.tables["t"].status is Status.FINISHED
    master.handle(b"c", [encode(JoinOrCreate("t", ("human", "human")))])
    (refused,) = wire.of(b"c", Error)
    assert isinstance(refused, Error) and refused.code is ErrorCode.GAME_OVER
    assert master.tables["t"].watchers and master.sessions.of_peer(b"c").table == "t"
    master.handle(b"c", [encode(Leave())])
    assert "t" not in master.tables
    master.handle(b"c", [encode(JoinOrCreate("t", ("human", "human")))])
    assert len(wire.of(b"c", Error)) == 1
    table = master.tables["t"]
    assert table.status is Status.WAITING and table.game_no == 2 and table.seats[0].name == "Cy"
    master.journal.close()
