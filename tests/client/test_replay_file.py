"""Replay files and replay steps (issue 6): export and re-open, other engine versions refused
with a clear message, damaged files refused, and the steps rebuild the game exactly."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from seasalt.client import cli
from seasalt.client.files.replay_file import open_replay, save_replay
from seasalt.client.tui.replay_steps import build_steps, round_starts
from seasalt.engine import (
    ENGINE_VERSION,
    EventKind,
    Rules,
    apply,
    legal_actions,
    new_game,
)
from seasalt.protocol import (
    GameSummary,
    PlayerEntry,
    Replay,
    ReplayFileError,
    replay_to_file_data,
)

pytestmark = pytest.mark.timeout(30)


def played_replay(seed: int = 4, players: int = 3, extra_salt: bool = True) -> Replay:
    """A whole game with seeded random legal actions, as a server would send it."""
    rules = Rules(players, extra_salt)
    rng = random.Random(seed)
    state = new_game(rules, seed)
    actions = []
    while not state.is_over:
        action = rng.choice(legal_actions(state))
        actions.append(action)
        state = apply(state, action).state
    entries = tuple(
        PlayerEntry(s, "human" if s == 0 else "bot:random", "Ann" if s == 0 else None,
                    "p:0123456789abcdef" if s == 0 else "bot:random")
        for s in range(players)
    )
    summary = GameSummary(
        game=7, table="kitchen", players=entries, scores=state.scores, winners=state.winners,
        extra_salt=extra_salt, double_target=False, rounds=state.round, started=1_700_000_000,
        finished=1_700_000_900,
    )
    return Replay(summary, rules, ENGINE_VERSION, seed, tuple(actions))


def test_steps_rebuild_the_game_forwards_and_backwards() -> None:
    replay = played_replay()
    steps = build_steps(replay)
    assert len(steps) == len(replay.actions) + 1
    state = new_game(replay.rules, replay.seed)
    assert steps[0].state == state
    for step, action in zip(steps[1:], replay.actions, strict=True):  # forwards
        state = apply(state, action).state
        assert step.state == state and step.action == action
    assert steps[-1].state.is_over
    assert steps[-1].state.scores == replay.summary.scores
    for i in range(len(steps) - 1, 0, -1):  # backwards: every step follows from the one before
        assert apply(steps[i - 1].state, replay.actions[i - 1]).state == steps[i].state
    starts = round_starts(steps)
    assert starts[0] == 0 and len(starts) == steps[-1].state.round
    assert all(any(e.kind is EventKind.ROUND_STARTED for e in steps[i].events) for i in starts[1:])


def test_a_replay_file_round_trips(tmp_path: Path) -> None:
    replay = played_replay()
    path = tmp_path / "game.json"
    save_replay(replay, path)
    data = json.loads(path.read_text(encoding="utf-8"))
    assert data["format"] == "seasalt-replay" and data["engine_version"] == ENGINE_VERSION
    assert open_replay(path) == replay


def test_another_engine_version_is_refused_with_a_clear_message(tmp_path: Path) -> None:
    data = replay_to_file_data(played_replay())
    data["engine_version"] = "999"
    path = tmp_path / "future.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(ReplayFileError) as info:
        open_replay(path)
    message = str(info.value)
    assert "'999'" in message and f"'{ENGINE_VERSION}'" in message
    assert "engine version" in message and "Traceback" not in message
    # and a replay message from a server of another engine version is refused the same way
    other = played_replay()
    with pytest.raises(ReplayFileError, match="engine version '999'"):
        build_steps(Replay(other.summary, other.rules, "999", other.seed, other.actions))


def test_the_client_command_refuses_bad_replay_files_clearly(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    data = replay_to_file_data(played_replay())
    data["engine_version"] = "0"
    cases = {
        "other-engine.json": json.dumps(data),
        "not-json.json": "{nope",
        "not-replay.json": json.dumps({"hello": 1}),
        "damaged.json": json.dumps({**replay_to_file_data(played_replay()), "seed": "x"}),
        # the moves a bot made for an absent player (docs/protocol.md "Replay files")
        "damaged-stand-ins.json": json.dumps(
            {**replay_to_file_data(played_replay()), "stand_ins": [{"action": 0, "seat": 0}]}),
        "unordered-stand-ins.json": json.dumps(
            {**replay_to_file_data(played_replay()),
             "stand_ins": [{"action": 3, "seat": 0}, {"action": 2, "seat": 0}]}),
    }
    expected = {
        "other-engine.json": "engine version '0'",
        "not-json.json": "not a seasalt replay file",
        "not-replay.json": "not a seasalt replay file",
        "damaged.json": "damaged",
        "damaged-stand-ins.json": "damaged",
        "unordered-stand-ins.json": "damaged",
    }
    for name, text in cases.items():
        (tmp_path / name).write_text(text, encoding="utf-8")
        assert cli.main(["--replay", str(tmp_path / name)]) == 1
        err = capsys.readouterr().err
        assert expected[name] in err and "Traceback" not in err, name
    assert cli.main(["--replay", str(tmp_path / "missing.json")]) == 1
    assert "there is no file" in capsys.readouterr().err


def test_illegal_moves_in_a_replay_are_reported_not_raised() -> None:
    replay = played_replay()
    broken = Replay(replay.summary, replay.rules, replay.engine_version, replay.seed,
                    replay.actions[1:])
    with pytest.raises(ReplayFileError, match="not legal"):
        build_steps(broken)


def test_version_flags(capsys: pytest.CaptureFixture[str]) -> None:
    from seasalt.bots import arena
    from seasalt.engine import demo
    from seasalt.server import cli as server_cli

    for main in (cli.main, server_cli.main, arena.main, demo.main):
        with pytest.raises(SystemExit) as info:
            main(["--version"])
        assert info.value.code == 0
        assert f"engine {ENGINE_VERSION}" in capsys.readouterr().out
