"""The lobby's Status column shows at 80 columns (qa8, played in tmux).

A table with Extra Pepper, a target and the coach allowed filled the 80 columns with its
options, and the Status column after them ("waiting", "your seat — rejoin") was cut off; a
table name of 32 characters and its seats cut it at "waiting for p" (qa9).
"""

from __future__ import annotations

from typing import Any

from seasalt import protocol as p
from seasalt.client.tui.bridge import summary_from_info
from seasalt.client.tui.screens.lobby import LobbyScreen
from textual.app import App

SEATS = (p.SeatInfo("human", "Ann", False, True), p.SeatInfo("human", "Bob", True, False),
         p.SeatInfo("bot:greedy", None, True, True))


async def test_the_status_shows_before_the_options_at_80_columns(tui: Any) -> None:
    running = p.TableInfo("Ann's table", SEATS, True, False, p.TableState.RUNNING, 2,
                          turn_time=60, target=20, coach_allowed=True, extra_pepper=True)
    waiting = p.TableInfo("Ann's Friday night table at Bo's",
                          (p.SeatInfo("human", "Bartholomew Fitzgerald", True, True),
                           p.SeatInfo("human", None, True, True)),
                          False, False, p.TableState.WAITING, 0)

    class Host(App[None]):
        def on_mount(self) -> None:
            lobby = LobbyScreen("Ann", "10.0.0.2:7327", held="Ann's table")
            lobby.tables = (summary_from_info(running), summary_from_info(waiting))
            self.push_screen(lobby)

    app = Host()
    async with app.run_test(size=(80, 24)):
        await tui.until(lambda: "Ann's table" in tui.text(app))
        await tui.settled(app)
        header = next(line for line in tui.text(app).splitlines() if "Seats" in line)
        assert "Status" in header, header
        row = next(line for line in tui.text(app).splitlines() if "Ann's table" in line)
        assert "your seat — rejoin" in row, row
        row = next(line for line in tui.text(app).splitlines() if "Friday night" in line)
        assert "waiting for players" in row, row
