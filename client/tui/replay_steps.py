"""Every step of a finished game, rebuilt with the engine from its seed and actions.

Nothing here knows a rule: each state comes from ``engine.apply``, and the game is over, so
every seat's cards are shown as the engine holds them. The moves a bot made for an absent player
(the server's ``replay_stand_ins``, or a replay file's ``stand_ins``) have their events marked
as the live log's are (client/net/stand_in_events.py), so they read "Ann's stand-in (bot) kept…".
"""

from __future__ import annotations

from dataclasses import dataclass

from seasalt.client.net.stand_in_events import marked
from seasalt.engine import (
    ENGINE_VERSION,
    Action,
    Event,
    EventKind,
    GameState,
    IllegalActionError,
    apply,
    new_game,
)
from seasalt.protocol import Replay, ReplayFileError, StandInMove, stand_in_marks


@dataclass(frozen=True, slots=True)
class Step:
    """The game after ``index`` actions (0: as dealt)."""

    index: int
    state: GameState
    action: Action | None
    """The action that led here (None for the deal)."""
    events: tuple[Event, ...]
    """What that action did, unredacted (the game is over: nothing is secret); a stand-in's
    doings as :class:`~seasalt.client.net.stand_in_events.StandInEvent`."""


def build_steps(
    replay: Replay,
    engine_version: str = ENGINE_VERSION,
    stand_ins: tuple[StandInMove, ...] = (),
) -> list[Step]:
    """All ``len(replay.actions) + 1`` steps; ``stand_ins``: the actions a bot played for a
    human seat.

    Raises:
        ReplayFileError: the replay is from another engine version, or its actions do not
            make a game with this engine (damaged).
    """
    if replay.engine_version != engine_version:
        raise ReplayFileError(
            f"this game was recorded by game engine version {replay.engine_version!r}, and "
            f"this seasalt has engine version {engine_version!r}: the same moves could make "
            "another game, so it cannot be shown"
        )
    by_bot = {m.action: m.seat for m in stand_ins}
    state = new_game(replay.rules, replay.seed)
    steps = [Step(0, state, None, state.log)]
    for i, action in enumerate(replay.actions, start=1):
        try:
            result = apply(state, action)
        except IllegalActionError as exc:
            raise ReplayFileError(f"move {i} of this replay is not legal here: {exc}") from None
        state = result.state
        events = result.events
        if (seat := by_bot.get(i)) is not None:
            events = marked(events, stand_in_marks(events, seat))
        steps.append(Step(i, state, action, events))
    return steps


def round_starts(steps: list[Step]) -> list[int]:
    """Indices of the steps where a round begins (for jumping round by round)."""
    return [
        s.index
        for s in steps
        if s.index == 0 or any(e.kind is EventKind.ROUND_STARTED for e in s.events)
    ]
