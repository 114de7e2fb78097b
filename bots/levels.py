"""The bot level names: what menus and command lines offer, without loading a bot.

Kept apart from bots/base.py (which loads the engine and every level's search) so that the
client's start menu can list the levels without paying for the bots themselves.
"""

from __future__ import annotations

LEVELS: tuple[str, ...] = ("random", "basic", "greedy", "expert")
"""The level names accepted by :func:`seasalt.bots.get_bot`, weakest first."""

THINKING_LEVELS = frozenset({"expert"})
"""The levels whose think time depends on the position (they search): a server pads every
bot decision at a table with one of them, so that the time taken tells nothing."""
