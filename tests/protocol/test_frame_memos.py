"""A FrameCache (protocol/frames.py: packed events, shared fields, per-seat logs) never changes
a frame.

Every seat's frame is packed while the cache holds other seats' data (two games interleaved,
seats in shuffled order, each game with its own cache as the server keeps one per table, and
one cache shared by both, which must still be correct), and must decode to exactly the generic
form of its own message and equal the frame packed without a cache; a view that differs from a
cached one in any field gets its own bytes. The module keeps nothing between calls.
"""

from __future__ import annotations

import dataclasses
import random

import msgpack
from seasalt.engine import (
    GameState,
    Rules,
    ViewCache,
    apply,
    events_for,
    legal_actions,
    new_game,
    view,
)
from seasalt.protocol import FrameCache, Snapshot, Update, decode, encode
from seasalt.protocol import frames as frames_module
from seasalt.protocol.wire import to_frame_data


def _states(players: int, seed: int, moves: int) -> list[GameState]:
    rng = random.Random(seed)
    state = new_game(Rules(players, True), seed)
    out = [state]
    while not state.is_over and len(out) < moves:
        state = apply(state, rng.choice(legal_actions(state))).state
        out.append(state)
    return out


def _generic(message: Snapshot | Update) -> object:
    return msgpack.unpackb(msgpack.packb(to_frame_data(message)))


def test_interleaved_games_and_seats_get_exactly_their_own_frames() -> None:
    rng = random.Random(5)
    games = [_states(4, 3, 160), _states(3, 4, 160)]
    caches = [(ViewCache(), FrameCache()) for _ in games]
    shared = FrameCache()
    for step in range(160):
        for states, (views, frames) in zip(games, caches, strict=True):
            if step >= len(states):
                continue
            state = states[step]
            seats: list[int | None] = [*range(state.players), None]
            rng.shuffle(seats)
            for seat in seats:
                v = view(state, seat, views)
                message = Update("t", step, v, v.log[-2:])
                frame = encode(message, frames)
                assert msgpack.unpackb(frame) == _generic(message), (step, seat)
                assert decode(frame, max_size=len(frame)) == message
                assert encode(message) == frame
                assert encode(message, shared) == frame


def test_the_frames_module_keeps_no_data_between_calls() -> None:
    before = {k: v for k, v in vars(frames_module).items() if isinstance(v, dict | list | set)}
    sizes = {k: len(v) for k, v in before.items()}
    for state in _states(3, 9, 60):
        for seat in (0, 1, 2, None):
            encode(Snapshot("t", state.move, view(state, seat)))
    after = {k: v for k, v in vars(frames_module).items() if isinstance(v, dict | list | set)}
    assert after.keys() == before.keys()
    assert {k: len(v) for k, v in after.items()} == sizes


def test_a_view_differing_from_a_cached_one_is_packed_from_its_own_data() -> None:
    state = _states(4, 8, 40)[-1]
    v = view(state, 1)
    cache = FrameCache()
    encode(Snapshot("t", 1, v), cache)  # the cache now holds this view's shared fields and log
    for changed in (
        dataclasses.replace(v, move=v.move + 1),  # same seats tuple, other shared field
        dataclasses.replace(v, deck_size=v.deck_size - 1),
        dataclasses.replace(v, log=v.log[:-1]),  # a shorter log, same first event
        dataclasses.replace(v, log=(*v.log[:-1], dataclasses.replace(v.log[-1], n=99))),
        dataclasses.replace(v, seat=2, hand=view(state, 2).hand),
    ):
        message = Snapshot("t", 1, changed)
        assert msgpack.unpackb(encode(message, cache)) == _generic(message)


def test_a_tables_caches_hold_only_the_current_round() -> None:
    # The server keeps one ViewCache and one FrameCache per table for as long as the table
    # lives: what they hold must not grow with the game (the last round's events are dropped).
    rng = random.Random(12)
    state = new_game(Rules(4, True), 12)
    views, frames = ViewCache(), FrameCache()
    rounds = longest = 0
    while not state.is_over:
        result = apply(state, rng.choice(legal_actions(state)))
        state = result.state
        for seat in (0, 1, 2, 3, None):
            encode(Update("t", state.move, view(state, seat, views),
                          events_for(result.events, seat, views)), frames)
        # this round's events, and those of the update that ended the last round
        longest = max(longest, len(result.events))
        bound = len(state.log) + longest
        assert len(views.hidden) <= bound
        assert len(frames.events) <= 2 * bound  # each event, and its redacted copy
        rounds = state.round
    assert rounds >= 3  # several rounds were played through the same caches
