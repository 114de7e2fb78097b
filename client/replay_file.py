"""Replay files: write a finished game's replay, and open one with clear messages.

The format (docs/protocol.md "Replay files") is shared with ``seasalt-server games export``:
``seasalt.protocol.replay_to_file_data`` / ``replay_from_file_data``.
"""

from __future__ import annotations

import json
from pathlib import Path

from seasalt.protocol import Replay, ReplayFileError, replay_from_file_data, replay_to_file_data

MAX_REPLAY_FILE = 16 * 1024 * 1024
"""A replay of the longest game is far below this; anything larger is not a replay."""


def replay_text(replay: Replay) -> str:
    """The replay file's text (UTF-8 JSON)."""
    return json.dumps(replay_to_file_data(replay), indent=1) + "\n"


def save_replay(replay: Replay, path: Path) -> None:
    """Write ``replay`` to ``path`` (UTF-8 JSON). Raises OSError."""
    path.write_text(replay_text(replay), encoding="utf-8")


def open_replay(path: Path, engine_version: str | None = None) -> Replay:
    """Read and check a replay file.

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
        return replay_from_file_data(data)
    return replay_from_file_data(data, engine_version)
