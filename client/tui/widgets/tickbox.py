"""A checkbox whose tick is a mark, not only a colour (NO_COLOR keeps ticked and unticked apart).

Textual's Checkbox draws the same ``X`` in both states and tells them apart by colour alone.
"""

from __future__ import annotations

from textual.content import Content
from textual.style import Style
from textual.widgets import Checkbox

TICKED, UNTICKED = "✓", " "


class TickBox(Checkbox):
    """A :class:`Checkbox` showing ``✓`` when ticked and a blank when not."""

    @property
    def _button(self) -> Content:
        button_style = self.get_visual_style("toggle--button")
        side_style = Style(foreground=button_style.background, background=self.background_colors[1])
        return Content.assemble(
            (self.BUTTON_LEFT, side_style),
            (TICKED if self.value else UNTICKED, button_style),
            (self.BUTTON_RIGHT, side_style),
        )
