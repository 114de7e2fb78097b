"""Canaries for client/tui/compat.py: one per use of Textual's or Rich's private code.

Each fails when a Textual or Rich upgrade changes the private thing we lean on (renamed, gone,
or no longer what we override or copy). When one fails, read the new library code, adapt
compat.py, and update the canary (a digest is of the library's source we copied or override).
"""

from __future__ import annotations

import hashlib
import importlib.util
import inspect
import re
from contextvars import ContextVar
from typing import Any, ClassVar

import pytest
import rich._wrap
import textual._context
import textual._wrap
from seasalt.client.tui import compat
from seasalt.client.words import i18n
from textual.app import App, ComposeResult
from textual.binding import Binding, BindingsMap, BindingType
from textual.command import CommandPalette
from textual.reactive import Reactive
from textual.widgets import Checkbox, Footer, Select, Static

pytestmark = pytest.mark.timeout(60)


def _digest(function: Any) -> str:
    return hashlib.sha256(inspect.getsource(function).encode()).hexdigest()[:16]


def _fresh(module: Any) -> Any:
    """A fresh copy of ``module`` as its file defines it (before our patch)."""
    name = f"{module.__package__}._fresh_copy"  # its relative imports still resolve
    spec = importlib.util.spec_from_file_location(name, module.__file__)
    assert spec is not None and spec.loader is not None
    fresh = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(fresh)
    return fresh


def _reads_global(module: Any, name: str) -> bool:
    """Some function of ``module`` reads ``name`` from the module's globals at call time."""
    return any(
        name in function.__code__.co_names
        for function in vars(module).values()
        if inspect.isfunction(function) and function.__module__ == module.__name__
    )


def test_the_wrap_patterns_we_replace_are_still_the_libraries() -> None:
    assert _fresh(textual._wrap).re_chunk.pattern == compat.TEXTUAL_CHUNK
    assert _fresh(rich._wrap).re_word.pattern == compat.RICH_WORD
    # ...and both libraries still read them from the module at each wrap.
    assert _reads_global(textual._wrap, "re_chunk")
    assert _reads_global(rich._wrap, "re_word")
    compat.keep_no_break_spaces()
    assert textual._wrap.re_chunk.match("a\u00a0b c")[0] == "a\u00a0b "  # type: ignore[index]
    assert rich._wrap.re_word.match("a\u00a0b c")[0] == "a\u00a0b "  # type: ignore[index]


async def test_the_active_app_variable_names_the_running_app() -> None:
    assert isinstance(textual._context.active_app, ContextVar)
    assert compat.running_app() is None
    app: App[None] = App()
    async with app.run_test():
        assert compat.running_app() is app
    assert i18n.find_running_app is compat.running_app  # installed with the app's package


class _Keys(Static):
    can_focus = True
    BINDINGS: ClassVar[list[BindingType]] = [Binding("x", "noop", "Written")]

    def action_noop(self) -> None:
        pass


class _KeysApp(App[None]):
    def compose(self) -> ComposeResult:
        yield _Keys("keys", id="keys")
        yield Footer()

    def on_mount(self) -> None:
        self.query_one(_Keys).focus()


async def test_a_nodes_own_bindings_are_what_its_keys_show() -> None:
    app = _KeysApp()
    async with app.run_test() as pilot:
        node = app.query_one(_Keys)
        written = compat.written_bindings(node)
        assert isinstance(written, BindingsMap)
        assert [b.description for b in written.key_to_bindings["x"]] == ["Written"]
        own = compat.own_bindings(node)
        assert isinstance(own, BindingsMap) and own is not written  # a copy per node
        compat.set_own_bindings(node, BindingsMap([Binding("x", "noop", "Rewritten")]))
        app.screen.refresh_bindings()
        await pilot.pause()
        shown = [active.binding.description for active in app.screen.active_bindings.values()
                 if active.binding.key == "x"]
        assert shown == ["Rewritten"]
        # Textual's footer keys (a private class): each with a ``compact`` reactive.
        keys = list(app.query("FooterKey"))
        assert keys
        assert all(isinstance(getattr(type(key), "compact", None), Reactive) for key in keys)


def test_the_palette_method_we_copy_is_unchanged() -> None:
    assert _digest(CommandPalette._start_no_matches_countdown) == "0bc07d1794718e89"
    source = inspect.getsource(compat.Palette._start_no_matches_countdown)
    for name in ("_stop_no_matches_countdown", "_NO_MATCHES", "_list_visible",
                 "_no_matches_timer", "_NO_MATCHES_COUNTDOWN"):
        assert hasattr(CommandPalette, name) or f"self.{name}" in inspect.getsource(
            CommandPalette), name
        assert name in source


def test_the_select_mount_we_guard_is_unchanged() -> None:
    assert _digest(Select._on_mount) == "52427dc51b56963c"
    # The part it sets its value into, which our guard looks for before letting it run.
    assert re.search(r"#label", inspect.getsource(inspect.getmodule(Select))) is not None


def test_the_checkbox_mark_is_still_drawn_by_its_button() -> None:
    button = inspect.getattr_static(Checkbox, "_button")
    assert isinstance(button, property)
    assert _digest(button.fget) == "0b54c2e58056c891"
    assert "_button" in Checkbox.render.__code__.co_names
