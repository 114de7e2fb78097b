"""The player's name, remembered between runs (asked for once, on the first start menu).

A one-line text file in the user config dir (Linux: ~/.config/seasalt/name). A name that
cannot be read or written is simply asked for again: nothing else depends on it.
"""

from __future__ import annotations

import logging
from pathlib import Path

from seasalt.common import names
from seasalt.common.files import private_dirs

log = logging.getLogger("seasalt.client")


def name_path() -> Path:
    from platformdirs import user_config_dir

    return Path(user_config_dir("seasalt", appauthor=False)) / "name"


def valid_name(text: str) -> str | None:
    """``text`` as a player name (trimmed), or None when the server would refuse it."""
    name = text.strip()
    return name if names.valid_name(name) else None


def load_name(path: Path | None = None) -> str | None:
    """The remembered name, or None (never chosen yet, or unreadable)."""
    try:
        text = (path or name_path()).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError):
        return None
    return valid_name(text)


def save_name(name: str, path: Path | None = None) -> bool:
    """Remember ``name``; False (and a log line) when it cannot be written."""
    path = path or name_path()
    checked = valid_name(name)
    if checked is None:
        return False
    try:
        private_dirs(str(path.parent))
        path.write_text(checked + "\n", encoding="utf-8")
    except OSError as exc:
        log.warning("cannot remember the player name in %s: %s", path, exc)
        return False
    return True
