"""Extra Pepper on the playout path (engine/playout.py) against the immutable apply().

The playout scores the play step's calls and a round's card points from the counts it keeps,
under each seat's effects worked out once per change of the event zones (legal.py ``SeatFx``),
and builds a scored round's result only when read. These must give exactly what apply() gives
(RULES §12): many seeded Extra Pepper games, played with choices that favour the event cards'
own actions (swaps, pair steals, face-down shells, Angelfish takes), are compared state by state
on both kinds of playout; and the points of every scoring effect against the breakdown's.
"""

import dataclasses
import random
from collections import Counter
from itertools import combinations

import pytest
from seasalt.engine import Rules, apply, legal_actions, new_game, playout
from seasalt.engine.actions import (
    Call,
    LookAtHand,
    PlaceShellFaceDown,
    StealPair,
    SwapCard,
    TakeAngelfishCard,
)
from seasalt.engine.event_cards import EventCard, effects_of
from seasalt.engine.legal import SEAT_FX
from seasalt.engine.playout import CountingPlayout, Playout
from seasalt.engine.scoring import (
    SCORING_EVENTS,
    SCORING_FX,
    breakdown_ids,
    effect_points,
    kind_counts,
)
from seasalt.engine.testing import deck_size

_PEPPER_ACTIONS = (SwapCard, StealPair, PlaceShellFaceDown, TakeAngelfishCard, LookAtHand, Call)


def _choose(legal, rng):  # type: ignore[no-untyped-def]
    """Mostly an event card's own action when one is legal, else any."""
    own = [a for a in legal if isinstance(a, _PEPPER_ACTIONS)]
    if own and rng.random() < 0.6:
        return own[rng.randrange(len(own))]
    return legal[rng.randrange(len(legal))]


@pytest.mark.parametrize("counting", [True, False])
def test_pepper_playouts_give_apply_s_states_and_scores(
    counting: bool, monkeypatch: pytest.MonkeyPatch
) -> None:
    # RULES §12: 45 seeded games, 2-4 players, with and without Extra Salt.
    monkeypatch.setattr(playout, "_COUNTING", counting)
    played: Counter[str] = Counter()
    for seed in range(45):
        rules = Rules(2 + seed % 3, extra_salt=seed % 2 == 1, extra_pepper=True)
        rng = random.Random(seed)
        state = new_game(rules, 7000 + seed)
        game = Playout(state)
        assert isinstance(game, CountingPlayout) is counting
        while not state.is_over:
            legal = legal_actions(state)
            assert game.legal_actions() == legal, (seed, state.move)
            action = _choose(legal, rng)
            played[type(action).__name__] += 1
            state = apply(state, action).state
            game.apply(action)
            # The whole state, the last round's result (built when read) included.
            assert game.state() == dataclasses.replace(state, log=()), (seed, state.move)
        assert (game.scores, game.winners, game.is_over) == (state.scores, state.winners, True)
    assert sum(played.values()) > 5_000
    for kind in ("SwapCard", "StealPair", "PlaceShellFaceDown", "TakeAngelfishCard", "Call",
                 "KeepEventCard"):
        assert played[kind] >= 1, played  # every event's own choice was played


def test_the_effect_points_are_the_breakdowns_total() -> None:
    # RULES §12.3-§12.6: every set of scoring effects on seeded random hands and tables.
    rng = random.Random(3)
    keys = [tuple(e for e in SCORING_EVENTS if e in chosen)
            for n in range(len(SCORING_EVENTS) + 1) for chosen in combinations(SCORING_EVENTS, n)]
    for _ in range(1200):
        cards = rng.sample(range(deck_size(Rules(2, extra_salt=True))), rng.randrange(1, 16))
        hand = sorted(cards[: rng.randrange(len(cards) + 1)])
        rest = cards[len(hand):]
        tables = [tuple(rest[i : i + 2]) for i in range(0, len(rest) - 1, 2)]
        h = kind_counts(hand)
        for key in keys:
            assert effect_points(h, hand, tables, SCORING_FX[key]) == (
                breakdown_ids(hand, tables, key).total
            ), (hand, tables, key)


def test_every_seat_s_effects_have_their_play_rules() -> None:
    # RULES §12.0: the table event and a held card; §12.8 Treasure Chest, §12.9 Diodon Fish.
    for table in (None, *EventCard):
        for held in (None, *EventCard):
            fx = SEAT_FX[effects_of(True, table, (held,), 0)]
            present = {table, held} - {None}
            assert set(fx.effects) == present
            assert fx.need == (10 if EventCard.TREASURE_CHEST in present else 7)
            assert len(fx.calls) == (1 if EventCard.DIODON_FISH in present else 2)
            assert fx.rodeo is (EventCard.WATER_RODEO in present)
            assert fx.coral is (EventCard.CORAL_REEF in present)
