"""The expert level (placeholder: plays greedy until the search lands)."""

from __future__ import annotations

import random

from seasalt.engine import Action, PlayerView

from .greedy import choose_greedy


def choose_expert(view: PlayerView, rng: random.Random, budget: int | None) -> Action:
    """Choose by search; for now the greedy choice."""
    return choose_greedy(view, rng)
