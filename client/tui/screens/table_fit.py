"""The table's rows shared out with the choices first.

Every prompt's choices (their keys and what they do) must be on screen at every supported size,
80 x 24 the smallest: a LAST CHANCE final turn with four laid pairs at 80 x 24 used to push them
off it, because the hand under them (your laid groups, your grouped hand) and the prompt above
them (the final turn's bet explained) both grow with the moment, and the choices got what was
left, nothing. When the parts take more rows than the table has, it gives rows up in this
order, each only as far as needed:

0. the coach's word that its advice went stale (``CoachPanel.squeeze_word``): at a draw's keep
   step it took two of the prompt's three rows at 100 x 32, and the prompt said only half of
   what was drawn; it is a hint, the prompt is the moment;
1. the two recent log lines under the piles (80 columns: the log is one key away);
2. the hand's roomy forms: its cards as chips, then the laid groups and the hand in fewer
   rows, then those rows flush left under the label rather than under the first card
   (``HandPanel.form``: nothing is left out);
3. the prompt's rows beyond what the rest leaves: it shows a window of its lines and says
   which, and the arrow keys scroll it (``PromptPanel.limit``: rows left out, never words);
4. the Extra Pepper events line (help has every card);
5. the opponents' boxes (the wide layout): one line each, as at 80 columns (a LAST CHANCE
   caller's revealed hand and laid pairs made the boxes 14 rows tall at 100 x 30, and the
   choices scrolled: "d Draw 2" was out of view); with the rows that frees, steps 1-4 are
   taken again from the start, so the prompt and the events line get back what fits;
6. the piles.

:func:`plan` is arithmetic on the parts' natural heights, so a moment always gets the same
layout (a fitted layout measured again gives the same plan: no back and forth); :func:`fit`
measures them on the table screen and applies the plan.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from rich.console import Console
from rich.text import Text
from seasalt.client.tui.widgets.actions import ActionLine, ActionList
from seasalt.client.tui.widgets.coach import CoachPanel
from seasalt.client.tui.widgets.events import EventsPanel
from seasalt.client.tui.widgets.hand import Form, HandPanel
from seasalt.client.tui.widgets.opponents import OpponentsPanel
from seasalt.client.tui.widgets.piles import PilesPanel
from seasalt.client.tui.widgets.prompt import PromptPanel
from textual.css.query import NoMatches
from textual.widget import Widget

if TYPE_CHECKING:
    from seasalt.client.tui.messages import Frame
    from seasalt.client.tui.screens.table import TableScreen

PROMPT_MIN_ROWS = 2
"""The prompt keeps at least its first line and the line saying there is more."""


@dataclass(frozen=True)
class Heights:
    """The rows each part of the table's middle and the hand take (margins included)."""

    room: int
    """The rows of the middle and the hand together (under the opponents)."""
    fixed: int
    """Rows of the middle that are never given up (the clocks, the coach's thinking or advice,
    the score track)."""
    actions: int
    """The rows every choice takes (a long label wraps)."""
    prompt_lines: int
    """The prompt's text rows, all of them."""
    prompt_gutter: int = 0
    """The prompt box's border and padding rows."""
    prompt_margin: int = 0
    prompt_min_box: int = 0
    """The prompt box's min-height (the stylesheet's)."""
    stale_word: int = 0
    """The coach's stale word's rows (0: the coach says something else, or nothing)."""
    recent: int = 0
    events: int = 0
    piles: int = 0
    hand: tuple[int, ...] = (0,)
    """The hand's rows in each of its forms (``Form``), the usual one first."""
    opponents_saving: int = 0
    """Rows the opponents give back one line each instead of boxed (0: the narrow layout)."""


@dataclass(frozen=True)
class Plan:
    """What the table shows of each part: all of it, unless it says otherwise."""

    stale_word: bool = True
    recent: bool = True
    hand: Form = Form.CARDS
    prompt_rows: int | None = None
    """Text rows the prompt is given (None: all it has)."""
    events: bool = True
    opponents: bool = True
    """The opponents boxed (False: one line each)."""
    piles: bool = True


def _prompt_rows(h: Heights, rows: int | None) -> int:
    text = h.prompt_lines if rows is None else min(h.prompt_lines, rows)
    return max(text + h.prompt_gutter, h.prompt_min_box) + h.prompt_margin


def need(h: Heights, p: Plan) -> int:
    """The rows the parts take under plan ``p``."""
    return (h.fixed + h.actions + _prompt_rows(h, p.prompt_rows)
            + (h.stale_word if p.stale_word else 0) + (h.recent if p.recent else 0)
            + (h.events if p.events else 0)
            + (h.piles if p.piles else 0) + h.hand[min(p.hand, len(h.hand) - 1)]
            - (0 if p.opponents else h.opponents_saving))


def _squeeze_from(h: Heights, p: Plan) -> tuple[Plan, bool]:
    """Steps 0-4 from ``p``: the first plan that fits (True), else the last one tried."""
    if need(h, p) <= h.room:
        return p, True
    if h.stale_word:
        p = replace(p, stale_word=False)
        if need(h, p) <= h.room:
            return p, True
    p = replace(p, recent=False)
    if need(h, p) <= h.room:
        return p, True
    for form in list(Form)[1:len(h.hand)]:
        if h.hand[form] < h.hand[p.hand]:  # (a form no shorter gives nothing)
            p = replace(p, hand=form)
            if need(h, p) <= h.room:
                return p, True
    floor = max(PROMPT_MIN_ROWS, h.prompt_min_box - h.prompt_gutter)
    if h.prompt_lines > floor:
        short = need(h, p) - h.room
        p = replace(p, prompt_rows=max(floor, h.prompt_lines - short))
        if need(h, p) <= h.room:
            return p, True
    p = replace(p, events=False)
    return p, need(h, p) <= h.room


def plan(h: Heights) -> Plan:
    """The least given up that leaves every choice on screen (the module's order)."""
    p, fits = _squeeze_from(h, Plan())
    if fits:
        return p
    if h.opponents_saving > 0:
        # Step 5, then steps 0-4 again from the start with the rows it gives: the prompt and
        # the events line get back what they can (the boxes free many rows at once).
        p, fits = _squeeze_from(h, Plan(opponents=False))
        if fits:
            return p
    return replace(p, piles=False)  # (still short: the choices scroll, the last resort)


# --- measuring the screen ------------------------------------------------------------------


def text_rows(console: Console, text: Text, width: int) -> int:
    """The rows ``text`` takes wrapped to ``width`` (as a Static wraps it)."""
    if width <= 0:
        return len(text.split("\n", allow_blank=True))
    return max(1, len(text.wrap(console, width)))


def _outer(widget: Widget) -> int:
    """The rows a shown widget takes with its margins (0 when hidden)."""
    if not widget.display:
        return 0
    margin = widget.styles.margin
    return widget.outer_size.height + margin.top + margin.bottom


class Fitter:
    """One table screen's fit: remembers the rows of the parts it hides (hidden, a part
    measures nothing) and what it last applied."""

    def __init__(self) -> None:
        self.hidden_rows: dict[str, int] = {}
        self.applied: Plan | None = None
        self.applies = 0
        """How many plans were applied (a check asked for before the last one waits for
        its layout: :func:`on_screen`)."""
        self.rows_key: object = None
        """What the rows of the table were at the last :meth:`again`."""
        self.row_parts: tuple[Widget, ...] = ()
        """The parts whose rows :meth:`again` compares, found once: the table screen composes
        them once, and the clock tick that calls :meth:`again` should not search the DOM."""

    def _natural(self, widget: Widget, squeezed: bool, default: int) -> int:
        """A part's rows as shown: measured, or as last measured while the fit hides it."""
        key = widget.id or ""
        if squeezed and not widget.display:
            return self.hidden_rows.get(key, default)
        rows = _outer(widget)
        self.hidden_rows[key] = rows
        return rows

    def measure(self, screen: Widget, collapsed: bool) -> Heights | None:
        """The heights on ``screen`` (a table screen) as last laid out; None before that."""
        try:
            left = screen.query_one("#left")
            opponents = screen.query_one("#opponents")
            prompt = screen.query_one(PromptPanel)
            actions = screen.query_one(ActionList)
            hand = screen.query_one(HandPanel)
            recent = screen.query_one("#recent")
            events = screen.query_one(EventsPanel)
            piles = screen.query_one(PilesPanel)
            coach = screen.query_one(CoachPanel)
            fixed = [screen.query_one(f"#{name}") for name in ("clocks", "score-track")]
        except NoMatches:
            return None
        if not left.size.height or not actions.size.width:
            return None
        console = screen.app.console
        width = actions.size.width - actions.styles.gutter.width
        choices = sum(ActionLine.rows(console, c, width) for c in actions.choices)
        prompt_width = prompt.content_size.width
        prompt_lines = (text_rows(console, prompt.shown, prompt_width)
                        if prompt.shown is not None else 0)
        hand_width = hand.content_size.width
        gutter = hand.styles.gutter.height
        forms = [hand.layout_text(form) for form in Form]
        hand_rows = tuple(text_rows(console, text, hand_width) + gutter for text in forms
                          if text is not None) or (_outer(hand),)
        # The room under the opponents as boxes: measured when they are drawn so, else their
        # rows reckoned at the narrowest box (never fewer than drawn: a plan that boxes them
        # again still fits, measured).
        panel = opponents if isinstance(opponents, OpponentsPanel) else None
        boxed = panel.boxed_rows() if panel is not None else 0
        drawn = _outer(opponents)
        as_boxes = boxed if panel is not None and panel.lines and boxed else drawn
        seats = len(panel.children) if panel is not None else 0
        margin = prompt.styles.margin
        min_box = prompt.styles.min_height
        recent_rows = self._natural(recent, recent.has_class("-squeezed"), 2) if collapsed else 0
        # The stale word's rows, as last measured shown while the fit hides it (only ever
        # measured as that word: the panel's advice is taller).
        stale = coach.state == "stale"
        coach_rows = self._natural(coach, coach.word_squeezed, 2) if stale else _outer(coach)
        return Heights(
            room=left.size.height - as_boxes,
            fixed=sum(_outer(w) for w in fixed) + (0 if stale else coach_rows),
            stale_word=coach_rows if stale else 0,
            actions=choices + actions.styles.gutter.height,
            prompt_lines=prompt_lines,
            prompt_gutter=prompt.styles.gutter.height,
            prompt_margin=margin.top + margin.bottom,
            prompt_min_box=int(min_box.value) if min_box is not None and min_box.is_cells else 0,
            recent=recent_rows,
            events=(self._natural(events, events.has_class("-squeezed"), 1)
                    if not events.has_class("-off") else 0),
            piles=self._natural(piles, piles.has_class("-squeezed"), 2),
            hand=hand_rows,
            opponents_saving=max(0, as_boxes - seats) if boxed else 0,
        )

    def fit(self, screen: Widget, collapsed: bool) -> bool:
        """Measure and apply the plan; True when it changed what is shown (a layout follows)."""
        heights = self.measure(screen, collapsed)
        if heights is None:
            return False
        chosen = plan(heights)
        if chosen == self.applied:
            return False
        self.applied = chosen
        self.applies += 1
        screen.query_one(CoachPanel).squeeze_word(not chosen.stale_word)
        _squeeze(screen.query_one("#recent"), not chosen.recent)
        screen.query_one(HandPanel).set_form(chosen.hand)
        screen.query_one(PromptPanel).limit(chosen.prompt_rows)
        _squeeze(screen.query_one(EventsPanel), not chosen.events)
        screen.query_one(OpponentsPanel).set_lines(not chosen.opponents)
        _squeeze(screen.query_one(PilesPanel), not chosen.piles)
        # The screen lays itself out again before the callbacks after its next refresh run
        # (the widgets' own layout requests reach it a message later: a check then would
        # measure the old layout).
        screen.refresh(layout=True)
        return True


    def again(self, screen: TableScreen) -> None:
        """Fit again if the rows changed between draws: the clocks and the coach come and go,
        and a fit made before a layout caught up is made again (the table's clock tick)."""
        if not self.row_parts:
            self.row_parts = tuple(screen.query("#left, #opponents, #clocks, #coach"))
        key = tuple((w.display, w.outer_size) for w in self.row_parts)
        if key != self.rows_key and screen.rendered is screen.drawn:
            self.rows_key = key
            screen.fit()


def on_screen(screen: TableScreen, frame: Frame, fits: int, applies: int | None) -> None:
    """After a refresh: ``frame`` is on screen once its rows are shared out with the choices
    first. A fit that changes the layout, this one or one made since this call was asked for
    (``applies`` then), is laid out before the frame counts as shown (``rendered``). A second
    fit of a fitted layout changes nothing; the count of passes is a guard, never reached."""
    fitter = screen.fitter
    if fits < 4 and (fitter.applies != applies or screen.fit()):
        screen.call_after_refresh(on_screen, screen, frame, fits + 1, fitter.applies)
        return
    screen.rendered = frame


def _squeeze(widget: Widget, hidden: bool) -> None:
    """Hide a part, or give it back to the stylesheet. Inline, not by a class: a class is
    applied at the app's next idle, after the layout the fit waits for."""
    widget.set_class(hidden, "-squeezed")  # (what the measure reads)
    if hidden:
        widget.styles.display = "none"
    elif widget.styles.inline.has_rule("display"):
        widget.styles.inline.clear_rule("display")
        widget.refresh(layout=True)


__all__ = ["PROMPT_MIN_ROWS", "Fitter", "Heights", "Plan", "need", "on_screen", "plan",
           "text_rows"]
