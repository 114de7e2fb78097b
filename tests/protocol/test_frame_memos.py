"""The per-state memos of the view frames (protocol/frames.py) never change a frame.

Every seat's frame is packed while the memos hold other seats' data and other games' data (two
games interleaved, seats in shuffled order), and must decode to exactly the generic form of its
own message; a view that differs from a cached one in any field gets its own bytes.
"""

from __future__ import annotations

import dataclasses
import random

import msgpack
from seasalt.engine import GameState, Rules, apply, legal_actions, new_game, view
from seasalt.protocol import Snapshot, Update, decode, encode
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
    for step in range(160):
        for states in games:
            if step >= len(states):
                continue
            state = states[step]
            seats: list[int | None] = [*range(state.players), None]
            rng.shuffle(seats)
            for seat in seats:
                v = view(state, seat)
                message = Update("t", step, v, v.log[-2:])
                frame = encode(message)
                assert msgpack.unpackb(frame) == _generic(message), (step, seat)
                assert decode(frame, max_size=len(frame)) == message


def test_a_view_differing_from_a_cached_one_is_packed_from_its_own_data() -> None:
    state = _states(4, 8, 40)[-1]
    v = view(state, 1)
    encode(Snapshot("t", 1, v))  # the memos now hold this view's shared fields and log
    for changed in (
        dataclasses.replace(v, move=v.move + 1),  # same seats tuple, other shared field
        dataclasses.replace(v, deck_size=v.deck_size - 1),
        dataclasses.replace(v, log=v.log[:-1]),  # a shorter log, same first event
        dataclasses.replace(v, log=(*v.log[:-1], dataclasses.replace(v.log[-1], n=99))),
        dataclasses.replace(v, seat=2, hand=view(state, 2).hand),
    ):
        message = Snapshot("t", 1, changed)
        assert msgpack.unpackb(encode(message)) == _generic(message)
