"""The start menu: play solo, join a LAN game, or host one here."""

from __future__ import annotations

import getpass
from dataclasses import dataclass

from rich.text import Text
from seasalt.bots import LEVELS
from seasalt.client.files import settings
from seasalt.client.files.settings import OPPONENTS, SoloChoices, save_name, valid_name
from seasalt.client.lessons.plan import LessonPlan
from seasalt.client.own_server.child_server import journal_in_use
from seasalt.client.own_server.solo_game import solo_db_path, unfinished_solo
from seasalt.client.tui.auto_end import set_auto_end
from seasalt.client.tui.compat import SteadySelect, TickBox, closing
from seasalt.client.tui.language import LanguageSelect, current_language
from seasalt.client.tui.screens.name_prompt import NamePrompt
from seasalt.client.tui.widgets.footer import Footer
from seasalt.client.tui.widgets.lazy_tabs import LazyTabs
from seasalt.client.tui.widgets.servers import ServerList
from seasalt.client.words.i18n import _
from seasalt.common.names import fit_name
from seasalt.protocol import DEFAULT_PORT
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.message import Message
from textual.screen import Screen
from textual.widgets import Button, Checkbox, Input, Label, Select, Static, TabbedContent, TabPane

BANNER = "≈≈  Sea Salt & Paper  ≈≈"


def default_name() -> str:
    """The login name, or "player"."""
    try:
        return fit_name(getpass.getuser())
    except Exception:  # getuser raises various errors when no login name exists
        return "player"


@dataclass(frozen=True)
class SoloPlan:
    """Play solo against bots."""

    name: str
    opponents: int = 2
    level: str = "greedy"
    extra_salt: bool = False
    double_target: bool = False
    resume: bool = False
    """Resume the unfinished solo game kept in the data dir
    (seasalt.client.own_server.solo_game)."""
    extra_pepper: bool = False
    """The Extra Pepper event cards (RULES §12)."""
    target: int = 0
    """The points that end the game (0: the standard, or double with ``double_target``)."""


@dataclass(frozen=True)
class JoinPlan:
    """Join a LAN server."""

    name: str
    address: str
    server_key: str | None = None
    """The key a discovered ``--secure`` server announced (None: ``--server-key``, if any)."""


@dataclass(frozen=True)
class HostPlan:
    """Start a server here, then join it."""

    name: str
    port: int = DEFAULT_PORT
    secure: bool = False
    """Start the server with ``--secure`` (friends then need its key)."""
    web: bool = False
    """Start the server with ``--web`` (friends may also play in a browser)."""


class StartScreen(Screen[None]):
    """Three ways in, one tab each; Enter starts the tab's choice."""

    BINDINGS = [
        Binding("question_mark,f1", "app.help", _("Help"), key_display="?"),
        # priority, as the app's own (hidden) ctrl+q: else that one shadows this in the footer,
        # and the start menu never said how to leave it.
        Binding("ctrl+q", "app.request_quit", _("Quit"), priority=True),
    ]

    class Chosen(Message):
        """The player picked a plan."""

        def __init__(self, plan: SoloPlan | JoinPlan | HostPlan | LessonPlan) -> None:
            super().__init__()
            self.plan = plan

    def __init__(
        self, name: str | None = None, address: str | None = None, ask_name: bool = False
    ) -> None:
        super().__init__(classes="menu-screen")
        self.initial_name = name or default_name()
        self.initial_address = address or ""
        self.saved_solo = unfinished_solo()
        if self.saved_solo is not None and journal_in_use(solo_db_path()):
            self.saved_solo = None  # another client's solo server plays it: not ours to resume
        self.solo = settings.load().solo
        """Last time's solo choices (client/files/settings.py): the menu offers them again."""
        self.ask_name = ask_name
        """The first start (no name remembered, none on the command line): ask for one."""
        self._filled = {"solo", "join"} if self.initial_address else {"solo"}
        """The panes composed so far: the others are composed when first shown (LazyTabs);
        Play solo always (its button has the first focus, after a language switch too)."""

    def compose(self) -> ComposeResult:
        with Vertical(id="menu"):
            yield Static(Text(BANNER, style="bold"), id="banner")
            with Horizontal(classes="row"):
                yield Label(_("Your name"), classes="label")
                yield Input(self.initial_name, id="name", max_length=24)
                yield LanguageSelect(current_language(self.app), id="language")
            with Horizontal(classes="row"):
                yield TickBox(
                    _("Auto end turn (when ending it is the only choice)"),
                    bool(getattr(self.app, "auto_end_turn", False)), id="auto-end-turn",
                    compact=True,
                )
            with LazyTabs(self._show_pane, id="tabs"):
                for pane_id, title in self._panes():
                    with TabPane(title, id=pane_id):
                        if pane_id in self._filled:
                            yield from self._pane_content(pane_id)
        yield Footer()

    def _panes(self) -> list[tuple[str, str]]:
        return [("solo", _("Play solo")), ("join", _("Join a LAN game")),
                ("host", _("Host a game here")), ("learn", _("Learn to play"))]

    def _pane_content(self, pane_id: str) -> ComposeResult:
        return {"solo": self._solo_pane, "join": self._join_pane, "host": self._host_pane,
                "learn": self._learn_pane}[pane_id]()

    def _show_pane(self, pane_id: str) -> None:
        """A pane about to show: its widgets composed the first time (LazyTabs calls this)."""
        if pane_id in self._filled:
            return
        self._filled.add(pane_id)
        self.query_one(f"#{pane_id}", TabPane).mount_compose(self._pane_content(pane_id))

    def _solo_pane(self) -> ComposeResult:
        with Horizontal(classes="row compact-row"):
            yield Label(_("Opponents"), classes="label")
            yield SteadySelect(
                [(str(n), n) for n in OPPONENTS],
                value=self.solo.opponents, allow_blank=False,
                id="opponents", compact=True,
            )
        with Horizontal(classes="row compact-row"):
            yield Label(_("Bot level"), classes="label")
            yield SteadySelect(
                [(_(level), level) for level in LEVELS], value=self.solo.level,
                allow_blank=False, id="level", compact=True,
            )
        with Horizontal(classes="row"):
            yield TickBox(_("Extra Salt"), self.solo.extra_salt, id="extra-salt")
            yield TickBox(_("Extra Pepper"), self.solo.extra_pepper,
                          id="extra-pepper")
            yield TickBox(_("Double target"), self.solo.double_target,
                          id="double-target")
        # One row: with the resume button above them, the choices pushed "Play
        # solo" off an 80 x 24 menu.
        with Horizontal(classes="row"):
            if self.saved_solo is not None:
                yield Button(
                    _("Resume your unfinished solo game"), id="resume-solo",
                    variant="success",
                )
                yield Button(_("New game"), id="go-solo", variant="primary")
            else:
                yield Button(_("Play solo"), id="go-solo", variant="primary")

    def _join_pane(self) -> ComposeResult:
        yield ServerList(id="servers")
        with Horizontal(classes="row"):
            yield Label(_("Server"), classes="label")
            yield Input(
                self.initial_address,
                placeholder=_("host:port, e.g. 192.168.1.20:7327"),
                id="address",
            )
        yield Button(_("Join"), id="go-join", variant="primary")

    def _host_pane(self) -> ComposeResult:
        yield Static(
            _("Starts a server on this machine; friends on your network join it. "
              "It keeps running while you play."),
            classes="hint",
        )
        with Horizontal(classes="row"):
            yield Label(_("Port"), classes="label")
            yield Input(str(DEFAULT_PORT), id="port", type="integer", max_length=5)
        with Horizontal(classes="row"):
            # One switch away: a plain server sends hands in clear.
            yield TickBox(_("Encrypt (--secure)"), id="host-secure")
            yield TickBox(_("Also serve in browsers (--web)"), id="host-web")
        yield Static(
            _("Unencrypted, anyone on your network can read the cards; encrypted, "
              "friends also need the key shown in the lobby."),
            classes="hint",
        )
        yield Button(_("Host"), id="go-host", variant="primary")

    def _learn_pane(self) -> ComposeResult:
        yield Static(
            _("A short guided game against one bot: you make every move, one rule "
              "at a time. Leave it at any moment with q."),
            classes="hint",
        )
        with Horizontal(classes="row"):
            yield Button(_("Learn to play"), id="learn-base", variant="primary")
            yield Button(_("Extra Salt's cards"), id="learn-extra-salt")
            yield Button(_("Extra Pepper's events"), id="learn-extra-pepper")

    def on_mount(self) -> None:
        if closing(self):  # the app quit as the menu came back: its widgets are gone
            return
        if self.initial_address:
            # Back from a join that failed: the Join tab with the address to correct (it
            # opened on "Play solo", the address out of sight). Not remount()'s focus first:
            # a focused widget switches the tabs to its pane, and the two panes' focus
            # messages could land in either order (then the address, hidden, handed its
            # focus to the Join button).
            self.query_one("#tabs", TabbedContent).active = "join"
            self.query_one("#address", Input).focus()
        else:
            self.remount()
        if self.ask_name:
            def chosen(name: str | None) -> None:
                if name:
                    self.query_one("#name", Input).value = name

            self.app.push_screen(NamePrompt(self.initial_name), chosen)

    def remount(self) -> None:
        """Focus the first choice: on mount, and after a language switch (which calls this, not
        on_mount: the first-time name prompt is shown once)."""
        first = "#resume-solo" if self.saved_solo is not None else "#go-solo"
        self.query_one(first, Button).focus()

    def _remember(self, name: str) -> str:
        """A name typed in the menu is the one offered next time too."""
        if name != self.initial_name:
            save_name(name)
        return name

    @on(Checkbox.Changed, "#auto-end-turn")
    def auto_end_changed(self, event: Checkbox.Changed) -> None:
        """A per-player setting, kept for the next start (client/tui/auto_end.py)."""
        if event.value != bool(getattr(self.app, "auto_end_turn", False)):
            set_auto_end(self.app, event.value)

    @on(Button.Pressed, "#resume-solo")
    def resume_solo(self) -> None:
        saved = self.saved_solo
        if saved is None:
            return
        self.post_message(
            self.Chosen(
                SoloPlan(
                    name=self._player_name(), opponents=saved.opponents, level=saved.level,
                    extra_salt=saved.extra_salt, double_target=saved.double_target, resume=True,
                    extra_pepper=saved.extra_pepper, target=saved.target,
                )
            )
        )

    def _player_name(self) -> str:
        name = self.query_one("#name", Input).value.strip()
        return self._remember(name) if valid_name(name) else default_name()

    @on(Button.Pressed, "#go-solo")
    def go_solo(self) -> None:
        chosen = SoloChoices(
            opponents=int(self.query_one("#opponents", Select).value),  # type: ignore[arg-type]
            level=str(self.query_one("#level", Select).value),
            extra_salt=self.query_one("#extra-salt", Checkbox).value,
            extra_pepper=self.query_one("#extra-pepper", Checkbox).value,
            double_target=self.query_one("#double-target", Checkbox).value,
        )
        if chosen != self.solo:  # offered next time too
            settings.update(solo=chosen)
        self.post_message(
            self.Chosen(
                SoloPlan(
                    name=self._player_name(), opponents=chosen.opponents, level=chosen.level,
                    extra_salt=chosen.extra_salt, double_target=chosen.double_target,
                    extra_pepper=chosen.extra_pepper,
                )
            )
        )

    @on(Button.Pressed, "#learn-base, #learn-extra-salt, #learn-extra-pepper")
    def go_learn(self, event: Button.Pressed) -> None:
        lesson = (event.button.id or "").removeprefix("learn-")
        self.post_message(self.Chosen(LessonPlan(self._player_name(), lesson)))

    @on(Button.Pressed, "#go-join")
    @on(Input.Submitted, "#address")
    def go_join(self) -> None:
        address = self.query_one("#address", Input).value.strip()
        if not address:
            self.notify(_("Type the server's address, e.g. 192.168.1.20:7327"), severity="error")
            return
        self.post_message(self.Chosen(JoinPlan(name=self._player_name(), address=address)))

    @on(ServerList.Picked)
    def join_found(self, message: ServerList.Picked) -> None:
        found = message.server
        plan = JoinPlan(self._player_name(), found.address, found.server_key)
        self.post_message(self.Chosen(plan))

    @on(Button.Pressed, "#go-host")
    @on(Input.Submitted, "#port")
    def go_host(self) -> None:
        raw = self.query_one("#port", Input).value.strip()
        try:
            port = int(raw)
            if not 0 <= port <= 65535:
                raise ValueError(raw)
        except ValueError:
            self.notify(_("The port must be a number from 0 to 65535."), severity="error")
            return
        secure = self.query_one("#host-secure", Checkbox).value
        web = self.query_one("#host-web", Checkbox).value
        self.post_message(
            self.Chosen(HostPlan(name=self._player_name(), port=port, secure=secure, web=web))
        )
