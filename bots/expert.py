"""The expert level: determinized search (perfect-information Monte Carlo).

For each of ``budget // options`` determinizations (states sampled consistently with the view,
:mod:`seasalt.bots.sampler`) every candidate action is applied and the round is played out with
the rollout policy; the action with the best mean reward (lead gained this round, plus the game
result) is chosen. All candidates share each determinization and playout seed (common random
numbers), so their differences are measured on the same deals. In two players a close call
between the two best actions gets up to two budgets more (:data:`CLOSE_EXTRA`): the budget's
noise, not the model, cost most of what a longer search wins. Everything is seeded from the
decision rng, so the same view and bot seed give the same choice.

STOP / LAST CHANCE timing: when a call is legal, ending the turn without one is searched under
each call plan of bots/rollout.py (our later turns call at the first chance, by the default
rule, or only with a bigger lead) and calling now is weighed against the best of them. Every
playout's seats call with the game's end in mind (a STOP that loses the game is never made, one
that wins it always), so the search sees an opponent about to end the game.

Extra Pepper's decisions are searched like the others (RULES §12): the sampler deals its hidden
zones, a Water Rodeo swap is simulated for the few swaps that help most and the pass, and the
choice of which event card to keep (between rounds) is played out over the next round.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from dataclasses import dataclass, replace

from seasalt.engine import (
    Action,
    Call,
    EndTurn,
    GameState,
    KeepCard,
    KeepLobsterCard,
    PassSwap,
    PlayerView,
    SwapCard,
    TakeCrabCard,
    apply,
    card,
)

# The expert breaks ties and places cards as the basic level does (the first greedy).
from .basic import choose_basic as choose_greedy
from .basic import hand_value
from .greedy import choose_greedy as choose_remembering
from .rollout import DEFAULT_PLAN, PLANS, CallPlan, evaluate_scores, playout_scores
from .sampler import Sampler
from .win_chance import MAX_TARGET, win_chance

DEFAULT_BUDGET = {2: 640, 3: 350, 4: 300}
"""Playouts per decision by player count (longer playouts with more players). The in-place
playouts (engine/playout.py) pay for 1.75x the immutable path's 240/200/170 in about the same
decision time (docs/results.md, "The arena"). Two players get 1.5x more again: their
decisions took a median 0.21 s of the 0.5 s allowed, and a 2p game is a race to call where
the close choices decide it."""

_MAX_CANDIDATES = 6
"""Card choices beyond this many (crab dig, lobster look) keep only the greedy favourites."""


def _keep_pile(view: PlayerView, keep: int) -> KeepCard:
    """The pile for the unkept card, when we keep ``keep``.

    In two players, the remembering greedy's choice among that card's keeps (it covers the top
    the next seat wants most, less our own interest in it): every top we leave is the
    opponent's next draw, and the basic level's "cover what we like least" left the greedy the
    cards it collects. With more players the next seat is one of several opponents and the
    denial cost more than it won (4p, seed 82's 200 games against three greedy: 93 wins with
    it, 104 without), so the pile covers the top we would least like
    to take later.
    """
    options = tuple(a for a in view.legal_actions if isinstance(a, KeepCard) and a.card == keep)
    if len(options) == 1:
        return options[0]
    if _denies(view):
        choice = choose_remembering(replace(view, legal_actions=options), random.Random(0))
        assert isinstance(choice, KeepCard)
        return choice
    greedy = choose_greedy(view, random.Random(0))
    if isinstance(greedy, KeepCard) and greedy.card == keep:
        return greedy
    base = hand_value(view.hand, view.table)
    tops = [view.piles[p].top for p in (0, 1)]
    worth = [
        hand_value((*view.hand, t), view.table) - base if t is not None else -9.0 for t in tops
    ]
    return min(options, key=lambda a: worth[a.pile if a.pile is not None else 0])


def _denies(view: PlayerView) -> bool:
    """Whether the expert's keeps and its playouts' keeps bury the next seat's wanted top:
    in two players only (the next seat is the only opponent)."""
    return view.rules.players == 2


def _candidates(view: PlayerView) -> list[Action]:
    """The legal actions worth simulating: one per distinct outcome, the hopeless pruned.

    Keeping a card is simulated once per card (the pile for the other one is the greedy pick):
    the pile matters far less than the card and would double the work.
    """
    seen: set[object] = set()
    out: list[Action] = []
    for a in view.legal_actions:
        # Two cards of the same kind and colour give the same outcome: simulate one of them.
        if isinstance(a, KeepCard):
            c = card(a.card)
            key: object = ("keep", c.kind, c.color)
            a = _keep_pile(view, a.card) if key not in seen else a
        elif isinstance(a, TakeCrabCard | KeepLobsterCard):
            c = card(a.card)
            key = (type(a).__name__, c.kind, c.color)
        elif isinstance(a, SwapCard):
            give, take = card(a.give), card(a.take)
            key = ("swap", give.kind, give.color, take.kind, take.color)
        else:
            key = a
        if key not in seen:
            seen.add(key)
            out.append(a)
    if len(out) > _MAX_CANDIDATES and all(
        isinstance(a, TakeCrabCard | KeepLobsterCard) for a in out
    ):
        base = hand_value(view.hand, view.table)

        def gain(a: Action) -> float:
            assert isinstance(a, TakeCrabCard | KeepLobsterCard)
            return hand_value((*view.hand, a.card), view.table) - base

        out = sorted(out, key=gain, reverse=True)[:_MAX_CANDIDATES]
    elif len(out) > _MAX_CANDIDATES and all(isinstance(a, SwapCard | PassSwap) for a in out):
        # The Water Rodeo swap (RULES §12.3): the passes and the swaps that help us most.
        base = hand_value(view.hand, view.table)

        def swap_gain(a: Action) -> float:
            if not isinstance(a, SwapCard):
                return 0.0
            hand = list(view.hand)
            hand.remove(a.give)
            return hand_value((*hand, a.take), view.table) - base

        passes: list[Action] = [a for a in out if isinstance(a, PassSwap)]
        swaps: list[Action] = sorted(
            (a for a in out if isinstance(a, SwapCard)), key=swap_gain, reverse=True
        )
        out = passes + swaps[: _MAX_CANDIDATES - len(passes)]
    return out


Option = tuple[Action, CallPlan]
"""A searched choice: the action, and the call plan our seat plays its later turns by."""


def _options(view: PlayerView, candidates: list[Action]) -> list[Option]:
    """The candidates with their call plans: when we may call now, waiting (END TURN) is tried
    under each plan of :data:`~seasalt.bots.rollout.PLANS` (call at the next chance, by the
    default rule, for a bigger lead), so STOP now is weighed against the best later timing."""
    if not any(isinstance(a, Call) for a in candidates):
        return [(a, DEFAULT_PLAN) for a in candidates]
    out: list[Option] = []
    for a in candidates:
        plans = PLANS if isinstance(a, EndTurn) else (DEFAULT_PLAN,)
        out.extend((a, plan) for plan in plans)
    return out


@dataclass(frozen=True, slots=True)
class Deadline:
    """When a search must stop and answer with what it has (a wall-clock think budget).

    ``at`` is a time on ``clock`` (``time.monotonic`` by default: the same clock in every
    process of a Linux machine, so a server can set it for a worker); tests pass a fake clock.
    """

    at: float
    clock: Callable[[], float] = time.monotonic

    def passed(self) -> bool:
        return self.clock() >= self.at


def _simulate(
    sampler: Sampler,
    options: list[Option],
    worlds: int,
    seat: int,
    rng: random.Random,
    rewards: list[list[float]],
    alive: list[int],
    deny: bool,
    deadline: Deadline | None = None,
) -> bool:
    """Append ``worlds`` determinizations' playout rewards to each ``alive`` option's list
    (world by world: two options alive together have their rewards of the same deals at the
    same places, which :func:`_close` pairs). With a ``deadline``, stop once it has passed
    (looked at before each playout; a deal not played out for every alive option is dropped,
    so they keep as many rewards each) and return False."""
    for _ in range(worlds):
        if deadline is not None and deadline.passed():
            return False
        world = sampler.sample(rng, keep_log=False)
        playout_seed = rng.getrandbits(32)
        after: dict[Action, GameState] = {}
        for j, i in enumerate(alive):
            if j and deadline is not None and deadline.passed():
                for done in alive[:j]:
                    rewards[done].pop()
                return False
            action, plan = options[i]
            start = after.get(action)
            if start is None:
                start = after[action] = apply(world, action).state
            scores, winners = playout_scores(
                start, random.Random(playout_seed), seat_plan=(seat, plan), deny=deny
            )
            rewards[i].append(_reward(world, scores, winners, seat))
    return True


def _reward(
    world: GameState, scores: tuple[int, ...], winners: tuple[int, ...] | None, seat: int
) -> float:
    """A playout's worth to ``seat``. In two players, the chance of winning the game from the
    round's end (bots/win_chance.py; a finished game: 1 won, 0 lost, shared split), so the
    search plays for the game, not the round's points: near the target a safe small round is
    worth less than a risky big one. With more players (or a target beyond the table), the
    lead gained plus the game result (bots/rollout.py :func:`evaluate_scores`)."""
    target = world.rules.target_score
    if world.players != 2 or target > MAX_TARGET:
        return evaluate_scores(world, scores, winners, seat)
    if winners is not None:
        return 1.0 / len(winners) if seat in winners else 0.0
    return win_chance(scores[seat], scores[1 - seat], target)


@dataclass(frozen=True, slots=True)
class Searched:
    """What a search decided: the action, and the mean reward its playouts gave it (in two
    players the chance to win the game, bots/win_chance.py; None when nothing was searched)."""

    action: Action
    value: float | None


def choose_expert(
    view: PlayerView, rng: random.Random, budget: int | None, deadline: Deadline | None = None
) -> Action:
    """The action with the best mean playout reward over sampled determinizations."""
    return search(view, rng, budget, deadline).action


def search(
    view: PlayerView, rng: random.Random, budget: int | None, deadline: Deadline | None = None
) -> Searched:
    """:func:`choose_expert`'s search, with the chosen action's mean reward: what an arena
    compares with the games' results (benchmarks/expert_vs_other.py ``--calibration``).

    Successive halving: half the budget is spread over every option, then the better half
    (at least two) share the rest, so the close calls get the most playouts. A close call
    between the last two gets up to :data:`CLOSE_EXTRA` budgets more (:func:`_close`).

    Anytime: with a ``deadline`` the search stops between two deals once it has passed and
    answers with the best option searched so far (before any deal: the basic level's
    choice). Without one, the same view and rng give the same choice whatever the load.
    """
    assert view.seat is not None
    candidates = _candidates(view)
    if len(candidates) == 1:
        return Searched(candidates[0], None)
    base = DEFAULT_BUDGET[view.rules.players] if budget is None else budget
    total = base
    sampler = Sampler(view)
    options = _options(view, candidates)
    n = len(options)
    rewards: list[list[float]] = [[] for _ in range(n)]
    alive = list(range(n))
    deny = _denies(view)

    def mean(i: int) -> float:
        return sum(rewards[i]) / len(rewards[i])

    in_time = True
    while True:
        last = len(alive) <= 2
        share = total if last else total // 2
        worlds = max(1, share // len(alive))
        in_time = _simulate(
            sampler, options, worlds, view.seat, rng, rewards, alive, deny, deadline
        )
        total -= worlds * len(alive)
        if last or total < 2 or not in_time:
            break
        alive.sort(key=mean, reverse=True)
        alive = alive[: max(2, len(alive) // 2)]
    if not rewards[alive[0]]:  # out of time before the first deal was played out
        return Searched(choose_greedy(view, rng), None)
    # (Two players only: measured there, benchmarks/search_noise.py; 3-4 players keep their
    # budgets and their figures.)
    extra = CLOSE_EXTRA * base if view.rules.players == 2 and in_time else 0
    chunk = max(1, base // 4)  # worlds for each of the two per step: half a budget a step
    while extra >= 2 * chunk:
        pair = _rivals(options, sorted(alive, key=mean, reverse=True))
        if pair is None or not _close(rewards, *pair):
            break
        in_time = _simulate(
            sampler, options, chunk, view.seat, rng, rewards, list(pair), deny, deadline
        )
        extra -= 2 * chunk
        alive = list(pair)
        if not in_time:
            break
    best = max(alive, key=mean)
    # Ties (e.g. a tiny budget) go to the greedy choice when it is among the best.
    greedy = choose_greedy(view, rng)
    for g in alive:
        if options[g][0] == greedy and mean(g) >= mean(best):
            return Searched(greedy, mean(g))
    return Searched(options[best][0], mean(best))


CLOSE_EXTRA = 2
"""How many budgets more a close call may get in two players (:func:`_close`). At 200 positions
of greedy games the budget's noise cost a 640-playout choice 0.00056 of win chance on average
against a 4,000-deal search of every option, 0.00036 with this (1.65x the playouts on average,
3x at most), 0.00020 at 2,560 playouts (benchmarks/search_noise.py)."""

CLOSE_Z = 2.0
"""A call is close while the two best options' paired difference is within this many of its
standard errors."""


def _rivals(options: list[Option], ranked: list[int]) -> tuple[int, int] | None:
    """The best option and the best one of another action (two call plans of one END TURN
    are one choice now), or None when every option left is the same action."""
    first = ranked[0]
    for other in ranked[1:]:
        if options[other][0] != options[first][0]:
            return first, other
    return None


def _close(rewards: list[list[float]], a: int, b: int) -> bool:
    """Whether options ``a`` and ``b`` are not told apart yet: their mean rewards over the
    same deals differ by less than :data:`CLOSE_Z` standard errors of the paired
    difference."""
    diffs = [x - y for x, y in zip(rewards[a], rewards[b], strict=True)]
    k = len(diffs)
    if k < 2:
        return True
    m = sum(diffs) / k
    var = sum((d - m) ** 2 for d in diffs) / (k - 1)
    if var == 0.0:
        return False  # the same reward on every deal: more deals will not part them
    return m * m < CLOSE_Z * CLOSE_Z * var / k
