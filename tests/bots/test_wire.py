"""A bot decides the same from a view that crossed the wire as from the original."""

from __future__ import annotations

import pytest
from seasalt.bots import LEVELS, get_bot
from seasalt.engine import view
from seasalt.protocol import MAX_SERVER_MESSAGE_SIZE, pack, unpack, view_from_wire, view_to_wire


@pytest.mark.parametrize("level", LEVELS)
def test_decoded_view_gives_the_same_choice(level: str, positions) -> None:
    checked = 0
    for i, state in enumerate(positions(6, every=29, seed=3)):
        original = view(state, state.active)
        wire = pack(view_to_wire(original))
        decoded = view_from_wire(unpack(wire, max_size=MAX_SERVER_MESSAGE_SIZE))
        assert decoded == original
        bot = get_bot(level, seed=i, budget=6)
        assert bot.choose(decoded) == bot.choose(original)
        checked += 1
    assert checked > 50
