"""The lobby's list of tables on a phone: one column, each table's cells on lines of their own.

At 40 columns the four columns (table, status, seats, options) showed the table and its status,
and the seats were cut at "Ann, Bob, C"; options were off the screen.
"""

from __future__ import annotations

from collections.abc import Sequence

from rich.text import Text
from seasalt.client.tui.widgets.fitted_table import Row


def stacked(labels: Sequence[str], rows: Sequence[Row]) -> tuple[tuple[str, ...], list[Row]]:
    """One column headed by the first label; each row's cells one under the other (the first
    in bold: the table's name), the row as tall as they are."""
    out = []
    for row in rows:
        cells = [Text(c) if isinstance(c, str) else c.copy() for c in row.cells]
        if cells:
            cells[0].stylize("bold")
        out.append(Row((Text("\n").join(cells),), key=row.key, height=None))
    return (labels[0],), out


__all__ = ["stacked"]
