"""What a playout keeps beside the zones (engine/playout.py): per-seat card counts changed as
cards move, one generator reseeded per chance event, a round's result built when asked for.

Each must be exactly what the zones and the immutable path give, at every step: the lockstep
test (test_fast_playouts.py) compares the frozen states and legal actions, which these feed;
these tests check the kept values themselves.
"""

import dataclasses
import random
import sys

import pytest
from seasalt.engine import Rules, apply, legal_actions, new_game, playout
from seasalt.engine.actions import StealPair
from seasalt.engine.cards import COLOR_OF, KIND_OF, Color, Kind
from seasalt.engine.playout import CountingPlayout, Playout
from seasalt.engine.state import RoundEnd
from seasalt.engine.testing import playout_mismatch
from seasalt.engine.work import rng

KINDS, COLORS = list(Kind), list(Color)


def recount(game: CountingPlayout, seat: int) -> tuple[list[int], list[int], list[int], int]:
    """The seat's counts from its zones, written plainly (by enum, not by the engine's tables)."""
    hand_kinds = [sum(KIND_OF[c] is k for c in game.hands[seat]) for k in KINDS]
    laid = [c for group in game.tables[seat] for c in group]
    kinds = [n + sum(KIND_OF[c] is k for c in laid) for n, k in zip(hand_kinds, KINDS, strict=True)]
    cards = [*game.hands[seat], *laid]
    colors = [sum(COLOR_OF[c] is col for c in cards) for col in COLORS]
    table_points = sum(3 if len(g) == 3 else 1 for g in game.tables[seat])  # RULES §5.2, §11.4
    return hand_kinds, kinds, colors, table_points


def kept(game: CountingPlayout, seat: int) -> tuple[list[int], list[int], list[int], int]:
    return game.hand_kinds[seat], game.kinds[seat], game.colors[seat], game.table_points[seat]


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("extra_salt", [False, True])
@pytest.mark.parametrize("extra_pepper", [False, True])
def test_the_kept_counts_are_a_recount_at_every_step(
    players: int, extra_salt: bool, extra_pepper: bool
) -> None:
    """Seeded random games from the start and from mid-game positions: after every action each
    seat's kept counts equal a recount of its hand and table."""
    rules = Rules(players, extra_salt=extra_salt, extra_pepper=extra_pepper)
    steps = 0
    for seed in range(12):
        rng_ = random.Random(seed)
        state = new_game(rules, 500 + seed)
        for _ in range(rng_.randrange(40)):  # a playout may start anywhere
            if state.is_over:
                break
            legal = legal_actions(state)
            state = apply(state, legal[rng_.randrange(len(legal))]).state
        game = CountingPlayout(state)
        while True:
            for seat in range(players):
                assert kept(game, seat) == recount(game, seat), (seed, game.move, seat)
            if game.is_over:
                break
            legal = game.legal_actions()
            game.apply(legal[rng_.randrange(len(legal))])
            steps += 1
    assert steps > 1000


def test_a_stolen_pair_is_counted_for_both_seats() -> None:
    """Extra Pepper's Water Rodeo moves a laid pair between tables (RULES §12.3): the one zone
    change that is not a card in or out of a hand. Found in seeded games and checked there."""
    rules = Rules(2, extra_pepper=True)
    steals = 0
    for seed in range(400):
        rng_ = random.Random(seed)
        game = CountingPlayout(new_game(rules, seed))
        while not game.is_over:
            legal = game.legal_actions()
            action = legal[rng_.randrange(len(legal))]
            game.apply(action)
            if isinstance(action, StealPair):
                steals += 1
                for seat in range(2):
                    assert kept(game, seat) == recount(game, seat)
        if steals >= 3:
            break
    assert steals >= 3


def test_playout_makes_the_counting_one_on_cpython_only() -> None:
    game = Playout(new_game(Rules(2), 1))
    assert isinstance(game, Playout)
    assert isinstance(game, CountingPlayout) is (sys.implementation.name == "cpython")


@pytest.mark.parametrize("counting", [False, True])
def test_both_playouts_play_as_apply_does(counting: bool, monkeypatch: pytest.MonkeyPatch) -> None:
    """The lockstep test (test_fast_playouts.py) plays the one ``Playout(state)`` makes here;
    this plays each of the two on a few games of every option, whatever the interpreter."""
    monkeypatch.setattr(playout, "_COUNTING", counting)
    assert isinstance(Playout(new_game(Rules(2), 1)), CountingPlayout) is counting
    for extra_pepper in (False, True):
        for players in (2, 3, 4):
            rules = Rules(players, extra_salt=players != 3, extra_pepper=extra_pepper)
            for seed in range(4):
                assert playout_mismatch(rules, 7000 + seed) is None


def test_the_reseeded_generator_is_a_new_random_of_each_event() -> None:
    """A playout reuses one generator: each chance event's starts as ``random.Random`` of that
    event would (engine.work.rng), whatever the previous event drew from it."""
    game = Playout(new_game(Rules(2), 77))
    first = game.rng_counter
    for i in range(5):
        made = game.next_rng()
        reference = rng(77, first + i)
        assert made.getstate() == reference.getstate()
        assert [made.getrandbits(7) for _ in range(50)] == [
            reference.getrandbits(7) for _ in range(50)
        ]
    assert game.rng_counter == first + 5


def test_a_rounds_result_is_built_when_read_and_equals_the_immutable_one() -> None:
    """Without Extra Pepper a playout scores a round from its counts and builds the result only
    when ``last_result`` is read (or the state frozen): read right after the round, or a few
    actions into the next one (the deal has replaced the zones it came from), it is apply()'s."""
    rules = Rules(3, extra_salt=True)
    scored = 0
    for seed in range(40):
        rng_ = random.Random(seed)
        state = new_game(rules, seed)
        game = CountingPlayout(state)
        read_in = -1  # actions until the next read of game.last_result
        while not state.is_over:
            legal = legal_actions(state)
            action = legal[rng_.randrange(len(legal))]
            state = apply(state, action).state
            round_before = game.round
            game.apply(action)
            read_in -= 1
            result = state.last_result
            if game.round != round_before or game.is_over:
                assert result is not None
                if result.end in (RoundEnd.STOP, RoundEnd.LAST_CHANCE):
                    scored += 1
                    read_in = scored % 4  # 0: at once; else 1-3 actions later
            if read_in == 0:
                assert game.last_result == result
        assert game.state() == dataclasses.replace(state, log=())
    assert scored > 50


def test_the_plain_card_points_are_the_breakdowns_total() -> None:
    """``scoring.plain_points`` (the call check, a playout's round scoring and ``card_points``
    without effects) against the breakdown the reference scores by: thousands of seeded hands
    and tables from the whole Extra Salt deck, with the counts passed as a playout passes them
    and counted there."""
    from seasalt.engine.pair_matching import CARD_COLOR, N_COLORS, pairs_in_hand
    from seasalt.engine.scoring import breakdown_ids, card_points, kind_counts, plain_points

    rng_ = random.Random(8)
    for _ in range(4000):
        cards = rng_.sample(range(66), rng_.randrange(0, 16))
        cut = rng_.randrange(len(cards) + 1)
        hand, rest = sorted(cards[:cut]), cards[cut:]
        groups = []  # laid groups of two and three (the scoring reads only their sizes)
        while len(rest) >= 2:
            size = min(rng_.choice((2, 3)), len(rest))
            groups.append(tuple(rest[:size]))
            rest = rest[size:]
        table = tuple(groups)
        laid = [c for g in table for c in g]
        expected = breakdown_ids(hand, table).total
        h = kind_counts(hand)
        colors = [0] * N_COLORS
        for c in [*hand, *laid]:
            colors[CARD_COLOR[c]] += 1
        counted = (kind_counts([*hand, *laid]), sum(3 if len(g) == 3 else 1 for g in table),
                   colors)
        assert plain_points(h, pairs_in_hand(h), hand, table) == expected
        assert plain_points(h, pairs_in_hand(h), hand, table, *counted) == expected
        assert card_points(hand, table) == expected


@pytest.mark.parametrize("counting", [False, True])
def test_a_playout_stopped_at_the_rounds_end_has_apply_s_scores(
    counting: bool, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``stop_at_round_end``: from a position in each round of seeded random games, the playout
    plays apply()'s moves until the round ends (scored, void or the game's end) and then stops
    before the deal, with apply()'s scores (and winners when the game is over)."""
    monkeypatch.setattr(playout, "_COUNTING", counting)
    ends = {"round": 0, "over": 0}
    for seed in range(16):
        rules = Rules(2 + seed % 3, extra_salt=seed % 2 == 0, extra_pepper=seed % 4 >= 2)
        rng_ = random.Random(seed)
        state = new_game(rules, seed)
        while not state.is_over:
            game = Playout(state, stop_at_round_end=True)
            start_round = state.round
            while True:
                legal = legal_actions(state)
                action = legal[rng_.randrange(len(legal))]
                state = apply(state, action).state
                game.apply(action)
                if state.is_over or state.round != start_round or game.round_done:
                    break
                assert not game.is_over
            if state.is_over:
                assert game.is_over and game.winners == state.winners
                ends["over"] += 1
            elif game.round_done:
                # Held before the deal (and before Extra Pepper's event hand-off).
                assert not game.is_over and game.round == start_round and game.to_act is None
                ends["round"] += 1
            else:  # Extra Pepper: started at the event keep choice, whose step deals (§12.0)
                assert rules.extra_pepper and state.round == start_round + 1
            assert tuple(game.scores) == state.scores
    assert ends["round"] > 30 and ends["over"] > 5
