"""The field checks the wire's messages share (protocol/messages.py and its parts).

Each message checks its own values in ``__post_init__`` with these, raising
:class:`InvalidField`, so a decoded message is always a valid one. The seat specs (``human``,
``bot:LEVEL``) are here too: ``join_or_create`` and the lobby's table info check them.
"""

from __future__ import annotations

import re

from .errors import InvalidField
from .limits import MAX_LEVEL_LENGTH, MAX_PLAYERS, MAX_TOKEN_LENGTH, MIN_PLAYERS

HUMAN = "human"
BOT_PREFIX = "bot:"
_LEVEL = re.compile(rf"[a-z0-9_]{{1,{MAX_LEVEL_LENGTH}}}")
TOKEN = re.compile(rf"[A-Za-z0-9_\-]{{1,{MAX_TOKEN_LENGTH}}}")
"""A session token's form (``resume``)."""


def check_text(field: str, value: str, max_length: int) -> None:
    if not value.strip():
        raise InvalidField(field, "must not be empty")
    if len(value) > max_length:
        raise InvalidField(field, f"longer than {max_length} characters")
    if not value.isprintable():
        raise InvalidField(field, "contains control characters")


def check_seq(field: str, value: int) -> None:
    if value < 0:
        raise InvalidField(field, "must not be negative")


def check_seat(field: str, value: int | None) -> None:
    if value is not None and not 0 <= value < MAX_PLAYERS:
        raise InvalidField(field, f"must be 0..{MAX_PLAYERS - 1}")


def bot_seat(level: str) -> str:
    """The seat spec of a bot seat: ``bot:LEVEL``."""
    return BOT_PREFIX + level


def check_seat_spec(field: str, spec: str) -> None:
    """Check one entry of a seat list: ``human`` or ``bot:LEVEL``."""
    if spec == HUMAN:
        return
    if spec.startswith(BOT_PREFIX) and _LEVEL.fullmatch(spec[len(BOT_PREFIX) :]):
        return
    raise InvalidField(field, f"must be 'human' or 'bot:LEVEL', not {spec[:40]!r}")


def check_seats(field: str, seats: tuple[str, ...]) -> None:
    if not MIN_PLAYERS <= len(seats) <= MAX_PLAYERS:
        raise InvalidField(field, f"must list {MIN_PLAYERS} to {MAX_PLAYERS} seats")
    for i, spec in enumerate(seats):
        check_seat_spec(f"{field}[{i}]", spec)
    if HUMAN not in seats:
        raise InvalidField(field, "needs at least one human seat")
