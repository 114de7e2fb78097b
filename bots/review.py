"""The expert's review of a finished game: each player's decisions, weighed from that player's
own view at the time.

The game is rebuilt with the engine from its rules, seed and actions. At every decision with
more than one distinct outcome (bots/coach.py ``candidates``), the deciding seat's view (what
that player saw then, never the hidden cards) goes to the coach's analysis (the expert's
playouts from that view, bots/coach.py ``analyse``) with the choice actually made among the
options. The expert's choice is the coach's advice (the choice likeliest to win, then the one
with most expected points, bots/coach_rank.py); the choice's cost is the expected lead it gave
up against that advice (``lead_lost``, points by the round's end, never below 0) and the chance
to win it gave up (``win_lost``).

Reproducible: each decision's analysis is seeded from the review seed and the view's move, so
the same game, seed and budget give the same figures. Nothing here knows a rule.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass

from seasalt.engine import (
    Action,
    Call,
    CallKind,
    EventKind,
    GameState,
    PlayerView,
    Rules,
    apply,
    new_game,
    view,
)

from .coach import COACH_BUDGET, Advice, Option, analyse, candidates

REVIEW_BUDGET = COACH_BUDGET
"""Playouts per decision by player count: the coach's (its figures are the ones a player saw
at the table, and a 2-player game's review stays under a minute, docs/results.md)."""

Analyser = Callable[[PlayerView, int | None, int, Action], Advice]
"""(view, budget, seed, the choice made) -> the expert's figures for that view's options. The
view is the deciding seat's own: a test swaps the analyser to see what it is given."""


def _coach(view: PlayerView, budget: int | None, seed: int, choice: Action) -> Advice:
    return analyse(view, budget, seed, include=choice)


@dataclass(frozen=True, slots=True)
class Decision:
    """One decision of one player, and the expert's word on it."""

    index: int
    """The action's place in the game's action list (0: the first action)."""
    seat: int
    round: int
    turn: int
    """The seat's turn in the round (1: its first); 0 before its first turn (an event keep)."""
    choice: Action
    expert: Action
    """The expert's choice (the coach's advice); the same action when they agree."""
    lead_lost: float
    """Expected lead (points on the others by the round's end) the choice gave up against the
    expert's, never below 0 (0 when they agree)."""
    win_lost: float
    """Chance to win the game (0..1) the choice gave up against the expert's, never below 0."""
    choice_option: Option
    expert_option: Option
    options: int
    """Distinct options weighed."""
    call: bool
    """A STOP / LAST CHANCE decision: a call was among the options."""

    @property
    def agrees(self) -> bool:
        return self.choice == self.expert

    @property
    def call_right(self) -> bool:
        """A call decision taken as the expert would (call or not, and which call)."""
        return _call_of(self.choice) == _call_of(self.expert)


def _call_of(action: Action) -> CallKind | None:
    return action.kind if isinstance(action, Call) else None


@dataclass(frozen=True, slots=True)
class PlayerReview:
    """One seat's decisions, the costliest first, and its summary."""

    seat: int
    decisions: tuple[Decision, ...]

    @property
    def count(self) -> int:
        return len(self.decisions)

    @property
    def matching(self) -> int:
        return sum(1 for d in self.decisions if d.agrees)

    @property
    def share_matching(self) -> float:
        return self.matching / self.count if self.decisions else 1.0

    @property
    def lead_lost(self) -> float:
        """Expected points lost over the game (the sum of the decisions')."""
        return sum(d.lead_lost for d in self.decisions)

    @property
    def win_lost(self) -> float:
        return sum(d.win_lost for d in self.decisions)

    @property
    def calls(self) -> tuple[Decision, ...]:
        """The STOP / LAST CHANCE decisions, in game order."""
        return tuple(sorted((d for d in self.decisions if d.call), key=lambda d: d.index))

    @property
    def calls_right(self) -> int:
        return sum(1 for d in self.calls if d.call_right)


@dataclass(frozen=True, slots=True)
class Review:
    """A finished game's review: per seat, what the expert said of each decision."""

    budget: int | None
    """Playouts per decision (None: :data:`REVIEW_BUDGET` for the player count)."""
    seed: int
    players: tuple[PlayerReview, ...]


def _costliest_first(decisions: Iterable[Decision]) -> tuple[Decision, ...]:
    return tuple(sorted(decisions, key=lambda d: (-d.lead_lost, -d.win_lost, d.index)))


def _decision(
    v: PlayerView, index: int, turn: int, choice: Action, advice: Advice
) -> Decision:
    expert = advice.options[0]
    mine = next(o for o in advice.options if o.action == choice)
    return Decision(
        index=index,
        seat=v.seat if v.seat is not None else -1,
        round=v.round,
        turn=turn,
        choice=choice,
        expert=expert.action,
        lead_lost=max(0.0, expert.lead_gain - mine.lead_gain),
        win_lost=max(0.0, expert.win_chance - mine.win_chance),
        choice_option=mine,
        expert_option=expert,
        options=len(advice.options),
        call=any(isinstance(o.action, Call) for o in advice.options),
    )


def partial_review(
    players: int, decisions: Iterable[Decision], budget: int | None, review_seed: int
) -> Review:
    """A review of the decisions weighed so far (the same order and figures as the whole
    review's, for those decisions)."""
    per_seat: dict[int, list[Decision]] = {s: [] for s in range(players)}
    for d in decisions:
        per_seat[d.seat].append(d)
    return Review(budget, review_seed, tuple(
        PlayerReview(seat, _costliest_first(ds)) for seat, ds in sorted(per_seat.items())))


def decision_points(
    rules: Rules, seed: int, actions: Sequence[Action]
) -> Iterable[tuple[int, int, GameState, Action]]:
    """(index, turn, state before, action) for every action, the engine's game rebuilt."""
    state = new_game(rules, seed)
    turns: dict[int, int] = {}
    for index, action in enumerate(actions):
        seat = -1 if state.to_act is None else state.to_act
        yield index, turns.get(seat, 0), state, action
        result = apply(state, action)
        for e in result.events:
            if e.kind is EventKind.ROUND_STARTED:
                turns.clear()
            elif e.kind is EventKind.TURN_STARTED and e.seat is not None:
                turns[e.seat] = turns.get(e.seat, 0) + 1
        state = result.state


def review_game(
    rules: Rules,
    seed: int,
    actions: Sequence[Action],
    *,
    budget: int | None = None,
    review_seed: int = 0,
    skip: Iterable[int] = (),
    analyser: Analyser = _coach,
    progress: Callable[[int, int], None] | None = None,
    decided: Callable[[Decision], None] | None = None,
    done: int = 0,
    kept: Iterable[Decision] = (),
) -> Review:
    """Review a finished game (``rules``, its deal ``seed`` and every action in order).

    Args:
        budget: playouts per decision (None: :data:`REVIEW_BUDGET` for the player count).
        review_seed: seeds the playouts: the same game, seed and budget give the same figures.
        skip: action indices that were not the player's own (a stand-in bot's moves).
        analyser: the expert's analysis of one view (the coach's, by default).
        progress: called with (actions done, actions in all) after each action.
        decided: called with each decision as soon as it is weighed (first results on screen
            before the whole game is reviewed: :func:`partial_review`).
        done, kept: resume a review left after its first ``done`` actions, whose decisions
            were ``kept``: those actions are not weighed again (each decision's figures depend
            on nothing but its view, the seed and the budget, so the review is the same as
            one never left).

    Raises:
        IllegalActionError: the actions do not make a game with this engine.
    """
    skipped = set(skip)
    per_seat: dict[int, list[Decision]] = {s: [] for s in range(rules.players)}
    for d in kept:
        per_seat[d.seat].append(d)
    total = len(actions)
    for index, turn, state, action in decision_points(rules, seed, actions):
        seat = state.to_act
        if index >= done and index not in skipped and seat is not None:
            v = view(state, seat)
            if len(candidates(v, action)) > 1:
                advice = analyser(v, budget, review_seed, action)
                decision = _decision(v, index, turn, action, advice)
                per_seat[seat].append(decision)
                if decided is not None:
                    decided(decision)
        if progress is not None:
            progress(index + 1, total)
    return partial_review(
        rules.players, (d for ds in per_seat.values() for d in ds), budget, review_seed)


def budget_argument(text: str) -> int:
    """A review budget typed on a command line (``--budget N``: ``seasalt-client --review``,
    ``seasalt-server games review``); raises ``ValueError`` with the words to show."""
    try:
        value = int(text)
    except ValueError:
        raise ValueError(f"not a whole number: {text!r}") from None
    if value < 1:
        raise ValueError("the budget is at least 1 playout")
    return value


def play_game(rules: Rules, seed: int, levels: Sequence[str], bot_seed: int = 0,
              budget: int | None = None) -> tuple[Action, ...]:
    """The actions of a seeded game between bots of ``levels`` (one a seat), to its end: a
    finished game to review (tests, benchmarks/review_calibration.py)."""
    from .base import get_bot

    bots = [get_bot(level, bot_seed + seat, budget) for seat, level in enumerate(levels)]
    state = new_game(rules, seed)
    actions: list[Action] = []
    while not state.is_over:
        seat = state.to_act
        assert seat is not None
        action = bots[seat].choose(view(state, seat))
        actions.append(action)
        state = apply(state, action).state
    return tuple(actions)


__all__ = ["REVIEW_BUDGET", "Analyser", "Decision", "PlayerReview", "Review", "budget_argument",
           "decision_points", "partial_review", "play_game", "review_game"]
