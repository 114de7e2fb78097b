"""Your side of the table: your laid groups, your hand (grouped) and your live points."""

from __future__ import annotations

from collections.abc import Iterable

from rich.text import Text
from seasalt.client.event_words import event_points_line
from seasalt.client.i18n import _
from seasalt.client.terms import breakdown_parts, card_points_term, colour_bonus_term
from seasalt.client.widgets.cardface import CardSize, Reflow, room
from seasalt.client.widgets.cards import Memo, grouped_hand, table_groups, update_text
from seasalt.client.widgets.events import WIDE_FROM, events_rows
from seasalt.engine import Breakdown, PlayerView
from textual.widgets import Static

ROWS_ABOVE_HAND = 26
"""Rows the rest of the table needs above the hand (status, opponents, framed piles, prompt,
a few choices, footer): the hand's cards get what is left."""
ROOMY_ROWS = {CardSize.LARGE: 11, CardSize.HUGE: 14}
"""Rows more in the big-terminal layout (app.tcss): the opponents' room for laid cards, the
race to the target, and the huge piles."""


def points_text(b: Breakdown | None, changes: bool = True) -> Text:
    """``card points 9 = pairs 2 + collectors 3 + mermaids 4 · colour bonus 3`` (the view's
    breakdown, in the words every screen uses); ``changes``: then what each Extra Pepper
    effect changed (the collapsed layout has no row for them: the events line says it)."""
    text = Text()
    if b is None:
        return text
    text.append(f"{card_points_term()} {b.total}", style="bold")
    shown = [f"{term} {value}" for term, value in breakdown_parts(b) if value]
    if shown:
        text.append(" = " + " + ".join(shown))
    text.append("  ·  ")
    text.append(f"{colour_bonus_term()} {b.color_bonus}", style="bold")
    if b.events and changes:  # Extra Pepper: what each effect changed, already in the sum
        text.append("  ·  ")
        text.append(event_points_line(b.events), style="italic")
    return text


class HandPanel(Reflow, Static):
    """Your table groups, your hand and your points."""

    memo: Memo | None = None
    shown: Text | None = None

    def show(self, v: PlayerView, new_cards: Iterable[int] = ()) -> None:
        if self.memo is None:
            self.memo = Memo()
        marks = frozenset(new_cards)
        self.remember(v, marks)
        width, size = room(self)
        revealed = v.seat is not None and v.seats[v.seat].revealed_hand is not None
        if not self.memo.changed(
            (v.seat, v.hand, v.table, v.breakdown, marks, width, size, revealed, v.effects)
        ):
            return
        if v.seat is None:
            self.update(Text(_("You are watching this table."), style="italic"))
            return
        # Your laid pairs stay chips unless the terminal is really big: the hand comes first.
        table_size = CardSize.LARGE if size >= CardSize.LARGE else CardSize.CHIP
        # Revealed (LAST CHANCE, RULES §6.3): everyone sees it, and it cannot be robbed.
        hand_label = Text(
            (_("Your hand ({n}, revealed): ") if revealed else _("Your hand ({n}): "))
            .format(n=len(v.hand)), style="bold",
        )
        lines = [
            table_groups(
                v.table, width=width, size=table_size,
                label=Text(_("Your table: "), style="bold"),
            ),
        ]
        # The largest cards whose rows leave the rest of the table room (a big hand on a
        # medium terminal steps down to chips rather than push the choices off the screen).
        budget = self.app.size.height - ROWS_ABOVE_HAND - ROOMY_ROWS.get(size, 0)
        budget -= events_rows(v, self.app.size.width >= WIDE_FROM)  # Extra Pepper's lines
        while size is not CardSize.CHIP:
            hand = grouped_hand(v.hand, marked=marks, width=width, size=size,
                                effects=v.effects)
            if len(hand.split()) + 1 <= budget:
                lines += [hand_label, hand]
                break
            size = CardSize(size - 1)
        if size is CardSize.CHIP:
            lines.append(grouped_hand(v.hand, marked=marks, width=width, label=hand_label,
                                      effects=v.effects))
        lines.append(points_text(v.breakdown, self.app.size.width >= WIDE_FROM))
        self.shown = update_text(self, self.shown, Text("\n").join(lines))
