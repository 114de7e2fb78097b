"""Taking in a frame at the table: which frame is current (never an older one), whose turn it
is, what the last turn's end looked like, the ended round's log kept under the new round's, and
whether a sent action is answered. No drawing: ``TableScreen.render_latest`` draws what this
took in (its ``frame`` is the app's).

A function of the table screen (client/tui/screens/table.py), which keeps the state it reads and
writes: ``taken``, ``baseline``, ``my_turn``, ``sent``, ``swap_pick``, ``waiting``,
``ended_log``, ``ended_frame``, ``again_asked``, ``previous_rendered``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from seasalt.client.tui.messages import Frame
from seasalt.client.words.i18n import _
from seasalt.engine import EventKind

if TYPE_CHECKING:
    from seasalt.client.tui.screens.table import TableScreen

ENDED_EVENTS = 40
"""Events of the round that just ended kept for the log (more than its lines need: turn
markers are not worded)."""


def note_frame(screen: TableScreen, frame: Frame, fresh: bool = True) -> bool:
    """Take in a frame; rendering may skip stale ones. ``fresh``: a snapshot or update from
    the server (False: the same frame again with new seat names). False when the frame is
    older than the one held, and ignored."""
    previous = screen.taken
    if previous is not None and previous.table == frame.table and frame.seq < previous.seq:
        # A frame handed over late (a relabel deferred with call_later while updates of the
        # same burst were taken in): going back to it would leave the player on an old turn
        # for good. seq only grows at a table, across games and restarts too.
        return False
    if previous is not None and previous.table == frame.table and (
        frame.view.round != previous.view.round
    ):
        # The round that just ended stays in the log (its final turns, its score) until the
        # new round's lines push it out: events this seat was already sent.
        ending = frame.events
        starts = next((i for i, e in enumerate(ending) if e.kind is EventKind.ROUND_STARTED),
                      len(ending))
        # Only its tail: enough events for the log's lines, and no more wording per frame.
        screen.ended_log = (previous.view.log + ending[:starts])[-ENDED_EVENTS:]
        screen.ended_frame = previous  # the table as the round left it, while its result waits
    screen.taken = frame
    if not frame.view.is_over:
        screen.again_asked = False  # (a new game: its own prompts)
    if fresh:
        _answered(screen, frame, previous)
    now_my_turn = bool(frame.view.legal_actions)
    if previous is not None and screen.my_turn and not now_my_turn:
        screen.baseline = frame
    if now_my_turn and not screen.my_turn:
        screen.app.bell()
    screen.my_turn = now_my_turn
    if screen.previous_rendered is None:
        screen.previous_rendered = previous
    return True


def _answered(screen: TableScreen, frame: Frame, previous: Frame | None) -> None:
    """A frame from the server: a pending action is answered, a waiting table has started."""
    # Any frame answers a pending action (even one equal to the last: a snapshot after a
    # refusal), so the player may choose again.
    screen.sent = False
    if previous is None or frame.view.move != previous.view.move:
        screen.swap_pick = None
    # The moment the game starts, for those who waited for it (not for a resume or a spectator
    # arriving at move 0: that game started already).
    starts = screen.waiting is not None
    screen.waiting = None
    if starts or previous is None or previous.view.is_over != frame.view.is_over:
        screen.refresh_bindings()  # what q does (its footer label) may have changed
    if starts and not frame.view.is_over:
        screen.add_notice(_("Every seat is taken: the game starts!"))
