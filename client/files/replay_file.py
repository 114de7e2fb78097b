"""Replay files: write a finished game's replay, and open one with clear messages.

The format (docs/protocol.md "Replay files") is shared with ``seasalt-server games export``:
``seasalt.protocol.replay_to_file_data`` / ``replay_from_file_data``.
"""

from __future__ import annotations

import json
from pathlib import Path

from seasalt.protocol import (
    Replay,
    ReplayFileError,
    StandInMove,
    replay_from_file_data,
    replay_to_file_data,
    stand_ins_from_file_data,
)

MAX_REPLAY_FILE = 16 * 1024 * 1024
"""A replay of the longest game is far below this; anything larger is not a replay."""


def replay_text(replay: Replay, stand_ins: tuple[StandInMove, ...] = ()) -> str:
    """The replay file's text (UTF-8 JSON), keeping the moves a bot made for an absent
    player."""
    return json.dumps(replay_to_file_data(replay, stand_ins), indent=1) + "\n"


def save_replay(replay: Replay, path: Path, stand_ins: tuple[StandInMove, ...] = ()) -> None:
    """Write ``replay`` to ``path`` (UTF-8 JSON). Raises OSError."""
    path.write_text(replay_text(replay, stand_ins), encoding="utf-8")


def open_replay(path: Path, engine_version: str | None = None) -> Replay:
    """Read and check a replay file (:func:`read_replay` without its stand-in moves)."""
    return read_replay(path, engine_version)[0]


def read_replay(
    path: Path, engine_version: str | None = None
) -> tuple[Replay, tuple[StandInMove, ...]]:
    """Read and check a replay file: the replay, and the moves a bot made in it for an absent
    player (none in a file that does not keep them).

    Raises:
        ReplayFileError: with a message for people (missing, unreadable, not a replay,
            another engine version, damaged).
    """
    try:
        if path.stat().st_size > MAX_REPLAY_FILE:
            raise ReplayFileError(f"{path} is too large to be a seasalt replay file")
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise ReplayFileError(f"there is no file {path}") from None
    except (OSError, UnicodeDecodeError) as exc:
        raise ReplayFileError(f"cannot read {path}: {exc}") from None
    try:
        data = json.loads(text)
    except ValueError:
        raise ReplayFileError(f"{path} is not a seasalt replay file (not JSON)") from None
    if engine_version is None:
        replay = replay_from_file_data(data)
    else:
        replay = replay_from_file_data(data, engine_version)
    return replay, stand_ins_from_file_data(data)
