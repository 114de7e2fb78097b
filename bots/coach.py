"""The coach: "what would the expert do here?", with the numbers behind it, for one seat's view.

The search is the expert's (bots/expert.py): determinizations drawn by the expert's
:class:`~seasalt.bots.sampler.Sampler` from the view alone, every candidate applied to the same
deal and played out with the same seeds (common random numbers) by the expert's rollout policy
(bots/rollout.py). Unlike the expert it keeps the figures a person wants, and ranks by them
(bots/coach_rank.py): for each candidate the mean lead gained this round and, from the same
playouts carried on to the end of the game, the share of them this seat won. Every candidate is
played out on every deal (no halving), so two candidates' wins can be compared deal by deal.

The coach reads nothing but the view: the sampler deals every card the view does not show at
random (with Extra Pepper also the event deck's order and others' face-down shells, and it keeps
what our Water Rodeo look showed, RULES §12.13). It returns facts, not words
(bots/coach_facts.py): the action, the card a choice brings into the hand, the change of the
hand's card points by the engine's own breakdown under the seat's effects (what grew: pairs,
collectors, multipliers, mermaids, colour bonus; what each event changed), and the event effects
the engine carried out after it, so the client can say "completes a pair" or "then the Dolphins
give you the top deck card" in the player's language without scoring anything itself.

Every Extra Pepper decision is searched like the others (RULES §12): the Angelfish's take, the
Water Rodeo's look, swap or pass and pair steal, the Coral Reef's face-down shell, the Hermit
Crab's takes, and the keep choice between rounds (played out over the next round).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, field

from seasalt.engine import (
    Action,
    ChooseCrabPile,
    EventCard,
    GameState,
    KeepCard,
    KeepLobsterCard,
    PlaceShellFaceDown,
    PlayerView,
    SwapCard,
    TakeCrabCard,
    TakeDiscard,
    apply,
    card,
    card_points,
    seat_effects,
)

from .coach_facts import COMPONENTS, Facts, facts_of, in_order, outcome
from .coach_rank import rank
from .rollout import evaluate, playout
from .sampler import Sampler

COACH_BUDGET = {2: 240, 3: 200, 4: 170}
"""Playouts a question by player count: the expert's budget before the in-place playouts
let it raise its own 1.75x. A player waits for the coach's answer at the table; this keeps it
about a second of CPU (benchmarks/coach_cpu.py) while the playouts' figures stay steady enough
to rank the choices."""

GAME_ROUNDS = 12
"""Rounds a playout is carried on past this one at most, to find who wins the game: a game
that has not ended by then (a rare stalemate of void rounds) counts as not won."""

SWAP_CHOICES = 6
"""A Water Rodeo swap phase simulates at most this many choices: the pass and the swaps worth
most by the engine's card points (a hand of six against six is 36 swaps, too many to play each
out in a second; the expert cuts them the same way)."""


class Cancelled(Exception):
    """The caller gave up on the analysis (the turn passed, the player left the table)."""


@dataclass(frozen=True, slots=True)
class Option:
    """One candidate and its playout figures."""

    action: Action
    lead_gain: float
    """Mean points gained on the opponents by the end of this round (the expert's lead: own
    round points minus the mean of the best opponent's and the opponents' average)."""
    win_chance: float
    """Share of the playouts (carried on to the game's end) this seat won, 0..1."""
    reward: float
    """The expert's mean reward (bots/rollout.py ``evaluate``), for comparison: the options
    are ranked by the figures shown (bots/coach_rank.py)."""
    playouts: int
    facts: Facts
    as_likely_to_win: bool = False
    """Its chance to win is not told apart from the advice's by these playouts: the words say
    "as likely to win", not a percentage that only seems to differ (never for the advice)."""


@dataclass(frozen=True, slots=True)
class Advice:
    """The coach's answer for one view: options best first (``options[0]`` is the advice).

    ``move`` and ``round`` say which moment it was asked for: advice for another moment is
    stale.
    """

    seat: int
    round: int
    move: int
    options: tuple[Option, ...]

    @property
    def best(self) -> Option | None:
        return self.options[0] if self.options else None

    def fits(self, view: PlayerView) -> bool:
        """This advice is for ``view``'s moment (same seat, round and move, still to act)."""
        return (
            view.seat == self.seat
            and view.round == self.round
            and view.move == self.move
            and bool(view.legal_actions)
        )


def candidates(view: PlayerView, include: Action | None = None) -> list[Action]:
    """The legal actions, one per distinct outcome: two cards of the same kind and colour
    taken, kept, laid face down or swapped the same way lead to the same game (RULES §3.5), so
    one is simulated, as is one of two twin piles (:func:`_twin_piles`); a Water Rodeo swap
    keeps the :data:`SWAP_CHOICES` worth most.

    ``include``: a legal action that stands for its outcome (and is never cut) in place of the
    first one of the same outcome: the choice a player made, which a review weighs as made."""
    twins = _twin_piles(view)
    wanted = _outcome_key(view, include, twins) if include is not None else None
    seen: set[object] = set()
    out: list[Action] = []
    for a in view.legal_actions:
        key = _outcome_key(view, a, twins)
        if key not in seen:
            seen.add(key)
            out.append(include if include is not None and key == wanted else a)
    swaps = [a for a in out if isinstance(a, SwapCard)]
    if len(out) > SWAP_CHOICES and swaps:
        worth = _swap_worth(view)
        best = sorted(swaps, key=worth, reverse=True)[: SWAP_CHOICES - (len(out) - len(swaps))]
        out = [a for a in out if not isinstance(a, SwapCard) or a in best or a == include]
    return out


def _outcome_key(view: PlayerView, a: Action, twins: bool) -> object:
    """What tells ``a``'s outcome from the other legal actions' (:func:`candidates`)."""
    if isinstance(a, TakeDiscard | ChooseCrabPile) and twins:
        return type(a).__name__
    if isinstance(a, KeepCard | TakeCrabCard | KeepLobsterCard | PlaceShellFaceDown):
        c = card(a.card)
        pile = None if twins else getattr(a, "pile", None)
        return (type(a).__name__, c.kind, c.color, pile)
    if isinstance(a, SwapCard):
        give, take = card(a.give), card(a.take)
        return ("swap", give.kind, give.color, take.kind, take.color)
    return a


def _twin_piles(view: PlayerView) -> bool:
    """Whether the two discard piles are the same as far as anyone knows: empty, or one card
    each of the same kind and colour (a round's first turn can deal that). Then taking from
    either, or putting a card on either, leads to the same game with the piles swapped, and
    two sets of playouts for it would only show their noise as a difference (one said 59% to
    win for pile 2 and 41% for pile 1). Piles with cards under their tops are not twins: what
    lies under them was seen going down."""
    first, second = view.piles
    if first.size != second.size or first.size > 1:
        return False
    if first.top is None or second.top is None:
        return first.top is second.top
    a, b = card(first.top), card(second.top)
    return (a.kind, a.color) == (b.kind, b.color)


def _swap_worth(view: PlayerView) -> Callable[[SwapCard], int]:
    """What a swap gains on its target in card points, by the engine (each seat under its own
    effects; theirs is the hand we looked at, our ``pending``, RULES §12.3)."""
    target = view.swap_target
    mine = card_points(view.hand, view.table, view.effects)
    looked = view.pending
    theirs_fx = seat_effects(view, target) if target is not None else ()
    theirs_table = view.seats[target].table if target is not None else ()
    theirs = card_points(looked, theirs_table, theirs_fx)

    def worth(a: SwapCard) -> int:
        hand = list(view.hand)
        hand.remove(a.give)
        other = list(looked)
        if a.take in other:
            other.remove(a.take)
        gain = card_points((*hand, a.take), view.table, view.effects) - mine
        loss = theirs - card_points((*other, a.give), theirs_table, theirs_fx)
        return gain + loss

    return worth


def _lead(scores: tuple[int, ...], seat: int) -> float:
    """The expert's lead (bots/rollout.py ``evaluate``): own score minus the mean of the best
    opponent's and the opponents' average."""
    others = [scores[s] for s in range(len(scores)) if s != seat]
    return scores[seat] - 0.5 * (max(others) + sum(others) / len(others))


def _to_game_end(state: GameState, rng: random.Random) -> GameState:
    for _ in range(GAME_ROUNDS):
        if state.is_over:
            break
        state = playout(state, rng)
    return state


@dataclass(slots=True)
class _Tally:
    reward: float = 0.0
    lead: float = 0.0
    wins: list[float] = field(default_factory=list)
    """This choice's result on each deal, in order: 1 won, a share of a shared win, 0."""
    triggers: frozenset[EventCard] | None = None
    """The event effects every deal so far showed this choice set off (None: no deal yet)."""
    wins_now: bool = True

    def saw(self, seen: tuple[frozenset[EventCard], bool]) -> None:
        triggers, wins = seen
        self.triggers = triggers if self.triggers is None else self.triggers & triggers
        self.wins_now = self.wins_now and wins


def analyse(
    view: PlayerView,
    budget: int | None = None,
    seed: int = 0,
    cancelled: Callable[[], bool] = lambda: False,
    include: Action | None = None,
) -> Advice:
    """The expert's advice for ``view`` with its figures (see the module docstring).

    Args:
        view: the seat's own view (not a spectator's), with legal actions.
        budget: playouts in all (:data:`COACH_BUDGET` for the player count when None).
        seed: seeds every draw, with ``view.move``: the same view and seed give the same advice.
        cancelled: asked between two deals; True stops the analysis.
        include: a legal action to weigh as it is (:func:`candidates`): a review's choice.

    Raises:
        ValueError: a spectator's view, or a view with nothing to choose.
        Cancelled: ``cancelled()`` said so.
    """
    if view.seat is None or not view.legal_actions:
        raise ValueError("the coach needs the view of a seat that is to act")
    seat = view.seat
    cands = candidates(view, include)
    rng = random.Random(seed * 1_000_003 + view.move)
    total = COACH_BUDGET[view.rules.players] if budget is None else max(1, budget)
    sampler = Sampler(view)
    tallies = [_Tally() for _ in cands]
    deals = max(1, total // len(cands))
    for _ in range(deals):
        if cancelled():
            raise Cancelled
        world = sampler.sample(rng, keep_log=False)
        playout_seed = rng.getrandbits(32)
        start_lead = _lead(world.scores, seat)
        for action, t in zip(cands, tallies, strict=True):
            prng = random.Random(playout_seed)
            result = apply(world, action)
            end = playout(result.state, prng)
            final = _to_game_end(end, prng)
            t.saw(outcome(view, result))
            t.reward += evaluate(world, end, seat)
            t.lead += _lead(end.scores, seat) - start_lead
            won = final.is_over and seat in final.winners
            t.wins.append(1 / len(final.winners) if won else 0.0)
    order, told_apart = rank(
        [t.lead / deals for t in tallies], [t.wins for t in tallies],
        [t.wins_now for t in tallies],
    )
    options = tuple(
        Option(
            cands[i],
            lead_gain=tallies[i].lead / deals,
            win_chance=sum(tallies[i].wins) / deals,
            reward=tallies[i].reward / deals,
            playouts=deals,
            facts=facts_of(view, cands[i], in_order(tallies[i].triggers or ()),
                           tallies[i].wins_now),
            as_likely_to_win=not apart,
        )
        for i, apart in zip(order, told_apart, strict=True)
    )
    return Advice(seat, view.round, view.move, options)


__all__ = ["COMPONENTS", "Advice", "Cancelled", "Facts", "Option", "analyse", "candidates",
           "facts_of"]
