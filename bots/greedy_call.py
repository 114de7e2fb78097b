"""The greedy level's STOP / LAST CHANCE decision (bots/greedy.py): the round's outcome (and
the game's, near the target) weighed against sampled estimates of the opponents' card points,
each under its own Extra Pepper effects. Every score comes from the engine (``breakdown``,
``round_gains``); the calls offered are the view's (the engine applies the 7/10-point
thresholds and the Diodon Fish's ban on STOP, RULES §12.8-9).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import TYPE_CHECKING

from seasalt.engine import Action, Breakdown, Call, CallKind, breakdown, round_gains, seat_effects

if TYPE_CHECKING:
    from .greedy import _Eval



def _sample_opponents(
    ev: _Eval, rng: random.Random
) -> list[tuple[int, list[tuple[Breakdown, int]]]]:
    """Per opponent: (seat, sampled (breakdown, hidden cards) of its hand and table)."""
    view, mem, t = ev.view, ev.mem, ev.t
    pool = list(mem.unseen)
    out = []
    for sv in view.seats:
        if sv.seat == view.seat:
            continue
        holds = mem.holds[sv.seat]
        fx = seat_effects(view, sv.seat)
        if sv.revealed_hand is not None:
            out.append((sv.seat, [(breakdown(sv.revealed_hand, sv.table, fx), 0)]))
            continue
        hidden = min(len(pool), max(0, sv.hand_size - len(holds)))
        samples = []
        for _ in range(t.samples if hidden else 1):
            hand = (*holds, *rng.sample(pool, hidden)) if hidden else holds
            samples.append((breakdown(hand, sv.table, fx), hidden))
        out.append((sv.seat, samples))
    return out


def _utility(ev: _Eval, gains: Sequence[int]) -> float:
    """A round's gains for us: the lead they give, or the game when a total reaches the target."""
    view = ev.view
    me = view.seat
    assert me is not None
    totals = [s + g for s, g in zip(view.scores, gains, strict=True)]
    others = [s for s in range(len(totals)) if s != me]
    if max(totals) >= view.rules.target_score:
        rank = [(totals[s], gains[s]) for s in others]
        mine = (totals[me], gains[me])
        if all(mine > r for r in rank):
            return ev.t.game_value
        if all(mine >= r for r in rank):
            return 0.0
        return -ev.t.game_value
    opp = [gains[s] for s in others]
    return gains[me] - (sum(opp) / len(opp) + max(opp)) / 2


def choose_call(ev: _Eval, rng: random.Random) -> Action | None:
    view, t = ev.view, ev.t
    calls = {a.kind: a for a in view.legal_actions if isinstance(a, Call)}
    if not calls or view.seat is None or view.breakdown is None:
        return None
    me = view.seat
    mine = view.breakdown
    opponents = _sample_opponents(ev, rng)
    rounds = max(len(samples) for _, samples in opponents)
    stop_total = 0.0
    chance_total = 0.0
    n = view.rules.players
    for j in range(rounds):
        parts: list[Breakdown] = [mine] * n
        finals: list[Breakdown] = [mine] * n
        for seat, samples in opponents:
            b, hidden = samples[j % len(samples)]
            # Whole points (the engine scores ints), rounded at random so the mean is right.
            bias = int(t.hidden_bias * hidden + rng.random())
            parts[seat] = _with_points(b, b.total + bias)
            shown = view.seats[seat].revealed_hand is not None
            after = 0 if shown else int(t.final_turn + rng.random())
            finals[seat] = _with_points(b, b.total + bias + after)
        gains, _ = round_gains(CallKind.STOP, me, parts)
        stop_total += _utility(ev, gains)
        gains, _ = round_gains(CallKind.LAST_CHANCE, me, finals)
        chance_total += _utility(ev, gains)
    stop = stop_total / rounds
    chance = chance_total / rounds
    # Near the deck's end the round is soon void (nobody scores): a small lead is worth taking.
    margin = t.stop_margin * min(1.0, view.deck_size / (3 * n))
    # Under the Diodon Fish (RULES §12.9) STOP is not listed: LAST CHANCE needs no edge over it.
    edge = t.chance_margin if CallKind.STOP in calls else -1e9
    if CallKind.LAST_CHANCE in calls and chance >= stop + edge and chance >= margin:
        return calls[CallKind.LAST_CHANCE]
    if CallKind.STOP in calls and stop >= margin:
        return calls[CallKind.STOP]
    return None


def _with_points(b: Breakdown, points: int) -> Breakdown:
    """``b`` with its card points set to ``points`` (a sampled estimate plus its bias)."""
    return Breakdown(
        pairs_on_table=points, pairs_in_hand=0, starfish=0, collectors=0, multipliers=0,
        mermaids=0, color_bonus=b.color_bonus,
    )


__all__ = ["choose_call"]
