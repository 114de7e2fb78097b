"""A resumed session is put where its client thinks it is, or told it is not there any more.

Issue 38: a spectator's session came back from a restart in the lobby (watchers were not
journalled) without a word, so its client kept the pre-crash board, and chat and ``leave`` were
refused as from one at no table. The same silence met a player whose waiting table a restart
did not bring back (waiting tables are never journalled) and one whose waiting table expired
while the client was away: the client kept showing the waiting room. The journal now keeps
where each session's client was last told it is (``joined``/``left``): a spectator watches its
table again, and a session found at no table is told ``left``.

A socket-less Master on a real SQLite file (RecordingWire), restarted by building a new Master
on the same file, as server/app.py does after a crash.
"""

from __future__ import annotations

from pathlib import Path

from seasalt.protocol import (
    PROTOCOL_VERSION,
    Chat,
    ChatLine,
    Error,
    Hello,
    Joined,
    JoinOrCreate,
    Leave,
    Left,
    Resume,
    Snapshot,
    TableChanged,
    Watch,
    Welcome,
    encode,
)
from seasalt.server.botpool import BotPool
from seasalt.server.config import ManualClock, ServerConfig
from seasalt.server.journal import Journal
from seasalt.server.master import Master
from seasalt.testing.server import RecordingWire

DUO = ("human", "human")


def _master(db: Path, wire: RecordingWire, clock: ManualClock) -> Master:
    config = ServerConfig(seed=3, bot_delay=0, bot_workers=0)
    master = Master(config, clock, Journal(str(db)), BotPool(0), wire.send)
    master.restore()
    return master


def _hello(master: Master, wire: RecordingWire, peer: bytes, name: str) -> str:
    master.handle(peer, [encode(Hello(PROTOCOL_VERSION, name))])
    welcome = wire.last(peer, Welcome)
    assert isinstance(welcome, Welcome)
    return welcome.token


def _resume(master: Master, wire: RecordingWire, peer: bytes, token: str) -> list[object]:
    wire.take(peer)
    master.handle(peer, [encode(Resume(PROTOCOL_VERSION, token))])
    got = wire.take(peer)
    assert isinstance(got[0], Welcome) and got[0].resumed, got
    return got[1:]


def test_a_spectator_watches_its_table_again_after_a_restart(tmp_path: Path) -> None:
    db, clock, wire = tmp_path / "j.db", ManualClock(), RecordingWire()
    master = _master(db, wire, clock)
    ann, bob = _hello(master, wire, b"ann", "Ann"), _hello(master, wire, b"bob", "Bob")
    sam = _hello(master, wire, b"sam", "Sam")
    for peer in (b"ann", b"bob"):
        master.handle(peer, [encode(JoinOrCreate("t", DUO))])
    master.handle(b"sam", [encode(Watch("t"))])
    assert wire.last(b"sam", Joined) == Joined("t", None)
    master.journal.close()

    master = _master(db, wire, clock)  # the restart
    _resume(master, wire, b"ann", ann)
    got = _resume(master, wire, b"sam", sam)
    assert got[0] == Joined("t", None)
    snapshot = next(m for m in got if isinstance(m, Snapshot))
    assert snapshot.view.seat is None  # the public view
    # The player sees someone watch again; the spectator talks at the table.
    info = wire.last(b"ann", TableChanged)
    assert isinstance(info, TableChanged) and info.info.watchers == 1
    master.handle(b"sam", [encode(Chat("t", "still here"))])
    assert wire.last(b"ann", ChatLine) == ChatLine("t", "Sam", None, "still here")
    assert not wire.of(b"sam", Error)
    # Once it leaves, a further restart does not put it back.
    master.handle(b"sam", [encode(Leave())])
    assert wire.last(b"sam", Left) == Left("t")
    master.journal.close()
    master = _master(db, wire, clock)
    assert _resume(master, wire, b"sam", sam) == []
    _resume(master, wire, b"bob", bob)
    master.journal.close()


def test_a_session_whose_table_did_not_come_back_is_told_it_left(tmp_path: Path) -> None:
    db, clock, wire = tmp_path / "j.db", ManualClock(), RecordingWire()
    master = _master(db, wire, clock)
    ann, sam = _hello(master, wire, b"ann", "Ann"), _hello(master, wire, b"sam", "Sam")
    master.handle(b"ann", [encode(JoinOrCreate("wait", DUO))])  # waiting for a second player
    master.handle(b"sam", [encode(Watch("wait"))])
    master.journal.close()

    master = _master(db, wire, clock)  # a waiting table is never brought back
    assert "wait" not in master.tables
    assert _resume(master, wire, b"ann", ann) == [Left("wait")]
    assert _resume(master, wire, b"sam", sam) == [Left("wait")]
    assert _resume(master, wire, b"sam", sam) == []  # told once
    master.journal.close()


def test_a_player_whose_waiting_table_expired_while_away_is_told_it_left(
    tmp_path: Path,
) -> None:
    db, clock, wire = tmp_path / "j.db", ManualClock(), RecordingWire()
    master = _master(db, wire, clock)
    ann = _hello(master, wire, b"ann", "Ann")
    master.handle(b"ann", [encode(JoinOrCreate("wait", DUO))])
    config = master.config  # then Ann's client goes quiet (a laptop lid closed)
    clock.advance(config.peer_timeout + config.takeover_after + 1)
    master.tick()
    assert "wait" not in master.tables  # nobody came to start it
    assert _resume(master, wire, b"ann2", ann) == [Left("wait")]
    master.journal.close()
