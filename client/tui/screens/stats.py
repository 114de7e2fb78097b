"""Per-player statistics over every finished game on the server."""

from __future__ import annotations

from rich.text import Text
from seasalt.client.net.history_source import HistorySource, HistoryUnavailable
from seasalt.client.tui.widgets.event_stats import EventStatsPanel, has_pepper
from seasalt.client.tui.widgets.footer import Footer
from seasalt.client.words.game import kind_name
from seasalt.client.words.i18n import _, decimal, ngettext
from seasalt.engine import Kind
from seasalt.protocol import PlayerStats, StandInStats
from textual import on, work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import Screen
from textual.widgets import DataTable, Static


def duo_label(kind: str) -> str:
    """A duo kind (``crab``, ``shark+swimmer``) in words."""
    words = []
    for part in kind.split("+"):
        try:
            words.append(kind_name(Kind(part)))
        except ValueError:  # a kind this client does not know: show it as sent
            words.append(part)
    return " + ".join(words)


def average(stats: PlayerStats) -> str:
    return decimal(stats.points / stats.games) if stats.games else "-"


def duos_text(stats: PlayerStats) -> str:
    """One duo a line: the column stays narrow and the row grows (it reaches the screen)."""
    return "\n".join(f"{duo_label(d.kind)} {d.count}" for d in stats.duos) or "-"


def stand_in_text(stand_in: StandInStats | None) -> str:
    """What takeover bots did for a player who had left (never counted as the player's)."""
    if stand_in is None:
        return "-"
    calls = stand_in.stop_calls + stand_in.last_chance_calls
    return _("{wins}, {calls} in {rounds}").format(
        wins=ngettext("{n} win", "{n} wins", stand_in.wins).format(n=stand_in.wins),
        calls=ngettext("{n} call", "{n} calls", calls).format(n=calls),
        rounds=ngettext("{n} round", "{n} rounds", stand_in.rounds).format(n=stand_in.rounds),
    )


def player_label(stats: PlayerStats) -> Text:
    if stats.player.startswith("bot:"):
        return Text(_("bot {level}").format(level=_(stats.player.removeprefix("bot:"))),
                    style="italic")
    # The name people know, never the raw id (two players of one name: the table's row key
    # still tells them apart).
    return Text(stats.name or _("(no name)"))


class StatsScreen(Screen[None]):
    """One row per player (a stable player id, not just a name); below it, when some player
    has Extra Pepper figures, the highlighted player's event cards (widgets/event_stats.py)."""

    DEFAULT_CSS = """
    StatsScreen #stats-header { padding: 0 1; background: $boost; }
    StatsScreen #stats-status { padding: 0 1; }
    StatsScreen.-pepper #stats { height: 1fr; }  /* the event cards' panel keeps its rows */
    """
    BINDINGS = [
        Binding("f5,r", "refresh", _("Refresh"), key_display="F5"),
        Binding("escape,b,q", "back", _("Back"), key_display="Esc"),  # (q as in history)
    ]

    def __init__(self, source: HistorySource) -> None:
        super().__init__()
        self.source = source
        self.players: tuple[PlayerStats, ...] = ()

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static(Text(_("Player statistics"), style="bold"), id="stats-header")
            yield DataTable(id="stats", cursor_type="row", zebra_stripes=True)
            yield EventStatsPanel(id="pepper")
            yield Static(_("Loading…"), id="stats-status")
        yield Footer()

    def on_mount(self) -> None:
        table = self.query_one("#stats", DataTable)
        table.add_columns(
            _("Player"), _("Games"), _("Wins"), _("Average points"), _("Duos played"),
            _("STOP calls"), _("LAST CHANCE calls"), _("Bets won"), _("Bets lost"),
            _("Mermaid wins"), _("Bot for them"),
        )
        table.fixed_columns = 1  # the names stay while the wide columns scroll into view
        table.focus()
        self.show_pepper(False)
        self.load()

    @work(exclusive=True, group="stats")
    async def load(self) -> None:
        try:
            players = await self.source.stats()
        except HistoryUnavailable as exc:
            self.set_status(_("Cannot get the statistics: {reason}").format(reason=exc))
            return
        self.show_stats(players, getattr(self.source, "stand_ins", ()))

    def show_stats(
        self, players: tuple[PlayerStats, ...], stand_ins: tuple[StandInStats, ...] = ()
    ) -> None:
        self.players = players
        by_player = {s.player: s for s in stand_ins}
        table = self.query_one("#stats", DataTable)
        table.clear()
        for p in players:
            table.add_row(
                player_label(p), str(p.games), str(p.wins), average(p), duos_text(p),
                str(p.stop_calls), str(p.last_chance_calls), str(p.bets_won), str(p.bets_lost),
                str(p.mermaid_wins), stand_in_text(by_player.get(p.player)), key=p.player,
                height=None,  # as tall as its folded duos
            )
        self.show_pepper(any(has_pepper(p) for p in players))
        self.follow_cursor()
        self.set_status(
            ngettext("{n} player.", "{n} players.", len(players)).format(n=len(players))
            if players
            else _("No finished games on this server yet.")
        )

    def show_pepper(self, shown: bool) -> None:
        """The event card panel only where someone played Extra Pepper: no empty table."""
        self.set_class(shown, "-pepper")
        self.query_one(EventStatsPanel).display = shown

    @on(DataTable.RowHighlighted, "#stats")
    def follow_cursor(self) -> None:
        """The event card panel shows the highlighted player."""
        row = self.query_one("#stats", DataTable).cursor_row
        if 0 <= row < len(self.players):
            p = self.players[row]
            self.query_one(EventStatsPanel).show(p, player_label(p).plain)

    def set_status(self, text: str) -> None:
        self.query_one("#stats-status", Static).update(text)

    def action_refresh(self) -> None:
        self.load()

    def action_back(self) -> None:
        self.dismiss(None)
