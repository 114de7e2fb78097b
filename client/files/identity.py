"""The client's persistent identity: a secret made once and kept in the user data dir.

Sent in ``hello`` so the server's statistics follow the same player across sessions and name
changes (docs/protocol.md §10 "Player identity"). Only its hash ever leaves the server.
"""

from __future__ import annotations

import logging
import os
import re
import secrets
from pathlib import Path

from seasalt.common.files import private_dirs
from seasalt.protocol import player_id_of_identity

log = logging.getLogger("seasalt.client")
_VALID = re.compile(r"[A-Za-z0-9_\-]{16,128}")


def identity_path() -> Path:
    """``identity`` in the platform's user data dir (Linux: ~/.local/share/seasalt)."""
    from platformdirs import user_data_dir

    return Path(user_data_dir("seasalt", appauthor=False)) / "identity"


def load_identity(path: Path | None = None) -> str | None:
    """The identity kept at ``path``, made and saved on first use.

    None when it can be neither read nor written (a read-only home): play goes on, and the
    statistics then follow the session only.
    """
    path = path or identity_path()
    kept = read_identity(path)
    if kept is not None:
        return kept
    identity = secrets.token_urlsafe(24)
    try:
        private_dirs(str(path.parent))
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)  # a secret: owner only
        with os.fdopen(fd, "w", encoding="ascii") as f:
            f.write(identity + "\n")
    except OSError as exc:
        log.warning("cannot keep the client identity in %s: %s", path, exc)
        return None
    return identity


def read_identity(path: Path | None = None) -> str | None:
    """The identity kept at ``path``, or None when there is none (nothing is made: watching a
    replay file finds this player's seats with it, and must not create one)."""
    try:
        text = (path or identity_path()).read_text(encoding="ascii").strip()
    except (OSError, UnicodeDecodeError):
        return None
    return text if _VALID.fullmatch(text) else None


def own_player_id(path: Path | None = None) -> str | None:
    """This player's id, as the server keys its seats and statistics by it (the hash of the
    kept identity); None when no identity is kept (none is made)."""
    identity = read_identity(path)
    return player_id_of_identity(identity) if identity else None
