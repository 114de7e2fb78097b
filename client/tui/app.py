"""The Textual app: screens and lifecycle (docs/client.md "Start here").

The network worker (``run_net``) starts the app's own server for solo and host
(client/tui/hosting.py), makes the link (client/tui/link.py) and runs a :class:`Bridge`
(client/tui/bridge.py) on it: the bridge feeds server messages to the :class:`ClientSession` (the
one owner of table, seat and seq) and posts what they mean to the screens as Textual messages,
which the handlers here put on screen; screens post intents (client/net/intents.py) back. Screens
render frames and post intents; they never touch the network or decide a rule.
"""

from __future__ import annotations

import contextlib
import os
import shutil
import textwrap
import time
from collections.abc import Callable
from dataclasses import replace
from typing import Any

from seasalt.client.files.settings import load_name, save_name
from seasalt.client.lessons.plan import LessonPlan
from seasalt.client.net.discovery import Feed
from seasalt.client.net.intents import Intent, LeaveTable
from seasalt.client.net.session import ClientSession
from seasalt.client.own_server.child_server import ChildServer, journal_in_use
from seasalt.client.own_server.solo_game import forget_solo, solo_db_path, unfinished_solo
from seasalt.client.tui import auto_end, language
from seasalt.client.tui.bridge import Bridge
from seasalt.client.tui.clocks import ClockReading
from seasalt.client.tui.hosting import OwnServer
from seasalt.client.tui.launch_options import (
    LaunchOptions as LaunchOptions,  # (re-exported: tests use it)
)
from seasalt.client.tui.link import LinkFactory, default_link_factory
from seasalt.client.tui.lobby_flow import LobbyFlow
from seasalt.client.tui.messages import (
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
    SoloNotResumed,
    TableSeatsChanged,
    TablesListed,
    TimeRanOutArrived,
    WebAddressesArrived,
)
from seasalt.client.tui.net_flow import NetFlow, Plan, starting_words
from seasalt.client.tui.part_forwarding import Forwarded, relay
from seasalt.client.tui.screens.connecting import ConnectingScreen
from seasalt.client.tui.screens.dialogs import ConfirmDialog, HostQuitDialog, answer_keys
from seasalt.client.tui.screens.help import HelpScreen
from seasalt.client.tui.screens.lesson_table import LessonTableScreen
from seasalt.client.tui.screens.name_prompt import NamePrompt
from seasalt.client.tui.screens.palette import AutoEndCommands
from seasalt.client.tui.screens.scores import ScoresArrived
from seasalt.client.tui.screens.start import JoinPlan, SoloPlan, StartScreen, default_name
from seasalt.client.tui.screens.table import TableScreen
from seasalt.client.tui.table_flow import TableFlow
from seasalt.client.words.come_back import come_back_command
from seasalt.client.words.i18n import N_, _, resolve, translator
from seasalt.client.words.join_address import join_line
from textual import events, on, work
from textual.app import App
from textual.binding import Binding
from textual.screen import Screen
from textual.worker import Worker


class SeasaltApp(App[int]):
    """Sea Salt & Paper in the terminal."""

    CSS_PATH = "app.tcss"
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
    # The app's own server and the solo game kept live in client/tui/hosting.py's OwnServer.
    child = Forwarded[ChildServer | None]("own")
    hosting = Forwarded[bool]("own")
    left_running = Forwarded[ChildServer | None]("own")
    web_urls = Forwarded[list[str]]("own")
    solo_resumable = Forwarded[bool]("own")
    server_address = Forwarded[str]("net")
    link_down = Forwarded[bool]("net", writable=False)
    """The server is out of reach (reconnecting, or given up): the clocks say so."""
    # Where we are (the table, our seat there or None when watching, the last seq applied).
    table = Forwarded[str | None]("session", writable=False)
    seat = Forwarded[int | None]("session", writable=False)
    seq = Forwarded[int | None]("session", writable=False)
    guest = Forwarded[bool]("options", writable=False)
    """A browser tab's client (``--guest``): see LaunchOptions.guest."""

    def __init__(self, options: LaunchOptions | None = None, *,
                 link_factory: LinkFactory | None = None) -> None:
        super().__init__()
        self.options = o = options or LaunchOptions()
        self.link_factory = link_factory or default_link_factory
        # The app's parts, each given only what it uses (docs/client.md "The app's parts").
        self.own = OwnServer(o.server_seed, o.bot_delay, o.web_urls)  # client/tui/hosting.py
        self.flow = TableFlow(self, self, self.own)  # client/tui/table_flow.py
        self.net = NetFlow(self, self.own, self.flow, self.link_factory,  # client/tui/net_flow.py
                           lambda: self.server_key, self.stop_net, o.connect_patience)
        self.lobby = LobbyFlow(self, self, self.own, self.net, self.flow)  # tui/lobby_flow.py
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
        o = self.options
        if o.learn:
            self.begin(LessonPlan(self.player, o.learn))
        elif o.solo:
            self.start_solo(SoloPlan(self.player, o.opponents, o.level, o.extra_salt,
                                     o.double_target, extra_pepper=o.extra_pepper,
                                     target=o.target))
        elif o.address and o.name is None and load_name() is None and not o.guest:
            # The first start, straight to a server: the name is asked once, as the start
            # menu asks it (the login name offered), then remembered.
            self.push_screen(NamePrompt(self.player), self._join_as)
        elif o.address:
            self.begin(JoinPlan(self.player, o.address))
        else:
            first_time = self.options.name is None and load_name() is None
            self.push_screen(StartScreen(self.player, ask_name=first_time))

    def _join_as(self, name: str | None) -> None:
        """The first start's name chosen: join the server given on the command line."""
        self.player = name or self.player
        assert self.options.address is not None
        self.begin(JoinPlan(self.player, self.options.address))

    def start_solo(self, plan: SoloPlan) -> None:
        """``--solo``: a new game, or, when an earlier client left one unfinished, the choice.

        The quit dialog tells a player their solo game is kept; people start again with the
        command they used, and a new game archives the unfinished one (it can no longer be
        resumed), so that is asked, and Esc (or No) resumes it."""
        saved = unfinished_solo()
        if saved is None or journal_in_use(solo_db_path()):
            self.begin(plan)  # (in use: another client plays it; a new game goes elsewhere)
            return
        resume = SoloPlan(
            self.player, saved.opponents, saved.level, saved.extra_salt, saved.double_target,
            resume=True, extra_pepper=saved.extra_pepper, target=saved.target,
        )
        yes, no = answer_keys()
        question = ConfirmDialog(
            _("You have an unfinished solo game. Start a new one instead? The unfinished game "
              "can then no longer be resumed."),
            yes=_("Yes, a new game ({key})").format(key=yes),
            no=_("No, resume it ({key})").format(key=no), enter_says_yes=False,
        )
        self.push_screen(question, lambda new: self.begin(plan if new else resume))

    @on(SoloNotResumed)
    def on_solo_not_resumed(self) -> None:
        """The kept solo game had no seat left to resume (over and gone): a new game with its
        options instead, as the player came to play (never a wait for nothing)."""
        plan = self.plan
        if not isinstance(plan, SoloPlan):
            return
        if self.child is not None and not self.child.owns_db:  # (else another client's game)
            forget_solo()
        self.notify(_("Your solo game could not be resumed (it is over or gone): a new game "
                      "starts."), severity="warning", timeout=8)
        self.begin(replace(plan, resume=False))

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
        running = self.child or self.left_running  # (left running: the way back to it)
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
        if self.guest:  # no start menu for a browser tab: its page offers to open it again
            self.exit(0)
            return
        self.goto(StartScreen(self.player, getattr(self.plan, "address", None)))

    def join_hint(self) -> str:
        """How friends join this server (waiting room, help); empty in solo."""
        if isinstance(self.plan, SoloPlan):
            return ""
        return join_line(
            self.hosting, self.own.host_addresses, self.server_address,
            self.own.hosted_key if self.hosting else self.server_key,  # (joined: the key used)
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
        self.push_screen(HelpScreen(self.join_hint() if self.table else ""))

    def set_language(self, lang: str) -> None:
        """Speak ``lang`` from now on; every open screen is re-rendered at once."""
        language.switch(self, lang)

    def action_command_palette(self) -> None:
        language.open_palette(self)

    def action_back_or_quit(self) -> None:
        """``q`` at the table: a spectator, or a player in the waiting room (no game yet, so
        nothing to lose), goes back to the lobby; a player in a game is asked."""
        if self.table is not None and self.flow.nothing_to_lose() and self.plan is not None:
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
        if self.net.link_down:
            # Reconnecting: the ``away`` said on the way out cannot reach the server, and a
            # quit does not wait for it to come back (NetFlow.away_said): say so beforehand.
            head = _("Leave the game? The server is out of reach and cannot be told that you "
                     "leave: a bot plays your seat only once it notices you are gone.")
        else:
            head = _("Leave the game? A bot plays your seat until you come back.")
        return f"{head} " + "\n".join(self.way_back())

    def way_back(self) -> list[str]:
        """How this player takes the seat back once the app has closed, in the app's language
        (also said after it has closed: ``parting_words``): the command to run (a line of its
        own, copied as a whole), for a browser tab its page, or that it cannot be."""
        say = self.translator.gettext
        if self.guest:
            return [say(N_("To take your seat back, choose Open again on this page (or reload "
                           "it)."))]
        if not self.net.seat_kept:
            return [say(N_("This window cannot keep your session on this computer (another "
                           "window plays as {name} on this server, or the data folder cannot "
                           "be written): once it is closed, the seat cannot be taken back."))
                    .format(name=self.plan.name if self.plan is not None else self.player)]
        return [say(N_("To take your seat back, run:")), self.back_command()]

    def back_command(self) -> str:
        """The command line that brings this player back to this server and its seat: the
        name its session token is kept under, the key of an encrypted server."""
        name = self.plan.name if self.plan is not None else self.player
        return come_back_command(self.server_address, name, self.server_key)

    def action_request_quit(self) -> None:
        if isinstance(self.screen, (ConfirmDialog, HostQuitDialog)):
            return
        if isinstance(self.plan, LessonPlan):
            self.leave_lesson()  # nothing to lose: a lesson is left at any moment
            return
        if self.hosting and self.child is not None and self.child.alive():
            def answered(answer: str | None) -> None:
                if answer == "stop":
                    self._quit_app(stop_child=True)
                elif answer == "leave":  # the others play on: a bot takes the seat now
                    self.net.away_on_close = self.flow.in_game()
                    self._quit_app(stop_child=False)

            self.push_screen(HostQuitDialog(), answered)
            return
        if self.flow.in_game():
            def confirmed(yes: bool | None) -> None:
                if yes:
                    # Joined to a server that plays on: the table need not wait for the
                    # takeover delay (a solo game's server ends with us, its seat unplayed).
                    self.net.away_on_close = isinstance(self.plan, JoinPlan)
                    self._quit_app(stop_child=True)

            self.push_screen(ConfirmDialog(self.quit_question()), confirmed)
            return
        self._quit_app(stop_child=True)

    def _quit_app(self, *, stop_child: bool) -> None:
        nets = [w for w in self.workers if w.group == "net" and not w.is_finished]
        self.stop_net()
        self.own.let_go(stop=stop_child)
        if self.net.away_on_close and nets:
            # The worker's last word is the away (client/tui/net_flow.py): closing the app now
            # would cancel the wait for the server to read it, and on a busy machine a bot
            # would then wait the takeover delay. The app closes once the worker has ended.
            self.notify(_("Telling the server that you leave…"), timeout=30)
            self.run_worker(self._exit_once_ended(nets), group="closing")
            return
        self.exit(0)

    async def _exit_once_ended(self, workers: list[Worker[Any]]) -> None:
        for worker in workers:
            with contextlib.suppress(Exception):  # (cancelled: it ended all the same)
                await worker.wait()
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

    def parting_words(self) -> list[str]:
        """What the terminal is told once the app has closed (``run_app`` prints it): a server
        of ours left running, and an ``away`` the server did not read (the link was down as
        the player quit), which would otherwise be lost without a word. Said in the app's own
        language: once the app has closed, ``_()`` no longer finds it and would speak the
        process default."""
        say = self.translator.gettext
        words: list[str] = []
        if self.left_running is not None:
            server = self.left_running
            words.append(say(N_(
                "The seasalt server keeps running for the others (process {pid}); "
                "stop it with `kill {pid}`. Its output: {log}")).format(
                    pid=server.pid, log=server.log_path))
        if self.net.away_said is False:
            words.append(say(N_(
                "The server was out of reach and was not told that you left: a bot "
                "plays your seat once it notices you are gone.")))
            *sentences, last = self.way_back()
            words += [*sentences, PARTING_COMMAND_INDENT + last if sentences else last]
        elif self.left_running is not None and self.server_address:
            words.append(say(N_("To come back to it (and to your seat, if you hold one), "
                                "run:")))
            words.append(PARTING_COMMAND_INDENT + self.back_command())
        return words


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
    for line in app.parting_words():
        print(wrap_parting(line, columns))
    return result if isinstance(result, int) else 0


PARTING_COMMAND_INDENT = "  "
"""A parting line that starts so is a command to run: printed whole, never wrapped."""


def wrap_parting(line: str, columns: int) -> str:
    """A line printed once the app has closed, wrapped at the terminal's width between words
    (the terminal itself cut words in two); a path is never split, a command line (indented)
    never wrapped: it is copied as a whole."""
    if line.startswith(PARTING_COMMAND_INDENT):
        return line
    return textwrap.fill(line, width=max(20, columns - 1), break_long_words=False,
                         break_on_hyphens=False)


if __name__ == "__main__":
    raise SystemExit(run_app(solo=bool(os.environ.get("SEASALT_SOLO"))))
