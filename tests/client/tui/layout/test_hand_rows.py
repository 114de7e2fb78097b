"""The hand panel's wrapped rows go on under the first card, not under "Your hand (n):" (session
11, as the round result and the replay lay them), and the table still fits at 80 x 24: with a
big hand the rows go flush left again (``Form.COMPACT``) before the prompt or the piles give
rows up, and every choice stays on screen in every language."""

from __future__ import annotations

from typing import Any

import pytest
from seasalt.client.tui.widgets.hand import Form, HandPanel
from seasalt.client.words.i18n import _
from seasalt.client.words.scoring_terms import breakdown_parts, card_points_term, colour_bonus_term
from seasalt.engine import Phase, Rules, make_state, view
from seasalt.testing import tui as kit

LONG_NAMES = ("Marie-Christine", "Jean-Baptiste", "Anne-Sophie")
missing_choices = kit.missing_choices

pytestmark = pytest.mark.timeout(120)

HAND = (2, 11, 34, 35, 40, 41, 45, 46, 48, 50, 52, 53, 54, 51, 24, 29, 13, 19, 36, 42)
"""Twenty cards, the long names among them (Penguin Colony, Shoal of Fish, Captain)."""
LANGS = ["en", "fr", "pt", "es"]


def table_with(cards: int) -> Any:
    """Seat 0 in its play phase with ``cards`` in hand and three laid pairs."""
    mine = HAND[:cards]
    hands = (mine, (4, 5, 20), (14, 21, 43))
    tables = (((0, 1), (9, 10), (17, 18)), (), ())
    piles = ((22,), (23, 44))
    used = {c for h in hands for c in h} | {c for t in tables for g in t for c in g}
    used |= {c for pile in piles for c in pile}
    return make_state(Rules(3), hands=hands, tables=tables, piles=piles, active=0,
                      deck=[c for c in range(58) if c not in used], phase=Phase.PLAY)


def plain(text: str) -> str:
    """Text as the rows are compared: no-break spaces as spaces (French puts one before ":")."""
    return text.replace("\u00a0", " ").replace("\u202f", " ")


def hand_rows(app: Any, hand: HandPanel, cards: int) -> list[str]:
    """The hand's rows as drawn, from its label's row to the row before the points."""
    region = hand.content_region
    rows = plain(kit.screen_text(app)).splitlines()
    mine = [r[region.x:region.right].rstrip() for r in rows[region.y:region.bottom]]
    label = plain(_("Your hand ({n}): ").format(n=cards)).rstrip()
    start = next(i for i, r in enumerate(mine) if r.startswith(label))
    end = next(i for i, r in enumerate(mine) if i > start and not r.startswith(" "))
    return mine[start:end]


def first_card_column(row: str, label: str) -> int:
    return len(row) - len(row[len(label):].lstrip()) if row.startswith(label) else -1


def wrapped_rows_hang(app: Any, table: Any) -> None:
    """Eight cards: the hand's wrapped rows go on under its first card."""
    hand = table.query_one(HandPanel)
    assert hand.form in (Form.CHIPS, Form.COMPACT)  # (a hand that fits hung)
    rows = hand_rows(app, hand, 8)
    label = plain(_("Your hand ({n}): ").format(n=8)).rstrip()
    column = first_card_column(rows[0], label)
    assert len(rows) > 1 and column > len(label), rows
    for row in rows[1:]:
        assert len(row) - len(row.lstrip()) == column, rows
    assert missing_choices(app, table) == []


def full_hand_fits(app: Any, table: Any, state: Any) -> None:
    """Twenty cards: hung, they took two rows more than flush and a choice went off the
    screen (and at sixteen cards the piles); the flush form gives them back first."""
    assert missing_choices(app, table) == [], kit.screen_text(app)
    hand = table.query_one(HandPanel)
    assert hand.form is Form.FLUSH
    assert hand.shown is not None and hand.shown.plain.count("·") >= 20  # no card left out
    assert len(view(state, 0).hand) == 20


def points_line_wraps_between_terms(app: Any, table: Any, state: Any) -> None:
    """At 80 columns the French line ended "·  bonus" and the next row read "couleur 7"."""
    b = view(state, 0).breakdown
    assert b is not None
    hand = table.query_one(HandPanel)
    region = hand.content_region
    rows = plain(kit.screen_text(app)).splitlines()[region.y:region.bottom]
    first = next(i for i, r in enumerate(rows) if plain(card_points_term()) in r)
    lines = [r[region.x:region.right] for r in rows[first:]]
    assert len(lines) > 1, lines  # (the line wraps: what is checked)
    terms = [(card_points_term(), b.total), (colour_bonus_term(), b.color_bonus),
             *((t, v) for t, v in breakdown_parts(b) if v)]
    for term, value in terms:
        assert any(f"{plain(term)} {value}" in r for r in lines), (term, lines)


@pytest.mark.parametrize("lang", LANGS)
async def test_the_hand_rows_at_80x24(tui: Any, lang: str) -> None:
    # One app a language; each hand is the table's next frame (kit.show_next), the biggest
    # first: each smaller hand holds no card the one before lacked (none is marked new),
    # seat 0 plays in each, so each is drawn as a fresh app draws it.
    sizes = (20, 16, *((10,) if lang == "fr" else ()), 8)
    app = kit.table_app(table_with(sizes[0]), lang, LONG_NAMES[:3])
    async with app.run_test(size=(80, 24)):
        table = await tui.until_table(app)
        await tui.until(lambda: table.rendered is table.frame)
        for cards in sizes:
            state = table_with(cards)
            if cards != sizes[0]:
                await kit.show_next(table, state)
            await tui.settled(app)
            assert len(table.frame.view.hand) == cards
            if cards == 20:
                full_hand_fits(app, table, state)
            elif cards == 8:
                wrapped_rows_hang(app, table)
            else:  # 16 in every language, 10 in French
                points_line_wraps_between_terms(app, table, state)
