"""Every prompt's choices are on screen (issue 17): at 80 x 24, the smallest supported size, and
at 120 x 40, each offered key and what it does is inside the visible part of the action list,
in every phase, with 2-4 players, Extra Salt and Extra Pepper, long names and French (the
longest words). A LAST CHANCE final turn with four laid pairs at 80 x 24 used to push the
choices off the screen: the hand and the prompt grew, the choices got no row.

The generic test plays seeded games with greedy bots in every seat and puts each of seat 0's
decisions on the real table screen; client/tui/screens/table_fit.py is what it tests, and its plan
is checked on its own below.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest
from seasalt.client.tui.screens.table_fit import Heights, Plan, need, plan
from seasalt.client.tui.widgets.actions import ActionList
from seasalt.client.tui.widgets.hand import Form, HandPanel
from seasalt.client.tui.widgets.prompt import PromptPanel
from seasalt.engine import (
    CallKind,
    EndTurn,
    Phase,
    PlaceShellFaceDown,
    PlayPair,
    view,
)
from seasalt.testing import tui as kit
from seasalt.testing.table_positions import (
    GAMES,
    LONG_NAMES,
    decisions,
    last_chance_final_turn,
    pepper_prompts,
    seats,
    show_next_of,
)

pytestmark = pytest.mark.timeout(240)

missing_choices = kit.missing_choices


# --- the case tui17 saw in tmux ------------------------------------------------------------------


@pytest.mark.parametrize("lang", ["fr", "en"])
async def test_a_last_chance_final_turn_with_four_laid_pairs_keeps_its_choices_at_80x24(
        tui: Any, lang: str) -> None:
    state = last_chance_final_turn()
    v = view(state, 0)
    assert 0 in v.final_turns and len(v.table) == 4  # RULES §6.2: our final turn
    assert {type(a) for a in v.legal_actions} == {PlayPair, EndTurn}
    app = kit.table_app(state, lang, LONG_NAMES)
    async with app.run_test(size=(80, 24)):
        table = await tui.until_table(app)
        await tui.until(lambda: table.rendered is table.frame)
        assert table.query_one(ActionList).choices
        assert missing_choices(app, table) == [], tui.text(app)
        # The prompt gave rows up, not words: it says which lines it shows, and the arrow
        # keys bring the rest (its last line: what to do now) into view.
        prompt = table.query_one(PromptPanel)
        if lang == "en":  # English is shorter: the compact hand leaves the prompt its rows
            assert prompt.rows is None and table.query_one(HandPanel).form is Form.COMPACT
            return
        assert prompt.rows is not None and prompt.lines > prompt.rows
        whole = " ".join(prompt.shown.plain.split()) if prompt.shown else ""
        last = whole.rsplit(".", 2)[-2].strip()  # the sentence the prompt ends with
        assert " ".join(last.split()[-3:]) not in " ".join(tui.text(app).split())
        for _ in range(prompt.lines):
            await tui.key(app, "down")
        await tui.until(lambda: prompt.first_line > 0)
        await tui.settled(app)
        assert " ".join(last.split()[-3:]) in " ".join(tui.text(app).split()), tui.text(app)
        assert missing_choices(app, table) == []  # scrolling the prompt moves no choice
        await tui.key(app, "pageup")
        await tui.until(lambda: prompt.first_line == 0)
        # The hand lost no card: every card of it is named in its (compact) rows.
        hand = table.query_one(HandPanel)
        assert hand.shown is not None
        assert hand.shown.plain.count("·") >= len(v.hand)


@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
@pytest.mark.parametrize("rules", [{}, {"extra_salt": True, "extra_pepper": True}])
async def test_the_final_turn_fits_with_the_expansions_at_both_sizes(
        tui: Any, size: tuple[int, int], rules: dict[str, bool]) -> None:
    state = last_chance_final_turn(**rules)
    app = kit.table_app(state, "fr", LONG_NAMES)
    async with app.run_test(size=size):
        table = await tui.until_table(app)
        await tui.until(lambda: table.rendered is table.frame)
        assert missing_choices(app, table) == [], tui.text(app)


@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
async def test_choices_that_fit_leave_the_table_as_it_was(tui: Any, size: tuple[int, int]
                                                          ) -> None:
    # The fit gives nothing up where everything fits (the snapshots keep their look).
    app = kit.table_app(kit.mid_round(3), "en")
    async with app.run_test(size=size):
        table = await tui.until_table(app)
        await tui.until(lambda: table.rendered is table.frame)
        assert table.fitter.applied == Plan()
        assert missing_choices(app, table) == []


# --- every decision of seeded games -------------------------------------------------------------


@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
async def test_every_decision_of_seeded_games_shows_all_its_choices(
        tui: Any, size: tuple[int, int]) -> None:
    phases: set[Phase] = set()
    final_turns = 0
    games = GAMES if size == (80, 24) else GAMES[:1] + GAMES[-1:]
    for players, seed, level, lang, options, rounds in games:
        states = decisions(players, seed, rounds, level, **options)
        labels = seats(players)
        app = kit.table_app(states[0], lang, LONG_NAMES[:players])
        async with app.run_test(size=size):
            table = await tui.until_table(app)
            for seq, state in enumerate(states, start=10):
                await show_next_of(table, state, seq, labels)
                v = view(state, 0)
                phases.add(v.phase)
                final_turns += v.call is CallKind.LAST_CHANCE and 0 in v.final_turns
                missing = missing_choices(app, table)
                assert not missing, (players, seed, lang, seq, v.phase, missing,
                                     tui.text(app))
    # The games reach the base game's decisions, the duo effects and Extra Pepper's.
    assert {Phase.DRAW, Phase.KEEP, Phase.PLAY, Phase.SWAP_TARGET, Phase.SWAP} <= phases
    assert final_turns
    if size == (80, 24):
        assert {Phase.CRAB_PILE, Phase.CRAB_TAKE, Phase.ROB, Phase.LOBSTER, Phase.ANGELFISH,
                Phase.KEEP_EVENT_CARD} <= phases, phases


@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
async def test_every_extra_pepper_prompt_shows_all_its_choices(tui: Any, size: tuple[int, int]
                                                               ) -> None:
    states = pepper_prompts()
    assert [view(s, 0).phase for s in states] == [
        Phase.SWAP_TARGET, Phase.SWAP, Phase.PAIR_STEAL, Phase.PLAY, Phase.ANGELFISH,
        Phase.KEEP_EVENT_CARD, Phase.CRAB_TAKE]
    assert any(isinstance(a, PlaceShellFaceDown) for a in view(states[3], 0).legal_actions)
    labels = seats(3)
    app = kit.table_app(states[0], "fr", LONG_NAMES[:3])
    async with app.run_test(size=size):
        table = await tui.until_table(app)
        for seq, state in enumerate(states, start=10):
            await show_next_of(table, state, seq, labels)
            assert table.query_one(ActionList).choices
            assert not missing_choices(app, table), (view(state, 0).phase, tui.text(app))


# --- the plan on its own ------------------------------------------------------------------------


def heights(**changes: int) -> Heights:
    base = dict(room=20, fixed=0, actions=4, prompt_lines=3, prompt_gutter=0, prompt_margin=0,
                prompt_min_box=3, recent=2, events=1, piles=2, hand=(5, 5, 4))
    base.update(changes)
    return Heights(**base)


def test_the_plan_gives_nothing_up_when_everything_fits() -> None:
    h = heights()
    assert need(h, Plan()) == 17 and plan(h) == Plan()


def test_the_coachs_stale_word_is_given_up_first() -> None:
    # Its rows go before anything else is given up; with room for it, it stays. The coach's
    # thinking or advice (counted as fixed) is never given up.
    worded = heights(room=19, stale_word=2)
    assert plan(worded) == Plan()
    assert plan(replace(worded, room=18)) == Plan(stale_word=False)
    assert plan(replace(worded, room=16)) == Plan(stale_word=False, recent=False)
    assert plan(replace(heights(fixed=2), room=18)) == Plan(recent=False)


def test_the_plan_gives_rows_up_in_order_and_only_as_far_as_needed() -> None:
    # The recent lines first, then the hand's long form, then prompt rows, then the events
    # line, then the piles; each plan leaves the choices every row they take.
    assert plan(heights(room=15)) == Plan(recent=False)
    assert plan(heights(room=14)) == Plan(recent=False, hand=Form.COMPACT)
    # The hand's chips first where they are shorter than its cards, then its compact form.
    framed = heights(room=16, hand=(9, 6, 5))
    assert plan(framed) == Plan(recent=False, hand=Form.CHIPS)
    assert plan(replace(framed, room=15)) == Plan(recent=False, hand=Form.COMPACT)
    long = heights(room=15, prompt_lines=8)  # 8 prompt lines: 4 given up, 4 kept
    assert plan(long) == Plan(recent=False, hand=Form.COMPACT, prompt_rows=4)
    assert need(long, plan(long)) == 15
    tight = heights(room=13, prompt_lines=8)  # down to the floor, then the events line
    assert plan(tight) == Plan(recent=False, hand=Form.COMPACT, prompt_rows=3, events=False)
    last = Plan(recent=False, hand=Form.COMPACT, prompt_rows=3, events=False, piles=False)
    assert plan(heights(room=11, prompt_lines=8)) == last
    assert need(heights(room=11, prompt_lines=8), last) == 11
    # Shorter still: everything that can go has gone (the list scrolls, the last resort).
    assert plan(heights(room=9, prompt_lines=8)) == last
    for room in range(11, 25):
        h = heights(room=room, prompt_lines=8)
        chosen = plan(h)
        assert need(h, chosen) <= room
        assert chosen.prompt_rows is None or chosen.prompt_rows >= 2
        assert plan(h) == chosen  # the same heights, the same plan
