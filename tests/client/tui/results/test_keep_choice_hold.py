"""Extra Pepper: the round result held back over the keep choice lists *that* round's last moves.

When the event hand-out leaves this seat two event cards (RULES §12.0 step 5), the update does
not deal the next round: its view is still the ended round, in phase ``keep_event_card``. The
"The round is over. The last moves:" panel read the log kept from the last change of round,
which was the round *before* (at round 2's end it listed "Round 1 scored. You received The
Sunfish…"). It reads the view's own log now, as at a game over.

The frames are an engine game's (seeded random choices), sent as the server sends them.
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from seasalt import protocol as p
from seasalt.client.tui.app import SeasaltApp
from seasalt.client.tui.launch_options import LaunchOptions
from seasalt.client.tui.screens import result_hold
from seasalt.client.tui.screens.result import RoundResultScreen
from seasalt.client.tui.screens.result_hold import RESULT_HOLD
from seasalt.client.tui.screens.table import TableScreen
from seasalt.client.tui.widgets.prompt import PromptPanel
from seasalt.engine import (
    Action,
    EventKind,
    GameState,
    Phase,
    Rules,
    apply,
    events_for,
    legal_actions,
    new_game,
    view,
)
from seasalt.testing.tui import QueueLink

pytestmark = pytest.mark.timeout(60)

SEED = 17
"""A game (2 players, Extra Pepper, random choices seeded with it) whose rounds 1 and 2 both end
on seat 1's move (so both results are held), round 2's handing seat 0 a second event card."""


@pytest.fixture(autouse=True)
def _the_hold(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(result_hold, "RESULT_HOLD", RESULT_HOLD)  # (off for other tests)


class StillClock:
    def __call__(self) -> float:
        return 100.0


def game() -> tuple[GameState, list[tuple[Action, GameState, tuple[Any, ...]]]]:
    """The state before round 1's last move, and every move from there to the keep choice
    after round 2 (the action, the state after it, its events)."""
    rng = random.Random(SEED)
    state = new_game(Rules(2, extra_pepper=True), SEED)
    moves: list[tuple[Action, GameState, tuple[Any, ...]]] = []
    start = state
    while state.phase is not Phase.KEEP_EVENT_CARD:
        if state.round == 1:
            start, moves = state, []
        options = legal_actions(state)
        action = options[rng.randrange(len(options))]
        result = apply(state, action)
        moves.append((action, result.state, result.events))
        state = result.state
    assert state.round == 2 and state.to_act == 0
    return start, moves


class GameLink(QueueLink):
    def __init__(self, state: GameState) -> None:
        super().__init__()
        self.state = state

    async def send(self, message: Any) -> None:
        if isinstance(message, p.ListTables):
            seats = tuple(p.SeatInfo("human", n, True, False) for n in ("Ann", "Bob"))
            info = p.TableInfo("t", seats, False, False, p.TableState.RUNNING, 1,
                               extra_pepper=True)
            await self.inbox.put(p.Joined("t", 0))
            await self.inbox.put(p.TableChanged(info))
            await self.inbox.put(p.Snapshot("t", 10, view(self.state, 0)))


async def test_the_keep_choice_hold_lists_the_round_just_ended(tui: Any) -> None:
    start, moves = game()
    link = GameLink(start)
    app = SeasaltApp(LaunchOptions(address="t:7327", name="Ann"), link_factory=lambda *_: link)
    app.clock = StillClock()

    async def play(until_round_over: int, seq: int) -> int:
        """Send the moves up to the end of round ``until_round_over`` and its result."""
        while moves:
            _action, state, events = moves.pop(0)
            seq += 1
            await link.inbox.put(p.Update("t", seq, view(state, 0), events_for(events, 0)))
            if any(e.kind is EventKind.ROUND_SCORED for e in events):
                assert state.last_result is not None
                assert state.last_result.round == until_round_over
                await link.inbox.put(p.RoundOver("t", seq, state.last_result, (0,)))
                return seq
        raise AssertionError("the round did not end")

    async with app.run_test(size=(120, 40)):
        table = await tui.until_table(app)
        seq = await play(1, 10)
        # Round 1's result (held first when Bob ended it: any key shows it), then continue.
        await tui.until(lambda: isinstance(app.screen, RoundResultScreen)
                        or table.holding_result)
        if table.holding_result:
            await tui.key(app, "z")
        await tui.until(lambda: isinstance(app.screen, RoundResultScreen))
        await tui.key(app, "enter")
        await tui.until(lambda: isinstance(app.screen, TableScreen)
                        and table.frame is not None and table.frame.view.round == 2)

        await play(2, seq)  # Bob's move ends round 2; Ann has two event cards to choose from
        await tui.until(lambda: table.holding_result and table.rendered is table.frame)
        await tui.settled(app)
        assert table.frame is not None and table.frame.view.phase is Phase.KEEP_EVENT_CARD
        held = table.query_one(PromptPanel).prompt.plain  # the panel, not the log beside it
        assert held.startswith("The round is over. The last moves:")
        assert "» Round 2 scored" in held, held
        assert "Round 1" not in held, held
