"""``stand_in_moves`` reaches the screens on the frame it was sent for (client/tui/bridge.py,
client/net/stand_in_events.py): the view's log and the update's own events (those of a round that
just ended are no longer in the new round's log), and never another frame's."""

from __future__ import annotations

from typing import Any

from seasalt import protocol as p
from seasalt.client.net.stand_in_events import StandInEvent, stand_in_copy
from seasalt.client.tui.bridge import Bridge
from seasalt.client.tui.messages import FrameArrived
from seasalt.client.words.game import Names, describe_event
from seasalt.engine import Event, EventKind, apply, legal_actions, new_game, view
from seasalt.engine import Rules as R


def _bridge() -> tuple[Bridge, list[Any]]:
    posted: list[Any] = []
    return Bridge(posted.append, lambda: (), lambda: 0.0, []), posted


def _frames(posted: list[Any]) -> list[Any]:
    return [m.frame for m in posted if isinstance(m, FrameArrived)]


def test_marks_go_to_the_frame_of_their_seq_only() -> None:
    state = new_game(R(2), 5)
    bridge, posted = _bridge()
    bridge.dispatch(p.Joined("t", 1))
    bridge.dispatch(p.StandInMoves("t", 3, (0,)))  # for a frame that never came
    bridge.dispatch(p.Snapshot("t", 4, view(state, 1)))
    result = apply(state, legal_actions(state)[0])
    events = result.events
    bridge.dispatch(p.StandInMoves("t", 5, (len(state.log),), (0,)))
    bridge.dispatch(p.Update("t", 5, view(result.state, 1), events))
    bridge.dispatch(p.Update("t", 6, view(apply(result.state, legal_actions(
        result.state)[0]).state, 1), ()))
    snapshot, update, plain = _frames(posted)
    assert not any(isinstance(e, StandInEvent) for e in snapshot.view.log)
    marked = [i for i, e in enumerate(update.view.log) if isinstance(e, StandInEvent)]
    assert marked == [len(state.log)] and len(update.view.log) == len(result.state.log)
    assert isinstance(update.events[0], StandInEvent)
    assert not any(isinstance(e, StandInEvent) for e in update.events[1:])
    assert not any(isinstance(e, StandInEvent) for e in plain.view.log + plain.events)


def test_a_marked_event_is_worded_for_the_stand_in_and_nobody_else() -> None:
    pair = Event(EventKind.PLAYED_PAIR, seat=0, cards=(1, 2))
    robbed = Event(EventKind.ROBBED, seat=1, target=0)
    names = ["Ann", "Bob"]
    ann, bob, watcher = Names(names, 0), Names(names, 1), Names(names, None)
    assert describe_event(stand_in_copy(pair), ann) == (
        "Your stand-in (bot) played the pair Crab (dark blue) + Crab (light blue).")
    assert describe_event(stand_in_copy(pair), bob) == (
        "Ann's stand-in (bot) played the pair Crab (dark blue) + Crab (light blue).")
    assert describe_event(stand_in_copy(robbed), ann) == (
        "Bob's stand-in (bot) stole a random card from you.")
    assert describe_event(stand_in_copy(robbed), watcher) == (
        "Bob's stand-in (bot) stole a random card from Ann.")
    assert describe_event(pair, ann) == (  # unmarked: as before
        "You played the pair Crab (dark blue) + Crab (light blue).")
