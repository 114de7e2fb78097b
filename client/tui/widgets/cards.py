"""Cards in the widgets: chips and groups laid out to a width, and the repaint helpers."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from rich.text import Text
from seasalt.client.tui.widgets.cardface import (
    CARD_STYLES,
    Block,
    CardSize,
    card_style,
    chip,
    concat,
    flow,
    flow_gap,
    hand_blocks,
    table_blocks,
    text_block,
)
from seasalt.client.words.i18n import _
from seasalt.engine import EventCard
from textual.widgets import Static

__all__ = ["CARD_STYLES", "card_style", "chip", "chips", "grouped_hand", "table_groups"]

WIDE = 10_000
"""A width no line reaches: one row (the caller's widget cuts it or lets it scroll)."""


def chips(card_ids: Iterable[int], *, sep: str = " ", marked: Iterable[int] = ()) -> Text:
    """Several chips on one line."""
    marks = set(marked)
    return Text(sep).join(chip(c, mark=c in marks) for c in card_ids)


def _lead(label: Text | None) -> list[Block]:
    return [] if label is None or not label.plain else [text_block(label)]


def grouped_hand(
    card_ids: Sequence[int], *, marked: Iterable[int] = (), width: int = WIDE,
    size: CardSize = CardSize.CHIP, label: Text | None = None,
    effects: Iterable[EventCard] = (), hang: bool = False,
) -> Text:
    """The hand, its scoring combinations first: ``⟦pair Crab Crab⟧  Shell  ...``, laid in
    rows of ``width`` cells that never break a card (after ``label``, if any; ``hang``: the
    rows after the first start under the first card); grouped under the seat's Extra Pepper
    ``effects``."""
    if not card_ids:
        return flow([*_lead(label), text_block(Text(_("(empty)"), style="dim"))], width)
    return flow([*_lead(label), *hand_blocks(card_ids, size, marked, tuple(effects))], width,
                flow_gap(size), hang=hang)


def table_groups(
    groups: Sequence[Sequence[int]], *, width: int = WIDE, size: CardSize = CardSize.CHIP,
    label: Text | None = None, hang: bool = False,
) -> Text:
    """Groups laid on a table: ``Boat+Boat  Crab+Crab``, never broken inside a group (after
    ``label``, if any; ``hang``: the rows after the first start under the first group)."""
    if not groups:
        return flow([*_lead(label), text_block(Text(_("nothing yet"), style="dim"))], width)
    blocks = table_blocks(groups, size)
    if size is CardSize.CHIP and any(b.width > width for b in blocks):
        # A narrow box: a group may break between its cards (the ``+`` stays with the card
        # before it), never inside one.
        blocks = [text_block(concat(chip(c), "+" if i < len(g) - 1 else ""))
                  for g in groups for i, c in enumerate(g)]
    return flow([*_lead(label), *blocks], width, 2 * flow_gap(size), hang=hang)


class Memo:
    """Skip a widget update whose content did not change (a repaint costs a layout pass)."""

    def __init__(self) -> None:
        self.last: object = None

    def changed(self, content: object) -> bool:
        if content == self.last:
            return False
        self.last = content
        return True


def same_shape(old: Text | None, new: Text, width: int) -> bool:
    """Whether ``new`` takes exactly the rows ``old`` took in ``width`` columns.

    Only then may a widget skip the layout pass on update (a layout pass is the costliest part
    of a repaint). Lines that could wrap make the answer "no", to stay on the safe side.
    """
    if old is None or width <= 0:
        return False
    old_lines, new_lines = old.split(), new.split()
    if len(old_lines) != len(new_lines):
        return False
    return all(line.cell_len <= width for line in (*old_lines, *new_lines))


def update_text(widget: Static, old: Text | None, new: Text) -> Text:
    """``widget.update(new)``, skipping the layout pass when its size cannot change: a height
    fixed in the stylesheet, or the same rows as before."""
    height = widget.styles.height
    fixed = height is not None and height.is_cells
    widget.update(new, layout=not (fixed or same_shape(old, new, widget.content_size.width)))
    return new
