"""Helpers for the language tests: a link that serves one seeded table, screen text, waiting."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable
from typing import Any

import pytest
from seasalt import protocol as p
from seasalt.client.app import LaunchOptions, SeasaltApp
from seasalt.client.screens.table import TableScreen
from seasalt.engine import GameState, Phase, Rules, apply, legal_actions, new_game, view
from textual import events
from textual.app import App

NAMES = ("Ann", "Bob", "Cy", "Di")


def mid_round(players: int, seed: int = 20) -> GameState:
    """Seat 0 to play with a few cards in every hand (deterministic)."""
    state = new_game(Rules(players, extra_salt=True), seed=seed)
    while not (
        state.move > 40 and state.active == 0 and state.phase is Phase.PLAY
        and len(state.hands[0]) >= 4
    ):
        options = legal_actions(state)
        state = apply(state, options[-1] if state.move % 3 else options[0]).state
    return state


class StaticLink:
    """Answers the first request with one running table and one frame (seat 0), then waits.

    Chat lines are echoed back, as the server does."""

    def __init__(self, state: GameState, names: tuple[str, ...] = NAMES) -> None:
        self.state = state
        self.names = names
        self.inbox: asyncio.Queue[Any] = asyncio.Queue()

    async def connect(self) -> None:
        return None

    async def close(self) -> None:
        return None

    async def recv(self) -> Any:
        return await self.inbox.get()

    async def send(self, message: Any) -> None:
        if isinstance(message, p.Chat):
            await self.inbox.put(p.ChatLine("t", self.names[0], 0, message.text))
        if not isinstance(message, p.ListTables):
            return
        seats = tuple(
            p.SeatInfo("human", self.names[i], True, False) for i in range(self.state.players)
        )
        info = p.TableInfo("t", seats, True, False, p.TableState.RUNNING, self.state.round)
        await self.inbox.put(p.Joined("t", 0))
        await self.inbox.put(p.TableChanged(info))
        await self.inbox.put(p.Snapshot("t", 7, view(self.state, 0)))


def table_app(state: GameState, lang: str, names: tuple[str, ...] = NAMES) -> SeasaltApp:
    """An app in ``lang`` that goes straight to the table of ``state`` (seat 0)."""
    return SeasaltApp(
        LaunchOptions(address="t:7327", name=names[0], lang=lang),
        link_factory=lambda _address, _name: StaticLink(state, names),
    )


def screen_text(app: App[Any]) -> str:
    """The screen as plain text, one line per row."""
    strips = app.screen._compositor.render_strips()
    return "\n".join("".join(seg.text for seg in strip).rstrip() for strip in strips)


async def until(predicate: Callable[[], object], timeout: float = 10.0) -> None:
    """Wait until ``predicate()`` is true; fail after ``timeout`` seconds."""
    deadline = time.monotonic() + timeout
    while not predicate():
        if time.monotonic() > deadline:
            raise AssertionError(f"condition not met within {timeout} s")
        await asyncio.sleep(0.01)


async def keys(app: App[Any], *keys: str) -> None:
    """Send key presses through the driver, as a terminal would (Pilot.press waits for an
    idle CPU, which is slow on a busy machine)."""
    for key in keys:
        assert app._driver is not None
        char = key if len(key) == 1 else None
        event = events.Key(key, char)
        event.set_sender(app)
        app._driver.send_message(event)
        await asyncio.sleep(0)


def table_ready(app: SeasaltApp) -> Callable[[], bool]:
    return lambda: isinstance(app.screen, TableScreen) and app.screen.rendered is not None


@pytest.fixture(autouse=True)
def english_outside_apps() -> Any:
    """Tests here set the process default at times: put English back after each."""
    from seasalt.client import i18n

    yield
    i18n.set_language("en")


class OneTableLink:
    """Lists one table; joining it gives seat 0 of ``state``."""

    def __init__(self, state: Any) -> None:
        self.state = state
        self.inbox: asyncio.Queue[Any] = asyncio.Queue()

    async def connect(self) -> None:
        return None

    async def close(self) -> None:
        return None

    async def recv(self) -> Any:
        return await self.inbox.get()

    async def send(self, message: Any) -> None:
        seats = tuple(
            p.SeatInfo("human", name, True, False) for name in ("Ann", "Bob", "Cy", "Di")
        )
        info = p.TableInfo("t1", seats, True, True, p.TableState.RUNNING, 2)
        if isinstance(message, p.ListTables):
            await self.inbox.put(p.Tables((info,)))
        elif isinstance(message, p.JoinOrCreate):
            await self.inbox.put(p.Joined("t1", 0))
            await self.inbox.put(p.TableChanged(info))
            await self.inbox.put(p.Snapshot("t1", 7, view(self.state, 0)))


class Kit:
    """The helpers above, for test modules (importlib mode: they cannot import conftest)."""

    mid_round = staticmethod(mid_round)
    table_app = staticmethod(table_app)
    screen_text = staticmethod(screen_text)
    until = staticmethod(until)
    table_ready = staticmethod(table_ready)
    keys = staticmethod(keys)
    OneTableLink = OneTableLink


@pytest.fixture
def kit() -> type[Kit]:
    return Kit
