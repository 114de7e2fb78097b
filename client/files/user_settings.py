"""The player's settings, kept between runs in the user config dir (``settings.json``).

One small JSON object; each setting is read and written on its own (a read-modify-write of
one key), so settings added by other parts of the client live in the same file side by side.
A missing or unreadable file means the defaults: settings never stop the client.
"""

from __future__ import annotations

import json
import logging
import os
from pathlib import Path
from typing import Any

from seasalt.common.files import open_private, private_dirs

log = logging.getLogger("seasalt.client")


def settings_path() -> Path:
    """``settings.json`` in the platform's user config dir (Linux: ~/.config/seasalt)."""
    from platformdirs import user_config_dir

    return Path(user_config_dir("seasalt", appauthor=False)) / "settings.json"


def load(path: Path | None = None) -> dict[str, Any]:
    path = path or settings_path()
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        return {}
    except (OSError, ValueError) as exc:
        log.warning("settings in %s not read (defaults used): %s", path, exc)
        return {}
    return data if isinstance(data, dict) else {}


def save(key: str, value: Any, path: Path | None = None) -> bool:
    """Keep ``key = value`` (the other settings stay as they are); False when it cannot be
    written (a read-only home: the setting holds for this run only)."""
    path = path or settings_path()
    data = load(path)
    data[key] = value
    try:
        private_dirs(str(path.parent))
        partial = path.with_name(path.name + ".new")
        with open_private(str(partial), "w", encoding="utf-8") as f:
            json.dump(data, f, indent=1, sort_keys=True)
        os.replace(partial, path)  # never a half-written file
    except OSError as exc:
        log.warning("cannot keep the settings in %s: %s", path, exc)
        return False
    return True
