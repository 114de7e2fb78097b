"""The Textual app: screens and lifecycle (docs/client.md "Start here").

The network worker (``run_net``) starts the app's own server for solo and host
(client/tui/hosting.py), makes the link (client/tui/link.py) and runs a :class:`Bridge`
(client/tui/bridge.py) on it: the bridge feeds server messages to the :class:`ClientSession` (the
one owner of table, seat and seq) and posts what they mean to the screens as Textual messages,
which the app relays to the part that owns their state (the table, lobby, network, start and quit
flows, our own server: client/tui/*_flow.py, hosting.py); screens post intents
(client/net/intents.py) back. Screens render frames and post intents; they never touch the
network or decide a rule. Screens and tests read a part's state from the part (``app.flow.frame``,
``app.own.child``, ``app.session.seat``): the app re-exports none of it.
"""

from __future__ import annotations

import os
import shutil
import time
from collections.abc import Callable
from typing import Any

from seasalt.client.files.settings import load_name, save_name
from seasalt.client.lessons.plan import LessonPlan
from seasalt.client.net.discovery import Feed
from seasalt.client.net.intents import Intent, LeaveTable
from seasalt.client.net.session import ClientSession
from seasalt.client.tui import auto_end, language
from seasalt.client.tui.bridge import Bridge
from seasalt.client.tui.hosting import OwnServer
from seasalt.client.tui.launch_options import LaunchOptions
from seasalt.client.tui.link import LinkFactory, default_link_factory
from seasalt.client.tui.lobby_flow import LobbyFlow
from seasalt.client.tui.messages import (
    AtTable,
    ChatArrived,
    ChatHistoryArrived,
    ClocksArrived,
    FrameArrived,
    GameEnded,
    GameRecordArrived,
    IntentQueued,
    LeftTable,
    LinkStatus,
    Refused,
    RoundEnded,
    SoloNotResumed,
    TableSeatsChanged,
    TablesListed,
    TimeRanOutArrived,
    WebAddressesArrived,
)
from seasalt.client.tui.net_flow import NetFlow, Plan, starting_words
from seasalt.client.tui.phone import PHONE_BELOW
from seasalt.client.tui.quit_flow import QuitFlow, wrap_parting
from seasalt.client.tui.relay import relay
from seasalt.client.tui.screens.connecting import ConnectingScreen
from seasalt.client.tui.screens.help import HelpScreen
from seasalt.client.tui.screens.lesson_table import LessonTableScreen
from seasalt.client.tui.screens.palette import AutoEndCommands
from seasalt.client.tui.screens.scores import ScoresArrived
from seasalt.client.tui.screens.start import JoinPlan, SoloPlan, StartScreen, default_name
from seasalt.client.tui.screens.table import TableScreen
from seasalt.client.tui.start_flow import StartFlow
from seasalt.client.tui.table_flow import TableFlow
from seasalt.client.tui.table_news import TableNews
from seasalt.client.words.i18n import _, resolve, translator
from seasalt.client.words.join_address import join_line
from textual import events, on, work
from textual.app import App
from textual.binding import Binding
from textual.screen import Screen


class SeasaltApp(App[int], TableNews):
    """Sea Salt & Paper in the terminal; the table's news for its screens is held here
    (:class:`TableNews`, client/tui/table_news.py)."""

    CSS_PATH = ["app.tcss", "phone.tcss"]  # phone.tcss: every screen under 80 columns
    # Every screen without its own (the table has its own) is laid out for a phone under 80
    # columns (client/tui/phone.py, phone.tcss): a row of buttons goes in two columns.
    HORIZONTAL_BREAKPOINTS = [(0, "-phone"), (PHONE_BELOW, "-desk")]
    VERTICAL_BREAKPOINTS = [(0, "-low"), (24, "-tall")]  # -low: a phone held sideways
    TITLE = "Sea Salt & Paper"
    # The palette (ctrl+p) holds the language commands; it is not advertised in the footer
    # (no room at 80 columns), so Textual's own palette switch stays off: see __init__.
    ENABLE_COMMAND_PALETTE = False
    COMMANDS = {language.LanguageCommands, AutoEndCommands}
    # A screen under another (a dialog) gets this class, and app.tcss hides its footer: the lobby's
    # "n New table  j Join … q Quit" stayed on show under the new-table dialog, where none of
    # those keys does anything (the dialog says its own keys on its buttons).
    SUSPENDED_SCREEN_CLASS = "-suspended"
    discovery_feed: Feed | None = None
    """Where the start menu's Join list hears of LAN servers (None: mDNS; tests set a fake)."""
    BINDINGS = [
        Binding("ctrl+c,ctrl+q", "request_quit", _("Quit"), priority=True, show=False),
        Binding("ctrl+p", "command_palette", _("Commands"), priority=True, show=False),
    ]

    def __init__(self, options: LaunchOptions | None = None, *,
                 link_factory: LinkFactory | None = None) -> None:
        super().__init__()
        self.options = o = options or LaunchOptions()
        self.link_factory = link_factory or default_link_factory
        # The app's parts, each given only what it uses (docs/client.md "The app's parts").
        self.own = OwnServer(o.server_seed, o.bot_delay, o.web_urls)  # client/tui/hosting.py
        self.flow = TableFlow(self, self, self.own, self)  # client/tui/table_flow.py
        self.net = NetFlow(self, self.own, self.flow, self.link_factory,  # client/tui/net_flow.py
                           lambda: self.server_key, self.stop_net, o.connect_patience)
        self.lobby = LobbyFlow(self, self, self.own, self.net, self.flow)  # tui/lobby_flow.py
        self.quitting = QuitFlow(self, self, self.own, self.net, self.flow)  # tui/quit_flow.py
        self.starting = StartFlow(self, self, self.own)  # client/tui/start_flow.py
        self.translator = translator(self.options.lang)
        """This app's language: ``_()`` in its screens resolves through it (per app)."""
        self.use_command_palette = True
        self.player = self.options.name or load_name() or default_name()
        self.plan: Plan | None = None
        self.sent: list[Intent] = []
        """Every intent handed to the network, in order (tests read it)."""
        self.bridge = self._new_bridge()
        """Between the link and the screens (client/tui/bridge.py); one per connection."""
        self.clock: Callable[[], float] = time.monotonic
        """Monotonic seconds for the table's pending-action timeout (tests inject one)."""
        self.auto_end_turn = auto_end.load()
        """The player's auto end turn setting (start menu, command palette)."""

    def _new_bridge(self) -> Bridge:
        return Bridge(self.post_message, lambda: self.flow.seats, lambda: self.clock(), self.sent)

    @property
    def session(self) -> ClientSession:
        """Where this client is: the one owner of table, seat and seq (client/net/session.py)."""
        return self.bridge.session

    # --- start-up ---------------------------------------------------------------------------

    def on_mount(self) -> None:
        language.install(self)
        self.starting.first_plan()

    on_solo_not_resumed = relay(SoloNotResumed, StartFlow.solo_not_resumed, "starting")

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
        running = self.own.child or self.own.left_running  # (left running: the way back to it)
        if running is not None:
            return running.server_key
        return self.options.server_key

    def begin(self, plan: Plan) -> None:
        """Show the connecting screen and start the network worker for ``plan``."""
        self.plan = plan
        self.goto(ConnectingScreen(starting_words(plan)))
        self.run_net(plan)

    def table_screen(self, table: str) -> TableScreen:
        """The screen for the table of ``table``: a lesson's has the lesson's line."""
        if isinstance(self.plan, LessonPlan):
            return LessonTableScreen(table, self.clock, self.plan.run)
        return TableScreen(table, self.clock)

    @on(LessonTableScreen.Leave)
    def leave_lesson(self) -> None:
        """Out of a lesson, at any moment: back to the start menu (nothing is kept)."""
        self.stop_net()
        self.plan = None
        self.goto(StartScreen(self.player))

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
        """Connect, then pump messages both ways until cancelled (client/tui/net_flow.py)."""
        self.bridge = self._new_bridge()
        await self.net.run(plan, self.bridge)

    # --- messages from the worker --------------------------------------------------------

    @on(IntentQueued)
    def on_intent_queued(self, message: IntentQueued) -> None:
        if isinstance(self.plan, LessonPlan) and isinstance(message.intent, LeaveTable):
            self.leave_lesson()  # (the game over's "lobby": a lesson has no lobby)
            return
        self.bridge.outbox.put_nowait(message.intent)

    @on(ConnectingScreen.Retry)
    def on_retry(self) -> None:
        if self.plan is not None:
            self.begin(self.plan)

    @on(ConnectingScreen.Back)
    def on_back(self) -> None:
        self.stop_net()
        if self.own.solo:
            # Nothing is played from the start menu: a solo server left running would hold the
            # solo journal (the menu's "Resume" and the next solo game need it).
            self.own.stop_child()
        if self.options.guest:  # no start menu for a browser tab: its page offers to open it again
            self.exit(0)
            return
        self.goto(StartScreen(self.player, getattr(self.plan, "address", None)))

    def join_hint(self) -> str:
        """How friends join this server (waiting room, help); empty in solo."""
        if isinstance(self.plan, SoloPlan):
            return ""
        return join_line(
            self.own.hosting, self.own.host_addresses, self.net.server_address,
            self.own.hosted_key if self.own.hosting else self.server_key,  # (joined: the key used)
        )

    # --- the server's news: to the part it is about, by message type (forward.relay) ---------

    on_link_status = relay(LinkStatus, NetFlow.link_status, "net")
    on_tables_listed = relay(TablesListed, LobbyFlow.tables_listed, "lobby")
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

    on_web_addresses = relay(WebAddressesArrived, OwnServer.web_addresses, "own")

    def action_open_scores(self) -> None:
        """Show the score sheet of this table's game (the server sends the numbers)."""
        self.flow.open_scores()

    def stop_net(self) -> None:
        """Cancel the network worker."""
        self.workers.cancel_group(self, "net")

    # --- help and quitting ---------------------------------------------------------------

    def action_help(self) -> None:
        self.push_screen(HelpScreen(self.join_hint() if self.session.table else ""))

    def set_language(self, lang: str) -> None:
        """Speak ``lang`` from now on; every open screen is re-rendered at once."""
        language.switch(self, lang)

    def action_command_palette(self) -> None:
        language.open_palette(self)

    def action_back_or_quit(self) -> None:
        self.quitting.back_or_quit()  # (``q`` at the table)

    def action_request_quit(self) -> None:
        self.quitting.request_quit()

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
    address: str | None = None, name: str | None = None, solo: bool = False, opponents: int = 2,
    level: str = "greedy", extra_salt: bool = False, double_target: bool = False,
    extra_pepper: bool = False, target: int = 0, lang: str | None = None,
    server_key: str | None = None, bot_delay: float | None = None,
    guest: bool = False, web_urls: tuple[str, ...] = (), learn: str | None = None,
) -> int:
    """Run the TUI (the ``seasalt-client`` entry point calls this); returns the exit code."""
    if name is not None:
        # --name is this player's name from now on: the next start without it (the command
        # a friend repeats) plays as the same person, with the seat its session token keeps
        # (client/files/tokens.py keys them by name). Here, not in the app: an app a test or a
        # benchmark builds must not change the name remembered in its user's home.
        save_name(name)
    app = SeasaltApp(
        LaunchOptions(
            address=address, name=name, solo=solo, opponents=opponents, level=level,
            extra_salt=extra_salt, double_target=double_target, extra_pepper=extra_pepper,
            target=target, lang=resolve(lang),
            server_key=server_key, bot_delay=bot_delay, guest=guest, web_urls=web_urls,
            learn=learn,
        )
    )
    try:
        result = app.run()
    finally:
        app.own.close()
    columns = shutil.get_terminal_size().columns
    for line in app.quitting.parting_words():
        print(wrap_parting(line, columns))
    return result if isinstance(result, int) else 0



if __name__ == "__main__":
    raise SystemExit(run_app(solo=bool(os.environ.get("SEASALT_SOLO"))))
