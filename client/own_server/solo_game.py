"""The solo game that outlives its client: the journal and the seat token in the data dir.

A solo child server dies with the client, but its journal (``solo.sqlite3`` in the user data
dir) stays, and so does ``solo-game.json`` (owner-only: it holds the seat's session token):
the next solo start can restart the server on the same journal and ``resume`` the seat. The
file is written once the seat is in a game being played (client/tui/hosting.py ``game_on``),
and goes when the game is over, or when the player starts a new solo game instead.
"""

from __future__ import annotations

import contextlib
import json
import logging
import os
import re
import subprocess
import sys
from dataclasses import asdict, dataclass
from pathlib import Path

log = logging.getLogger("seasalt.client")
_TOKEN = re.compile(r"[A-Za-z0-9_\-]{1,128}")


def data_dir() -> Path:
    from platformdirs import user_data_dir

    return Path(user_data_dir("seasalt", appauthor=False))


def solo_db_path() -> Path:
    """The solo journal: kept across client runs so an unfinished game can be resumed."""
    return data_dir() / "solo.sqlite3"


def _game_path() -> Path:
    return data_dir() / "solo-game.json"


@dataclass(frozen=True)
class SavedSolo:
    """An unfinished solo game: how it was set up, and the token of its human seat."""

    token: str
    opponents: int
    level: str
    extra_salt: bool = False
    double_target: bool = False
    extra_pepper: bool = False
    target: int = 0


def unfinished_solo() -> SavedSolo | None:
    """The solo game left unfinished by an earlier client, if its journal is still there."""
    try:
        data = json.loads(_game_path().read_text(encoding="utf-8"))
        saved = SavedSolo(
            token=str(data["token"]), opponents=int(data["opponents"]), level=str(data["level"]),
            extra_salt=bool(data.get("extra_salt")), double_target=bool(data.get("double_target")),
            extra_pepper=bool(data.get("extra_pepper")), target=int(data.get("target") or 0),
        )
    except (OSError, ValueError, KeyError, TypeError):
        return None
    if not _TOKEN.fullmatch(saved.token) or not solo_db_path().is_file():
        return None
    return saved


def save_solo(saved: SavedSolo) -> bool:
    """Keep the seat's token (owner-only) so the next solo start can resume; False if the data
    dir cannot be written (the game is then not resumable, and nothing promises it is)."""
    path = _game_path()
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        tmp = path.with_suffix(".tmp")
        fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)  # a secret: owner only
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            json.dump(asdict(saved), f)
        os.replace(tmp, path)
    except OSError as exc:
        log.warning("cannot keep the solo game in %s: %s", path, exc)
        return False
    return True


def forget_solo() -> None:
    """The solo game is over (or given up): nothing to resume any more."""
    with contextlib.suppress(OSError):
        _game_path().unlink()


def solo_journal(resume: bool) -> Path | None:
    """The journal for the next solo server: the data dir's, or None for a temporary one when
    another solo client holds it. A new game (not ``resume``) first archives the unfinished
    solo game, so the server does not bring it back (and its table name is free)."""
    from seasalt.client.own_server.child_server import journal_in_use

    path = solo_db_path()
    with contextlib.suppress(OSError):  # else the server says what is wrong with it
        path.parent.mkdir(parents=True, exist_ok=True)
    if path.is_file() and journal_in_use(path):
        return None
    if not resume:
        forget_solo()
        if path.is_file():
            _archive_unfinished(path)
    return path


def _archive_unfinished(path: Path) -> None:
    command = [sys.executable, "-m", "seasalt.server", "games", "archive", "--older-than", "0",
               "--db", str(path)]
    try:
        done = subprocess.run(command, capture_output=True, text=True, timeout=30)
    except (OSError, subprocess.TimeoutExpired) as exc:
        log.warning("cannot archive the unfinished solo game: %s", exc)
        return
    if done.returncode not in (0, 1):  # 1: there was nothing to archive
        log.warning("cannot archive the unfinished solo game: %s", done.stderr.strip())
