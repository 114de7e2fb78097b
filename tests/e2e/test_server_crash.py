"""Kill -9 the server process mid-game and restart it on the same database and port.

One human seat (this test's client, a seeded random player) against a server bot seat (the
process pool). After each kill the journal already holds every action any client saw
(appended before the update was sent); the restarted server replays it, the client resumes
with its token, and the game ends with the scores of the same seeded game played without
interruption (computed here with the engine alone). With Extra Pepper too (issue 17): its
event deck, held cards and keep choices come back from the journal the same way.
"""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest
import zmq.asyncio
from seasalt.bots import get_bot
from seasalt.engine import PlayerView, Rules, apply, new_game, view
from seasalt.protocol import (
    ActionRequest,
    Continue,
    GameOver,
    Joined,
    JoinOrCreate,
    RoundOver,
    Snapshot,
    Update,
)
from seasalt.server.seeds import bot_seed, game_seed
from seasalt.testing.server import RawClient, restartable_server

pytestmark = pytest.mark.timeout(90)

SERVER_SEED = 5
TABLE = "crash"
SEATS = ("human", "bot:random")
PLAYER_SEED = 3
KILL_AT = (30, 90)


def uninterrupted(extra_pepper: bool = False) -> tuple[int, ...]:
    """The same seeded game, engine only: seat 0 our player, seat 1 the server's bot."""
    seed = game_seed(SERVER_SEED, TABLE, 1)
    state = new_game(Rules(2, extra_pepper=extra_pepper), seed)
    bots = [get_bot("random", PLAYER_SEED), get_bot("random", bot_seed(seed, 1))]
    while not state.is_over:
        seat = state.to_act
        assert seat is not None
        state = apply(state, bots[seat].choose(view(state, seat))).state
    return state.scores


def journalled_actions(db: Path) -> int:
    with sqlite3.connect(db) as conn:
        (count,) = conn.execute("SELECT COUNT(*) FROM actions").fetchone()
    return int(count)


@pytest.mark.parametrize(
    ("extra_pepper", "at_round_over"),
    [(False, False), (True, False), (False, True)],
    ids=["base", "extra-pepper", "base-at-round-over"],
)
async def test_kill_9_twice_loses_no_action_and_ends_the_same_game(
    tmp_path: Path, extra_pepper: bool, at_round_over: bool
) -> None:
    """``at_round_over``: killed at the first round's result, before the client says
    ``continue``, and again at the result the restarted server sends back (DESIGN
    "Durability": a server stopped in the reading pause comes back paused), rather than at
    the seqs of ``KILL_AT`` (in the base game the server is waiting for seat 0 at both)."""
    db = tmp_path / "journal.sqlite3"
    server = restartable_server(db, SERVER_SEED)
    endpoint = server.start()
    port = server.port
    ctx = zmq.asyncio.Context()
    bot = get_bot("random", PLAYER_SEED)
    kills = list(KILL_AT)
    try:
        client = RawClient(ctx, endpoint)
        token = (await client.hello("Ann")).token
        await client.send(JoinOrCreate(TABLE, SEATS, extra_pepper=extra_pepper))
        assert (await client.expect(Joined)).seat == 0
        view_: PlayerView | None = None
        seq = acted = -1
        highest = 0
        while True:
            msg = await client.recv(timeout=20)
            paused = isinstance(msg, RoundOver)
            if isinstance(msg, Snapshot | Update):
                view_, seq = msg.view, msg.seq
                highest = max(highest, seq)
            elif paused and not (at_round_over and kills):
                await client.send(Continue(TABLE))
            elif isinstance(msg, GameOver):
                assert msg.scores == uninterrupted(extra_pepper)
                break
            if kills and (paused if at_round_over else seq >= kills[0]):
                kills.pop(0)
                server.kill()
                assert journalled_actions(db) >= highest  # journal first, then the update
                server.start(port=port)
                client.close()
                client = RawClient(ctx, endpoint)
                assert (await client.resume(token)).resumed
                assert (await client.expect(Joined)).seat == 0
                snapshot = await client.expect(Snapshot)
                assert snapshot.seq >= highest  # no accepted action was lost
                assert snapshot.view.rules.extra_pepper is extra_pepper
                view_, seq, acted = snapshot.view, snapshot.seq, -1
                if at_round_over:  # still the reading pause: its result comes again
                    again = await client.expect(RoundOver)
                    assert again.seq == snapshot.seq
                    client.backlog.insert(0, again)  # read by the loop as any result
            if view_ is not None and view_.to_act == 0 and view_.legal_actions and acted != seq:
                acted = seq
                await client.send(ActionRequest(TABLE, seq, bot.choose(view_)))
        assert not kills, "the game ended before every kill"
        client.close()
    finally:
        ctx.destroy(linger=0)
        if server.proc is not None and server.proc.poll() is None:
            assert server.terminate() == 0
