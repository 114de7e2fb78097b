"""A Textual ``Select`` that does not crash the app when it is torn down before it mounted.

Quitting within milliseconds of a screen with selects appearing (Esc from "Connecting…" back to
the start menu, then ^q) ended the client with a traceback: the app's shutdown removed each
select's parts (its current-value line and its label) before the select's own Mount event ran,
and Textual's ``Select._on_mount`` sets its value into those parts with ``query_one``:
``NoMatches: No nodes match '#label' on SelectCurrent``. Its value watcher guards against a
missing ``SelectCurrent``, not against its label gone too.
"""

from __future__ import annotations

from collections.abc import Hashable
from typing import TypeVar

from textual import events
from textual.dom import DOMNode
from textual.widgets import Select

T = TypeVar("T", bound=Hashable)


def closing(node: DOMNode) -> bool:
    """The app is quitting (``exit()`` called: ``is_attached`` goes False) or shutting down
    (the end of a test's ``run_test``, where no ``exit()`` is called): a Mount handler that
    runs now finds its widgets removed."""
    return not node.is_attached or not node.app.is_running


class SteadySelect(Select[T]):
    """:class:`~textual.widgets.Select`, whose mount set-up is skipped once its parts are gone
    (nothing left to set up: the app is closing, ``is_attached`` False, or its screen went)."""

    def _on_mount(self, event: events.Mount) -> None:
        # Textual calls one ``_on_mount`` per class up the MRO unless the default is prevented:
        # this one runs first and stops Select's (and Widget's scrollbar set-up) when torn down.
        current = self.query("SelectCurrent")
        if closing(self) or not current or not current.first().query("#label") \
                or not self.query("SelectOverlay"):
            event.prevent_default()
