"""The other seats: name, hand size, table, total, turn, connection and bot marks."""

from __future__ import annotations

from collections.abc import Callable

from rich.text import Text
from seasalt.client.tui.messages import Frame, SeatLabel
from seasalt.client.tui.phone import on_phone
from seasalt.client.tui.widgets.cardface import CardSize, Reflow, room
from seasalt.client.tui.widgets.cards import Memo, chip, table_groups, update_text
from seasalt.client.words.event_cards import event_name
from seasalt.client.words.i18n import _
from seasalt.engine import PlayerView
from textual.containers import Container
from textual.events import Click
from textual.widgets import Static


def seat_badges(label: SeatLabel | None) -> Text:
    """``bot greedy`` / ``offline`` / ``bot playing`` marks after a name."""
    text = Text()
    if label is None:
        return text
    if label.bot:
        text.append(" " + _("[bot: {level}]").format(level=_(label.bot)), style="italic")
    elif not label.connected:
        text.append(" " + _("[offline]"), style="bold red")
    if label.bot_playing and not label.bot:
        text.append(" " + _("[bot playing]"), style="italic")
    return text


def name_text(name: str, label: SeatLabel | None, *, turn: bool) -> Text:
    """A player's name, literally (no markup), with a turn arrow and badges."""
    text = Text("▶ " if turn else "  ", style="bold" if turn else "")
    text.append(Text(name, style="bold"))  # Text(...) never parses markup
    text.append_text(seat_badges(label))
    return text


def status_text(v: PlayerView, seat: int) -> Text:
    """Hand size, total, and the lock / reveal / call marks of one seat."""
    s = v.seats[seat]
    text = Text()
    text.append(_("hand {n}").format(n=s.hand_size))
    text.append(" · ")
    text.append(_("total {n}").format(n=s.score), style="bold")
    if v.caller == seat and v.call is not None:
        text.append(" · ")
        text.append(
            _("called STOP") if v.call.value == "stop" else _("called LAST CHANCE"),
            style="bold reverse",
        )
    if s.locked:
        text.append(" · ")
        text.append(_("LOCKED (jellyfish)"), style="bold magenta")
    if s.protected:
        text.append(" · ")
        text.append(_("protected"), style="italic")
    if s.shielded:  # Extra Pepper's Coral Reef (RULES §12.12)
        text.append(" · ")
        text.append(_("shielded"), style="bold cyan")
    if s.held_event is not None:  # its effect: the events panel (client/tui/widgets/events.py)
        text.append(" · ")
        text.append(event_name(s.held_event), style="bold")
    return text


def fit_chips(line: Text, groups: tuple[tuple[int, ...], ...], width: int) -> Text:
    """``line`` and as many whole groups as fit ``width``, then ``+N`` for the rest (a group
    is never cut in the middle of a card)."""
    if not groups:
        return line + Text("-", style="dim")
    for index, group in enumerate(groups):
        piece = Text("+").join(chip(c) for c in group)
        rest = len(groups) - index - 1
        more = len(f" +{rest}") if rest else 0
        if line.cell_len + piece.cell_len + 1 + more > width and index:
            line.append(f" +{len(groups) - index}", style="bold")
            return line
        line.append(" " if index else "")
        line.append_text(piece)
    return line


class OpponentCard(Reflow, Static):
    """One opponent, boxed (wide layout) or on one line (collapsed layout)."""

    memo: Memo | None = None
    shown: Text | None = None
    rows = 0
    """Lines of the last drawing (the panel gives every box the height of the tallest)."""
    estimate = 0
    """The width to lay cards in before the first layout (set by the panel)."""

    boxed_rows = 0
    """Lines the boxed form takes at the panel's narrowest box width (drawn in either form:
    the table's fit weighs the boxes against one line each, client/tui/screens/table_fit.py)."""
    box_width = 0
    """That width (set by the panel)."""

    def show(self, frame: Frame, seat: int, *, changed: bool, collapsed: bool) -> None:
        v = frame.view
        if self.memo is None:
            self.memo = Memo()
        self.remember(frame, seat, changed=changed, collapsed=collapsed)
        width, size = room(self, self.estimate)
        # Laid pairs as small cards when the terminal is big and the box holds a pair of them.
        table_size = CardSize.SMALL if size >= CardSize.LARGE and width >= 30 else CardSize.CHIP
        label0 = frame.seats[seat] if seat < len(frame.seats) else None
        key = (v.seats[seat], label0, v.active, v.is_over, v.call, v.caller, changed, collapsed,
               width, table_size, self.box_width)
        if not self.memo.changed(key):
            return
        label = frame.seats[seat] if seat < len(frame.seats) else None
        name = label.name if label else _("Seat {n}").format(n=seat + 1)
        turn = v.active == seat and not v.is_over
        self.detail = lambda width: self.boxed_text(v, seat, name, label, turn, changed, width,
                                                    CardSize.CHIP)
        self.set_class(turn, "-turn")
        self.set_class(changed, "-changed")
        s = v.seats[seat]
        if self.box_width:
            boxed_size = (CardSize.SMALL if size >= CardSize.LARGE and self.box_width >= 30
                          else CardSize.CHIP)
            self.boxed_rows = self.wrapped_rows(
                self.boxed_text(v, seat, name, label, turn, changed, self.box_width, boxed_size),
                self.box_width)
        if collapsed:
            line = name_text(name, label, turn=turn)
            line.append(" │ ")
            line.append_text(status_text(v, seat))
            line.append(" │ ")
            self.rows = 1
            # A phone's line wraps (phone.tcss): the hand and the total are never cut off;
            # the laid groups take up to two rows, "+N" for the rest (a tap shows them).
            room_for = width * 2 if on_phone(self) else width
            self.shown = update_text(self, self.shown, fit_chips(line, s.table, room_for))
            return
        text = self.boxed_text(v, seat, name, label, turn, changed, width, table_size)
        # Rows as wrapped: the status line wraps in a narrow box ("called LAST CHANCE ·
        # protected · The Dolphins"), and a box sized by its lines cut off the revealed hand.
        rows, self.rows = self.rows, self.wrapped_rows(text, width)
        self.shown = update_text(self, self.shown, text)
        if rows != self.rows and isinstance(self.parent, OpponentsPanel):
            self.parent.equalize()  # redrawn for a new width (Reflow): the row may change

    detail: Callable[[int], Text] | None = None
    """The seat in full at a width (the boxed form's text), for a tap on a one-line seat."""

    def on_click(self, event: Click) -> None:
        # The one-line form leaves laid cards and a revealed hand out: a tap shows them all
        # (on a phone there is no room for boxes).
        from seasalt.client.tui.screens.seat_detail import SeatDetail

        if self.detail is None or self.parent is None:
            return
        if not (isinstance(self.parent, OpponentsPanel) and self.parent.collapsed):
            return  # (a box shows all of it already)
        event.stop()
        width = max(20, min(60, self.app.size.width - 8))  # (the dialog's border and padding)
        self.app.push_screen(SeatDetail(self.detail(width)))

    def wrapped_rows(self, text: Text, width: int) -> int:
        return max(1, len(text.wrap(self.app.console, max(1, width))))

    @staticmethod
    def boxed_text(v: PlayerView, seat: int, name: str, label: SeatLabel | None, turn: bool,
                   changed: bool, width: int, table_size: CardSize) -> Text:
        """The boxed form's lines at ``width``."""
        s = v.seats[seat]
        lines = [name_text(name, label, turn=turn), status_text(v, seat)]
        if table_size is CardSize.CHIP or not s.table:
            lines.append(table_groups(s.table, width=width, label=Text(_("table: "))))
        else:
            lines.append(Text(_("table: ")))
            lines.append(table_groups(s.table, width=width, size=table_size))
        if s.revealed_hand is not None:
            lines.append(table_groups(
                [(c,) for c in s.revealed_hand], width=width, size=CardSize.CHIP,
                label=Text(_("revealed: ")),
            ))
        if changed:
            lines.append(Text(_("✱ changed since your last turn"), style="italic"))
        return Text("\n").join(lines)


class OpponentsPanel(Container):
    """Every seat but the viewer's, in clockwise order starting after the viewer."""

    def order(self, frame: Frame) -> list[int]:
        n = len(frame.view.seats)
        me = frame.view.seat
        start = 0 if me is None else me + 1
        return [s for s in ((start + i) % n for i in range(n)) if s != me]

    _drawn: tuple[Frame, set[int]] | None = None
    narrow = False
    """The narrow layout (under 100 columns): one line each, always."""
    lines = False
    """One line each in the wide layout too: the table's fit asks for it when the boxes
    would leave the choices no room (client/tui/screens/table_fit.py)."""

    @property
    def collapsed(self) -> bool:
        return self.narrow or self.lines

    async def show(self, frame: Frame, changed: set[int], collapsed: bool) -> None:
        seats = self.order(frame)
        cards = list(self.query(OpponentCard))
        if len(cards) != len(seats):
            await self.remove_children()
            cards = [OpponentCard(classes="opponent") for _seat in seats]
            await self.mount_all(cards)
        self.narrow = collapsed
        # Before the first layout: the boxes share the row (border and padding: 4 cells).
        total = self.size.width or self.app.size.width - 40
        share = max(1, total // max(1, len(seats)) - 4)
        for widget in cards:
            widget.box_width = 0 if collapsed else share
        self._draw(frame, changed)

    def _draw(self, frame: Frame, changed: set[int]) -> None:
        self._drawn = (frame, changed)
        self.set_class(self.lines and not self.narrow, "-lines")
        for widget, seat in zip(self.query(OpponentCard), self.order(frame), strict=False):
            widget.estimate = self.app.size.width - 2 if self.collapsed else widget.box_width
            widget.show(frame, seat, changed=seat in changed, collapsed=self.collapsed)
        self.equalize()

    def boxed_rows(self) -> int:
        """The panel's rows as boxes (each as tall as the tallest, border included, at least
        the stylesheet's min-height), whichever form is drawn; 0 in the narrow layout."""
        cards = list(self.query(OpponentCard))
        if self.narrow or not cards or not all(c.box_width for c in cards):
            return 0
        least = 10 if self.screen.has_class("-roomy") else 5  # (app.tcss: .opponent min-height)
        return max(least, max(c.boxed_rows for c in cards) + 2)

    def set_lines(self, lines: bool) -> None:
        """Draw the seats one line each (True) or boxed again: the frame drawn last."""
        if lines == self.lines:
            return
        self.lines = lines
        if self._drawn is not None:
            self._draw(*self._drawn)

    def equalize(self) -> None:
        """Every box as tall as the tallest (side by side they read as one row)."""
        cards = list(self.query(OpponentCard))
        tallest = max((c.rows for c in cards), default=0)
        for widget in cards:
            now = widget.styles.height
            if self.collapsed:  # one line each: the stylesheet's height
                if now is not None:
                    widget.styles.height = None
            elif now is None or now.value != tallest + 2:  # + the border
                widget.styles.height = tallest + 2
