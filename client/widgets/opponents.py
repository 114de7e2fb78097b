"""The other seats: name, hand size, table, total, turn, connection and bot marks."""

from __future__ import annotations

from rich.text import Text
from seasalt.client.i18n import _
from seasalt.client.screens.model import Frame, SeatLabel
from seasalt.client.widgets.cards import Memo, chips, table_groups, update_text
from seasalt.engine import PlayerView
from textual.containers import Container
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
    return text


class OpponentCard(Static):
    """One opponent, boxed (wide layout) or on one line (collapsed layout)."""

    memo: Memo | None = None
    shown: Text | None = None

    def show(self, frame: Frame, seat: int, *, changed: bool, collapsed: bool) -> None:
        v = frame.view
        if self.memo is None:
            self.memo = Memo()
        label0 = frame.seats[seat] if seat < len(frame.seats) else None
        key = (v.seats[seat], label0, v.active, v.is_over, v.call, v.caller, changed, collapsed)
        if not self.memo.changed(key):
            return
        label = frame.seats[seat] if seat < len(frame.seats) else None
        name = label.name if label else _("Seat {n}").format(n=seat + 1)
        turn = v.active == seat and not v.is_over
        self.set_class(turn, "-turn")
        self.set_class(changed, "-changed")
        s = v.seats[seat]
        if collapsed:
            line = name_text(name, label, turn=turn)
            line.append(" │ ")
            line.append_text(status_text(v, seat))
            line.append(" │ ")
            line.append_text(table_groups(s.table) if s.table else Text("-", style="dim"))
            self.shown = update_text(self, self.shown, line)
            return
        lines = [name_text(name, label, turn=turn), status_text(v, seat)]
        lines.append(Text(_("table: ")) + table_groups(s.table))
        if s.revealed_hand is not None:
            lines.append(Text(_("revealed: ")) + chips(s.revealed_hand))
        if changed:
            lines.append(Text(_("✱ changed since your last turn"), style="italic"))
        self.shown = update_text(self, self.shown, Text("\n").join(lines))


class OpponentsPanel(Container):
    """Every seat but the viewer's, in clockwise order starting after the viewer."""

    def order(self, frame: Frame) -> list[int]:
        n = len(frame.view.seats)
        me = frame.view.seat
        start = 0 if me is None else me + 1
        return [s for s in ((start + i) % n for i in range(n)) if s != me]

    async def show(self, frame: Frame, changed: set[int], collapsed: bool) -> None:
        seats = self.order(frame)
        cards = list(self.query(OpponentCard))
        if len(cards) != len(seats):
            await self.remove_children()
            cards = [OpponentCard(classes="opponent") for _seat in seats]
            await self.mount_all(cards)
        for widget, seat in zip(cards, seats, strict=True):
            widget.show(frame, seat, changed=seat in changed, collapsed=collapsed)
