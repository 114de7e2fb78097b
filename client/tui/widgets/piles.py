"""The deck and the two discard piles: top card and size (older cards stay unseen)."""

from __future__ import annotations

from rich.console import Console
from rich.style import Style
from rich.text import Text
from seasalt.client.tui.phone import on_phone
from seasalt.client.tui.widgets.cardface import (
    FRAME_WIDTH,
    Block,
    CardSize,
    Reflow,
    block,
    chip,
    face,
    flow,
    room,
    text_block,
)
from seasalt.client.tui.widgets.cards import Memo, update_text
from seasalt.client.words.game import pile_name
from seasalt.client.words.i18n import _, ngettext
from seasalt.engine import PileView, PlayerView
from textual.app import ComposeResult
from textual.containers import Horizontal
from textual.widgets import Static


def pile_size(pile: PileView) -> str:
    return ngettext("({n} card)", "({n} cards)", pile.size).format(n=pile.size)


def compact_entries(v: PlayerView, changed: set[int]) -> list[Block]:
    """``Deck 32`` and ``Pile 1: [Crab·yellow] (4 cards)``, one unbreakable block each."""
    entries = [text_block(Text(_("Deck {n}").format(n=v.deck_size), style="bold"))]
    for index, pile in enumerate(v.piles):
        text = Text()
        text.append(RULE, style="dim")
        # (the colon is the language's: French spaces it, "Défausse 1 : vide")
        text.append(_("{pile}:").format(pile=pile_name(index).capitalize()) + " ", style="bold")
        if pile.top is None:
            text.append(_("empty"), style="dim")
        else:
            text.append_text(chip(pile.top, mark=index in changed))
            text.append(" " + pile_size(pile), style="dim")
        entries.append(text_block(text))
    return entries


def wrapped(entry: Block, width: int, console: Console) -> Block:
    """An entry wider than ``width`` over as many rows as it needs, broken between words: a
    phone's 40 columns cut "Pile 2: Cast of Crabs·green (17 cards)" short."""
    if entry.width <= width or entry.height != 1 or width < 2:
        return entry
    return block(*entry.lines[0].wrap(console, width))


RULE = "│ "
"""What parts two entries of the compact line (each pile's entry starts with it)."""


def without_lead_rules(text: Text) -> Text:
    """``text`` without the rule a row begins with: where a pile's entry is too wide to hang
    under the first pile (French, a dark blue card on pile 2, 100 columns), it starts its row
    at the left edge, and "│ Défausse 2" read as a stray rule there. A row that hangs begins
    with spaces and keeps its rule, under the first pile's."""
    rows = text.split("\n", allow_blank=True)
    return Text("\n").join(row[len(RULE):] if row.plain.startswith(RULE) else row
                            for row in rows)


def _empty_slot(size: CardSize, lines: list[str], style: Style) -> Block:
    """A framed placeholder: the deck's back, or an empty pile."""
    inner = FRAME_WIDTH[size] - 2
    height = {CardSize.SMALL: 4, CardSize.LARGE: 5}.get(size, 8)
    rows = [Text("╭" + "─" * inner + "╮", style=style)]
    for index in range(height - 1):
        word = lines[index] if index < len(lines) else ""
        rows.append(Text("│" + word.center(inner)[:inner] + "│", style=style))
    rows.append(Text("╰" + "─" * inner + "╯", style=style))
    return block(*rows)


def framed_entries(v: PlayerView, changed: set[int], size: CardSize) -> list[Block]:
    """The deck and each pile as a card with its name above it."""
    top = [""] * (3 if size is CardSize.HUGE else 1)  # the words in the middle of the back
    deck = _empty_slot(size, [*top, _("Deck"), str(v.deck_size)], Style(bold=True))
    entries = [block(Text(_("Deck {n}").format(n=v.deck_size), style="bold"), *deck.lines)]
    for index, pile in enumerate(v.piles):
        title = Text(pile_name(index).capitalize(), style="bold")
        if pile.top is None:
            card = _empty_slot(size, [*top, _("empty")], Style(dim=True))
        else:
            title.append(" " + pile_size(pile), style="dim")
            card = face(pile.top, size, mark=index in changed)
        entries.append(block(title, *card.lines))
    return entries


class PileSlot(Static):
    """One framed entry (the deck, a pile) of a fixed size: a new count on the deck redraws
    only the deck, not the faces beside it (repaints stay cheap with framed cards)."""

    shown: Text | None = None

    def put(self, entry: Block) -> None:
        text = Text("\n").join(entry.lines)
        if self.shown is not None and text == self.shown:
            return
        if self.styles.width is None or self.styles.width.value != entry.width:
            self.styles.width = entry.width
        if self.styles.height is None or self.styles.height.value != entry.height:
            self.styles.height = entry.height
        self.shown = update_text(self, self.shown, text)


class PilesPanel(Reflow, Horizontal):
    """``Deck 32 │ pile 1: [Crab·yellow] (4 cards) │ pile 2: empty``, or three cards side by
    side in the middle of a big terminal."""

    DEFAULT_CSS = """
    PilesPanel { align-horizontal: center; }
    PilesPanel > #piles-line { width: 1fr; }
    PilesPanel > PileSlot { margin: 0 2; }
    """

    memo: Memo | None = None
    shown: Text | None = None

    def compose(self) -> ComposeResult:
        yield Static(id="piles-line")
        for _index in range(3):
            yield PileSlot()

    def show(self, v: PlayerView, changed: set[int]) -> None:
        if self.memo is None:
            self.memo = Memo()
        self.remember(v, changed)
        width, size = room(self)
        slots = list(self.query(PileSlot))
        if len(slots) != 3 or not self.memo.changed(
            (v.deck_size, v.piles, frozenset(changed), width, size, on_phone(self))
        ):
            return
        line = self.query_one("#piles-line", Static)
        line.display = size is CardSize.CHIP
        for slot in slots:
            slot.display = size is not CardSize.CHIP
        if size is CardSize.CHIP:
            # A pile that wraps goes on under the first pile, not under the deck (a line that
            # began "│ Pile 2:" reads as a stray rule).
            entries = compact_entries(v, changed)
            if on_phone(self):  # (wider, a long entry is cut short: the row is kept for the rest)
                entries = [wrapped(e, width, self.app.console) for e in entries]
            text = without_lead_rules(flow(entries, width, 2, hang=True))
            # Two rows as a rule (a fixed slot: nothing under it moves), three when the piles
            # need them: French at 80 columns with the side panel open lost pile 2 off the
            # slot's second row.
            height = max(2, len(text.split()))
            self.shown = update_text(line, self.shown, text)
        else:
            entries = framed_entries(v, changed, size)
            height = max(e.height for e in entries)
            for slot, entry in zip(slots, entries, strict=True):
                slot.put(entry)
        if self.styles.height is None or self.styles.height.value != height:
            self.styles.height = height
