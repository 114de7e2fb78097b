"""The coach in Extra Pepper games (issues 17, 19; RULES §12): a legal suggestion with figures
at every new decision, facts that know the event actions and effects (the engine's breakdown
and results), and nothing read beyond the view."""

from __future__ import annotations

import functools
import random
from collections.abc import Iterator

import pytest
from seasalt.bots.coach import SWAP_CHOICES, analyse, candidates, facts_of
from seasalt.engine import (
    EventCard,
    EventKind,
    EventPoints,
    GameState,
    KeepCard,
    PassSwap,
    Phase,
    PlaceShellFaceDown,
    PlayPair,
    Rules,
    StealPair,
    SwapCard,
    TakeDiscard,
    apply,
    breakdown,
    card,
    card_points,
    effects,
    legal_actions,
    make_state,
    new_game,
    view,
)
from seasalt.engine.testing import permute_unseen

pytestmark = pytest.mark.timeout(180)

BUDGET = 12
E = EventCard
# Card ids (engine/cards.py order): crabs 0-8, boats 9-16, fish 17-23, swimmers 24-28, sharks
# 29-33, shells 34-39, octopuses 40-44, penguins 45-47, sailors 48-49, mermaids 54-57.

KINDS = ("SWAP_TARGET", "SWAP", "PAIR_STEAL", "ANGELFISH", "KEEP_EVENT_CARD", "HERMIT_CRAB",
         "CORAL_REEF", "DOLPHINS")
"""Extra Pepper's decisions: the Water Rodeo's look, swap or pass and pair steal (§12.3), the
Angelfish's take (§12.10), the keep choice (§12.0 step 5), the Hermit Crab's takes (§12.1), a
play step with a shell to lay face down (§12.12), a keep under the Dolphins (§12.11)."""


def _random_games(games: int, seed: int) -> Iterator[GameState]:
    """States of seeded random Extra Pepper games (2-4 players, with and without Extra Salt)."""
    for g in range(games):
        rules = Rules(2 + g % 3, extra_salt=(g // 3) % 2 == 1, extra_pepper=True)
        rng = random.Random(seed * 1000 + g)
        state = new_game(rules, seed * 1000 + g)
        moves = 0
        while not state.is_over and moves < 900:
            yield state
            legal = legal_actions(state)
            state = apply(state, legal[rng.randrange(len(legal))]).state
            moves += 1


def decision_kind(state: GameState) -> str | None:
    if state.to_act is None or len(legal_actions(state)) < 2:
        return None
    phase, mine = state.phase, effects(state, state.to_act)
    if phase.name in KINDS:
        return phase.name
    if phase is Phase.CRAB_TAKE and E.HERMIT_CRAB in mine:
        return "HERMIT_CRAB"
    if phase is Phase.PLAY and any(isinstance(a, PlaceShellFaceDown) for a in legal_actions(state)):
        return "CORAL_REEF"
    if phase is Phase.KEEP and E.DOLPHINS in mine:
        return "DOLPHINS"
    return None


@functools.cache
def decisions(per_kind: int = 2) -> dict[str, tuple[GameState, ...]]:
    """``per_kind`` seeded positions of every kind of :data:`KINDS`."""
    found: dict[str, list[GameState]] = {k: [] for k in KINDS}
    for state in _random_games(120, seed=17):
        kind = decision_kind(state)
        if kind is not None and len(found[kind]) < per_kind:
            found[kind].append(state)
            if all(len(v) >= per_kind for v in found.values()):
                break
    return {k: tuple(v) for k, v in found.items()}


def test_every_extra_pepper_decision_gets_a_legal_suggestion_with_figures() -> None:
    found = decisions()
    assert all(len(found[k]) == 2 for k in KINDS), {k: len(v) for k, v in found.items()}
    for kind, states in found.items():
        for state in states:
            v = view(state, state.to_act)
            advice = analyse(v, budget=BUDGET, seed=3)
            assert advice.best is not None and advice.fits(v), kind
            actions = [o.action for o in advice.options]
            assert all(a in v.legal_actions for a in actions), kind
            assert len(set(actions)) == len(actions)
            assert set(actions) == set(candidates(v))  # every candidate gets a figure
            for option in advice.options:
                assert 0.0 <= option.win_chance <= 1.0 and option.playouts >= 1
            if kind == "SWAP":  # RULES §12.3: the pass is always weighed, the swaps cut
                assert PassSwap() in actions and len(actions) <= SWAP_CHOICES


def _swap_worth(state: GameState, a: SwapCard) -> int:
    """What swap ``a`` gains on its target in card points, each seat under its own effects."""
    me, t = state.active, state.swap_target
    assert t is not None
    mine, theirs = state.hands[me], state.hands[t]
    mine_after = [c for c in mine if c != a.give] + [a.take]
    theirs_after = [c for c in theirs if c != a.take] + [a.give]
    fx, tfx = effects(state, me), effects(state, t)
    return (card_points(mine_after, state.tables[me], fx) - card_points(mine, state.tables[me], fx)
            + card_points(theirs, state.tables[t], tfx)
            - card_points(theirs_after, state.tables[t], tfx))


def _swap_key(a: SwapCard) -> tuple[object, ...]:
    """Swaps of the same kinds and colours: one outcome."""
    give, take = card(a.give), card(a.take)
    return give.kind, give.color, take.kind, take.color


def test_the_swaps_weighed_are_the_ones_worth_most_in_card_points() -> None:
    # RULES §12.3: our hand's points under our effects, theirs (the hand we looked at) under
    # theirs; the cut keeps the best of them and never cuts the pass.
    cut = 0
    for state in decisions()["SWAP"]:
        v = view(state, state.to_act)
        t = v.swap_target
        assert t is not None and v.pending == tuple(sorted(state.hands[t]))
        kept = [a for a in candidates(v) if isinstance(a, SwapCard)]
        keys = {_swap_key(a) for a in kept}
        left = [a for a in v.legal_actions if isinstance(a, SwapCard) and _swap_key(a) not in keys]
        if left:
            cut += 1
            assert min(_swap_worth(state, a) for a in kept) >= max(
                _swap_worth(state, a) for a in left)
    assert cut  # (these positions have more swaps than the coach weighs)


def test_the_cards_this_seat_cannot_see_do_not_change_the_pepper_advice() -> None:
    # RULES §12.14 "Leak test": the event deck's order, others' face-down shells and every
    # unseen card shuffled: the same view, the same advice.
    rng = random.Random(5)
    checked = 0
    for states in decisions().values():
        state = states[0]
        seat = state.to_act
        assert seat is not None
        other = permute_unseen(state, seat, rng)
        assert repr(view(other, seat)) == repr(view(state, seat))
        assert analyse(view(other, seat), budget=BUDGET) == analyse(view(state, seat),
                                                                     budget=BUDGET)
        checked += other != state
    assert checked >= 6  # the permutation really moved hidden cards


def test_swap_and_face_down_facts_are_the_engines_card_points() -> None:
    # RULES §12.3: a swap's points for both hands; §12.12: a face-down shell scores nothing.
    seen = set()
    for kind in ("SWAP", "CORAL_REEF"):
        for state in decisions()[kind]:
            v = view(state, state.to_act)
            for a in v.legal_actions:
                f = facts_of(v, a)
                if isinstance(a, SwapCard):
                    t = state.swap_target
                    assert t is not None and f.target == t and f.card == a.take
                    assert f.gives == a.give
                    mine = (*[c for c in v.hand if c != a.give], a.take)
                    theirs = (*[c for c in state.hands[t] if c != a.take], a.give)
                    assert f.points_before == card_points(v.hand, v.table, v.effects)
                    assert f.points_after == card_points(mine, v.table, v.effects)
                    fx = effects(state, t)
                    assert f.target_before == card_points(state.hands[t], state.tables[t], fx)
                    assert f.target_after == card_points(theirs, state.tables[t], fx)
                    seen.add("swap")
                elif isinstance(a, PlaceShellFaceDown):
                    rest = [c for c in v.hand if c != a.card]
                    assert f.gives == a.card and f.card is None
                    assert f.points_after == card_points(rest, v.table, v.effects)
                    seen.add("shell")
    assert seen == {"swap", "shell"}


def _position(table_event: EventCard, *, hands, piles, held=None, **changes) -> GameState:
    """A three-player Extra Pepper position; the deck holds every other base card."""
    used = {c for h in hands for c in h} | {c for pile in piles for c in pile}
    used |= {c for t in changes.get("tables") or () for g in t for c in g}
    used |= set(changes.get("pending", ()))
    rest = [e for e in EventCard if e is not table_event and e not in (held or ())]
    return make_state(Rules(3, extra_pepper=True), hands=hands, piles=piles,
                      deck=[c for c in range(58) if c not in used], table_event=table_event,
                      event_deck=rest, held=held, **changes)


def test_event_facts_say_what_each_effect_changes_in_the_points() -> None:
    # RULES §12.5: under the Kraken a third octopus scores +1 (3 - 2), not +3 (6 - 3); the
    # engine's breakdown says the Kraken takes 2 of it (its entry goes from -1 to -3).
    state = _position(E.KRAKEN, hands=((40, 41, 0), (17,), (18,)), piles=((42,), (9,)))
    v = view(state, 0)
    f = facts_of(v, TakeDiscard(0))
    assert f.card == 42 and f.points_gained == 1
    assert f.events == (EventPoints(E.KRAKEN, -2),)
    before, after = breakdown((0, 40, 41), (), v.effects), breakdown((0, 40, 41, 42), (), v.effects)
    assert [e.points for e in before.events] == [-1] and [e.points for e in after.events] == [-3]
    # No Extra Pepper effect on a boat: no event fact.
    assert facts_of(v, TakeDiscard(1)).events == ()


def _option(advice, action):
    return next(o for o in advice.options if o.action == action)


def test_the_event_effects_a_choice_sets_off_come_from_the_engines_results() -> None:
    # RULES §12.1 the Hermit Crab, §12.3 the Water Rodeo's two pairs, §12.2 the Sunfish.
    state = _position(E.HERMIT_CRAB, hands=((0, 1, 24, 25, 29, 30, 17, 18), (41, 42), (43,)),
                      piles=((19, 20), (21,)), held=(E.WATER_RODEO, None, None),
                      scores=(1, 5, 5), phase=Phase.PLAY, tables=((), ((9, 10),), ()))
    v = view(state, 0)
    advice = analyse(v, budget=BUDGET)
    assert _option(advice, PlayPair((0, 1))).facts.triggers == (E.HERMIT_CRAB,)
    assert _option(advice, PlayPair((24, 25))).facts.triggers == (E.WATER_RODEO,)
    assert _option(advice, PlayPair((29, 30))).facts.triggers == (E.WATER_RODEO,)
    assert _option(advice, PlayPair((17, 18))).facts.triggers == ()  # a plain fish draw
    # RULES §12.11 the Dolphins: a collector placed from a draw of two brings a deck card.
    state = _position(E.DOLPHINS, hands=((0,), (41,), (42,)), piles=((19,), (21,)),
                      phase=Phase.KEEP, pending=(34, 9))
    v = view(state, 0)
    advice = analyse(v, budget=BUDGET)
    for option in advice.options:
        assert isinstance(option.action, KeepCard)
        drew = any(e.kind is EventKind.DOLPHINS_DREW for e in apply(state, option.action).events)
        assert drew == (option.action.card == 9)  # the shell placed: the Dolphins' card
        assert option.facts.triggers == ((E.DOLPHINS,) if drew else ())


def test_a_mermaid_win_under_the_dance_of_the_mermaids_is_said() -> None:
    # RULES §12.7: three mermaids win at once for a seat with the effect.
    state = _position(E.DANCE_OF_THE_MERMAIDS, hands=((54, 55, 0), (41,), (42,)),
                      piles=((56,), (9,)))
    advice = analyse(view(state, 0), budget=BUDGET)
    win = _option(advice, TakeDiscard(0))
    assert win.facts.wins and win.facts.triggers == (E.DANCE_OF_THE_MERMAIDS,)
    assert advice.best is not None and advice.best.action == TakeDiscard(0)
    assert not _option(advice, TakeDiscard(1)).facts.wins


def test_a_stolen_pair_is_scored_on_our_table() -> None:
    for state in decisions()["PAIR_STEAL"]:
        v = view(state, state.to_act)
        for a in v.legal_actions:
            assert isinstance(a, StealPair)
            f = facts_of(v, a)
            assert f.lays == a.cards
            assert f.points_after == card_points(v.hand, (*v.table, a.cards), v.effects)
