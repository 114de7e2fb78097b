"""Round result (every revealed hand with its breakdown) and game over (standings)."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from rich import box
from rich.cells import cell_len
from rich.console import Console, Group
from rich.segment import Segment
from rich.table import Table
from rich.text import Text
from seasalt.client.net.history_source import HistorySource, HistoryUnavailable
from seasalt.client.tui.messages import GameEnd
from seasalt.client.tui.screens.button_keys import button_keys, pressed
from seasalt.client.tui.screens.result_phone import paid_text, parts_text, score_lines
from seasalt.client.tui.screens.review_finished import app_history, finished_replay
from seasalt.client.tui.screens.scores import SCORES_KEY, open_scores
from seasalt.client.tui.table_news import watch_news
from seasalt.client.tui.widgets.cardface import CardSize, concat, flow_gap
from seasalt.client.tui.widgets.cards import grouped_hand, table_groups
from seasalt.client.tui.widgets.countdown import TICK, ClockLine, show_reading_clock
from seasalt.client.tui.widgets.footer import Footer
from seasalt.client.words.game import Names
from seasalt.client.words.i18n import _, about, ngettext, pgettext
from seasalt.client.words.scoring_terms import card_points_term, colour_bonus_term
from seasalt.engine import RoundEnd, RoundResult, scored_parts
from seasalt.protocol import GameRecord, ReplayFileError
from textual import on, work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.events import Key
from textual.screen import Screen
from textual.widgets import Button, Static


def headline(result: RoundResult, names: Names, by_stand_in: bool = False) -> Text:
    """How the round ended, in one line; ``by_stand_in``: the seat's stand-in (a bot playing
    for its absent or idle player) made the ending move ("Your stand-in (bot) called STOP")."""
    if by_stand_in and result.ended_by is not None:
        names = names.for_stand_in(result.ended_by)  # (a third person: never the "you" forms)
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


def two_lines(words: str) -> int:
    """The fewest cells ``words`` fit in on two lines (broken at spaces only)."""
    parts = words.split()
    for width in range(max(cell_len(p) for p in parts), cell_len(words) + 1):
        lines, used = 1, -1
        for part in parts:
            if used + 1 + cell_len(part) > width:
                lines, used = lines + 1, cell_len(part)
            else:
                used += 1 + cell_len(part)
        if lines <= 2:
            return width
    return cell_len(words)


def score_table(result: RoundResult, names: Names, width: int | None = None,
                console: Console | None = None) -> Table | Text:
    """Per seat: card points (and what they are made of, in the words of the hand line), the
    colour bonus, the points added and the total; what this round did not pay is shown in
    brackets (RULES §6). Laid out on ``console`` at ``width``, the numbers' headers go on two
    lines when that keeps every word whole or the table shorter ("points des / cartes": in
    Portuguese, Spanish and French the total was cut off at 80 columns). Where both forms
    are cut, each seat's row is lines of its own (client/tui/screens/result_phone.py)."""
    wide = _score_table(result, names, narrow=False)
    if width is None or console is None:
        return wide
    narrow = _score_table(result, names, narrow=True)
    options = console.options.update_width(width)
    drawn = [Segment.get_shape(console.render_lines(t, options, pad=False)) for t in (wide, narrow)]
    # Cut: an ellipsis, or a header word missing (Rich gave the French total column one cell,
    # "t", and dropped its figures without an ellipsis: a STOP round at 80 columns).
    words = " ".join((card_points_term(), colour_bonus_term(), _("+round"), _("total"))).split()
    texts = ["".join(s.text for line in console.render_lines(t, options) for s in line)
             for t in (wide, narrow)]
    cut = ["…" in text or any(word not in text for word in words) for text in texts]
    if all(cut):  # (a phone's 40 columns: a seat's row as lines of its own)
        return score_lines(result, names)
    if cut[0] and not cut[1]:
        return narrow
    return narrow if not cut[1] and drawn[1][1] < drawn[0][1] else wide


def _score_table(result: RoundResult, names: Names, narrow: bool) -> Table:
    # No vertical rules: it must fit 80 columns; only the breakdown (words) may wrap. Natural
    # widths (no expand): an expanded table shares the room out and wraps the breakdown early.
    table = Table(pad_edge=False, box=box.SIMPLE_HEAVY, collapse_padding=True)
    table.add_column(_("Player"), no_wrap=True, max_width=16)
    # The breakdown is never narrower than its longest tied part ("+ multipliers 5": French
    # cut it to "multiplicateu…").
    rows: list[list[Text]] = []
    for seat, sr in enumerate(result.seats):
        b = sr.breakdown
        name = Text(names(seat), style="bold" if seat == names.me else "")
        if b is None:
            cells = [Text("-"), Text(""), Text("-")]
        else:
            paid = scored_parts(result, seat)
            cells = [paid_text(b.total, paid.card_points),
                     concat(Text("= ", style="dim"), parts_text(b)),
                     paid_text(b.color_bonus, paid.color_bonus)]
        rows.append([name, *cells, Text(f"+{sr.round_score}", style="bold"),
                     Text(str(sr.total), "bold")])
    longest = max((cell_len(word) for row in rows for word in row[2].plain.split(" ")),
                  default=1)
    for term in (card_points_term(), "", colour_bonus_term()):
        if not term:
            table.add_column("", min_width=longest)
            continue
        table.add_column(term, justify="right", no_wrap=not narrow,
                         max_width=two_lines(term) if narrow else None)
    table.add_column(_("+round"), justify="right", no_wrap=True)
    table.add_column(_("total"), justify="right", no_wrap=True)
    for row in rows:
        table.add_row(*row)
    return table


def paid_note(result: RoundResult) -> Text:
    """What the brackets in the table mean, for this round."""
    if result.end is RoundEnd.STOP:
        return Text(_("STOP: the colour bonus is not scored (in brackets)."), style="italic")
    if result.end is RoundEnd.LAST_CHANCE:
        return Text(_("In brackets: points this round does not score."), style="italic")
    return Text()


def aligned_labels(hand: str, table: str) -> tuple[Text, Text]:
    """The "hand:" and "table:" labels padded so that the first card after each is in the
    same column (a table's groups are laid two gaps apart, a hand's cards one)."""
    hand_gap, table_gap = flow_gap(CardSize.CHIP), 2 * flow_gap(CardSize.CHIP)
    column = max(cell_len(hand) + hand_gap, cell_len(table) + table_gap)
    return (Text(hand + " " * (column - hand_gap - cell_len(hand))),
            Text(table + " " * (column - table_gap - cell_len(table))))


def hands_text(result: RoundResult, names: Names, width: int = 76) -> Text:
    """Every revealed hand and table, grouped, laid to ``width`` (a card is never split)."""
    lines: list[Text] = []
    hand_label, table_label = aligned_labels("  " + _("hand: "), "  " + _("table: "))
    for seat, sr in enumerate(result.seats):
        if not sr.hand and not sr.table:
            continue
        lines.append(Text(names(seat), style="bold"))
        # Grouped under the effects that changed this seat's points (the ones that group).
        effects = tuple(e.event for e in sr.breakdown.events) if sr.breakdown else ()
        # A wrapped row goes on under the first card, not under the label.
        lines.append(grouped_hand(sr.hand, width=width, label=hand_label, effects=effects,
                                  hang=True))
        lines.append(table_groups(sr.table, width=width, label=table_label, hang=True))
        if sr.shielded:  # the Coral Reef: which shell stays hidden until the game is over
            lines.append(Text("  " + _("and a shell face down (scores nothing)"), style="italic"))
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


def rounds_table(record: GameRecord, names: Names, players: int,
                 totals: Sequence[int] | None = None) -> Table:
    """The points each seat scored in every round (as the server journalled them), and the
    totals under them. Natural widths and no vertical rules: it fits 80 columns, and one row a
    round keeps a long game's rows on the screen (the body scrolls past that)."""
    table = Table(box=box.SIMPLE_HEAVY, pad_edge=False, show_footer=totals is not None)
    table.add_column(_("Round"), Text(_("total"), style="bold"), justify="right", no_wrap=True)
    for seat in range(players):
        total = Text(str(totals[seat]), style="bold") if totals is not None else ""
        table.add_column(Text(names(seat)), total, justify="right", no_wrap=True, max_width=14)
    for number, points in enumerate(record.rounds, start=1):
        table.add_row(str(number), *(str(p) for p in points))
    return table


def standings_text(end: GameEnd, names: Names) -> Text:
    """``1. Ann 38 · 2. Bob 35 · 3. Cy 29`` (the winners in bold): one line where it fits."""
    text = Text()
    for place, seat in enumerate(end.standings, start=1):
        if place > 1:
            text.append("  ·  ", style="dim")
        style = "bold" if seat in end.winners else ""
        text.append(f"{place}. ", style=style)
        text.append(Text(names(seat), style=style))  # a name is never markup
        text.append(f" {end.scores[seat]}", style=style)
    return text


def record_notes(record: GameRecord, names: Names) -> Text:
    """The tie-break, when it decided, and the seats a bot played for their human."""
    lines: list[Text] = []
    if record.tie_break:
        lines.append(Text(_("Tied on total points: the points of the last round decided.")))
    total = len(record.rounds)
    for t in record.takeovers:
        lines.append(Text(
            # "in", not "for": a bot that played a few moves of a round (its player away
            # for a minute) has not played the seat for the round.
            ngettext("{name}: a {level} bot played this seat in {n} of {total} round.",
                     "{name}: a {level} bot played this seat in {n} of {total} rounds.",
                     total).format(
                name=names(t.seat), level=_(t.level), n=t.rounds, total=total)
        ))
    return Text("\n").join(lines)


class RoundResultScreen(Screen[bool]):
    """Shown after a round until the player continues (sends the server's ``continue``)."""

    BINDINGS = [
        # Enter and space continue whichever button has the focus, as "Continue (Enter)" says:
        # without priority a Tab onto "Scores (h)" made Enter open the scores, again after
        # every Escape (the focus comes back to that button), and the player could not get
        # back to the table (the chaos soak, seed 31033).
        Binding("enter,space", "continue", _("Continue"), priority=True),
        Binding("h", "app.open_scores", _("Scores")),  # client/tui/screens/scores.py
        Binding("question_mark", "app.help", _("Help"), show=False),
        # Esc closes it as it closes every dialog; q asks to quit, as at the table (both did
        # nothing here).
        Binding("escape", "continue", _("Continue"), show=False),
        Binding("q", "app.request_quit", _("Quit"), show=False),
    ]

    def __init__(
        self,
        result: RoundResult,
        names: Names,
        waiting: Sequence[int] = (),
        winners: Sequence[int] | None = None,
        by_stand_in: bool = False,
    ) -> None:
        super().__init__(classes="result-screen")
        self.result = result
        self.names = names
        self.waiting = tuple(waiting)
        self.winners = None if winners is None else tuple(winners)
        """Set when this round ended the game (the winners, from the view)."""
        self.by_stand_in = by_stand_in
        """The ending move was a stand-in's (the headline says so)."""
        self.goes_on: Text | None = None
        """Set when the next round is played while this screen is open (``round_goes_on``)."""

    def compose(self) -> ComposeResult:
        with Vertical(id="result-box"):
            yield Static(self._headline(), id="result-headline")
            yield ClockLine(id="result-clock")  # the pause counting down, who still reads
            with VerticalScroll(id="result-body"):
                yield Static(self._body(), id="result-hands")
            with Horizontal(classes="buttons"):
                yield Button(_("Continue (Enter)"), id="continue", variant="primary")
                yield Button(_("Scores (h)"), id="scores")

    def on_mount(self) -> None:
        if not getattr(self, "_ticking", False):  # (a language switch mounts it again)
            self._ticking = True
            self.set_interval(TICK, self.tick_clock)
            watch_news(self, "clocks", self._clocks_told)  # (client/tui/table_news.py)
        self.tick_clock()

    def _clocks_told(self) -> None:
        if self.is_current:  # (under another dialog its line waits for the next tick)
            self.tick_clock()

    def tick_clock(self) -> None:
        show_reading_clock(self, self.waiting, self.names, self.goes_on)

    def rename(self, names: Names) -> None:
        """The seats' names came after the result (a resumed solo game's result read "Seat 2"
        and "Seat 3" for the bots): show it under them."""
        if names.names == self.names.names:
            return
        self.names = names
        for headline_ in self.query("#result-headline").results(Static):
            headline_.update(self._headline())
        self.on_resize()  # (the hands, drawn again)
        self.tick_clock()

    def _headline(self) -> Text:
        text = headline(self.result, self.names, self.by_stand_in)
        if self.winners is not None:
            text.append("\n")
            text.append_text(game_over_line(self.winners, self.names))
        return text

    def round_goes_on(self, round_: int, your_turn: bool) -> None:
        """The reading pause is over: round ``round_`` is being played (``your_turn``: the
        table waits for this player's move)."""
        if your_turn:
            words = _("Round {n} has begun and it is your turn: Continue (Enter) to play.")
        else:
            words = _("Round {n} has begun: Continue (Enter) to follow it.")
        self.goes_on = Text(words.format(n=round_), style="bold")
        self.tick_clock()

    def _body(self) -> Group:
        # The result box is at most 120 wide, with a border and padding (4 cells).
        width = max(20, min(self.app.size.width, 120) - 6)
        return Group(score_table(self.result, self.names, width, self.app.console),
                     paid_note(self.result),
                     hands_text(self.result, self.names, width))

    def on_resize(self) -> None:
        # A resize can reach this screen when its widgets are not there (pushed just as the
        # app closes): nothing to lay out again then (it was a NoMatches crash at exit).
        for hands in self.query("#result-hands").results(Static):
            hands.update(self._body())

    @on(Button.Pressed, "#continue")
    def action_continue(self) -> None:
        self.dismiss(True)

    @on(Button.Pressed, "#scores")
    def on_scores(self) -> None:
        open_scores(self.app)


REVIEW_KEY = "v"
"""The expert's review of the game just finished: the same key as in the history."""


class GameOverScreen(Screen[str]):
    """Final standings; play again, back to the lobby, or quit; or the game's review."""

    DEFAULT_CSS = """
    GameOverScreen #game-over-more { height: auto; align: center middle; }
    GameOverScreen #game-over-more Button { margin: 0 2; }
    """

    BINDINGS = [
        Binding("h", "app.open_scores", _("Scores")),  # client/tui/screens/scores.py
        Binding(REVIEW_KEY, "review", _("Expert review")),
        # The body scrolls from the keyboard while a button has the focus (a long game).
        Binding("up", "scroll_body('up')", show=False),
        Binding("down", "scroll_body('down')", show=False),
        Binding("pageup", "scroll_body('page_up')", show=False),
        Binding("pagedown", "scroll_body('page_down')", show=False),
        Binding("home", "scroll_body('home')", show=False),
        Binding("end", "scroll_body('end')", show=False),
    ]

    def __init__(self, end: GameEnd, names: Names, record: GameRecord | None = None,
                 table: str | None = None) -> None:
        super().__init__(classes="result-screen")
        self.end = end
        self.names = names
        self.record = record
        self.table = table
        """The table the game was played at: its review is found in the server's history
        (None: no review offered)."""
        self.history: Callable[[], HistorySource] = lambda: app_history(self.app)
        # The keys are the language's own, named on the buttons (client/tui/screens/button_keys.py);
        # h (the score sheet) is the same in every language.
        self.keys = button_keys([
            ("again", pgettext("dialog key: play again", "p"), "p", _("Play again ({key})")),
            ("lobby", pgettext("dialog key: lobby", "b"), "b", _("Lobby ({key})")),
            ("quit", pgettext("dialog key: quit", "q"), "q", _("Quit ({key})")),
        ], reserved=(SCORES_KEY, REVIEW_KEY))

    def compose(self) -> ComposeResult:
        with Vertical(id="result-box"):
            yield Static(self._headline(), id="result-headline")
            with VerticalScroll(id="result-body"):
                yield Static(self._body(), id="game-over-body")
            with Horizontal(classes="buttons"):
                again, lobby, quit_ = self.keys
                yield Button(again.label, id="again", variant="primary")
                yield Button(lobby.label, id="lobby")
                yield Button(quit_.label, id="quit", variant="error")
            # The looks back on the game, on a line of their own: five buttons do not fit
            # 80 columns in Spanish.
            with Horizontal(id="game-over-more"):
                yield Button(_("Scores (h)"), id="scores", compact=True)
                if self.table is not None:
                    yield Button(_("Review (v)"), id="review", compact=True)
        yield Footer()  # h and v: the score sheet and the review

    def on_key(self, event: Key) -> None:
        answer = pressed(event, self.keys)
        if answer is not None:
            event.stop()
            event.prevent_default()
            self.action_answer(answer)

    def _headline(self) -> Text:
        winners = [self.names(s) for s in self.end.winners]
        text = Text(_("Game over! "), style="bold")
        if self.names.me is not None and self.names.me in self.end.winners:
            text.append(_("You win!"), style="bold reverse")
        elif winners:
            text.append(_("Winner: {names}").format(names=", ".join(winners)))
        return text

    def on_mount(self) -> None:
        # How the game went follows the game over (client/tui/table_news.py).
        watch_news(self, "game_record", self._record_arrived)

    def _record_arrived(self, record: GameRecord | None) -> None:
        if record is not None:
            self.show_record(record)

    def show_record(self, record: GameRecord) -> None:
        """How the game went (it follows the game over from the server)."""
        self.record = record
        if self.is_mounted:
            self.query_one("#game-over-body", Static).update(self._body())

    def _body(self) -> Group:
        parts: list[Table | Text] = [standings_text(self.end, self.names)]
        if self.record is not None:
            if self.record.rounds:
                parts.append(rounds_table(self.record, self.names, len(self.end.scores),
                                          self.end.scores))
            notes = record_notes(self.record, self.names)
            if notes.plain:
                parts.append(notes)
        return Group(*parts)

    def action_scroll_body(self, how: str) -> None:
        """The keys scroll the standings and rounds (the buttons keep the focus)."""
        body = self.query_one("#result-body", VerticalScroll)
        {"up": body.scroll_up, "down": body.scroll_down, "page_up": body.scroll_page_up,
         "page_down": body.scroll_page_down, "home": body.scroll_home,
         "end": body.scroll_end}[how](animate=False)

    @on(Button.Pressed)
    def on_pressed(self, event: Button.Pressed) -> None:
        if event.button.id == "scores":
            open_scores(self.app)
            return
        if event.button.id == "review":
            self.action_review()
            return
        self.dismiss(event.button.id or "quit")

    def action_review(self) -> None:
        if self.table is not None and self.app.screen is self:
            self.open_review(self.table)

    @work(exclusive=True, group="game-over-review")
    async def open_review(self, table: str) -> None:
        # (here: the review screen shows moves in the replay screen, which uses this module)
        from seasalt.client.tui.screens.review import ReviewScreen

        source = self.history()
        try:
            replay, stand_ins = await finished_replay(source, table, self.end.scores)
        except (HistoryUnavailable, ReplayFileError) as exc:
            self.notify(str(exc), severity="error", timeout=10)
            return
        finally:
            await source.close()
        if self.app.screen is self:
            self.app.push_screen(ReviewScreen(replay, stand_ins))

    def action_answer(self, answer: str) -> None:
        if self.app.screen is self:  # a key pressed twice fast must not dismiss twice
            self.dismiss(answer)
