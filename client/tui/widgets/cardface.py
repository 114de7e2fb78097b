"""Cards drawn as cards: a one-line chip on small terminals, a small framed card on big ones.

Every face names the kind, the colour (a word and a symbol of its own, so colour is never the
only signal, NO_COLOR included) and, framed, the card's point role from the engine. Faces are
blocks of equal-width lines; :func:`flow` lays blocks into rows that fit a width and never
breaks one (a card or a pile entry is never split over two lines).
"""

from __future__ import annotations

import enum
import functools
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from rich.cells import cell_len
from rich.style import Style
from rich.text import Text
from seasalt.client.words.game import color_name, color_short, kind_name
from seasalt.client.words.i18n import current
from seasalt.client.words.scoring_terms import combo_name, role_name
from seasalt.engine import Color, EventCard, card, point_role, scoring_combinations

# Background, foreground per colour. The text sits on the card's own colour, so it reads the
# same on the dark and the light theme; each pair passes WCAG AA (4.5:1, tested).
CARD_STYLES: dict[Color, tuple[str, str]] = {
    Color.DARK_BLUE: ("#1f4aa8", "#ffffff"),
    Color.LIGHT_BLUE: ("#6cc4f0", "#000000"),
    Color.BLACK: ("#34383e", "#ffffff"),  # a charcoal: its white frame stands out on dark
    Color.YELLOW: ("#f2d13c", "#000000"),
    Color.GREEN: ("#2e7d3a", "#ffffff"),
    Color.WHITE: ("#f2f2f2", "#000000"),
    Color.PURPLE: ("#7e4bb5", "#ffffff"),
    Color.GREY: ("#8f8f8f", "#000000"),
    Color.LIGHT_ORANGE: ("#f7bd84", "#000000"),
    Color.PINK: ("#f59ac4", "#000000"),
    Color.ORANGE: ("#e8701a", "#000000"),
}

SYMBOLS: dict[Color, str] = {
    Color.DARK_BLUE: "●",
    Color.LIGHT_BLUE: "○",
    Color.BLACK: "■",
    Color.YELLOW: "★",
    Color.GREEN: "♣",
    Color.WHITE: "◇",
    Color.PURPLE: "♦",
    Color.GREY: "▲",
    Color.LIGHT_ORANGE: "◐",
    Color.PINK: "♥",
    Color.ORANGE: "✚",
}
"""A symbol per colour, one cell wide: the colour without colour."""

MARK = "✱"
"""Marks a card that just changed (new in the hand, a new pile top)."""


class CardSize(enum.IntEnum):
    CHIP = 0
    """One line: `` ● Crab·dk.blue `` (80 x 24 and other small terminals)."""
    SMALL = 1
    """Framed, 15 x 5: kind and symbol, colour, role (from about 100 x 36)."""
    LARGE = 2
    """Framed, 18 x 6: the kind over two lines (from about 160 x 50)."""
    HUGE = 3
    """Framed, 22 x 9: as large, with the colour's symbol in the middle, as on a printed card
    (from about 180 x 56: the piles and the hand use the room of a really big terminal)."""


FRAME_WIDTH = {CardSize.SMALL: 15, CardSize.LARGE: 18, CardSize.HUGE: 22}


def size_for(width: int, height: int) -> CardSize:
    """The card size a terminal of ``width`` x ``height`` has room for."""
    if width < 100 or height < 36:
        return CardSize.CHIP
    if width < 160 or height < 50:
        return CardSize.SMALL
    if width < 180 or height < 56:
        return CardSize.LARGE
    return CardSize.HUGE


def card_style(card_id: int) -> Style:
    """The style of a card's face."""
    bg, fg = CARD_STYLES[card(card_id).color]
    return Style(bgcolor=bg, color=fg)


@dataclass(frozen=True)
class Block:
    """Lines of one width: a face, a pile entry, a labelled group. Never broken by :func:`flow`."""

    lines: tuple[Text, ...]

    @property
    def width(self) -> int:
        return max((line.cell_len for line in self.lines), default=0)

    @property
    def height(self) -> int:
        return len(self.lines)


def block(*lines: Text) -> Block:
    """A block of ``lines``, each padded to the widest (with blanks on the page's background:
    a face's colour is its base style, and ``pad_right`` would carry it on)."""
    width = max((line.cell_len for line in lines), default=0)
    padded = []
    for line in lines:
        if line.cell_len < width:
            out = Text()
            out.append_text(line)
            out.append(" " * (width - line.cell_len))
            line = out
        padded.append(line)
    return Block(tuple(padded))


def chip(card_id: int, *, mark: bool = False) -> Text:
    """`` ● Crab·dk.blue ``: symbol, kind and colour tag on the card's colour."""
    return _chip(card_id, mark, current()).copy()


# Faces are drawn on every update of the hand, the piles and the tables: each one once per
# language (the words on it), then reused. Callers never change a face in place.
@functools.lru_cache(maxsize=1024)
def _chip(card_id: int, mark: bool, _language: object) -> Text:
    c = card(card_id)
    label = f" {SYMBOLS[c.color]} {kind_name(c.kind)}·{color_short(c.color)} "
    text = Text(label, style=card_style(card_id))
    if mark:
        text.stylize(Style(bold=True, underline=True))
        text = concat(Text(MARK, style="bold"), text)
    return text


def _fit(text: str, width: int) -> str:
    """``text`` cut to ``width`` cells with an ellipsis (names longer than a card)."""
    if cell_len(text) <= width:
        return text
    while text and cell_len(text) > width - 1:
        text = text[:-1]
    return text.rstrip() + "…"


def _wrap2(text: str, width: int) -> tuple[str, str]:
    """``text`` over two lines of ``width`` cells (words kept whole where they fit)."""
    if cell_len(text) <= width:
        return text, ""
    words = text.split()
    first = ""
    while words and cell_len((first + " " + words[0]).strip()) <= width:
        first = (first + " " + words.pop(0)).strip()
    if not first:  # one word longer than the card
        return _fit(text, width), ""
    return first, _fit(" ".join(words), width)


def framed(card_id: int, size: CardSize, *, mark: bool = False) -> Block:
    """A framed face (drawn once per card, size and language)::

        ╭────────────╮
        │Crab       ●│
        │dark blue   │
        │pair        │
        ╰────────────╯
    """
    return _framed(card_id, size, mark, current())


@functools.lru_cache(maxsize=1024)
def _framed(card_id: int, size: CardSize, mark: bool, _language: object) -> Block:
    c = card(card_id)
    # The card's colour is each line's base style (not a span over it): fewer segments to
    # draw on every repaint. A marked card is bold all over.
    base = card_style(card_id) + Style(bold=True) if mark else card_style(card_id)
    inner = FRAME_WIDTH[size] - 2
    symbol = SYMBOLS[c.color]
    name = kind_name(c.kind)
    names = list(_wrap2(name, inner - 2)) if size >= CardSize.LARGE else [_fit(name, inner - 2)]

    def line(text: str = "", inside: Style | None = None) -> Text:
        row = Text("│", style=base)
        row.append(text, style=inside)
        row.append(" " * (inner - cell_len(text)) + "│")
        return row

    top = ("╭" + MARK + "─" * (inner - 1) + "╮") if mark else ("╭" + "─" * inner + "╮")
    lines = [Text(top, style=base)]
    for index, part in enumerate(names):
        row = line(part, Style(bold=True))
        if index == 0:  # the colour's symbol in the top right corner
            row = row[:inner] + Text(symbol + "│", style=base)
        lines.append(row)
    if size is CardSize.HUGE:  # the symbol large in the middle, a line of room either side
        lines += [line(), line(symbol.center(inner).rstrip(), Style(bold=True)), line()]
    lines.append(line(_fit(color_name(c.color), inner)))  # the symbol is on the kind's line
    lines.append(line(_fit(role_name(point_role(c.kind)), inner), Style(italic=True)))
    lines.append(Text("╰" + "─" * inner + "╯", style=base))
    return block(*lines)


def face(card_id: int, size: CardSize, *, mark: bool = False) -> Block:
    """The card at ``size``: a one-line chip or a framed face."""
    if size is CardSize.CHIP:
        return block(chip(card_id, mark=mark))
    return framed(card_id, size, mark=mark)


def concat(*parts: Text | str) -> Text:
    """``parts`` on one line, each keeping its own style. (``a + b`` would give all of ``b``
    the base style of ``a``: a chip's colour, or a bold bracket, would run on.)"""
    out = Text()
    for part in parts:
        if isinstance(part, Text):
            out.append_text(part)
        else:
            out.append(part)
    return out


def gap_after(line: Text) -> Text:
    """``line`` and one blank column on the page's background."""
    return concat(line, " ")


def hstack(blocks: Sequence[Block], gap: int = 1) -> Block:
    """Blocks side by side, top-aligned (shorter ones padded below)."""
    if not blocks:
        return Block(())
    height = max(b.height for b in blocks)
    lines = []
    for row in range(height):
        line = Text()
        for index, b in enumerate(blocks):
            if index:
                line.append(" " * gap)
            part = b.lines[row] if row < b.height else Text(" " * b.width)
            line.append_text(part)
        lines.append(line)
    return block(*lines)


def fit_block(b: Block, width: int) -> Block:
    """A one-line block cut to ``width`` cells with an ellipsis (a chip wider than a narrow
    box: cut, never broken over two lines)."""
    if b.width <= width or b.height != 1 or width < 2:
        return b
    line = b.lines[0].copy()
    line.truncate(width - 1)
    line.append("…")
    return Block((line,))


def flow(blocks: Sequence[Block], width: int, gap: int = 1, hang: bool = False) -> Text:
    """Blocks in rows of at most ``width`` cells, never breaking one; a one-line block wider
    than the width is cut to it (:func:`fit_block`), a taller one gets a row of its own.

    ``hang``: the first block is a one-line label, and the rows after the first start under
    the block after it, not under the label (when every block still fits beside it)."""
    if hang and len(blocks) > 1 and blocks[0].height == 1:
        label, rest = blocks[0], blocks[1:]
        indent = label.width + gap
        if max(b.width for b in rest) <= width - indent:
            laid = list(flow(rest, width - indent, gap).split("\n", allow_blank=True))
            head = concat(label.lines[0], " " * gap, laid[0])
            return Text("\n").join([head, *(concat(" " * indent, line) for line in laid[1:])])
    blocks = [fit_block(b, width) for b in blocks]
    rows: list[list[Block]] = [[]]
    used = 0
    for b in blocks:
        need = b.width + (gap if rows[-1] else 0)
        if rows[-1] and used + need > width:
            rows.append([])
            used, need = 0, b.width
        rows[-1].append(b)
        used += need
    lines: list[Text] = []
    for row in rows:
        if row:
            lines += hstack(row, gap).lines
    return Text("\n").join(lines)


def text_block(text: Text | str, style: str = "") -> Block:
    """A one-line block of text (a label, a count)."""
    return block(text if isinstance(text, Text) else Text(text, style=style))


# --- groups -------------------------------------------------------------------------------------


def group_blocks(
    card_ids: Sequence[int], size: CardSize, label: str = "", marked: Iterable[int] = ()
) -> list[Block]:
    """One group of cards as blocks for :func:`flow`.

    Chips: ``⟦pair ● Crab·dk.blue ○ Crab·lt.blue⟧``, one block per chip (a long group may
    break between chips, never inside one). Framed: the faces side by side under a bracket
    that names the group, one block per face, the bracket carried on each.
    """
    marks = set(marked)
    if size is CardSize.CHIP:
        pieces = [chip(c, mark=c in marks) for c in card_ids]
        if label and pieces:
            pieces[0] = concat(Text("⟦", style="bold"), Text(label + " ", style="bold italic"),
                               pieces[0])
            pieces[-1] = concat(pieces[-1], Text("⟧", style="bold"))
        return [text_block(p) for p in pieces]
    # Framed: each face carries one column on its right (the gap; laid with gap=0), so the
    # bracket over a group runs on over the gaps between its faces.
    out = []
    for index, c in enumerate(card_ids):
        f = face(c, size, mark=c in marks)
        w = f.width + 1
        last = index == len(card_ids) - 1
        if label:
            head = ("┌" + label + " " if index == 0 else "").ljust(w, "─")[:w]
            if last:
                head = head[: w - 2] + "┐ "
            top = Text(head, style="bold")
        else:
            top = Text(" " * w)
        out.append(block(top, *(gap_after(line) for line in f.lines)))
    return out


def hand_blocks(
    hand: Sequence[int], size: CardSize, marked: Iterable[int] = (),
    effects: tuple[EventCard, ...] = (),
) -> list[Block]:
    """The hand: its scoring combinations first (labelled, from the engine, under the seat's
    Extra Pepper ``effects``), then the cards that score alone or not at all, in card-id
    order."""
    blocks: list[Block] = []
    grouped: set[int] = set()
    for combo in scoring_combinations(hand, effects):
        blocks += group_blocks(combo.cards, size, combo_name(combo.kind), marked)
        grouped.update(combo.cards)
    rest = [c for c in sorted(hand) if c not in grouped]
    return blocks + group_blocks(rest, size, "", marked)


def table_blocks(groups: Sequence[Sequence[int]], size: CardSize) -> list[Block]:
    """Groups laid on a table (pairs and trios), each group one unbreakable block (framed:
    the faces touching, a column of gap on the right)."""
    out = []
    for g in groups:
        if size is CardSize.CHIP:
            out.append(text_block(Text("+").join(chip(c) for c in g)))
        else:
            row = hstack([face(c, size) for c in g], gap=0)
            out.append(block(*(gap_after(line) for line in row.lines)))
    return out


def flow_gap(size: CardSize) -> int:
    """The gap :func:`flow` leaves between blocks of this size (framed blocks carry theirs)."""
    return 1 if size is CardSize.CHIP else 0


# --- widgets that lay cards out to their width --------------------------------------------------


class Reflow:
    """For a Static that lays cards out to its width: ``show`` remembers its arguments, and a
    new width (a resize, or the first layout after mounting) draws them again."""

    _reflow_args: tuple[tuple[object, ...], dict[str, object]] | None = None

    def remember(self, *args: object, **kwargs: object) -> None:
        self._reflow_args = (args, kwargs)

    def on_resize(self) -> None:
        if self._reflow_args is not None:
            args, kwargs = self._reflow_args
            self.show(*args, **kwargs)  # type: ignore[attr-defined]


def room(widget: object, before_layout: int = 0) -> tuple[int, CardSize]:
    """The width a widget lays cards in (its content width; before its first layout
    ``before_layout``, or the terminal's) and the card size the terminal has room for."""
    app_size = widget.app.size  # type: ignore[attr-defined]
    width = widget.content_size.width  # type: ignore[attr-defined]
    if not width:
        width = before_layout or max(1, app_size.width - 2)
    return width, size_for(app_size.width, app_size.height)
