"""The server's finished games: who played, scores, date, options; replay or export one."""

from __future__ import annotations

import io
import time
from pathlib import Path

from rich.text import Text
from seasalt.client.files.replay_file import replay_text, save_replay
from seasalt.client.net.history_source import HistorySource, HistoryUnavailable
from seasalt.client.tui.replay_steps import build_steps
from seasalt.client.tui.screens.lobby import target_label
from seasalt.client.tui.screens.replay import ReplayScreen
from seasalt.client.tui.screens.review import ReviewScreen
from seasalt.client.tui.screens.stats import StatsScreen
from seasalt.client.tui.widgets.footer import Footer
from seasalt.client.words.i18n import _, ngettext
from seasalt.protocol import GameSummary, ReplayFileError
from textual import on, work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import Screen
from textual.widgets import DataTable, Static


def game_date(stamp: int) -> str:
    return time.strftime("%Y-%m-%d %H:%M", time.localtime(stamp)) if stamp else "-"


def players_text(game: GameSummary) -> Text:
    """``Ann 41 ★, bot greedy 22``: names literally (never markup), winners starred."""
    parts = []
    for entry in game.players:
        if entry.name:
            label = Text(entry.name)
        elif entry.kind.startswith("bot:"):
            label = Text(_("bot {level}").format(level=_(entry.kind.removeprefix("bot:"))),
                         style="italic")
        else:
            label = Text(_("Seat {n}").format(n=entry.seat + 1))
        score = game.scores[entry.seat] if entry.seat < len(game.scores) else 0
        label.append(f" {score}")
        if entry.seat in game.winners:
            label.append(" ★ " + _("winner"), style="bold")
        parts.append(label)
    return Text(", ").join(parts)


def options_text(game: GameSummary) -> str:
    """The game's rules, one option a line: the column stays narrow enough to show beside the
    table's name at 80 columns, whatever the players' names (they scroll)."""
    options = []
    if game.extra_salt:
        options.append(_("Extra Salt"))
    if game.extra_pepper:
        options.append(_("Extra Pepper"))
    if game.double_target:
        options.append(_("double target"))
    elif game.target:  # a table's own target, as the lobby showed it ("to 1 point")
        options.append(target_label(game.target))
    return "\n".join(options) or "-"


class HistoryScreen(Screen[None]):
    """Finished games, newest first. Enter watches the highlighted one."""

    DEFAULT_CSS = """
    HistoryScreen #history-header { padding: 0 1; background: $boost; }
    HistoryScreen #history-status { padding: 0 1; }
    """
    BINDINGS = [
        Binding("enter,r", "replay", _("Watch replay"), key_display="Enter"),
        Binding("e", "export", _("Export")),
        Binding("s", "stats", _("Statistics")),
        # Off the footer (it must fit 80 columns in every language); listed in help.
        Binding("v", "review", _("Expert review"), show=False),
        # Off the footer (it must fit 80 columns in every language); listed in help.
        Binding("f5", "refresh", _("Refresh"), show=False),
        # q too: it goes back (to the lobby) wherever a screen has nothing to lose.
        Binding("escape,b,q", "back", _("Back"), key_display="Esc"),
    ]

    def __init__(
        self, source: HistorySource, server: str = "", export_dir: Path | None = None,
        solo: bool = False,
    ) -> None:
        super().__init__()
        self.source = source
        self.server = server
        self.solo = solo
        """The solo server's history: its title names no address (a loopback port, new each
        time, as the solo lobby has none)."""
        self.export_dir = export_dir or Path.cwd()
        self.games: tuple[GameSummary, ...] = ()

    def compose(self) -> ComposeResult:
        with Vertical():
            if self.solo:
                title = _("Finished solo games")
            elif self.server:
                title = _("Finished games on {server}").format(server=self.server)
            else:
                title = _("Finished games")
            yield Static(Text(title, style="bold"), id="history-header")
            yield DataTable(id="games", cursor_type="row", zebra_stripes=True)
            yield Static(_("Loading…"), id="history-status")
        yield Footer()

    def on_mount(self) -> None:
        table = self.query_one(DataTable)
        # The rules before the players: a game's options must show at 80 columns,
        # the players' names may be long and scroll into view.
        table.add_columns(_("Date"), _("Table"), _("Options"), _("Rounds"),
                          _("Players and scores"))
        table.focus()
        self.load()

    @work(exclusive=True, group="history")
    async def load(self) -> None:
        try:
            games = await self.source.list_games()
        except HistoryUnavailable as exc:
            self.set_status(_("Cannot get the history: {reason}").format(reason=exc))
            return
        self.show_games(games)

    def show_games(self, games: tuple[GameSummary, ...]) -> None:
        self.games = games
        table = self.query_one(DataTable)
        table.clear()
        for game in games:
            table.add_row(
                game_date(game.finished or game.started), Text(game.table), options_text(game),
                str(game.rounds), players_text(game), key=str(game.game),
                height=None,  # as tall as its folded options
            )
        self.set_status(
            ngettext("{n} finished game. Enter: watch · e: export · s: statistics",
                     "{n} finished games. Enter: watch · e: export · s: statistics",
                     len(games)).format(n=len(games))
            if games
            else _("No finished games on this server yet.")
        )

    def set_status(self, text: str) -> None:
        self.query_one("#history-status", Static).update(text)

    def selected(self) -> GameSummary | None:
        row = self.query_one(DataTable).cursor_row
        return self.games[row] if 0 <= row < len(self.games) else None

    @on(DataTable.RowSelected)
    def action_replay(self) -> None:
        game = self.selected()
        if game is not None:
            self.open_replay(game.game)

    @work(exclusive=True, group="history-replay")
    async def open_replay(self, game: int) -> None:
        try:
            replay = await self.source.replay(game)
            screen = ReplayScreen(replay, self.source.stand_ins_of(game), self.source.viewer)
        except (HistoryUnavailable, ReplayFileError) as exc:
            self.notify(str(exc), severity="error", timeout=10)
            return
        self.app.push_screen(screen)

    def action_review(self) -> None:
        game = self.selected()
        if game is not None:
            self.open_review(game.game)

    @work(exclusive=True, group="history-replay")
    async def open_review(self, game: int) -> None:
        try:
            replay = await self.source.replay(game)
            build_steps(replay)  # another engine version's game, or a damaged one: said here
        except (HistoryUnavailable, ReplayFileError) as exc:
            self.notify(str(exc), severity="error", timeout=10)
            return
        self.app.push_screen(ReviewScreen(replay, self.source.stand_ins_of(game)))

    def action_export(self) -> None:
        game = self.selected()
        if game is not None:
            self.export(game.game)

    @work(exclusive=True, group="history-export")
    async def export(self, game: int) -> None:
        path = self.export_dir / f"seasalt-game-{game}.json"
        try:
            replay = await self.source.replay(game)
            stand_ins = self.source.stand_ins_of(game)  # the file keeps them too
            # A browser tab (the app's ``--guest`` option): its file, not the host's.
            if getattr(getattr(self.app, "options", None), "guest", False):
                self.app.deliver_text(io.StringIO(replay_text(replay, stand_ins)),
                                      save_filename=path.name, mime_type="application/json")
                self.notify(_("Replay sent to your browser as {file}.").format(file=path.name))
                return
            save_replay(replay, path, stand_ins)
        except (HistoryUnavailable, OSError) as exc:
            self.notify(_("Export failed: {reason}").format(reason=exc), severity="error")
            return
        self.notify(
            _("Replay saved to {path}. Open it with: seasalt-client --replay {path}").format(
                path=path
            ),
            timeout=10,
        )

    def action_stats(self) -> None:
        self.app.push_screen(StatsScreen(self.source))

    def action_refresh(self) -> None:
        self.load()

    def action_back(self) -> None:
        self.dismiss(None)

    async def on_unmount(self) -> None:
        await self.source.close()
