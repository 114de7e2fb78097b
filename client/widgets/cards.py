"""Cards as coloured chips that also spell their colour (colour is never the only signal)."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from rich.style import Style
from rich.text import Text
from seasalt.client.i18n import _
from seasalt.client.words import color_short, kind_name
from seasalt.engine import Color, Kind, card, is_pair
from textual.widgets import Static

# Background, foreground per colour: readable on dark and light themes alike.
CARD_STYLES: dict[Color, tuple[str, str]] = {
    Color.DARK_BLUE: ("#1f4aa8", "#ffffff"),
    Color.LIGHT_BLUE: ("#6cc4f0", "#000000"),
    Color.BLACK: ("#34383e", "#ffffff"),  # a charcoal that stands out on a dark screen
    Color.YELLOW: ("#f2d13c", "#000000"),
    Color.GREEN: ("#3c9a4a", "#ffffff"),
    Color.WHITE: ("#f2f2f2", "#000000"),
    Color.PURPLE: ("#7e4bb5", "#ffffff"),
    Color.GREY: ("#8f8f8f", "#000000"),
    Color.LIGHT_ORANGE: ("#f7bd84", "#000000"),
    Color.PINK: ("#f59ac4", "#000000"),
    Color.ORANGE: ("#e8701a", "#000000"),
}

COLLECTORS = (Kind.SHELL, Kind.OCTOPUS, Kind.PENGUIN, Kind.SAILOR)


def card_style(card_id: int) -> Style:
    """The chip style of a card."""
    bg, fg = CARD_STYLES[card(card_id).color]
    return Style(bgcolor=bg, color=fg)


def chip(card_id: int, *, mark: bool = False) -> Text:
    """`` Crab·dk.blue ``: kind and colour tag on the card's colour (``mark``: just changed)."""
    c = card(card_id)
    label = f" {kind_name(c.kind)}·{color_short(c.color)} "
    text = Text(label, style=card_style(card_id))
    if mark:
        text.stylize(Style(bold=True, underline=True))
        text = Text("✱", style="bold") + text
    return text


def chips(card_ids: Iterable[int], *, sep: str = " ", marked: Iterable[int] = ()) -> Text:
    """Several chips on one line."""
    marks = set(marked)
    return Text(sep).join(chip(c, mark=c in marks) for c in card_ids)


def group_label(card_ids: Sequence[int]) -> str:
    """A short label for a group of the hand: a pair, a set of N, or nothing."""
    kinds = [card(c).kind for c in card_ids]
    pairs = any(
        is_pair(a, b) for i, a in enumerate(kinds) for b in kinds[i + 1 :]
    )
    if pairs:
        return _("pair")
    if kinds and kinds[0] in COLLECTORS and len(kinds) >= 2:
        return _("set")
    return ""


# Kinds that belong together in the hand display (they can pair with each other).
_CLUSTERS: tuple[frozenset[Kind], ...] = (
    frozenset({Kind.CRAB, Kind.LOBSTER}),
    frozenset({Kind.SWIMMER, Kind.SHARK, Kind.JELLYFISH}),
)


def _cluster_key(kind: Kind) -> object:
    for cluster in _CLUSTERS:
        if kind in cluster:
            return cluster
    return kind


def hand_groups(card_ids: Sequence[int]) -> list[list[int]]:
    """The hand split into groups of cards that belong together, in card-id order."""
    groups: dict[object, list[int]] = {}
    for c in sorted(card_ids):
        groups.setdefault(_cluster_key(card(c).kind), []).append(c)
    return list(groups.values())


def grouped_hand(card_ids: Sequence[int], *, marked: Iterable[int] = ()) -> Text:
    """The hand as grouped chips: ``[pair: Crab Crab]  Shell  ...``."""
    marks = set(marked)
    parts: list[Text] = []
    for group in hand_groups(card_ids):
        label = group_label(group)
        piece = Text()
        if len(group) > 1:
            piece.append("⟦", style="bold")
        if label:
            piece.append(label + " ", style="bold italic")
        piece.append_text(chips(group, marked=marks))
        if len(group) > 1:
            piece.append("⟧", style="bold")
        parts.append(piece)
    return Text("  ").join(parts) if parts else Text(_("(empty)"), style="dim")


def table_groups(groups: Sequence[Sequence[int]]) -> Text:
    """Groups laid on a table: ``Boat+Boat  Crab+Crab``."""
    if not groups:
        return Text(_("nothing yet"), style="dim")
    return Text("  ").join(chips(g, sep="+") for g in groups)


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
