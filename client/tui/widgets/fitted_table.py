"""Fill a ``DataTable`` with columns as wide as their widest cell, measured before any render.

Textual's ``DataTable`` sizes an auto-width column on its next idle, after rows are added, and
caches each rendered cell without its width: a screen drawn between ``add_row`` and that idle
(a busy machine, a redraw due at that moment) keeps the cell cut to the old width until the
table changes again. The lobby showed "waiting for playe" and "60 s pe" so, and a refresh of
the same list never mended it. Here every column gets its width when it is added, so no draw
can come too early. (Rows of automatic height, as in the history and statistics screens, are
measured before they are first drawn: those tables do not need it.)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from rich.console import RenderableType
from rich.measure import Measurement
from rich.text import Text
from textual.widgets import DataTable


@dataclass(frozen=True)
class Row:
    """One row: its cells (str is read as markup, as ``DataTable`` does), key and height
    (None: as tall as its tallest cell)."""

    cells: Sequence[str | Text]
    key: str | None = None
    height: int | None = 1


def _width(table: DataTable[Any], cell: str | Text) -> int:
    renderable: RenderableType = Text.from_markup(cell) if isinstance(cell, str) else cell
    console = table.app.console
    return Measurement.get(console, console.options, renderable).maximum


def fill_table(table: DataTable[Any], labels: Sequence[str], rows: Sequence[Row]) -> None:
    """Replace ``table``'s columns and rows; each column is as wide as its label or widest cell.
    The cursor goes back to the first row (as ``DataTable.clear`` does)."""
    widths = [
        max([_width(table, label), *(_width(table, row.cells[i]) for row in rows)])
        for i, label in enumerate(labels)
    ]
    table.clear(columns=True)
    for label, width in zip(labels, widths, strict=True):
        table.add_column(label, width=width)
    for row in rows:
        table.add_row(*row.cells, key=row.key, height=row.height)
