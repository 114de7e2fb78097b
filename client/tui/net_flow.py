"""The network worker's side of the app: our own server, the link, the bridge, the link's state.

The app's worker (``SeasaltApp.run_net``) hands each plan to :meth:`NetFlow.run`: it starts the
app's own server for solo and host (client/tui/hosting.py), makes the link
(client/tui/link.py), opens the table the plan asks for and pumps a
:class:`~seasalt.client.tui.bridge.Bridge` on it until the worker is cancelled. What the link's
state means to the screens (connecting, lost, back, failed, our own server gone) is put on screen
here too.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable
from typing import Any

from seasalt.client.lessons.link import PACE, LessonLink
from seasalt.client.lessons.plan import LessonPlan
from seasalt.client.net.address import normalise_address
from seasalt.client.net.intents import AskTables, SitDown
from seasalt.client.net.link_timing import CONNECT_PATIENCE
from seasalt.client.own_server.child_server import ChildServer, ServerStartError
from seasalt.client.own_server.solo_game import SavedSolo, unfinished_solo
from seasalt.client.tui.bridge import Bridge
from seasalt.client.tui.hosting import OwnServer, stopped_words
from seasalt.client.tui.link import (
    ConnectionLink,
    Link,
    LinkFactory,
    LinkFailed,
    default_link_factory,
)
from seasalt.client.tui.messages import LinkStatus, SoloNotResumed
from seasalt.client.tui.screens.connecting import ConnectingScreen
from seasalt.client.tui.screens.lobby import LobbyScreen
from seasalt.client.tui.screens.start import HostPlan, JoinPlan, SoloPlan
from seasalt.client.tui.table_flow import TableFlow
from seasalt.client.words.i18n import _, ngettext
from seasalt.protocol import Away
from textual.app import App

Plan = SoloPlan | JoinPlan | HostPlan | LessonPlan


def starting_words(plan: Plan) -> str:
    """What the connecting screen says the network worker is doing first for ``plan``."""
    if isinstance(plan, SoloPlan):
        return ngettext("Starting a solo game against {n} {level} bot…",
                        "Starting a solo game against {n} {level} bots…",
                        plan.opponents).format(n=plan.opponents, level=_(plan.level))
    if isinstance(plan, HostPlan):
        return _("Starting a server on port {port}…").format(port=plan.port)
    if isinstance(plan, LessonPlan):
        return _("Laying out the lesson's cards…")
    return _("Connecting to {address}…").format(address=normalise_address(plan.address))


class NetFlow:
    """One app's network side (see the module docstring).

    Args:
        app: Textual's side of the app: its screens, message queue and notifications.
        own: the app's own server (started here for solo and host).
        flow: the table flow (its table screens show the link's state; the kept seat's table).
        link_factory: makes the link for an address and a name (tests give a fake).
        server_key: the key to talk CurveZMQ with now (None: plain).
        stop_net: cancels the network worker.
        patience: seconds a connect waits before it says what no answer means (no server, or
            a slow link it goes on trying).
    """

    def __init__(self, app: App[Any], own: OwnServer, flow: TableFlow, link_factory: LinkFactory,
                 server_key: Callable[[], str | None], stop_net: Callable[[], None],
                 patience: float = CONNECT_PATIENCE) -> None:
        self.app, self.own, self.flow = app, own, flow
        self.patience = patience
        self.link_factory = link_factory
        self.server_key = server_key
        self.stop_net = stop_net
        self.server_address = ""
        """The address of the server we talk to (the lobby and the quit dialog say it)."""
        self.away_on_close = False
        """The player quits the game on purpose: the link's last word is ``away`` (a bot
        takes the seat at once instead of after the takeover delay; it stays hers)."""
        self.away_said: bool | None = None
        """Whether the server read that ``away`` (None: none was said, or not yet known).
        False when the link was down as the player quit: a quit cannot wait for a server that
        may never come back, so it is not kept for later as the lobby requests are, and the
        player is told instead (``QuitFlow.parting_words``), as a move key pressed while
        reconnecting says "not sent"."""
        self.link_down = False
        """The link is lost (reconnecting, or given up): nothing sent now reaches the server
        (the quit question says that its ``away`` will not either)."""
        self.link: Link | None = None
        """The link of the last connection (kept once closed: what it kept on disk stays
        known for the words said after the app has closed)."""

    @property
    def seat_kept(self) -> bool:
        """A later start under this name takes this session's seat back (the quit question
        promises it only then: a second window with the same name keeps nothing)."""
        return bool(getattr(self.link, "keeps_seat", True))

    async def run(self, plan: Plan, bridge: Bridge) -> None:
        """Connect, then pump messages both ways until cancelled."""
        link: Link | None = None
        if isinstance(plan, LessonPlan):
            await self._lesson(plan, bridge)
            return
        try:
            address = normalise_address(plan.address) if isinstance(plan, JoinPlan) else (
                await self.own.address_for(plan, self._child_gone))
            self.server_address = address
            self.app.post_message(LinkStatus("connecting", _("Connecting to {address}…").format(
                address=address)))
            if self.link_factory is default_link_factory:
                # A joined server may be --secure (--server-key); a child we host with
                # --secure printed its key. The token is kept (to come back to the seat) except
                # for a solo child server, which dies with this client.
                link = default_link_factory(
                    address, plan.name, self.server_key(), remember=not isinstance(plan, SoloPlan),
                    patience=self.patience, report=self.app.post_message,
                )
                self.flow.held_table = getattr(link, "kept_table", None)
            else:
                link = self.link_factory(address, plan.name)
            self.link = link
            saved = unfinished_solo() if isinstance(plan, SoloPlan) and plan.resume else None
            if saved is not None and isinstance(link, ConnectionLink):
                link.conn.token = saved.token  # resume the seat kept in the solo journal
            await bridge.connect(link)
            self.app.post_message(LinkStatus("connected"))
            if isinstance(plan, SoloPlan):
                self.own.keep_solo(link, plan)
                if plan.resume:
                    if not await self._seat_resumed(link, bridge, saved):
                        self.app.post_message(SoloNotResumed())
                        return
                else:
                    seats = ("human",) + (f"bot:{plan.level}",) * plan.opponents
                    await bridge.send(link, SitDown("solo", seats, plan.extra_salt,
                                                    plan.double_target, target=plan.target,
                                                    extra_pepper=plan.extra_pepper))
            else:
                await bridge.send(link, AskTables())
            await bridge.pump(link)
        except LinkFailed as failure:
            self.app.post_message(LinkStatus("failed", failure.detail, failure.hints))
        except ServerStartError as failure:
            hints = () if isinstance(plan, SoloPlan) else (
                _("another program may already use that port: try another one"),
            )
            self.app.post_message(LinkStatus("failed", str(failure), hints))
        finally:
            if link is not None:
                try:
                    # waits while the link works (client/net/dealer_socket.py)
                    if self.away_on_close:
                        said = False
                        try:
                            with contextlib.suppress(Exception):
                                # (False: not read; a link that cannot tell, None, was read)
                                said = await link.send(Away()) is not False
                        finally:  # (also when the wait is cancelled: not known as read)
                            self.away_said = said
                finally:  # closed even when the wait for away is cancelled too
                    with contextlib.suppress(Exception):
                        await link.close()

    async def _lesson(self, plan: LessonPlan, bridge: Bridge) -> None:
        """A lesson: its own table in this process (client/lessons/link.py), no server."""
        self.server_address = ""
        pace = self.own.bot_delay if self.own.bot_delay is not None else PACE
        link = LessonLink(plan.run, plan.name, pace)
        self.link = link
        try:
            await bridge.connect(link)
            await bridge.pump(link)
        finally:
            await link.close()

    @staticmethod
    async def _seat_resumed(link: Link, bridge: Bridge, saved: SavedSolo | None) -> bool:
        """Whether the server gave the kept solo seat back. It sends nothing at all when the
        token holds no seat (the game is over and gone, the journal is another one), and the
        connecting screen waited for good: the answer to a table list, which comes after the
        resumed seat's ``joined``, says that nothing more is coming."""
        if saved is None or not isinstance(link, ConnectionLink) or link.conn.token != saved.token:
            return False  # nothing kept, or the server did not know the token (a new session)
        await bridge.send(link, AskTables())
        return await bridge.until_joined(link)

    def _child_gone(self, child: ChildServer) -> None:
        """Our own server stopped: no reconnect will bring it back."""
        app = self.app
        if not app.screen_stack:
            return  # the app is closing: it stops its server itself
        detail = stopped_words(child)
        self.stop_net()
        self.own.lost(child)
        screen = app.screen
        if isinstance(screen, ConnectingScreen):
            screen.failed(detail, ())
        else:
            app.notify(detail, severity="error", timeout=10)
            shown: list[Any] = [*self.flow.table_screens(),
                                *(s for s in app.screen_stack if isinstance(s, LobbyScreen))]
            for table in shown:
                table.set_link_state(_("disconnected: press q to quit"))

    def link_status(self, message: LinkStatus) -> None:
        app = self.app
        if not app.screen_stack:
            return  # shutting down
        screen = app.screen
        # The lobby says it too (its list goes stale): the tables' status line, its own line.
        tables: list[Any] = [*self.flow.table_screens(),
                             *(s for s in app.screen_stack if isinstance(s, LobbyScreen))]
        if message.status in ("failed", "reconnecting"):
            self.link_down = True
        elif message.status == "connected":
            self.link_down = False
        if message.status == "failed":
            if isinstance(screen, ConnectingScreen):
                screen.failed(message.detail, message.hints)
            else:
                app.notify(message.detail, severity="error", timeout=10)
                for table in tables:
                    table.set_link_state(_("disconnected: press q to quit"))
        elif message.status == "connecting" and isinstance(screen, ConnectingScreen):
            screen.progress(message.detail)
        elif message.status == "reconnecting":
            app.sub_title = _("reconnecting…")
            if message.stopping:
                app.notify(_("The server is shutting down: reconnecting when it is back…"),
                           severity="warning", timeout=5)
            else:
                app.notify(_("Lost the server: reconnecting…"), severity="warning", timeout=5)
            for table in tables:
                table.set_link_state(_("reconnecting…"))
        elif message.status == "connected":
            if app.sub_title:
                app.notify(_("Connected again."), timeout=3)
            app.sub_title = ""
            for table in tables:
                table.set_link_state("")
