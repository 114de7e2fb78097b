"""``seasalt-client --review FILE --text``: the expert's review of a replay file, as text."""

from __future__ import annotations

from pathlib import Path

import pytest
from seasalt.bots.review import play_game
from seasalt.client import cli
from seasalt.client.files.replay_file import save_replay
from seasalt.engine import ENGINE_VERSION, Rules, apply, new_game
from seasalt.protocol import GameSummary, PlayerEntry, Replay

pytestmark = pytest.mark.timeout(60)


def finished_replay(seed: int = 5) -> Replay:
    """A seeded greedy-against-random game, as a server would send its replay."""
    rules = Rules(players=2, target=12)  # a short game: a round or two
    actions = play_game(rules, seed, ["greedy", "random"])
    state = new_game(rules, seed)
    for a in actions:
        state = apply(state, a).state
    entries = (PlayerEntry(0, "human", "Ann", "p:0123456789abcdef"),
               PlayerEntry(1, "bot:random", None, "bot:random"))
    summary = GameSummary(
        game=3, table="kitchen", players=entries, scores=state.scores, winners=state.winners,
        extra_salt=False, double_target=False, rounds=state.round, started=1_700_000_000,
        finished=1_700_000_900, target=12,
    )
    return Replay(summary, rules, ENGINE_VERSION, seed, actions)


def test_the_review_of_a_replay_file_as_text(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "game.json"
    save_replay(finished_replay(), path)
    assert cli.main(["--review", str(path), "--text", "--budget", "2", "--lang", "en"]) == 0
    first = capsys.readouterr().out
    assert "Expert review of game 3 at table 'kitchen'" in first
    assert "2 playouts per decision" in first
    assert "== Ann (seat 1) ==" in first and "== Seat 2 (bot:random) ==" in first
    assert first.count("  decisions: ") == 2 and "expected points lost: " in first
    assert "STOP / LAST CHANCE decisions" in first
    assert "expert: " in first and "expected points" in first
    # Reproducible: the same file, seed and budget print the same review.
    assert cli.main(["--review", str(path), "--text", "--budget", "2"]) == 0
    assert capsys.readouterr().out == first


def test_a_file_that_is_not_a_replay_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "junk.json"
    path.write_text("{}", encoding="utf-8")
    assert cli.main(["--review", str(path), "--text"]) == 1
    assert "cannot open the replay" in capsys.readouterr().err


def test_text_and_budget_need_review(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        cli.main(["--text"])
    assert "--review" in capsys.readouterr().err


def test_the_results_so_far_say_how_far_the_review_got() -> None:
    from seasalt.bots.review import partial_review
    from seasalt.client.review_text import review_replay, review_text

    replay = finished_replay()
    seen: list = []  # type: ignore[type-arg]
    review_replay(replay, 1, decided=seen.append)
    so_far = [d for d in seen if d.index < 20]
    text = review_text(replay, partial_review(2, so_far, 1, 0), reviewed=20)
    assert f"So far: the first 20 of {len(replay.actions)} moves reviewed." in text
    assert text.count("  decisions: ") == 2
