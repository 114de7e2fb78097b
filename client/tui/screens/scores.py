"""The score sheet: every round's gains per seat, how it ended, running totals, the tie-break.

The numbers are the server's (protocol ``scores``, read from its journal and ranked by the
engine), asked for each time the sheet opens: the client remembers nothing, so the sheet is
the same after a reconnect or a server restart.
"""

from __future__ import annotations

from rich import box
from rich.console import Group
from rich.table import Table
from rich.text import Text
from seasalt.client.net.intents import AskScores
from seasalt.client.tui.messages import IntentQueued
from seasalt.client.tui.screens.scores_phone import phone_sheet
from seasalt.client.tui.table_news import watch_news
from seasalt.client.tui.widgets.footer import Footer
from seasalt.client.words.game import Names
from seasalt.client.words.i18n import _, about, ngettext
from seasalt.engine import RoundEnd
from seasalt.protocol import ScoreRound, ScoreSheet
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.message import Message
from textual.screen import ModalScreen
from textual.widgets import Static

SCORES_KEY = "h"
"""The key that opens the sheet (table, round result, game over) and closes it again: free on
each of those screens, and the first letter of "history" in all four languages."""


def open_scores(app: object) -> None:
    """Open the sheet through the app (it knows the table, the names and the last sheet)."""
    action = getattr(app, "action_open_scores", None)
    if action is not None:
        action()


def round_end_text(r: ScoreRound, names: Names) -> str:
    """How a round ended, in a few words."""
    who = names(r.ended_by)
    Y_ = about(r.ended_by, names.me)
    if r.end is RoundEnd.STOP:
        return Y_("{who} called STOP").format(who=who)
    if r.end is RoundEnd.LAST_CHANCE:
        if r.bet_won:
            return Y_("{who} called LAST CHANCE: won").format(who=who)
        return Y_("{who} called LAST CHANCE: lost").format(who=who)
    if r.end is RoundEnd.VOID:
        return _("void: the deck ran out")
    return Y_("{who} gathered all four mermaids").format(who=who)


def _last_scored(sheet: ScoreSheet) -> ScoreRound | None:
    """The last round that was scored (a void round adds nothing and breaks no tie)."""
    for r in reversed(sheet.rounds):
        if r.end in (RoundEnd.STOP, RoundEnd.LAST_CHANCE):
            return r
    return None


def places(sheet: ScoreSheet) -> dict[int, int]:
    """Seat -> place (1 = first), in the engine's order; seats the order cannot tell apart
    (same total, same points in the last scored round) share a place (RULES §8.3)."""
    last = _last_scored(sheet)

    def key(seat: int) -> tuple[int, int]:
        return sheet.scores[seat], (last.points[seat] if last is not None else 0)

    found: dict[int, int] = {}
    for index, seat in enumerate(sheet.standings):
        before = sheet.standings[index - 1] if index else None
        if before is not None and key(before) == key(seat) and not (
            index == 1 and sheet.rounds and sheet.rounds[-1].end is RoundEnd.MERMAIDS
        ):
            found[seat] = found[before]
        else:
            found[seat] = index + 1
    return found


def sheet_table(sheet: ScoreSheet, names: Names, how: bool = True) -> Table:
    """One row per round (gain, then the running total), then the totals and places.
    ``how``: with the column saying how each round ended (False: a phone's 40 columns, which
    gave that column no cell and lost it, client/tui/screens/scores_phone.py)."""
    players = len(sheet.scores)
    table = Table(expand=True, box=box.SIMPLE_HEAVY, pad_edge=False, collapse_padding=True)
    table.add_column(_("Round"), justify="right", no_wrap=True)
    if how:
        table.add_column(_("How it ended"), ratio=1)
    for seat in range(players):
        style = "bold" if seat == names.me else ""
        table.add_column(Text(names(seat), style=style), justify="right", no_wrap=True,
                         max_width=14)
    for r in sheet.rounds:
        cells = []
        for seat in range(players):
            cell = Text(f"+{r.points[seat]}", style="bold" if r.points[seat] else "dim")
            # (a phone's cells are two rows: "+14 → 17" side by side was cut for 4 players)
            cell.append(f"{' ' if how else chr(10)}→ {r.totals[seat]}", style="dim")
            cells.append(cell)
        table.add_row(str(r.round), *([Text(round_end_text(r, names))] if how else []), *cells)
    place = places(sheet)
    table.add_section()
    # (without the column, the labels go in the rounds' column)
    total, where = [Text(_("total"), style="bold")], [Text(_("place"))]
    table.add_row(*([""] if how else []), *total,
                  *(Text(str(sheet.scores[s]), style="bold") for s in range(players)))
    table.add_row(*([""] if how else []), *where,
                  *(Text(f"#{place[s]}") for s in range(players)))
    return table


def sheet_notes(sheet: ScoreSheet, names: Names) -> Text:
    """How to read the sheet, and the tie-break when it applies."""
    lines = [Text(_("Each round: the points gained, then the running total."), style="italic")]
    if not sheet.rounds:
        lines.append(Text(_("No round has ended yet.")))
    if sheet.over and sheet.tie_break:
        lines.append(Text(_("Tied on total points: the points of the last round decided."),
                          style="bold"))
    elif not sheet.over and sheet.rounds:
        best = max(sheet.scores)
        tied = [s for s in range(len(sheet.scores)) if sheet.scores[s] == best]
        if len(tied) > 1 and best > 0:
            lines.append(Text(ngettext(
                "{names} are tied on {n} point: at the end a tie goes to the higher points of "
                "the last scored round (the places above).",
                "{names} are tied on {n} points: at the end a tie goes to the higher points of "
                "the last scored round (the places above).", best,
            ).format(names=", ".join(names(s) for s in tied), n=best)))
    return Text("\n").join(lines)


class ScoresScreen(ModalScreen[None]):
    """The score sheet of the game at this table, from the server."""

    DEFAULT_CSS = """
    ScoresScreen { align: center middle; }
    ScoresScreen #scores-box {
        width: 100%; max-width: 110; height: auto; max-height: 100%;
        border: round $primary; background: $surface; padding: 0 1;
    }
    ScoresScreen #scores-title { text-style: bold; }
    """
    BINDINGS = [
        Binding(f"escape,{SCORES_KEY}", "close", _("Back"), key_display="Esc"),
    ]

    def __init__(self, table: str, names: Names, sheet: ScoreSheet | None = None) -> None:
        super().__init__(classes="scores-screen")
        self.table = table
        self.names = names
        self.sheet: ScoreSheet | None = None
        self._first = sheet if sheet is not None and sheet.table == table else None

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="scores-box"):
            yield Static(_("Scores — table {table}").format(table=self.table), id="scores-title",
                         markup=False)
            yield Static(_("Asking the server for the scores…"), id="scores-body")
        yield Footer()

    def on_mount(self) -> None:
        if self._first is not None:
            self.show_sheet(self._first)  # the last one known, until the fresh one comes
        self.ask()
        # The sheets the server sends, and each round's end (asked again), as the app holds
        # them (client/tui/table_news.py).
        watch_news(self, "score_sheet", self._sheet_arrived)
        watch_news(self, "rounds_scored", self.ask)

    def _sheet_arrived(self, sheet: ScoreSheet | None) -> None:
        if sheet is not None:
            self.show_sheet(sheet)

    def ask(self) -> None:
        """Ask the server for the sheet (again: a round just ended)."""
        self.app.post_message(IntentQueued(AskScores(self.table)))

    def show_sheet(self, sheet: ScoreSheet) -> None:
        if sheet.table != self.table:
            return
        self.sheet = sheet
        if self.is_mounted:
            if self.has_class("-phone"):  # (SeasaltApp.HORIZONTAL_BREAKPOINTS)
                body = phone_sheet(sheet, self.names)
            else:
                body = Group(sheet_table(sheet, self.names), sheet_notes(sheet, self.names))
            self.query_one("#scores-body", Static).update(body)

    def on_resize(self) -> None:
        # (the sheet's form follows the width: the class is set on this same resize)
        if self.sheet is not None:
            self.call_after_refresh(self.show_sheet, self.sheet)

    def rename(self, names: Names) -> None:
        """The seats changed while the sheet is open (someone sat down in the waiting room):
        show it under the names they have now."""
        self.names = names
        if self.sheet is not None:
            self.show_sheet(self.sheet)

    def action_close(self) -> None:
        self.dismiss(None)


class ScoresArrived(Message):
    """The server's score sheet (protocol ``scores``)."""

    def __init__(self, sheet: ScoreSheet) -> None:
        super().__init__()
        self.sheet = sheet
