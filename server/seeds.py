"""Game seeds and tokens: from ``secrets``, or derived from ``--seed`` so a test can replay."""

from __future__ import annotations

import hashlib
import secrets


def _derive(*parts: object) -> int:
    digest = hashlib.sha256("\0".join(str(p) for p in parts).encode()).digest()
    return int.from_bytes(digest[:8], "big") >> 1  # 63 bits: fits an SQLite INTEGER


def game_seed(base: int | None, table_name: str, game_no: int) -> int:
    """A fresh game seed: secret, or (with ``--seed``) a function of the table and game number,
    so a seeded server that restarts or replays deals the same cards."""
    if base is None:
        return secrets.randbits(63)
    return _derive("game", base, table_name, game_no)


def bot_seed(game: int, seat: int) -> int:
    """The seed of the server bot playing ``seat``; one-way, so it tells nothing of the deck."""
    return _derive("bot", game, seat)


def new_token() -> str:
    """A session token: shown to its owner once, in ``welcome``."""
    return secrets.token_urlsafe(24)


def token_hash(token: str) -> str:
    """What the server keeps of a token (memory and journal): never the token itself."""
    return hashlib.sha256(token.encode()).hexdigest()
