"""Writes ``clock.ttf``: one glyph, the stopwatch "⏱" (U+23F1), for the ``--web`` page.

The turn clock shows "⏱", which Roboto Mono (the page's font, textual-serve's) lacks, and a
browser on a machine without an emoji font draws a box instead. The page declares this file as
a second face of "Roboto Mono" for U+23F1 alone, so the terminal draws it in its own cell.
Run once with fontTools (``pip install fonttools``; not a dependency of seasalt): the file is
committed as ``server/web/fonts/clock.ttf`` (no Python file may live under ``server/web/``:
mypy would take the folder for the module ``seasalt.server.web``).
"""

from __future__ import annotations

import math
from pathlib import Path

from fontTools.fontBuilder import FontBuilder  # type: ignore[import-not-found,unused-ignore]
from fontTools.pens.ttGlyphPen import TTGlyphPen  # type: ignore[import-not-found,unused-ignore]

EM = 2048
ADVANCE = 1229
"""Roboto Mono's: the glyph fills one terminal cell."""


def _circle(pen: object, cx: float, cy: float, r: float, clockwise: bool) -> None:
    """A circle of 16 quadratic segments (clockwise: filled; counter-clockwise: a hole)."""
    steps = 16
    sign = -1 if clockwise else 1
    points = []
    for i in range(steps):
        a = sign * 2 * math.pi * i / steps
        b = sign * 2 * math.pi * (i + 0.5) / steps
        k = r / math.cos(math.pi / steps)  # the off-curve point between two on-curve ones
        points.append(((cx + r * math.cos(a), cy + r * math.sin(a)),
                       (cx + k * math.cos(b), cy + k * math.sin(b))))
    pen.moveTo(_round(points[0][0]))  # type: ignore[attr-defined]
    for i, (_, off) in enumerate(points):
        on = points[(i + 1) % steps][0]
        pen.qCurveTo(_round(off), _round(on))  # type: ignore[attr-defined]
    pen.closePath()  # type: ignore[attr-defined]


def _rect(pen: object, x0: float, y0: float, x1: float, y1: float) -> None:
    pen.moveTo(_round((x0, y0)))  # type: ignore[attr-defined]
    for point in ((x0, y1), (x1, y1), (x1, y0)):  # clockwise: filled
        pen.lineTo(_round(point))  # type: ignore[attr-defined]
    pen.closePath()  # type: ignore[attr-defined]


def _round(point: tuple[float, float]) -> tuple[int, int]:
    return round(point[0]), round(point[1])


def build(path: Path) -> None:
    cx, cy = ADVANCE / 2, 640
    pen = TTGlyphPen(None)
    _circle(pen, cx, cy, 540, clockwise=True)  # the face's ring...
    _circle(pen, cx, cy, 430, clockwise=False)  # ...its inside
    _rect(pen, cx - 45, cy - 20, cx + 45, cy + 330)  # the hand, to 12
    _rect(pen, cx - 20, cy - 45, cx + 260, cy + 45)  # and to 3
    _rect(pen, cx - 110, cy + 560, cx + 110, cy + 680)  # the crown
    _rect(pen, cx - 40, cy + 480, cx + 40, cy + 600)
    clock = pen.glyph()
    empty = TTGlyphPen(None).glyph()
    builder = FontBuilder(EM, isTTF=True)
    builder.setupGlyphOrder([".notdef", "stopwatch"])
    builder.setupCharacterMap({0x23F1: "stopwatch"})
    builder.setupGlyf({".notdef": empty, "stopwatch": clock})
    builder.setupHorizontalMetrics({".notdef": (ADVANCE, 0), "stopwatch": (ADVANCE, 70)})
    builder.setupHorizontalHeader(ascent=2146, descent=-555)
    builder.setupNameTable({"familyName": "Seasalt Clock", "styleName": "Regular"})
    builder.setupOS2(sTypoAscender=2146, sTypoDescender=-555, usWinAscent=2146, usWinDescent=555)
    builder.setupPost()
    builder.save(str(path))


if __name__ == "__main__":
    build(Path(__file__).parent.parent / "server" / "web" / "fonts" / "clock.ttf")
