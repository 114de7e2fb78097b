"""The "Recent events" panel (the side column from 100 columns on): a wrapped event line goes on
under its words, not flush left under its "·" or "✱" (session 11, as the coach panel's lines
do), never inside a card's or a pile's name ("Sailor" ending a row, "(pink)" starting the
next), and it is wrapped again at a new width."""

from __future__ import annotations

import re
from typing import Any

import pytest
from seasalt.client.tui.widgets.log import LogPanel
from seasalt.client.words.game import card_name, pile_name
from seasalt.client.words.i18n import _
from seasalt.testing import tui as kit

LONG_NAMES = ("Marie-Christine", "Jean-Baptiste", "Anne-Sophie")
MARKS = ("· ", "✱ ")


def entries(app: Any, log: LogPanel) -> list[list[str]]:
    """The panel's event lines as drawn, each as its rows (the title row left out)."""
    region = log.content_region
    rows = kit.screen_text(app).replace("\u00a0", " ").splitlines()
    mine = [r[region.x:region.right].rstrip() for r in rows[region.y:region.bottom]]
    out: list[list[str]] = []
    for row in mine[1:]:
        if row.startswith(MARKS):
            out.append([row])
        elif row.strip():
            assert out, mine  # (a row before any mark: a line cut at the top)
            out[-1].append(row)
    return out


def names_in(line: str) -> list[str]:
    """The card and pile names the line says (each must stay on one row)."""
    cards = [card_name(c) for c in range(66)]
    piles = [pile_name(p) for p in (0, 1)]
    return [n for n in cards + piles if re.search(rf"{re.escape(n)}(?![0-9])", line)]


def check_hung(app: Any, log: LogPanel) -> int:
    """Every wrapped line hangs under its first word and keeps its names whole; the rows of
    the longest line (a wrap was checked)."""
    lines = log.last[0][-len(entries(app, log)):]
    drawn = entries(app, log)
    assert len(drawn) == len(lines) > 0
    for line, rows in zip(lines, drawn, strict=True):
        assert " ".join(" ".join(rows)[2:].split()) == " ".join(line.split()), rows
        for row in rows[1:]:  # RULES has nothing here: the panel's look (session 11)
            assert row.startswith("  ") and row[2] != " ", rows
        for name in names_in(line):
            assert any(name in row for row in rows), (name, rows)
        assert all(len(row) <= log.content_region.width for row in rows)
    return max(len(rows) for rows in drawn)


@pytest.mark.parametrize("lang", ["en", "fr"])
async def test_a_wrapped_event_line_hangs_under_its_words_and_is_refitted_on_resize(
        tui: Any, lang: str) -> None:
    app = kit.table_app(kit.mid_round(3), lang, LONG_NAMES)
    async with app.run_test(size=(120, 40)) as pilot:
        table = await tui.until_table(app)
        await tui.until(lambda: table.rendered is table.frame)
        log = table.query_one(LogPanel)
        assert log.content_region.width < 40 and log.last[0]
        await tui.until(lambda: _("Recent events") in tui.text(app))
        assert check_hung(app, log) > 1  # (the long names wrap at this width)
        width = log.content_region.width
        # Narrower (the collapsed layout, its side panel opened: 40% of 90 columns), wrapped
        # again; then back.
        await pilot.resize_terminal(90, 30)
        await tui.until(lambda: table.collapsed)
        await tui.key(app, "l")
        await tui.until(lambda: 0 < log.content_region.width < width)
        await tui.settled(app)
        assert check_hung(app, log) > 1
        await pilot.resize_terminal(120, 40)
        await tui.until(lambda: log.content_region.width == width)
        await tui.settled(app)
        check_hung(app, log)
