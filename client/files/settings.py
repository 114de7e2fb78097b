"""The player's settings, kept between runs: one typed object in one file.

:class:`Settings` holds the player's name (asked for once, on the first start menu), whether a
turn ends by itself (auto end turn) and the start menu's last solo choices; it is kept as one
small JSON object in the user config dir (Linux: ~/.config/seasalt/settings.json).

Settings never stop the client. Each is checked as the file is read: one that is missing or
that the client cannot use (a hand-edited file, an older or newer client, a bot level since
removed) falls back to its own default with a log line naming it, and the others are kept. Keys
this client does not know (a newer client's) are written back as they were. A file that is not
JSON at all is kept beside the new one (``settings.json.bad``) before it is replaced.

Older clients kept the name in a file of its own (``name``): it is read once, moved into the
settings, and removed.
"""

from __future__ import annotations

import dataclasses
import json
import logging
import os
from collections.abc import Mapping
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from seasalt.bots import LEVELS
from seasalt.common import names
from seasalt.common.files import open_private, private_dirs

log = logging.getLogger("seasalt.client")

OPPONENTS = (1, 2, 3)
"""How many bots a solo game may have."""


@dataclass(frozen=True)
class SoloChoices:
    """The start menu's solo choices: the menu offers last time's game again, not 2 greedy
    bots every time."""

    opponents: int = 2
    level: str = "greedy"
    extra_salt: bool = False
    extra_pepper: bool = False
    double_target: bool = False


@dataclass(frozen=True)
class Settings:
    name: str | None = None
    """The player's name (None: never chosen yet: the start menu asks)."""
    auto_end_turn: bool = False
    solo: SoloChoices = SoloChoices()
    unknown: Mapping[str, Any] = field(default_factory=dict, compare=False)
    """Keys of the file this client does not know, written back unchanged."""


def config_dir() -> Path:
    """The platform's user config dir (Linux: ~/.config/seasalt)."""
    from platformdirs import user_config_dir

    return Path(user_config_dir("seasalt", appauthor=False))


def settings_path() -> Path:
    return config_dir() / "settings.json"


def old_name_path() -> Path:
    """Where older clients kept the name, alone in a one-line file."""
    return config_dir() / "name"


def valid_name(text: str) -> str | None:
    """``text`` as a player name (trimmed), or None when the server would refuse it."""
    name = text.strip()
    return name if names.valid_name(name) else None


# --- reading: each setting checked on its own ------------------------------------------------


def _bad(path: Path, key: str, value: object) -> None:
    log.warning("setting %r in %s not used (its default instead): %r", key, path, value)


def _solo(kept: object, path: Path) -> SoloChoices:
    """The solo choices kept, each one that cannot be used replaced by its default."""
    default = SoloChoices()
    if not isinstance(kept, dict):
        _bad(path, "solo", kept)
        return default
    opponents = kept.get("opponents", default.opponents)
    level = kept.get("level", default.level)
    # (type, not isinstance: True would pass for 1 opponent)
    if not (type(opponents) is int and opponents in OPPONENTS):
        _bad(path, "solo.opponents", opponents)
        opponents = default.opponents
    if not (isinstance(level, str) and level in LEVELS):
        _bad(path, "solo.level", level)
        level = default.level

    def flag(key: str) -> bool:
        value = kept.get(key, getattr(default, key))
        if isinstance(value, bool):
            return value
        _bad(path, f"solo.{key}", value)
        return bool(getattr(default, key))

    return SoloChoices(opponents=opponents, level=level, extra_salt=flag("extra_salt"),
                       extra_pepper=flag("extra_pepper"), double_target=flag("double_target"))


def _from_json(data: dict[str, Any], path: Path) -> Settings:
    default = Settings()
    name = data.get("name")
    if name is not None and (not isinstance(name, str) or valid_name(name) is None):
        _bad(path, "name", name)
        name = None
    auto = data.get("auto_end_turn", default.auto_end_turn)
    if not isinstance(auto, bool):
        _bad(path, "auto_end_turn", auto)
        auto = default.auto_end_turn
    solo = _solo(data["solo"], path) if "solo" in data else default.solo
    known = {f.name for f in dataclasses.fields(Settings)} - {"unknown"}
    return Settings(
        name=valid_name(name) if name is not None else None, auto_end_turn=auto, solo=solo,
        unknown={k: v for k, v in data.items() if k not in known})


def _read(path: Path) -> dict[str, Any] | None:
    """The file's object ({} when there is none), or None when it is not one."""
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        return {}
    except (OSError, ValueError) as exc:
        log.warning("settings in %s not read (defaults used): %s", path, exc)
        return None
    if not isinstance(data, dict):
        log.warning("settings in %s not read (defaults used): not a JSON object", path)
        return None
    return data


def _old_name() -> str | None:
    try:
        return valid_name(old_name_path().read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError):
        return None


def load(path: Path | None = None) -> Settings:
    """The settings kept (the defaults for any missing or unusable); the name of an older
    client's ``name`` file moves in on the first read."""
    path = path or settings_path()
    data = _read(path)
    settings = _from_json(data or {}, path)
    if path == settings_path() and old_name_path().is_file():
        _migrate_name(settings, path)
        settings = _from_json(_read(path) or {}, path)
    return settings


def _migrate_name(settings: Settings, path: Path) -> None:
    """Move the old ``name`` file's name into the settings (unless they have one already),
    then remove the file; it stays when the settings cannot be written."""
    old = old_name_path()
    name = _old_name() if settings.name is None else None
    if name is not None and not save(dataclasses.replace(settings, name=name), path):
        return
    try:
        old.unlink()
    except OSError as exc:
        log.warning("cannot remove the old name file %s: %s", old, exc)


# --- writing ----------------------------------------------------------------------------------


def save(settings: Settings, path: Path | None = None) -> bool:
    """Keep ``settings`` (whole: the file is replaced, never half-written); False when it
    cannot be written (a read-only home: they hold for this run only)."""
    path = path or settings_path()
    data = {**settings.unknown, **{k: v for k, v in asdict(settings).items() if k != "unknown"}}
    if data["name"] is None:
        del data["name"]
    try:
        private_dirs(str(path.parent))
        if _read(path) is None and path.exists():
            bad = path.with_name(path.name + ".bad")
            os.replace(path, bad)  # kept for the player to look at, not overwritten
            log.warning("the unreadable settings file is kept as %s", bad)
        partial = path.with_name(path.name + ".new")
        with open_private(str(partial), "w", encoding="utf-8") as f:
            json.dump(data, f, indent=1, sort_keys=True)
        os.replace(partial, path)
    except OSError as exc:
        log.warning("cannot keep the settings in %s: %s", path, exc)
        return False
    return True


def update(path: Path | None = None, **changes: Any) -> bool:
    """Keep the settings with ``changes`` (``update(auto_end_turn=True)``), the others as they
    are on disk; False when they cannot be written."""
    return save(dataclasses.replace(load(path), **changes), path)


# --- the name ---------------------------------------------------------------------------------


def load_name() -> str | None:
    """The remembered name, or None (never chosen yet, or unusable)."""
    return load().name


def save_name(name: str) -> bool:
    """Remember ``name``; False when it is not a valid name or cannot be written."""
    checked = valid_name(name)
    return checked is not None and update(name=checked)
