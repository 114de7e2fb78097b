"""What every ``seasalt-server`` command shares: exit codes, the default journal, the one-line
error, and the argparse types that refuse bad numbers with a message saying why."""

from __future__ import annotations

import argparse
import math
import os
from collections.abc import Callable
from typing import NoReturn

EXIT_OK = 0
EXIT_NOT_FOUND = 1
"""``games``: no such game, or not allowed for it (a finished game is not archived)."""
EXIT_USAGE = 2
"""A bad command line (argparse's own code)."""
EXIT_PORT_IN_USE = 3
EXIT_DATABASE = 4
"""The journal is locked by another server, or missing or unusable."""
EXIT_LISTEN = 5
"""``serve`` cannot listen on that address."""

PROG = "seasalt-server"


def error(message: str) -> str:
    """The one-line form of every error ``seasalt-server`` prints."""
    return f"{PROG}: error: {message}"


def default_db() -> str:
    """``server.sqlite3`` in the user data dir (Linux: ~/.local/share/seasalt)."""
    from platformdirs import user_data_dir

    return os.path.join(user_data_dir("seasalt", appauthor=False), "server.sqlite3")


class Parser(argparse.ArgumentParser):
    """An ArgumentParser whose errors are one line (the usage is one ``--help`` away)."""

    def error(self, message: str) -> NoReturn:
        self.exit(EXIT_USAGE, f"{self.prog}: error: {message} (see {self.prog} --help)\n")


def _number(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a number: {text!r}") from None
    if not math.isfinite(value):
        raise argparse.ArgumentTypeError(f"must be a finite number, not {text!r}")
    return value


def at_least(minimum: float, *, strict: bool = False) -> Callable[[str], float]:
    """Finite numbers from ``minimum`` on (above it when ``strict``)."""

    def parse(text: str) -> float:
        value = _number(text)
        if value < minimum or (strict and value == minimum):
            bound = "more than" if strict else "at least"
            raise argparse.ArgumentTypeError(f"must be {bound} {minimum:g}, not {text!r}")
        return value

    return parse


non_negative = at_least(0)
positive = at_least(0, strict=True)
def positive_int(upper: int | None = None) -> Callable[[str], int]:
    """Whole numbers from 1 (to ``upper``, the protocol's limit, when given)."""

    def parse(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"not a whole number: {text!r}") from None
        if value < 1:
            raise argparse.ArgumentTypeError(f"must be a whole number of at least 1, not {text!r}")
        if upper is not None and value > upper:
            raise argparse.ArgumentTypeError(f"must be at most {upper} (the protocol's limit)")
        return value

    return parse


def port(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a port number: {text!r}") from None
    if not 0 <= value <= 65535:
        raise argparse.ArgumentTypeError(f"port must be 0-65535, not {value}")
    return value


def game_id(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(
            f"not a game ID: {text!r} (seasalt-server games list shows them)"
        ) from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"not a game ID: {text!r}")
    return value
