"""Seeded positions for looking at the table: laid pairs on every side, round ends by kind.

Deterministic (fixed seeds, fixed choices), so snapshot tests and layout tests see the same
cards every run.
"""

from __future__ import annotations

from collections.abc import Callable

from seasalt.engine import (
    Call,
    CallKind,
    DrawFromDeck,
    GameState,
    Phase,
    PlayPair,
    PlayTrio,
    RoundEnd,
    Rules,
    apply,
    legal_actions,
    new_game,
)


def _step(state: GameState, call: CallKind | None) -> GameState:
    """Lay every pair, draw from the deck, call ``call`` when allowed, else the first choice."""
    options = legal_actions(state)
    calls = [a for a in options if isinstance(a, Call) and a.kind is call]
    plays = [a for a in options if isinstance(a, PlayPair | PlayTrio)]
    draws = [a for a in options if isinstance(a, DrawFromDeck)]
    return apply(state, (calls or plays or draws or options)[0]).state


def play(state: GameState, done: Callable[[GameState], bool], call: CallKind | None = None,
         limit: int = 5000) -> GameState:
    """Play :func:`_step` until ``done(state)`` (or fail loudly after ``limit`` moves)."""
    for _ in range(limit):
        if done(state):
            return state
        state = _step(state, call)
    raise AssertionError("the position was not reached")


def busy_round(players: int = 4, seed: int = 5) -> GameState:
    """Seat 0 to play (PLAY phase) with pairs laid on at least two tables and a full hand."""
    def done(s: GameState) -> bool:
        laid = sum(1 for t in s.tables if t)
        return (s.active == 0 and s.phase is Phase.PLAY and laid >= 2 and len(s.hands[0]) >= 3
                and s.last_result is None)

    return play(new_game(Rules(players, extra_salt=True), seed=seed), done)


def after_round(end: RoundEnd, players: int = 3, seed: int = 4) -> GameState:
    """Just after the first round that ended in ``end`` (STOP or LAST CHANCE)."""
    call = CallKind.STOP if end is RoundEnd.STOP else CallKind.LAST_CHANCE
    return play(
        new_game(Rules(players, extra_salt=True), seed=seed),
        lambda s: s.last_result is not None and s.last_result.end is end, call,
    )


def game_over(players: int = 3, seed: int = 4) -> tuple[GameState, tuple[tuple[int, ...], ...]]:
    """A finished game (STOP called whenever it can be) and every round's points by seat."""
    rounds: list[tuple[int, ...]] = []
    state = new_game(Rules(players), seed=seed)
    while not state.is_over:
        before = state.last_result
        state = _step(state, CallKind.STOP)
        if state.last_result is not None and state.last_result != before:
            rounds.append(tuple(sr.round_score for sr in state.last_result.seats))
    return state, tuple(rounds)
