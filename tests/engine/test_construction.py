"""The engine's fast builders give ordinary frozen values (engine/_fast.py)."""

import dataclasses

import pytest
from seasalt.engine import Event, EventKind, GameState, Rules, new_game
from seasalt.engine._fast import positional_builder
from seasalt.engine.events import new_event


def test_fast_event_equals_a_normal_one() -> None:
    fast = new_event(EventKind.ROBBED, seat=1, card=4, target=0, private_to=(1, 0))
    slow = Event(EventKind.ROBBED, seat=1, card=4, target=0, private_to=(1, 0))
    assert type(fast) is Event and fast == slow and hash(fast) == hash(slow)
    assert repr(fast) == repr(slow)
    with pytest.raises(dataclasses.FrozenInstanceError):
        fast.seat = 2  # type: ignore[misc]


def test_states_from_apply_are_ordinary_frozen_states() -> None:
    state = new_game(Rules(2), 4)
    assert type(state) is GameState
    copy = dataclasses.replace(state)
    assert copy == state and hash(copy) == hash(state) and repr(copy) == repr(state)
    with pytest.raises(dataclasses.FrozenInstanceError):
        state.active = 1  # type: ignore[misc]


def test_builder_needs_a_slotted_dataclass() -> None:
    @dataclasses.dataclass(frozen=True)
    class NoSlots:
        a: int

    with pytest.raises(AssertionError):
        positional_builder(NoSlots)
