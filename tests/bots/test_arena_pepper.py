"""seasalt-arena --extra-pepper: the games have the event cards, and older checkpoints (from
before the option) still resume as Extra Pepper off."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from seasalt.bots.arena import ArenaConfig, main, run_arena
from seasalt.bots.arena_records import read_records


def test_extra_pepper_run_and_report(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "pepper.jsonl"
    code = main(["--lineup", "greedy,basic", "--games", "2", "--extra-pepper", "--workers", "1",
                 "--quiet", "--out", str(out)])
    assert code == 0
    assert "extra pepper on" in capsys.readouterr().out
    config, records = read_records(out)
    assert config.extra_pepper and [r.extra_pepper for r in records] == [True, True]
    assert all(r.winners for r in records)
    # The same seeds without the option are other games (the event cards change them).
    plain = run_arena(ArenaConfig(("greedy", "basic"), games=2), workers=1)
    assert [r.extra_pepper for r in plain] == [False, False]
    assert [(r.scores, r.moves) for r in plain] != [(r.scores, r.moves) for r in records]


def test_a_checkpoint_from_before_the_option_resumes(tmp_path: Path) -> None:
    out = tmp_path / "old.jsonl"
    run_arena(ArenaConfig(("greedy", "random"), games=1), out=out, workers=1)
    lines = out.read_text().splitlines()
    header = json.loads(lines[0])
    del header["config"]["extra_pepper"]  # as written before the option existed
    record = json.loads(lines[1])
    del record["extra_pepper"]
    out.write_text("\n".join([json.dumps(header), json.dumps(record)]) + "\n")
    more = run_arena(ArenaConfig(("greedy", "random"), games=2), out=out, workers=1)
    assert [r.index for r in more] == [0, 1] and not any(r.extra_pepper for r in more)
    assert not read_records(out)[0].extra_pepper
