"""A waiting seat the server gave up (it heard nothing from the app for a while) sends the
player back to the lobby with the reason (chaos soak, seed 18: the app showed the waiting room
for good); a "left" the player asked for says nothing more."""

from __future__ import annotations

from seasalt import protocol as p
from seasalt.client.tui.screens.lobby import LobbyScreen
from seasalt.client.tui.screens.table import TableScreen
from seasalt.testing.tui import WaitingLink, app_for, toasts

GIVEN_UP = "your seat at t was given up"


class SeatOnceLink(WaitingLink):
    """Seats the player at the first lobby request; later ones list no table."""

    async def send(self, message: object) -> None:
        if isinstance(message, p.ListTables) and any(
            isinstance(m, p.ListTables) for m in self.sent
        ):
            self.sent.append(message)
            await self.inbox.put(p.Tables(()))
            return
        await super().send(message)


def in_waiting_room(app) -> bool:  # type: ignore[no-untyped-def]
    return isinstance(app.screen, TableScreen) and app.screen.waiting is not None


async def test_a_seat_given_up_by_the_server_is_said_and_the_lobby_shown(tui) -> None:  # type: ignore[no-untyped-def]
    link = SeatOnceLink(None, 0)  # type: ignore[arg-type]
    app = app_for(link)
    said = toasts(app)
    async with app.run_test(size=(120, 40)):
        await tui.until(lambda: in_waiting_room(app))
        await link.inbox.put(p.Left("t"))  # not asked for: the server let the seat go
        await tui.until(lambda: isinstance(app.screen, LobbyScreen))
        assert any(GIVEN_UP in line for line in said)
        assert app.session.table is None and app.session.seat is None
        # From the lobby, a join refused as over says how to see that game (its seats stay
        # its players': docs/protocol.md "Tables, seats and seq")
        await link.inbox.put(p.Error(p.ErrorCode.GAME_OVER, "the game at t is over"))
        await tui.until(lambda: any("press w to watch its result" in line for line in said))


async def test_leaving_on_purpose_says_nothing_more(tui) -> None:  # type: ignore[no-untyped-def]
    link = SeatOnceLink(None, 0)  # type: ignore[arg-type]
    app = app_for(link)
    said = toasts(app)
    async with app.run_test(size=(120, 40)):
        await tui.until(lambda: in_waiting_room(app))
        await tui.key(app, "q")  # the waiting room's q goes back to the lobby
        await tui.until(lambda: any(isinstance(m, p.Leave) for m in link.sent))
        await link.inbox.put(p.Left("t"))
        await tui.until(lambda: isinstance(app.screen, LobbyScreen))
        await tui.settled(app)
        assert not any(GIVEN_UP in line for line in said)
