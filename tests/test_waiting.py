"""The test kit's limits stretch with the machine's load (issue 38: a suite beside six busy loops
on two cores failed on fixed 10 s waits that a quiet machine meets in 2). seasalt.testing.waiting
on a clock and a slowness the test sets."""

from __future__ import annotations

import os

import pytest
from seasalt.testing import waiting
from seasalt.testing.waiting import MAX_SLOWNESS, Patience, slowness, stretched, until


class Clock:
    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


def test_a_limit_counts_a_quiet_machines_seconds() -> None:
    clock, measured = Clock(), [1.0]
    patience = Patience(10.0, clock, lambda: measured[0])
    clock.now += 9.0
    assert not patience.spent()  # quiet: 9 of 10 s
    measured[0] = 4.0  # the machine gets four times slower: the next 4 s count as 1
    clock.now += 4.0
    assert not patience.spent()
    assert patience.left() == pytest.approx((10.0 - 10.0) * 4.0)
    clock.now += 0.5  # 1/8 s of a quiet machine more: over
    assert patience.spent()
    assert patience.left() == 0.0


def test_left_is_wall_seconds_at_todays_slowness() -> None:
    clock = Clock()
    patience = Patience(10.0, clock, lambda: 3.0)
    clock.now += 6.0  # 2 s of a quiet machine
    assert patience.left() == pytest.approx(8.0 * 3.0)
    assert str(patience) == "10 s of a quiet machine"


def test_slowness_is_the_load_per_core_at_least_one_and_capped(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    cores = os.cpu_count() or 1
    monkeypatch.setattr(waiting, "runnable_now", lambda: 0)
    monkeypatch.setattr(waiting.os, "getloadavg", lambda: (8.0 * cores, 0.0, 0.0))
    assert slowness() == 8.0
    assert stretched(10.0) == 80.0
    monkeypatch.setattr(waiting.os, "getloadavg", lambda: (0.1, 0.0, 0.0))
    assert slowness() == 1.0  # a quiet machine never shortens a limit
    monkeypatch.setattr(waiting.os, "getloadavg", lambda: (1000.0 * cores, 0.0, 0.0))
    assert slowness() == MAX_SLOWNESS

    def unreadable() -> tuple[float, float, float]:
        raise OSError("no load average here")

    monkeypatch.setattr(waiting.os, "getloadavg", unreadable)
    assert slowness() == 1.0


async def test_a_wait_that_is_never_met_fails_and_says_what_it_waited_for(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(waiting, "slowness", lambda: 1.0)
    with pytest.raises(AssertionError, match=r"the moon not met within 0\.05 s of a quiet machine"):
        await until(lambda: False, 0.05, "the moon")


def test_a_load_that_just_began_counts_before_the_minutes_mean_shows_it(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    cores = os.cpu_count() or 1
    monkeypatch.setattr(waiting.os, "getloadavg", lambda: (0.5, 0.0, 0.0))
    monkeypatch.setattr(waiting, "runnable_now", lambda: 4 * cores)
    assert slowness() == 4.0


def test_the_processes_runnable_now_are_read_from_the_kernel() -> None:
    if not os.path.exists("/proc/loadavg"):
        pytest.skip("no /proc/loadavg on this system")
    assert waiting.runnable_now() >= 1  # this very test runs
