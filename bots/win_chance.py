"""How likely a 2-player game is won from given totals: the expert's reward for a round that
does not end the game (bots/expert.py).

A round's lead gain is the right reward early in a game, but not near its end: 38 to 30 is
close to a sure win where 18 to 10 is not, and when the opponent is about to reach the target
a safe small round is worth less than a risky big one. The chance of winning from totals
(m, o) is computed exactly (dynamic programming) under one assumption: every later round adds
points drawn from :data:`~seasalt.bots.win_chance_data.ROUND_OUTCOMES`, the joint round scores
of 5,000 games between two greedy bots (benchmarks/round_outcomes.py), counted both ways round
so the table is symmetric. The game ends after the round that takes a total to the target
(RULES §8.1); equal totals go to the higher round score, else they share (§8.3). Void rounds
(no call, the deck out: §4) add nothing and are left out, which changes no chance.
"""

from __future__ import annotations

from functools import lru_cache

from .win_chance_data import ROUND_OUTCOMES

MAX_TARGET = 60
"""Targets above this (a table option) are not tabled: the expert rewards the lead there,
as with more players. The table costs target² x outcomes steps, once per process."""


@lru_cache(maxsize=4)
def _table(target: int) -> tuple[tuple[float, ...], ...]:
    counts = [(a, b, n) for a, b, n in ROUND_OUTCOMES if a or b]
    total = sum(n for *_, n in counts)
    outcomes = [(a, b, n / total) for a, b, n in counts]
    chance = [[0.0] * target for _ in range(target)]
    # Every outcome raises m + o, so filling by decreasing sums reads only filled cells.
    for level in range(2 * target - 2, -1, -1):
        for m in range(max(0, level - target + 1), min(target - 1, level) + 1):
            o = level - m
            row_total = 0.0
            for a, b, p in outcomes:
                m2, o2 = m + a, o + b
                if m2 < target and o2 < target:
                    row_total += p * chance[m2][o2]
                elif (m2, a) > (o2, b):
                    row_total += p
                elif (m2, a) == (o2, b):
                    row_total += 0.5 * p
            chance[m][o] = row_total
    return tuple(tuple(row) for row in chance)


def win_chance(mine: int, theirs: int, target: int) -> float:
    """The chance that the seat with ``mine`` points wins against ``theirs``, both below
    ``target`` (at most :data:`MAX_TARGET`), before the next round is dealt."""
    if not 0 < target <= MAX_TARGET:
        raise ValueError(f"target must be 1 to {MAX_TARGET}, not {target}")
    table = _table(target)
    return table[min(max(mine, 0), target - 1)][min(max(theirs, 0), target - 1)]
