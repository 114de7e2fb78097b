"""With ``--fsync`` the journal commits actions off the event loop (server/journal_writer.py):
a commit that waits for the disk holds only its own table's update, the lobby and the other
traffic are answered meanwhile, and an update still goes out only once its action's commit
has returned ("journalled before anyone is told", DESIGN "Durability": so a kill -9 loses
nothing anyone was told).

The disk is made slow where SQLite waits for it: every sqlite3 connection of the server is
made with a ``Connection`` whose commits of an action can be held at a gate, right after
SQLite returned from them (the place of the fsync), until the test opens it.
"""

from __future__ import annotations

import asyncio
import sqlite3
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import zmq.asyncio
from seasalt.engine import replay
from seasalt.protocol import ListTables, Tables, action_from_wire
from seasalt.server.journal_schema import from_blob
from seasalt.server.tables import make_rules
from seasalt.testing.server import RawClient, play_seat, running_server
from seasalt.testing.waiting import until

pytestmark = pytest.mark.timeout(90)

HELD_AT_MOST = 20.0
"""Seconds a held commit waits before it goes on by itself: only ever reached by a server that
commits on its event loop, which the gate then freezes (the test could not open it)."""


class Gate:
    """Where the commits of actions are counted, and held once armed."""

    def __init__(self) -> None:
        self.returned = 0
        """Commits of actions that have returned (their updates may go out)."""
        self.armed = False
        self.holding = threading.Event()
        self.opened = threading.Event()
        self.gave_up = False

    def after_commit(self) -> None:
        if self.armed:
            self.armed = False
            self.holding.set()
            self.gave_up = not self.opened.wait(HELD_AT_MOST)
        self.returned += 1


@pytest.fixture
def gate(monkeypatch: pytest.MonkeyPatch) -> Iterator[Gate]:
    gate = Gate()
    real_connect = sqlite3.connect

    class GatedConnection(sqlite3.Connection):
        pending = False
        """An action was inserted in the transaction now open."""

        def execute(self, sql: str, *args: Any) -> sqlite3.Cursor:
            cursor = super().execute(sql, *args)
            head = sql.lstrip().upper()
            if head.startswith("INSERT INTO ACTIONS"):
                self.pending = True
            if self.pending and not self.in_transaction:  # COMMIT, or an INSERT on its own
                self.pending = False
                gate.after_commit()
            return cursor

    def connect(*args: Any, **kwargs: Any) -> sqlite3.Connection:
        kwargs.setdefault("factory", GatedConnection)
        return real_connect(*args, **kwargs)

    monkeypatch.setattr(sqlite3, "connect", connect)
    yield gate
    gate.opened.set()


def _journalled_actions(db: str) -> list[bytes]:
    with sqlite3.connect(f"file:{db}?mode=ro", uri=True) as conn:
        return [bytes(a) for (a,) in conn.execute("SELECT action FROM actions ORDER BY idx")]


async def test_a_slow_commit_holds_its_own_update_only_and_the_lobby_is_answered_meanwhile(
    ctx: zmq.asyncio.Context, tmp_path: Path, gate: Gate
) -> None:
    db = str(tmp_path / "j.sqlite3")
    told_early: list[int] = []

    def check(seq: int, _view: object) -> None:
        if seq > gate.returned:  # an update for an action whose commit has not returned
            told_early.append(seq)

    async with running_server(db_path=db, fsync=True) as server:
        bystander = RawClient(ctx, server.local_endpoint)
        await bystander.hello("Bob")
        player = RawClient(ctx, server.local_endpoint)
        game = asyncio.create_task(play_seat(
            player, "t", ("human", "bot:random"), name="Ann", target=3, seed=4, on_view=check,
        ))
        await until(lambda: gate.returned >= 3 or game.done(), what="three actions")
        gate.armed = True
        await until(lambda: gate.holding.is_set() or game.done(), what="a commit held")
        await bystander.send(ListTables())
        await bystander.expect(Tables)
        answered_while_held = gate.holding.is_set() and not gate.gave_up
        gate.opened.set()
        result = await game
        bystander.close()
        player.close()
    assert answered_while_held, "the lobby waited for the disk"
    assert not told_early
    # The journal holds the whole game, in order: it replays to what the player was told.
    state = replay(make_rules(2, False, False, 3), _seed_of(db),
                   [action_from_wire(from_blob(a)) for a in _journalled_actions(db)])
    assert state.is_over and state.scores == result.scores


def _seed_of(db: str) -> int:
    with sqlite3.connect(f"file:{db}?mode=ro", uri=True) as conn:
        (seed,) = conn.execute("SELECT seed FROM games").fetchone()
    return int(seed)
