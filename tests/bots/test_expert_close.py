"""A close call gets more playouts, a clear one does not, and never more than the cap.

The budget's own noise cost the expert's choices win chance (benchmarks/search_noise.py): the
search gives the two best different actions up to ``CLOSE_EXTRA`` budgets more while their
paired difference is within ``CLOSE_Z`` standard errors (bots/expert.py ``_close``).
"""

from __future__ import annotations

import random

import pytest
from seasalt.bots import expert
from seasalt.bots.rollout import DEFAULT_PLAN, EAGER_PLAN
from seasalt.bots.sampler import Sampler
from seasalt.engine import Call, CallKind, EndTurn, view


def test_rewards_far_apart_are_not_close() -> None:
    rewards = [[0.9, 0.8, 0.85, 0.95], [0.1, 0.2, 0.15, 0.05]]
    assert not expert._close(rewards, 0, 1)


def test_rewards_within_their_noise_are_close() -> None:
    rng = random.Random(4)
    a = [rng.random() for _ in range(40)]
    b = [x + rng.choice((-0.3, 0.3)) for x in a]  # paired differences of mean about 0
    assert expert._close([a, b], 0, 1)


def test_the_same_reward_on_every_deal_is_not_close() -> None:
    # Nothing more to learn: more deals cannot part two options that never differ.
    assert not expert._close([[0.5, 0.25, 0.75], [0.5, 0.25, 0.75]], 0, 1)


def test_rivals_are_different_actions() -> None:
    # Two call plans of one END TURN are one choice now: the rival of the best is the best
    # option of another action.
    stop = Call(CallKind.STOP)
    options: list[expert.Option] = [
        (EndTurn(), DEFAULT_PLAN),
        (EndTurn(), EAGER_PLAN),
        (stop, DEFAULT_PLAN),
    ]
    assert expert._rivals(options, [1, 0, 2]) == (1, 2)
    assert expert._rivals(options[:2], [0, 1]) is None


def test_close_calls_get_more_playouts_and_never_beyond_the_cap(
    positions, monkeypatch: pytest.MonkeyPatch
) -> None:
    budget = 40
    sampled: list[int] = []
    real_sample = Sampler.sample

    def counting(self: Sampler, rng: random.Random, keep_log: bool = True):  # type: ignore[no-untyped-def]
        sampled[-1] += 1
        return real_sample(self, rng, keep_log=keep_log)

    monkeypatch.setattr(Sampler, "sample", counting)
    cap = expert.CLOSE_EXTRA
    # deals sampled by player count: (the search, without the extension)
    worlds: dict[int, list[tuple[int, int]]] = {2: [], 3: [], 4: []}
    for state in positions(3, every=5, seed=3):
        v = view(state, state.active)
        if len(expert._candidates(v)) < 2:
            continue
        counts = []
        for extra in (cap, 0):  # the same search seed, with and without the extension
            monkeypatch.setattr(expert, "CLOSE_EXTRA", extra)
            sampled.append(0)
            expert.search(v, random.Random(len(worlds[2]) + 100 * v.rules.players), budget)
            counts.append(sampled[-1])
        worlds[v.rules.players].append((counts[0], counts[1]))
    two = worlds[2]
    assert len(two) > 15
    # Each deal is played once per option alive, so a search samples at most half its budget
    # of deals (two options); the extension adds CLOSE_EXTRA budgets, two options a deal.
    assert all(base <= budget // 2 for _, base in two)
    assert all(n <= base + cap * budget // 2 for n, base in two)
    extended = sum(n > base for n, base in two)
    assert 0 < extended < len(two), (extended, len(two))
    # Measured in two players only: 3-4 players keep their budgets (and their figures).
    assert worlds[3] and worlds[4]
    assert all(n == base for n, base in worlds[3] + worlds[4])
