"""Tables drawn at once after they are filled show every cell whole (widgets/fitted_table.py).

Textual's DataTable measures auto-width columns on its next idle and caches each drawn cell
without its width: a draw in between (the test's screen read here; a redraw due at that moment
on a busy machine) kept "waiting for playe" and "60 s pe" in the lobby until the list changed.
Each test draws right after the fill, before anything else runs, then lets the app settle.
"""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest
from seasalt import protocol as p
from seasalt.client.tui.app import SeasaltApp
from seasalt.client.tui.bridge import summary_from_info
from seasalt.client.tui.launch_options import LaunchOptions
from seasalt.client.tui.screens.lobby import LobbyScreen
from seasalt.client.tui.widgets.event_stats import EventStatsPanel
from seasalt.client.tui.widgets.fitted_table import Row, fill_table
from seasalt.protocol import EventStats
from seasalt.testing import tui as kit
from textual.app import App, ComposeResult
from textual.widgets import DataTable

pytestmark = pytest.mark.timeout(60)


class _OneTable(App[None]):
    def compose(self) -> ComposeResult:
        yield DataTable()


async def test_a_refill_drawn_at_once_keeps_its_cells_whole() -> None:
    app = _OneTable()
    async with app.run_test(size=(80, 8)) as pilot:
        table = app.query_one(DataTable)
        fill_table(table, ("Table", "Status", "Options"), [Row(("solo", "running", "-"))])
        await pilot.pause()
        fill_table(table, ("Table", "Status", "Options"),
                   [Row(("timed", "waiting for players", "60 s per turn"), key="timed")])
        kit.screen_text(app)  # drawn before the table's idle
        await pilot.pause()
        assert "timed  waiting for players  60 s per turn" in kit.screen_text(app)


async def test_a_first_fill_drawn_at_once_and_folded_cells_are_whole() -> None:
    app = _OneTable()
    async with app.run_test(size=(80, 8)) as pilot:
        table = app.query_one(DataTable)
        fill_table(table, ("A", "B"), ())
        kit.screen_text(app)
        fill_table(table, ("A", "B"), [Row(("a long first cell", "one\nmuch longer line"),
                                           height=None)])
        kit.screen_text(app)
        await pilot.pause()
        text = kit.screen_text(app)
        assert "a long first cell  one" in text and "much longer line" in text


async def test_the_lobby_drawn_at_once_after_new_tables_shows_them_whole(
    fake_link: Any, tui: Any
) -> None:
    link = fake_link("lan:7327", "Ann", players=2)
    app = SeasaltApp(LaunchOptions(address="lan:7327", name="Ann"),
                     link_factory=lambda _a, _n: link)
    async with app.run_test(size=(100, 30)) as pilot:
        await tui.until(lambda: isinstance(app.screen, LobbyScreen)
                        and app.screen.query_one(DataTable).row_count == 1)
        lobby = app.screen
        assert isinstance(lobby, LobbyScreen)
        timed = p.TableInfo("timed", link.info().seats, False, False, p.TableState.WAITING, 0,
                            turn_time=60)
        link.info = lambda: timed  # the lobby's own refreshes list it too
        lobby.show_tables([summary_from_info(timed)])
        tui.text(app)
        await pilot.pause()
        await tui.until(lambda: "60 s per turn" in tui.text(app))
        assert "waiting for players" in tui.text(app)


class _Panel(App[None]):
    def compose(self) -> ComposeResult:
        yield EventStatsPanel()


async def test_the_event_card_figures_drawn_at_once_show_every_cell_whole() -> None:
    # The statistics screen fills this panel again as the cursor moves to the next player.
    first = dataclasses.replace(kit.STATS[0], events=(EventStats("kraken", 1, 1, 0, 1, 2),))
    second = dataclasses.replace(
        kit.STATS[1], events=(EventStats("kraken", 123456789, 1234567, 10, 5, 98765),)
    )
    app = _Panel()
    async with app.run_test(size=(120, 12)) as pilot:
        panel = app.query_one(EventStatsPanel)
        panel.show(first, "Ann")
        await pilot.pause()
        panel.show(second, "Bob")
        kit.screen_text(app)
        await pilot.pause()
        text = kit.screen_text(app)
        assert "123456789" in text and "1234567" in text, text
