"""The same seat joined twice in a row keeps its table screen and stays playable.

A reopened app is seated again by the server as it resumes the session (``joined`` and a
snapshot) and again by its own join of the table it remembers (``joined`` and a snapshot once
more), a few milliseconds apart. Each ``joined`` used to build a new table screen; replacing
one still being mounted hung Textual's message pumps for good on a loaded machine: the app
waited on the old screen's removal and nothing the player pressed was ever handled (chaos
soak, seeds 1002, 1004 and 4003 of session 5)."""

from __future__ import annotations

from seasalt import protocol as p
from seasalt.client.tui.screens.table import TableScreen
from seasalt.testing.tui import OneFrameLink, app_for, mid_round, view


class JoinedTwiceLink(OneFrameLink):
    """Seats the player, then seats the same player at the same seat again at once."""

    async def send(self, message: object) -> None:
        self.sent.append(message)
        if isinstance(message, p.ListTables):
            for _ in range(2):
                await self.inbox.put(p.Joined("t", self.seat))
                await self.inbox.put(p.Snapshot("t", 3, view(self.state, self.seat)))


async def test_the_same_seat_joined_twice_keeps_one_table_screen_that_acts(tui) -> None:  # type: ignore[no-untyped-def]
    link = JoinedTwiceLink(mid_round(3), 0)
    app = app_for(link)
    built: list[TableScreen] = []
    real_init = TableScreen.__init__

    def counting_init(self, *args, **kwargs):  # type: ignore[no-untyped-def]
        built.append(self)
        real_init(self, *args, **kwargs)

    TableScreen.__init__ = counting_init  # type: ignore[method-assign]
    try:
        async with app.run_test(size=(120, 40)):
            table = await tui.until_table(app)
            await tui.until(lambda: table.rendered is not None and table.rendered.seq == 3)
            await tui.settled(app)
            assert len(built) == 1, "a second joined of the same seat rebuilt the table screen"
            assert app.screen is table
            await tui.key(app, "1")  # the player's turn: the first choice is sent
            await tui.until(lambda: any(isinstance(m, p.ActionRequest) for m in link.sent))
    finally:
        TableScreen.__init__ = real_init  # type: ignore[method-assign]


class OtherSeatLink(OneFrameLink):
    """Seats the player as a spectator, then at seat 0: another seat, another screen."""

    async def send(self, message: object) -> None:
        self.sent.append(message)
        if isinstance(message, p.ListTables):
            await self.inbox.put(p.Joined("t", None))
            await self.inbox.put(p.Snapshot("t", 3, view(self.state, None)))
            await self.inbox.put(p.Joined("t", 0))
            await self.inbox.put(p.Snapshot("t", 3, view(self.state, 0)))


async def test_a_join_at_another_seat_still_shows_that_seat(tui) -> None:  # type: ignore[no-untyped-def]
    link = OtherSeatLink(mid_round(3), 0)
    app = app_for(link)
    async with app.run_test(size=(120, 40)):
        await tui.until(lambda: isinstance(app.screen, TableScreen) and app.session.seat == 0
                        and app.screen.rendered is not None
                        and app.screen.rendered.view.seat == 0)
        await tui.key(app, "1")
        await tui.until(lambda: any(isinstance(m, p.ActionRequest) for m in link.sent))
