"""Every use of Textual's and Rich's private code, in one place.

The client leans on a few things Textual and Rich do not promise to keep: a module-level
pattern, a context variable, a private attribute or method. Each is here, with why we need it;
tests/client/tui/test_compat.py holds one canary per use that fails when an upgrade changes the
private thing (renamed, gone, or no longer what we override), and
tests/architecture/test_textual_privates.py fails if private Textual or Rich names are used
anywhere else in client/.

:func:`install` makes the process-wide changes (the word-wrap patterns, how ``_()`` finds the
running app); ``seasalt.client.tui`` calls it once, when the app's package is imported, before
anything is drawn.
"""

from __future__ import annotations

import re
from collections.abc import Hashable
from typing import TypeVar

import rich._wrap
import textual._wrap
from rich.align import Align
from rich.text import Text
from seasalt.client.words import i18n
from seasalt.client.words.i18n import _
from textual import events
from textual._context import active_app
from textual.binding import BindingsMap
from textual.command import CommandList, CommandPalette
from textual.content import Content
from textual.dom import DOMNode
from textual.reactive import Reactive
from textual.style import Style
from textual.widget import Widget
from textual.widgets import Checkbox, Select
from textual.widgets.option_list import Option

# --- word wrap: no-break spaces stay inside words -----------------------------------------------

_GLUE = "\u00a0\u202f"
"""No-break space and narrow no-break space (French puts them before ``: ; ! ?``)."""
_BREAKING = rf"[^\S{_GLUE}]"
_WORDLIKE = rf"[\S{_GLUE}]"

TEXTUAL_CHUNK = r"\S+\s*|\s+"
"""``textual._wrap.re_chunk`` as Textual writes it (the canary compares)."""
RICH_WORD = r"\s*\S+\s*"
"""``rich._wrap.re_word`` as Rich writes it (the canary compares)."""


def keep_no_break_spaces() -> None:
    """Make Textual's and Rich's word wrap keep no-break spaces inside words (idempotent).

    Why private: Textual and Rich wrap at any whitespace (the ``\\s`` of a regular expression),
    a no-break space included (Rich issue 3545), so a prompt naming ``Penguin Colony·green``
    could end a line after "Penguin", and a French line could start with the ":" or "?" its
    typography spaces off. Both split a line into chunks with a module-level pattern built on
    ``\\s``, and neither offers a way to change it; the same patterns with the two no-break
    spaces counted as part of a word change nothing else (Unicode's line breaking, UAX #14, glues
    at both). Process-wide: every Textual and Rich wrap in this process uses them.
    """
    textual._wrap.re_chunk = re.compile(rf"{_WORDLIKE}+{_BREAKING}*|{_BREAKING}+")
    rich._wrap.re_word = re.compile(rf"{_BREAKING}*{_WORDLIKE}+{_BREAKING}*")


# --- which app runs this task -------------------------------------------------------------------


def running_app() -> object | None:
    """The Textual app running the current task, if any.

    Why private: each app holds its own translator (two apps in one process, as in tests, each
    speak their own language), and ``_()`` must find the app without being handed it. Textual's
    ``active_app`` context variable, set in every task of an app, is how widgets find
    ``self.app``; Textual has no public way to read it outside a widget.
    """
    return active_app.get(None)


def install() -> None:
    """The process-wide changes: word wrap keeps no-break spaces, and ``_()`` speaks the
    language of the app running it (idempotent)."""
    keep_no_break_spaces()
    i18n.find_running_app = running_app


# --- key hints: a node's own bindings -----------------------------------------------------------


def written_bindings(node: DOMNode) -> BindingsMap | None:
    """The bindings ``node``'s class wrote (its ``BINDINGS`` merged with its bases'), untouched.

    Why private: Textual keeps them on the class as ``_merged_bindings`` and copies them into
    each node; the key hints are translated in those copies, so the English originals (the
    msgids) are read from the class each time the language changes.
    """
    merged: BindingsMap | None = type(node)._merged_bindings
    return merged


def own_bindings(node: DOMNode) -> BindingsMap:
    """``node``'s own copy of its bindings: what its footer shows and its keys do.

    Why private: Textual reads a binding's description once, from the class, and offers no way
    to change a node's key hints; the language switch rewrites this copy (``_bindings``).
    """
    bindings: BindingsMap = node._bindings
    return bindings


def set_own_bindings(node: DOMNode, bindings: BindingsMap) -> None:
    """Replace ``node``'s own bindings (see :func:`own_bindings`)."""
    node._bindings = bindings


# --- the footer's keys: born with the footer's style --------------------------------------------


def born_with(widget: Widget, compact: bool) -> None:
    """Give a key of Textual's footer its ``compact`` before it mounts, without a watcher.

    Why: Textual's ``FooterKey`` (a private class) is born compact (its own default) and then
    bound to the footer's ``compact``: with a footer that is not compact, it gains the
    ``-compact`` class as it mounts and loses it at once, restyling itself twice (part of a
    fifth of a table screen's start-up CPU). Set here first, there is nothing to undo. A widget
    without a ``compact`` reactive is left alone.
    """
    reactive = getattr(type(widget), "compact", None)
    if isinstance(reactive, Reactive):
        widget.set_reactive(reactive, compact)


# --- the command palette's "No matches found" ---------------------------------------------------


class Palette(CommandPalette):
    """Textual's command palette speaking the app's language.

    Why private: the palette's one sentence of its own, "No matches found", is written inside
    ``CommandPalette._start_no_matches_countdown``; this is that method (pinned Textual) with the
    sentence translated.
    """

    def _start_no_matches_countdown(self, search_value: str) -> None:
        self._stop_no_matches_countdown()

        def show_no_matches() -> None:
            if search_value:
                self.query_one(CommandList).add_option(Option(
                    Align.center(Text(_("No matches found"), style="not bold")),
                    disabled=True, id=self._NO_MATCHES,
                ))
                self._list_visible = True
            else:
                self._list_visible = False

        self._no_matches_timer = self.set_timer(self._NO_MATCHES_COUNTDOWN, show_no_matches)


# --- a select torn down before it mounted -------------------------------------------------------

T = TypeVar("T", bound=Hashable)


def closing(node: DOMNode) -> bool:
    """The app is quitting (``exit()`` called: ``is_attached`` goes False) or shutting down
    (the end of a test's ``run_test``, where no ``exit()`` is called): a Mount handler that
    runs now finds its widgets removed."""
    return not node.is_attached or not node.app.is_running


class SteadySelect(Select[T]):
    """:class:`~textual.widgets.Select`, whose mount set-up is skipped once its parts are gone
    (nothing left to set up: the app is closing, ``is_attached`` False, or its screen went).

    Why private: quitting within milliseconds of a screen with selects appearing (Esc from
    "Connecting…" back to the start menu, then ^q) ended the client with a traceback: the app's
    shutdown removed each select's parts (its current-value line and its label) before the
    select's own Mount event ran, and Textual's ``Select._on_mount`` sets its value into those
    parts with ``query_one``: ``NoMatches: No nodes match '#label' on SelectCurrent``. Its value
    watcher guards against a missing ``SelectCurrent``, not against its label gone too. Only an
    ``_on_mount`` of our own runs before Select's and can prevent it.
    """

    def _on_mount(self, event: events.Mount) -> None:
        # Textual calls one ``_on_mount`` per class up the MRO unless the default is prevented:
        # this one runs first and stops Select's (and Widget's scrollbar set-up) when torn down.
        current = self.query("SelectCurrent")
        if closing(self) or not current or not current.first().query("#label") \
                or not self.query("SelectOverlay"):
            event.prevent_default()


# --- a tick that is a mark, not only a colour ---------------------------------------------------

TICKED, UNTICKED = "✓", " "


class TickBox(Checkbox):
    """A :class:`Checkbox` showing ``✓`` when ticked and a blank when not.

    Why private: Textual's Checkbox draws the same ``X`` in both states and tells them apart by
    colour alone (NO_COLOR shows no difference); the mark is drawn by ``ToggleButton._button``,
    the one place to change it.
    """

    @property
    def _button(self) -> Content:
        button_style = self.get_visual_style("toggle--button")
        side_style = Style(foreground=button_style.background, background=self.background_colors[1])
        return Content.assemble(
            (self.BUTTON_LEFT, side_style),
            (TICKED if self.value else UNTICKED, button_style),
            (self.BUTTON_RIGHT, side_style),
        )
