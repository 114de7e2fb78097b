"""The Textual app: screens and lifecycle (docs/client.md "Start here").

The network worker (``run_net``) starts the app's own server for solo and host
(client/hosting.py), makes the link (client/link.py) and runs a :class:`Bridge`
(client/bridge.py) on it: the bridge feeds server messages to the :class:`ClientSession` (the one
owner of table, seat and seq) and posts what they mean to the screens as Textual messages,
which the handlers here put on screen; screens post intents (client/intents.py) back. Screens
render frames and post intents; they never touch the network or decide a rule.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import inspect
import os
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, TypeVar, cast

from seasalt.client import auto_end, language
from seasalt.client.address import normalise_address
from seasalt.client.bridge import Bridge
from seasalt.client.clocks import ClockReading
from seasalt.client.discovery import Feed
from seasalt.client.error_words import error_text
from seasalt.client.hosting import start_child, stopped_words, watch_child
from seasalt.client.i18n import _, ngettext, resolve, translator
from seasalt.client.intents import (
    AgreeToPlayAgain,
    AskTables,
    DoneReading,
    Intent,
    LeaveTable,
    SitDown,
)
from seasalt.client.link import ConnectionLink, Link, LinkFactory, LinkFailed, default_link_factory
from seasalt.client.player_name import load_name
from seasalt.client.screens.connecting import ConnectingScreen
from seasalt.client.screens.dialogs import ConfirmDialog, HostQuitDialog
from seasalt.client.screens.help import HelpScreen
from seasalt.client.screens.lobby import LobbyScreen
from seasalt.client.screens.model import (
    AtTable,
    ChatArrived,
    ChatHistoryArrived,
    ClocksArrived,
    Frame,
    FrameArrived,
    GameEnded,
    GameRecordArrived,
    IntentQueued,
    LeftTable,
    LinkStatus,
    Refused,
    RoundEnded,
    SeatLabel,
    TableSeatsChanged,
    TablesListed,
    TimeRanOutArrived,
    WebAddressesArrived,
)
from seasalt.client.screens.palette import AutoEndCommands
from seasalt.client.screens.result import GameOverScreen, RoundResultScreen
from seasalt.client.screens.scores import ScoresArrived, ScoresScreen
from seasalt.client.screens.start import HostPlan, JoinPlan, SoloPlan, StartScreen, default_name
from seasalt.client.screens.table import TableScreen
from seasalt.client.session import ClientSession
from seasalt.client.solo import ChildServer, ServerStartError
from seasalt.client.solo_game import (
    SavedSolo,
    forget_solo,
    save_solo,
    unfinished_solo,
)
from seasalt.client.where import join_line
from seasalt.client.widgets.log import ChatPanel
from seasalt.client.words import Names
from seasalt.protocol import ErrorCode
from textual import events, on, work
from textual.app import App
from textual.binding import Binding
from textual.screen import Screen

RENDER_COALESCE = 0.015
"""Seconds an update waits for others of the same burst before the repaint (under 50 ms)."""
RENDER_BURST = 0.06
"""Inside a burst (updates less than BURST_GAP apart), one repaint per this many seconds."""
BURST_GAP = 0.1
Plan = SoloPlan | JoinPlan | HostPlan




@dataclass(frozen=True)
class LaunchOptions:
    """What the command line asked for."""

    address: str | None = None
    name: str | None = None
    solo: bool = False
    opponents: int = 2
    level: str = "greedy"
    extra_salt: bool = False
    double_target: bool = False
    extra_pepper: bool = False
    target: int = 0
    lang: str = "en"
    """Language code (``en``, ``pt``, ``es``, ``fr``); ``run_app`` reads the environment."""
    server_seed: int | None = None
    """Solo/host child server ``--seed`` (tests)."""
    bot_delay: float | None = None
    """Solo/host child server ``--bot-delay`` (tests use 0)."""
    server_key: str | None = None
    """``--server-key``: talk CurveZMQ to a ``seasalt-server --secure`` (joined servers only)."""
    guest: bool = False
    """``--guest``: a browser tab's client (seasalt-server --web): this server only, no start
    menu (so no hosting, solo or other address), exported files go to the browser."""
    web_urls: tuple[str, ...] = ()
    """``--web-url``: where friends open this server in a browser (a guest's lobby says)."""


_Handler = TypeVar("_Handler", bound=Callable[..., Any])

def while_open(handler: _Handler) -> _Handler:
    """For the app's handlers of what the server sent: nothing to do once the app is closing.

    Messages the network worker posted before it was cancelled are still handled while Textual
    takes the screens down, and a handler that looks at ``self.screen`` or a table's widgets
    then died (ScreenStackError, NoMatches: chaos soak, seeds 2003 and 2005 of the merged code).
    Textual clears ``is_running`` as its shutdown begins.
    """
    if inspect.iscoroutinefunction(handler):
        async def guarded_async(self: Any, message: Any) -> None:
            if self.is_running:
                await handler(self, message)

        return cast(_Handler, functools.wraps(handler)(guarded_async))

    def guarded(self: Any, message: Any) -> None:
        if self.is_running:
            handler(self, message)

    return cast(_Handler, functools.wraps(handler)(guarded))


class SeasaltApp(App[int]):
    """Sea Salt & Paper in the terminal."""

    CSS_PATH = "app.tcss"
    TITLE = "Sea Salt & Paper"
    # The palette (ctrl+p) holds the language commands; it is not advertised in the footer
    # (no room at 80 columns), so Textual's own palette switch stays off: see __init__.
    ENABLE_COMMAND_PALETTE = False
    COMMANDS = {language.LanguageCommands, AutoEndCommands}
    discovery_feed: Feed | None = None
    """Where the start menu's Join list hears of LAN servers (None: mDNS; tests set a fake)."""
    BINDINGS = [
        Binding("ctrl+c,ctrl+q", "request_quit", _("Quit"), priority=True, show=False),
        Binding("ctrl+p", "command_palette", _("Commands"), priority=True, show=False),
    ]

    def __init__(
        self,
        options: LaunchOptions | None = None,
        *,
        link_factory: LinkFactory | None = None,
    ) -> None:
        super().__init__()
        self.options = options or LaunchOptions()
        self.translator = translator(self.options.lang)
        """This app's language: ``_()`` in its screens resolves through it (per app)."""
        self.use_command_palette = True
        self.link_factory = link_factory or default_link_factory
        self.player = self.options.name or load_name() or default_name()
        self.plan: Plan | None = None
        self.child: ChildServer | None = None
        self.hosting = False
        self.left_running: ChildServer | None = None
        """A hosted server the player chose to leave running when quitting."""
        self.sent: list[Intent] = []
        """Every intent handed to the network, in order (tests read it)."""
        self.bridge = self._new_bridge()
        """Between the link and the screens (client/bridge.py); one per connection."""
        self.seats: tuple[SeatLabel, ...] = ()
        self.frame: Frame | None = None
        self.game_over = False
        self.result_round: int | None = None
        self.pending_game_over: tuple[GameOverScreen, Callable[[str | None], None]] | None = None
        self.server_address = ""
        self.host_addresses: list[str] = []
        self.web_urls: list[str] = list(self.options.web_urls)
        """Where friends open this server in a browser (a --web server hosted here, or a
        guest's --web-url)."""
        self.solo_resumable = False
        """This solo game can be resumed after the client closes: its journal is in the data
        dir and the seat's token is saved (seasalt.client.solo_game); False once it is over, and
        always for host/join games and solo games on a temporary journal."""
        self.chat_lines: list[tuple[str, str]] = []
        """The chat of the table we are at (ChatPanel shows it when a table screen opens)."""
        self.game_record: Any = None
        """The last ``game_record`` (how the finished game went)."""
        self.solo_game: SavedSolo | None = None
        """The solo game kept in the data dir (its seat token), for resuming it later."""
        self._render_scheduled = False
        self._last_frame_at = 0.0
        self.last_render_done = 0.0
        """perf_counter() when the table was last repainted (benchmarks read it)."""
        self.clock: Callable[[], float] = time.monotonic
        """Monotonic seconds for the table's pending-action timeout (tests inject one)."""
        self.result_seq: int | None = None
        """The seq of the round result on screen (a spectator's closes when play goes on)."""
        self.held_table: str | None = None
        """A table where this session holds a seat (the lobby marks it "your seat — rejoin")."""
        self.table_status = ""
        self.clock_reading: ClockReading | None = None
        """The table's running clocks (turn timer, takeovers, reading pause), as last told."""
        self.round_waiting: tuple[int, ...] = ()
        """The seats still reading the round result (``round_over``'s ``waiting``)."""
        self.auto_end_turn = auto_end.load()
        """The player's auto end turn setting (start menu, command palette)."""
        self.score_sheet: Any = None
        """The last score sheet the server sent (shown while a fresh one is asked for)."""

    def _new_bridge(self) -> Bridge:
        return Bridge(self.post_message, lambda: self.seats, lambda: self.clock(), self.sent)

    @property
    def session(self) -> ClientSession:
        """Where this client is: the one owner of table, seat and seq (client/session.py)."""
        return self.bridge.session

    @property
    def table(self) -> str | None:
        """The table we are at (the session's)."""
        return self.session.table

    @property
    def seat(self) -> int | None:
        """Our seat at :attr:`table` (the session's); None when watching."""
        return self.session.seat

    @property
    def seq(self) -> int | None:
        """The seq of the last frame the session applied."""
        return self.session.seq

    # --- start-up ---------------------------------------------------------------------------

    def on_mount(self) -> None:
        language.install(self)
        o = self.options
        if o.solo:
            self.begin(SoloPlan(self.player, o.opponents, o.level, o.extra_salt,
                                o.double_target, extra_pepper=o.extra_pepper, target=o.target))
        elif o.address:
            self.begin(JoinPlan(self.player, o.address))
        else:
            first_time = self.options.name is None and load_name() is None
            self.push_screen(StartScreen(self.player, ask_name=first_time))

    @on(StartScreen.Chosen)
    def on_start_chosen(self, message: StartScreen.Chosen) -> None:
        self.player = message.plan.name
        self.begin(message.plan)

    @property
    def server_key(self) -> str | None:
        """The server key this client talks CurveZMQ with: its own ``--secure`` child's, or
        ``--server-key`` or the key it announced for a joined server (None: plain)."""
        if isinstance(self.plan, JoinPlan) and self.plan.server_key is not None:
            return self.plan.server_key
        if self.child is not None:
            return self.child.server_key
        return self.options.server_key

    @property
    def hosted_key(self) -> str | None:
        """The key friends need to join the ``--secure`` server hosted here."""
        return self.child.server_key if self.hosting and self.child is not None else None

    def begin(self, plan: Plan) -> None:
        """Show the connecting screen and start the network worker for ``plan``."""
        self.plan = plan
        if isinstance(plan, SoloPlan):
            what = ngettext("Starting a solo game against {n} {level} bot…",
                            "Starting a solo game against {n} {level} bots…",
                            plan.opponents).format(
                n=plan.opponents, level=_(plan.level)
            )
        elif isinstance(plan, HostPlan):
            what = _("Starting a server on port {port}…").format(port=plan.port)
        else:
            what = _("Connecting to {address}…").format(address=normalise_address(plan.address))
        self._goto(ConnectingScreen(what))
        self.run_net(plan)

    def _goto(self, screen: Screen[Any]) -> None:
        """Make ``screen`` the base screen (modals on top are closed)."""
        while len(self.screen_stack) > 2:
            self.pop_screen()
        if len(self.screen_stack) == 2:
            self.switch_screen(screen)
        else:
            self.push_screen(screen)

    # --- the network worker ----------------------------------------------------------------

    @work(exclusive=True, group="net", exit_on_error=False)
    async def run_net(self, plan: Plan) -> None:
        """Connect, then pump messages both ways until cancelled."""
        link: Link | None = None
        self.bridge = bridge = self._new_bridge()
        try:
            address = await self._prepare_server(plan)
            self.server_address = address
            self.post_message(LinkStatus("connecting", _("Connecting to {address}…").format(
                address=address)))
            if self.link_factory is default_link_factory:
                # A joined server may be --secure (--server-key); a child we host with
                # --secure printed its key. The token is kept (to come back to the seat) except
                # for a solo child server, which dies with this client.
                link = default_link_factory(
                    address, plan.name, self.server_key, remember=not isinstance(plan, SoloPlan)
                )
                self.held_table = getattr(link, "kept_table", None)
            else:
                link = self.link_factory(address, plan.name)
            saved = unfinished_solo() if isinstance(plan, SoloPlan) and plan.resume else None
            if saved is not None and isinstance(link, ConnectionLink):
                link.conn.token = saved.token  # resume the seat kept in the solo journal
            await bridge.connect(link, address)
            self.post_message(LinkStatus("connected"))
            resumed = isinstance(plan, SoloPlan) and self._keep_solo(link, plan)
            if resumed:
                pass  # the server sends joined and the snapshot of the resumed seat
            elif isinstance(plan, SoloPlan):
                seats = ("human",) + (f"bot:{plan.level}",) * plan.opponents
                await bridge.send(link, SitDown("solo", seats, plan.extra_salt,
                                                plan.double_target, target=plan.target,
                                                extra_pepper=plan.extra_pepper))
            else:
                await bridge.send(link, AskTables())
            await bridge.pump(link)
        except LinkFailed as failure:
            self.post_message(LinkStatus("failed", failure.detail, failure.hints))
        except ServerStartError as failure:
            hints = () if isinstance(plan, SoloPlan) else (
                _("another program may already use that port: try another one"),
            )
            self.post_message(LinkStatus("failed", str(failure), hints))
        finally:
            if link is not None:
                with contextlib.suppress(Exception):
                    await link.close()

    async def _prepare_server(self, plan: Plan) -> str:
        """The address to connect to: the one typed, or that of our own server (started now
        unless it runs already)."""
        if isinstance(plan, JoinPlan):
            return normalise_address(plan.address)
        if self.child is not None and self.child.alive():
            return self.child.address
        self.child = child = await start_child(plan, self.options.server_seed,
                                               self.options.bot_delay)
        self.hosting = isinstance(plan, HostPlan)
        self.host_addresses = [a for a in child.join_addresses if a] if self.hosting else []
        self.web_urls = list(child.web_urls) if self.hosting else []
        watch_child(child, lambda: self.child is child, lambda: self._child_gone(child))
        return child.address

    def _child_gone(self, child: ChildServer) -> None:
        """Our own server stopped: no reconnect will bring it back."""
        if not self.screen_stack:
            return  # the app is closing: it stops its server itself
        detail = stopped_words(child)
        self.workers.cancel_group(self, "net")
        child.stop()
        self.child = None
        self.solo_resumable = False
        screen = self.screen
        if isinstance(screen, ConnectingScreen):
            screen.failed(detail, ())
        else:
            self.notify(detail, severity="error", timeout=10)
            for table in self._table_screens():
                table.set_link_state(_("disconnected: press q to quit"))

    def _keep_solo(self, link: Link, plan: SoloPlan) -> bool:
        """Remember the solo seat's token next to the solo journal; True when the server
        resumed the seat of the unfinished solo game (no new table is asked for then)."""
        child = self.child
        if not isinstance(link, ConnectionLink) or child is None or child.owns_db:
            return False  # a test link, or a temporary journal: nothing survives the client
        token = link.conn.token
        if token is None:
            return False
        self.solo_game = SavedSolo(
            token, plan.opponents, plan.level, plan.extra_salt, plan.double_target,
            plan.extra_pepper, plan.target)
        resumed = plan.resume and unfinished_solo() == self.solo_game
        self.solo_resumable = save_solo(self.solo_game)
        return resumed

    # --- messages from the worker --------------------------------------------------------

    @on(IntentQueued)
    def on_intent_queued(self, message: IntentQueued) -> None:
        self.bridge.outbox.put_nowait(message.intent)

    @on(LinkStatus)
    @while_open
    def on_link_status(self, message: LinkStatus) -> None:
        if not self.screen_stack:
            return  # shutting down
        screen = self.screen
        if message.status == "failed":
            if isinstance(screen, ConnectingScreen):
                screen.failed(message.detail, message.hints)
            else:
                self.notify(message.detail, severity="error", timeout=10)
                for table in self._table_screens():
                    table.set_link_state(_("disconnected: press q to quit"))
        elif message.status == "connecting" and isinstance(screen, ConnectingScreen):
            screen.progress(message.detail)
        elif message.status == "reconnecting":
            self.sub_title = _("reconnecting…")
            self.notify(_("Lost the server: reconnecting…"), severity="warning", timeout=5)
            for table in self._table_screens():
                table.set_link_state(_("reconnecting…"))
        elif message.status == "connected":
            if self.sub_title:
                self.notify(_("Connected again."), timeout=3)
            self.sub_title = ""
            for table in self._table_screens():
                table.set_link_state("")

    @on(ConnectingScreen.Retry)
    def on_retry(self) -> None:
        if self.plan is not None:
            self.begin(self.plan)

    @property
    def guest(self) -> bool:
        """A browser tab's client (``--guest``): see LaunchOptions.guest."""
        return self.options.guest

    @on(ConnectingScreen.Back)
    def on_back(self) -> None:
        self.workers.cancel_group(self, "net")
        if self.guest:  # no start menu for a browser tab: its page offers to open it again
            self.exit(0)
            return
        self._goto(StartScreen(self.player, getattr(self.plan, "address", None)))

    @on(TablesListed)
    @while_open
    def on_tables_listed(self, message: TablesListed) -> None:
        # The lobby may be under a dialog (new table, help): update it there, don't replace it.
        lobby = next((s for s in self.screen_stack if isinstance(s, LobbyScreen)), None)
        held = self.held_table
        if held is not None and not any(
            t.name == held and t.status in ("waiting", "running", "round_over")
            for t in message.tables
        ):
            self.held_table = held = None  # that game is over or gone: nothing to rejoin
        if lobby is None and self.table is None:
            lobby = LobbyScreen(
                self.player, self.server_address, self.host_addresses,
                hosting=self.hosting, held=held,
                encrypted=self.server_key is not None, server_key=self.hosted_key,
                web_urls=self.web_urls,
            )
            lobby.tables = message.tables
            self._goto(lobby)
        elif lobby is not None:
            lobby.held = held
            lobby.show_tables(message.tables)

    def join_hint(self) -> str:
        """How friends join this server (waiting room, help); empty in solo."""
        if isinstance(self.plan, SoloPlan):
            return ""
        return join_line(
            self.hosting, self.host_addresses, self.server_address, self.hosted_key
        )

    @on(TableSeatsChanged)
    @while_open
    def on_table_seats_changed(self, message: TableSeatsChanged) -> None:
        summary = message.summary
        if summary.name != self.table:
            return
        self.table_status = summary.status
        self.seats = tuple(
            s if s is not None else SeatLabel(_("(free seat)"), None, False, False)
            for s in summary.seats
        )
        hint = self.join_hint()
        if summary.status == "waiting":
            self.frame = None  # no game yet (or the last one is over): the waiting room
        for table in self._table_screens():
            if table.note_table(summary, hint):
                self.call_later(table.render_waiting)
        if self.frame is not None:
            self.frame = Frame(self.frame.table, self.frame.seq, self.frame.view, self.seats,
                               self.frame.events)
            self.call_later(self._relabel_table_screens)

    async def _relabel_table_screens(self) -> None:
        """New seat names on screen: with the latest frame when this runs, not the one of
        the moment the names came (updates of the same burst may have arrived meanwhile)."""
        frame = self.frame
        if frame is None:
            return
        for table in self._table_screens():
            await table.show_frame(frame, False)

    @on(LeftTable)
    @while_open
    def on_left_table(self, message: LeftTable) -> None:
        if not message.asked and message.table and message.seat is not None:
            # The server freed the seat of a player it heard nothing from (before the
            # start, or at a game over): say so, or the lobby appears without a reason.
            self.notify(
                _("You were away too long: your seat at {table} was given up. "
                  "Join it again from the lobby.").format(table=message.table),
                severity="warning", timeout=12,
            )
        if self.game_over or message.seat is None or self.table_status == "waiting":
            self.held_table = None  # nothing left to come back to (a waiting seat is freed)
        self.frame = None
        self.post_message(IntentQueued(AskTables()))

    @on(AtTable)
    @while_open
    def on_at_table(self, message: AtTable) -> None:
        if message.new_table:
            self.chat_lines = []  # another table: its chat_history follows the snapshot
        again = message.again and any(
            screen.table == message.table for screen in self._table_screens()
        )
        self.clock_reading, self.round_waiting = None, ()
        self.game_over = False
        self.result_seq = None
        self.table_status = ""
        if message.seat is not None:
            self.held_table = message.table
        if again:
            # The same seat again (a resumed session and the app's own join, back to back):
            # the table screen stays, the snapshot that follows draws it. Replacing a table
            # screen still being mounted hung Textual for good on a loaded machine (chaos
            # soak, seeds 1002, 1004, 4003: the app's pump waited on the old screen's removal).
            return
        self._goto(TableScreen(message.table, self.clock))

    @on(FrameArrived)
    @while_open
    async def on_frame_arrived(self, message: FrameArrived) -> None:
        frame = message.frame
        if self.seats and len(self.seats) == len(frame.view.seats):
            frame = Frame(frame.table, frame.seq, frame.view, self.seats, frame.events)
        self.frame = frame
        if not frame.view.is_over:
            self.game_over = False  # a new game after "play again"
            if self.solo_game is not None and not self.solo_resumable:
                self.solo_resumable = save_solo(self.solo_game)  # kept again for the new game
        screens = self._table_screens()
        if not screens:
            screen = TableScreen(frame.table, self.clock)
            self._goto(screen)
            await asyncio.sleep(0)
            screens = [screen]
        for table in screens:
            table.note_frame(frame)
        self._close_stale_result(frame)
        v = frame.view
        if v.seat is not None and v.seats[v.seat].locked:
            # A lock can last a single update: show it now rather than coalesce it away.
            await self._render_tables()
            return
        now = time.perf_counter()
        in_burst = now - self._last_frame_at < BURST_GAP
        self._last_frame_at = now
        if not self._render_scheduled:
            # Updates often come in bursts (bots moving without delay): render only the newest
            # frame. A lone update is drawn RENDER_COALESCE after it arrives; inside a burst the
            # screen is redrawn every RENDER_BURST at most, which nobody can follow faster anyway.
            self._render_scheduled = True
            # asyncio's timer, not Textual's set_timer: a Textual timer whose task is held up
            # for longer than its delay (the process preempted on a loaded machine) never
            # fires, and this flag then stayed set: no frame was drawn again (issue 13, the
            # chaos soak's "taken in but not drawn").
            asyncio.get_running_loop().call_later(
                RENDER_BURST if in_burst else RENDER_COALESCE, self._render_due
            )

    def _render_due(self) -> None:
        """The coalesced render's time: in our message loop, unless the app is closing (a
        Textual timer does not fire then either)."""
        if self.is_running:
            self.call_next(self._render_tables)

    def _close_stale_result(self, frame: Frame) -> None:
        """A spectator's round result closes once the next round is being played (nobody
        waits for a spectator's Continue, so play goes on under the dialog)."""
        if self.seat is not None or self.result_seq is None or frame.seq <= self.result_seq:
            return
        if isinstance(self.screen, RoundResultScreen):
            self.screen.dismiss(None)
        self.result_seq = None

    async def _render_tables(self) -> None:
        self._render_scheduled = False
        for table in self._table_screens():
            if table.is_mounted:
                await table.render_latest()
                self.last_render_done = time.perf_counter()

    @on(RoundEnded)
    @while_open
    def on_round_ended(self, message: RoundEnded) -> None:
        result = message.result
        self.round_waiting = message.waiting
        if self.result_round == result.round:
            if isinstance(self.screen, RoundResultScreen):
                self.screen.waiting = message.waiting  # someone else has read it
            return
        self.result_round = result.round
        self.result_seq = message.seq
        self._refresh_scores()
        names = Names([s.name for s in self.seats], self.seat)

        def done(_answer: bool | None) -> None:
            if self.seat is not None:
                self.post_message(IntentQueued(DoneReading()))
            if self.pending_game_over is not None:
                screen, callback = self.pending_game_over
                self.pending_game_over = None
                self.push_screen(screen, callback)

        view = self.frame.view if self.frame is not None else None
        winners = view.winners if view is not None and view.is_over else None
        screen = RoundResultScreen(result, names, message.waiting, winners)
        # The others' last moves stay in view a moment first (client/screens/result_hold.py).
        if not (isinstance(self.screen, TableScreen)
                and self.screen.hold_result(lambda: self.push_screen(screen, done))):
            self.push_screen(screen, done)

    @on(GameEnded)
    @while_open
    def on_game_ended(self, message: GameEnded) -> None:
        self.game_over = True
        self.game_record = None  # this game's follows the game over
        if self.solo_resumable:
            forget_solo()  # nothing left to resume
            self.solo_resumable = False
        names = Names([s.name for s in self.seats], self.seat)

        def done(answer: str | None) -> None:
            if answer == "again":
                self.result_round = None
                self.post_message(IntentQueued(AgreeToPlayAgain()))
                self.notify(_("Waiting for everyone to agree to play again…"), timeout=5)
            elif answer == "lobby":
                self.post_message(IntentQueued(LeaveTable()))
            else:
                self.action_request_quit()

        screen = GameOverScreen(message.end, names)
        if isinstance(self.screen, RoundResultScreen) or (
            isinstance(self.screen, TableScreen) and self.screen.holding_result
        ):
            # Let the player read the last round first: game over follows its Continue.
            self.pending_game_over = (screen, done)
        else:
            self.push_screen(screen, done)

    @on(ChatArrived)
    @while_open
    def on_chat_arrived(self, message: ChatArrived) -> None:
        self.chat_lines.append((message.name, message.text))
        for table in self._table_screens():
            table.add_chat(message.name, message.text)

    @on(ChatHistoryArrived)
    @while_open
    def on_chat_history(self, message: ChatHistoryArrived) -> None:
        """The table's recent chat (on joining, watching, coming back): it replaces ours."""
        self.chat_lines = list(message.lines)
        for table in self._table_screens():
            table.query_one(ChatPanel).replace(self.chat_lines)

    @on(GameRecordArrived)
    @while_open
    def on_game_record(self, message: GameRecordArrived) -> None:
        self.game_record = message.record
        screens = [s for s in self.screen_stack if isinstance(s, GameOverScreen)]
        if self.pending_game_over is not None:
            screens.append(self.pending_game_over[0])
        for screen in screens:
            screen.show_record(message.record)

    @on(ClocksArrived)
    @while_open
    def on_clocks_arrived(self, message: ClocksArrived) -> None:
        clocks = message.clocks
        if clocks.table != self.table or not self.screen_stack:  # (or shutting down)
            return
        self.clock_reading = None if clocks.empty else ClockReading(clocks, message.at)
        for table in self._table_screens():
            table.tick_clocks()
        if isinstance(self.screen, RoundResultScreen):
            self.screen.tick_clock()

    @on(TimeRanOutArrived)
    @while_open
    def on_time_ran_out(self, message: TimeRanOutArrived) -> None:
        for table in self._table_screens():
            table.note_time_ran_out(message.seat)

    @on(WebAddressesArrived)
    def on_web_addresses(self, message: WebAddressesArrived) -> None:
        self.web_urls = list(message.urls)  # before the first lobby: right after welcome

    # --- the score sheet (client/screens/scores.py) ----------------------------------------

    def action_open_scores(self) -> None:
        """Show the score sheet of this table's game (the server sends the numbers)."""
        if not self.table or isinstance(self.screen, ScoresScreen):
            return
        names = Names([s.name for s in self.seats], self.seat)
        known = self.score_sheet  # shown until the fresh one comes, unless from a past game
        if known is not None and known.over and self.frame is not None and (
            not self.frame.view.is_over
        ):
            known = None
        self.push_screen(ScoresScreen(self.table, names, known))

    @on(ScoresArrived)
    @while_open
    def on_scores_arrived(self, message: ScoresArrived) -> None:
        self.score_sheet = message.sheet
        for screen in self.screen_stack:
            if isinstance(screen, ScoresScreen):
                screen.show_sheet(message.sheet)

    def _refresh_scores(self) -> None:
        """A round ended: an open sheet asks again."""
        for screen in self.screen_stack:
            if isinstance(screen, ScoresScreen):
                screen.ask()

    @on(Refused)
    @while_open
    def on_refused(self, message: Refused) -> None:
        # Any refusal frees the table's input: whatever was refused, the player may choose
        # again (an action sent twice is refused as stale, never applied twice).
        for table in self._table_screens():
            table.release_input()
        if message.code is ErrorCode.STALE_SEQ:
            return  # a newer view is on its way; the player simply chooses again
        if isinstance(self.screen, ConnectingScreen):  # e.g. a solo table the server refused
            detail = error_text(message.code, message.message)
            if message.message and message.message not in detail:
                detail = f"{detail}\n{message.message}"
            self.workers.cancel_group(self, "net")
            self.screen.failed(detail, ())
            return
        self.notify(error_text(message.code, message.message), severity="error", timeout=8)

    def _table_screens(self) -> list[TableScreen]:
        return [s for s in self.screen_stack if isinstance(s, TableScreen)]

    # --- help and quitting ---------------------------------------------------------------

    def action_help(self) -> None:
        self.push_screen(HelpScreen(self.join_hint() if self.table else ""))

    def set_language(self, lang: str) -> None:
        """Speak ``lang`` from now on; every open screen is re-rendered at once."""
        language.switch(self, lang)

    def action_command_palette(self) -> None:
        language.open_palette(self)

    def action_back_or_quit(self) -> None:
        """``q`` at the table: a spectator, or a player in the waiting room (no game yet, so
        nothing to lose), goes back to the lobby; a player in a game is asked."""
        watching = self.seat is None or self.table_status == "waiting"
        if self.table is not None and watching and self.plan is not None:
            self.post_message(IntentQueued(LeaveTable()))
            return
        self.action_request_quit()

    def quit_question(self) -> str:
        """What the quit dialog tells a seated player: only what is true for this game."""
        if isinstance(self.plan, SoloPlan):
            if self.solo_resumable:  # its journal and seat token are kept in the data dir
                return _("Quit? Your solo game is kept: start seasalt-client again to resume "
                         "it from the start menu.")
            return _("Quit? This solo game ends with the client: it cannot be resumed.")
        return _("Leave the game? A bot plays your seat until you come back: start "
                 "seasalt-client {address} again and you are back in your seat.").format(
                     address=self.server_address)

    def action_request_quit(self) -> None:
        if isinstance(self.screen, (ConfirmDialog, HostQuitDialog)):
            return
        if self.hosting and self.child is not None and self.child.alive():
            def answered(answer: str | None) -> None:
                if answer == "stop":
                    self._quit_app(stop_child=True)
                elif answer == "leave":
                    self._quit_app(stop_child=False)

            self.push_screen(HostQuitDialog(), answered)
            return
        in_game = (
            bool(self._table_screens()) and not self.game_over and self.seat is not None
            and self.table_status != "waiting"  # no game yet: no bot will play the seat
        )
        if in_game:
            def confirmed(yes: bool | None) -> None:
                if yes:
                    self._quit_app(stop_child=True)

            self.push_screen(ConfirmDialog(self.quit_question()), confirmed)
            return
        self._quit_app(stop_child=True)

    def _quit_app(self, *, stop_child: bool) -> None:
        self.workers.cancel_group(self, "net")
        if self.child is not None:
            if stop_child:
                self.child.stop()
            else:
                self.left_running = self.child
                self.child.process.returncode = 0  # we let it go: not ours to wait for
            self.child = None
        self.exit(0)

    async def on_event(self, event: events.Event) -> None:
        # A key typed as the app closes ("y" on the quit dialog and a second key at once, as a
        # held key sends) reaches Textual after its last screen is gone, and Textual's binding
        # lookup then dies with ScreenStackError: the player saw a traceback instead of a
        # goodbye. Nothing is left to act on that key, so it is dropped.
        if isinstance(event, events.Key) and not self.screen_stack:
            return
        await super().on_event(event)

    def on_unmount(self) -> None:
        if self.child is not None and not self.hosting:
            child, self.child = self.child, None
            child.stop()


def run_app(
    address: str | None = None,
    name: str | None = None,
    solo: bool = False,
    opponents: int = 2,
    level: str = "greedy",
    extra_salt: bool = False,
    double_target: bool = False,
    extra_pepper: bool = False,
    target: int = 0,
    lang: str | None = None,
    server_key: str | None = None,
    bot_delay: float | None = None,
    guest: bool = False,
    web_urls: tuple[str, ...] = (),
) -> int:
    """Run the TUI (the ``seasalt-client`` entry point calls this); returns the exit code."""
    app = SeasaltApp(
        LaunchOptions(
            address=address, name=name, solo=solo, opponents=opponents, level=level,
            extra_salt=extra_salt, double_target=double_target, extra_pepper=extra_pepper,
            target=target, lang=resolve(lang),
            server_key=server_key, bot_delay=bot_delay, guest=guest, web_urls=web_urls,
        )
    )
    try:
        result = app.run()
    finally:
        if app.child is not None and not app.hosting:
            app.child.stop()
    if app.left_running is not None:
        server = app.left_running
        print(_("The seasalt server keeps running for the others (process {pid}); stop it with "
                "`kill {pid}`. Its output: {log}").format(pid=server.pid, log=server.log_path))
    return result if isinstance(result, int) else 0


if __name__ == "__main__":
    raise SystemExit(run_app(solo=bool(os.environ.get("SEASALT_SOLO"))))
