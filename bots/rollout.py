"""Fast playouts for the expert's search: a cheap policy that reads the state directly.

The policy looks only at what the acting seat could know (its hand and table, the pile tops,
public counts), so a playout is a plausible continuation, not a clairvoyant one; it reads them
from the state because building a view per simulated move would cost more than the move.

:func:`playout` plays on the engine's in-place :class:`~seasalt.engine.playout.Playout` (the
same rule code as ``apply()``, without a frozen state per move); :func:`reference_playout` is
the same playout through the immutable ``apply()``, which tests/bots/test_fast_rollout.py
requires to end in the same state.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from functools import lru_cache

from seasalt.engine import (
    Action,
    Call,
    CallKind,
    ChooseCrabPile,
    DrawFromDeck,
    GameState,
    KeepCard,
    KeepLobsterCard,
    Phase,
    PlayPair,
    Rob,
    TakeCrabCard,
    TakeDiscard,
    apply,
    card_points,
    legal_actions,
)
from seasalt.engine.playout import CountingPlayout, Playout

Game = GameState | Playout
"""What the policy reads: a frozen state, or a playout's working state (the same names)."""

_STOP = Call(CallKind.STOP)
# Enum members as module globals: an enum attribute lookup costs about 70 ns on CPython 3.11,
# and the policy tests the phase at every simulated move.
_DRAW, _KEEP, _PLAY = Phase.DRAW, Phase.KEEP, Phase.PLAY
_CRAB_PILE, _CRAB_TAKE, _LOBSTER, _ROB = (
    Phase.CRAB_PILE, Phase.CRAB_TAKE, Phase.LOBSTER, Phase.ROB
)
_LAST_CHANCE = Call(CallKind.LAST_CHANCE)

_WIN_BONUS = 30.0
"""Reward for winning the game, in round-score points: the game result outweighs a round."""

_OVER_LEAD = 0.25
"""Weight of the lead gained in a round that ends the game: once the game is over the margin
hardly matters, so a sure win now is not traded for a bigger win that might be lost."""


@lru_cache(maxsize=1 << 16)
def points(hand: tuple[int, ...], table: tuple[tuple[int, ...], ...]) -> int:
    """Engine card points, memoized: playouts score the same few hands again and again."""
    return card_points(hand, table)


def _gain(hand: tuple[int, ...], table: tuple[tuple[int, ...], ...], card: int) -> int:
    return points(tuple(sorted((*hand, card))), table) - points(hand, table)


def _gains(state: Game, seat: int, cards: list[int]) -> list[int]:
    """:func:`_gain` of each card for ``seat``; a counting playout (CPython's) has them from
    the counts it keeps (the same integers, no hand tuple built or looked up)."""
    if type(state) is CountingPlayout:
        return state.card_gains(seat, cards)[1]
    hand, table = tuple(state.hands[seat]), state.tables[seat]
    return [_gain(hand, table, c) for c in cards]


def _points(state: Game, seat: int) -> int:
    """``points`` of ``seat``'s hand and table."""
    if type(state) is CountingPlayout:
        return state.card_gains(seat, ())[0]
    return points(tuple(state.hands[seat]), state.tables[seat])


def _best_card(state: Game, seat: int, cards: list[int], rng: random.Random) -> int:
    gains = _gains(state, seat, cards)
    top = max(gains)
    best = [c for c, g in zip(cards, gains, strict=True) if g == top]
    return best[rng.randrange(len(best))]


_COVER = 0.35
"""Weight of our own interest in the top we bury (as the greedy level's ``cover``)."""


def _deny(state: Game, seat: int, options: list[KeepCard]) -> KeepCard:
    """Which pile the unkept card goes on: the one whose top the next seat wants most, less
    our own interest in it, as the greedy level does, so the search sees an opponent that
    buries what we collect (and plays its own discards so). It reads the next seat's hand from
    the world: a sampled one when the expert denies the opponent; the expert's own when the
    opponent denies it, which is more than the greedy knows (the cards it saw us take)."""
    nxt = (seat + 1) % state.players
    tops = []
    for a in options:
        assert a.pile is not None
        tops.append(state.piles[a.pile][-1])
    theirs, ours = _gains(state, nxt, tops), _gains(state, seat, tops)
    best = options[0]
    best_worth = -1e9
    for a, their_gain, our_gain in zip(options, theirs, ours, strict=True):
        worth = their_gain - _COVER * our_gain
        if worth > best_worth:
            best, best_worth = a, worth
    return best


def _estimate(state: Game, seat: int) -> float:
    """What an opponent appears to hold: laid groups plus a guess per hidden card."""
    pts = sum(3 if len(g) == 3 else 1 for g in state.tables[seat])
    return pts + 0.75 * len(state.hands[seat])


@dataclass(frozen=True, slots=True)
class CallPlan:
    """When a seat calls STOP or LAST CHANCE in a playout (the engine lists a call only from 7
    card points, RULES §3.3): by its points' lead over the best estimated opponent.

    Every seat plays :data:`DEFAULT_PLAN`; the expert also plays its own future turns under
    :data:`EAGER_PLAN` and :data:`PATIENT_PLAN` and keeps the best (bots/expert.py), so waiting
    is valued with the call timing it would really choose later, not one fixed rule's.
    """

    stop_lead: float
    """STOP when our points lead the best estimate by this much."""
    chance_lead: float
    """LAST CHANCE (rather than STOP) when they lead it by this much."""
    stop_points: int
    """STOP from this many points whatever the others seem to hold."""


DEFAULT_PLAN = CallPlan(stop_lead=1.0, chance_lead=5.0, stop_points=12)
EAGER_PLAN = CallPlan(stop_lead=-99.0, chance_lead=5.0, stop_points=0)
"""Call at the first chance (a STOP, or LAST CHANCE with a clear lead)."""
PATIENT_PLAN = CallPlan(stop_lead=4.0, chance_lead=7.0, stop_points=16)
"""Wait for a bigger lead (the deck's end and the game's end still call)."""
PLANS = (DEFAULT_PLAN, EAGER_PLAN, PATIENT_PLAN)


def _rollout_call(
    state: Game, seat: int, legal: tuple[Action, ...], plan: CallPlan
) -> Action | None:
    if state.rules.extra_pepper:
        # Under the Diodon Fish only LAST CHANCE is legal, and the Coral Reef's shells come
        # between the calls and END TURN (RULES §12.9, §12.12): call only what is listed.
        calls = [a for a in legal if isinstance(a, Call)]
        if not calls:
            return None
        wanted = _wanted_call(state, seat, plan)
        return wanted if wanted in calls else None
    if not isinstance(legal[-2], Call):  # calls, when legal, come just before END TURN
        return None
    return _wanted_call(state, seat, plan)


def _wanted_call(state: Game, seat: int, plan: CallPlan) -> Action | None:
    mine = _points(state, seat)
    guesses = [(s, _estimate(state, s)) for s in range(state.players) if s != seat]
    others = max(g for _, g in guesses)
    scores = state.scores
    target = state.rules.target_score
    # The game's end (RULES §8.1): a STOP that takes someone to the target ends the game, so
    # call it when it wins the game and never when it loses it (whatever the plan says).
    mine_total = scores[seat] + mine
    best_total = max(scores[s] + g for s, g in guesses)
    if max(mine_total, best_total) >= target:
        if mine_total >= best_total + 1:
            return _LAST_CHANCE if mine >= others + plan.chance_lead else _STOP
        return None
    if mine >= others + plan.chance_lead:
        return _LAST_CHANCE
    if mine >= others + plan.stop_lead or len(state.deck) <= 2 * state.players:
        return _STOP
    if mine >= plan.stop_points:
        return _STOP
    return None


def rollout_policy(
    state: Game,
    legal: tuple[Action, ...],
    rng: random.Random,
    seat_plan: tuple[int, CallPlan] | None = None,
    deny: bool = False,
) -> Action:
    """A quick, reasonable move among ``legal``, the legal actions of ``state.active`` (it reads
    only what that seat knows). ``seat_plan``: (seat, its call plan); every other seat calls by
    :data:`DEFAULT_PLAN`. ``deny``: the unkept card covers the top the next seat wants most
    (:func:`_deny`; the expert's playouts), else a random pile (the coach's)."""
    if len(legal) == 1:
        return legal[0]
    seat = state.active
    phase = state.phase
    if phase is _DRAW:
        takes = [a for a in legal if isinstance(a, TakeDiscard)]
        best: Action = legal[0]
        best_gain = 0
        for a, g in zip(takes, _gains(state, seat, [state.piles[a.pile][-1] for a in takes]),
                        strict=True):
            if g > best_gain:
                best, best_gain = a, g
        if best_gain == 0 and isinstance(legal[0], DrawFromDeck):
            return legal[0]
        return best
    if phase is _KEEP:
        keep = _best_card(state, seat, list(state.pending), rng)
        options = [a for a in legal if isinstance(a, KeepCard) and a.card == keep]
        if deny and len(options) == 2:
            return _deny(state, seat, options)
        return options[rng.randrange(len(options))]
    if phase is _PLAY:
        if isinstance(legal[0], PlayPair):
            return legal[0]
        plan = seat_plan[1] if seat_plan is not None and seat_plan[0] == seat else DEFAULT_PLAN
        call = _rollout_call(state, seat, legal, plan)
        return call if call is not None else legal[-1]
    if phase is _CRAB_PILE:
        return max(
            (a for a in legal if isinstance(a, ChooseCrabPile)),
            key=lambda a: len(state.piles[a.pile]),
        )
    if phase is _CRAB_TAKE:
        cards = [a.card for a in legal if isinstance(a, TakeCrabCard)]
        return TakeCrabCard(_best_card(state, seat, cards, rng))
    if phase is _LOBSTER:
        cards = [a.card for a in legal if isinstance(a, KeepLobsterCard)]
        return KeepLobsterCard(_best_card(state, seat, cards, rng))
    if phase is _ROB:
        targets = [a for a in legal if isinstance(a, Rob)]
        return max(targets, key=lambda a: len(state.hands[a.seat]))
    return legal[rng.randrange(len(legal))]


def evaluate(start: GameState, end: GameState, seat: int) -> float:
    """The seat's reward from ``start`` to ``end``: its lead gained, plus the game result (the
    lead counts for less in a round that ends the game: :data:`_OVER_LEAD`)."""
    return evaluate_scores(start, end.scores, end.winners if end.is_over else None, seat)


def evaluate_scores(
    start: GameState, scores: tuple[int, ...], winners: tuple[int, ...] | None, seat: int
) -> float:
    """:func:`evaluate` from the end's ``scores`` and ``winners`` (None: the game goes on)."""
    n = start.players

    def lead(scores: tuple[int, ...]) -> float:
        others = [scores[s] for s in range(n) if s != seat]
        return scores[seat] - 0.5 * (max(others) + sum(others) / len(others))

    reward = lead(scores) - lead(start.scores)
    if winners is not None:
        reward *= _OVER_LEAD
        if seat in winners:
            reward += _WIN_BONUS / len(winners)
        else:
            reward -= _WIN_BONUS / (n - 1)
    return reward


def playout(
    state: GameState,
    rng: random.Random,
    max_moves: int = 400,
    seat_plan: tuple[int, CallPlan] | None = None,
    deny: bool = False,
) -> GameState:
    """Play ``state`` with :func:`rollout_policy` until its round ends (or the game does);
    ``seat_plan`` and ``deny`` as there.

    The returned state has no round log (the playout keeps no events)."""
    game = Playout(state)
    round_no = state.round
    moves = 0
    while not game.is_over and game.round == round_no and moves < max_moves:
        game.apply(rollout_policy(game, game.legal_actions(), rng, seat_plan, deny))
        moves += 1
    return game.state()


def playout_scores(
    state: GameState,
    rng: random.Random,
    max_moves: int = 400,
    seat_plan: tuple[int, CallPlan] | None = None,
    deny: bool = False,
) -> tuple[tuple[int, ...], tuple[int, ...] | None]:
    """:func:`playout`'s end as :func:`evaluate_scores` reads it: (scores, winners or None
    while the game goes on). The same moves, but it stops as the round ends, before the engine
    deals the next one, and freezes no state (tests/bots/test_fast_rollout.py: equal to
    :func:`playout`'s end)."""
    game = Playout(state, stop_at_round_end=True)
    round_no = state.round
    moves = 0
    # The round number test as well: Extra Pepper's event keep choice deals the next round
    # itself, without the held deal (RULES §12.0).
    while (
        not game.is_over and not game.round_done and game.round == round_no and moves < max_moves
    ):
        game.apply(rollout_policy(game, game.legal_actions(), rng, seat_plan, deny))
        moves += 1
    return tuple(game.scores), (game.winners if game.is_over else None)


def reference_playout(
    state: GameState,
    rng: random.Random,
    max_moves: int = 400,
    seat_plan: tuple[int, CallPlan] | None = None,
    deny: bool = False,
) -> GameState:
    """:func:`playout` through the immutable ``apply()``: the reference it is tested against."""
    round_no = state.round
    moves = 0
    while not state.is_over and state.round == round_no and moves < max_moves:
        state = apply(
            state, rollout_policy(state, legal_actions(state), rng, seat_plan, deny)
        ).state
        moves += 1
    return state
