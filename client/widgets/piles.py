"""The deck and the two discard piles: top card and size (older cards stay unseen)."""

from __future__ import annotations

from rich.text import Text
from seasalt.client.i18n import _, ngettext
from seasalt.client.widgets.cards import Memo, chip, update_text
from seasalt.client.words import pile_name
from seasalt.engine import PlayerView
from textual.widgets import Static


class PilesPanel(Static):
    """``Deck 32 │ pile 1: [Crab·yellow] (4) │ pile 2: empty``."""

    memo: Memo | None = None
    shown: Text | None = None

    def show(self, v: PlayerView, changed: set[int]) -> None:
        if self.memo is None:
            self.memo = Memo()
        if not self.memo.changed((v.deck_size, v.piles, frozenset(changed))):
            return
        text = Text()
        text.append(_("Deck {n}").format(n=v.deck_size), style="bold")
        for index, pile in enumerate(v.piles):
            text.append("  │  ")
            text.append(pile_name(index).capitalize() + ": ", style="bold")
            if pile.top is None:
                text.append(_("empty"), style="dim")
            else:
                text.append_text(chip(pile.top, mark=index in changed))
                size = ngettext("({n} card)", "({n} cards)", pile.size).format(n=pile.size)
                text.append(" " + size, style="dim")
        self.shown = update_text(self, self.shown, text)
