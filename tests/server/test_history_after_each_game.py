"""The game a player just finished is in the history, its replay and the statistics at once,
for every game a running server finishes (not only those it had finished when first asked).

One in-process server with a file journal (so the history thread reads it over its own
read-only connection, as ``seasalt-server`` does); short seeded games (target 1) one after
another, at new tables and by "play again"; after each, a fresh session asks for the
statistics, the list and the newest game's replay, as the lobby's ``s`` and ``h`` do.
"""

from __future__ import annotations

from pathlib import Path

import pytest
import zmq.asyncio
from seasalt.protocol import Games, GetReplay, GetStats, ListGames, PlayAgain, Replay, Stats
from seasalt.testing.server import PlayerResult, RawClient, play_seat, running_server

pytestmark = pytest.mark.timeout(60)

SEATS = ("human", "bot:random")


async def _ask_history(
    ctx: zmq.asyncio.Context, endpoint: str
) -> tuple[Stats, Games, Replay]:
    """Statistics first (their answer is what left the history thread's view frozen), then
    the list and the newest game's replay, from a session that has never asked before."""
    asker = RawClient(ctx, endpoint)
    try:
        await asker.hello("asker")
        await asker.send(GetStats())
        stats = await asker.expect(Stats)
        await asker.send(ListGames())
        games = await asker.expect(Games)
        assert games.games, "no finished game in the history"
        await asker.send(GetReplay(games.games[0].game))
        return stats, games, await asker.expect(Replay)
    finally:
        asker.close()


async def test_every_finished_game_is_in_the_history_replays_and_stats_at_once(
    ctx: zmq.asyncio.Context, tmp_path: Path
) -> None:
    async with running_server(db_path=str(tmp_path / "j.sqlite3")) as server:
        endpoint = server.local_endpoint
        player: RawClient | None = None
        played: list[tuple[str, PlayerResult]] = []
        try:
            for number in range(5):
                if player is not None and number in (2, 4):  # "play again" at that table
                    table, token = played[-1][0], played[-1][1].token
                    await player.send(PlayAgain(table))
                    result = await play_seat(player, table, SEATS, token=token, seed=number)
                else:
                    if player is not None:
                        player.close()
                    player = RawClient(ctx, endpoint)
                    table = f"t{number}"
                    result = await play_seat(
                        player, table, SEATS, name="Ann", target=1, seed=number
                    )
                played.append((table, result))

                stats, games, replay = await _ask_history(ctx, endpoint)
                assert [g.table for g in games.games] == [t for t, _ in reversed(played)]
                assert len({g.game for g in games.games}) == len(played)
                newest = games.games[0]
                assert (newest.scores, newest.winners) == (result.scores, result.winners)
                assert replay.summary == newest
                assert sum(s.games for s in stats.players) == len(SEATS) * len(played)
                assert {s.player: s for s in stats.players}["bot:random"].games == len(played)
                assert sum(s.points for s in stats.players) == sum(
                    sum(r.scores) for _, r in played
                )
        finally:
            if player is not None:
                player.close()
