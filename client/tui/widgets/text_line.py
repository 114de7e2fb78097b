"""A line of text that keeps what it shows: the table's status line and its recent log lines."""

from __future__ import annotations

from rich.text import Text
from seasalt.client.tui.widgets.cards import update_text
from textual.visual import VisualType
from textual.widgets import Static


class TextLine(Static):
    """Text drawn by the table's draws (:meth:`show`), which skip a repaint when it is what
    is shown already (a repaint costs a layout pass); other words (:meth:`put`) make the next
    draw's text news again. A new widget (a language switch recomposes) draws afresh."""

    shown: Text | None = None
    """The text the last :meth:`show` drew (None: something else is shown)."""

    def show(self, text: Text) -> None:
        if text != self.shown:
            self.shown = text
            update_text(self, None, text)

    def put(self, content: VisualType) -> None:
        """Show ``content`` (the waiting room's words): the next :meth:`show` draws anyway."""
        self.shown = None
        self.update(content)


__all__ = ["TextLine"]
