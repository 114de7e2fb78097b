"""Extra Pepper's view fields, events and actions cross the wire unchanged (RULES §12.14),
and a game without it encodes no new field (its frames stay as they were)."""

import random
from typing import Any

import msgpack
import pytest
from seasalt.engine import (
    Action,
    EventCard,
    KeepEventCard,
    LookAtHand,
    PassSwap,
    PlaceShellFaceDown,
    Rules,
    StealPair,
    SwapCard,
    TakeAngelfishCard,
    apply,
    legal_actions,
    new_game,
    view,
)
from seasalt.protocol import DecodeError
from seasalt.protocol.frames import FrameCache, pack_view
from seasalt.protocol.game_data import (
    action_from_wire,
    action_to_wire,
    event_from_wire,
    event_to_wire,
    view_from_wire,
    view_to_wire,
)

NEW_VIEW_FIELDS = {"table_event", "event_deck_size", "event_discard", "keep_choice", "effects",
                   "face_down_shell", "swap_target"}


def test_extra_pepper_views_events_and_actions_round_trip() -> None:
    rng = random.Random(17)
    state = new_game(Rules(3, extra_salt=True, extra_pepper=True), 17)
    cache = FrameCache()
    kinds: set[str] = set()
    while not state.is_over:
        for seat in (None, *range(3)):
            v = view(state, seat)
            wire = msgpack.unpackb(msgpack.packb(view_to_wire(v)))
            assert view_from_wire(wire) == v
            assert msgpack.unpackb(pack_view(v, cache)) == msgpack.unpackb(
                msgpack.packb(view_to_wire(v)))
        action = rng.choice(legal_actions(state))
        assert action_from_wire(msgpack.unpackb(msgpack.packb(action_to_wire(action)))) == action
        result = apply(state, action)
        for e in result.events:
            assert event_from_wire(msgpack.unpackb(msgpack.packb(event_to_wire(e)))) == e
            kinds.add(e.kind.value)
        state = result.state
    assert {"event_turned_up", "event_received"} <= kinds


def test_a_game_without_extra_pepper_sends_no_new_field() -> None:
    wire = view_to_wire(view(new_game(Rules(2), 3), 0))
    assert not NEW_VIEW_FIELDS & set(wire) and "extra_pepper" not in wire["rules"]
    assert all("held_event" not in s and "shielded" not in s for s in wire["seats"])


PEPPER_ACTIONS = [
    (TakeAngelfishCard(1), {"type": "take_angelfish_card", "pile": 1}),
    (LookAtHand(2), {"type": "look_at_hand", "seat": 2}),
    (SwapCard(4, 50), {"type": "swap_card", "give": 4, "take": 50}),
    (PassSwap(), {"type": "pass_swap"}),
    (StealPair((20, 22)), {"type": "steal_pair", "cards": [20, 22]}),
    (PlaceShellFaceDown(36), {"type": "place_shell_face_down", "card": 36}),
    (KeepEventCard(EventCard.KRAKEN), {"type": "keep_event_card", "event": "kraken"}),
]


@pytest.mark.parametrize(("action", "wire"), PEPPER_ACTIONS)
def test_each_new_action_has_the_documented_wire_form(action: Action, wire: dict[str, Any]) -> None:
    """docs/protocol.md §8 "Actions": the form a stranger's client sends."""
    assert msgpack.unpackb(msgpack.packb(action_to_wire(action))) == wire
    assert action_from_wire(wire) == action


@pytest.mark.parametrize(
    ("wire", "field"),
    [
        ({"type": "keep_event_card", "event": "salt"}, "event"),
        ({"type": "keep_event_card", "event": 3}, "event"),
        ({"type": "steal_pair", "cards": [1, 2, 3]}, "cards"),
        ({"type": "swap_card", "give": 4}, "take"),
        ({"type": "take_angelfish_card", "pile": "0"}, "pile"),
        ({"type": "pass_swap", "seat": 1}, "seat"),
    ],
)
def test_a_malformed_new_action_is_refused_naming_its_field(
    wire: dict[str, Any], field: str
) -> None:
    with pytest.raises(DecodeError, match=field):
        action_from_wire(wire)
