"""seasalt.bots: players that decide from a PlayerView only (DESIGN "Bots").

>>> from seasalt.engine import Rules, new_game, view
>>> from seasalt.bots import get_bot
>>> state = new_game(Rules(players=2), seed=1)
>>> bot = get_bot("random", seed=3)
>>> bot.choose(view(state, state.to_act)) in view(state, state.to_act).legal_actions
True
"""

from .base import LEVELS, THINKING_LEVELS, Bot, get_bot
from .expert import Deadline

__all__ = ["LEVELS", "THINKING_LEVELS", "Bot", "Deadline", "get_bot"]
