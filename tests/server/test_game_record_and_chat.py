"""The game's record (every round's points, the tie-break, takeover seats), chat kept in the
journal, and a takeover bot's share of the statistics counted apart (issue 13, defects 9, 10
and 13). Real sockets; real SQLite journals; a real server process for the restart."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from pathlib import Path

import pytest
import zmq.asyncio
from seasalt.engine import CallKind, EventKind, Phase, apply, new_game, replay
from seasalt.protocol import (
    Chat,
    ChatEntry,
    ChatHistory,
    ChatLine,
    GameOver,
    GameRecord,
    GetReplay,
    GetStats,
    Joined,
    JoinOrCreate,
    Leave,
    Left,
    Replay,
    RoundOver,
    Snapshot,
    StandIns,
    Stats,
    Takeover,
    Watch,
    decode_server_message,
)
from seasalt.testing.server import RawClient, ServerProcess, running_server

pytestmark = pytest.mark.timeout(90)
TWO = ("human", "human")


async def _hello(connect: Callable[[], RawClient], name: str) -> tuple[RawClient, str]:
    client = connect()
    token = (await client.hello(name)).token
    return client, token


# --- defect 10: chat survives a restart; a late spectator sees earlier chat ----------------


async def test_chat_survives_a_restart_and_reaches_late_comers(tmp_path: Path) -> None:
    db = str(tmp_path / "j.sqlite3")
    server = ServerProcess(db, "--bot-delay", "0", "--seed", "1")
    ctx = zmq.asyncio.Context()
    try:
        endpoint = server.start()
        ann, bob = RawClient(ctx, endpoint), RawClient(ctx, endpoint)
        ann_token = (await ann.hello("Ann")).token
        await bob.hello("Bob")
        for client in (ann, bob):
            await client.send(JoinOrCreate("t", TWO))
            await client.expect(Joined)
        await ann.send(Chat("t", "hello"))
        await bob.expect(ChatLine, where=lambda m: m.text == "hello")
        await bob.send(Chat("t", "hi Ann"))
        await ann.expect(ChatLine, where=lambda m: m.text == "hi Ann")
        server.kill()  # kill -9: nothing is flushed on the way out
        ann.close()
        bob.close()

        endpoint = server.start()
        back = RawClient(ctx, endpoint)
        await back.resume(ann_token)
        await back.expect(Snapshot)
        history = await back.expect(ChatHistory)
        assert history.lines == (ChatEntry("Ann", 0, "hello"), ChatEntry("Bob", 1, "hi Ann"))

        eve = RawClient(ctx, endpoint)
        await eve.hello("Eve")
        await eve.send(Watch("t"))
        assert (await eve.expect(Joined)).seat is None
        await eve.expect(Snapshot)
        assert (await eve.expect(ChatHistory)).lines == history.lines
        back.close()
        eve.close()
    finally:
        if server.proc is not None and server.proc.poll() is None:
            server.kill()
        ctx.destroy(linger=0)


async def test_the_kept_chat_is_bounded(connect: Callable[[], RawClient]) -> None:
    ann, _ = await _hello(connect, "Ann")
    await ann.send(JoinOrCreate("t", TWO))
    await ann.expect(Joined)
    for n in range(60):
        await ann.send(Chat("t", f"line {n}"))
    await ann.expect(ChatLine, where=lambda m: m.text == "line 59")
    eve, _ = await _hello(connect, "Eve")
    await eve.send(Watch("t"))
    lines = (await eve.expect(ChatHistory)).lines
    assert [line.text for line in lines] == [f"line {n}" for n in range(10, 60)]


def test_an_older_client_drops_the_new_messages_and_keeps_the_rest() -> None:
    """A client that predates chat_history/game_record/stand_ins fails to decode them (its
    decoder is strict) and, like seasalt.client.net.connection, ignores such a frame; the
    messages it knows are unchanged, so nothing else breaks."""
    import msgpack
    from seasalt.protocol import DecodeError, encode

    for message in (
        ChatHistory("t", (ChatEntry("Ann", 0, "hi"),)),
        GameRecord("t", 3, ((1, 2),), False, ()),
        StandIns(()),
    ):
        frame = msgpack.unpackb(encode(message))
        frame["t"] = "not_known_to_this_client"  # what an old decoder sees: an unknown tag
        with pytest.raises(DecodeError):
            decode_server_message(msgpack.packb(frame))


# --- defects 9 and 13: the record of a game a takeover bot finished, and the statistics ------


async def test_game_record_and_stats_tell_the_takeover_bot_apart(
    connect: Callable[[], RawClient],
) -> None:
    ann, _ = await _hello(connect, "Ann")
    eve, _ = await _hello(connect, "Eve")
    await ann.send(JoinOrCreate("t", ("human", "bot:random")))
    assert (await ann.expect(Joined)).seat == 0
    await eve.send(Watch("t"))
    await eve.expect(Snapshot)
    await ann.send(Leave())  # Ann goes before her first move: a bot plays her seat to the end
    await ann.expect(Left)
    over = await eve.expect(GameOver, timeout=60)
    record = await eve.expect(GameRecord)
    assert record.seq == over.seq
    assert record.takeovers == (Takeover(0, record.takeovers[0].level, len(record.rounds)),)
    assert record.takeovers[0].level in ("greedy", "random")
    rounds_seen = [m for m in eve.received if isinstance(m, RoundOver)]
    assert len(record.rounds) == len(rounds_seen)
    for number, (points, shown) in enumerate(zip(record.rounds, rounds_seen, strict=True), 1):
        assert shown.result.round == number  # one row per round, in order
        assert points == tuple(s.round_score for s in shown.result.seats)
    assert over.scores == tuple(
        rounds_seen[-1].result.seats[seat].total for seat in range(2)
    )

    # Ann comes back to the game over: she gets the same record after the snapshot.
    await ann.send(JoinOrCreate("t", ("human", "bot:random")))
    await ann.expect(Joined)
    await ann.expect(Snapshot)
    assert await ann.expect(GameRecord) == record

    # Statistics: what the bot did for Ann is not hers.
    await ann.send(GetStats())
    stand_ins = await ann.expect(StandIns)
    stats = await ann.expect(Stats)
    mine = next(p for p in stats.players if p.name == "Ann")
    bot = next(s for s in stand_ins.players if s.player == mine.player)
    assert mine.games == 1 and mine.stop_calls == 0 and mine.last_chance_calls == 0
    assert mine.wins == 0 and mine.bets_won == 0 and mine.bets_lost == 0
    assert bot.games == 1 and bot.rounds == len(record.rounds)
    assert bot.wins == (0 in over.winners)
    # Every call seat 0 made (replayed from the journal's actions) is the bot's.
    await ann.send(GetReplay(1))
    game = await ann.expect(Replay)
    state = new_game(game.rules, game.seed)
    calls = {CallKind.STOP: 0, CallKind.LAST_CHANCE: 0}
    for action in game.actions:
        result = apply(state, action)
        state = result.state
        for e in result.events:
            if e.kind is EventKind.CALLED and e.seat == 0 and e.call is not None:
                calls[e.call] += 1
    assert (bot.stop_calls, bot.last_chance_calls) == (
        calls[CallKind.STOP], calls[CallKind.LAST_CHANCE]
    )


async def test_a_game_without_takeovers_has_an_empty_stand_in_list() -> None:
    async with running_server() as server:
        ctx = zmq.asyncio.Context()
        try:
            from seasalt.testing.server import play_seat

            ann = RawClient(ctx, server.local_endpoint)
            result = await play_seat(ann, "t", ("human", "bot:random"), name="Ann", seed=2)
            record = await ann.expect(GameRecord)
            assert record.takeovers == ()
            # The totals are the sums of the rounds' points (seed 2 ends on points).
            assert [sum(r[s] for r in record.rounds) for s in range(2)] == list(result.scores)
            await ann.send(GetStats())
            assert (await ann.expect(StandIns)).players == ()
            ann.close()
        finally:
            ctx.destroy(linger=0)


def test_the_engine_says_when_the_tie_break_decided() -> None:
    # RULES §8.3: tied on totals, the last round's points decide; remaining ties are shared.
    from seasalt.engine import Rules

    rules = Rules(2)
    state = new_game(rules, 1)
    done = dataclasses.replace(state, phase=Phase.GAME_OVER, scores=(41, 41), winners=(1,),
                               last_round_scores=(3, 9))
    assert done.tie_broken()
    assert not dataclasses.replace(done, winners=(0, 1)).tie_broken()  # shared: no decision
    assert not dataclasses.replace(done, scores=(40, 41)).tie_broken()  # no tie at all
    assert not state.tie_broken()  # not over
    assert replay(rules, 1, ()) == state
