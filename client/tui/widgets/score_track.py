"""The race to the target, one bar a seat: shown in the middle of a big terminal (the room is
there, and a table's scores are what players glance at most). Totals and the target come
from the view; nothing is scored here."""

from __future__ import annotations

from rich.text import Text
from seasalt.client.tui.widgets.cards import Memo, update_text
from seasalt.client.words.game import Names
from seasalt.client.words.i18n import _
from seasalt.engine import PlayerView
from textual.widgets import Static

BAR = 40
"""Cells of a full bar (the target)."""


def track_text(v: PlayerView, names: Names) -> Text:
    """``You   ████████░░░░░░░░  12 / 30`` for every seat, the leader's total in bold."""
    target = max(1, v.rules.target_score)
    width = max(len(names(seat)) for seat in range(len(v.seats)))
    best = max(s.score for s in v.seats)
    text = Text()
    text.append(_("Race to {n} points").format(n=target), style="bold underline")
    for seat, s in enumerate(v.seats):
        filled = min(BAR, round(BAR * s.score / target))
        text.append("\n")
        text.append(Text(names(seat).ljust(width), style="bold" if seat == v.seat else ""))
        text.append("  ")
        text.append("█" * filled)
        text.append("░" * (BAR - filled), style="dim")
        text.append(f"  {s.score} / {target}", style="bold" if s.score == best else "")
    return text


class ScoreTrack(Static):
    """Hidden unless the table has room (``.-roomy`` in app.tcss: "the big-terminal
    layout")."""

    memo: Memo | None = None
    shown: Text | None = None

    def show(self, v: PlayerView, names: Names) -> None:
        if self.memo is None:
            self.memo = Memo()
        key = (tuple(s.score for s in v.seats), v.rules.target_score,
               tuple(names(seat) for seat in range(len(v.seats))))
        if self.memo.changed(key):
            self.shown = update_text(self, self.shown, track_text(v, names))
