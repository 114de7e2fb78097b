"""Wire-level leak test (DESIGN "Views, events and hidden information").

Complete games are played over real sockets; every frame each seat (and a spectator) received
is decoded and checked against the journal's replay of the game:

- the game data in each frame is exactly ``view(state_at_seq, seat)`` and
  ``events_for(step_events, seat)``;
- every card id a frame names is one that seat may see at that moment;
- indistinguishability: permuting every card the seat has not seen (deck order, unrevealed
  hands of the others, another seat's pending cards) leaves the encoded frame byte-identical;
- a spectator's frames never show an unrevealed hand.

With Extra Pepper (RULES §12.13, §12.14 "Leak test") the same checks cover its zones: the
event deck's order (permuted for every seat), the Water Rodeo look and swap (the swapper and
the target only), and a face-down Coral Reef shell (its owner only, in views, events and round
results, until the game is over); the games are chosen to contain them, and the test says so.
"""

from __future__ import annotations

import asyncio
import random
from typing import Any

import pytest
import zmq.asyncio
from seasalt.engine import (
    Event,
    EventKind,
    GameState,
    Rules,
    apply,
    events_for,
    new_game,
    view,
)
from seasalt.engine.testing import permute_unseen, visible  # one 'may see now'
from seasalt.protocol import (
    MAX_SERVER_MESSAGE_SIZE,
    GameOver,
    Joined,
    RoundOver,
    Snapshot,
    Update,
    Watch,
    action_from_wire,
    encode,
    unpack,
)
from seasalt.server.app import Server
from seasalt.server.journal_schema import from_blob
from seasalt.server.tables import Status, make_rules
from seasalt.testing.server import RawClient, card_ids, play_seat
from seasalt.testing.waiting import until

pytestmark = pytest.mark.timeout(60)

def replay_steps(
    rules: Rules, seed: int, actions: list[Any]
) -> tuple[list[GameState], list[tuple[Event, ...]]]:
    """States after 0..n actions, and the events of each step (index = seq)."""
    state = new_game(rules, seed)
    states, events = [state], [()]  # type: list[GameState], list[tuple[Event, ...]]
    for action in actions:
        result = apply(state, action)
        state = result.state
        states.append(state)
        events.append(result.events)
    return states, events


def check_frames(
    client: RawClient,
    seat: int | None,
    states: list[GameState],
    events: list[tuple[Event, ...]],
    rng: random.Random,
) -> int:
    """Check every game frame one connection received; return how many were checked."""
    checked = 0
    for data, msg in zip(client.frames, client.received, strict=True):
        if not isinstance(msg, Snapshot | Update | RoundOver | GameOver):
            continue
        state = states[msg.seq]
        step = events[msg.seq] if isinstance(msg, Update) else ()
        if isinstance(msg, Snapshot | Update):
            assert msg.view == view(state, seat), f"seat {seat} seq {msg.seq}: not its view"
            if seat is None:
                assert msg.view.hand == () and msg.view.pending == ()
                assert all(
                    s.revealed_hand is None for s in msg.view.seats if not state.revealed[s.seat]
                ) or state.is_over
        if isinstance(msg, Update):
            assert msg.events == events_for(step, seat), f"seat {seat} seq {msg.seq}: events"
        if isinstance(msg, RoundOver):
            assert msg.result == view(state, seat).last_result
        if isinstance(msg, GameOver):
            assert msg.scores == state.scores and msg.winners == state.winners
        leaked = set(card_ids(unpack(data, MAX_SERVER_MESSAGE_SIZE))) - visible(state, seat, step)
        assert not leaked, f"seat {seat} seq {msg.seq} {type(msg).__name__} names {leaked}: {msg!r}"
        if seat is not None and isinstance(msg, Update) and not state.is_over and msg.seq % 7 == 0:
            twin = permute_unseen(state, seat, rng)
            same = Update(msg.table, msg.seq, view(twin, seat), events_for(step, seat))
            assert encode(same) == data, f"seat {seat} seq {msg.seq}: distinguishable"
        checked += 1
    return checked


GAMES = [
    (2, True, True, "leak2-37", False),
    (3, False, True, "leak3-18", False),
    (4, True, False, "leak4-20", False),
    (2, True, True, "pep2-191", True),
    (3, False, False, "pep3-21", True),
]
"""(players, Extra Salt, with a spectator, table, Extra Pepper). The tables are names whose
seeded games (server --seed 1, player bot seeds 0..3 by seat) are among the shorter ones, for
CI time; the 4-player game skips the spectator for the same reason. The Extra Pepper games were
picked (among 300 and 150 names) as short ones in which a shell is laid face down, a hand is
looked at and cards are swapped: PEPPER_SEEN below checks they still are."""

PEPPER_SEEN = {EventKind.SHELL_FACE_DOWN, EventKind.HAND_LOOKED, EventKind.SWAPPED,
               EventKind.EVENT_RECEIVED, EventKind.EVENT_KEPT}
"""The Extra Pepper events (hidden information and the hand-out) each of its games has."""


@pytest.mark.parametrize(("players", "extra_salt", "watched", "name", "extra_pepper"), GAMES)
async def test_every_frame_carries_only_its_view_and_redacted_events(
    server: Server,
    ctx: zmq.asyncio.Context,
    players: int,
    extra_salt: bool,
    watched: bool,
    name: str,
    extra_pepper: bool,
) -> None:
    seats = ("human",) * players
    clients = [RawClient(ctx, server.local_endpoint) for _ in range(players)]
    watcher = RawClient(ctx, server.local_endpoint)
    assert server.master is not None
    master = server.master

    def seat(i: int) -> Any:
        return play_seat(
            clients[i], name, seats, name=f"p{i}", extra_salt=extra_salt, seed=0,
            extra_pepper=extra_pepper,
        )

    # The first player creates the table; the game cannot start before the others sit down,
    # so a spectator who joins now is in before the first move and must see every frame.
    first = asyncio.create_task(seat(0))
    watching = None
    if watched:
        await watcher.hello("Eve")
        await until(lambda: name in master.tables or first.done(), what="the table exists")
        await watcher.send(Watch(name))
        assert (await watcher.expect(Joined)).seat is None
        assert master.tables[name].status is Status.WAITING and master.tables[name].seq == 0
        watching = asyncio.create_task(watcher.expect(GameOver, timeout=50))
    results = await asyncio.gather(first, *(seat(i) for i in range(1, players)))
    if watching is not None:
        await watching
    table = master.tables[name]
    actions = [
        action_from_wire(from_blob(b))
        for b in master.journal.actions(table.game_id)
    ]
    rules = make_rules(players, extra_salt, False, extra_pepper=extra_pepper)
    states, events = replay_steps(rules, table.seed, actions)
    assert states[-1].is_over and states[-1].scores == results[0].scores
    if extra_pepper:
        kinds = {e.kind for step in events for e in step}
        assert kinds >= PEPPER_SEEN, f"the game no longer has {PEPPER_SEEN - kinds}"
        _check_pepper_secrets(clients, results, states)
    rng = random.Random(players)
    for client, result in zip(clients, results, strict=False):
        assert check_frames(client, result.seat, states, events, rng) > len(actions)
    if watched:
        assert check_frames(watcher, None, states, events, rng) > len(actions)


def _check_pepper_secrets(
    clients: list[RawClient], results: list[Any], states: list[GameState]
) -> None:
    """The Extra Pepper secrets, named one by one on the raw frames (check_frames covers them
    in general): before the game is over no frame to another seat names a face-down shell (in
    the view of its round, its events, or that round's result), and a look or a swap reaches
    the two players only."""
    shells_hidden = looks = 0
    for client, result in zip(clients, results, strict=True):
        me = result.seat
        for data, msg in zip(client.frames, client.received, strict=True):
            if not isinstance(msg, Snapshot | Update | RoundOver) or states[msg.seq].is_over:
                continue
            wire = unpack(data, MAX_SERVER_MESSAGE_SIZE)
            if isinstance(msg, RoundOver):  # the round that just ended: its shells
                shells, named = states[msg.seq - 1].face_down, set(card_ids(wire))
            else:  # this round's zones and log (the last round's result is an older round)
                shells = states[msg.seq].face_down
                named = set(card_ids({k: v for k, v in wire.items() if k != "view"}))
                named |= set(card_ids({k: v for k, v in wire["view"].items()
                                       if k != "last_result"}))
                assert all("face_down_shell" not in s for s in wire["view"]["seats"])
                own = wire["view"].get("face_down_shell")
                assert own is None or own == shells[me], (me, msg.seq, own)
            others = {c for s, c in enumerate(shells) if c is not None and s != me}
            assert not named & others, f"seat {me} seq {msg.seq}: names a face-down shell"
            shells_hidden += bool(others)
            for e in msg.events if isinstance(msg, Update) else ():
                if e.kind in (EventKind.HAND_LOOKED, EventKind.SWAPPED):
                    mine = me in (e.seat, e.target)
                    assert bool(e.cards) is mine and e.redacted is not mine, e
                    looks += 1
    assert shells_hidden and looks, (shells_hidden, looks)
