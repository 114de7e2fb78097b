"""The prompt never breaks a line inside a card's name (issue 15), at 80, 100, 120 and 200
columns, in English and French: positions whose prompt names many long-named cards (a crab
pile, the lobster's five, a drawn pair)."""

from __future__ import annotations

from typing import Any

import pytest
from rich.text import Text
from seasalt.client.tui.widgets.cards import chip
from seasalt.client.tui.widgets.wrap import unbroken, wrap_words
from seasalt.engine import ALL_CARDS, Kind, Phase, Rules, make_state
from seasalt.testing import tui as kit

pytestmark = pytest.mark.timeout(60)

LONG = (Kind.SHOAL_OF_FISH, Kind.PENGUIN_COLONY, Kind.CAST_OF_CRABS, Kind.LIGHTHOUSE,
        Kind.CAPTAIN, Kind.STARFISH, Kind.SEAHORSE)
LONG_IDS = [c.id for c in ALL_CARDS if c.kind in LONG]


def position(phase: Phase) -> Any:
    """Seat 0 of 3 (Extra Salt) facing ``phase`` with long-named cards to choose from."""
    pending = tuple(LONG_IDS[:5]) if phase is Phase.LOBSTER else (
        tuple(LONG_IDS[:2]) if phase is Phase.KEEP else ())
    pile = tuple(LONG_IDS) if phase is Phase.CRAB_TAKE else (17, 18)
    hands = ((0, 1), (24, 25), (29, 30))
    used = {*pile, *pending, *(c for h in hands for c in h), 9}
    deck = [c.id for c in ALL_CARDS if c.id not in used]
    return make_state(Rules(3, extra_salt=True), hands=hands, deck=deck, piles=((9,), pile),
                      phase=phase, pending=pending,
                      crab_pile=1 if phase is Phase.CRAB_TAKE else None)


PHASES = (Phase.CRAB_TAKE, Phase.LOBSTER, Phase.KEEP)


@pytest.mark.parametrize("lang", ["en", "fr"])
@pytest.mark.parametrize("width", [80, 100, 120, 200])
async def test_no_card_name_is_broken_over_two_lines(lang: str, width: int) -> None:
    # One app a language and width; each phase's position is the table's next frame (the
    # same hands, seat 0 to act in each: drawn as a fresh app draws it, kit.show_next).
    app = kit.table_app(position(PHASES[0]), lang)
    async with app.run_test(size=(width, 40)):
        screen = await kit.until_table(app)
        for phase in PHASES:
            if phase is not PHASES[0]:
                await kit.show_next(screen, position(phase))
            await kit.settled(app)
            assert screen.frame is not None and screen.frame.view.phase is phase
            shown = screen.frame.view.pending
            assert len(shown) >= 2
            rows = [row.replace("\u00a0", " ") for row in kit.screen_text(app).splitlines()]
            for card_id in shown:
                face = chip(card_id).plain.strip()
                assert any(face in row for row in rows), (phase, face, "\n".join(rows))


def test_wrap_breaks_only_between_words_and_keeps_the_styles() -> None:
    text = Text("You drew ") + unbroken(chip(LONG_IDS[0])) + Text(" and ") + unbroken(
        chip(LONG_IDS[1])) + Text(". Keep one.")
    wrapped = wrap_words(text, 24)
    lines = wrapped.plain.split("\n")
    assert all(len(line) <= 24 for line in lines)
    assert any(chip(LONG_IDS[0]).plain.strip().replace(" ", "\u00a0") in line for line in lines)
    assert wrapped.plain.replace("\n", " ").replace("  ", " ") == text.plain.replace("  ", " ")
    assert {s.style for s in wrapped.spans} >= {s.style for s in chip(LONG_IDS[0]).spans}
