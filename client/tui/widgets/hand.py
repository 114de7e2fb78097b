"""Your side of the table: your laid groups, your hand (grouped) and your live points."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from enum import IntEnum

from rich.text import Text
from seasalt.client.tui.widgets.cardface import (
    SYMBOLS,
    CardSize,
    Reflow,
    card_style,
    flow,
    room,
    text_block,
)
from seasalt.client.tui.widgets.cards import Memo, chip, grouped_hand, table_groups, update_text
from seasalt.client.tui.widgets.events import WIDE_FROM, events_rows
from seasalt.client.tui.widgets.wrap import NBSP, tied
from seasalt.client.words.event_cards import event_points_line
from seasalt.client.words.game import kind_name
from seasalt.client.words.i18n import _
from seasalt.client.words.scoring_terms import breakdown_parts, card_points_term, colour_bonus_term
from seasalt.engine import Breakdown, PlayerView, card, scoring_combinations
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
    # Each term tied to its value, each "+" and "·" to the term after it: a wrapped line
    # breaks between terms only (at 80 columns it read "· bonus" / "couleur 7").
    text.append(tied(f"{card_points_term()} {b.total}"), style="bold")
    shown = [tied(f"{term} {value}") for term, value in breakdown_parts(b) if value]
    if shown:
        text.append(" = " + f" +{NBSP}".join(shown))
    text.append(f"  ·{NBSP}{NBSP}")
    text.append(tied(f"{colour_bonus_term()} {b.color_bonus}"), style="bold")
    if b.events and changes:  # Extra Pepper: what each effect changed, already in the sum
        text.append("  ·  ")
        text.append(event_points_line(b.events), style="italic")
    return text


def compact_groups(groups: Sequence[Sequence[int]], width: int, label: Text,
                   hang: bool = True) -> Text:
    """Laid groups in few rows (a crowded table): ``●Crab+○Crab``, each card its
    colour's symbol and its kind on its colour, a group never broken (``hang``: wrapped rows
    under the first group, not under the label)."""
    if not groups:
        return table_groups(groups, width=width, label=label)
    blocks = [text_block(label)]
    for g in groups:
        blocks.append(text_block(Text("+").join(
            Text(SYMBOLS[card(c).color] + kind_name(card(c).kind), style=card_style(c))
            for c in g)))
    return flow(blocks, width, 2)


class Form(IntEnum):
    """How the hand panel lays itself out, from the roomiest (the table picks the first whose
    rows leave the choices theirs, client/tui/screens/table_fit.py)."""

    CARDS = 0
    """The largest cards the terminal has room for (the usual form)."""
    CHIPS = 1
    """The hand as one-line chips, grouped."""
    COMPACT = 2
    """The laid groups as ``●Crab+○Crab`` and the hand's chips without their groups'
    brackets: fewer rows, nothing left out."""
    FLUSH = 3
    """The compact form with its wrapped rows flush left, under the label, not under the
    first card: a row or two fewer with a big hand (the prompt's rows and the piles come
    before the alignment)."""


class HandPanel(Reflow, Static):
    """Your table groups, your hand and your points."""

    memo: Memo | None = None
    shown: Text | None = None
    form = Form.CARDS
    """Set by the table when the choices need the rows (``set_form``)."""

    def set_form(self, form: Form) -> None:
        if form != self.form:
            self.form = form
            self.on_resize()  # drawn again from the arguments remembered

    def layout_text(self, form: Form) -> Text | None:
        """The text the panel shows laid out in ``form`` (None: nothing drawn yet, or a
        spectator's one line)."""
        args = self._reflow_args
        if args is None or self.shown is None:
            return None
        if form == self.form:
            return self.shown
        view, marks = args[0]
        assert isinstance(view, PlayerView) and isinstance(marks, frozenset)
        return self._text(view, marks, form)

    def show(self, v: PlayerView, new_cards: Iterable[int] = ()) -> None:
        if self.memo is None:
            self.memo = Memo()
        marks = frozenset(new_cards)
        self.remember(v, marks)
        width, size = room(self)
        revealed = v.seat is not None and v.seats[v.seat].revealed_hand is not None
        if not self.memo.changed((v.seat, v.hand, v.table, v.breakdown, marks, width, size,
                                  revealed, v.effects, self.form)):
            return
        if v.seat is None:
            self.shown = None
            self.update(Text(_("You are watching this table."), style="italic"))
            return
        self.shown = update_text(self, self.shown, self._text(v, marks, self.form))

    def _text(self, v: PlayerView, marks: frozenset[int], form: Form) -> Text:
        width, size = room(self)
        if form is not Form.CARDS:
            size = CardSize.CHIP
        revealed = v.seat is not None and v.seats[v.seat].revealed_hand is not None
        # Your laid pairs stay chips unless the terminal is really big: the hand comes first.
        table_size = CardSize.LARGE if size >= CardSize.LARGE else CardSize.CHIP
        # Revealed (LAST CHANCE, RULES §6.3): everyone sees it, and it cannot be robbed.
        hand_label = Text(
            (_("Your hand ({n}, revealed): ") if revealed else _("Your hand ({n}): "))
            .format(n=len(v.hand)), style="bold",
        )
        table_label = Text(_("Your table: "), style="bold")
        wide = self.app.size.width >= WIDE_FROM
        if form >= Form.COMPACT:
            hang = form is Form.COMPACT
            return Text("\n").join([
                compact_groups(v.table, width, table_label, hang),
                flow([text_block(hand_label),
                      *(text_block(chip(c, mark=c in marks)) for c in _grouped_order(v))],
                     width, hang=hang),
                points_text(v.breakdown, wide),
            ])
        # Wrapped rows go on under the first card, not under the label (the round result's
        # and the replay's alignment).
        lines = [table_groups(v.table, width=width, size=table_size, label=table_label,
                              hang=True)]
        # The largest cards whose rows leave the rest of the table room (a big hand on a
        # medium terminal steps down to chips rather than push the choices off the screen).
        budget = self.app.size.height - ROWS_ABOVE_HAND - ROOMY_ROWS.get(size, 0)
        budget -= events_rows(v, wide)  # Extra Pepper's lines
        while size is not CardSize.CHIP:
            hand = grouped_hand(v.hand, marked=marks, width=width, size=size,
                                effects=v.effects)
            if len(hand.split()) + 1 <= budget:
                lines += [hand_label, hand]
                break
            size = CardSize(size - 1)
        if size is CardSize.CHIP:
            lines.append(grouped_hand(v.hand, marked=marks, width=width, label=hand_label,
                                      effects=v.effects, hang=True))
        lines.append(points_text(v.breakdown, wide))
        return Text("\n").join(lines)


def _grouped_order(v: PlayerView) -> list[int]:
    """The hand's cards in the order the grouped hand shows them (its combinations first)."""
    order: list[int] = []
    for combo in scoring_combinations(v.hand, v.effects):
        order += [c for c in combo.cards if c not in order]
    return order + [c for c in sorted(v.hand) if c not in order]
