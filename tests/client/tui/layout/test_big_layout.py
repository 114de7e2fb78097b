"""A big terminal uses its room (issue 15): at 160 x 50 and 200 x 60 no band of empty rows is
left in the table's column (the piles, the race to the target, the prompt and the choices sit
together between the opponents and the hand; huge cards from 180 x 56); the smaller sizes keep
their layout (80 x 24, 120 x 40: the snapshots)."""

from __future__ import annotations

import pytest
from seasalt.client.tui.widgets.cardface import CardSize, size_for
from seasalt.testing import positions
from seasalt.testing import tui as kit

pytestmark = pytest.mark.timeout(60)

SIDE = 40
"""The log and chat column on the right (app.tcss ``#side``)."""


def longest_blank_run(text: str, width: int) -> int:
    """The most empty rows in a row in the table's column (left of the log and chat)."""
    longest = run = 0
    for row in text.splitlines()[1:-1]:  # between the status line and the footer
        if row[: width - SIDE].strip():
            run = 0
        else:
            run += 1
            longest = max(longest, run)
    return longest


@pytest.mark.parametrize("size", [(160, 50), (200, 60)])
@pytest.mark.parametrize("position", ["start", "busy"])
async def test_no_band_of_empty_rows_on_a_big_terminal(size: tuple[int, int],
                                                       position: str) -> None:
    state = kit.mid_round(4) if position == "start" else positions.busy_round()
    app = kit.table_app(state, "en")
    async with app.run_test(size=size):
        await kit.until_table(app)
        await kit.settled(app)
        text = kit.screen_text(app)
        assert longest_blank_run(text, size[0]) <= 7, text
        assert "Race to 30 points" in text  # the scores have the room


def test_huge_cards_from_180x56() -> None:
    assert size_for(160, 50) is CardSize.LARGE
    assert size_for(200, 60) is CardSize.HUGE
    assert size_for(200, 55) is CardSize.LARGE
