"""An engine-backed fake of the network boundary: speaks protocol messages, no sockets.

Seat 0 is the human; the other seats are played by seeded random choices. Good enough to drive
every screen without a server (the real server is used by test_tui_solo_game.py).
"""

from __future__ import annotations

import asyncio
import random
from typing import Any

from seasalt import protocol as p
from seasalt.engine import EventKind, GameState, Rules, apply, events_for, new_game, view


class FakeLink:
    """A :class:`seasalt.client.app.Link` over an in-process engine game."""

    def __init__(
        self, address: str = "fake:1", name: str = "Ann", *, seed: int = 3, players: int = 3,
        names: tuple[str, ...] = ("Bob", "Cy", "Di"), state: GameState | None = None,
        fail: Exception | None = None,
    ) -> None:
        self.address = address
        self.name = name
        self.seed = seed
        self.players = players
        self.names = names
        self.state = state
        self.fail = fail
        self.inbox: asyncio.Queue[Any] = asyncio.Queue()
        self.sent: list[Any] = []
        self.seq = 0
        self.rng = random.Random(seed)
        self.table = "solo"

    async def connect(self) -> None:
        if self.fail is not None:
            raise self.fail

    async def close(self) -> None:
        return None

    async def recv(self) -> Any:
        return await self.inbox.get()

    def info(self) -> p.TableInfo:
        seats = [p.SeatInfo("human", self.name, True, False)] + [
            p.SeatInfo("bot:random", self.names[i], True, True) for i in range(self.players - 1)
        ]
        return p.TableInfo(self.table, tuple(seats), False, False, p.TableState.RUNNING, 1)

    async def send(self, message: Any) -> None:
        self.sent.append(message)
        if isinstance(message, p.ListTables):
            await self.inbox.put(p.Tables((self.info(),)))
        elif isinstance(message, p.JoinOrCreate):
            self.table = message.table
            if self.state is None:
                self.state = new_game(Rules(self.players), self.seed)
            await self.inbox.put(p.Joined(self.table, 0))
            await self.inbox.put(p.TableChanged(self.info()))
            await self.inbox.put(p.Snapshot(self.table, self.seq, view(self.state, 0)))
            await self._bots()
        elif isinstance(message, p.ActionRequest):
            assert self.state is not None
            if message.seq != self.seq:
                await self.inbox.put(p.Error(p.ErrorCode.STALE_SEQ, "stale", self.table))
                return
            await self._apply(message.action)
            await self._bots()
        elif isinstance(message, p.Chat):
            await self.inbox.put(p.ChatLine(self.table, self.name, 0, message.text))

    async def _apply(self, action: Any) -> None:
        assert self.state is not None
        result = apply(self.state, action)
        self.state = result.state
        self.seq += 1
        await self.inbox.put(
            p.Update(self.table, self.seq, view(self.state, 0), events_for(result.events, 0))
        )
        for event in result.events:
            if event.kind in (EventKind.ROUND_SCORED, EventKind.ROUND_VOID):
                assert self.state.last_result is not None
                await self.inbox.put(
                    p.RoundOver(self.table, self.seq, self.state.last_result, (0,))
                )
        if self.state.is_over:
            await self.inbox.put(
                p.GameOver(self.table, self.seq, self.state.scores, self.state.winners,
                           self.state.standings())
            )

    async def _bots(self) -> None:
        assert self.state is not None
        while not self.state.is_over and self.state.to_act != 0:
            options = view(self.state, self.state.to_act).legal_actions
            await self._apply(options[self.rng.randrange(len(options))])
