"""The lobby: tables with seats and status; create, join or watch a table."""

from __future__ import annotations

from collections.abc import Collection, Sequence
from urllib.parse import urlsplit

from rich.text import Text
from seasalt.bots import LEVELS
from seasalt.client.net.intents import AskTables, SitDown, WatchTable
from seasalt.client.tui.compat import SteadySelect, TickBox
from seasalt.client.tui.messages import IntentQueued, TableSummary
from seasalt.client.tui.screens.lobby_phone import stacked
from seasalt.client.tui.widgets.countdown import turn_time_label
from seasalt.client.tui.widgets.fitted_table import Row, fill_table
from seasalt.client.tui.widgets.footer import Footer
from seasalt.client.words.come_back import join_command
from seasalt.client.words.i18n import _, ngettext
from seasalt.client.words.join_address import friend_addresses, join_line
from seasalt.protocol import MAX_TABLE_NAME_LENGTH, TARGETS, TURN_TIMES
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen, Screen
from textual.widgets import Button, Checkbox, DataTable, Input, Label, Select, Static

# Weakest first, as the start menu and --level list them.
SEAT_CHOICES = ("human", *(f"bot:{level}" for level in LEVELS))
LOBBY_REFRESH = 3.0
"""Seconds between two refreshes of the table list while the lobby is shown."""


def seat_choice_label(kind: str) -> str:
    """``human`` / ``bot greedy`` in words."""
    if kind == "human":
        return _("human player")
    return _("bot: {level}").format(level=_(kind.removeprefix("bot:")))


def status_label(status: str) -> str:
    """A table's status in words."""
    return {
        "waiting": _("waiting for players"),
        "running": _("playing"),
        "round_over": _("between rounds"),
        "finished": _("finished"),
    }.get(status, status)


def seats_text(summary: TableSummary) -> Text:
    """``Ann, bot greedy, (free)``: names literally, never markup."""
    parts: list[Text] = []
    for label, kind in zip(summary.seats, summary.kinds, strict=False):
        if label is None:
            parts.append(Text(_("(free seat)"), style="italic green"))
        elif label.bot:
            parts.append(Text(_("bot {level}").format(level=_(label.bot)), style="italic"))
        else:
            name = Text(label.name)
            if not label.connected:
                name.append(" " + _("(offline)"), style="dim")
            parts.append(name)
        del kind
    return Text(", ").join(parts)


NewTable = tuple[str, tuple[str, ...], bool, bool, int, int, bool, bool]
"""Name, seats, Extra Salt, double target, turn timer (seconds per turn, 0: off), target
score (0: the standard for the player count), coach allowed, Extra Pepper."""


def target_label(points: int) -> str:
    """A table's target option in the lobby: ``to 7 points``."""
    return ngettext("to {n} point", "to {n} points", points).format(n=points)


DOUBLE = "double"
"""The game-length choice "double target" (the others are a score, 0 the standard)."""


class CreateTableDialog(ModalScreen[NewTable | None]):
    """Name, seats (you + humans or bots) and options of a new table."""

    DEFAULT_CSS = """
    CreateTableDialog #target-label { width: auto; }
    CreateTableDialog TickBox { margin: 0 3 0 0; }
    """

    BINDINGS = [Binding("escape", "cancel", _("Cancel"))]

    def __init__(self, default_name: str, solo: bool = False) -> None:
        super().__init__(classes="dialog-screen")
        self.default_name = default_name
        self.solo = solo
        """The app's own solo server: nobody else can join it, so the seats are bots (a human
        seat would wait for ever) and the coach needs no leave (every other seat is a bot)."""

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog wide-dialog"):
            yield Static(Text(_("New table"), style="bold"))
            with Horizontal(classes="row"):
                yield Label(_("Table name"), classes="label")
                yield Input(self.default_name, id="table-name", max_length=32)
            yield Static(_("Seat 1: you"))
            for seat in (2, 3, 4):
                with Horizontal(classes="row compact-row"):
                    yield Label(_("Seat {n}").format(n=seat), classes="label")
                    options = [(seat_choice_label(k), k) for k in SEAT_CHOICES
                               if not (self.solo and k == "human")]
                    if seat > 2:
                        options.insert(0, (_("(no seat)"), "none"))
                    yield SteadySelect(
                        options,
                        value="bot:greedy" if seat == 2 else "none",
                        allow_blank=False,
                        id=f"seat-{seat}",
                        compact=True,
                    )
            # Compact like the choices: full-height boxes made the dialog 27 rows, its buttons
            # cut off at 80 x 24.
            with Horizontal(classes="row compact-row"):  # the expansions
                yield TickBox(_("Extra Salt"), id="extra-salt", compact=True)
                # RULES §12: event cards
                yield TickBox(_("Extra Pepper"), id="extra-pepper", compact=True)
            with Horizontal(classes="row compact-row"):
                # One choice for the game's length: double target and a score to end at
                # exclude each other (a short game: one evening, or a test).
                yield Label(_("Game ends at"), classes="label", id="target-label")
                yield SteadySelect(
                    [(_("standard score"), 0), (_("double target"), DOUBLE)]
                    + [(target_label(n), n) for n in TARGETS],
                    value=0, allow_blank=False, id="target", compact=True,
                )
            with Horizontal(classes="row compact-row"):  # off by default on a LAN
                yield Label(_("Turn timer"), classes="label")
                yield SteadySelect(
                    [(_("off"), 0)] + [(turn_time_label(n), n) for n in TURN_TIMES],
                    value=0, allow_blank=False, id="turn-time", compact=True,
                )
                # Off by default (a game against people is theirs to play).
                coach = TickBox(_("Coach allowed"), id="coach-allowed", compact=True)
                coach.display = not self.solo
                yield coach
            with Horizontal(classes="buttons"):
                yield Button(_("Create"), id="create", variant="primary")
                yield Button(_("Cancel (Esc)"), id="cancel")

    @on(Button.Pressed, "#create")
    @on(Input.Submitted, "#table-name")
    def create(self) -> None:
        name = self.query_one("#table-name", Input).value.strip()
        if not name:
            self.notify(_("Give the table a name."), severity="error")
            return
        length = self.query_one("#target", Select).value
        double_target = length == DOUBLE
        target = 0 if double_target else int(length)  # type: ignore[arg-type]
        seats = ["human"]
        for seat in (2, 3, 4):
            value = str(self.query_one(f"#seat-{seat}", Select).value)
            if value != "none":
                seats.append(value)
        self.dismiss(
            (
                name,
                tuple(seats),
                self.query_one("#extra-salt", Checkbox).value,
                double_target,
                int(self.query_one("#turn-time", Select).value),  # type: ignore[arg-type]
                target,
                self.query_one("#coach-allowed", Checkbox).value,
                self.query_one("#extra-pepper", Checkbox).value,
            )
        )

    @on(Button.Pressed, "#cancel")
    def action_cancel(self) -> None:
        self.dismiss(None)


def free_table_name(name: str, taken: Collection[str]) -> str:
    """``name``, or when a listed table has it ``name 2``, ``name 3``… (cut to fit): the second
    table of an evening got the first one's name, and its player was sent back to that game's
    result (their seat there) or refused, instead of getting the new table they asked for."""
    number = 1
    candidate = name
    while candidate in taken:
        number += 1
        suffix = f" {number}"
        candidate = name[: MAX_TABLE_NAME_LENGTH - len(suffix)].rstrip() + suffix
    return candidate


class LobbyScreen(Screen[None]):
    """Every table on the server; Enter joins the highlighted one."""

    BINDINGS = [
        Binding("n", "create", _("New table")),
        Binding("j,enter", "join", _("Join")),
        Binding("w", "watch", _("Watch")),
        # The list refreshes itself every few seconds: r stays a key (listed in help), off the
        # footer, which must fit 80 columns in every language.
        Binding("r", "refresh", _("Refresh"), show=False),
        Binding("h", "history", _("History")),
        Binding("question_mark,f1", "app.help", _("Help"), key_display="?"),
        Binding("q", "app.request_quit", _("Quit")),
    ]

    def __init__(
        self, player: str, server: str, host_addresses: Sequence[str] = (), *,
        hosting: bool | None = None, held: str | None = None,
        encrypted: bool = False, server_key: str | None = None,
        web_urls: Sequence[str] = (), solo: bool = False, local_link: bool = False,
    ) -> None:
        super().__init__(classes="menu-screen")
        self.player = player
        self.server = server
        self.host_addresses = tuple(host_addresses)
        self.hosting = bool(host_addresses) if hosting is None else hosting
        self.held = held
        """A table where we hold a seat: its row says "your seat — rejoin"."""
        self.encrypted = encrypted
        self.server_key = server_key
        """Hosting a --secure server: the key friends pass with --server-key."""
        self.web_urls = [u for u in web_urls if friend_addresses([urlsplit(u).netloc])]
        """Where friends open this server in a browser (the server says, server_info; loopback
        ones left out: they reach nobody else)."""
        self.solo = solo
        """The app's own solo server (loopback only): no "Not encrypted" warning, no one else
        on the network reaches it."""
        self.local_link = local_link
        """This client reaches the server by a loopback address (and is no browser tab's):
        its own link stays on this computer, only links from elsewhere can be overheard."""
        self.tables: tuple[TableSummary, ...] = ()
        self._shown_held: str | None = None
        self._shown_phone = False
        self.link_state = ""
        """What the link is up to when it is not connected (client/tui/net_flow.py)."""

    def compose(self) -> ComposeResult:
        with Vertical(id="lobby-box"):
            header = Text()
            # Solo reads as solo: its server's loopback address meant nothing to a player.
            lobby = _("Solo lobby") if self.solo else _("Lobby of {server}").format(
                server=self.server)
            header.append(lobby, style="bold")
            header.append("  ·  " + _("you are "))
            header.append(self.player, style="bold")
            yield Static(header, id="lobby-header")
            # "reconnecting…", "disconnected: press q to quit" (client/tui/net_flow.py): the list
            # under it is stale then, and nothing said so once the toast was gone.
            yield Static(id="lobby-link")
            if self.solo:  # ("Lobby (b)" after a solo game: the plain warning was untrue there)
                yield Static(_("Solo: this server is on this computer only."), id="solo-note",
                             classes="hint")
            elif not self.encrypted:  # say what plain mode exposes, where it matters
                # The client cannot know how the server is bound, but a loopback link is its
                # own: what others send from elsewhere is what can be read (a host's friends).
                friends = friend_addresses(self.host_addresses)
                local = self.local_link and not friends
                if self.hosting and not friends:  # the banner says nobody else can join
                    words = _("Not encrypted: your link stays on this computer.")
                elif local:
                    words = _("Not encrypted: your link stays on this computer; players who "
                              "join from other computers can be overheard.")
                else:
                    words = _("Not encrypted: anyone on this network can read the cards.")
                yield Static(Text(words, style="bold yellow"), id="plain-warning")
            if self.hosting:
                friends = friend_addresses(self.host_addresses)
                if friends:
                    text = Text(_("You are hosting. Friends join with:"), style="bold green")
                    for address in friends:
                        text.append("\n   " + join_command(address, self.server_key or None))
                    if self.web_urls:
                        text.append("\n" + _("or open in a browser:"), style="bold green")
                        for url in self.web_urls:
                            text.append("\n   " + url)
                else:  # loopback only: 127.0.0.1 would reach nobody else
                    text = Text(join_line(True, (), self.server), style="bold yellow")
                yield Static(text, id="host-banner")
            elif self.web_urls:  # a player who joined (tab or terminal): what friends open
                yield Static(
                    Text(_("Friends open in a browser: {urls}").format(
                        urls="  ·  ".join(self.web_urls)), style="bold green"),
                    id="web-banner",
                )
            yield DataTable(id="tables", cursor_type="row", zebra_stripes=True)
            yield Static(
                _("No tables yet: press n to create one."), id="no-tables", classes="hint"
            )
        yield Footer()

    def on_mount(self) -> None:
        # Friends create and fill tables while you look: keep the list fresh.
        self.set_interval(LOBBY_REFRESH, self.action_refresh)
        self.remount()

    def remount(self) -> None:
        """Fill the table list: on mount, and on the new widgets after a language switch
        (which calls this, not on_mount: the refresh interval is started once)."""
        found = self.query(DataTable)
        if not found:
            return  # the app closed as this screen came up (its widgets are gone): nothing to fill
        self.set_link_state(self.link_state)
        table = found.first()
        table.focus()
        self.show_tables(self.tables)

    def set_link_state(self, state: str) -> None:
        """Say that the server is out of reach (empty: it is back)."""
        self.link_state = state
        for line in self.query("#lobby-link").results(Static):
            line.update(Text(state, style="bold red reverse") if state else "")
            line.display = bool(state)

    def show_tables(self, tables: Sequence[TableSummary]) -> None:
        if not self.query(DataTable):
            self.tables = tuple(tables)  # not composed yet: on_mount shows them
            return
        phone = self.has_class("-phone")  # (SeasaltApp.HORIZONTAL_BREAKPOINTS)
        if (
            tuple(tables) == self.tables
            and self.held == self._shown_held
            and phone == self._shown_phone
            and self.query_one(DataTable).row_count
        ):
            return  # unchanged: keep the cursor where the player put it
        self.tables = tuple(tables)
        self._shown_held = self.held
        self._shown_phone = phone
        table = self.query_one(DataTable)
        row = table.cursor_row
        rows = []
        for summary in self.tables:
            options = []
            if summary.extra_salt:
                options.append(_("Extra Salt"))
            if summary.extra_pepper:
                options.append(_("Extra Pepper"))
            if summary.double_target:
                options.append(_("double target"))
            if summary.target:
                options.append(target_label(summary.target))
            if summary.turn_time:
                options.append(turn_time_label(summary.turn_time))
            if summary.coach_allowed:
                options.append(_("coach allowed"))
            status = status_label(summary.status)
            if summary.status in ("running", "round_over") and summary.round:
                status += " " + _("(round {n})").format(n=summary.round)
            status_text = Text(status)
            if summary.name == self.held and summary.status != "finished":
                status_text = Text(_("your seat — rejoin"), style="bold green")
                status_text.append(" · " + status, style="")
            rows.append(Row(
                (Text(summary.name), status_text, seats_text(summary),
                 Text(", ".join(options) or "-")),
                key=summary.name,
            ))
        # Status before Seats and Options: a row is cut at the screen's edge, and at 80
        # columns a table with a few options hid its status ("your seat — rejoin" too), and so
        # did a long table name with its seats ("waiting for p"). The seats (names of up to
        # 24 characters each) are the one column with no bound.
        labels: Sequence[str] = (_("Table"), _("Status"), _("Seats"), _("Options"))
        if phone:  # (one column: a table's cells one under the other)
            labels, rows = stacked(labels, rows)
        fill_table(table, labels, rows)
        if self.tables:
            table.move_cursor(row=min(max(row, 0), len(self.tables) - 1))
        self.query_one("#no-tables").display = not self.tables

    def on_resize(self) -> None:
        # Across 80 columns the list changes form (client/tui/screens/lobby_phone.py); the
        # breakpoint's class is set on this same resize, after this handler may have run.
        self.call_after_refresh(self._show_in_form)

    def _show_in_form(self) -> None:
        """Show the tables listed last (then, not at the resize: a newer list may have come)
        in the form of the width, if it changed."""
        if self.has_class("-phone") != self._shown_phone and self.query(DataTable):
            self.show_tables(self.tables)

    def _selected(self) -> TableSummary | None:
        table = self.query_one(DataTable)
        if not self.tables or table.cursor_row < 0 or table.cursor_row >= len(self.tables):
            return None
        return self.tables[table.cursor_row]

    def action_create(self) -> None:
        def created(answer: NewTable | None) -> None:
            if answer is None:
                return
            name, seats, extra_salt, double_target, turn_time, target, coach, extra_pepper = answer
            self.app.post_message(
                IntentQueued(SitDown(name, tuple(seats), extra_salt, double_target, turn_time,
                                     target, coach_allowed=coach, extra_pepper=extra_pepper))
            )

        name = free_table_name(_("{name}'s table").format(name=self.player),
                               {summary.name for summary in self.tables})
        self.app.push_screen(CreateTableDialog(name, solo=self.solo), created)

    def action_join(self) -> None:
        summary = self._selected()
        if summary is None:
            self.action_create()
            return
        self.app.post_message(IntentQueued(SitDown(
            summary.name, summary.kinds, summary.extra_salt, summary.double_target,
            summary.turn_time, summary.target, coach_allowed=summary.coach_allowed,
            extra_pepper=summary.extra_pepper,
        )))

    def action_watch(self) -> None:
        summary = self._selected()
        if summary is not None:
            self.app.post_message(IntentQueued(WatchTable(summary.name)))

    def action_refresh(self) -> None:
        self.app.post_message(IntentQueued(AskTables()))

    def action_history(self) -> None:
        """Finished games, replays and statistics of this server (client/tui/screens/history.py)."""
        from seasalt.client.files.identity import load_identity
        from seasalt.client.net.history_source import ServerHistory
        from seasalt.client.tui.screens.history import HistoryScreen

        address = getattr(getattr(self.app, "net", None), "server_address", "") or self.server
        source = ServerHistory(address, self.player, load_identity(),
                               server_key=getattr(self.app, "server_key", None))
        self.app.push_screen(HistoryScreen(source, address, solo=self.solo))

    @on(DataTable.RowSelected)
    def on_row_selected(self) -> None:
        self.action_join()
