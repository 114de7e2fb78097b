"""The history screens' source over a real Connection to an in-process server (issue 6)."""

from __future__ import annotations

import pytest
import zmq.asyncio
from seasalt.client.files.identity import load_identity
from seasalt.client.net.connection import Connection
from seasalt.client.net.history_source import HistoryUnavailable, ServerHistory
from seasalt.client.tui.replay_steps import build_steps
from seasalt.client.tui.screens.replay import replay_names
from seasalt.server.history import player_id_of_identity
from seasalt.server.seeds import token_hash
from seasalt.testing.server import RawClient, play_seat, running_server

pytestmark = pytest.mark.timeout(60)


async def test_server_history_lists_replays_and_counts_a_played_game(tmp_path) -> None:
    identity = load_identity(tmp_path / "identity")
    assert identity is not None and load_identity(tmp_path / "identity") == identity  # kept
    ctx = zmq.asyncio.Context()
    try:
        async with running_server() as server:
            address = server.local_endpoint.removeprefix("tcp://")
            player = RawClient(ctx, server.local_endpoint)
            result = await play_seat(player, "t", ("human", "bot:random"), name="Cy")
            player.close()
            # a Connection with an identity: the server keys its statistics by its hash
            conn = Connection(address, "Cy", reconnect=False)
            conn.identity = identity
            await conn.connect(timeout=10)
            assert server.master is not None
            stored = server.master.journal.connection.execute(
                "SELECT player_id FROM identities WHERE token_hash=?", (token_hash(conn.token),)
            ).fetchone()
            assert stored == (player_id_of_identity(identity),)
            assert identity not in str(server.master.journal.connection.execute(
                "SELECT * FROM identities").fetchall())  # only the hash is kept
            await conn.close()

            source = ServerHistory(address, "viewer", identity)
            try:
                games = await source.list_games()
                assert len(games) == 1 and games[0].scores == result.scores
                replay = await source.replay(games[0].game)
                assert build_steps(replay)[-1].state.scores == result.scores
                stats = await source.stats()
                assert {s.name for s in stats} == {"Cy", "bot:random"}
                with pytest.raises(HistoryUnavailable, match="no finished game"):
                    await source.replay(games[0].game + 100)
            finally:
                await source.close()
    finally:
        ctx.destroy(linger=0)


async def test_the_viewer_of_a_replay_is_the_seat_its_identity_played(tmp_path) -> None:
    """The client finds its own seat in a replay by the player id it works out from its
    identity (protocol.player_id_of_identity): the one the server kept for that seat."""
    identity = load_identity(tmp_path / "identity")
    other = load_identity(tmp_path / "other")
    assert identity is not None and other is not None and other != identity
    ctx = zmq.asyncio.Context()
    try:
        async with running_server() as server:
            address = server.local_endpoint.removeprefix("tcp://")
            player = RawClient(ctx, server.local_endpoint)
            result = await play_seat(player, "t", ("bot:random", "human"), name="Cy",
                                     identity=identity)
            player.close()
            source = ServerHistory(address, "viewer", identity)
            stranger = ServerHistory(address, "viewer", other)
            try:
                (game,) = await source.list_games()
                replay = await source.replay(game.game)
                assert [e.seat for e in replay.summary.players
                        if e.player == source.viewer] == [result.seat]
                assert replay_names(replay, source.viewer).me == result.seat
                assert replay_names(replay, stranger.viewer).me is None  # not their game
                assert replay_names(replay, ServerHistory(address, "v").viewer).me is None
            finally:
                await source.close()
                await stranger.close()
    finally:
        ctx.destroy(linger=0)


async def test_server_history_without_a_server_says_so() -> None:
    source = ServerHistory("127.0.0.1:1", "viewer", timeout=0.2)
    try:
        with pytest.raises(HistoryUnavailable):
            await source.list_games()
    finally:
        await source.close()


async def test_the_history_kept_open_answers_after_a_server_restart() -> None:
    # The history screens keep their session between requests. After the server restarted
    # (the evening's kill and restart), the next request read "the server at … is shutting
    # down": the old server's goodbye, waiting unread, though the new one was up.
    async with running_server() as first:
        port = int(first.local_endpoint.rsplit(":", 1)[1])
        history = ServerHistory(f"127.0.0.1:{port}", "Ann")
        assert await history.list_games() == ()
    async with running_server(port=port):
        assert await history.list_games() == ()
        await history.close()
