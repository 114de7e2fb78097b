"""Fixtures for the Textual client's tests.

``FakeLink`` is an engine-backed fake of the network boundary: it speaks protocol messages, no
sockets. Seat 0 is the human; the other seats play seeded random choices. It drives every
screen without a server (test_solo_game.py plays against the real one).
"""

from __future__ import annotations

import asyncio
import random
import time
from collections.abc import Callable
from typing import Any

import pytest
from seasalt import protocol as p
from seasalt.engine import EventKind, GameState, Rules, apply, events_for, new_game, view
from textual import events
from textual.app import App


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


class Tui:
    """Small helpers to drive an app quickly (Pilot.press waits for an idle CPU: slow here)."""

    @staticmethod
    def text(app: App[Any]) -> str:
        """The screen as plain text, one line per row."""
        strips = app.screen._compositor.render_strips()
        return "\n".join("".join(seg.text for seg in strip).rstrip() for strip in strips)

    @staticmethod
    async def key(app: App[Any], key: str) -> None:
        """Send one key press through the driver, as a terminal would."""
        assert app._driver is not None
        char = key if len(key) == 1 else None
        event = events.Key(key, char)
        event.set_sender(app)
        app._driver.send_message(event)
        await asyncio.sleep(0)

    @staticmethod
    async def until(predicate: Callable[[], object], timeout: float = 10.0) -> None:
        """Wait until ``predicate()`` is true; fail after ``timeout`` seconds."""
        deadline = time.monotonic() + timeout
        while not predicate():
            if time.monotonic() > deadline:
                raise AssertionError(f"condition not met within {timeout} s")
            await asyncio.sleep(0.005)


@pytest.fixture
def tui() -> type[Tui]:
    return Tui


@pytest.fixture
def fake_link() -> type[FakeLink]:
    return FakeLink
