"""Issue 14, medium: history requests are cheap and cannot starve the game. Against a real
server with a file journal: their own rate budget, one computation per change of the finished
games (a cache), and that computation in the history thread, off the event loop."""

from __future__ import annotations

import threading
from pathlib import Path
from typing import Any

import pytest
import zmq.asyncio
from seasalt.protocol import Error, ErrorCode, Games, GetStats, ListGames, Stats
from seasalt.server import history
from seasalt.testing.server import RawClient, play_seat, running_server

pytestmark = pytest.mark.timeout(60)


async def test_history_requests_have_their_own_small_budget_and_a_cache(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    threads: list[str] = []
    real_answer = history.answer

    def recording_answer(*args: Any) -> bytes | None:
        threads.append(threading.current_thread().name)
        return real_answer(*args)

    monkeypatch.setattr(history, "answer", recording_answer)
    ctx = zmq.asyncio.Context()
    async with running_server(db_path=str(tmp_path / "j.sqlite3"), history_burst=4) as server:
        player = RawClient(ctx, server.local_endpoint)
        await play_seat(player, "t", ("human", "bot:random"), seed=1)
        asker = RawClient(ctx, server.local_endpoint)
        await asker.hello("asker")
        for _ in range(4):
            await asker.send(GetStats())
            await asker.expect(Stats)
        await asker.send(ListGames())
        refused = await asker.expect(Error)
        assert refused.code is ErrorCode.RATE_LIMITED and "history" in refused.message
        # Four stats answers, one computation, in the history thread.
        assert threads == ["seasalt-history_0"]
        # A game that finishes changes the answer: computed again, with the new game.
        other = RawClient(ctx, server.local_endpoint)
        await play_seat(other, "u", ("human", "bot:random"), seed=2)
        await other.send(ListGames())
        assert [g.table for g in (await other.expect(Games)).games] == ["u", "t"]
        assert len(threads) == 2 and all(t.startswith("seasalt-history") for t in threads)
        for client in (player, asker, other):
            client.close()
    ctx.destroy(linger=0)
