"""The network bridge: between a :class:`~seasalt.client.tui.link.Link` and the Textual screens.

Data flows one way in: the link's server messages are fed to the :class:`ClientSession` (which
swallows duplicates and gaps and asks for a snapshot), and each one that passes becomes one
Textual message named for what it means to the screens (:meth:`Bridge.dispatch`). Intents flow
the other way: screens post ``IntentQueued``, the app puts the intent in :attr:`Bridge.outbox`,
and the send loop hands the session's protocol message for it to the link. The app runs one
bridge per connection, in its network worker.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import Any

from seasalt import protocol as p
from seasalt.client.net.intents import Intent
from seasalt.client.net.session import ClientSession
from seasalt.client.net.stand_in_events import with_marks
from seasalt.client.tui.link import Link
from seasalt.client.tui.messages import (
    AtTable,
    ChatArrived,
    ChatHistoryArrived,
    ClocksArrived,
    Frame,
    FrameArrived,
    GameEnd,
    GameEnded,
    GameRecordArrived,
    LeftTable,
    LinkStatus,
    Refused,
    RoundEnded,
    SeatLabel,
    TableSeatsChanged,
    TablesListed,
    TableSummary,
    TimeRanOutArrived,
    WebAddressesArrived,
)
from seasalt.client.tui.screens.scores import ScoresArrived
from seasalt.client.words.i18n import _
from textual.message import Message


def summary_from_info(info: Any) -> TableSummary:
    """A protocol ``TableInfo`` as the screens show it."""
    seats: list[SeatLabel | None] = []
    kinds: list[str] = []
    for index, seat in enumerate(info.seats):
        kinds.append(seat.kind)
        bot = seat.kind.removeprefix("bot:") if seat.kind.startswith("bot:") else None
        if seat.name is None and bot is None:
            seats.append(None)
            continue
        name = seat.name or _("Bot {n}").format(n=index + 1)
        seats.append(SeatLabel(name, bot, seat.connected, seat.bot_playing))
    state = getattr(info, "state", "waiting")
    status = getattr(state, "value", str(state))
    return TableSummary(
        name=info.name, seats=tuple(seats), kinds=tuple(kinds), extra_salt=info.extra_salt,
        double_target=info.double_target, status=status, round=info.round,
        watchers=getattr(info, "watchers", 0), turn_time=getattr(info, "turn_time", 0),
        target=getattr(info, "target", 0), coach_allowed=getattr(info, "coach_allowed", False),
        extra_pepper=getattr(info, "extra_pepper", False),
    )


class Bridge:
    """One connection's bridge (see the module docstring).

    Args:
        post: posts a Textual message to the app.
        seats: the seat names the app knows now (a frame carries them).
        clock: monotonic seconds (when clocks arrived).
        sent: every intent handed to the link is appended here (tests read it).
    """

    def __init__(
        self,
        post: Callable[[Message], object],
        seats: Callable[[], tuple[SeatLabel, ...]],
        clock: Callable[[], float],
        sent: list[Intent],
    ) -> None:
        self.post = post
        self.seats = seats
        self.clock = clock
        self.sent = sent
        self.session = ClientSession()
        """Where this client is: the one owner of table, seat and seq."""
        self.outbox: asyncio.Queue[Intent] = asyncio.Queue()
        self._marks: p.StandInMoves | None = None
        """The marks of the frame to come (client/net/stand_in_events.py)."""

    async def connect(self, link: Link) -> None:
        """Open the link: as long as it takes (a slow link is waited for while the player
        watches; going back cancels it).

        Raises:
            LinkFailed: with words for people.
        """
        await link.connect()

    async def pump(self, link: Link) -> None:
        """Send the outbox's intents and dispatch what comes in, until cancelled."""
        sender = asyncio.create_task(self._send_loop(link))
        try:
            while True:
                self.dispatch(await link.recv())
                while (outbound := self.session.next_outbound()) is not None:
                    await link.send(outbound)
        finally:
            sender.cancel()

    async def until_joined(self, link: Link) -> bool:
        """After a ``resume`` and a table list asked for: dispatch what comes until the
        server's answer to the list; True when a ``joined`` (a seat or table given back) came
        first. The list itself is not shown (it is not the lobby's)."""
        while True:
            message = await link.recv()
            if isinstance(message, p.Tables):
                self.session.receive(message)
                return self.session.table is not None
            self.dispatch(message)
            while (outbound := self.session.next_outbound()) is not None:
                await link.send(outbound)

    async def _send_loop(self, link: Link) -> None:
        while True:
            await self.send(link, await self.outbox.get())

    async def send(self, link: Link, intent: Intent) -> None:
        """Hand the session's message for ``intent`` to the link (if there is one)."""
        message = self._to_wire(intent)
        if message is not None:
            self.sent.append(intent)
            await link.send(message)

    def _to_wire(self, intent: Intent) -> p.ClientMessage | None:
        return self.session.send(intent)

    def dispatch(self, message: Any) -> None:
        """Feed one server message to the session; post what it means to the screens."""
        if isinstance(message, LinkStatus):
            at = (self.session.table, self.session.seat)
            if message.status == "connected":  # back after a loss: frames may be missed
                self.session.link_resumed(fresh=message.fresh)
            self.post(message)
            if message.fresh and at[0] is not None:
                # A new session (the server forgot ours): it is at no table, so the screens
                # go back to the lobby, as when the server gives a seat up.
                self.post(LeftTable(*at, False, forgotten=True))
            return
        session = self.session
        was = (session.table, session.seat, session.leaving)
        if not session.receive(message):
            return  # a duplicate or a gap (a sync is on its way)
        news = self._news(message, was)
        if news is not None:
            self.post(news)

    def _news(self, message: Any, was: tuple[str | None, int | None, bool]) -> Message | None:
        match message:
            case p.StandInMoves():
                self._marks = message
                return None
            case p.Snapshot() | p.Update():
                marks, self._marks = self._marks, None
                if marks is not None and (marks.table, marks.seq) != (message.table, message.seq):
                    marks = None  # they were for a frame that did not come
                view, events = with_marks(
                    message.view, tuple(getattr(message, "events", ())), marks)
                return FrameArrived(Frame(message.table, message.seq, view, self.seats(), events))
            case p.RoundOver():
                return RoundEnded(message.result, message.waiting, message.seq)
            case p.GameOver():
                return GameEnded(GameEnd(
                    tuple(message.scores), tuple(message.winners), tuple(message.standings)))
            case p.Tables():
                return TablesListed([summary_from_info(t) for t in message.tables])
            case p.TableChanged():
                return TableSeatsChanged(summary_from_info(message.info))
            case p.Joined():
                return AtTable(message.table, message.seat, message.table != was[0],
                               again=(message.table, message.seat) == was[:2])
            case p.Left():
                return LeftTable(*was)
            case p.ChatLine():
                return ChatArrived(message.name, message.text)
            case p.ChatHistory():
                return ChatHistoryArrived(tuple((line.name, line.text) for line in message.lines))
            case p.GameRecord():
                return GameRecordArrived(message)
            case p.ScoreSheet():
                return ScoresArrived(message)
            case p.Error() if was[2] and message.code is p.ErrorCode.NOT_SEATED:
                return LeftTable(was[0], was[1], True)  # at no table already: the leave is done
            case p.Error():
                return Refused(message.code, message.message)
            case p.Clocks() if message.seq >= (self.session.seq or 0):  # in arrival order:
                return ClocksArrived(message, self.clock())  # not stale
            case p.TimeRanOut():
                return TimeRanOutArrived(message.seat)
            case p.ServerInfo():  # before the first lobby: it comes right after welcome
                return WebAddressesArrived(tuple(message.web))
        return None
