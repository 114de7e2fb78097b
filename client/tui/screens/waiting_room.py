"""The table before its game, and the table's news: who sits, the free seats, how friends join
(the waiting room, until every human seat is taken); someone watching, a spectator leaving, the
game starting (the notices, shown under the piles while there is no game to show).

Functions of the table screen (client/tui/screens/table.py), which keeps the state they read and
write: ``waiting`` (the table's info while it waits), ``join_hint``, ``watchers``, ``notices``.
"""

from __future__ import annotations

import contextlib
from typing import TYPE_CHECKING

from rich.text import Text
from seasalt.client.tui.messages import TableSummary
from seasalt.client.tui.widgets.actions import ActionList
from seasalt.client.tui.widgets.countdown import turn_time_label
from seasalt.client.tui.widgets.prompt import PromptPanel
from seasalt.client.tui.widgets.text_line import TextLine
from seasalt.client.words.i18n import _, ngettext
from textual.css.query import NoMatches

if TYPE_CHECKING:
    from seasalt.client.tui.screens.table import TableScreen

NOTICES_KEPT = 20


def note_table(screen: TableScreen, summary: TableSummary, join_hint: str) -> bool:
    """The table's info changed: the waiting room while it waits, and who is watching.

    Called in message order (never deferred), so a frame that follows the info always ends
    the waiting room. True when the waiting room is to be (re)drawn.
    """
    screen.join_hint = join_hint
    if not screen.watchers_known:
        screen.watchers_known = True
    elif summary.watchers > screen.watchers:
        add_notice(screen, _("Someone is watching this table."))
    elif summary.watchers < screen.watchers:
        add_notice(screen, _("A spectator left this table."))
    screen.watchers = summary.watchers
    screen.turn_time = summary.turn_time
    offered = screen.coach_offered
    before = screen.summary
    screen.summary = summary
    if screen.coach_offered != offered:
        screen.refresh_bindings()  # the coach key appears (or goes) in the footer
    if summary.status == "waiting":
        again = screen.waiting is None and screen.frame is not None
        screen.waiting = summary
        screen.refresh_bindings()
        screen.my_turn = False
        if again:
            # After a game (someone left instead of playing again): under the piles stood
            # "Every seat is taken: the game starts!" from the game before. Who left is known
            # when the table's info before named them.
            gone = left_players(before, summary)
            add_notice(screen, ngettext(
                "{names} left: the next game starts when every seat is taken.",
                "{names} left: the next game starts when every seat is taken.",
                len(gone)).format(names=", ".join(gone)) if gone else
                       _("Someone left: the next game starts when every seat is taken."))
        return True
    return False


def left_players(before: TableSummary | None, now: TableSummary) -> list[str]:
    """The people seated in ``before`` who have no seat in ``now`` (names as given)."""
    if before is None:
        return []
    staying = {label.name for label in now.seats if label is not None and not label.bot}
    return [label.name for label in before.seats
            if label is not None and not label.bot and label.name not in staying]


def waiting_text(table: str, summary: TableSummary | None, turn_time: int,
                 join_hint: str) -> Text:
    """Who sits, how many seats are free, how friends join; no game yet."""
    text = Text()
    text.append(table, style="bold")
    text.append(" · " + _("waiting for players"), style="italic")
    if summary is not None:
        seated = []
        for index, label in enumerate(summary.seats):
            if label is None:
                continue
            if label.bot:
                seated.append(_("Bot {n}").format(n=index + 1) + " ("
                              + _("bot {level}").format(level=_(label.bot)) + ")")
            else:
                seated.append(label.name)
        free = sum(1 for label in summary.seats if label is None)
        text.append("\n" + _("Seated: {names}").format(names=", ".join(seated) or "-"))
        text.append("\n" + ngettext("{n} free seat of {total}", "{n} free seats of {total}",
                                     free).format(n=free, total=len(summary.seats)),
                    style="bold")
    if turn_time:
        text.append("\n" + _("Turn timer: {time}").format(
            time=turn_time_label(turn_time)), style="bold")
    if join_hint:
        text.append("\n" + join_hint)
    text.append("\n" + _("The game starts when every seat is taken."), style="italic")
    return text


def waiting_status(table: str) -> Text:
    """The status line of the waiting room."""
    status = Text()
    status.append(" " + _("Sea Salt & Paper") + " ", style="bold reverse")
    status.append("  ")
    status.append(table, style="bold")
    status.append(" · " + _("waiting for players"))
    return status


async def draw_waiting(screen: TableScreen) -> None:
    """The waiting room on the table's widgets (no choices, the room's words as the prompt;
    the game's parts hidden: after a game they showed its last hands and piles)."""
    screen.show_game(False)
    with contextlib.suppress(NoMatches):  # (already torn down)
        screen.query_one(PromptPanel).set_class(False, "-my-turn")
        await screen.query_one(ActionList).show([])
        screen.query_one(PromptPanel).show_text(screen.waiting_text())
        # (The game's status line is drawn again after this.)
        screen.query_one("#status", TextLine).put(waiting_status(screen.table))
        show_notices(screen)


def add_notice(screen: TableScreen, notice: str) -> None:
    screen.notices.append(notice)
    del screen.notices[:-NOTICES_KEPT]
    screen.notify(notice, timeout=4)
    show_notices(screen)


def show_notices(screen: TableScreen) -> None:
    """The latest notice under the piles, while there is no game there."""
    if screen.waiting is None and screen.frame is not None:
        return  # in play the recent log lines are shown there (client/tui/screens/table_draw.py)
    with contextlib.suppress(NoMatches):
        recent = Text("» " + screen.notices[-1]) if screen.notices else Text()
        screen.query_one("#recent", TextLine).put(recent)


__all__ = ["add_notice", "draw_waiting", "note_table", "show_notices", "waiting_status",
           "waiting_text"]
