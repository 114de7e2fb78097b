"""The arena's records: what a run plays (ArenaConfig), one finished game (GameRecord), and
the JSON-lines checkpoint file they are written to, so an interrupted run resumes (bots/arena.py).
"""

from __future__ import annotations

import json
import os
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from .levels import LEVELS

MAX_MOVES = 20_000
"""A game that runs longer than this is a bug; it is stopped and reported as unfinished."""


@dataclass(frozen=True)
class ArenaConfig:
    """What a run plays; stored as the checkpoint's first line and checked on resume."""

    lineup: tuple[str, ...]
    games: int
    seed: int = 0
    extra_salt: str = "off"
    """"off", "on" or "both" (alternating deal by deal)."""
    budget: int | None = None
    """Search budget for levels that search (None: their default)."""
    extra_pepper: bool = False
    """Every game with the Extra Pepper event cards (RULES §12)."""

    def __post_init__(self) -> None:
        if not 2 <= len(self.lineup) <= 4:
            raise ValueError(f"a lineup needs 2-4 seats, got {len(self.lineup)}")
        bad = [lv for lv in self.lineup if lv not in LEVELS]
        if bad:
            raise ValueError(f"unknown level(s) {', '.join(bad)}; levels are {', '.join(LEVELS)}")
        if self.games < 1:
            raise ValueError(f"games must be at least 1, not {self.games}")
        if self.extra_salt not in ("off", "on", "both"):
            raise ValueError(f"extra_salt must be off, on or both, not {self.extra_salt!r}")
        if self.budget is not None and self.budget < 1:
            raise ValueError(f"budget must be a positive number, not {self.budget}")

    def game_plan(self, index: int) -> tuple[tuple[str, ...], int, bool]:
        """(levels by seat, deal seed, extra salt) of game ``index``."""
        n = len(self.lineup)
        deal, rotation = divmod(index, n)
        seats = self.lineup[rotation:] + self.lineup[:rotation]
        extra = self.extra_salt == "on" or (self.extra_salt == "both" and deal % 2 == 1)
        return seats, self.seed * 100_003 + deal, extra


@dataclass
class GameRecord:
    """One finished game, as written to the checkpoint."""

    index: int
    seats: list[str]
    seed: int
    extra_salt: bool
    winners: list[int]
    scores: list[int]
    rounds: int
    moves: int
    extra_pepper: bool = False
    times: dict[str, list[float]] = field(default_factory=dict)
    """Per level: wall-clock seconds per decision with more than one legal action."""
    cpu_times: dict[str, list[float]] = field(default_factory=dict)
    """The same decisions in CPU seconds of the worker (unaffected by other jobs' load)."""


# --------------------------------------------------------------------------------------------
# Checkpoint file.


class CheckpointError(ValueError):
    """The checkpoint file belongs to another run or cannot be read."""


def load_checkpoint(path: Path, config: ArenaConfig) -> dict[int, GameRecord]:
    """Games already recorded for ``config`` in ``path`` (none when the file does not exist).

    Raises:
        CheckpointError: the file records a different run or is not an arena checkpoint.
    """
    if not path.exists():
        return {}
    done: dict[int, GameRecord] = {}
    with path.open(encoding="utf-8") as f:
        lines = f.read().splitlines()
    if not lines:
        return {}
    try:
        header = json.loads(lines[0])
    except json.JSONDecodeError as exc:
        raise CheckpointError(f"{path} is not an arena checkpoint (line 1: {exc})") from exc
    if not isinstance(header, dict) or "config" not in header:
        raise CheckpointError(f"{path} is not an arena checkpoint (no config line)")
    stored = {"extra_pepper": False, **header["config"]}  # runs from before the option
    mine = config_json(config)
    if {k: v for k, v in stored.items() if k != "games"} != {
        k: v for k, v in mine.items() if k != "games"
    }:
        raise CheckpointError(
            f"{path} holds a different run ({stored}); use another --out or --fresh"
        )
    for number, line in enumerate(lines[1:], start=2):
        if not line.strip():
            continue
        try:
            record = GameRecord(**json.loads(line))
        except (json.JSONDecodeError, TypeError) as exc:
            if number == len(lines):  # a line cut short by a kill: play that game again
                break
            raise CheckpointError(f"{path}: line {number} is not a game record") from exc
        done[record.index] = record
    return done


def read_records(path: Path) -> tuple[ArenaConfig, list[GameRecord]]:
    """The config and every complete game record of a checkpoint file (for ``--report``).

    Raises:
        CheckpointError: the file is missing or is not an arena checkpoint.
    """
    try:
        lines = path.read_text(encoding="utf-8").splitlines()
        header = json.loads(lines[0])
        stored = header["config"]
        config = ArenaConfig(
            lineup=tuple(stored["lineup"]),
            games=stored["games"],
            seed=stored["seed"],
            extra_salt=stored["extra_salt"],
            budget=stored["budget"],
            extra_pepper=stored.get("extra_pepper", False),
        )
    except (OSError, IndexError, KeyError, TypeError, ValueError) as exc:
        raise CheckpointError(f"{path} is not a readable arena checkpoint ({exc})") from exc
    records = []
    for line in lines[1:]:
        try:
            records.append(GameRecord(**json.loads(line)))
        except (json.JSONDecodeError, TypeError):
            continue  # a line cut short by a kill
    return config, records


def config_json(config: ArenaConfig) -> dict[str, Any]:
    data = asdict(config)
    data["lineup"] = list(config.lineup)
    return data


def start_checkpoint(path: Path, config: ArenaConfig, fresh: bool) -> None:
    if fresh or not path.exists() or path.stat().st_size == 0:
        path.parent.mkdir(parents=True, exist_ok=True)
        with path.open("w", encoding="utf-8") as f:
            f.write(json.dumps({"config": config_json(config)}) + "\n")


def append_record(path: Path, record: GameRecord) -> None:
    with path.open("a", encoding="utf-8") as f:
        f.write(json.dumps(asdict(record)) + "\n")
        f.flush()
        os.fsync(f.fileno())
