"""Round result (every revealed hand with its breakdown) and game over (standings)."""

from __future__ import annotations

from collections.abc import Sequence

from rich import box
from rich.console import Group
from rich.table import Table
from rich.text import Text
from seasalt.client.i18n import _, about, ngettext
from seasalt.client.screens.model import GameEnd
from seasalt.client.screens.scores import open_scores
from seasalt.client.widgets.cards import grouped_hand, table_groups
from seasalt.client.widgets.countdown import TICK, ClockLine, show_reading_clock
from seasalt.client.words import Names
from seasalt.engine import RoundEnd, RoundResult
from seasalt.protocol import GameRecord
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import Screen
from textual.widgets import Button, Static


def headline(result: RoundResult, names: Names) -> Text:
    """How the round ended, in one line."""
    who = names(result.ended_by)
    Y_ = about(result.ended_by, names.me)  # "you" forms where the verb agrees with the reader
    text = Text()
    text.append(_("Round {n}: ").format(n=result.round), style="bold")
    if result.end is RoundEnd.STOP:
        text.append(Y_("{who} called STOP. Everyone scores their card points.").format(who=who))
    elif result.end is RoundEnd.LAST_CHANCE:
        if result.bet_won:
            text.append(
                Y_("{who} called LAST CHANCE and won the bet: card points + colour bonus for "
                  "the caller, only the colour bonus for the others.").format(who=who)
            )
        else:
            text.append(
                Y_("{who} called LAST CHANCE and lost the bet: only the colour bonus for the "
                  "caller, card points for the others.").format(who=who)
            )
    elif result.end is RoundEnd.VOID:
        text.append(_("the deck ran out with no call: the round is void, nobody scores."))
    else:
        text.append(Y_("{who} gathered all four mermaids!").format(who=who))
    return text


def score_table(result: RoundResult, names: Names) -> Table:
    """Numbers per seat: the breakdown, the points added and the totals."""
    # No vertical rules: eight numbers and a name must fit 80 columns with readable headers.
    table = Table(expand=True, pad_edge=False, box=box.SIMPLE_HEAVY, collapse_padding=True)
    table.add_column(_("Player"), no_wrap=True, max_width=16)
    for title in (_("pairs"), _("sets"), _("mult."), _("mermaids"), _("points"),
                  _("colour"), _("+round"), _("total")):
        table.add_column(title, justify="right", no_wrap=True)
    for seat, sr in enumerate(result.seats):
        b = sr.breakdown
        name = Text(names(seat), style="bold" if seat == names.me else "")
        if b is None:
            cells = ["-"] * 6
        else:
            cells = [
                str(b.pairs_on_table + b.pairs_in_hand + b.starfish),
                str(b.collectors),
                str(b.multipliers),
                str(b.mermaids),
                str(b.total),
                str(b.color_bonus),
            ]
        table.add_row(
            name, *cells, Text(f"+{sr.round_score}", style="bold"), Text(str(sr.total), "bold")
        )
    return table


def hands_text(result: RoundResult, names: Names) -> Text:
    """Every revealed hand and table, grouped."""
    lines: list[Text] = []
    for seat, sr in enumerate(result.seats):
        if not sr.hand and not sr.table:
            continue
        line = Text(names(seat), style="bold")
        line.append("\n  " + _("hand: "))
        line.append_text(grouped_hand(sr.hand))
        line.append("\n  " + _("table: "))
        line.append_text(table_groups(sr.table))
        lines.append(line)
    return Text("\n").join(lines)


def game_over_line(winners: Sequence[int], names: Names) -> Text:
    """"Game over — Ann wins" under the last round's result, before Continue."""
    if len(winners) == 1 and winners[0] == names.me:
        line = _("Game over — you win!")
    elif len(winners) == 1:
        line = _("Game over — {name} wins").format(name=names(winners[0]))
    else:
        line = _("Game over — shared win: {names}").format(
            names=", ".join(names(s) for s in winners)
        )
    return Text(line, style="bold reverse")


def rounds_table(record: GameRecord, names: Names, players: int) -> Table:
    """The points each seat scored in every round (as the server journalled them)."""
    table = Table(expand=True, box=box.SIMPLE_HEAVY, pad_edge=False)
    table.add_column(_("Round"), justify="right", no_wrap=True)
    for seat in range(players):
        table.add_column(Text(names(seat)), justify="right", no_wrap=True, max_width=14)
    for number, points in enumerate(record.rounds, start=1):
        table.add_row(str(number), *(str(p) for p in points))
    return table


def record_notes(record: GameRecord, names: Names) -> Text:
    """The tie-break, when it decided, and the seats a bot played for their human."""
    lines: list[Text] = []
    if record.tie_break:
        lines.append(Text(_("Tied on total points: the points of the last round decided.")))
    total = len(record.rounds)
    for t in record.takeovers:
        lines.append(Text(
            ngettext("{name}: a {level} bot played this seat for {n} of {total} round.",
                     "{name}: a {level} bot played this seat for {n} of {total} rounds.",
                     total).format(
                name=names(t.seat), level=_(t.level), n=t.rounds, total=total)
        ))
    return Text("\n").join(lines)


class RoundResultScreen(Screen[bool]):
    """Shown after a round until the player continues (sends the server's ``continue``)."""

    BINDINGS = [
        Binding("enter,space", "continue", _("Continue")),
        Binding("h", "app.open_scores", _("Scores")),  # client/screens/scores.py
        Binding("question_mark", "app.help", _("Help"), show=False),
    ]

    def __init__(
        self,
        result: RoundResult,
        names: Names,
        waiting: Sequence[int] = (),
        winners: Sequence[int] | None = None,
    ) -> None:
        super().__init__(classes="result-screen")
        self.result = result
        self.names = names
        self.waiting = tuple(waiting)
        self.winners = None if winners is None else tuple(winners)
        """Set when this round ended the game (the winners, from the view)."""

    def compose(self) -> ComposeResult:
        with Vertical(id="result-box"):
            text = headline(self.result, self.names)
            if self.winners is not None:
                text.append("\n")
                text.append_text(game_over_line(self.winners, self.names))
            yield Static(text, id="result-headline")
            yield ClockLine(id="result-clock")  # the pause counting down, who still reads
            with VerticalScroll(id="result-body"):
                yield Static(
                    Group(score_table(self.result, self.names), hands_text(self.result, self.names))
                )
            with Horizontal(classes="buttons"):
                yield Button(_("Continue (Enter)"), id="continue", variant="primary")
                yield Button(_("Scores (h)"), id="scores")

    def on_mount(self) -> None:
        if not getattr(self, "_ticking", False):  # (a language switch mounts it again)
            self._ticking = True
            self.set_interval(TICK, self.tick_clock)
        self.tick_clock()

    def tick_clock(self) -> None:
        show_reading_clock(self, self.waiting, self.names)

    @on(Button.Pressed, "#continue")
    def action_continue(self) -> None:
        self.dismiss(True)

    @on(Button.Pressed, "#scores")
    def on_scores(self) -> None:
        open_scores(self.app)


class GameOverScreen(Screen[str]):
    """Final standings; play again, back to the lobby, or quit."""

    BINDINGS = [
        Binding("p", "answer('again')", _("Play again")),
        Binding("b", "answer('lobby')", _("Lobby")),
        Binding("q", "answer('quit')", _("Quit")),
        Binding("h", "app.open_scores", _("Scores")),  # client/screens/scores.py
    ]

    def __init__(self, end: GameEnd, names: Names, record: GameRecord | None = None) -> None:
        super().__init__(classes="result-screen")
        self.end = end
        self.names = names
        self.record = record

    def compose(self) -> ComposeResult:
        with Vertical(id="result-box"):
            yield Static(self._headline(), id="result-headline")
            with VerticalScroll(id="result-body"):
                yield Static(self._body(), id="game-over-body")
            with Horizontal(classes="buttons"):
                yield Button(_("Play again (p)"), id="again", variant="primary")
                yield Button(_("Lobby (b)"), id="lobby")
                yield Button(_("Quit (q)"), id="quit", variant="error")
                yield Button(_("Scores (h)"), id="scores")

    def _headline(self) -> Text:
        winners = [self.names(s) for s in self.end.winners]
        text = Text(_("Game over! "), style="bold")
        if self.names.me is not None and self.names.me in self.end.winners:
            text.append(_("You win!"), style="bold reverse")
        elif winners:
            text.append(_("Winner: {names}").format(names=", ".join(winners)))
        return text

    def show_record(self, record: GameRecord) -> None:
        """How the game went (it follows the game over from the server)."""
        self.record = record
        if self.is_mounted:
            self.query_one("#game-over-body", Static).update(self._body())

    def _body(self) -> Group:
        parts: list[Table | Text] = [self._standings()]
        if self.record is not None:
            if self.record.rounds:
                parts.append(rounds_table(self.record, self.names, len(self.end.scores)))
            notes = record_notes(self.record, self.names)
            if notes.plain:
                parts.append(notes)
        return Group(*parts)

    def _standings(self) -> Table:
        table = Table(expand=True)
        table.add_column("#", justify="right")
        table.add_column(_("Player"))
        table.add_column(_("total"), justify="right")
        for place, seat in enumerate(self.end.standings, start=1):
            style = "bold" if seat in self.end.winners else ""
            table.add_row(
                str(place), Text(self.names(seat), style=style), str(self.end.scores[seat])
            )
        return table

    @on(Button.Pressed)
    def on_pressed(self, event: Button.Pressed) -> None:
        if event.button.id == "scores":
            open_scores(self.app)
            return
        self.dismiss(event.button.id or "quit")

    def action_answer(self, answer: str) -> None:
        self.dismiss(answer)
