"""The coach: "what would the expert do here?", with the numbers behind it, for one seat's view.

The search is the expert's (bots/expert.py): determinizations drawn by the expert's
:class:`~seasalt.bots.sampler.Sampler` from the view alone, every candidate applied to the same
deal and played out with the same seeds (common random numbers) by the expert's rollout policy
(bots/rollout.py), ranked by the expert's reward (the lead gained this round plus the game
result, :func:`~seasalt.bots.rollout.evaluate`), with successive halving so the close calls get
the most playouts. Unlike the expert it keeps the figures a person wants: for each candidate the
mean lead gained this round and, from the same playouts carried on to the end of the game, the
share of them this seat won.

The coach reads nothing but the view: the sampler deals every card the view does not show at
random. It returns facts, not words: the action, the card a choice brings into the hand, and
the change of the hand's card points by the engine's own breakdown (what grew: pairs,
collectors, multipliers, mermaids, colour bonus), so the client can say "completes a pair" in
the player's language without scoring anything itself.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass

from seasalt.engine import (
    Action,
    Breakdown,
    GameState,
    KeepCard,
    KeepLobsterCard,
    PlayerView,
    TakeCrabCard,
    TakeDiscard,
    apply,
    breakdown,
    card,
)

from .expert import DEFAULT_BUDGET
from .rollout import evaluate, playout
from .sampler import Sampler

GAME_ROUNDS = 12
"""Rounds a playout is carried on past this one at most, to find who wins the game: a game
that has not ended by then (a rare stalemate of void rounds) counts as not won."""

COMPONENTS = ("pairs", "collectors", "multipliers", "mermaids", "color_bonus")
"""The parts of a hand's points a choice can grow, as :class:`Facts` names them."""


class Cancelled(Exception):
    """The caller gave up on the analysis (the turn passed, the player left the table)."""


@dataclass(frozen=True, slots=True)
class Facts:
    """What a choice changes in the hand, from the engine's breakdown (never the coach's rules).

    ``card``: the card it brings into the hand when the view shows it (a discard top, a kept
    card, a card taken from a pile or the lobster's five); None for a draw or a play.
    ``points_before`` / ``points_after``: the hand's card points without / with it.
    ``grows``: the parts of the points that grow with it (names from :data:`COMPONENTS`), by
    how much, largest first.
    """

    card: int | None = None
    points_before: int = 0
    points_after: int = 0
    grows: tuple[tuple[str, int], ...] = ()

    @property
    def points_gained(self) -> int:
        return self.points_after - self.points_before


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
    """The expert's mean reward (what the options are ranked by)."""
    playouts: int
    facts: Facts


@dataclass(frozen=True, slots=True)
class Advice:
    """The coach's answer for one view: options best first (``options[0]`` is the advice).

    ``move`` and ``round`` say which moment it was asked for: advice for another moment is
    stale. ``unsupported`` names a rules option the coach cannot search yet (no options then).
    """

    seat: int
    round: int
    move: int
    options: tuple[Option, ...]
    unsupported: str | None = None

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


def _gained_card(view: PlayerView, action: Action) -> int | None:
    if isinstance(action, TakeDiscard):
        return view.piles[action.pile].top
    if isinstance(action, KeepCard | TakeCrabCard | KeepLobsterCard):
        return action.card
    return None


def _parts(b: Breakdown) -> dict[str, int]:
    return {
        "pairs": b.pairs_on_table + b.pairs_in_hand + b.starfish,
        "collectors": b.collectors,
        "multipliers": b.multipliers,
        "mermaids": b.mermaids,
        "color_bonus": b.color_bonus,
    }


def facts_of(view: PlayerView, action: Action) -> Facts:
    """What ``action`` brings into the hand, scored by the engine (RULES §5)."""
    gained = _gained_card(view, action)
    if gained is None:
        return Facts()
    before = breakdown(view.hand, view.table, view.effects)
    after = breakdown((*view.hand, gained), view.table, view.effects)
    was, now = _parts(before), _parts(after)
    grows = sorted(
        ((name, now[name] - was[name]) for name in COMPONENTS if now[name] > was[name]),
        key=lambda item: -item[1],
    )
    return Facts(gained, before.total, after.total, tuple(grows))


def candidates(view: PlayerView) -> list[Action]:
    """The legal actions, one per distinct outcome: two cards of the same kind and colour
    taken or kept the same way lead to the same game (RULES §3.5), so one is simulated."""
    seen: set[object] = set()
    out: list[Action] = []
    for a in view.legal_actions:
        key: object = a
        if isinstance(a, KeepCard | TakeCrabCard | KeepLobsterCard):
            c = card(a.card)
            key = (type(a).__name__, c.kind, c.color, getattr(a, "pile", None))
        if key not in seen:
            seen.add(key)
            out.append(a)
    return out


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
    wins: float = 0.0
    count: int = 0

    def mean(self) -> float:
        return self.reward / self.count if self.count else float("-inf")


def analyse(
    view: PlayerView,
    budget: int | None = None,
    seed: int = 0,
    cancelled: Callable[[], bool] = lambda: False,
) -> Advice:
    """The expert's advice for ``view`` with its figures (see the module docstring).

    Args:
        view: the seat's own view (not a spectator's), with legal actions.
        budget: playouts in all (the expert's default for the player count when None).
        seed: seeds every draw, with ``view.move``: the same view and seed give the same advice.
        cancelled: asked between two deals; True stops the analysis.

    Raises:
        ValueError: a spectator's view, or a view with nothing to choose.
        Cancelled: ``cancelled()`` said so.
    """
    if view.seat is None or not view.legal_actions:
        raise ValueError("the coach needs the view of a seat that is to act")
    seat = view.seat
    if view.rules.extra_pepper:
        # The sampler and the expert handle Extra Pepper now, but the coach's own pieces do
        # not yet: `candidates` does not cut the Water Rodeo swaps as the expert does, and
        # `facts_of` knows no event action. No figures rather than wrong ones until they do.
        return Advice(seat, view.round, view.move, (), unsupported="extra_pepper")
    cands = candidates(view)
    rng = random.Random(seed * 1_000_003 + view.move)
    total = DEFAULT_BUDGET[view.rules.players] if budget is None else max(1, budget)
    sampler = Sampler(view)
    tallies = [_Tally() for _ in cands]
    alive = list(range(len(cands)))
    while True:
        last = len(alive) <= 2
        share = total if last else total // 2
        worlds = max(1, share // len(alive))
        for _ in range(worlds):
            if cancelled():
                raise Cancelled
            world = sampler.sample(rng, keep_log=False)
            playout_seed = rng.getrandbits(32)
            start_lead = _lead(world.scores, seat)
            for i in alive:
                prng = random.Random(playout_seed)
                end = playout(apply(world, cands[i]).state, prng)
                final = _to_game_end(end, prng)
                t = tallies[i]
                t.reward += evaluate(world, end, seat)
                t.lead += _lead(end.scores, seat) - start_lead
                if final.is_over and seat in final.winners:
                    t.wins += 1 / len(final.winners)
                t.count += 1
        total -= worlds * len(alive)
        if last or total < 2:
            break
        alive.sort(key=lambda i: tallies[i].mean(), reverse=True)
        alive = alive[: max(2, len(alive) // 2)]
    order = sorted(range(len(cands)), key=lambda i: (tallies[i].count > 0 and i in alive,
                                                     tallies[i].mean()), reverse=True)
    options = tuple(
        Option(
            cands[i],
            lead_gain=tallies[i].lead / tallies[i].count,
            win_chance=tallies[i].wins / tallies[i].count,
            reward=tallies[i].mean(),
            playouts=tallies[i].count,
            facts=facts_of(view, cands[i]),
        )
        for i in order
        if tallies[i].count
    )
    return Advice(seat, view.round, view.move, options)


__all__ = ["COMPONENTS", "Advice", "Cancelled", "Facts", "Option", "analyse", "candidates",
           "facts_of"]
