"""French lines never start with the ``: ; ! ?`` its typography spaces off (session 9, played in
French: Textual and Rich broke the line at the space before them, a no-break space included).

The French translations get no-break spaces there as the catalogue is read (client/words/i18n.py),
and both wrappers keep a no-break space inside its word (client/tui/widgets/wrap.py)."""

from __future__ import annotations

import re
from typing import Any

import pytest
import rich._wrap
import textual._wrap
from rich.console import Console
from rich.text import Text
from seasalt.client.tui import compat
from seasalt.client.words import i18n
from seasalt.client.words.i18n_tools import iter_entries
from textual.content import Content

pytestmark = pytest.mark.timeout(60)

SPACED = re.compile(r"\s[:;!?»]|«\s")
"""A space of French typography: before ``: ; ! ? »``, after ``«``."""
STARTS_BADLY = ":;!?»"


def french_texts() -> list[str]:
    """Every French sentence of the client (each plural form) with a spaced punctuation mark."""
    t = i18n.translator("fr")
    texts: set[str] = set()
    for context, msgid, _path, _line in iter_entries():
        if isinstance(msgid, tuple):
            texts.update(t.ngettext(msgid[0], msgid[1], n) for n in (0, 1, 2))
        elif context:
            texts.add(t.pgettext(context, msgid))
        else:
            texts.add(t.gettext(msgid))
    return sorted(x for x in texts if SPACED.search(x))


def test_french_spaces_its_punctuation_with_no_break_spaces() -> None:
    texts = french_texts()
    assert len(texts) > 150  # the catalogue is read and spaced
    plain = [x for x in texts if re.search(r" [:;!?»]|« ", x)]
    assert plain == []
    assert i18n.french_spaces("Quitter ? Oui : « Coach » ; non !") == (
        "Quitter\u00a0? Oui\u00a0: «\u00a0Coach\u00a0»\u00a0; non\u00a0!")
    assert i18n.french_spaces("? aide · 1-9") == "? aide · 1-9"  # a key, at the start
    # English and the others keep their text as written.
    assert "\u00a0" not in i18n.translator("en")("Quit? Your solo game is kept: start "
                                                  "seasalt-client again to resume it from the "
                                                  "start menu.")


def test_no_wrapped_french_line_starts_with_its_punctuation() -> None:
    """Textual's wrap (Static, Content) and Rich's (tables) at every third width of 30-99."""
    compat.keep_no_break_spaces()
    assert textual._wrap.re_chunk.pattern != r"\S+\s*|\s+"  # the libraries' names are still
    assert rich._wrap.re_word.pattern != r"\s*\S+\s*"  # theirs (a rename would undo the fix)
    console = Console(width=200)
    bad: list[tuple[str, int, str]] = []
    for text in french_texts():
        for width in range(30, min(len(text), 100), 3):
            lines = [c.plain for c in Content(text).wrap(width)]
            lines += [t.plain for t in Text(text).wrap(console, width)]
            bad += [(text, width, line) for line in lines if line[:1] and line[0] in STARTS_BADLY]
    assert bad == []
    # A plain space still breaks, and a no-break space glues: both wrappers.
    assert [c.plain for c in Content("aaa bbb\u00a0: ccc").wrap(8)] == ["aaa", "bbb\u00a0:", "ccc"]
    assert [t.plain.strip() for t in Text("aaa bbb\u00a0: ccc").wrap(console, 8)] == [
        "aaa", "bbb\u00a0:", "ccc"]


async def test_the_french_help_at_80_columns(kit: Any) -> None:
    """The help's card table wrapped "… ; la sirène suivante" with its ";" first (Rich's wrap),
    and every other French line of the help stays clear of it (Textual's)."""
    app = kit.table_app(kit.mid_round(4), "fr")
    async with app.run_test(size=(80, 200)) as pilot:
        await kit.until(kit.table_ready(app))
        await kit.keys(app, "question_mark")
        await kit.until(lambda: type(app.screen).__name__ == "HelpScreen")
        await pilot.pause()
        await kit.settled(app)
        lines = kit.screen_text(app).splitlines()
        assert any("│ Sirène" in line for line in lines)  # the card table's mermaid row
        cells = [cell.strip() for line in lines for cell in re.split(r"[│┃]", line)]
        assert [c for c in cells if c[:1] and c[0] in ":;!»"] == []
