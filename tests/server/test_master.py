"""The master without sockets: restart from the journal, engine-version refusal, resync after
a full pipe. Frames go to a list instead of a ROUTER (transport injected, as boardgame.io's
master tests do)."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest
from seasalt.bots import get_bot
from seasalt.engine import Action, GameState, PlayerView, view
from seasalt.protocol import (
    PROTOCOL_VERSION,
    ActionRequest,
    Error,
    ErrorCode,
    Hello,
    JoinOrCreate,
    Resume,
    Snapshot,
    Welcome,
    encode,
)
from seasalt.server.botpool import BotPool
from seasalt.server.config import ManualClock, ServerConfig
from seasalt.server.journal import Journal
from seasalt.server.master import Master
from seasalt.server.tables import Status
from seasalt.testing.server import RecordingWire
from seasalt.testing.waiting import Patience

pytestmark = pytest.mark.timeout(30)


Wire = RecordingWire  # frames by peer; full peers refuse them


def _master(path: Path, wire: Wire, clock: ManualClock) -> Master:
    config = ServerConfig(seed=3, bot_delay=0, bot_workers=0, continue_timeout=0)
    master = Master(config, clock, Journal(str(path)), BotPool(0), wire.send)
    master.restore()
    return master


def _play(master: Master, peers: dict[int, bytes], actions: int) -> None:
    table = master.tables["t"]
    bots = {seat: get_bot("random", seat) for seat in peers}
    for _ in range(actions):
        if table.status is Status.ROUND_OVER:
            master.game.end_reading(table)
        seat = table.state.to_act
        assert seat is not None
        action = bots[seat].choose(view(table.state, seat))
        master.handle(peers[seat], [encode(ActionRequest("t", table.seq, action))])


def _seat_two(master: Master, wire: Wire) -> tuple[dict[int, bytes], dict[int, str]]:
    peers, tokens = {}, {}
    for peer in (b"a", b"b"):
        master.handle(peer, [encode(Hello(PROTOCOL_VERSION, peer.decode()))])
        master.handle(peer, [encode(JoinOrCreate("t", ("human", "human")))])
        session = master.sessions.of_peer(peer)
        assert session is not None and session.seat is not None
        peers[session.seat] = peer
        welcome = wire.last(peer, Welcome)
        assert isinstance(welcome, Welcome)
        tokens[session.seat] = welcome.token
    return peers, tokens


def test_a_restarted_master_replays_the_journal_and_players_resume(tmp_path: Path) -> None:
    wire, clock = Wire(), ManualClock()
    first = _master(tmp_path / "j.db", wire, clock)
    peers, tokens = _seat_two(first, wire)
    _play(first, peers, 25)
    before = first.tables["t"]
    state, seq = before.state, before.seq
    first.journal.close()

    second = _master(tmp_path / "j.db", Wire(), clock)
    table = second.tables["t"]
    assert table.state == state and table.seq == seq == 25
    assert table.status is Status.RUNNING
    assert [s.holder for s in table.seats] == [s.holder for s in before.seats]
    wire2 = Wire()
    second.outbox.transport = wire2.send
    second.handle(b"c", [encode(Resume(PROTOCOL_VERSION, tokens[0]))])
    welcome = wire2.last(b"c", Welcome)
    assert isinstance(welcome, Welcome) and welcome.resumed
    snapshot = wire2.last(b"c", Snapshot)
    assert isinstance(snapshot, Snapshot)
    assert snapshot.seq == 25 and snapshot.view == view(state, 0)
    second.journal.close()


@pytest.mark.parametrize("old", ["0-ancient", "1"])  # "1": the engine before Extra Pepper
def test_a_game_from_another_engine_version_is_refused_clearly(tmp_path: Path, old: str) -> None:
    path = tmp_path / "j.db"
    journal = Journal(str(path))
    journal.create_game("old", 1, 2, False, False, ("human", "human"), 5, 0, old)
    journal.close()
    wire = Wire()
    master = _master(path, wire, ManualClock())
    assert "old" not in master.tables
    master.handle(b"a", [encode(Hello(PROTOCOL_VERSION, "Ann"))])
    master.handle(b"a", [encode(JoinOrCreate("old", ("human", "human")))])
    error = wire.last(b"a", Error)
    assert isinstance(error, Error) and error.code is ErrorCode.BAD_REQUEST
    assert f"engine version {old}" in error.message
    master.journal.close()


def test_a_peer_with_a_full_pipe_is_resynced_with_a_snapshot(tmp_path: Path) -> None:
    wire, clock = Wire(), ManualClock()
    master = _master(tmp_path / "j.db", wire, clock)
    peers, _ = _seat_two(master, wire)
    wire.full.add(peers[1])  # seat 1 stops draining its pipe
    _play(master, peers, 6)
    session = master.sessions.of_peer(peers[1])
    assert session is not None and session.resync == {"t"}
    wire.full.clear()
    master.tick()
    snapshot = wire.last(peers[1], Snapshot)
    assert isinstance(snapshot, Snapshot) and snapshot.seq == master.tables["t"].seq
    assert session.resync == set()
    master.journal.close()


def test_the_lobby_holds_a_bounded_number_of_tables(tmp_path: Path) -> None:
    wire = Wire()
    config = ServerConfig(seed=3, bot_workers=0, max_tables=2)
    master = Master(config, ManualClock(), Journal(str(tmp_path / "j.db")), BotPool(0), wire.send)
    for i, peer in enumerate((b"a", b"b", b"c")):
        master.handle(peer, [encode(Hello(PROTOCOL_VERSION, f"p{i}"))])
        master.handle(peer, [encode(JoinOrCreate(f"t{i}", ("human", "human")))])
    assert sorted(master.tables) == ["t0", "t1"]
    error = wire.last(b"c", Error)
    assert isinstance(error, Error) and error.code is ErrorCode.BAD_REQUEST
    master.journal.close()


class RecordingPool(BotPool):
    """Decides inline like ``BotPool(0)`` and records what each bot was shown."""

    def __init__(self) -> None:
        super().__init__(0)
        self.seen: list[tuple[str, PlayerView, GameState]] = []
        self.master: Master | None = None

    async def decide(
        self, level: str, seed: int, view_: PlayerView, think: float | None = None
    ) -> Action:
        assert self.master is not None
        self.seen.append((level, view_, self.master.tables["b"].state))
        return await super().decide(level, seed, view_, think)


async def test_bots_decide_from_their_own_seat_view_only(tmp_path: Path) -> None:
    wire, pool = Wire(), RecordingPool()
    config = ServerConfig(seed=3, bot_delay=0, bot_workers=0, continue_timeout=0)
    master = Master(config, ManualClock(), Journal(str(tmp_path / "j.db")), pool, wire.send)
    pool.master = master
    master.handle(b"a", [encode(Hello(PROTOCOL_VERSION, "Ann"))])
    master.handle(b"a", [encode(JoinOrCreate("b", ("human", "bot:random", "bot:greedy")))])
    table = master.tables["b"]
    human = get_bot("random", 9)
    patience = Patience(20)
    while len(pool.seen) < 40 and not table.state.is_over:
        assert not patience.spent(), "the bots stopped playing"
        if table.status is Status.ROUND_OVER:
            master.game.end_reading(table)
        if table.state.to_act == 0 and table.status is Status.RUNNING:
            action = human.choose(view(table.state, 0))
            master.handle(b"a", [encode(ActionRequest("b", table.seq, action))])
        await asyncio.sleep(0)
    assert len(pool.seen) >= 40
    for level, shown, state in pool.seen:
        seat = shown.seat
        assert seat in (1, 2) and level == ("random" if seat == 1 else "greedy")
        assert shown == view(state, seat)  # exactly its seat's view, nothing more
    # Stop the bot turn still in flight before closing its journal (as Server.stop does).
    tasks = list(master.bot_tasks.values())
    for task in tasks:
        task.cancel()
    await asyncio.gather(*tasks, return_exceptions=True)
    master.journal.close()


def test_every_client_message_type_has_one_handler(tmp_path: Path) -> None:
    # The dispatch table (Master.__init__): a message type added to the protocol without a
    # handler fails here, not as "not served" at a party.
    from seasalt.protocol import CLIENT_MESSAGES, Heartbeat

    wire = RecordingWire()
    master = _master(tmp_path / "j.db", wire, ManualClock())
    assert set(master.openers) == {Hello, Resume}
    assert set(master.openers) | set(master.routes) == set(CLIENT_MESSAGES)
    assert not set(master.openers) & set(master.routes)
    master.handle(b"nobody", [encode(Heartbeat())])  # a route: the session guard comes first
    (refusal,) = wire.take(b"nobody")
    assert isinstance(refusal, Error) and refusal.code is ErrorCode.UNAUTHORIZED


def test_the_master_is_composed_of_services_and_only_the_registry_writes_sessions() -> None:
    # Issue 16: Master was six mixins over a core whose NotImplementedError stubs they filled
    # in, and callers deleted straight from the session registry's dict. Now each service is
    # given what it calls, and the registry's two maps change only through its methods.
    import re

    from seasalt.server import sessions

    assert Master.__bases__ == (object,)
    server_dir = Path(sessions.__file__).parent
    writes = re.compile(
        r"\bby_(hash|peer)\s*\[[^\]]*\]\s*="  # by_hash[k] = ...
        r"|del\s+\S*by_(hash|peer)"  # del ....by_hash[k]
        r"|by_(hash|peer)\.(pop|clear|setdefault|update)\("
    )
    for path in sorted(server_dir.glob("*.py")):
        text = path.read_text(encoding="utf-8")
        assert "raise NotImplementedError" not in text, path.name  # a stub to fill in
        if path.name != "sessions.py":
            assert not writes.search(text), f"{path.name} changes the session registry's maps"
