"""The expert's search is anytime: it stops at a wall-clock deadline and plays what it has.

Deterministic: the deadline reads a fake clock that ticks once per look, never wall time.
Also the sampler's cheaper hand values: the same numbers as the basic level's formula.
"""

from __future__ import annotations

import random

from seasalt.bots import Deadline, get_bot
from seasalt.bots.base import decision_rng
from seasalt.bots.basic import _plain_hand_value, choose_basic, hand_value
from seasalt.bots.expert import search
from seasalt.engine import DUO_KINDS, PlayerView, Rules, apply, breakdown, new_game, view
from seasalt.engine.cards import KIND_OF, Kind


class Ticks:
    """A clock that moves one unit each time it is read."""

    def __init__(self) -> None:
        self.reads = 0

    def __call__(self) -> float:
        self.reads += 1
        return float(self.reads)


def _views(count: int) -> list[PlayerView]:
    """Positions with a choice from a seeded 2-player greedy game."""
    out = []
    state = new_game(Rules(2), 41)
    bot = get_bot("greedy", seed=1)
    while len(out) < count:
        v = view(state, state.active)
        if len(v.legal_actions) > 2:
            out.append(v)
        state = apply(state, bot.choose(v)).state
    return out


def test_a_deadline_already_passed_plays_the_basic_choice() -> None:
    for v in _views(3):
        ticks = Ticks()
        found = search(v, decision_rng(1, v), 40, Deadline(0.0, ticks))
        assert found.value is None and found.action in v.legal_actions
        assert found.action == choose_basic(v, decision_rng(1, v))
        assert ticks.reads == 1  # it looked once, before the first deal


def test_the_search_stops_at_its_deadline_with_the_best_so_far() -> None:
    for v in _views(3):
        ticks = Ticks()
        found = search(v, decision_rng(1, v), 400, Deadline(20.0, ticks))
        assert found.value is not None and found.action in v.legal_actions
        assert ticks.reads == 20  # a look before each deal and each playout, then it answered


def test_a_far_deadline_changes_nothing() -> None:
    for v in _views(2):
        far = search(v, decision_rng(1, v), 40, Deadline(1e12, Ticks()))
        assert far == search(v, decision_rng(1, v), 40)
        assert get_bot("expert", 1, 40).choose(v, Deadline(1e12, Ticks())) == far.action


def _formula(hand: list[int], table: list[tuple[int, ...]]) -> float:
    """The basic level's hand value without effects, written as it was (a dict of kinds)."""
    points = float(breakdown(hand, table).total) + 0.0
    counts: dict[Kind, int] = {}
    for c in hand:
        counts[KIND_OF[c]] = counts.get(KIND_OF[c], 0) + 1
    for group in table:
        for c in group:
            if KIND_OF[c] not in DUO_KINDS:
                counts[KIND_OF[c]] = counts.get(KIND_OF[c], 0) + 1
    potential = 0.0
    for kind in (Kind.CRAB, Kind.BOAT, Kind.FISH):
        potential += 0.35 * (counts.get(kind, 0) % 2)
    partners = counts.get(Kind.SHARK, 0) + counts.get(Kind.JELLYFISH, 0)
    potential += 0.35 * abs(counts.get(Kind.SWIMMER, 0) - partners)
    for kind, bonus in ((Kind.SHELL, 0.7), (Kind.OCTOPUS, 0.8), (Kind.SAILOR, 1.2)):
        if counts.get(kind, 0) == 1:
            potential += bonus
    return points + potential


def test_the_plain_hand_value_is_the_formula_to_the_last_bit() -> None:
    rng = random.Random(8)
    for _ in range(3000):
        cards = rng.sample(range(66), rng.randrange(0, 14))
        k = rng.randrange(len(cards) + 1)
        hand, rest = cards[:k], cards[k:]
        table = [tuple(rest[i : i + 2]) for i in range(0, len(rest) - 1, 2)]
        assert _plain_hand_value(hand, table) == _formula(hand, table) == hand_value(hand, table)


def test_a_deal_cut_short_is_dropped_for_every_option() -> None:
    from seasalt.bots import expert
    from seasalt.bots.sampler import Sampler

    v = _views(1)[0]
    options = expert._options(v, expert._candidates(v))
    assert len(options) >= 2
    rewards: list[list[float]] = [[] for _ in options]
    alive = list(range(len(options)))
    ticks = Ticks()
    # A look before each deal and before each playout but a deal's first: the second deal's
    # second playout finds the deadline passed.
    at = float(len(alive) + 2)
    in_time = expert._simulate(
        Sampler(v), options, 5, v.seat, decision_rng(1, v), rewards, alive, False,
        Deadline(at, ticks),
    )
    assert not in_time and [len(r) for r in rewards] == [1] * len(options)


class Jump:
    """A clock that stands still for its first ``reads`` reads, then jumps far past any
    deadline (a machine that stalls the search mid-way)."""

    def __init__(self, reads: int) -> None:
        self.left, self.reads = reads, 0

    def __call__(self) -> float:
        self.reads += 1
        return 0.0 if self.reads <= self.left else 1e12


def test_a_clock_that_jumps_past_the_deadline_plays_what_the_first_deal_found() -> None:
    from seasalt.bots import expert
    from seasalt.bots.sampler import Sampler

    for v in _views(3):
        options = expert._options(v, expert._candidates(v))
        n = len(options)
        # The first deal looks n times (before the deal, before each playout but its first);
        # the look before the second deal finds the deadline long passed.
        jump = Jump(n)
        found = expert.search(v, decision_rng(1, v), None, Deadline(1.0, jump))
        assert jump.reads == n + 1  # it stopped at once: no playout after the jump
        assert found.action in v.legal_actions
        # What it had: one deal's reward for each option, the same deal and seeds a search
        # without a deadline starts with; it plays the best of them.
        rewards: list[list[float]] = [[] for _ in options]
        expert._simulate(Sampler(v), options, 1, v.seat, decision_rng(1, v), rewards,
                         list(range(n)), expert._denies(v))
        best = max(r[0] for r in rewards)
        assert found.value == best
        assert any(options[i][0] == found.action and r[0] == best for i, r in enumerate(rewards))
        again = expert.search(v, decision_rng(1, v), None, Deadline(1.0, Jump(n)))
        assert again == found  # the same cut, the same answer
