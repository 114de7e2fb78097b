"""The help's key lines wrap between keys, never inside one key's words (session 11 at 80
columns: "n or" / "p one round", "· h" / "history")."""

from __future__ import annotations

import pytest
from seasalt.client.tui import compat
from seasalt.client.tui.screens.help import _keys
from seasalt.client.tui.widgets import wrap
from seasalt.client.words import i18n
from textual.content import Content

pytestmark = pytest.mark.timeout(60)


@pytest.mark.parametrize("lang", ("en", "pt", "es", "fr"))
def test_no_help_key_line_ends_on_a_key_or_its_or(lang: str) -> None:
    compat.keep_no_break_spaces()
    i18n.set_language(lang)
    try:
        text = _keys().plain
        either = i18n._("or")
        bad: list[tuple[int, str]] = []
        for width in range(30, 100):
            for line in (c.plain.rstrip() for c in Content(text).wrap(width)):
                last = line.split(" ")[-1]
                # A key tied to "or" and no further ("n or" / "p one round"), or a key alone
                # after the separator ("· h" / "history").
                if last.split(wrap.NBSP)[-1] == either and wrap.NBSP in last:
                    bad.append((width, line))
                if line.endswith(" · " + last) and wrap.NBSP not in last:
                    bad.append((width, line))
        assert bad == []
        # The pairs of keys stay pairs (Spanish names the page keys RePág AvPág).
        pages = {"es": "RePág AvPág"}.get(lang, "PgUp PgDn")
        assert pages.replace(" ", wrap.NBSP) in text
    finally:
        i18n.set_language("en")
