"""Operator options of ``seasalt-server``: ``--version``, ``--max-resume-age``, ``--log-file``,
and the ``games`` subcommand (server/housekeeping.py) in front of the plain server command line.
"""

from __future__ import annotations

import argparse
import logging
import logging.handlers
import os
import sys
from importlib import metadata
from typing import Any

from seasalt.engine import ENGINE_VERSION
from seasalt.protocol import PROTOCOL_VERSION

from .files import PrivateRotatingFileHandler, private_dirs, tighten_dir
from .housekeeping import parse_age

DEFAULT_MAX_RESUME_AGE = "7d"
LOG_FORMAT = "%(asctime)s %(levelname)s %(name)s: %(message)s"


def version_text() -> str:
    """``seasalt 0.1.0 (engine 1, protocol 1)``: what a bug report needs."""
    try:
        version = metadata.version("seasalt")
    except metadata.PackageNotFoundError:
        version = "unknown"
    return f"seasalt {version} (engine {ENGINE_VERSION}, protocol {PROTOCOL_VERSION})"


def default_log_file() -> str:
    """``server.log`` in the platform's user log dir (Linux: ~/.local/state/seasalt/log)."""
    from platformdirs import user_log_dir

    return os.path.join(user_log_dir("seasalt", appauthor=False), "server.log")


def add_ops_options(p: argparse.ArgumentParser) -> None:
    p.add_argument("--version", action="version", version=version_text())
    p.add_argument(
        "--max-resume-age", type=parse_age, default=parse_age(DEFAULT_MAX_RESUME_AGE),
        metavar="AGE",
        help="unfinished games last played longer ago are not revived at start; they stay "
        f"in the journal (see 'seasalt-server games list') (default {DEFAULT_MAX_RESUME_AGE}; "
        "e.g. 3600, 30m, 12h, 7d, 2w)",
    )
    p.add_argument(
        "--log-file", default=None, metavar="PATH",
        help="also log to this file, rotated at 1 MB (default: server.log in the user log "
        "dir; 'none' to log to stderr only)",
    )


def ops_settings(args: argparse.Namespace) -> dict[str, Any]:
    return {"max_resume_age": args.max_resume_age}


def setup_log_file(path: str | None, level: int) -> str | None:
    """Add a rotating log file to the root logger; returns its path (None: not logging)."""
    if path is not None and path.lower() == "none":
        return None
    path = path or default_log_file()
    try:
        if path == default_log_file():  # seasalt's own state folders (.../seasalt/log): 0700
            tighten_dir(os.path.dirname(os.path.dirname(path)))
            tighten_dir(os.path.dirname(path))
        private_dirs(os.path.dirname(os.path.abspath(path)))
        handler = PrivateRotatingFileHandler(
            path, maxBytes=1_000_000, backupCount=3, encoding="utf-8"
        )
    except OSError as exc:
        print(f"seasalt-server: warning: cannot write the log file {path}: {exc}",
              file=sys.stderr)
        return None
    handler.setFormatter(logging.Formatter(LOG_FORMAT))
    handler.setLevel(level)
    logging.getLogger().addHandler(handler)
    logging.getLogger("seasalt.server").info("log file: %s", path)  # where to look later
    return path


def games_command(argv: list[str], default_db: str) -> int | None:
    """Run ``seasalt-server games ...`` when argv starts with ``games``; else None."""
    if argv[:1] != ["games"]:
        return None
    from .housekeeping import main

    return main(argv[1:], default_db)
