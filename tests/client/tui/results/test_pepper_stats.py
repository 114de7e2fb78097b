"""The history list and the statistics screen with Extra Pepper games (issue 17, RULES §12.0):
a real in-process server on 127.0.0.1:0 with a real SQLite journal, whole games played over
its sockets (Ann: Extra Pepper against a bot; Bob: the base game), then the TUI's history and
statistics screens asking that server (client/net/history_source.ServerHistory), at 80 x 24 and
120 x 40, in English and French.

What the panel must show is what the server sent (``get_stats``, read by a raw client): the
counts are the server's (server/event_stats.py, checked against the replayed game's events in
tests/server/test_extra_pepper_games.py); the screen only lays them out and words them.
"""

from __future__ import annotations

import asyncio
import io
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
import zmq.asyncio
from rich.console import Console
from seasalt.client.net.history_source import ServerHistory
from seasalt.client.tui.screens.history import HistoryScreen
from seasalt.client.tui.screens.replay import ReplayScreen
from seasalt.client.tui.screens.stats import StatsScreen
from seasalt.client.tui.widgets.event_stats import EventStatsPanel, effect_text
from seasalt.client.words import i18n
from seasalt.client.words.event_cards import event_name
from seasalt.engine import EventCard, EventKind
from seasalt.protocol import GetStats, PlayerStats, Stats
from seasalt.server.config import ManualClock
from seasalt.testing import tui as kit
from seasalt.testing.server import RawClient, play_seat, running_server, server_address
from textual.app import App
from textual.widgets import DataTable, Static

pytestmark = pytest.mark.timeout(120)

PEPPER_TABLE = "pepper"
PLAIN_TABLE = "plain"
FAST = {"rate_burst": 1e9}
"""A ManualClock never refills the rate budget: a whole game's frames must not run it dry."""


Game = tuple[str, str, bool]
"""A finished game to play into a journal: the human's name, the table, Extra Pepper."""
ANN_NAME = "Ann of the Lighthouse"
"""Long: on the old history list, her game's players pushed its options past 80 columns."""
ANN: Game = (ANN_NAME, PEPPER_TABLE, True)
BOB: Game = ("Bob", PLAIN_TABLE, False)


@dataclass(frozen=True)
class Journal:
    """A journal file with finished games, and what its server's ``get_stats`` answered, by
    player name."""

    path: Path
    stats: dict[str, PlayerStats]


async def _play_into(path: Path, games: tuple[Game, ...]) -> dict[str, PlayerStats]:
    """Play each game to its end over the server's sockets (the human a seeded random bot, its
    opponent the server's ``bot:random``), then ask for the statistics as a client would."""
    ctx = zmq.asyncio.Context()
    try:
        async with running_server(ManualClock(), db_path=str(path), **FAST) as server:
            for name, table, pepper in games:
                client = RawClient(ctx, server.local_endpoint)
                result = await play_seat(client, table, ("human", "bot:random"), name=name,
                                         extra_pepper=pepper, seed=5)
                assert result.scores and not result.errors
                client.close()
            watcher = RawClient(ctx, server.local_endpoint)
            await watcher.hello("Cat")
            await watcher.send(GetStats())
            players = (await watcher.expect(Stats)).players
            watcher.close()
            return {p.name: p for p in players}
    finally:
        ctx.destroy(linger=0)


def _journal(factory: pytest.TempPathFactory, games: tuple[Game, ...]) -> Journal:
    path = factory.mktemp("journal") / "j.db"
    return Journal(path, asyncio.run(_play_into(path, games)))


@pytest.fixture(scope="module")
def journal(tmp_path_factory: pytest.TempPathFactory) -> Journal:
    """Ann's finished Extra Pepper game, then Bob's finished base game (played once for the
    module: each test opens its own server on the journal, as after a restart)."""
    return _journal(tmp_path_factory, (ANN, BOB))


def _history(address: str) -> kit.Host:
    """The history list of the server at ``address``, as the lobby's h opens it."""
    return kit.Host(HistoryScreen(ServerHistory(address, "Eve"), address))


def _flat(text: str) -> str:
    return " ".join(text.replace("│", " ").replace("┃", " ").split())


async def _stats_of(app: App[Any], pilot: Any, name: str) -> StatsScreen:
    """Open the statistics from the history list and highlight ``name``'s row."""
    await kit.until(lambda: isinstance(app.screen, HistoryScreen)
                    and app.screen.query_one(DataTable).row_count == 2, timeout=30)
    await pilot.press("s")
    await kit.until(lambda: isinstance(app.screen, StatsScreen) and bool(app.screen.players),
                    timeout=30)
    screen = app.screen
    assert isinstance(screen, StatsScreen)
    await _highlight(app, pilot, screen, name)
    return screen


async def _highlight(app: App[Any], pilot: Any, screen: StatsScreen, name: str) -> None:
    """Move the players' cursor to ``name`` with the arrow keys, as a person would."""
    table = screen.query_one("#stats", DataTable)
    row = next(i for i, p in enumerate(screen.players) if p.name == name)
    while table.cursor_row != row:
        await pilot.press("down" if table.cursor_row < row else "up")
    await kit.settled(app)


def _panel_rows(screen: StatsScreen) -> list[list[str]]:
    table = screen.query_one(EventStatsPanel).query_one(DataTable)
    return [[str(cell) for cell in table.get_row_at(i)] for i in range(table.row_count)]


async def test_the_stats_show_each_event_card_and_effect_of_a_pepper_player_at_80x24(
    journal: Journal,
) -> None:
    ann, bob = journal.stats[ANN_NAME], journal.stats["Bob"]
    assert ann.events, "Ann's Extra Pepper game handed her event cards"
    assert ann.effects, "...and some of their effects played out for her"
    assert not bob.events and not bob.effects
    async with (
        server_address(db_path=str(journal.path)) as address,
        _history(address).run_test(size=(80, 24)) as pilot,
    ):
        app = pilot.app
        screen = await _stats_of(app, pilot, ANN_NAME)
        panel = screen.query_one(EventStatsPanel)
        cards = panel.query_one(DataTable)
        assert panel.display and cards.region.height == 1 + len(ann.events), "none cut off"
        assert panel.region.bottom <= 24 - 2, "above the status line and the footer"
        # One row per event card, the server's figures in the columns the header names.
        header = [str(c.label) for c in cards.columns.values()]
        assert header == ["Event card", "Received", "Kept", "Discarded", "Rounds held",
                          "Round points"]
        assert _panel_rows(screen) == [
            [event_name(EventCard(e.event)), str(e.received), str(e.kept), str(e.discarded),
             str(e.rounds), str(e.points)] for e in ann.events
        ]
        text = _flat(kit.screen_text(app))
        assert f"Extra Pepper event cards: {ANN_NAME}" in text
        for effect in ann.effects:  # every effect's count, worded, on screen
            assert effect_text(effect) in text
        first = ann.events[0]
        assert (f"{event_name(EventCard(first.event))} {first.received} {first.kept} "
                f"{first.discarded} {first.rounds} {first.points}") in text
        assert "Round points" in text, "every column fits 80 columns"
        # Bob played no Extra Pepper game: one short line, no empty table.
        await _highlight(app, pilot, screen, "Bob")
        text = _flat(kit.screen_text(app))
        assert "Bob: no Extra Pepper event cards." in text
        assert not cards.display and "Round points" not in text


async def test_the_history_marks_each_games_rules_and_its_replay_shows_the_events(
    journal: Journal,
) -> None:
    async with (
        server_address(db_path=str(journal.path)) as address,
        _history(address).run_test(size=(80, 24)) as pilot,
    ):
        app = pilot.app
        await kit.until(lambda: app.screen.query_one(DataTable).row_count == 2, timeout=30)
        await kit.settled(app)
        lines = kit.screen_text(app).splitlines()
        pepper = [line for line in lines if PEPPER_TABLE in line]
        plain = [line for line in lines if PLAIN_TABLE in line]
        assert pepper and "Extra Pepper" in pepper[0], "visible at 80 columns, on its row"
        assert plain and "Extra Pepper" not in plain[0]
        # The newest game (Bob's) is first: the Extra Pepper one is the second row.
        await pilot.press("down", "enter")
        await kit.until(lambda: isinstance(app.screen, ReplayScreen), timeout=30)
        screen = app.screen
        assert isinstance(screen, ReplayScreen) and screen.replay.rules.extra_pepper
        # The deal: the table event is turned up and shown with its effect, as at the table.
        await kit.settled(app)
        first = screen.steps[0].state.table_event
        assert first is not None
        assert f"Table event: {event_name(first)} — " in _flat(kit.screen_text(app))
        # A later round: who received the last round's event card is said, and they hold it.
        screen.go(screen.starts[1])
        await kit.settled(app)
        board = _board_text(screen)
        kinds = {e.kind: e for e in screen.steps[screen.starts[1]].events}
        turned = kinds[EventKind.EVENT_TURNED_UP].event_card
        assert turned is not None
        assert f"New table event: {event_name(turned)}." in board
        assert f"Table event: {event_name(turned)} — " in board
        if EventKind.EVENT_RECEIVED in kinds:  # the last round's card went to someone
            got = kinds[EventKind.EVENT_RECEIVED].event_card
            assert got is not None and f" holds: {event_name(got)} — " in board


def _board_text(screen: ReplayScreen) -> str:
    """The whole replay board as plain text (the screen shows the part that fits)."""
    console = Console(width=76, record=True, file=io.StringIO())
    console.print(screen.query_one("#replay-board", Static).content)
    return _flat(console.export_text())


async def test_the_stats_in_french_at_120x40(journal: Journal) -> None:
    i18n.set_language("fr")
    try:
        ann = journal.stats[ANN_NAME]
        async with server_address(db_path=str(journal.path)) as address, _history(address).run_test(
            size=(120, 40)
        ) as pilot:
            app = pilot.app
            screen = await _stats_of(app, pilot, ANN_NAME)
            text = _flat(kit.screen_text(app))
            assert f"Cartes événement Extra Pepper : {ANN_NAME}" in text
            names = [row[0] for row in _panel_rows(screen)]
            assert names == [event_name(EventCard(e.event)) for e in ann.events]
            french = {"Le Bernard-l'ermite", "Le Poisson-lune", "Le Rodéo aquatique",
                      "La Danse des coquillages", "Le Kraken", "La Tornade",
                      "La Danse des sirènes", "Le Coffre au trésor", "Le Diodon",
                      "Le Poisson-ange", "Les Dauphins", "Le Récif de corail"}
            assert set(names) <= french  # GLOSSARY.md's French names
            for name in names:
                assert name in text, "every card's row fits 120 x 40 unscrolled"
            assert "Manches tenues" in text and "Points des manches" in text
    finally:
        i18n.set_language("en")


@pytest.fixture(scope="module")
def plain_journal(tmp_path_factory: pytest.TempPathFactory) -> Journal:
    """Only Bob's base game."""
    return _journal(tmp_path_factory, (BOB,))


async def test_without_pepper_games_the_stats_show_no_event_table(plain_journal: Journal) -> None:
    async with server_address(db_path=str(plain_journal.path)) as address:
        app = kit.Host(StatsScreen(ServerHistory(address, "Eve")))
        async with app.run_test(size=(80, 24)):
            await kit.until(lambda: "players." in kit.screen_text(app), timeout=30)
            await kit.settled(app)
            assert not app.screen.query_one(EventStatsPanel).display
            assert "Extra Pepper" not in kit.screen_text(app)
