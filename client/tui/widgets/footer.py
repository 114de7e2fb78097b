"""Textual's ``Footer``, put up once per change of the keys it shows, in its own style.

Two costs of Textual's footer, a fifth of a table screen's start-up CPU between them:

- It is composed again (every key removed and mounted anew) each time the screen says its
  bindings may have changed: a screen pushed, the focus moved, a frame answered. Most of those
  leave the keys shown as they were (six compositions at each table start, for two changes).
  This footer composes again only when the keys it would show differ from those it shows.
- Each key of Textual's footer is born compact (its own default) and then bound to the
  footer's ``compact`` (False here): it gains the ``-compact`` class as it mounts and loses it
  at once, restyling itself twice. Each key's ``compact`` is set to the footer's before it
  mounts (:func:`seasalt.client.tui.compat.born_with`), leaving nothing to undo.

Guarded by tests/client/tui/keys/test_footer_keys.py.
"""

from __future__ import annotations

from seasalt.client.tui.compat import born_with
from textual.app import ComposeResult
from textual.screen import Screen
from textual.widgets import Footer as TextualFooter

KeysShown = tuple[tuple[str, str, str, str, bool, str], ...]


class Footer(TextualFooter):
    def __init__(self) -> None:
        super().__init__()
        self.keys_shown: KeysShown | None = None
        """The keys of the last composition (None: none yet)."""

    def keys_of(self, screen: Screen[object]) -> KeysShown:
        """The keys this footer would show for the screen's bindings now, as it shows them."""
        get_key_display = self.app.get_key_display
        return tuple(
            (binding.key, get_key_display(binding), binding.description, binding.action,
             enabled, tooltip)
            for _, binding, enabled, tooltip in screen.active_bindings.values()
            if binding.show
        )

    def compose(self) -> ComposeResult:
        keys = self.keys_of(self.screen)
        shown = False
        for widget in super().compose():
            born_with(widget, self.compact)  # a key (Textual's FooterKey): styled once
            shown = True
            yield widget
        # Textual's footer sets its grid's columns to the number of keys (inline, over any
        # stylesheet); its own layout is a row and ignores them, but the phone's is a grid of
        # two columns (client/tui/phone.tcss).
        self.styles.inline.clear_rule("grid_size_columns")
        # Nothing put up: the footer's first composition, before the screen's bindings are
        # ready (Textual composes it then with no keys), or a screen without keys.
        self.keys_shown = keys if shown else None

    def bindings_changed(self, screen: Screen[object]) -> None:
        if (self.keys_shown is not None and self.is_attached and screen is self.screen
                and self.keys_of(screen) == self.keys_shown):
            return  # the same keys: nothing to put up again
        super().bindings_changed(screen)


__all__ = ["Footer"]
