"""The expert level: determinized search (perfect-information Monte Carlo).

For each of ``budget // options`` determinizations (states sampled consistently with the view,
:mod:`seasalt.bots.sampler`) every candidate action is applied and the round is played out with
the rollout policy; the action with the best mean reward (lead gained this round, plus the game
result) is chosen. All candidates share each determinization and playout seed (common random
numbers), so their differences are measured on the same deals. Everything is seeded from the
decision rng, so the same view and bot seed give the same choice.
"""

from __future__ import annotations

import random

from seasalt.engine import (
    Action,
    KeepCard,
    KeepLobsterCard,
    PlayerView,
    TakeCrabCard,
    apply,
    card,
)

from .greedy import choose_greedy, hand_value
from .rollout import evaluate, playout
from .sampler import Sampler

DEFAULT_BUDGET = 240
"""Playouts per decision by default (a median decision near 0.3 s on the reference machine)."""

_MAX_CANDIDATES = 6
"""Card choices beyond this many (crab dig, lobster look) keep only the greedy favourites."""


def _candidates(view: PlayerView) -> list[Action]:
    """The legal actions worth simulating: one per distinct outcome, the hopeless pruned."""
    seen: set[object] = set()
    out: list[Action] = []
    for a in view.legal_actions:
        # Two cards of the same kind and colour give the same outcome: simulate one of them.
        if isinstance(a, KeepCard):
            c = card(a.card)
            key: object = ("keep", c.kind, c.color, a.pile)
        elif isinstance(a, TakeCrabCard | KeepLobsterCard):
            c = card(a.card)
            key = (type(a).__name__, c.kind, c.color)
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
    return out


def choose_expert(view: PlayerView, rng: random.Random, budget: int | None) -> Action:
    """The action with the best mean playout reward over sampled determinizations."""
    assert view.seat is not None
    candidates = _candidates(view)
    if len(candidates) == 1:
        return candidates[0]
    total = DEFAULT_BUDGET if budget is None else budget
    worlds = max(1, total // len(candidates))
    sampler = Sampler(view)
    seat = view.seat
    sums = [0.0] * len(candidates)
    for _ in range(worlds):
        world = sampler.sample(rng, keep_log=False)
        playout_seed = rng.getrandbits(32)
        for i, action in enumerate(candidates):
            after = apply(world, action).state
            end = playout(after, random.Random(playout_seed))
            sums[i] += evaluate(world, end, seat)
    best = max(range(len(candidates)), key=lambda i: sums[i])
    # Ties (e.g. a tiny budget) go to the greedy choice when it is among the best.
    greedy = choose_greedy(view, rng)
    if greedy in candidates and sums[candidates.index(greedy)] >= sums[best]:
        return greedy
    return candidates[best]
