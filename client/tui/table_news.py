"""What the table flow puts up for the screens to show: the latest frame, the chat, the clocks,
the score sheet, the game's record, and the table's moments (a draw due, a turn whose time ran
out, a refusal, a round scored).

Textual's "attributes down, messages up": the flow (client/tui/table_flow.py) sets these
reactive attributes and each screen that shows one watches it (:func:`watch_news`), so the flow
never looks for its screens. They live on the app (``SeasaltApp`` is a :class:`TableNews`):
a reactive attribute needs a Textual node to hold it (hence the base class; the app's own).
It comes after ``App`` among the app's bases: Textual takes a node's default CSS from its first
base that is a node, and the app's would be lost (every text drawn in the background colour).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from seasalt.client.tui.clocks import ClockReading
from seasalt.client.tui.messages import Frame
from textual.dom import DOMNode
from textual.reactive import Reactive, var

ChatLines = tuple[tuple[str, str], ...]
Watcher = Callable[[], None] | Callable[[Any], None] | Callable[[Any, Any], None]
"""What watches a piece of news: given nothing, the new value, or the old and the new."""


class TableNews(DOMNode):
    """The table's news as reactive attributes (a mixin of the app: see the module docstring).

    The moments are counters (or the seat concerned) with ``always_update``: each setting is
    news, even one equal to the last.
    """

    frame: var[Frame | None] = var(None, always_update=True, init=False)
    """The latest frame of our table: its one holder (the table flow sets it, table screens
    watch it). Every frame is news, even one equal to the last (a snapshot after a refusal)."""
    draws: var[int] = var(0, always_update=True, init=False)
    """Set when the table screens are to draw the latest frame now, in the app's message loop
    (the coalesced render; a seat's lock, which may last a single update)."""
    chat: var[ChatLines] = var((), init=False)
    """The chat of the table we are at, oldest first (a longer one that starts with the last
    adds its new lines; any other replaces them)."""
    clocks: var[ClockReading | None] = var(None, always_update=True, init=False)
    """The table's running clocks (turn timer, takeovers, reading pause), as last told."""
    time_ran_out: var[int | None] = var(None, always_update=True, init=False)
    """The seat whose turn timer ran out last (its bot plays the turn)."""
    refusals: var[int] = var(0, always_update=True, init=False)
    """Counts the server's refusals: each one frees the table's input."""
    score_sheet: var[Any] = var(None, always_update=True, init=False)
    """The last score sheet the server sent (shown while a fresh one is asked for)."""
    rounds_scored: var[int] = var(0, always_update=True, init=False)
    """Counts the round results: an open score sheet asks for the new numbers."""
    game_record: var[Any] = var(None, always_update=True, init=False)
    """The last ``game_record`` (how the finished game went)."""


def watch_news(node: DOMNode, name: str, callback: Watcher) -> None:
    """Have ``node`` watch the app's ``name`` (a :class:`TableNews` attribute), from now on;
    nothing when its app holds no such news (a screen tried alone in a bare Textual app)."""
    if isinstance(getattr(type(node.app), name, None), Reactive):
        node.watch(node.app, name, callback, init=False)


__all__ = ["ChatLines", "TableNews", "watch_news"]
