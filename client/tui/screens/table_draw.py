"""A frame drawn into the table's widgets: the status line, what changed since your last turn
(marked on the opponents and the piles), the choices before the prompt, the hand, the log and
its recent lines.

Functions of the table screen (client/tui/screens/table.py), which decides when to draw (one draw
at a time, always of the newest frame: ``TableScreen.render_latest``) and keeps what they
read: the frame, the baseline of your last turn, the ended round's log, the time notes. The
status and recent lines keep what they show (client/tui/widgets/text_line.py); the guard
against a frame never drawn keeps its own watch (:class:`UndrawnCheck`).
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING

from rich.text import Text
from seasalt.client.tui.messages import Frame
from seasalt.client.tui.phone import line_width
from seasalt.client.tui.screens.table_input import PENDING_CHECK
from seasalt.client.tui.widgets.actions import ActionList, choices_for
from seasalt.client.tui.widgets.call_status import CallStatus
from seasalt.client.tui.widgets.coach import CoachPanel
from seasalt.client.tui.widgets.countdown import turn_time_label, with_time_notes
from seasalt.client.tui.widgets.events import EventsPanel
from seasalt.client.tui.widgets.hand import HandPanel
from seasalt.client.tui.widgets.log import LOG_LINES, LogPanel, log_lines
from seasalt.client.tui.widgets.opponents import OpponentsPanel
from seasalt.client.tui.widgets.piles import PilesPanel
from seasalt.client.tui.widgets.prompt import PromptPanel
from seasalt.client.tui.widgets.score_track import ScoreTrack
from seasalt.client.tui.widgets.text_line import TextLine
from seasalt.client.words.game import Names
from seasalt.client.words.i18n import _, ngettext
from seasalt.engine import Event, PlayerView

if TYPE_CHECKING:
    from seasalt.client.tui.screens.table import TableScreen

RECENT_LINES = 2
"""Log lines shown under the piles in the collapsed layout (the full log is one key away)."""
UNDRAWN_WARNING = 5.0
"""Seconds a frame waited to be drawn before ``check_drawn`` logs it as a warning."""

log = logging.getLogger("seasalt.client")


def seat_signature(v: PlayerView, seat: int) -> tuple[object, ...]:
    s = v.seats[seat]
    return (s.hand_size, s.table, s.score, s.revealed_hand, s.locked)


NAME_KEPT = 8
"""Cells of a long table name the status line keeps at least (its start, then "…")."""


def status_line(frame: Frame, names: Names, turn_time: int, link_state: str,
                watchers: int, width: int | None = None) -> Text:
    """The table's line at the top: the game, its options, the link, your score, watchers.

    ``width``: the screen's; a table name long enough to push the round, the target or your
    score off the line (32 characters at 80 columns) is shortened with "…" to fit them; the
    options after them are shown whole or not at all, a "…" saying that some were left out
    (the lobby lists them: "· Extra Salt · Extra" read as a word cut in two)."""
    width = line_width(width)  # (a phone's line wraps: client/tui/phone.tcss)
    text, tail = _status_line(frame, frame.table, turn_time, link_state, watchers)
    over = text.cell_len - width if width else 0
    if over > 0:
        name = Text(frame.table)
        name.truncate(max(NAME_KEPT, name.cell_len - over), overflow="ellipsis")
        text, tail = _status_line(frame, name.plain, turn_time, link_state, watchers)
    for index, part in enumerate(tail):
        rest = index + 1 < len(tail)  # (room kept for the "…" when more follow)
        if width and text.cell_len + part.cell_len + (len(" · …") if rest else 0) > width:
            text.append(" · …")
            break
        text.append_text(part)
    return text


def _status_line(frame: Frame, table: str, turn_time: int, link_state: str,
                 watchers: int) -> tuple[Text, list[Text]]:
    """The line up to your score, and the parts after it (the options, the watchers)."""
    v = frame.view
    text = Text()
    text.append(" " + _("Sea Salt & Paper") + " ", style="bold reverse")
    text.append("  ")
    if link_state:
        # First: the line is cut at the screen's edge, and at 80 columns a long table name
        # and its options pushed "reconnecting…" (and "disconnected: press q to quit") off it.
        text.append(link_state, style="bold red reverse")
        text.append("  ")
    text.append(table, style="bold")
    text.append(" · " + _("round {n}").format(n=v.round))
    text.append(" · " + _("target {n}").format(n=v.rules.target_score))
    # Your score before the options: the line is cut at the screen's edge, and at 80 columns
    # (French, Extra Pepper) it read "… · Extra Pepper · vous :" with the number cut off. The
    # options were chosen with the table and the lobby lists them.
    if v.seat is not None:
        text.append(" · " + _("you: {n}").format(n=v.seats[v.seat].score), style="bold")
    else:
        text.append(" · " + _("watching"), style="italic")
    tail: list[Text] = []
    if v.rules.extra_salt:
        tail.append(Text(" · " + _("Extra Salt")))
    if v.rules.extra_pepper:
        tail.append(Text(" · " + _("Extra Pepper")))
    if turn_time:
        tail.append(Text(" · " + turn_time_label(turn_time)))
    others = watchers - (1 if v.seat is None else 0)  # a spectator is not news to itself
    if others > 0:
        tail.append(Text(" · " + ngettext("{n} watching", "{n} watching", others).format(
            n=others), style="italic"))
    return text, tail


def again_text() -> Text:
    """The finished table's prompt once this player chose "Play again" (the server says
    nothing until everyone has: the toast that said so is gone in a few seconds)."""
    text = Text(_("The game is over."), style="bold")
    text.append(" " + _("You asked to play again: the new game starts when every player at "
                        "the table has agreed. q goes back to the lobby."))
    return text


def _changes(base: Frame | None, v: PlayerView) -> tuple[set[int], set[int]]:
    """The seats and the piles that changed since ``base`` (your last turn)."""
    changed_seats: set[int] = set()
    changed_piles: set[int] = set()
    if base is not None:
        for seat in range(len(v.seats)):
            if seat != v.seat and seat_signature(v, seat) != seat_signature(base.view, seat):
                changed_seats.add(seat)
        for index in (0, 1):
            if v.piles[index] != base.view.piles[index]:
                changed_piles.add(index)
    return changed_seats, changed_piles


async def draw_frame(screen: TableScreen, previous: Frame | None = None) -> Frame | None:
    """Draw the frame held into the widgets (``previous``: the frame drawn before it, whose
    hand tells the new cards); the frame drawn, None when there is none to draw."""
    frame = screen.frame
    if frame is None or screen.waiting is not None:
        return None
    ended = screen.ended_frame
    result = frame.view.last_result
    if screen.result_hold.active and ended is not None and ended.table == frame.table and (
        result is not None and result.round == ended.view.round < frame.view.round
    ):
        # The round is over and its result held back: the table stays as that round left
        # it. The next round's deal (its piles, the empty hands, "Round 2 begins") is
        # news for once the player moves on: it showed under "The round is over".
        return await _draw_view(screen, frame, ended, previous, screen.ended_log)
    return await _draw_view(screen, frame, frame, previous, None)


async def _draw_view(screen: TableScreen, frame: Frame, shown: Frame, previous: Frame | None,
                     log: tuple[Event, ...] | None) -> Frame:
    """Draw ``shown`` (the newest ``frame``, or while a result is held the ended round's last
    frame, with ``log`` that round's whole log); returns ``frame``, now taken care of."""
    v = shown.view
    names = screen.names()
    base = screen.baseline if (screen.my_turn and screen.baseline is not None) else None
    if base is not None and base.view.round != v.round:
        base = None
    changed_seats, changed_piles = _changes(base, v)
    new_cards: set[int] = set()
    if previous is not None and previous.view.round == v.round:
        new_cards = set(v.hand) - set(previous.view.hand)
    status = status_line(shown, names, screen.turn_time, screen.link_state, screen.watchers,
                         screen.size.width)
    screen.query_one("#status", TextLine).show(status)
    screen.query_one(CallStatus).show(v, names)
    await screen.query_one(OpponentsPanel).show(shown, changed_seats, screen.collapsed)
    screen.query_one(PilesPanel).show(v, changed_piles)
    screen.query_one(ScoreTrack).show(v, names)
    # Actions first: "Your turn" must never show above an empty list of choices.
    # (A held round result: no choices under it; any key shows the result.)
    held = screen.result_hold.active
    await screen.query_one(ActionList).show(
        [] if held else choices_for(v, names, screen.swap_pick))
    screen.query_one(EventsPanel).show(v, names, not screen.collapsed)
    if not held:  # (held: tick_clocks shows the last moves there)
        screen.query_one(PromptPanel).show(v, names, screen.swap_pick)
        if v.is_over and screen.again_asked:
            screen.query_one(PromptPanel).show_text(again_text())
    screen.query_one(HandPanel).show(v, new_cards)
    screen.query_one(CoachPanel).show_view(v, screen.names)  # advice for another moment goes
    lines = with_time_notes(log_lines(v.log if log is None else log, names), screen.time_notes,
                            v.round, names)
    fresh = 0
    if base is not None:
        fresh = max(0, len(lines) - len(log_lines(base.view.log, names)))
    if log is None and len(lines) < LOG_LINES and screen.ended_log:  # the ended round's tail
        lines = (log_lines(screen.ended_log, names) + lines)[-LOG_LINES:]
    screen.query_one(LogPanel).show(lines, fresh)
    recent = Text("\n").join(Text("» " + line) for line in lines[-RECENT_LINES:])
    screen.query_one("#recent", TextLine).show(recent)
    return frame


class UndrawnCheck:
    """A guard: a frame taken in but not drawn a check later is drawn now, and logged
    (``TableScreen.check_drawn`` asks it at each check).

    The chaos soak saw an old turn stay on screen for good (seed 3002: frame 207 held, 206
    drawn). Its causes are fixed: the app's render timer was lost now and then (see
    ``SeasaltApp.on_frame_arrived``), and two draws at once could end with the older one
    (``TableScreen.render_latest``). This check stays, so that any other way to an undrawn
    frame heals, and says so. A wait of a second or two is a loaded machine (the app's render
    waits in the app's message loop behind a dialog being put up or taken down, which takes a
    second there at load 8): INFO; a longer one is a warning."""

    def __init__(self) -> None:
        self.since: tuple[Frame, float] | None = None
        """The frame seen undrawn at a check, and when."""

    def due(self, frame: Frame | None, drawn: Frame | None, now: float,
            drawing_since: float | None) -> bool:
        """True (and logged) when ``frame``, the one to draw (None: nothing to draw, the
        waiting room), has been seen undrawn since a check ago; ``drawn``: the frame last
        drawn; ``drawing_since``: when the draw under way began (None: none is)."""
        if frame is None or frame is drawn:
            self.since = None
            return False
        if self.since is None or self.since[0] is not frame:
            self.since = (frame, now)
            return False
        if now - self.since[1] < PENDING_CHECK:
            return False
        waited = now - self.since[1]
        # A draw under way draws the newest frame when it ends (render_latest). One that never
        # ends holds up the message loop it runs on, so nothing here could draw anyway: say so.
        log.log(logging.WARNING if waited >= UNDRAWN_WARNING else logging.INFO,
                "table %s: frame %d was taken in but not drawn for %.1f s%s: drawing it",
                frame.table, frame.seq, waited,
                " (a draw has been under way for %.1f s)" % (now - drawing_since)
                if drawing_since is not None else "")
        self.since = None
        return True


__all__ = ["RECENT_LINES", "UNDRAWN_WARNING", "UndrawnCheck", "draw_frame", "seat_signature",
           "status_line"]
