"""The coach's panel at the table: ask, think in a worker, answer for the turn asked on.

The analysis (bots/coach.py, a second or so of CPU) runs in a thread worker, so the screen never
waits for it; it is handed the view on screen and nothing else. An answer belongs to the
moment it was asked for (seat, round, move): when the table shows another moment (the turn
passed, a new frame, the game ended) a running analysis is stopped and its answer, if one
comes, is dropped; advice on screen is replaced by a word that it is stale where the player has
another choice to ask about (it goes at the next one), and goes at once where the table waits
for another player or the game is over. Asking again while the panel is open closes it (and
stops the analysis); leaving the table stops it too.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import TYPE_CHECKING

from rich.text import Text
from seasalt.client.tui.messages import TableSummary
from seasalt.client.tui.widgets.actions import ActionLine, ActionList
from seasalt.client.tui.widgets.wrap import hang
from seasalt.client.words.coach import (
    advice_lines,
    coach_word,
    or_word,
    stale_words,
    thinking_words,
)
from seasalt.client.words.game import Names
from seasalt.client.words.i18n import _
from seasalt.engine import PlayerView
from textual.widget import Widget
from textual.widgets import Static
from textual.worker import Worker, WorkerState

if TYPE_CHECKING:
    from seasalt.bots.coach import Advice

BUDGET: int | None = None
"""Playouts per question: None is the expert's default for the player count (about a second
on the reference machine); tests set a small one."""


Part = tuple[Text, Text]
"""One part of the answer: its lead ("Coach", "or") and its words, which wrap under
themselves, not under the lead (``hang``)."""


def coach_allowed(summary: TableSummary | None, seat: int | None) -> bool:
    """The coach may be offered: a seated player at a table that allows it, or where every
    other seat is a bot (a solo game: nobody else to be fair to). Never to a spectator."""
    if summary is None or seat is None:
        return False
    if summary.coach_allowed:
        return True
    others = [kind for index, kind in enumerate(summary.kinds) if index != seat]
    return bool(others) and all(kind.startswith("bot:") for kind in others)


def advice_text(advice: Advice, v: PlayerView, names: Names) -> Text:
    """The answer: the advice first, then the next best choices and what the figures mean."""
    return Text("\n").join(lead + body for lead, body in advice_parts(advice, v, names))


def advice_parts(advice: Advice, v: PlayerView, names: Names) -> list[Part]:
    """The answer's parts (client/words/coach.py ``advice_lines``) styled: the advice bold
    under "Coach", each next best choice under "or", the footnote in italics."""
    lead = _coach_lead()
    parts: list[Part] = []
    for line in advice_lines(advice, v, names):
        if line.role == "advice":
            parts.append((lead, Text(line.words, style="bold")))
        elif line.role == "other":
            parts.append((Text("  " + or_word() + " "), Text(line.words)))
        elif line.role == "footnote":
            parts.append((Text(), Text(line.words, style="italic")))
        else:
            parts.append((lead, Text(line.words)))
    return parts


def _coach_lead() -> Text:
    lead = Text()
    lead.append(coach_word(), style="bold reverse")
    lead.append(" ")
    return lead


def thinking_text() -> Part:
    return _coach_lead(), Text(thinking_words(), style="italic")


def stale_text() -> Part:
    """The advice went with its moment (client/words/coach.py ``stale_words``)."""
    return _coach_lead(), Text(stale_words(), style="italic")


class CoachPanel(Static):
    """Hidden until asked; then "thinking…", then the advice (or that it went stale)."""

    # It takes its rows from the action list under it: at 80 x 24 only the advice and the next
    # choice, so that the choices stay in view (unscoped: it reads the screen's size classes).
    SCOPED_CSS = False
    DEFAULT_CSS = """
    CoachPanel { display: none; height: auto; max-height: 8; padding: 0 1; }
    CoachPanel.-open { display: block; }
    .table-screen.-narrow CoachPanel { max-height: 4; }
    """

    def __init__(self, *, id: str | None = None, classes: str | None = None) -> None:
        super().__init__(id=id, classes=classes)
        self.view: PlayerView | None = None
        """The view on screen (the last one drawn)."""
        self.names: Callable[[], Names] | None = None
        self.asked: PlayerView | None = None
        """The view the open question or answer is about."""
        self.advice: Advice | None = None
        self.state = "closed"
        """``closed``, ``thinking``, ``answered`` or ``stale``: what the panel shows."""
        self._stale_at: PlayerView | None = None
        """The view at which the advice went stale (its word goes at the next choice)."""
        self._worker: Worker[Advice | None] | None = None
        self._stop: threading.Event | None = None
        self._parts: list[Part] = []
        """The answer's parts (``advice_parts``), best first."""
        self._fitted_to = (0, 0)
        """The (width, rows) the parts shown were fitted to."""
        self.discarded = 0
        """Answers that came for a moment no longer on screen (dropped): tests read it."""
        self.word_squeezed = False
        """The table's fit hides the stale word (client/tui/screens/table_fit.py, step 0)."""

    # --- what the table tells it -----------------------------------------------------------

    def show_view(self, v: PlayerView, names: Callable[[], Names]) -> None:
        """The table drew ``v``: an open question or answer about another moment goes."""
        self.view, self.names = v, names
        if self.state != "closed":
            self._show_fitted()  # (the screen was drawn again: a resize may give rows back)
        if self.state == "stale" and (not self._your_choice(v) or (
                self._stale_at is not None and not self._same_moment(self._stale_at, v))):
            # The word that the advice went stale has had its moment: at the player's next
            # choice it would only take the prompt's rows (at 80x24 they are few), and while
            # the table waits for someone else (a bot thinking) there is nothing to ask about.
            self._stale_at = None
            self._set("closed")
            return
        asked = self.asked
        if asked is None or self._same_moment(asked, v):
            return
        self._stop_thinking()
        self.advice = None
        self.asked = None
        self._went_stale()

    @staticmethod
    def _your_choice(v: PlayerView | None) -> bool:
        """The moment on screen is a choice of this player's (the coach may be asked)."""
        return v is not None and v.seat is not None and bool(v.legal_actions) and not v.is_over

    def _went_stale(self) -> None:
        """The moment asked about is gone: say so where the player has a choice to ask about
        instead ("press p to ask about this choice"); elsewhere (another player to move, the
        game over) the panel just closes: a word about a moment gone, with nothing to ask."""
        if self._your_choice(self.view):
            self._stale_at = self.view
            self._set("stale")
        else:
            self._stale_at = None
            self._set("closed")

    @staticmethod
    def _same_moment(a: PlayerView, b: PlayerView) -> bool:
        return (a.seat, a.round, a.move) == (b.seat, b.round, b.move) and bool(b.legal_actions)

    def toggle(self) -> None:
        """The coach key: ask about the view on screen, or close the open panel."""
        if self.state in ("thinking", "answered"):
            self.close()
            return
        v = self.view
        if v is None or v.seat is None or not v.legal_actions or v.is_over:
            self._set("closed")
            self.app.notify(_("The coach answers on your turn."), timeout=3)
            return
        self.ask(v)

    def ask(self, v: PlayerView) -> None:
        self._stop_thinking()
        self.asked, self.advice = v, None
        stop = self._stop = threading.Event()

        def job() -> Advice | None:
            # The coach (the bots' search) loads at its first question, not with the table:
            # the client's start menu imports this module and needs none of it.
            from seasalt.bots.coach import Cancelled, analyse

            try:  # the view only: the coach never sees more (bots/coach.py)
                return analyse(v, budget=BUDGET, cancelled=stop.is_set)
            except Cancelled:
                return None

        self._set("thinking")
        self._worker = self.run_worker(job, name="coach", group="coach", thread=True,
                                       exclusive=True, exit_on_error=False)

    def close(self) -> None:
        self._stop_thinking()
        self.asked = self.advice = None
        self._set("closed")

    def on_unmount(self) -> None:
        self._stop_thinking()  # the table is left: the worker's thread stops at its next deal

    # --- the worker --------------------------------------------------------------------------

    def _stop_thinking(self) -> None:
        if self._stop is not None:
            self._stop.set()
        if self._worker is not None:
            self._worker.cancel()
        self._worker = self._stop = None

    def on_worker_state_changed(self, event: Worker.StateChanged) -> None:
        worker = event.worker
        if worker.group != "coach":
            return
        event.stop()
        if worker is not self._worker or event.state not in (WorkerState.SUCCESS,
                                                             WorkerState.ERROR):
            if event.state is WorkerState.SUCCESS:
                self.discarded += 1  # an answer nobody waits for any more
            return
        self._worker = self._stop = None
        advice = worker.result if event.state is WorkerState.SUCCESS else None
        v = self.view
        if advice is None or v is None or not advice.fits(v):
            self.discarded += advice is not None
            self.asked = None
            if advice is not None:
                self._went_stale()
            else:
                self._set("closed")
            if event.state is WorkerState.ERROR:
                self.app.notify(_("The coach could not answer."), severity="error", timeout=4)
            return
        self.advice = advice
        self._set("answered")

    # --- drawing -------------------------------------------------------------------------------

    def squeeze_word(self, hidden: bool) -> None:
        """The table's fit: hide the stale word, short of rows for the prompt and the choices,
        or give it back. Inline, as the fit's other parts: a class would apply after the
        layout the fit waits for. Only the stale word: thinking and advice are never hidden."""
        self.word_squeezed = hidden
        self._show_word()

    def _show_word(self) -> None:
        if self.word_squeezed and self.state == "stale":
            self.styles.display = "none"
        elif self.styles.inline.has_rule("display"):
            self.styles.inline.clear_rule("display")
            self.refresh(layout=True)

    def _set(self, state: str) -> None:
        self.state = state
        self.set_class(state != "closed", "-open")
        self._show_word()
        if state == "thinking":
            self._parts = [thinking_text()]
        elif state == "stale":
            self._parts = [stale_text()]
        elif state == "answered" and self.advice is not None and self.asked is not None:
            names = self.names() if self.names is not None else Names([], self.asked.seat)
            self._parts = advice_parts(self.advice, self.asked, names)
        else:
            self._parts = []
            self.update("")
            return
        self._fitted_to = (0, 0)
        self._show_fitted()

    def _rows(self) -> int:
        """The rows the answer may take: the stylesheet's (4 at 80 x 24, so that the choices
        stay in view), and the rows the choices under it leave free (at 80 x 24 a draw's two
        choices left four rows blank while the footnote that says what the figures mean was
        dropped). The panel and the choices share one height, whatever the panel takes of it:
        the same rows are found again once it has grown (no back and forth)."""
        rows = self.styles.base.max_height
        base = int(rows.value) if rows is not None and rows.is_cells else 0
        actions = next(iter(self.screen.query(ActionList)), None) if self.is_attached else None
        if not base or actions is None or not actions.size.width or not self.display:
            return base
        width = actions.size.width - actions.styles.gutter.width
        choices = sum(ActionLine.rows(self.app.console, c, width) for c in actions.choices)
        free = actions.size.height - actions.styles.gutter.height - choices
        return max(base, self.size.height + free) if self.size.height else base

    def _show_fitted(self) -> None:
        """The advice's parts that fit the panel's rows, whole: at 80 x 24 (4 rows) the advice
        and the next choice, where the clipped panel ended mid-choice and cut the footnote."""
        width = self.content_region.width
        if width <= 0 and isinstance(self.parent, Widget):  # (just opened: not laid out yet)
            width = self.parent.content_region.width - self.styles.padding.width
        limit = self._rows()
        if (width, limit) == self._fitted_to:
            return
        self._fitted_to = (width, limit)
        console, shown, used = self.app.console, Text(), 0
        for part in self._parts:
            text = hang(console, *part, width) if width > 0 else part[0] + part[1]
            need = len(text.wrap(console, max(width, 1))) if width > 0 else 1
            if shown.plain and limit and used + need > limit:
                continue  # (a later, shorter part may still fit: the footnote)
            shown = Text("\n").join([shown, text]) if shown.plain else text
            used += need
        # Only as tall as what fits (the stylesheet's rows, or more when the choices leave
        # them free: the inline height goes with the answer).
        self.styles.max_height = limit if limit else None
        self.update(shown)

    def on_resize(self) -> None:
        if self.state != "closed":
            self._show_fitted()  # (the first fit's width was the column's, or the size changed)
