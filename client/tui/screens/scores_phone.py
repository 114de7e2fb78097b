"""The score sheet on a phone: the table without its "How it ended" column (at 40 columns it
got no cell and was lost, and the "total" and "place" labels with it), how each round ended
in lines of their own under it."""

from __future__ import annotations

from rich.console import Group
from rich.text import Text
from seasalt.client.words.game import Names
from seasalt.protocol import ScoreSheet


def phone_sheet(sheet: ScoreSheet, names: Names) -> Group:
    from seasalt.client.tui.screens.scores import round_end_text, sheet_notes, sheet_table

    ends = Text("\n").join(Text(f"{r.round}. ") + Text(round_end_text(r, names))
                           for r in sheet.rounds)
    return Group(sheet_table(sheet, names, how=False), ends, Text(), sheet_notes(sheet, names))


__all__ = ["phone_sheet"]
