"""Between rounds the ended round's LAST CHANCE banner goes (qa8, played in tmux at 80 x 24):
at Extra Pepper's keep choice ("Between rounds: you now hold two event cards") the line
"LAST CHANCE  Bot 2 called it with 8 card points" still stood at the top; that round was
scored already."""

from __future__ import annotations

import random
from typing import Any

from seasalt.client.tui.widgets.call_status import CallStatus
from seasalt.engine import (
    Call,
    CallKind,
    GameState,
    Phase,
    Rules,
    apply,
    legal_actions,
    new_game,
)
from seasalt.testing import tui as kit


def keep_choice_after_last_chance() -> GameState:
    """Seat 0 chooses which event card to keep; the round before ended on a LAST CHANCE
    (seed 0, random choices calling LAST CHANCE whenever they may: move 72)."""
    state = new_game(Rules(2, extra_pepper=True), 0)
    rng = random.Random(0)
    while not (state.phase is Phase.KEEP_EVENT_CARD and state.call is CallKind.LAST_CHANCE):
        options = legal_actions(state)
        calls = [a for a in options if isinstance(a, Call) and a.kind is CallKind.LAST_CHANCE]
        state = apply(state, (calls or [rng.choice(options)])[0]).state
    assert state.to_act == 0
    return state


async def test_the_call_banner_is_gone_at_the_keep_choice(tui: Any) -> None:
    app = kit.table_app(keep_choice_after_last_chance(), "en", ("Ann", "Bob"))
    async with app.run_test(size=(80, 24)):
        table = await tui.until_table(app)
        await tui.until(lambda: table.rendered is table.frame)
        await tui.settled(app)
        assert "Between rounds" in tui.text(app)
        assert not table.query_one(CallStatus).has_class("-calling")
        assert "called it with" not in tui.text(app)
