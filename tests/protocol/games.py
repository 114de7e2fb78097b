"""Seeded engine games whose views, events and actions feed the protocol tests."""

from __future__ import annotations

import random
from dataclasses import dataclass
from functools import cache

from seasalt.engine import (
    Action,
    Event,
    PlayerView,
    Rules,
    apply,
    events_for,
    legal_actions,
    new_game,
    view,
)


@dataclass(frozen=True)
class Sample:
    """Game data seen during a few seeded random games."""

    views: tuple[PlayerView, ...]
    events: tuple[Event, ...]
    actions: tuple[Action, ...]


@cache
def sample_games(every: int = 13) -> Sample:
    """Views (every seat and a spectator, each ``every`` moves), redacted events, actions."""
    views: list[PlayerView] = []
    events: list[Event] = []
    actions: list[Action] = []
    for players, extra_salt, target in ((2, False, None), (3, True, 70), (4, True, None)):
        rules = Rules(players, extra_salt=extra_salt, target=target)
        state = new_game(rules, seed=players * 11)
        rng = random.Random(players)
        while not state.is_over:
            if state.move % every == 0:
                views.extend(view(state, s) for s in (None, *range(players)))
            action = rng.choice(legal_actions(state))
            actions.append(action)
            result = apply(state, action)
            for seat in (None, *range(players)):
                events.extend(events_for(result.events, seat))
            state = result.state
        views.extend(view(state, s) for s in (None, *range(players)))
    return Sample(tuple(views), tuple(events), tuple(actions))
