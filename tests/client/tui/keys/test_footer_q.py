"""The footer says what q does there (QA, issue 13): "Lobby" in the waiting room and while
watching (q goes back to the lobby at once), "Quit" for a seated player in a game (q asks)."""

from __future__ import annotations

from seasalt import protocol as p
from seasalt.client.tui.screens.dialogs import ConfirmDialog
from seasalt.client.tui.screens.table import TableScreen
from seasalt.testing.tui import OneFrameLink, WaitingLink, app_for, mid_round


def footer(text: str) -> str:
    return text.rstrip().splitlines()[-1]


async def test_q_is_quit_for_a_seated_player_in_a_game(tui) -> None:  # type: ignore[no-untyped-def]
    app = app_for(OneFrameLink(mid_round(3), 0))
    async with app.run_test(size=(120, 40)):
        await tui.until_table(app)
        await tui.settled(app)
        assert "q Quit" in footer(tui.text(app)) and "Lobby" not in footer(tui.text(app))
        await tui.key(app, "q")
        await tui.until(lambda: isinstance(app.screen, ConfirmDialog))  # it asks


async def test_q_is_lobby_while_watching(tui) -> None:  # type: ignore[no-untyped-def]
    link = OneFrameLink(mid_round(3), None)
    app = app_for(link)
    async with app.run_test(size=(120, 40)):
        await tui.until_table(app)
        await tui.settled(app)
        assert "q Lobby" in footer(tui.text(app)) and "Quit" not in footer(tui.text(app))
        await tui.key(app, "q")
        await tui.until(lambda: any(isinstance(m, p.Leave) for m in link.sent))


async def test_q_is_lobby_in_the_waiting_room(tui) -> None:  # type: ignore[no-untyped-def]
    link = WaitingLink(mid_round(3), 0)
    app = app_for(link)
    async with app.run_test(size=(120, 40)):
        await tui.until(lambda: isinstance(app.screen, TableScreen)
                        and app.screen.waiting is not None)
        await tui.settled(app)
        assert "q Lobby" in footer(tui.text(app)) and "Quit" not in footer(tui.text(app))
        await tui.key(app, "q")
        await tui.until(lambda: any(isinstance(m, p.Leave) for m in link.sent))
        assert not isinstance(app.screen, ConfirmDialog)  # nothing to lose: no question
