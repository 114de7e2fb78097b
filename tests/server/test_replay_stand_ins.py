"""A finished game's replay tells a stand-in's moves apart (session 11: the live log said "Ann's
stand-in (bot) kept…", the history's replay of the same game "Ann kept…").

Real sockets, a real SQLite journal: Ann makes her first move herself and says ``away`` (a bot
takes her seat at once); Bob plays on until her bot has played some of her turns, then holds
his turn until Ann is back; both play to the end. The replay, fetched by the client's own
history source as Ann and as Bob, is worded as the client's replay screen words it.
"""

from __future__ import annotations

import asyncio
import json
import sqlite3
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

import pytest
import zmq.asyncio
from seasalt.bots import get_bot
from seasalt.client.files.replay_file import read_replay, replay_text, save_replay
from seasalt.client.net.history_source import ServerHistory
from seasalt.client.net.stand_in_events import StandInEvent
from seasalt.client.tui.replay_steps import Step, build_steps
from seasalt.client.tui.screens.replay import replay_names
from seasalt.client.words import i18n
from seasalt.client.words.game import describe_event
from seasalt.engine import Event, EventKind, PlayerView
from seasalt.protocol import (
    ActionRequest,
    Away,
    Continue,
    GameOver,
    GetReplay,
    Joined,
    JoinOrCreate,
    Replay,
    ReplayStandIns,
    RoundOver,
    Snapshot,
    StandInMove,
    TableChanged,
    Update,
)
from seasalt.server import cli as server_cli
from seasalt.server.config import ManualClock
from seasalt.testing.server import RawClient, running_server

pytestmark = pytest.mark.timeout(90)
TWO = ("human", "human")
BOT_TURNS = 2
"""Turns of Ann's that her bot plays before she comes back."""
_NOT_DOINGS = {
    EventKind.ROUND_STARTED, EventKind.TURN_STARTED, EventKind.ROUND_SCORED,
    EventKind.ROUND_VOID, EventKind.GAME_OVER,
}


@pytest.fixture(autouse=True)
def english() -> Iterator[None]:
    i18n.set_language("en")
    yield
    i18n.set_language("en")


@dataclass
class Played:
    """Who made which move of the game (action numbers, from 1), as the players saw it."""

    ann: int = -1
    bob: int = -1
    ann_own: set[int] = field(default_factory=set)
    """The moves Ann sent herself (accepted)."""
    ann_seat_moves: set[int] = field(default_factory=set)
    """Every move of Ann's seat, hers or her bot's (from Bob's updates)."""

    @property
    def by_bot(self) -> set[int]:
        return self.ann_seat_moves - self.ann_own


async def _seat(client: RawClient, name: str) -> tuple[int, str]:
    welcome = await client.hello(name)
    await client.send(JoinOrCreate("t", TWO))
    joined = await client.expect(Joined)
    assert joined.seat is not None
    return joined.seat, welcome.token


async def _ann_plays(client: RawClient, played: Played, *, once: bool) -> None:
    """Ann's own moves (a seeded bot decides them): one and then ``away``, or to the end."""
    bot = get_bot("random", 3)
    sent: int | None = None
    while True:
        msg = await client.recv()
        if isinstance(msg, RoundOver):
            await client.send(Continue("t"))
        if isinstance(msg, GameOver):
            return
        if not isinstance(msg, Snapshot | Update):
            continue
        if sent is not None and isinstance(msg, Update) and msg.seq == sent + 1:
            played.ann_own.add(msg.view.move)
            sent = None
            if once:
                await client.send(Away())
                return
        view = msg.view
        if view.to_act == played.ann and view.legal_actions and sent is None:
            sent = msg.seq
            await client.send(ActionRequest("t", msg.seq, bot.choose(view)))


async def _bob_plays(client: RawClient, played: Played, ann_is_back: asyncio.Event,
                     hold: asyncio.Event) -> None:
    """Bob plays to the end; once Ann's bot has played ``BOT_TURNS`` of her turns he holds his
    turn (``hold`` set) until the table shows Ann's seat played by her again."""
    bot = get_bot("random", 7)
    view: PlayerView | None = None
    bot_playing_ann = False
    bot_turns = 0
    while True:
        msg = await client.recv()
        if isinstance(msg, TableChanged):
            bot_playing_ann = msg.info.seats[played.ann].bot_playing
            if hold.is_set() and not bot_playing_ann:
                ann_is_back.set()
        if isinstance(msg, RoundOver):
            await client.send(Continue("t"))
        if isinstance(msg, GameOver):
            return
        if not isinstance(msg, Snapshot | Update):
            continue
        mover = view.to_act if view is not None else None
        view = msg.view
        if isinstance(msg, Update) and mover == played.ann:
            played.ann_seat_moves.add(view.move)
            if bot_playing_ann and view.to_act != played.ann:
                bot_turns += 1
        if view.to_act != played.bob or not view.legal_actions:
            continue
        seq = msg.seq
        if bot_turns >= BOT_TURNS and not hold.is_set():
            hold.set()  # Ann comes back now, while nothing moves
        if hold.is_set() and not ann_is_back.is_set():
            while not ann_is_back.is_set():
                held = await client.recv()
                if isinstance(held, TableChanged) and not held.info.seats[played.ann].bot_playing:
                    ann_is_back.set()
        await client.send(ActionRequest("t", seq, bot.choose(view)))


async def _play_a_game_with_a_stand_in(ctx: zmq.asyncio.Context, endpoint: str) -> Played:
    ann, bob = RawClient(ctx, endpoint), RawClient(ctx, endpoint)
    played = Played()
    played.ann, ann_token = await _seat(ann, "Ann")
    played.bob, _ = await _seat(bob, "Bob")
    hold, back = asyncio.Event(), asyncio.Event()
    bob_task = asyncio.create_task(_bob_plays(bob, played, back, hold))
    await _ann_plays(ann, played, once=True)
    await hold.wait()
    ann.close()  # (not sooner: closing at once with linger 0 could drop her "away")
    ann = RawClient(ctx, endpoint)
    assert (await ann.resume(ann_token)).resumed
    await _ann_plays(ann, played, once=False)
    await bob_task
    for client in (ann, bob):
        client.close()
    assert len(played.ann_own) > 1 and len(played.by_bot) >= BOT_TURNS
    assert max(played.ann_own) > max(played.by_bot)  # her own moves after her stand-in's
    return played


def _doing(e: Event, seat: int) -> bool:
    return e.seat == seat and e.kind not in _NOT_DOINGS


def _worded(replay: Replay, steps: list[Step], played: Played) -> dict[int, list[str]]:
    """The "This move:" lines of every step (as the replay screen words them), each checked:
    a stand-in's doings name it, nothing else does."""
    names = replay_names(replay)
    lines: dict[int, list[str]] = {}
    for step in steps:
        dealt = next((i for i, e in enumerate(step.events)
                      if e.kind is EventKind.ROUND_STARTED), len(step.events))
        for index, e in enumerate(step.events):
            line = describe_event(e, names)
            stand_in = step.index in played.by_bot and index < dealt and _doing(e, played.ann)
            assert isinstance(e, StandInEvent) == stand_in, (step.index, e)
            if line is None:
                continue
            if stand_in:
                assert line.startswith("Ann's stand-in (bot) "), line
            else:
                assert "stand-in" not in line, (step.index, line)
            lines.setdefault(step.index, []).append(line)
    return lines


async def _replay_as(endpoint: str, name: str) -> tuple[Replay, tuple[StandInMove, ...]]:
    source = ServerHistory(endpoint, name, f"{name.lower()}-identity-0123456789abcdef")
    try:
        games = await source.list_games()
        replay = await source.replay(games[0].game)
        return replay, source.stand_ins_of(replay.summary.game)
    finally:
        await source.close()


def _check_replay(replay: Replay, moves: tuple[StandInMove, ...], played: Played) -> None:
    assert moves == tuple(StandInMove(n, played.ann) for n in sorted(played.by_bot))
    steps = build_steps(replay, stand_ins=moves)
    lines = _worded(replay, steps, played)
    bot_lines = [line for n in played.by_bot for line in lines.get(n, [])]
    assert any(line.startswith("Ann's stand-in (bot) kept ") for line in bot_lines), bot_lines
    own = [line for n in played.ann_own for line in lines.get(n, [])]
    assert any(line.startswith("Ann ") for line in own), own


async def test_the_replay_words_the_stand_in_moves_for_ann_and_for_bob_after_a_restart_too(
    tmp_path: Path, ctx: zmq.asyncio.Context
) -> None:
    db = str(tmp_path / "j.sqlite3")
    clock = ManualClock()
    async with running_server(clock, db_path=db) as first:
        played = await _play_a_game_with_a_stand_in(ctx, first.local_endpoint)
        for name in ("Ann", "Bob"):  # the same record, whoever asks for it
            replay, moves = await _replay_as(first.local_endpoint, name)
            _check_replay(replay, moves, played)
    async with running_server(clock, db_path=db) as second:  # the journal keeps them
        again, moves_again = await _replay_as(second.local_endpoint, "Ann")
        assert (again, moves_again) == (replay, moves)
        _check_replay(again, moves_again, played)

    # Saved to a file, they are kept (and read back); a file without them is as before.
    path = tmp_path / "game.json"
    save_replay(replay, path, moves)
    assert read_replay(path) == (replay, moves)
    assert "stand_ins" not in json.loads(replay_text(replay))
    exported = tmp_path / "exported.json"
    assert server_cli.main(["games", "export", str(replay.summary.game), str(exported),
                            "--db", db]) == 0
    assert read_replay(exported) == (replay, moves)

    # The same words in the other languages (client/words/game.py's own catalogues).
    step = next(s for s in build_steps(replay, stand_ins=moves)
                if any(isinstance(e, StandInEvent) and describe_event(e, replay_names(replay))
                       for e in s.events))
    for lang, subject in (("pt", "O substituto de Ann (bot)"), ("es", "El sustituto de Ann (bot)"),
                          ("fr", "Le remplaçant de Ann (bot)")):
        i18n.set_language(lang)
        names = replay_names(replay)
        worded = [describe_event(e, names) for e in step.events if isinstance(e, StandInEvent)]
        assert any(line and line.startswith(subject) for line in worded), (lang, worded)


async def test_the_replay_frame_comes_after_its_marks_and_an_old_record_replays_as_before(
    tmp_path: Path, ctx: zmq.asyncio.Context
) -> None:
    db = str(tmp_path / "j.sqlite3")
    clock = ManualClock()
    async with running_server(clock, db_path=db) as first:
        played = await _play_a_game_with_a_stand_in(ctx, first.local_endpoint)
        raw = RawClient(ctx, first.local_endpoint)
        await raw.hello("Dee")
        await raw.send(GetReplay(1))
        marks = await raw.recv()
        replay = await raw.recv()
        assert isinstance(marks, ReplayStandIns) and isinstance(replay, Replay)
        assert marks.game == replay.summary.game == 1
        raw.close()
    # A journal from before takeovers were kept: the same game with no marks.
    with sqlite3.connect(db) as con:
        con.execute("DELETE FROM takeover_actions")
    con.close()
    async with running_server(clock, db_path=db) as second:
        raw = RawClient(ctx, second.local_endpoint)
        await raw.hello("Dee")
        await raw.send(GetReplay(1))
        assert await raw.recv() == replay  # no replay_stand_ins before it
        raw.close()
        old, moves = await _replay_as(second.local_endpoint, "Bob")
    assert (old, moves) == (replay, ())
    names = replay_names(old)
    lines = [line for step in build_steps(old) for e in step.events
             if (line := describe_event(e, names))]
    assert not any("stand-in" in line for line in lines)
    ann_kept = [line for n in played.by_bot for e in build_steps(old)[n].events
                if (line := describe_event(e, names)) and line.startswith("Ann kept ")]
    assert ann_kept  # as the replay always said it
