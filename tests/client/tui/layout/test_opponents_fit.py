"""At a wide table the opponents' boxes give their rows to the choices when they must (qa8).

Played in tmux at 100 x 30, three players, Extra Pepper: Bot 3 called LAST CHANCE with two laid
pairs; its revealed hand and pairs made both opponents' boxes 14 rows tall, and Ann's final turn
showed "1 Take…" and "2 Take…" with a scrollbar: "d Draw 2 from the deck" was out of view (the
prompt already showed 1 line of 8). Now the boxes turn into one line each (as at 80 columns)
when nothing else gives enough rows, and come back when they fit again.
"""

from __future__ import annotations

from typing import Any

import pytest
from seasalt.client.tui.messages import SeatLabel
from seasalt.client.tui.screens.table_fit import Heights, Plan, need, plan
from seasalt.client.tui.widgets.hand import Form
from seasalt.client.tui.widgets.opponents import OpponentsPanel
from seasalt.client.tui.widgets.prompt import PromptPanel
from seasalt.engine import CallKind, EventCard, GameState, Phase, Rules, make_state, new_game
from seasalt.testing import tui as kit
from seasalt.testing.table_positions import show

from .test_choices_fit import missing_choices

pytestmark = pytest.mark.timeout(120)

NAMES = ("Ann", "Bob", "Bot 3")


def caller_with_pairs_revealed() -> GameState:
    """Ann (seat 0) draws in her LAST CHANCE final turn: seat 2 called with two laid pairs and
    five cards in hand, revealed (RULES §6.2); the Extra Pepper events line is there too."""
    hands = ((2, 11, 34), (13, 20, 41, 3), (45, 46, 47, 52, 36))
    tables = ((), (), ((0, 1), (9, 10)))
    piles = ((21,), (22, 42))
    used = {c for h in hands for c in h} | {c for t in tables for g in t for c in g}
    used |= {c for pile in piles for c in pile}
    deck = [c for c in range(58) if c not in used]
    e = EventCard
    return make_state(Rules(3, extra_pepper=True), hands=hands, tables=tables, piles=piles,
                      deck=deck, active=0, phase=Phase.DRAW, call=CallKind.LAST_CHANCE,
                      caller=2, revealed=(False, False, True), scores=(7, 9, 6),
                      table_event=e.HERMIT_CRAB, held=(None, None, e.DOLPHINS),
                      event_deck=[c for c in e if c not in (e.HERMIT_CRAB, e.DOLPHINS)])


async def test_tall_boxes_turn_into_lines_so_every_choice_shows_at_100x30(tui: Any) -> None:
    state = caller_with_pairs_revealed()
    app = kit.table_app(state, "en", NAMES)
    async with app.run_test(size=(100, 30)):
        table = await tui.until_table(app)
        await tui.until(lambda: table.rendered is table.frame)
        assert len(table.query_one("#actions").choices) == 3  # two piles and the deck
        assert missing_choices(app, table) == [], tui.text(app)
        panel = table.query_one(OpponentsPanel)
        assert panel.lines and panel.boxed_rows() > 10
        # The rows the lines free go back to the prompt: the bet explained, all of it.
        assert table.query_one(PromptPanel).rows is None, tui.text(app)
        text = tui.text(app)
        assert "Bot 3" in text and "called LAST CHANCE" in text  # one line each, still there
        # A new round: nothing revealed, nothing laid: the boxes fit again.
        labels = tuple(SeatLabel(n) for n in NAMES)
        await show(table, new_game(Rules(3, extra_pepper=True), 4), 9, labels)
        await tui.until(lambda: not panel.lines)
        await tui.settled(app)
        assert not panel.lines and missing_choices(app, table) == []


def test_the_plan_turns_the_boxes_into_lines_last_but_the_piles() -> None:
    tight = Heights(room=12, fixed=0, actions=4, prompt_lines=6, prompt_gutter=2,
                    recent=0, events=1, piles=2, hand=(6, 4), opponents_saving=8)
    chosen = plan(tight)
    assert chosen.opponents is False and chosen.piles
    # The rows the lines free give the prompt and the events line back (steps 1-4 again).
    assert chosen.events and chosen.prompt_rows is None and chosen.hand is Form.CHIPS
    assert need(tight, chosen) <= tight.room
    roomy = Heights(room=40, fixed=0, actions=4, prompt_lines=6, prompt_gutter=2,
                    events=1, piles=2, hand=(6, 4), opponents_saving=8)
    assert plan(roomy) == Plan()  # nothing given up when it fits
    narrow = Heights(room=12, fixed=0, actions=4, prompt_lines=6, prompt_gutter=2,
                     events=1, piles=2, hand=(6, 4))  # no boxes to give up (80 columns)
    assert plan(narrow).opponents


async def test_a_box_is_as_tall_as_its_wrapped_lines_so_the_revealed_hand_shows(tui: Any) -> None:
    # The box was sized by its lines, not its rows: the caller's status line wraps in a box
    # ("called LAST CHANCE · protected · The Dolphins"), and the revealed hand's last cards
    # were cut off the bottom.
    state = caller_with_pairs_revealed()
    app = kit.table_app(state, "en", NAMES)
    async with app.run_test(size=(120, 40)):
        table = await tui.until_table(app)
        await tui.until(lambda: table.rendered is table.frame)
        await tui.settled(app)
        text = tui.text(app)
        for card in ("Shell·black", "Penguin·purple", "Penguin·lt.orange", "Penguin·pink",
                     "Penguin Colony·green"):
            assert card in text.replace("\u00a0", " "), (card, text)
        assert missing_choices(app, table) == [] and not table.query_one(OpponentsPanel).lines
