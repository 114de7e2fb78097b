"""Wire-level leak test (DESIGN "Views, events and hidden information").

Complete games are played over real sockets; every frame each seat (and a spectator) received
is decoded and checked against the journal's replay of the game:

- the game data in each frame is exactly ``view(state_at_seq, seat)`` and
  ``events_for(step_events, seat)``;
- every card id a frame names is one that seat may see at that moment;
- indistinguishability: permuting every card the seat has not seen (deck order, unrevealed
  hands of the others, another seat's pending cards) leaves the encoded frame byte-identical;
- a spectator's frames never show an unrevealed hand.
"""

from __future__ import annotations

import asyncio
import random
from typing import Any

import pytest
import zmq.asyncio
from seasalt.engine import (
    Event,
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
from seasalt.server.journal import from_blob
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


GAMES = [(2, True, True, "leak2-37"), (3, False, True, "leak3-18"), (4, True, False, "leak4-20")]
"""(players, Extra Salt, with a spectator, table). The tables are names whose seeded games
(server --seed 1, player bot seeds 0..3 by seat) are among the shorter ones, for CI time; the
4-player game skips the spectator for the same reason."""


@pytest.mark.parametrize(("players", "extra_salt", "watched", "name"), GAMES)
async def test_every_frame_carries_only_its_view_and_redacted_events(
    server: Server,
    ctx: zmq.asyncio.Context,
    players: int,
    extra_salt: bool,
    watched: bool,
    name: str,
) -> None:
    seats = ("human",) * players
    clients = [RawClient(ctx, server.local_endpoint) for _ in range(players)]
    watcher = RawClient(ctx, server.local_endpoint)
    assert server.master is not None
    master = server.master

    def seat(i: int) -> Any:
        return play_seat(clients[i], name, seats, name=f"p{i}", extra_salt=extra_salt, seed=0)

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
    states, events = replay_steps(make_rules(players, extra_salt, False), table.seed, actions)
    assert states[-1].is_over and states[-1].scores == results[0].scores
    rng = random.Random(players)
    for client, result in zip(clients, results, strict=False):
        assert check_frames(client, result.seat, states, events, rng) > len(actions)
    if watched:
        assert check_frames(watcher, None, states, events, rng) > len(actions)
