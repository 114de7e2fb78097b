"""The coach's order of its choices, by the figures it shows (ranked by the expert's reward, it
would advise "Keep Sailor, -1.1 expected points, 40% to win" over "Keep Boat, -1.9, 48% to
win": a win chance shown that the ranking never read).

The advice is the choice likeliest to win, and among choices as likely to win, the one with the
most expected points. "As likely" is judged on the deals themselves: every choice is played out
on the same sampled deals (bots/coach.py), so two choices' wins are compared deal by deal, and
one is *clearly* likelier to win only when the mean of those paired differences is at least
:data:`CLEARLY` standard errors above zero. A difference within the playouts' noise is no reason
to give up points, and the words then say "as likely to win" rather than show two percentages
that only seem to differ.

At the order's fixed point (:func:`rank`) what is shown agrees with the advice: a choice listed
with more expected points than the advice is clearly less likely to win, and none is clearly
likelier to win.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

CLEARLY = 2.0
"""Standard errors of the paired difference that make one choice clearly likelier to win."""


def clearly_likelier(a: Sequence[float], b: Sequence[float]) -> bool:
    """Whether wins ``a`` beat wins ``b`` beyond the noise (the same deals, in order; a won
    deal is 1, a shared win its share, a loss 0)."""
    n = min(len(a), len(b))
    if n < 2:
        return False
    diffs = [x - y for x, y in zip(a, b, strict=False)]
    mean = sum(diffs) / n
    if mean <= 0:
        return False
    variance = sum((d - mean) ** 2 for d in diffs) / (n - 1)
    if variance == 0:
        return True  # every deal went the same way
    return mean / math.sqrt(variance / n) >= CLEARLY


def rank(
    points: Sequence[float], wins: Sequence[Sequence[float]], wins_now: Sequence[bool] = ()
) -> tuple[list[int], list[bool]]:
    """The choices' order, the advice first, and for each one in that order whether its chance
    to win is told apart from the advice's (True for the advice itself: its own figure).

    ``points[i]``: choice i's mean expected points; ``wins[i]``: its result on each deal;
    ``wins_now[i]``: it wins the game at once in every deal (the mermaids, RULES §8.2): a
    certain win, which no estimate from playouts is likelier than (or as likely as).
    """
    n = len(points)
    choices = range(n)
    certain = [i for i in choices if i < len(wins_now) and wins_now[i]]
    advice = max(certain or choices, key=lambda i: (points[i], -i))
    for _ in range(0 if certain else 2 * n):  # (each step raises the win chance or the points)
        likelier = [i for i in choices if clearly_likelier(wins[i], wins[advice])]
        if not likelier:  # more points at no clear cost in the chance to win
            likelier = [
                i for i in choices
                if points[i] > points[advice] and not clearly_likelier(wins[advice], wins[i])
            ]
        if not likelier:
            break
        advice = max(likelier, key=lambda i: (points[i], -i))
    order = [advice, *sorted((i for i in choices if i != advice), key=lambda i: (-points[i], i))]
    told_apart = [
        i == advice
        or clearly_likelier(wins[i], wins[advice])
        or clearly_likelier(wins[advice], wins[i])
        for i in order
    ]
    return order, told_apart
