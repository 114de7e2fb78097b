"""The coach's CPU time per question, with and without Extra Pepper, at the default budget.

    python benchmarks/coach_cpu.py                    # 2 players, 12 questions each way
    python benchmarks/coach_cpu.py --players 3 --questions 20

Questions are asked on views of seeded random games (a seat to act with more than one choice,
about one position in ten); with Extra Pepper every position of a new decision (RULES §12: the
Water Rodeo's look, swap and steal, the Angelfish, the keep choice, a shell to lay face down,
the Hermit Crab's take) is asked first, then the others. The figure is process CPU time
(``time.process_time``), which a loaded machine inflates less than wall time. Nothing is
asserted: figures are recorded in docs/results.md.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from seasalt.bots.coach import analyse
from seasalt.engine import (
    GameState,
    Phase,
    PlaceShellFaceDown,
    Rules,
    apply,
    legal_actions,
    new_game,
    view,
)

_NEW = (Phase.SWAP_TARGET, Phase.SWAP, Phase.PAIR_STEAL, Phase.ANGELFISH, Phase.KEEP_EVENT_CARD,
        Phase.CRAB_TAKE)


def _new_decision(state: GameState) -> bool:
    return state.phase in _NEW or (
        state.phase is Phase.PLAY
        and any(isinstance(a, PlaceShellFaceDown) for a in legal_actions(state)))


def questions(players: int, pepper: bool, count: int, seed: int) -> list[GameState]:
    """``count`` positions to ask about (Extra Pepper's new decisions first)."""
    new: list[GameState] = []
    other: list[GameState] = []
    game = 0
    while len(new) + len(other) < 4 * count and game < 200:
        rng = random.Random(seed * 1000 + game)
        state = new_game(Rules(players, extra_pepper=pepper), seed * 1000 + game)
        game += 1
        while not state.is_over:
            legal = legal_actions(state)
            if state.to_act is not None and len(legal) > 1:
                if pepper and _new_decision(state):
                    new.append(state)
                elif rng.random() < 0.1:
                    other.append(state)
            state = apply(state, legal[rng.randrange(len(legal))]).state
    picked = new[: count // 2] if pepper else []
    return picked + other[: count - len(picked)]


def cpu_per_question(states: list[GameState]) -> list[float]:
    times = []
    for state in states:
        v = view(state, state.to_act)
        start = time.process_time()
        analyse(v)
        times.append(time.process_time() - start)
    return times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=2, choices=(2, 3, 4))
    parser.add_argument("--questions", type=int, default=12)
    parser.add_argument("--seed", type=int, default=7)
    args = parser.parse_args()
    for pepper in (False, True):
        states = questions(args.players, pepper, args.questions, args.seed)
        times = cpu_per_question(states)
        label = "Extra Pepper" if pepper else "base game"
        print(f"{args.players}p {label:12}: {len(times)} questions, CPU median "
              f"{statistics.median(times):.2f} s, mean {statistics.mean(times):.2f} s, "
              f"max {max(times):.2f} s", flush=True)


if __name__ == "__main__":
    main()
