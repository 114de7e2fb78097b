"""The new-table dialog of the solo lobby (Lobby after a solo game): nobody else can join the
app's own solo server, so its seats offer bots only (a human seat would wait for ever) and the
coach needs no leave there (every other seat is a bot: tui/widgets/coach.py coach_allowed)."""

from __future__ import annotations

from typing import Any

import pytest
from seasalt.client.tui.screens.lobby import CreateTableDialog, LobbyScreen
from seasalt.testing import tui as kit
from textual.widgets import Checkbox, Select

pytestmark = pytest.mark.timeout(60)


async def seat_choices_and_coach(solo: bool) -> tuple[str, bool, Any]:
    """What seat 2's list shows when opened, whether the coach box shows, and the dialog's
    answer to Create with its defaults."""
    answers: list[Any] = []
    lobby = LobbyScreen("Ann", "127.0.0.1:1", solo=solo)
    app = kit.Host(lobby)
    async with app.run_test(size=(100, 32)) as pilot:
        await kit.until(lambda: app.screen is lobby and lobby.is_mounted)
        app.push_screen(CreateTableDialog("Ann's table", solo=lobby.solo), answers.append)
        await kit.until(lambda: isinstance(app.screen, CreateTableDialog)
                        and bool(app.screen.query("#seat-2")))
        dialog = app.screen
        coach_shown = dialog.query_one("#coach-allowed", Checkbox).display
        seat = dialog.query_one("#seat-2", Select)
        seat.focus()
        await kit.press(app, "enter")  # open the list, as a player does
        await kit.until(lambda: seat.expanded)
        await kit.settled(app)
        shown = kit.screen_text(app)
        await kit.press(app, "escape")
        await kit.until(lambda: not seat.expanded)
        dialog.query_one("#create").focus()
        await pilot.click("#create")
        await kit.until(lambda: bool(answers))
    return shown, coach_shown, answers[0]


async def test_the_solo_lobbys_new_table_offers_bots_only_and_no_coach_box() -> None:
    shown, coach_shown, answer = await seat_choices_and_coach(solo=True)
    assert "bot: greedy" in shown and "bot: expert" in shown
    assert "human player" not in shown
    assert not coach_shown
    name, seats, *_ = answer
    assert name == "Ann's table" and seats == ("human", "bot:greedy")  # seat 1 is the player


async def test_a_lan_lobbys_new_table_still_offers_human_seats_and_the_coach_box() -> None:
    shown, coach_shown, _answer = await seat_choices_and_coach(solo=False)
    assert "human player" in shown and "bot: greedy" in shown
    assert coach_shown
