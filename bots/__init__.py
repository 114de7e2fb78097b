"""seasalt.bots: players that decide from a PlayerView only (DESIGN "Bots").

>>> from seasalt.engine import Rules, new_game, view
>>> from seasalt.bots import get_bot
>>> state = new_game(Rules(players=2), seed=1)
>>> bot = get_bot("random", seed=3)
>>> bot.choose(view(state, state.to_act)) in view(state, state.to_act).legal_actions
True
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .levels import LEVELS, THINKING_LEVELS

if TYPE_CHECKING:
    from .base import Bot, get_bot
    from .expert import Deadline

__all__ = ["LEVELS", "THINKING_LEVELS", "Bot", "Deadline", "get_bot"]

# The bots themselves (the engine, the expert's search) load on first use: a program that only
# names the levels (the client's start menu, a command line's choices) starts without them.
_LAZY = {"Bot": ".base", "get_bot": ".base", "Deadline": ".expert"}


def __getattr__(name: str) -> Any:
    if name in _LAZY:
        import importlib

        return getattr(importlib.import_module(_LAZY[name], __name__), name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
