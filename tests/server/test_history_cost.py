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
from seasalt.server.config import ManualClock
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


async def test_the_history_budget_is_one_per_remote_address_not_one_per_hello(
    ctx: zmq.asyncio.Context,
) -> None:
    """A new ``hello``, or another connection from the same address, brings no fresh budget;
    another address has its own. (127.0.0.x are loopback: counted as the remote machines
    they stand for, as ``--caps-count-loopback`` does.)"""

    refusals: list[Error] = []

    async def ask(client: RawClient) -> bool:
        await client.send(ListGames())
        reply = await client.expect(Games | Error)  # type: ignore[arg-type]
        if isinstance(reply, Error):
            assert reply.code is ErrorCode.RATE_LIMITED
            refusals.append(reply)
            return False
        return True

    async with running_server(
        ManualClock(), history_burst=3, caps_exempt_loopback=False
    ) as server:
        flooder = RawClient(ctx, server.local_endpoint, source="127.0.0.3")
        await flooder.hello("f0")
        assert [await ask(flooder) for _ in range(4)] == [True, True, True, False]
        await flooder.hello("f1")  # a new session on the same connection
        assert not await ask(flooder)
        again = RawClient(ctx, server.local_endpoint, source="127.0.0.3")
        await again.hello("f2")  # a new connection from the same address
        assert not await ask(again)
        neighbour = RawClient(ctx, server.local_endpoint, source="127.0.0.4")
        await neighbour.hello("n")
        await neighbour.send(ListGames())
        await neighbour.expect(Games)
        assert "history requests from 127.0.0.3" in refusals[0].message
        for client in (flooder, again, neighbour):
            client.close()


async def test_a_session_resumed_after_a_restart_counts_at_its_address(
    ctx: zmq.asyncio.Context, tmp_path: Path
) -> None:
    """A lobby session the journal brings back at ``resume`` spends the budget of the address
    it resumes from, as one opened by ``hello`` there does."""
    options = {"db_path": str(tmp_path / "j.sqlite3"), "history_burst": 2,
               "caps_exempt_loopback": False}
    async with running_server(ManualClock(), **options) as server:
        first = RawClient(ctx, server.local_endpoint, source="127.0.0.3")
        token = (await first.hello("Ann")).token
        first.close()
    async with running_server(ManualClock(), **options) as server:
        resumed = RawClient(ctx, server.local_endpoint, source="127.0.0.3")
        await resumed.resume(token)
        for _ in range(2):
            await resumed.send(ListGames())
            await resumed.expect(Games)
        other = RawClient(ctx, server.local_endpoint, source="127.0.0.3")
        await other.hello("Bob")
        await other.send(ListGames())
        refused = await other.expect(Games | Error)  # type: ignore[arg-type]
        assert isinstance(refused, Error) and refused.code is ErrorCode.RATE_LIMITED
        for client in (resumed, other):
            client.close()
