"""The Water Rodeo prompt follows the swap's two steps on the screen (qa8, played in tmux at
80 x 24): after picking a card of theirs the choices were "Give …, take Crab (black)" but the
prompt still said "Choose a card of theirs to take (then the card of yours to give them)"."""

from __future__ import annotations

from typing import Any

import pytest
from seasalt.client.tui.widgets.actions import ActionList
from seasalt.engine import EventCard, Phase, PlayPair

from .test_pepper_prompts import Table, pepper_state

pytestmark = pytest.mark.timeout(60)


async def test_the_swap_prompt_says_which_step_the_choices_are(tui: Any) -> None:
    state = pepper_state(
        EventCard.WATER_RODEO, hands=((24, 25, 34), (41, 17), ()), piles=((18,), (19,)),
        phase=Phase.PLAY,
    )
    t = Table(state)
    async with t.app.run_test(size=(80, 24)):
        table = await t.open(tui)
        await t.choose(tui, PlayPair, "Play pairs", lambda a: set(a.cards) == {24, 25})
        await tui.until(lambda: table.ready and table.frame.view.phase is Phase.SWAP)
        assert "Choose a card of theirs to take" in t.shown(tui)
        fish = next(c for c in table.query_one(ActionList).choices if c.pick == 17)
        await tui.key(t.app, fish.key)
        await tui.until(lambda: "Back: take another" in tui.text(t.app))
        shown = t.shown(tui)
        assert "You take Fish (dark blue): now choose the card of yours to give them" in shown
        assert "Choose a card of theirs to take" not in shown
        back = next(c for c in table.query_one(ActionList).choices if c.pick is not None)
        await tui.key(t.app, back.key)
        await tui.until(lambda: "Choose a card of theirs to take" in t.shown(tui))
