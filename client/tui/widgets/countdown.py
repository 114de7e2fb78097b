"""The table's clock line: the turn timer, silent or idle players' takeover countdowns (and a
word to a player whose seat a bot took while they were idle), the reading pause and the auto
end turn countdown, each counted down on the client's clock.

Hidden while no clock runs, so a table without clocks looks exactly as before. The table screen
ticks it (``TableScreen.tick_clocks``); seasalt.client.tui.clocks counts them down.
"""

from __future__ import annotations

import contextlib
import time
from collections.abc import Sequence
from typing import Any

from rich.text import Text
from seasalt.client.tui.clocks import ClockReading
from seasalt.client.tui.messages import SeatLabel
from seasalt.client.words.game import Names
from seasalt.client.words.i18n import _
from seasalt.engine import PlayerView
from textual.css.query import NoMatches
from textual.screen import Screen
from textual.widgets import Static

TICK = 0.25
"""Seconds between two looks at the clocks (the text changes once a second)."""
URGENT = 10
"""Seconds left from which a turn countdown is drawn as urgent."""


# --- words -------------------------------------------------------------------------------


def turn_line(seat: int, left: int, names: Names) -> Text:
    if seat == names.me:
        words = _("Your turn: {n} s left").format(n=left)
    else:
        words = _("{name}'s turn: {n} s left").format(name=names.raw(seat), n=left)
    style = "bold red" if left <= URGENT else ("bold" if seat == names.me else "")
    return Text("⏱ " + words, style=style)


def takeover_line(seat: int, left: int, names: Names, idle: bool = False) -> Text:
    """A takeover countdown: of a lost player, or (``idle``) of one still connected who has
    let the table wait on their turn (the server's idle limit)."""
    if not idle:
        words = _("{name} is disconnected — a bot takes the seat in {n} s")
    elif seat == names.me:
        words = _("You are idle — a bot takes your seat in {n} s: make your move")
    else:
        words = _("{name} is idle — a bot takes the seat in {n} s")
    return Text(words.format(name=names.raw(seat), n=left), style="bold yellow")


def stood_in_line() -> Text:
    """This player is here but a bot plays their seat (they were idle): one key ends it."""
    return Text(_("You were idle: a bot plays for you. Press any key to take your seat back."),
                style="bold yellow")


def reading_line(left: int, waiting: Sequence[int], names: Names) -> Text:
    """"Next round in 25 s, or as soon as everyone continues · still reading: Bea" ("unless
    everyone continues" read as if continuing stopped the next round)."""
    text = Text(_("Next round in {n} s, or as soon as everyone continues").format(n=left),
                style="bold")
    others = [names(s) for s in waiting]
    if others:
        text.append(" · " + _("still reading: {names}").format(names=", ".join(others)))
    return text


def offline_line() -> Text:
    """In place of the server's clocks while it is out of reach: they count on its side, and
    a countdown run to "0 s" here would stand still, as if something were about to happen."""
    return Text(_("The server is out of reach: reconnecting…"), style="bold red")


def auto_end_line(left: int) -> Text:
    return Text(
        _("Ending your turn in {n} s (auto end turn): press any key to cancel").format(n=left),
        style="bold cyan",
    )


def time_ran_out_line(seat: int, names: Names) -> str:
    """The log line when the turn timer ran out for ``seat``."""
    if seat == names.me:
        return _("Time ran out: the bot played your turn.")
    return _("Time ran out: the bot played for {name}.").format(name=names.raw(seat))


def turn_time_label(seconds: int) -> str:
    """The turn timer option in words ("60 s per turn")."""
    return _("{n} s per turn").format(n=seconds)


def clock_lines(
    reading: ClockReading | None, v: PlayerView | None, names: Names, now: float,
    waiting: Sequence[int] = (), auto_end: int | None = None,
    seats: Sequence[SeatLabel] = (), offline: bool = False,
) -> list[Text]:
    """Every clock worth a line now. The takeover countdown of the seat to act is not here:
    it replaces the prompt's "Waiting for …" (:func:`prompt_with_clocks`). ``seats``: who is
    connected (a countdown for a connected seat is an idle player's), and whether a bot plays
    this player's own seat. ``offline``: the server is out of reach, and one line says so
    instead of its clocks."""
    lines: list[Text] = []
    if stood_in(seats, names.me):
        lines.append(stood_in_line())
    if auto_end is not None:
        lines.append(auto_end_line(auto_end))
    if reading is None:
        return lines
    clocks: list[Text] = []
    turn = reading.turn(now)
    to_act = v.to_act if v is not None else None
    if turn is not None and turn[0] == to_act:  # (clocks of a frame not drawn yet wait for it)
        clocks.append(turn_line(turn[0], turn[1], names))
    for seat, left in reading.takeovers(now):
        if seat != to_act or (v is not None and v.legal_actions):
            clocks.append(takeover_line(seat, left, names, is_idle(seats, seat)))
    pause = reading.reading(now)
    if pause is not None:  # (the reader knows they are reading, as on the round result)
        clocks.append(reading_line(pause, [s for s in waiting if s != names.me], names))
    if offline and clocks:
        clocks = [offline_line()]
    return lines + clocks


def is_idle(seats: Sequence[SeatLabel], seat: int) -> bool:
    """A seat with a takeover countdown whose player is connected: idle, not lost."""
    return 0 <= seat < len(seats) and seats[seat].connected


def stood_in(seats: Sequence[SeatLabel], me: int | None) -> bool:
    """A bot plays this player's seat while they are here (the server took it for idleness):
    their next key takes it back."""
    if me is None or not 0 <= me < len(seats):
        return False
    mine = seats[me]
    return mine.bot_playing and mine.connected and mine.bot is None


def prompt_with_clocks(
    text: Text, v: PlayerView, names: Names, reading: ClockReading | None, now: float,
    seats: Sequence[SeatLabel] = (),
) -> Text:
    """The prompt, with "Waiting for Bea…" replaced by Bea's takeover countdown while she is
    disconnected (not a minute of "Waiting for Bea…")."""
    if reading is None or v.legal_actions or v.to_act is None:
        return text
    left = reading.takeover_of(v.to_act, now)
    if left is None:
        return text
    waiting = _("Waiting for {name}…").format(name=names.raw(v.to_act))
    plain = text.plain
    if not plain.endswith(waiting):
        return text
    shown = text[: len(plain) - len(waiting)]
    shown.append_text(takeover_line(v.to_act, left, names, is_idle(seats, v.to_act)))
    return shown


class ClockLine(Static):
    """One line per running clock, under the prompt."""

    DEFAULT_CSS = """
    ClockLine {
        height: auto;
        padding: 0 1;
        display: none;
    }
    """

    def __init__(self, **kwargs: object) -> None:
        super().__init__(**kwargs)  # type: ignore[arg-type]
        self.shown = Text()

    def show_lines(self, lines: Sequence[Text]) -> None:
        text = Text("\n").join(lines)
        if text != self.shown:
            self.shown = text
            self.update(text)
        if self.display != bool(lines):  # (ticked 4 times a second: touch nothing idle)
            self.display = bool(lines)


def with_time_notes(
    lines: list[str], notes: Sequence[tuple[int, int, int]], round_no: int, names: Names
) -> list[str]:
    """The round's log lines with "Time ran out: …" put where each bot turn began."""
    mine = sorted(((pos, seat) for r, pos, seat in notes if r == round_no), reverse=True)
    if not mine:
        return lines
    out = list(lines)
    for pos, seat in mine:  # from the last: earlier positions stay right
        out.insert(min(pos, len(out)), time_ran_out_line(seat, names))
    return out


def show_reading_clock(screen: Screen[Any], waiting: Sequence[int], names: Names,
                       after: Text | None = None) -> None:
    """On the round result: "Next round in 25 s, or as soon as everyone continues · still
    reading: Bea" from the app's clocks (hidden when the server sent none); ``after``: the pause is
    over, and this line says what goes on instead. While the server is out of reach the line
    says that instead (the pause runs on the server's side, unheard here)."""
    app = screen.app
    reading: ClockReading | None = getattr(getattr(app, "flow", None), "clock_reading", None)
    clock = getattr(app, "clock", time.monotonic)
    left = reading.reading(clock()) if reading is not None else None
    others = [s for s in waiting if s != names.me]  # the reader knows they are reading
    lines = [] if left is None else [reading_line(left, others, names)]
    if after is not None:
        lines = [after]  # (the last reading may still count "0 s")
    if getattr(getattr(app, "net", None), "link_down", False):
        lines = [offline_line()]
    with contextlib.suppress(NoMatches):
        screen.query_one("#result-clock", ClockLine).show_lines(lines)
