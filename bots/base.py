"""The bot object and the level registry.

A bot is a small frozen value (level, seed, budget): picklable, so the server can run it in a
process pool, and stateless, so re-deciding the same view (after a reconnect) gives the same
action. Any randomness comes from ``decision_rng`` (bot seed, seat, ``view.move``).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass

from seasalt.engine import Action, PlayerView

from .basic import choose_basic
from .expert import Deadline, choose_expert
from .greedy import choose_greedy
from .levels import LEVELS

Policy = Callable[[PlayerView, random.Random, "int | None", "Deadline | None"], Action]
"""A level's decision function: (view, decision rng, budget, deadline) -> one of
view.legal_actions. Only a searching level reads the deadline (bots/expert.py ``Deadline``)."""

def decision_rng(seed: int, view: PlayerView) -> random.Random:
    """The one source of randomness for a decision: derived from (seed, seat, move) only."""
    seat = -1 if view.seat is None else view.seat
    return random.Random((seed * 1_000_003 + view.move) * 7 + seat)


def _random_policy(
    view: PlayerView, rng: random.Random, budget: int | None, deadline: Deadline | None
) -> Action:
    return view.legal_actions[rng.randrange(len(view.legal_actions))]


def _basic_policy(
    view: PlayerView, rng: random.Random, budget: int | None, deadline: Deadline | None
) -> Action:
    return choose_basic(view, rng)


def _greedy_policy(
    view: PlayerView, rng: random.Random, budget: int | None, deadline: Deadline | None
) -> Action:
    return choose_greedy(view, rng)


def _expert_policy(
    view: PlayerView, rng: random.Random, budget: int | None, deadline: Deadline | None
) -> Action:
    return choose_expert(view, rng, budget, deadline)


_POLICIES: dict[str, Policy] = {
    "random": _random_policy,
    "basic": _basic_policy,
    "greedy": _greedy_policy,
    "expert": _expert_policy,
}

# The names live in bots/levels.py (cheap to import); the policies must match them.
assert tuple(_POLICIES) == LEVELS, "bots/levels.py LEVELS and the policies disagree"


@dataclass(frozen=True, slots=True)
class Bot:
    """A player of one level. ``choose`` is a pure function of (level, seed, budget, view)."""

    level: str
    seed: int = 0
    budget: int | None = None
    """Search effort (expert: determinizations x rollouts scale); None = the level's default."""

    def choose(self, view: PlayerView, deadline: Deadline | None = None) -> Action:
        """Return one of ``view.legal_actions``. A searching level stops at ``deadline`` (a
        wall-clock think budget) and answers with what it has searched; without one, the
        choice is a pure function of (level, seed, budget, view).

        Raises:
            ValueError: when the view has no legal action (it is not this seat's turn).
        """
        legal = view.legal_actions
        if not legal:
            raise ValueError(
                f"seat {view.seat} has nothing to decide (to_act={view.to_act}, move {view.move})"
            )
        if len(legal) == 1:
            return legal[0]
        return _POLICIES[self.level](
            view, decision_rng(self.seed, view), self.budget, deadline
        )


def get_bot(level: str, seed: int | None = None, budget: int | None = None) -> Bot:
    """A bot of ``level`` (one of :data:`LEVELS`).

    Args:
        level: "random", "basic", "greedy" or "expert".
        seed: seeds the bot's own choices (None means 0: bots are deterministic by default).
        budget: search effort for levels that search; None is the level's default.

    Raises:
        ValueError: for an unknown level or a bad seed or budget.
    """
    if level not in _POLICIES:
        raise ValueError(f"unknown bot level {level!r}; levels are: {', '.join(LEVELS)}")
    if seed is not None and (not isinstance(seed, int) or isinstance(seed, bool)):
        raise ValueError(f"bot seed must be an int or None, not {seed!r}")
    if budget is not None and (
        not isinstance(budget, int) or isinstance(budget, bool) or budget < 1
    ):
        raise ValueError(f"bot budget must be a positive int or None, not {budget!r}")
    return Bot(level, 0 if seed is None else seed, budget)
