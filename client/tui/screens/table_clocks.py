"""The table's clocks and its pauses (client/tui/widgets/countdown.py, client/tui/auto_end.py):
the countdowns under the prompt, auto end turn, a round result held back while the others'
last moves stay in view (client/tui/screens/result_hold.py), and a log line where a bot played a
turn whose time ran out.

Functions of the table screen (client/tui/screens/table.py), ticked by its interval; it keeps the
state they read and write (``auto_end``, ``result_hold``, ``time_notes``).
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable
from typing import TYPE_CHECKING

from seasalt.client.tui.screens import result_hold
from seasalt.client.tui.screens.result_hold import hold_text, last_turn_seat, played_last_turn
from seasalt.client.tui.widgets.actions import ActionList
from seasalt.client.tui.widgets.countdown import ClockLine, clock_lines, prompt_with_clocks
from seasalt.client.tui.widgets.log import log_lines
from seasalt.client.tui.widgets.prompt import PromptPanel, words_for
from seasalt.client.words.i18n import _
from seasalt.engine import EndTurn, Event
from textual.css.query import NoMatches

if TYPE_CHECKING:
    from seasalt.client.tui.screens.table import TableScreen


def tick_clocks(screen: TableScreen) -> None:
    """Count the table's clocks down on this client's clock, and end the turn by itself when
    auto end turn is on and END TURN is the only legal action."""
    frame = screen.drawn or screen.frame  # the frame on screen: its prompt and clocks agree
    if frame is None or screen.waiting is not None:
        return
    now = screen.clock()
    v = frame.view
    names = screen.names()
    app = screen.app
    flow = getattr(app, "flow", None)  # the table flow holds what the server told of clocks
    offline = bool(getattr(getattr(app, "net", None), "link_down", False))  # (not heard: said)
    reading = getattr(flow, "clock_reading", None)
    screen.auto_end.update(bool(getattr(app, "auto_end_turn", False)), frame.seq, v, now)
    if screen.auto_end.due(now) and screen.ready:
        screen.auto_end.cancel()  # once per frame, whatever the answer
        end = next((c for c in screen.query_one(ActionList).choices
                    if isinstance(c.action, EndTurn)), None)
        if end is not None:
            screen.choose(end)
    waiting = tuple(getattr(flow, "round_waiting", ()))
    with contextlib.suppress(NoMatches):
        screen.query_one(ClockLine).show_lines(
            clock_lines(reading, v, names, now, waiting, screen.auto_end.left(now),
                        frame.seats, offline))
        screen.fitter.again(screen)  # (the clocks come and go between draws)
        prompt = screen.query_one(PromptPanel)
        if screen.result_hold.active:
            if screen.result_hold.due(now):
                screen.release_result()
            else:
                prompt.show_text(hold_text(ended_round(screen), names,
                                           screen.result_hold.left(now)))
            return
        clocked = (reading is not None and not offline and not v.legal_actions
                   and reading.takeover_of(v.to_act, now) is not None)
        prompt.count_down(
            prompt_with_clocks(words_for(v, names, screen.swap_pick), v, names, reading, now,
                               frame.seats) if clocked else None,
            v, names, screen.swap_pick)


def ended_round(screen: TableScreen) -> tuple[Event, ...]:
    """The log of the round whose result is coming, as this seat saw it. When no next round
    was dealt, the view is still the ended round and its own log is that round's: at the
    game's end, and at Extra Pepper's keep choice (RULES §12.0 step 5: the receiver of a
    second event card chooses before the deal). ``ended_log`` is kept at a change of round,
    so there it still holds the round before (at round 2's end it listed round 1's last
    moves, "Round 1 scored. You received The Sunfish")."""
    frame = screen.frame
    if frame is not None:
        v = frame.view
        if v.is_over or (v.last_result is not None and v.last_result.round == v.round):
            return v.log
    return screen.ended_log


def hold_result(screen: TableScreen, show: Callable[[], object]) -> bool:
    """Keep a round result back while the last moves of the round, made by others (or by this
    seat's stand-in), stay in view (client/tui/screens/result_hold.py); False (show it now) when
    this seat made them itself, watches, or did not see the round."""
    frame = screen.frame
    ended = ended_round(screen)
    if frame is None or frame.view.seat is None or not ended:
        return False
    if last_turn_seat(ended) is None or played_last_turn(ended, frame.view.seat):
        return False
    if result_hold.RESULT_HOLD <= 0:  # (switched off: tests not about it)
        return False
    screen.result_hold.start(screen.clock(), show)
    screen.tick_clocks()
    screen.call_later(screen.render_latest)  # the ended round's table, if the deal was drawn
    return True


def release_result(screen: TableScreen) -> bool:
    """Show the held round result now, and the table's choices again under it."""
    if not screen.result_hold.release():
        return False
    screen.call_later(screen.refresh_frame)
    return True


def note_time_ran_out(screen: TableScreen, seat: int) -> None:
    """The server's turn timer ran out for ``seat`` and its bot plays the turn: a log line
    where the bot's moves begin (and a word to the player it happened to)."""
    frame = screen.frame
    if frame is None:
        return
    v = frame.view
    names = screen.names()
    screen.time_notes.append((v.round, len(log_lines(v.log, names)), seat))
    if seat == v.seat:
        screen.notify(_("Time ran out: the bot played your turn."), severity="warning",
                      timeout=6)
    screen.call_later(screen.render_latest)


__all__ = ["ended_round", "hold_result", "note_time_ran_out", "release_result", "tick_clocks"]
