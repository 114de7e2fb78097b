"""The round result waits while the others' last moves stay in view (issue 15): a bot's
LAST CHANCE final turn is listed in the prompt with a countdown on the app's clock (a manual
one here: nothing waits for real time); any key shows the result at once; a round this seat
ended itself shows its result at once."""

from __future__ import annotations

from typing import Any

import pytest
from seasalt.client.tui.app import SeasaltApp
from seasalt.client.tui.launch_options import LaunchOptions
from seasalt.client.tui.screens import result_hold
from seasalt.client.tui.screens.call_confirm import CallConfirmDialog
from seasalt.client.tui.screens.result import RoundResultScreen
from seasalt.client.tui.screens.result_hold import RESULT_HOLD
from seasalt.client.tui.screens.table import TableScreen
from seasalt.client.tui.widgets.actions import ActionList
from seasalt.engine import Phase, Rules, make_state

pytestmark = pytest.mark.timeout(60)


@pytest.fixture(autouse=True)
def _the_hold(monkeypatch: pytest.MonkeyPatch) -> None:
    """The pause as players get it (conftest switches it off for the other tests)."""
    monkeypatch.setattr(result_hold, "RESULT_HOLD", RESULT_HOLD)

PENGUINS = (45, 46, 47, 52)  # three penguins (5) and the colony (+6): 11 card points


class Clock:
    def __init__(self) -> None:
        self.t = 100.0

    def __call__(self) -> float:
        return self.t

    def advance(self, seconds: float) -> None:
        self.t += seconds


def can_call() -> Any:
    """Ann (seat 0) to play with 11 card points against one bot, Bob."""
    hands = (PENGUINS, (34, 35))
    used = {c for hand in hands for c in hand} | {17, 18}
    deck = [c for c in range(58) if c not in used]
    return make_state(Rules(2), hands=hands, piles=((17,), (18,)), deck=deck,
                      phase=Phase.PLAY)


async def call(app: SeasaltApp, tui: Any, fake_link: Any, key: str) -> tuple[TableScreen, Any]:
    await tui.until(lambda: type(app.screen).__name__ == "LobbyScreen")
    await tui.key(app, "enter")
    table = await tui.until_table(app)
    await tui.until(lambda: table.ready)
    await tui.key(app, key)
    await tui.until(lambda: isinstance(app.screen, CallConfirmDialog))
    await tui.key(app, key)  # the same key again confirms
    await tui.until(lambda: app.flow.result_round == 1)  # the round's result came
    return table, app.clock


LINKS: list[Any] = []


def make_app(fake_link: Any) -> SeasaltApp:
    def factory(address: str, name: str) -> Any:
        LINKS.append(fake_link(address, name, players=2, state=can_call()))
        return LINKS[-1]

    app = SeasaltApp(LaunchOptions(address="lan:1", name="Ann"), link_factory=factory)
    app.clock = Clock()
    return app


def actions_sent() -> int:
    return sum(type(m).__name__ == "ActionRequest" for m in LINKS[-1].sent)


async def test_a_bots_final_turn_stays_in_view_before_the_result(tui: Any, fake_link: Any) -> None:
    app = make_app(fake_link)
    async with app.run_test(size=(100, 30)):
        table, clock = await call(app, tui, fake_link, "c")
        await tui.settled(app)
        assert app.screen is table  # not covered yet
        assert table.query_one(ActionList).choices == []  # nothing to choose under it
        assert not table.ready
        text = " ".join(tui.text(app).split())
        assert "The round is over. The last moves:" in text
        assert "» Bob " in text, text  # Bob's final turn, worded as in the log
        assert f"The result in {RESULT_HOLD:g} seconds" in text
        clock.advance(RESULT_HOLD - 1)
        await tui.until(lambda: "The result in 1 second:" in tui.text(app))
        assert app.screen is table
        clock.advance(1.0)
        await tui.until(lambda: isinstance(app.screen, RoundResultScreen))
        await tui.settled(app)
        assert "LAST CHANCE" in tui.text(app)


async def test_any_key_shows_the_held_result_at_once(tui: Any, fake_link: Any) -> None:
    app = make_app(fake_link)
    async with app.run_test(size=(100, 30)):
        table, _clock = await call(app, tui, fake_link, "c")
        await tui.until(lambda: "The last moves" in tui.text(app))
        sent = actions_sent()
        await tui.key(app, "d")  # an action key too: it shows the result, it sends nothing
        await tui.until(lambda: isinstance(app.screen, RoundResultScreen))
        await tui.through(app, table, app)
        assert actions_sent() == sent


async def test_a_round_this_seat_ended_shows_its_result_at_once(tui: Any, fake_link: Any) -> None:
    app = make_app(fake_link)
    async with app.run_test(size=(100, 30)):
        await call(app, tui, fake_link, "s")  # STOP: Ann made the round's last move
        await tui.until(lambda: isinstance(app.screen, RoundResultScreen))


def test_the_held_prompt_lists_the_moves_not_the_reveals_and_keeps_card_names_whole() -> None:
    from seasalt.client.tui.screens.result_hold import hold_text
    from seasalt.client.tui.widgets.wrap import NBSP, wrap_words
    from seasalt.client.words.game import Names
    from seasalt.engine import CallKind, Event, EventKind

    events = (
        Event(EventKind.TURN_STARTED, seat=0),
        Event(EventKind.TURN_ENDED, seat=0),
        Event(EventKind.TURN_STARTED, seat=1),
        Event(EventKind.TOOK_DISCARD, seat=1, card=52, pile=0),  # the Penguin Colony
        Event(EventKind.CALLED, seat=1, call=CallKind.STOP),
        Event(EventKind.REVEALED, seat=1, cards=(45, 46)),
    )
    text = hold_text(events, Names(["Ann", "Bob"], 0), 2.5)
    plain = text.plain
    assert "Bob took Penguin" + NBSP + "Colony" + NBSP + "(green)" in plain
    assert "STOP" in plain and "revealed" not in plain
    assert "The result in 3 seconds" in plain
    for width in range(20, 60):  # wrapped, a card's name never ends a line half-way
        for line in wrap_words(text, width).plain.split("\n"):
            assert not line.endswith(("Penguin", "Penguin" + NBSP + "Colony")), line


async def test_the_next_rounds_deal_waits_until_the_player_moves_on(
    tui: Any, fake_link: Any
) -> None:
    # The round-ending update carries round 2's deal: under "The round is over" the table
    # showed it (round 2 in the status line, the empty hands, "Round 2 begins" in the log)
    # before the player had even seen round 1's result.
    app = make_app(fake_link)
    async with app.run_test(size=(100, 30)):
        table, clock = await call(app, tui, fake_link, "c")
        await tui.until(lambda: table.frame is not None and table.frame.view.round == 2)
        await tui.until(lambda: table.holding_result and table.rendered is table.frame)
        await tui.settled(app)
        text = tui.text(app)
        assert "The round is over. The last moves:" in text
        assert "round 1" in text.splitlines()[0], text.splitlines()[0]
        assert "Round 2 begins" not in text, text
        assert "Penguin" in text  # Ann's hand as the round left it
        clock.advance(RESULT_HOLD)
        await tui.until(lambda: isinstance(app.screen, RoundResultScreen))
        await tui.key(app, "enter")  # the player moves on: now the deal
        await tui.until(lambda: app.screen is table and "round 2" in tui.text(app).splitlines()[0])
        await tui.until(lambda: "Round 2 begins" in tui.text(app))
