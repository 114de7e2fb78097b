"""Player names that cannot pass for another player's (so nobody can pose as someone else).

A name is refused at a table when it differs from a seated player's name but looks the same:
only by case, or by look-alike letters (a small skeleton in the spirit of Unicode TR39:
NFKC, case folding, common Cyrillic and Greek look-alikes mapped to Latin). A name carrying
invisible characters (zero-width, bidi controls, other format characters) is refused outright
rather than cleaned, since cleaning would turn "A\u200bnn" into a perfect "Ann".

No dependency: the PyPI packages for this (``confusables``, ``confusable-homoglyphs``) either
are unmaintained or give no skeleton to compare; the table below covers the letters that
matter for names typed on a LAN.
"""

from __future__ import annotations

import unicodedata

_LOOK_ALIKES = str.maketrans(
    {
        # Cyrillic (written as escapes: the source itself must not be ambiguous)
        "\u0430": "a", "\u0432": "b", "\u0435": "e", "\u0451": "e", "\u04bb": "h",
        "\u0456": "i", "\u0457": "i", "\u0458": "j", "\u043a": "k", "\u043c": "m",
        "\u043d": "h", "\u043e": "o", "\u0440": "p", "\u0441": "c", "\u0442": "t",
        "\u0443": "y", "\u0445": "x", "\u0455": "s", "\u0501": "d", "\u051b": "q",
        "\u051d": "w", "\u04af": "y", "\u04cf": "l",
        # Greek (written as escapes: the source itself must not be ambiguous)
        "\u03b1": "a", "\u03b2": "b", "\u03b5": "e", "\u03b7": "n", "\u03b9": "i",
        "\u03ba": "k", "\u03bd": "v", "\u03bf": "o", "\u03c1": "p", "\u03c4": "t",
        "\u03c5": "u", "\u03c7": "x", "\u03c9": "w", "\u03b6": "z", "\u03bc": "u",
        # Latin look-alikes (written as escapes: the source itself must not be ambiguous)
        "\u0261": "g", "\u0131": "i", "0": "o", "1": "l", "|": "l",
    }
)
_INVISIBLE_EXTRA = frozenset("\u115f\u1160\u3164\uffa0\u2800")
"""Fillers that are not format characters but print as nothing (Hangul fillers, braille blank)."""


def invisible_characters(text: str) -> list[str]:
    """The invisible characters in ``text`` (format, e.g. zero-width and bidi controls)."""
    return [ch for ch in text if unicodedata.category(ch) == "Cf" or ch in _INVISIBLE_EXTRA]


def folded(name: str) -> str:
    """The name without case (NFKC, case folding): "ANN" and "ann" are one name."""
    return unicodedata.normalize("NFKC", name).casefold()


def skeleton(name: str) -> str:
    """What a name looks like: equal skeletons are names a reader cannot tell apart."""
    # A capital I is the shape of a small l ("AIice"): mapped before case folding loses it.
    folded = unicodedata.normalize("NFKC", name).replace("I", "l").casefold()
    stripped = "".join(
        ch for ch in unicodedata.normalize("NFD", folded) if unicodedata.category(ch) != "Mn"
    )  # accents too: "Änn" and "Ann" are close enough to fool a glance at a seat list
    return " ".join(stripped.translate(_LOOK_ALIKES).split())


def look_alike(name: str, others: list[str]) -> str | None:
    """The name in ``others`` that ``name`` passes for without being it, if any."""
    mine, mine_folded = skeleton(name), folded(name)
    for other in others:
        if other != name and (folded(other) == mine_folded or skeleton(other) == mine):
            return other
    return None
