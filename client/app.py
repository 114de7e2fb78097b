"""The Textual app: screens and lifecycle (docs/client.md "Start here").

The network worker (``run_net``) starts the app's own server for solo and host
(client/hosting.py), makes the link (client/link.py) and runs a :class:`Bridge`
(client/bridge.py) on it: the bridge feeds server messages to the :class:`ClientSession` (the one
owner of table, seat and seq) and posts what they mean to the screens as Textual messages,
which the handlers here put on screen; screens post intents (client/intents.py) back. Screens
render frames and post intents; they never touch the network or decide a rule.
"""

from __future__ import annotations

import os
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from seasalt.client import auto_end, language
from seasalt.client.address import normalise_address
from seasalt.client.bridge import Bridge
from seasalt.client.clocks import ClockReading
from seasalt.client.discovery import Feed
from seasalt.client.forward import Forwarded, relay
from seasalt.client.hosting import OwnServer
from seasalt.client.i18n import _, ngettext, resolve, translator
from seasalt.client.intents import (
    Intent,
    LeaveTable,
)
from seasalt.client.link import LinkFactory, default_link_factory
from seasalt.client.net_flow import NetFlow, Plan
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
    TableSeatsChanged,
    TablesListed,
    TimeRanOutArrived,
    WebAddressesArrived,
)
from seasalt.client.screens.palette import AutoEndCommands
from seasalt.client.screens.scores import ScoresArrived
from seasalt.client.screens.start import HostPlan, JoinPlan, SoloPlan, StartScreen, default_name
from seasalt.client.session import ClientSession
from seasalt.client.solo import ChildServer
from seasalt.client.table_flow import TableFlow
from seasalt.client.where import join_line
from textual import events, on, work
from textual.app import App
from textual.binding import Binding
from textual.screen import Screen


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
    # The table view's state lives in the table flow; screens and tests read it here.
    frame = Forwarded[Frame | None]("flow")
    result_round = Forwarded[int | None]("flow")
    chat_lines = Forwarded[list[tuple[str, str]]]("flow")
    game_record = Forwarded[Any]("flow")
    last_render_done = Forwarded[float]("flow")
    held_table = Forwarded[str | None]("flow")
    table_status = Forwarded[str]("flow")
    clock_reading = Forwarded[ClockReading | None]("flow")
    round_waiting = Forwarded[tuple[int, ...]]("flow")
    score_sheet = Forwarded[Any]("flow")
    # The app's own server and the solo game kept live in client/hosting.py's OwnServer.
    child = Forwarded[ChildServer | None]("own")
    hosting = Forwarded[bool]("own")
    left_running = Forwarded[ChildServer | None]("own")
    host_addresses = Forwarded[list[str]]("own")
    web_urls = Forwarded[list[str]]("own")
    solo_resumable = Forwarded[bool]("own")
    server_address = Forwarded[str]("net")

    def __init__(
        self,
        options: LaunchOptions | None = None,
        *,
        link_factory: LinkFactory | None = None,
    ) -> None:
        super().__init__()
        self.options = o = options or LaunchOptions()
        self.own = OwnServer(o.server_seed, o.bot_delay, o.web_urls)
        """The app's own server (solo, host) and the solo game kept (client/hosting.py)."""
        self.flow = TableFlow(self, self, self.own)
        """The table view's state and handlers (client/table_flow.py)."""
        self.link_factory = link_factory or default_link_factory
        self.net = NetFlow(self, self.own, self.flow, self.link_factory, lambda: self.server_key,
                           self.stop_net)
        """The network worker's side: the link, the bridge, the link's state (net_flow.py)."""
        self.translator = translator(self.options.lang)
        """This app's language: ``_()`` in its screens resolves through it (per app)."""
        self.use_command_palette = True
        self.player = self.options.name or load_name() or default_name()
        self.plan: Plan | None = None
        self.sent: list[Intent] = []
        """Every intent handed to the network, in order (tests read it)."""
        self.bridge = self._new_bridge()
        """Between the link and the screens (client/bridge.py); one per connection."""
        self.clock: Callable[[], float] = time.monotonic
        """Monotonic seconds for the table's pending-action timeout (tests inject one)."""
        self.auto_end_turn = auto_end.load()
        """The player's auto end turn setting (start menu, command palette)."""

    def _new_bridge(self) -> Bridge:
        return Bridge(self.post_message, lambda: self.flow.seats, lambda: self.clock(), self.sent)

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
                                o.double_target))
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
        self.goto(ConnectingScreen(what))
        self.run_net(plan)

    def goto(self, screen: Screen[Any]) -> None:
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
        """Connect, then pump messages both ways until cancelled (client/net_flow.py)."""
        self.bridge = self._new_bridge()
        await self.net.run(plan, self.bridge)

    # --- messages from the worker --------------------------------------------------------

    @on(IntentQueued)
    def on_intent_queued(self, message: IntentQueued) -> None:
        self.bridge.outbox.put_nowait(message.intent)

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
        self.stop_net()
        if self.guest:  # no start menu for a browser tab: its page offers to open it again
            self.exit(0)
            return
        self.goto(StartScreen(self.player, getattr(self.plan, "address", None)))

    @on(TablesListed)
    def on_tables_listed(self, message: TablesListed) -> None:
        if not self.is_running:
            return  # shutting down (see table_flow.relay)
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
            self.goto(lobby)
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

    # --- the table's news: the table flow's (client/table_flow.py), by message type ---------

    on_link_status = relay(LinkStatus, NetFlow.link_status, "net")
    on_table_seats_changed = relay(TableSeatsChanged, TableFlow.table_seats_changed)
    on_left_table = relay(LeftTable, TableFlow.left_table)
    on_at_table = relay(AtTable, TableFlow.at_table)
    on_frame_arrived = relay(FrameArrived, TableFlow.frame_arrived)
    on_round_ended = relay(RoundEnded, TableFlow.round_ended)
    on_game_ended = relay(GameEnded, TableFlow.game_ended)
    on_chat_arrived = relay(ChatArrived, TableFlow.chat_arrived)
    on_chat_history = relay(ChatHistoryArrived, TableFlow.chat_history)
    on_game_record = relay(GameRecordArrived, TableFlow.game_record_arrived)
    on_clocks_arrived = relay(ClocksArrived, TableFlow.clocks_arrived)
    on_time_ran_out = relay(TimeRanOutArrived, TableFlow.time_ran_out)
    on_scores_arrived = relay(ScoresArrived, TableFlow.scores_arrived)
    on_refused = relay(Refused, TableFlow.refused)

    @on(WebAddressesArrived)
    def on_web_addresses(self, message: WebAddressesArrived) -> None:
        self.web_urls = list(message.urls)  # before the first lobby: right after welcome

    def action_open_scores(self) -> None:
        """Show the score sheet of this table's game (the server sends the numbers)."""
        self.flow.open_scores()

    def stop_net(self) -> None:
        """Cancel the network worker."""
        self.workers.cancel_group(self, "net")

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
            bool(self.flow.table_screens()) and not self.flow.game_over and self.seat is not None
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
        self.stop_net()
        self.own.let_go(stop=stop_child)
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
        self.own.close()


def run_app(
    address: str | None = None,
    name: str | None = None,
    solo: bool = False,
    opponents: int = 2,
    level: str = "greedy",
    extra_salt: bool = False,
    double_target: bool = False,
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
            extra_salt=extra_salt, double_target=double_target, lang=resolve(lang),
            server_key=server_key, bot_delay=bot_delay, guest=guest, web_urls=web_urls,
        )
    )
    try:
        result = app.run()
    finally:
        app.own.close()
    if app.left_running is not None:
        server = app.left_running
        print(_("The seasalt server keeps running for the others (process {pid}); stop it with "
                "`kill {pid}`. Its output: {log}").format(pid=server.pid, log=server.log_path))
    return result if isinstance(result, int) else 0


if __name__ == "__main__":
    raise SystemExit(run_app(solo=bool(os.environ.get("SEASALT_SOLO"))))
