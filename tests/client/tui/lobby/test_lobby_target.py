"""The new-table dialog's game length (issue 18's short game): one choice among the standard
score, double target and a score to end at; the lobby shows a table's ("to 7 points"), and a
join asks for the same (the server compares it like the other options)."""

from __future__ import annotations

from typing import Any

import pytest
from seasalt import protocol as p
from seasalt.client.tui.app import SeasaltApp
from seasalt.client.tui.bridge import summary_from_info
from seasalt.client.tui.launch_options import LaunchOptions
from seasalt.client.tui.messages import TablesListed
from seasalt.client.tui.screens.lobby import CreateTableDialog, LobbyScreen
from textual.widgets import Select

pytestmark = pytest.mark.timeout(60)


def _app(link: Any, lang: str = "en") -> SeasaltApp:
    return SeasaltApp(LaunchOptions(address="lan:7327", name="Ann", lang=lang),
                      link_factory=lambda _a, _n: link)


@pytest.mark.parametrize(
    ("choice", "double_target", "target"),
    [(7, False, 7), ("double", True, 0), (0, False, 0)],
)
async def test_the_game_length_chosen_is_what_the_table_is_created_with(
    fake_link: Any, tui: Any, choice: object, double_target: bool, target: int
) -> None:
    link = fake_link("lan:7327", "Ann", players=2)
    app = _app(link)
    async with app.run_test(size=(80, 24)) as pilot:
        await tui.until(lambda: isinstance(app.screen, LobbyScreen))
        await tui.key(app, "n")
        await tui.until(lambda: isinstance(app.screen, CreateTableDialog)
                        and bool(app.screen.query("#target")))
        await pilot.pause()
        dialog = app.screen
        assert dialog.query_one("#target", Select).value == 0  # the standard by default
        dialog.query_one("#target", Select).value = choice
        await pilot.pause()
        dialog.query_one("#table-name").focus()
        await tui.key(app, "enter")
        await tui.until(lambda: any(isinstance(m, p.JoinOrCreate) for m in link.sent))
        request = next(m for m in link.sent if isinstance(m, p.JoinOrCreate))
        assert (request.double_target, request.target) == (double_target, target)


async def test_the_lobby_shows_a_tables_target_and_a_join_asks_for_it(
    fake_link: Any, tui: Any
) -> None:
    link = fake_link("lan:7327", "Ann", players=2)
    app = _app(link, lang="pt")
    async with app.run_test(size=(100, 30)):
        await tui.until(lambda: isinstance(app.screen, LobbyScreen))
        short = p.TableInfo("curta", link.info().seats, False, False, p.TableState.WAITING, 0,
                            target=7)
        link.info = lambda: short  # the lobby's 3 s refresh lists it too (test_clocks.py)
        app.post_message(TablesListed([summary_from_info(short)]))
        await tui.until(lambda: "até 7 pontos" in tui.text(app))
        link.sent.clear()
        await tui.key(app, "j")
        await tui.until(lambda: any(isinstance(m, p.JoinOrCreate) for m in link.sent))
        request = next(m for m in link.sent if isinstance(m, p.JoinOrCreate))
        assert (request.table, request.target) == ("curta", 7)
