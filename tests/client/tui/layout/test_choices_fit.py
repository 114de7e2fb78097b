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
from seasalt.bots import get_bot
from seasalt.client.tui.messages import Frame, SeatLabel
from seasalt.client.tui.screens.table import TableScreen
from seasalt.client.tui.screens.table_fit import Heights, Plan, need, plan
from seasalt.client.tui.widgets.actions import ActionList
from seasalt.client.tui.widgets.hand import Form, HandPanel
from seasalt.client.tui.widgets.prompt import PromptPanel
from seasalt.engine import (
    CallKind,
    EndTurn,
    EventCard,
    GameState,
    LookAtHand,
    Phase,
    PlaceShellFaceDown,
    PlayPair,
    Rules,
    TakeDiscard,
    apply,
    make_state,
    new_game,
    view,
)
from seasalt.testing import tui as kit

pytestmark = pytest.mark.timeout(240)

LONG_NAMES = ("Marie-Christine", "Jean-Baptiste", "Anne-Sophie", "Pierre-Alexandre")


missing_choices = kit.missing_choices


def seats(players: int, names: tuple[str, ...] = LONG_NAMES) -> tuple[SeatLabel, ...]:
    return tuple(SeatLabel(names[s]) for s in range(players))


async def show(table: TableScreen, state: GameState, seq: int, labels: tuple[SeatLabel, ...]
               ) -> Frame:
    """Put seat 0's view of ``state`` on the table screen and wait until it is drawn."""
    frame = Frame("t", seq, view(state, 0), labels)
    await table.show_frame(frame)
    await kit.until(lambda: table.rendered is frame, 20.0, f"frame {seq} on screen")
    return frame


async def show_next_of(table: TableScreen, state: GameState, seq: int,
                       labels: tuple[SeatLabel, ...]) -> None:
    """Show a series' ``state`` (its first, seq 10, is the app's own first frame: drawn
    already, it is only waited for)."""
    if seq == 10:
        assert table.frame is not None and table.frame.view == view(state, 0)
        await kit.until(lambda: table.rendered is table.frame, 20.0, "the first frame drawn")
    else:
        await show(table, state, seq, labels)


# --- the case tui17 saw in tmux ------------------------------------------------------------------


def last_chance_final_turn(players: int = 4, **rules: bool) -> GameState:
    """Seat 0 plays its LAST CHANCE final turn (seat ``players - 1`` called with 12 card
    points, RULES §6.2) with four laid pairs and two more pairs in hand."""
    caller = players - 1
    mine = (2, 3, 11, 12, 34, 35, 40)
    others = [(4, 5, 19), (13, 20, 41)][: players - 2]
    hands = (mine, *others, (45, 46, 47, 52, 36))
    laid = ((0, 1), (9, 10), (17, 18), (24, 29))
    tables = (laid, *[() for _ in others], ((25, 30),))
    piles = ((21,), (22, 42))
    used = {c for h in hands for c in h} | {c for t in tables for g in t for c in g}
    used |= {c for pile in piles for c in pile}
    r = Rules(players, **rules)
    deck = [c for c in range(58) if c not in used]
    extra: dict[str, Any] = {}
    if r.extra_salt:
        deck += list(range(58, 66))
    if r.extra_pepper:
        E = EventCard
        extra = dict(table_event=E.KRAKEN, held=(E.TORNADO, *[None] * (players - 2), E.DOLPHINS),
                     event_deck=[e for e in E if e not in (E.KRAKEN, E.TORNADO, E.DOLPHINS)])
    revealed = tuple(s == caller for s in range(players))
    return make_state(r, hands=hands, tables=tables, piles=piles, deck=deck, active=0,
                      phase=Phase.PLAY, call=CallKind.LAST_CHANCE, caller=caller,
                      revealed=revealed, scores=(12, 20, 8, 15)[:players], **extra)


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


def decisions(players: int, seed: int, rounds: tuple[int, ...], level: str, **options: bool
              ) -> list[GameState]:
    """Seat 0's decisions in a seeded game, those of its ``rounds``: seat 0 plays as the bot
    ``level`` (random and basic lay the pairs greedy would not), the others as greedy."""
    state = new_game(Rules(players, **options), seed)
    bots = [get_bot(level if s == 0 else "greedy", seed=seed * 10 + s) for s in range(players)]
    out = []
    while not state.is_over and state.round <= max(rounds):
        seat = state.to_act
        assert seat is not None
        if seat == 0 and state.round in rounds:
            out.append(state)
        state = apply(state, bots[seat].choose(view(state, seat))).state
    return out


SALT, PEPPER = {"extra_salt": True}, {"extra_pepper": True}
GAMES = [
    # (players, seed, seat 0's bot, language, options, the rounds shown): seeds picked for
    # what seat 0 meets, and of each game the rounds that meet it (a round left out meets
    # nothing the rounds shown do not: the same kinds of decisions, with no bigger hand, no
    # more laid pairs and no more final turns; about a third of the frames, a core's 10 s).
    (3, 7, "random", "fr", PEPPER, (1,)),  # a Water Rodeo look and swap, eight cards in hand
    (3, 8, "basic", "fr", SALT | PEPPER, (2,)),  # the Angelfish twice, crabs, a robbery
    (4, 4, "random", "fr", SALT | PEPPER, (1, 2)),  # the event card to keep, six final turns
    (3, 8, "random", "es", SALT | PEPPER, (2,)),  # the lobster, two final turns
    (4, 2, "random", "pt", SALT | PEPPER, (1,)),  # a robbery, five LAST CHANCE final turns
    (2, 4, "basic", "en", SALT | PEPPER, (1, 2)),  # crabs, two players' final turns
    (4, 12, "greedy", "fr", {}, (1,)),  # the base game, three final turns, eight cards in hand
]


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


def pepper(table_event: EventCard, hands: Any, piles: Any, **changes: Any) -> GameState:
    """A three-player Extra Pepper position (test_pepper_prompts.py's), seat 0 to play."""
    used = {c for h in hands for c in h} | {c for pile in piles for c in pile}
    used |= {c for t in changes.get("tables") or () for g in t for c in g}
    held = changes.pop("held", None)
    rest = [e for e in EventCard if e is not table_event and e not in (held or ())
            and e not in changes.get("keep_choice", ())]
    return make_state(Rules(3, extra_pepper=True), hands=hands, piles=piles, held=held,
                      deck=[c for c in range(58) if c not in used], table_event=table_event,
                      event_deck=rest, **changes)


def then(state: GameState, *steps: Any) -> GameState:
    """``state`` after the first legal action of each step's kind (and its test)."""
    for kind, test in steps:
        action = next(a for a in view(state, state.to_act).legal_actions
                      if isinstance(a, kind) and test(a))
        state = apply(state, action).state
    return state


def pepper_prompts() -> list[GameState]:
    """Every Extra Pepper prompt (RULES §12): look and swap or pass, steal a pair, the Coral
    Reef's shell, the Angelfish, the keep choice, the Hermit Crab."""
    E = EventCard
    rodeo = pepper(E.WATER_RODEO, ((24, 25, 29, 30, 34, 40, 41), (42, 43, 17), (44, 45)),
                   ((18,), (19,)), tables=((), ((0, 1),), ((9, 10),)), phase=Phase.PLAY)
    look = then(rodeo, (PlayPair, lambda a: set(a.cards) == {24, 25}))
    swap = then(look, (LookAtHand, lambda a: a.seat == 1))
    steal = then(rodeo, (PlayPair, lambda a: set(a.cards) == {29, 30}))
    reef = pepper(E.KRAKEN, ((34, 35, 40, 41), (42,), (43,)), ((18,), (19,)),
                  phase=Phase.PLAY, held=(E.CORAL_REEF, None, None))
    angelfish = then(pepper(E.ANGELFISH, ((34, 40, 41), (42, 43), (44, 45)), ((0, 17), (9,)),
                            held=(E.CORAL_REEF, None, None), scores=(1, 5, 5)),
                     (TakeDiscard, lambda a: a.pile == 0))
    keep = pepper(E.KRAKEN, ((40, 41), (42,), (43,)), ((18,), (19,)),
                  phase=Phase.KEEP_EVENT_CARD, keep_choice=(E.SUNFISH, E.DOLPHINS),
                  next_starter=1, held=(None, None, None), scores=(2, 9, 9))
    hermit = then(pepper(E.HERMIT_CRAB, ((0, 1, 40), (41,), (42,)), ((17, 18), (19, 20)),
                         phase=Phase.PLAY), (PlayPair, lambda a: set(a.cards) == {0, 1}))
    return [look, swap, steal, reef, angelfish, keep, hermit]


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
