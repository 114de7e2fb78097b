"""The round result at 80 columns, in French (session 9 and session 10, played in tmux): a
hand or a table that wraps goes on under its first card, not under its label, and the hand's
and the table's cards start in one column; the score table keeps its total in view and no
part of the breakdown is cut ("multiplicateu…"): the numbers' headers go on two lines."""

from __future__ import annotations

import itertools
import re
from typing import Any

import pytest
from rich.console import Console
from seasalt.client.tui.screens.result import RoundResultScreen, score_table
from seasalt.client.words.game import Names
from seasalt.client.words.i18n import _, set_language
from seasalt.engine import Breakdown, RoundEnd, RoundResult, SeatResult
from seasalt.testing import positions
from seasalt.testing import tui as kit


async def test_wrapped_hands_hang_and_the_score_table_fits_80_columns(tui: Any) -> None:
    app = kit.result_app(positions.after_round(RoundEnd.LAST_CHANCE), "fr")
    async with app.run_test(size=(80, 40)):
        await tui.until(lambda: isinstance(app.screen, RoundResultScreen))
        await tui.settled(app)
        lines = [line.strip("│").rstrip() for line in tui.text(app).splitlines()]
        header = next(line for line in lines if "Joueur" in line)
        assert header.rstrip().endswith("total"), header
        words = " ".join(" ".join(lines).split())
        assert "+ multiplicateurs 5" in words and "…" not in words
        label = re.compile(r"^( +(main|posées)\s*:\s+)\S")
        starts: list[int] = []
        wrapped = 0
        for line, after in itertools.pairwise(lines):
            if (found := label.match(line)) is None:
                continue
            column = len(found.group(1))
            starts.append(column)
            # The next line is the row after it when it is neither a name nor a label.
            if after.startswith("   ") and not label.match(after):
                wrapped += 1
                assert len(after) - len(after.lstrip()) in (column, column + 1), (line, after)
        assert wrapped >= 2 and len(set(starts)) <= 2 and max(starts) - min(starts) <= 1, starts


def test_a_replays_seat_hangs_its_wrapped_rows_too() -> None:
    from seasalt.client.tui.screens.replay import seat_block
    from seasalt.client.words.game import Names

    state = kit.mid_round(4)
    lines = seat_block(state, 0, Names(list(kit.NAMES), 0), width=40).plain.split("\n")
    hand = next(i for i, line in enumerate(lines) if line.lstrip().startswith("hand:"))
    column = len(lines[hand]) - len(lines[hand].split(":", 1)[1].lstrip())
    rows = [line for line in lines[hand + 1:] if not line.lstrip().startswith("table:")]
    assert rows, lines  # (40 columns: the hand wraps)
    for row in rows:
        assert len(row) - len(row.lstrip()) in (column, column + 1), (row, lines)


@pytest.mark.parametrize("lang", ["en", "fr", "pt", "es"])
def test_a_stop_rounds_score_table_keeps_its_total_at_80_columns(lang: str) -> None:
    # The game over of a 2-player solo game in French at 80 x 24 (session 11): Rich gave the
    # total column one cell ("t") and dropped its figures, with no ellipsis to say so, so the
    # one-line headers were kept (RULES §6.1: STOP, the colour bonus in brackets).
    set_language(lang)
    try:
        you = Breakdown(0, 0, 0, 0, 0, 0, 2)
        bot = Breakdown(0, 0, 0, 1, 2, 5, 3)
        result = RoundResult(1, RoundEnd.STOP, 1, None, (
            SeatResult((), (), you, 0, 0), SeatResult((), (), bot, 8, 17)))
        width = 74  # what the result screen lays its body in at 80 columns
        console = Console(width=width, color_system=None, record=True)
        console.print(score_table(result, Names(["Ann", "Bot 2"], 0), width, console))
        rows = [row.rstrip() for row in console.export_text().splitlines()]
        header = next(i for i, row in enumerate(rows) if "━" in row) - 1
        assert rows[header].endswith(_("total")), rows
        assert rows[header + 2].endswith(" 0") and rows[header + 3].endswith(" 17"), rows
    finally:
        set_language("en")
