"""Snapshot tests of the table and the round result (deterministic: seeded views, no clock).

Regenerate after an intended change of the look: ``pytest tests/client/test_tui_snapshots.py
--snapshot-update`` and look at the SVGs (the report shows old and new side by side).
"""

from __future__ import annotations

import asyncio
from typing import Any

import pytest
from seasalt import protocol as p
from seasalt.client.tui.app import SeasaltApp
from seasalt.client.tui.launch_options import LaunchOptions
from seasalt.client.tui.screens.result import GameOverScreen, RoundResultScreen
from seasalt.engine import (
    Call,
    CallKind,
    DrawFromDeck,
    GameState,
    PlayPair,
    RoundEnd,
    Rules,
    apply,
    legal_actions,
    new_game,
    view,
)
from seasalt.testing import positions
from seasalt.testing import tui as kit

pytestmark = pytest.mark.timeout(60)

NAMES = ("Ann", "[b]Eve[/b]", "Bob", "Cy")


def play_until(state: GameState, done: Any) -> GameState:
    """Apply each seat's last legal action (deterministic) until ``done(state)``."""
    while not done(state):
        options = legal_actions(state)
        state = apply(state, options[-1] if state.move % 3 else options[0]).state
    return state


mid_round = kit.mid_round  # seat 0 to play, a few cards in every hand and on the tables


def after_round() -> GameState:
    """Just after a LAST CHANCE round: every hand revealed in the result."""
    state = new_game(Rules(3), seed=4)
    while state.last_result is None:
        options = legal_actions(state)
        calls = [a for a in options if isinstance(a, Call) and a.kind is CallKind.LAST_CHANCE]
        pairs = [a for a in options if isinstance(a, PlayPair)]
        draw = [a for a in options if isinstance(a, DrawFromDeck)]
        state = apply(state, (calls or pairs or draw or options)[0]).state
    return state


class StaticLink(kit.QueueLink):
    """Answers the first request with one table and one frame, then stays quiet."""

    def __init__(self, state: GameState, result: bool = False) -> None:
        self.state = state
        self.result = result
        self.inbox: asyncio.Queue[Any] = asyncio.Queue()

    async def send(self, message: Any) -> None:
        if not isinstance(message, p.ListTables):
            return
        n = self.state.players
        seats = tuple(
            p.SeatInfo("human" if i < 2 else "bot:greedy", NAMES[i] if i < 2 else None, i != 1,
                       i >= 2)
            for i in range(n)
        )
        info = p.TableInfo("snap", seats, True, False, p.TableState.RUNNING, self.state.round)
        await self.inbox.put(p.Joined("snap", 0))
        await self.inbox.put(p.TableChanged(info))
        await self.inbox.put(p.Snapshot("snap", 7, view(self.state, 0)))
        if self.result:
            assert self.state.last_result is not None
            await self.inbox.put(p.RoundOver("snap", 7, self.state.last_result, (0,)))


def make_app(state: GameState, result: bool = False) -> SeasaltApp:
    return SeasaltApp(
        LaunchOptions(address="snap:7327", name="Ann"),
        link_factory=lambda _address, _name: StaticLink(state, result),
    )


until = kit.until
table_ready = kit.table_ready


def test_table_120x40(snap_compare: Any) -> None:
    app = make_app(mid_round(3))

    async def ready(pilot: Any) -> None:
        await until(table_ready(app))
        await pilot.pause()

    assert snap_compare(app, terminal_size=(120, 40), run_before=ready)


def test_table_80x24(snap_compare: Any) -> None:
    app = make_app(mid_round(4))

    async def ready(pilot: Any) -> None:
        await until(table_ready(app))
        await pilot.pause()

    assert snap_compare(app, terminal_size=(80, 24), run_before=ready)


def test_collapsed_with_log_panel_open(snap_compare: Any) -> None:
    app = make_app(mid_round(3))

    async def ready(pilot: Any) -> None:
        await until(table_ready(app))
        await pilot.press("l")
        await pilot.pause()

    assert snap_compare(app, terminal_size=(96, 30), run_before=ready)


def test_round_result_screen(snap_compare: Any) -> None:
    app = make_app(after_round(), result=True)

    async def ready(pilot: Any) -> None:
        await until(lambda: isinstance(app.screen, RoundResultScreen))
        await pilot.pause()

    assert snap_compare(app, terminal_size=(120, 40), run_before=ready)


def test_table_200x60(snap_compare: Any) -> None:
    app = make_app(mid_round(4))

    async def ready(pilot: Any) -> None:
        await until(table_ready(app))
        await pilot.pause()

    assert snap_compare(app, terminal_size=(200, 60), run_before=ready)


def test_table_with_laid_pairs_120x40(snap_compare: Any) -> None:
    app = kit.table_app(positions.busy_round(), "en")

    async def ready(pilot: Any) -> None:
        await until(table_ready(app))
        await until(lambda: "Bob" in kit.screen_text(app))
        await pilot.pause()

    assert snap_compare(app, terminal_size=(120, 40), run_before=ready)


def test_stop_result_80x24(snap_compare: Any) -> None:
    app = kit.result_app(positions.after_round(RoundEnd.STOP))

    async def ready(pilot: Any) -> None:
        await until(lambda: isinstance(app.screen, RoundResultScreen))
        await pilot.pause()

    assert snap_compare(app, terminal_size=(80, 24), run_before=ready)


def test_game_over_120x40(snap_compare: Any) -> None:
    state, rounds = positions.game_over()
    app = kit.game_over_app(state, rounds)

    async def ready(pilot: Any) -> None:
        await until(lambda: isinstance(app.screen, RoundResultScreen))
        await pilot.press("enter")
        await until(lambda: isinstance(app.screen, GameOverScreen))
        await until(lambda: "Round" in kit.screen_text(app))  # the record's rounds are in
        await pilot.pause()

    assert snap_compare(app, terminal_size=(120, 40), run_before=ready)
