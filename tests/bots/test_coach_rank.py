"""The coach's order by the figures it shows (bots/coach_rank.py): the likeliest to win, and
among choices as likely to win (within the playouts' noise, deal by deal), the most points."""

from __future__ import annotations

import random

from seasalt.bots.coach_rank import clearly_likelier, rank


def _wins(rate: float, deals: int, rng: random.Random) -> list[float]:
    return [1.0 if rng.random() < rate else 0.0 for _ in range(deals)]


def test_a_difference_within_the_noise_keeps_the_points_advice() -> None:
    # Session 8's figures: Sailor -1.1 expected points, 40% to win; Boat -1.9, 48% to win,
    # over a few dozen deals each, where the same deal mostly ends the same way for both.
    rng = random.Random(8)
    sailor = _wins(0.4, 50, rng)
    boat = [w if rng.random() < 0.8 else 1.0 - w for w in sailor]
    assert not clearly_likelier(boat, sailor) and not clearly_likelier(sailor, boat)
    order, told_apart = rank([-1.1, -1.9], [sailor, boat])
    assert order == [0, 1] and told_apart == [True, False]  # Boat: "as likely to win"


def test_a_choice_clearly_likelier_to_win_is_the_advice() -> None:
    # the same deals won by Boat and lost by Sailor in a third of them, never the other way
    sailor = [1.0, 0.0, 0.0] * 20
    boat = [1.0, 1.0, 0.0] * 20
    assert clearly_likelier(boat, sailor)
    order, told_apart = rank([-1.1, -1.9], [sailor, boat])
    assert order == [1, 0] and told_apart == [True, True]  # both percentages shown


def test_more_points_at_no_clear_cost_win_over_a_clearly_likelier_one() -> None:
    # c is clearly likelier than a (the most points), b as likely as c with more points than c
    a = [0.0] * 30
    c = [1.0, 0.0] * 15
    b = [1.0, 0.0, 1.0, 0.0, 0.0, 1.0] * 5
    assert clearly_likelier(c, a) and not clearly_likelier(c, b)
    order, _ = rank([3.0, 2.0, 1.0], [a, b, c])
    assert order[0] == 1


def test_shared_wins_count_as_shares_and_a_lone_deal_proves_nothing() -> None:
    assert clearly_likelier([1.0] * 5, [0.5] * 5)  # every deal the same way
    assert not clearly_likelier([1.0], [0.0])  # one deal
    assert not clearly_likelier([0.5, 0.5], [0.5, 0.5])


def test_a_win_at_once_is_the_advice_whatever_the_playouts_say() -> None:
    # RULES §8.2: the third mermaid wins now; a draw that the playouts also saw win every deal
    # (4 of 4) has more expected points, but its win is an estimate, this one is certain.
    order, _ = rank([3.5, 0.0], [[1.0] * 4, [1.0] * 4], [False, True])
    assert order == [1, 0]
