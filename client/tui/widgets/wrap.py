"""Word wrap that never breaks inside a card's name, nor before French punctuation.

Textual and Rich wrap at any whitespace, a no-break space included, until
:func:`seasalt.client.tui.compat.keep_no_break_spaces` makes both glue at U+00A0 and U+202F
(done as the app's package is imported); :func:`unbroken` ties a chip's words with no-break
spaces;
:func:`wrap_words` breaks lines only at plain spaces and hands Textual lines that already fit;
:func:`hang` wraps a line's words under themselves, not under its lead.
"""

from __future__ import annotations

import functools
import re

from rich.cells import cell_len
from rich.console import Console
from rich.text import Text
from seasalt.client.words.game import color_name, kind_name
from seasalt.client.words.i18n import _, current
from seasalt.engine import Color, Kind

NBSP = "\u00a0"
_WORD = re.compile(r"[^ ]+")


def tied(words: str) -> str:
    """``words`` with their spaces made no-break spaces: a wrapped line never splits them."""
    return words.replace(" ", NBSP)


def unbroken(text: Text) -> Text:
    """``text`` with its spaces made no-break spaces (same length: its styles stay put)."""
    out = text.copy()
    out.plain = tied(text.plain)
    return out


@functools.lru_cache(maxsize=8)
def _card_words(_language: object) -> re.Pattern[str]:
    """Every card's name as the log words it, ``Crab (dark blue)``, and each discard pile's,
    ``pile 2`` (a line ended "on pile" and the next began "2."), in this language."""
    kinds = sorted((kind_name(k) for k in Kind), key=len, reverse=True)
    colors = sorted((color_name(c) for c in Color), key=len, reverse=True)
    sample = _("{kind} ({color})")
    pattern = re.escape(sample).replace(re.escape("{kind}"), "(?:{kinds})").replace(
        re.escape("{color}"), "(?:{colors})")
    cards = pattern.format(kinds="|".join(map(re.escape, kinds)),
                           colors="|".join(map(re.escape, colors)))
    piles = re.escape(_("pile {n}")).replace(re.escape("{n}"), "[0-9]+")
    return re.compile(f"{cards}|{piles}")


def tie_card_names(line: str) -> str:
    """A worded line (the log's) with each card's and pile's name tied by no-break spaces."""
    return _card_words(current()).sub(lambda m: tied(m[0]), line)


def wrap_words(text: Text, width: int) -> Text:
    """``text`` laid in lines of at most ``width`` cells, broken only at plain spaces (a word
    wider than a line keeps a line of its own, and Textual folds it)."""
    if width <= 0:
        return text
    lines: list[Text] = []
    for line in text.split("\n", allow_blank=True):
        plain = line.plain
        if cell_len(plain) <= width:
            lines.append(line)
            continue
        start = end = 0
        for word in _WORD.finditer(plain):
            if end > start and cell_len(plain[start:word.end()]) > width:
                lines.append(line[start:end])
                start = word.start()
            end = word.end()
        lines.append(line[start:end] if end > start else line[start:])
    return Text("\n").join(lines)


HANG_MIN = 20
"""Cells the words of a line keep beside its lead, at least (else they wrap under it)."""


def hang(console: Console, lead: Text, body: Text, width: int) -> Text:
    """``lead + body`` wrapped to ``width`` cells, the body's words going on under themselves,
    not under the lead (a hanging indent: the coach's "Coach:", the log's "· "): lines that
    already fit, which Textual leaves alone. Too narrow for it, the two are handed over
    unwrapped, and Textual wraps them flush left."""
    indent = lead.cell_len
    if width - indent < HANG_MIN:
        return lead + body
    out = lead.copy()
    for index, line in enumerate(body.wrap(console, width - indent)):
        line.rstrip()  # (in place: the space a line was broken at)
        if index:
            out.append("\n" + " " * indent)
        out.append_text(line)
    return out
