"""A bot's moves for an absent player are marked (session 9, "Found, not fixed": Ann quit,
the bot played for her, she came back and the log read "You played the pair…" for its moves).

Real sockets and a real journal: Ann makes her first move herself, says ``away`` (the bot
takes her seat at once), Bob plays on until her bot has moved and it is his turn; then Ann comes
back. Every frame's marks are checked against what each event is (the seat's own doings, not
Ann's own move); the words are the client's (client/words/game.py).
"""

from __future__ import annotations

import asyncio
from dataclasses import dataclass, field
from pathlib import Path

import pytest
import zmq.asyncio
from seasalt.bots import get_bot
from seasalt.client.net.stand_in_events import StandInEvent, with_marks
from seasalt.client.words.game import Names, describe_event
from seasalt.engine import Event, EventKind, PlayerView
from seasalt.protocol import (
    ActionRequest,
    Away,
    Continue,
    Joined,
    JoinOrCreate,
    RoundOver,
    Snapshot,
    StandInMoves,
    Update,
    Watch,
)
from seasalt.server.app import Server
from seasalt.server.config import ManualClock
from seasalt.testing.server import RawClient, running_server

pytestmark = pytest.mark.timeout(60)
TWO = ("human", "human")
NAMES = ["Ann", "Bob"]
_NOT_DOINGS = {
    EventKind.ROUND_STARTED, EventKind.TURN_STARTED, EventKind.ROUND_SCORED,
    EventKind.ROUND_VOID, EventKind.GAME_OVER,
}


def _doing(e: Event, seat: int) -> bool:
    return e.seat == seat and e.kind not in _NOT_DOINGS


@dataclass
class Watched:
    """What Bob saw: each frame with the marks sent just before it."""

    ann: int
    frames: list[tuple[StandInMoves | None, Snapshot | Update]] = field(default_factory=list)
    own: tuple[int, range] | None = None
    """Ann's own move: (round, its positions in that round's log)..."""
    own_seq: int = -1
    """...and its seq."""
    bot_moves: int = 0

    def expected_log(self, view: PlayerView) -> tuple[int, ...]:
        """Ann's doings in the round's log, less her own move's."""
        own = self.own[1] if self.own is not None and self.own[0] == view.round else range(0)
        return tuple(i for i, e in enumerate(view.log) if _doing(e, self.ann) and i not in own)


async def _seated(client: RawClient, name: str) -> tuple[int, str]:
    welcome = await client.hello(name)
    await client.send(JoinOrCreate("t", TWO))
    joined = await client.expect(Joined)
    assert joined.seat is not None
    return joined.seat, welcome.token


async def _ann_moves_once_then_goes(ann: RawClient, seat: int) -> None:
    bot = get_bot("random", 3)
    while True:
        msg = await ann.recv()
        if isinstance(msg, Snapshot | Update) and msg.view.to_act == seat and (
            msg.view.legal_actions
        ):
            await ann.send(ActionRequest("t", msg.seq, bot.choose(msg.view)))
            await ann.expect(Update, where=lambda u, after=msg.seq: u.seq == after + 1)
            await ann.send(Away())
            return


async def _bob_plays_until_ann_bot_moved(bob: RawClient, seat: int, ann: int) -> Watched:
    """Bob plays (a seeded bot) until a move of Ann's bot leaves the round on his turn with
    marked moves in its log that have words (an ended turn has none); he holds that turn."""
    watched = Watched(ann)
    bot = get_bot("random", 7)
    marks: StandInMoves | None = None
    view: PlayerView | None = None
    while True:
        msg = await bob.recv()
        if isinstance(msg, StandInMoves):
            assert marks is None, "two marks for one frame"
            marks = msg
            continue
        if isinstance(msg, RoundOver):
            await bob.send(Continue("t"))
            continue
        if not isinstance(msg, Snapshot | Update):
            continue
        assert marks is None or (marks.table, marks.seq) == (msg.table, msg.seq)
        watched.frames.append((marks, msg))
        mover = view.to_act if view is not None else None
        same_round = view is not None and view.round == msg.view.round
        marks, view = None, msg.view
        if isinstance(msg, Update) and mover == ann:
            if watched.own is None:
                end = len(view.log)
                watched.own = (view.round, range(end - len(msg.events), end))
                watched.own_seq = msg.seq
            else:
                watched.bot_moves += 1
                worded = [i for i in watched.expected_log(view)
                          if view.log[i].kind is not EventKind.TURN_ENDED]  # (no line)
                if view.to_act == seat and same_round and worded:
                    return watched
        if view.to_act == seat and view.legal_actions:
            await bob.send(ActionRequest("t", msg.seq, bot.choose(view)))


def _check_frames(watched: Watched) -> None:
    """Every frame's marks are exactly Ann's bot's doings: in the log, and in the update."""
    marked_updates = 0
    previous: PlayerView | None = None
    for marks, frame in watched.frames:
        log = marks.log if marks is not None else ()
        events = marks.events if marks is not None else ()
        assert log == watched.expected_log(frame.view), frame.seq
        by_bot = (
            isinstance(frame, Update) and previous is not None and previous.to_act == watched.ann
            and frame.seq > watched.own_seq >= 0
        )
        if isinstance(frame, Update):
            dealt = next((i for i, e in enumerate(frame.events)
                          if e.kind is EventKind.ROUND_STARTED), len(frame.events))
            expected = tuple(i for i, e in enumerate(frame.events[:dealt])
                             if _doing(e, watched.ann)) if by_bot else ()
            assert events == expected, frame.seq
            marked_updates += bool(events)
        else:
            assert events == ()
        previous = frame.view
    assert marked_updates >= 1 and watched.bot_moves >= marked_updates


def _worded(
    view: PlayerView, marks: StandInMoves | None, me: int | None, ann: int
) -> list[str]:
    """The round's log as the client words it for ``me``, each line of a marked event
    checked to name the stand-in, and each other line checked not to."""
    marked, _ = with_marks(view, (), marks)
    names = Names(NAMES, me)
    subject = "Your stand-in (bot) " if me == ann else "Ann's stand-in (bot) "
    lines = []
    for index, e in enumerate(marked.log):
        line = describe_event(e, names)
        if line is None:
            continue
        is_marked = marks is not None and index in marks.log
        assert isinstance(e, StandInEvent) == is_marked
        assert line.startswith(subject) if is_marked else "stand-in" not in line, line
        lines.append(line)
    return lines


async def _back(ctx: zmq.asyncio.Context, endpoint: str, token: str, seat: int
                ) -> tuple[RawClient, StandInMoves, Snapshot]:
    """A seat's player back with its token: the marks come just before the snapshot."""
    client = RawClient(ctx, endpoint)
    assert (await client.resume(token)).resumed
    assert await client.expect(Joined) == Joined("t", seat)
    marks = await client.expect(StandInMoves)
    snapshot = await client.expect(Snapshot)
    assert (marks.table, marks.seq, marks.events) == ("t", snapshot.seq, ())
    return client, marks, snapshot


async def _game_with_a_stand_in(
    ctx: zmq.asyncio.Context, endpoint: str
) -> tuple[Watched, tuple[str, str], RawClient, RawClient]:
    ann, bob = RawClient(ctx, endpoint), RawClient(ctx, endpoint)
    ann_seat, ann_token = await _seated(ann, "Ann")
    bob_seat, bob_token = await _seated(bob, "Bob")
    assert {ann_seat, bob_seat} == {0, 1}
    bob_plays = asyncio.create_task(_bob_plays_until_ann_bot_moved(bob, bob_seat, ann_seat))
    await _ann_moves_once_then_goes(ann, ann_seat)
    watched = await bob_plays
    _check_frames(watched)
    return watched, (ann_token, bob_token), ann, bob


async def test_the_owner_back_and_the_other_player_see_the_bot_moves_marked(
    server: Server, ctx: zmq.asyncio.Context
) -> None:
    watched, (ann_token, _), ann, bob = await _game_with_a_stand_in(ctx, server.local_endpoint)
    ann.close()
    back, marks, snapshot = await _back(ctx, server.local_endpoint, ann_token, watched.ann)
    assert marks.log == watched.expected_log(snapshot.view) != ()
    assert marks.log == watched.frames[-1][0].log  # type: ignore[union-attr]

    # In words: Ann reads her stand-in's moves as its own and hers as hers; Bob reads
    # "Ann's stand-in (bot)" where the bot played, "Ann" where she did.
    mine = _worded(snapshot.view, marks, watched.ann, watched.ann)
    assert any(line.startswith("Your stand-in (bot) ") for line in mine)
    marks_seen, frame = watched.frames[-1]
    theirs = _worded(frame.view, marks_seen, 1 - watched.ann, watched.ann)
    assert any(line.startswith("Ann's stand-in (bot) ") for line in theirs)

    dee = RawClient(ctx, server.local_endpoint)  # a spectator arriving: the same marks
    await dee.hello("Dee")
    await dee.send(Watch("t"))
    assert (await dee.expect(Joined)).seat is None
    seen = await dee.expect(StandInMoves)
    public = await dee.expect(Snapshot)
    assert (seen.seq, seen.log) == (public.seq, marks.log)
    assert any(line.startswith("Ann's stand-in (bot) ")
               for line in _worded(public.view, seen, None, watched.ann))
    for client in (back, bob, dee):
        client.close()


async def test_a_restarted_server_marks_the_round_again_from_its_journal(
    tmp_path: Path, ctx: zmq.asyncio.Context
) -> None:
    db = str(tmp_path / "j.sqlite3")
    clock = ManualClock()
    async with running_server(clock, db_path=db) as first:
        watched, (ann_token, bob_token), ann, bob = await _game_with_a_stand_in(
            ctx, first.local_endpoint)
        before = watched.frames[-1]
        ann.close()
        bob.close()
    async with running_server(clock, db_path=db) as second:
        bob_back, marks, snapshot = await _back(
            ctx, second.local_endpoint, bob_token, 1 - watched.ann)
        assert snapshot.seq == before[1].seq and snapshot.view.log == before[1].view.log
        assert before[0] is not None and marks.log == before[0].log != ()
        ann_back, ann_marks, _ = await _back(ctx, second.local_endpoint, ann_token, watched.ann)
        assert ann_marks.log == marks.log
        bob_back.close()
        ann_back.close()
