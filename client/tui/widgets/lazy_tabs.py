"""Tabs whose panes are composed the first time they show: :class:`LazyTabs`.

Composing and styling every pane of the start menu, though one shows, was the biggest part of
the menu's start-up; the others cost nothing until the player opens them.
"""

from __future__ import annotations

from collections.abc import Callable

from textual.widgets import TabbedContent


class LazyTabs(TabbedContent):
    """A :class:`TabbedContent` that asks ``fill(pane_id)`` for a pane each time it shows.

    ``fill`` composes the pane's widgets the first time and does nothing after. It is called
    from the ``active`` watcher, as the pane is switched in: its widgets are mounted with the
    messages that follow (after a Pilot's ``pause()``), not found by a query at once as those
    of a pane composed up front.
    """

    def __init__(self, fill: Callable[[str], object], *, id: str | None = None,
                 initial: str = "") -> None:
        super().__init__(id=id, initial=initial)
        self._fill = fill

    def watch_active(self, active: str) -> None:
        if active:
            self._fill(active)
