"""A round that a player's stand-in ended for them (a bot playing the seat while its player was
away or idle) is shown as the stand-in's, between rounds too.

The result was shown at once, as for a round the player ended themself, so the stand-in's
last moves (its STOP) were never in view, and its headline read "You called STOP": the player
had not. Now the table holds the result back with those moves listed ("Your stand-in (bot)
called STOP!"), and the headline names the stand-in. The frames are an engine position's, with
the server's marks (``stand_in_moves``) as it sends them.
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
from seasalt.client.tui.widgets.prompt import PromptPanel
from seasalt.engine import (
    Call,
    CallKind,
    EndTurn,
    EventKind,
    Phase,
    Rules,
    apply,
    events_for,
    legal_actions,
    make_state,
    new_game,
    view,
)
from seasalt.protocol import stand_in_marks
from seasalt.testing.tui import QueueLink

pytestmark = pytest.mark.timeout(60)

PENGUINS = (45, 46, 47, 52)  # three penguins and the colony: 11 card points


@pytest.fixture(autouse=True)
def _the_hold(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(result_hold, "RESULT_HOLD", RESULT_HOLD)  # (off for other tests)


class StillClock:
    def __call__(self) -> float:
        return 100.0


def turn_of(me: int) -> Any:
    """Seat ``me``'s turn has begun (the other seat ended its turn), with 11 card points in
    hand: STOP is legal once it has drawn."""
    hands = [(34, 35), (36, 37)]
    hands[me] = PENGUINS
    used = {c for hand in hands for c in hand} | {17, 18}
    deck = [c for c in range(58) if c not in used]
    state = make_state(Rules(2), hands=tuple(hands), piles=((17,), (18,)), deck=deck,
                       phase=Phase.PLAY, active=1 - me)
    return apply(state, EndTurn()).state


class Link(QueueLink):
    def __init__(self, state: Any) -> None:
        super().__init__()
        self.state = state
        self.sent: list[Any] = []

    async def send(self, message: Any) -> None:
        self.sent.append(message)
        if isinstance(message, p.ListTables):
            seats = tuple(p.SeatInfo("human", n, True, False) for n in ("Ann", "Bob"))
            await self.inbox.put(p.Joined("t", 0))
            await self.inbox.put(p.TableChanged(p.TableInfo(
                "t", seats, False, False, p.TableState.RUNNING, 1)))
            await self.inbox.put(p.Snapshot("t", 7, view(self.state, 0)))

    async def stand_in_plays(self, call: Call) -> None:
        """The seat to act's stand-in plays its turn up to ``call`` (the server marks its
        moves before each update); the round's result follows when that ends it."""
        seat, seq, logged = self.state.to_act, 7, []
        while self.state.to_act == seat:
            legal = legal_actions(self.state)
            action = call if call in legal else legal[0]
            result = apply(self.state, action)
            self.state, seq = result.state, seq + 1
            marks = stand_in_marks(result.events, seat)
            # The round's log marked as the server's LogMarks does (a new round: none yet).
            start = len(result.state.log) - len(result.events)
            logged = [*logged, *(start + i for i in marks)] if not result.state.last_result else []
            await self.inbox.put(p.StandInMoves("t", seq, tuple(logged), marks))
            await self.inbox.put(p.Update("t", seq, view(result.state, 0),
                                          events_for(result.events, 0)))
        if self.state.last_result is not None:
            await self.inbox.put(p.RoundOver("t", seq, self.state.last_result, ()))


@pytest.mark.parametrize(("seat", "who"), [(0, "Your stand-in (bot)"),
                                           (1, "Bob's stand-in (bot)")])
async def test_a_round_a_stand_in_ended_is_held_and_named_as_the_stand_ins(
    tui: Any, seat: int, who: str
) -> None:
    link = Link(turn_of(seat))
    app = SeasaltApp(LaunchOptions(address="t:7327", name="Ann"), link_factory=lambda *_: link)
    app.clock = StillClock()
    async with app.run_test(size=(120, 40)):
        table = await tui.until_table(app)
        await tui.until(lambda: table.rendered is table.frame)
        await link.stand_in_plays(Call(CallKind.STOP))
        await tui.until(lambda: table.holding_result, what="the stand-in's STOP held in view")
        held = table.query_one(PromptPanel).prompt.plain
        assert held.startswith("The round is over. The last moves:")
        assert f"» {who} called STOP!" in held, held
        await tui.key(app, "z")  # any key: the result
        await tui.until(lambda: isinstance(app.screen, RoundResultScreen))
        await tui.settled(app)
        text = " ".join(tui.text(app).split())
        assert f"Round 1: {who} called STOP. Everyone scores their card points." in text, text


async def test_a_last_chance_the_stand_in_called_is_its_on_the_call_line(tui: Any) -> None:
    """During the final turns the call line read "LAST CHANCE  You called it with 11 card
    points" when the player's stand-in had called it."""
    link = Link(turn_of(0))
    app = SeasaltApp(LaunchOptions(address="t:7327", name="Ann"), link_factory=lambda *_: link)
    app.clock = StillClock()
    async with app.run_test(size=(120, 40)):
        table = await tui.until_table(app)
        await tui.until(lambda: table.rendered is table.frame)
        await link.stand_in_plays(Call(CallKind.LAST_CHANCE))
        await tui.until(lambda: table.frame.view.to_act == 1 and table.rendered is table.frame)
        await tui.settled(app)
        line = next(r for r in tui.text(app).splitlines() if "LAST CHANCE" in r)
        assert "LAST CHANCE  Your stand-in (bot) called it with " in line, line
        assert "final turn now: Bob" in line


def two_rounds(seed: int = 5) -> tuple[Any, list[tuple[Any, tuple[Any, ...]]]]:
    """A two-player game (seeded random choices): its start, and every move (the state after
    it, its events) to the end of round 2."""
    rng = random.Random(seed)
    state = start = new_game(Rules(2), seed)
    moves = []
    while state.round < 3 and not state.is_over:
        options = legal_actions(state)
        result = apply(state, options[rng.randrange(len(options))])
        state = result.state
        moves.append((state, result.events))
    return start, moves


async def test_a_result_the_player_did_not_read_gives_way_to_the_next_one(tui: Any) -> None:
    """A player away from the keys (the reading pause timed out, then the idle limit gave the
    seat to a stand-in) came back to one round result stacked on another, each to be closed
    in turn, the oldest last, the table under them all. The newer result takes the older's
    place, and closing a result the player never read sends nothing for them (a ``continue``
    from them would take the seat back from the stand-in as a key does)."""
    start, moves = two_rounds()
    link = Link(start)
    app = SeasaltApp(LaunchOptions(address="t:7327", name="Ann"), link_factory=lambda *_: link)
    app.clock = StillClock()
    seq = 7
    async with app.run_test(size=(120, 40)):
        table = await tui.until_table(app)
        for round_no in (1, 2):
            while moves:
                state, events = moves.pop(0)
                seq += 1
                await link.inbox.put(p.Update("t", seq, view(state, 0), events_for(events, 0)))
                if any(e.kind in (EventKind.ROUND_SCORED, EventKind.ROUND_VOID) for e in events):
                    assert state.last_result is not None and state.last_result.round == round_no
                    await link.inbox.put(p.RoundOver("t", seq, state.last_result, ()))
                    break
            await tui.until(lambda r=round_no: (isinstance(app.screen, RoundResultScreen)  # type: ignore[misc]
                            and app.screen.result.round == r) or table.holding_result)
            if table.holding_result:
                table.release_result()
            await tui.until(lambda r=round_no: isinstance(app.screen, RoundResultScreen)  # type: ignore[misc]
                            and app.screen.result.round == r)
        results = [s for s in app.screen_stack if isinstance(s, RoundResultScreen)]
        assert [s.result.round for s in results] == [2]
        assert not any(type(m).__name__ == "Continue" for m in link.sent)
        await tui.key(app, "enter")
        await tui.until(lambda: app.screen is table)
