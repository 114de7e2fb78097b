"""The seed of test_solo_game.py: the game a ``seasalt-server --seed N`` solo table deals (three
seats, two greedy bots, Extra Salt), played offline with conftest.choose at seat 0, and whether
it reaches every prompt the test asks for. ``python tests/client/tui/solo/solo_seeds.py [LAST]``
prints the shortest such seeds: the test uses the shortest game found (moves are its time).
"""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

from seasalt.bots import get_bot
from seasalt.engine import Rules, apply, new_game, view
from seasalt.server.seeds import bot_seed, game_seed

_spec = importlib.util.spec_from_file_location(
    "solo_conftest", Path(__file__).parents[1] / "conftest.py"
)
assert _spec is not None and _spec.loader is not None
steer = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(steer)


def simulate(base_seed: int, limit: int = 3000) -> tuple[set[str], int, int]:
    """The goals seen (the lock counted when seat 0 is ever locked: its prompt shows then),
    the moves and the rounds of the game the solo server deals with ``--seed base_seed``."""
    seed = game_seed(base_seed, "solo", 1)
    state = new_game(Rules(3, extra_salt=True), seed)
    bots = {seat: get_bot("greedy", bot_seed(seed, seat)) for seat in (1, 2)}
    seen: set[str] = set()
    locked = False
    while not state.is_over and state.move < limit:
        locked |= state.locked(0)
        seat = state.to_act
        assert seat is not None
        if seat == 0:
            state = apply(state, steer.choose(view(state, 0), seen)).state
        else:
            state = apply(state, bots[seat].choose(view(state, seat))).state
    return seen | ({"LOCKED"} if locked else set()), state.move, state.round


if __name__ == "__main__":
    rows = []
    for base in range(1, int(sys.argv[1]) if len(sys.argv) > 1 else 300):
        goals, moves, rounds = simulate(base)
        if set(steer.GOALS) <= goals:
            rows.append((moves, rounds, base))
    for moves, rounds, base in sorted(rows)[:8]:
        print(f"--seed {base}: {moves} moves, {rounds} rounds")
