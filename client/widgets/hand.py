"""Your side of the table: your laid groups, your hand (grouped) and your live points."""

from __future__ import annotations

from collections.abc import Iterable

from rich.text import Text
from seasalt.client.i18n import _
from seasalt.client.widgets.cards import Memo, grouped_hand, table_groups, update_text
from seasalt.engine import Breakdown, PlayerView
from textual.widgets import Static


def points_text(b: Breakdown | None) -> Text:
    """``Card points 9 = pairs 2 + collectors 3 + mermaids 4 · colour bonus 3`` (from the view)."""
    text = Text()
    if b is None:
        return text
    text.append(_("Card points {n}").format(n=b.total), style="bold")
    parts = [
        (_("pairs"), b.pairs_on_table + b.pairs_in_hand),
        (_("starfish"), b.starfish),
        (_("collectors"), b.collectors),
        (_("multipliers"), b.multipliers),
        (_("mermaids"), b.mermaids),
    ]
    shown = [f"{label} {value}" for label, value in parts if value]
    if shown:
        text.append(" = " + " + ".join(shown))
    text.append("  ·  ")
    text.append(_("colour bonus {n}").format(n=b.color_bonus), style="bold")
    return text


class HandPanel(Static):
    """Your table groups, your hand and your points."""

    memo: Memo | None = None
    shown: Text | None = None

    def show(self, v: PlayerView, new_cards: Iterable[int] = ()) -> None:
        if self.memo is None:
            self.memo = Memo()
        marks = frozenset(new_cards)
        revealed = v.seat is not None and v.seats[v.seat].revealed_hand is not None
        if not self.memo.changed((v.seat, v.hand, v.table, v.breakdown, marks, revealed)):
            return
        new_cards = marks
        if v.seat is None:
            self.update(Text(_("You are watching this table."), style="italic"))
            return
        lines = [
            Text(_("Your table: "), style="bold") + table_groups(v.table),
            # Revealed (LAST CHANCE, RULES §6.3): everyone sees it, and it cannot be robbed.
            Text((_("Your hand ({n}, revealed): ") if revealed else _("Your hand ({n}): "))
                 .format(n=len(v.hand)), style="bold")
            + grouped_hand(v.hand, marked=new_cards),
            points_text(v.breakdown),
        ]
        self.shown = update_text(self, self.shown, Text("\n").join(lines))
