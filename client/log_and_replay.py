"""Operator conveniences of ``seasalt-client``: the log file for bug reports,
and ``--replay FILE`` (a replay file opened in a small app of its own)."""

from __future__ import annotations

import logging
import logging.handlers
import sys
from pathlib import Path

from seasalt.common.files import PrivateRotatingFileHandler, private_dirs
from seasalt.protocol import ReplayFileError

EXIT_BAD_REPLAY = 1


def log_file_path() -> Path:
    """``client.log`` in the platform's user log dir (Linux: ~/.local/state/seasalt/log)."""
    from platformdirs import user_log_dir

    return Path(user_log_dir("seasalt", appauthor=False)) / "client.log"


def setup_log_file(path: Path | None = None) -> Path | None:
    """Log the app's warnings and errors to a rotating file (the terminal belongs to the UI).

    Returns the path, or None when it cannot be written (play goes on).
    """
    path = path or log_file_path()
    try:
        private_dirs(str(path.parent))
        handler = PrivateRotatingFileHandler(
            path, maxBytes=1_000_000, backupCount=3, encoding="utf-8"
        )
    except OSError:
        return None
    handler.setFormatter(logging.Formatter("%(asctime)s %(levelname)s %(name)s: %(message)s"))
    root = logging.getLogger()
    root.addHandler(handler)
    if root.level > logging.INFO or root.level == logging.NOTSET:
        root.setLevel(logging.INFO)
    return path


def run_replay(path: Path) -> int:
    """``seasalt-client --replay FILE``: 0 after watching, 1 with a message when it cannot be
    shown (missing, not a replay, another engine version, damaged), 5 without Textual."""
    from seasalt.client.files.replay_file import read_replay
    from seasalt.client.tui.replay_steps import build_steps

    try:
        replay, stand_ins = read_replay(path)
        build_steps(replay)  # refuse a damaged replay here, with its message, not in the app
    except ReplayFileError as exc:
        print(f"seasalt-client: cannot open the replay: {exc}", file=sys.stderr)
        return EXIT_BAD_REPLAY
    try:
        from seasalt.client.tui.screens.replay import ReplayApp
    except ImportError as exc:
        print(f"seasalt-client: the terminal app is not available ({exc}).", file=sys.stderr)
        return 5
    from seasalt.client.files.identity import own_player_id

    # This player's own seats read "you", as at the table.
    result = ReplayApp(replay, path, stand_ins, own_player_id()).run()
    return result if isinstance(result, int) else 0



def run_review(path: Path, budget: int | None, seed: int, text: bool = True) -> int:
    """``seasalt-client --review FILE [--text]``: the expert's review of a replay file's game,
    on its screen (client/tui/screens/review.py), or with ``text`` on standard output
    (client/review_text.py); 1 with a message when the file cannot be reviewed, 5 without
    Textual."""
    from seasalt.bots.review_text import terminal_progress
    from seasalt.client.files.replay_file import read_replay
    from seasalt.client.review_text import review_replay, review_text
    from seasalt.client.tui.replay_steps import build_steps

    try:
        replay, stand_ins = read_replay(path)
        build_steps(replay)  # refuse a damaged replay with its message
    except ReplayFileError as exc:
        print(f"seasalt-client: cannot open the replay: {exc}", file=sys.stderr)
        return EXIT_BAD_REPLAY
    if not text:
        try:
            from seasalt.client.tui.screens.review import ReviewApp
        except ImportError as exc:
            print(f"seasalt-client: the terminal app is not available ({exc}).", file=sys.stderr)
            return 5
        result = ReviewApp(replay, path, stand_ins, budget, seed).run()
        return result if isinstance(result, int) else 0
    # A stand-in's move (a bot playing for an absent player) is not that player's decision.
    skip = tuple(m.action - 1 for m in stand_ins)
    review = review_replay(replay, budget, seed, skip, progress=terminal_progress())
    sys.stdout.write(review_text(replay, review))
    return 0
