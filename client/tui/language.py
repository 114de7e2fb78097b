"""Switching an app's language while it runs: the start-menu select, the command palette's
"Language: …" commands, translated key hints, and re-rendering every open screen at once.

The language lives on the app (``app.translator``, see :mod:`seasalt.client.words.i18n`), so two
apps in one process each keep their own. Key hints: Textual reads a binding's description as
written in the class's ``BINDINGS`` (English msgids, evaluated at import); each screen gets its
own copy of its bindings, and :func:`translate_bindings` rewrites that copy in the app's
language whenever a screen comes up or the language changes.
"""

from __future__ import annotations

import asyncio
import dataclasses
import inspect
from functools import partial
from typing import TYPE_CHECKING, Any

from seasalt.client.tui.compat import (
    Palette,
    SteadySelect,
    own_bindings,
    set_own_bindings,
    written_bindings,
)
from seasalt.client.words.i18n import LANGUAGES, N_, _, pgettext, resolve, translator
from textual.binding import Binding, BindingsMap
from textual.command import CommandPalette, DiscoveryHit, Hit, Hits, Provider
from textual.dom import DOMNode
from textual.screen import Screen
from textual.widgets import Checkbox, Input, Select, TabbedContent

if TYPE_CHECKING:
    from textual.app import App


def _english_bindings(node: DOMNode) -> dict[tuple[str, str], Binding]:
    """(key, action) -> the binding as the class wrote it (English msgids, key names)."""
    merged = written_bindings(node)
    if merged is None:
        return {}
    return {
        (binding.key, binding.action): binding
        for bindings in merged.key_to_bindings.values()
        for binding in bindings
    }


def key_names() -> dict[str, str]:
    """The key names the footer shows, in the app's language: French keyboards and the help
    say Entrée, Échap, Début and Fin, where the footer said Enter and Esc."""
    return {"Enter": pgettext("key", "Enter"), "Esc": pgettext("key", "Esc"),
            "Home": pgettext("key", "Home"), "End": pgettext("key", "End")}


def translate_bindings(node: DOMNode) -> None:
    """Rewrite ``node``'s own bindings with descriptions in the running app's language."""
    english = _english_bindings(node)
    names = key_names()
    fresh: dict[str, list[Binding]] = {}
    for key, bindings in own_bindings(node).key_to_bindings.items():
        out = []
        for binding in bindings:
            written = english.get((binding.key, binding.action))
            if written is not None and written.description and binding.show:
                binding = dataclasses.replace(
                    binding, description=_(written.description),
                    key_display=names.get(written.key_display or "", written.key_display))
            out.append(binding)
        fresh[key] = out
    set_own_bindings(node, BindingsMap.from_keys(fresh))


def _screen_changed(app: App[Any], screen: Screen[Any]) -> None:
    translate_bindings(screen)
    screen.refresh_bindings()


def install(app: App[Any]) -> None:
    """Translate each screen's key hints as it comes up (call from the app's ``on_mount``)."""
    translate_bindings(app)
    app.screen_change_signal.subscribe(app, partial(_screen_changed, app), immediate=True)
    if app.screen_stack:
        _screen_changed(app, app.screen)


def switch(app: App[Any], lang: str) -> bool:
    """Put ``app`` in ``lang`` and re-render its screens; False when it already was."""
    code = resolve(lang)
    if getattr(app, "translator", None) is translator(code):
        return False
    app.translator = translator(code)  # type: ignore[attr-defined]
    app.call_later(rerender, app)
    return True


# --- re-rendering the open screens ------------------------------------------------------------


def _capture(screen: Screen[Any]) -> dict[str, Any]:
    """What the player typed or chose on ``screen``, by widget id (recompose loses it)."""
    state: dict[str, Any] = {}
    for widget in screen.query("Input, Select, Checkbox, TabbedContent"):
        if widget.id is None or isinstance(widget, LanguageSelect):
            continue  # the language select shows the new language by itself
        if isinstance(widget, TabbedContent):
            state[widget.id] = widget.active
        elif isinstance(widget, (Input, Select, Checkbox)):
            state[widget.id] = widget.value
    focused = screen.focused
    state["\0focus"] = focused.id if focused is not None else None
    return state


def _restore(screen: Screen[Any], state: dict[str, Any]) -> None:
    for widget in screen.query("Input, Select, Checkbox, TabbedContent"):
        if widget.id is None or widget.id not in state:
            continue
        value = state[widget.id]
        if isinstance(widget, TabbedContent):
            if value:
                widget.active = value
        elif isinstance(widget, (Input, Select, Checkbox)):
            widget.value = value
    focus = state.get("\0focus")
    if focus:
        for widget in screen.query(f"#{focus}"):
            if widget.focusable:
                widget.focus()
            break


async def _settled(screen: Screen[Any]) -> None:
    """Wait until widgets that compose on mount (TabbedContent's panes) are in place."""
    done: asyncio.Future[None] = asyncio.get_running_loop().create_future()

    def settle() -> None:
        if not done.done():
            done.set_result(None)

    screen.call_after_refresh(settle)
    await done


async def _remount(screen: Screen[Any]) -> None:
    """Fill the screen's new widgets (tables, frames): with its ``remount`` when it has one,
    else by running its own ``on_mount`` again. A screen whose ``on_mount`` also does what must
    happen once (start intervals, open a dialog) gives ``remount``: running that ``on_mount``
    again doubled the table's and the lobby's intervals at every switch, and asked a first-time
    player for their name again."""
    remount = getattr(screen, "remount", None)
    if callable(remount):
        result = remount()
        if inspect.isawaitable(result):
            await result
        return
    handler = getattr(type(screen), "on_mount", None)
    if handler is None or handler is getattr(Screen, "on_mount", None):
        return
    result = handler(screen)
    if inspect.isawaitable(result):
        await result


async def relabel(screen: Screen[Any]) -> None:
    """Re-render one screen in the app's current language, keeping what the player entered."""
    translate_bindings(screen)
    hook = getattr(screen, "relabel", None)
    if callable(hook):  # a screen that knows better re-renders itself
        result = hook()
        if inspect.isawaitable(result):
            await result
        screen.refresh_bindings()
        return
    from seasalt.client.tui.screens.connecting import ConnectingScreen
    from seasalt.client.tui.screens.table import TableScreen
    from seasalt.client.tui.widgets.log import ChatPanel

    if isinstance(screen, (CommandPalette, ConnectingScreen)) or type(screen) is Screen:
        # The palette closes by itself; "connecting" is a moment (its failure text would be
        # lost): both keep their words until the next screen.
        screen.refresh_bindings()
        return
    state = _capture(screen)
    chat: list[tuple[str, str]] = []
    if isinstance(screen, TableScreen):
        chat = [line for panel in screen.query(ChatPanel) for line in panel.lines]
        screen.previous_rendered = None
    await screen.recompose()
    await _settled(screen)
    await _remount(screen)
    _restore(screen, state)
    if chat:
        # Replaced, not added: the new panel may have taken the app's lines already as it
        # mounted (each line then showed twice after a switch).
        for panel in screen.query(ChatPanel):
            panel.replace(chat)
    screen.call_after_refresh(screen.refresh_bindings)  # the new footer listens by then


async def rerender(app: App[Any]) -> None:
    """Every open screen, bottom to top, in the app's current language."""
    translate_bindings(app)
    for screen in list(app.screen_stack):
        if not screen.is_attached:
            continue
        try:
            await relabel(screen)
        except Exception as error:  # a screen torn down meanwhile: keep playing, say so in the log
            app.log.error(f"language switch: {screen!r} not re-rendered: {error!r}")


# --- the controls -------------------------------------------------------------------------------


def current_language(app: App[Any]) -> str:
    found = getattr(app, "translator", None)
    return getattr(found, "lang", "en")


class LanguageSelect(SteadySelect[str]):
    """The start menu's language switch: each language named in itself."""

    def __init__(self, lang: str, **kwargs: Any) -> None:
        super().__init__(
            [(name, code) for code, name in LANGUAGES.items()], value=lang, allow_blank=False,
            **kwargs,
        )
        self.styles.width = 20
        self.tooltip = _("Language")

    def on_select_changed(self, event: Select.Changed) -> None:
        if event.select is self and isinstance(event.value, str):
            event.stop()
            switch(self.app, event.value)


class LanguageCommands(Provider):
    """Command palette: "Language: Português" and so on (also found by the English word)."""

    def _commands(self) -> list[tuple[str, str, str]]:
        return [
            (_("Language: {name}").format(name=name), f"Language: {name}", code)
            for code, name in LANGUAGES.items()
        ]

    async def discover(self) -> Hits:
        current = current_language(self.app)
        for text, _english, code in self._commands():
            if code != current:
                yield DiscoveryHit(text, partial(switch, self.app, code), help=_("Switch the "
                                   "language of this window"))

    async def search(self, query: str) -> Hits:
        matcher = self.matcher(query)
        for text, english, code in self._commands():
            score = max(matcher.match(text), matcher.match(english))
            if score > 0:
                yield Hit(score, matcher.highlight(text), partial(switch, self.app, code),
                          text=text, help=_("Switch the language of this window"))


TEXTUAL_MSGIDS = (N_("Exit the command palette"), N_("No matches found"))
"""Textual's own words that players see in the palette (its footer hint and its empty list),
translated here (the second in :class:`seasalt.client.tui.compat.Palette`): Textual itself has
no translations."""


def open_palette(app: App[Any]) -> None:
    """The command palette, with its prompt and its words in the app's language."""
    if not CommandPalette.is_open(app):
        app.push_screen(Palette(placeholder=_("Search for commands…"), id="--command-palette"))
