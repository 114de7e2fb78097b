"""seasalt-arena: a small run completes, its report adds up, and it resumes."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from seasalt.bots.arena import (
    ArenaConfig,
    CheckpointError,
    main,
    report,
    run_arena,
    wilson,
)


def test_small_run_report_adds_up(tmp_path: Path) -> None:
    config = ArenaConfig(lineup=("greedy", "random", "random"), games=6, seed=1, extra_salt="both")
    records = run_arena(config, out=tmp_path / "run.jsonl", workers=2)
    assert [r.index for r in records] == list(range(6))
    # Seats rotate: each level sits in every seat equally often.
    for seat in range(3):
        assert sorted(r.seats[seat] for r in records) == ["greedy", "greedy"] + ["random"] * 4
    assert {r.extra_salt for r in records} == {False, True}
    levels = {lv.level: lv for lv in report(records)}
    assert levels["greedy"].seats == 6 and levels["random"].seats == 12
    # One victory per game, shared ones split.
    assert sum(lv.wins for lv in levels.values()) == pytest.approx(6)
    for lv in levels.values():
        assert lv.ci_low <= lv.win_rate <= lv.ci_high
        assert lv.decisions > 0 and 0 <= lv.median_time <= lv.p99_time
        assert 0 <= lv.median_cpu <= lv.p99_cpu
    mean_greedy = sum(r.scores[r.seats.index("greedy")] for r in records) / 6
    assert levels["greedy"].mean_score == pytest.approx(mean_greedy)


def test_a_run_resumes_from_its_checkpoint(tmp_path: Path) -> None:
    out = tmp_path / "run.jsonl"
    first = run_arena(ArenaConfig(("greedy", "random"), games=3), out=out, workers=1)
    lines = out.read_text().splitlines()
    assert len(lines) == 1 + 3 and "config" in json.loads(lines[0])
    out.write_text("\n".join(lines) + '\n{"index": 3, "se')  # a line cut by a kill
    played: list[int] = []
    more = run_arena(
        ArenaConfig(("greedy", "random"), games=5),
        out=out,
        workers=1,
        progress=lambda done, total: played.append(done),
    )
    assert [r.index for r in more] == [0, 1, 2, 3, 4]
    assert more[:3] == first
    assert played == [3, 4, 5]  # only the two missing games were played


def test_a_checkpoint_of_another_run_is_refused(tmp_path: Path) -> None:
    out = tmp_path / "run.jsonl"
    run_arena(ArenaConfig(("greedy", "random"), games=1), out=out, workers=1)
    with pytest.raises(CheckpointError, match="different run"):
        run_arena(ArenaConfig(("random", "random"), games=1), out=out, workers=1)


def test_same_config_same_games(tmp_path: Path) -> None:
    config = ArenaConfig(("greedy", "random"), games=2, seed=4)
    a = run_arena(config, workers=1)
    b = run_arena(config, workers=1)
    assert [(r.winners, r.scores, r.moves) for r in a] == [
        (r.winners, r.scores, r.moves) for r in b
    ]


def test_wilson_interval() -> None:
    low, high = wilson(280, 400)
    assert low == pytest.approx(0.6534, abs=1e-4) and high == pytest.approx(0.7428, abs=1e-4)
    assert wilson(0, 10)[0] == 0.0 and wilson(10, 10)[1] == 1.0
    # A clean sweep's upper bound is 1, not a rounding hair below (6 of 6 gave 0.9999999999999999).
    assert all(wilson(n, n)[1] == 1.0 and wilson(0, n)[0] == 0.0 for n in range(1, 50))


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--lineup", "greedy,wizard"], "unknown level"),
        (["--lineup", "greedy"], "2-4 seats"),
        (["--lineup", "greedy,random", "--games", "0"], "games"),
        (["--lineup", "greedy,random", "--extra-salt", "maybe"], "invalid choice"),
        (["--lineup", "greedy,random", "--budget", "-1"], "budget"),
        (["--lineup", "greedy,random", "--games", "ten"], "invalid int"),
    ],
)
def test_bad_input_is_a_clear_error(argv: list[str], message: str, capsys) -> None:
    with pytest.raises(SystemExit) as exc:
        main(argv)
    assert exc.value.code == 2
    assert message in capsys.readouterr().err


def test_cli_prints_the_report(tmp_path: Path, capsys) -> None:
    out = tmp_path / "cli.jsonl"
    argv = ["--lineup", "greedy,random", "--games", "2", "--workers", "1", "--out", str(out)]
    assert main([*argv, "--quiet"]) == 0
    text = capsys.readouterr().out
    assert "greedy" in text and "95% CI" in text
    assert main(["--lineup", "random,random", "--games", "2", "--out", str(out), "--quiet"]) == 2
    assert "different run" in capsys.readouterr().err


def test_report_merges_checkpoints(tmp_path: Path, capsys) -> None:
    a, b = tmp_path / "a.jsonl", tmp_path / "b.jsonl"
    run_arena(ArenaConfig(("greedy", "random"), games=2, seed=1), out=a, workers=1)
    run_arena(ArenaConfig(("greedy", "random"), games=2, seed=2), out=b, workers=1)
    assert main(["--report", str(a), str(b), "--json"]) == 0
    levels = {lv["level"]: lv for lv in json.loads(capsys.readouterr().out)}
    assert levels["greedy"]["seats"] == 4 and levels["random"]["seats"] == 4
    assert levels["greedy"]["wins"] + levels["random"]["wins"] == pytest.approx(4)
    assert main(["--report", str(tmp_path / "missing.jsonl")]) == 2
    assert "not a readable arena checkpoint" in capsys.readouterr().err


def test_lineup_or_report_is_required(capsys) -> None:
    with pytest.raises(SystemExit):
        main([])
    assert "--lineup is required" in capsys.readouterr().err
