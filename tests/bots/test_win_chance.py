"""The 2-player expert plays for the game: a round's worth is the chance of winning from the
totals it leaves (bots/win_chance.py), not its points (RULES §8.1 game end, §8.3 tie-break)."""

from __future__ import annotations

import pytest
from seasalt.bots import expert, win_chance
from seasalt.bots.rollout import evaluate_scores
from seasalt.bots.win_chance_data import ROUND_OUTCOMES
from seasalt.engine import Rules, new_game


@pytest.fixture
def outcomes(monkeypatch: pytest.MonkeyPatch):
    """Swap in a tiny round distribution (and a fresh table cache) for hand-checked chances."""

    def use(table: tuple[tuple[int, int, int], ...]) -> None:
        monkeypatch.setattr(win_chance, "ROUND_OUTCOMES", table)
        win_chance._table.cache_clear()

    yield use
    win_chance._table.cache_clear()


def test_the_table_is_symmetric_so_the_two_chances_add_to_one() -> None:
    counts = {(a, b): n for a, b, n in ROUND_OUTCOMES}
    assert all(counts.get((b, a)) == n for (a, b), n in counts.items())
    for mine in range(40):
        for theirs in range(40):
            total = win_chance.win_chance(mine, theirs, 40) + win_chance.win_chance(
                theirs, mine, 40
            )
            assert total == pytest.approx(1.0, abs=1e-9)


def test_more_points_never_lower_the_chance() -> None:
    for theirs in range(0, 40, 3):
        row = [win_chance.win_chance(m, theirs, 40) for m in range(40)]
        assert row == sorted(row)
    # Near the end a lead is worth more than the same lead early (RULES §8.1).
    assert win_chance.win_chance(38, 30, 40) > win_chance.win_chance(18, 10, 40)


def test_the_game_ends_at_the_target_and_the_higher_total_wins(outcomes) -> None:
    # RULES §8.1: every round adds 1 to one seat, each half the time; the target is 2.
    outcomes(((1, 0, 1), (0, 1, 1)))
    assert win_chance.win_chance(1, 1, 2) == pytest.approx(0.5)
    assert win_chance.win_chance(1, 0, 2) == pytest.approx(0.75)
    assert win_chance.win_chance(0, 0, 2) == pytest.approx(0.5)


def test_equal_totals_go_to_the_higher_round_score(outcomes) -> None:
    # RULES §8.3: 2 + 1 against 1 + 2 ties at 3; the round's 2 beats its 1.
    outcomes(((1, 2, 1), (2, 1, 1)))
    assert win_chance.win_chance(2, 1, 3) == pytest.approx(0.5)  # (1, 2): lose; (2, 1): win
    outcomes(((1, 2, 1),))
    assert win_chance.win_chance(2, 1, 3) == 0.0
    outcomes(((2, 2, 1),))
    assert win_chance.win_chance(1, 1, 3) == pytest.approx(0.5)  # still tied: shared


def test_void_rounds_change_no_chance(outcomes) -> None:
    # RULES §4: a void round adds nothing; leaving it out of the distribution is exact.
    outcomes(((1, 0, 1), (0, 1, 1), (0, 0, 5)))
    assert win_chance.win_chance(1, 0, 2) == pytest.approx(0.75)


def test_targets_beyond_the_table_are_refused() -> None:
    with pytest.raises(ValueError, match="target"):
        win_chance.win_chance(0, 0, win_chance.MAX_TARGET + 1)


def test_the_two_player_expert_rewards_the_win_chance() -> None:
    world = new_game(Rules(2), 1)
    assert expert._reward(world, (30, 20), None, 0) == win_chance.win_chance(30, 20, 40)
    assert expert._reward(world, (30, 20), None, 1) == win_chance.win_chance(20, 30, 40)
    assert expert._reward(world, (41, 20), (0,), 0) == 1.0
    assert expert._reward(world, (41, 20), (0,), 1) == 0.0
    assert expert._reward(world, (40, 40), (0, 1), 1) == 0.5


def test_with_more_players_or_a_long_game_the_expert_rewards_the_lead() -> None:
    for rules in (Rules(3), Rules(4), Rules(2, target=win_chance.MAX_TARGET + 1)):
        world = new_game(rules, 1)
        scores = (9, 4, 2, 1)[: rules.players]
        assert expert._reward(world, scores, None, 0) == evaluate_scores(world, scores, None, 0)
