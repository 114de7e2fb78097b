"""Bot levels are offered weakest first everywhere a player picks one (the new-table dialog
listed basic after expert: a LAN player read it as the strongest)."""

from __future__ import annotations

from seasalt.bots import LEVELS
from seasalt.client.tui.screens.lobby import SEAT_CHOICES, seat_choice_label


def test_levels_are_weakest_first() -> None:
    assert LEVELS == ("random", "basic", "greedy", "expert")


def test_the_new_table_dialog_offers_a_human_then_the_bots_weakest_first() -> None:
    assert SEAT_CHOICES == ("human", "bot:random", "bot:basic", "bot:greedy", "bot:expert")
    assert [seat_choice_label(kind) for kind in SEAT_CHOICES] == [
        "human player", "bot: random", "bot: basic", "bot: greedy", "bot: expert",
    ]
