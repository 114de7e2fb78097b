"""Auto end turn (a habit players bring from BGA): when END TURN is the only legal action, the
turn ends by itself after a short visible countdown. A per-player setting (start menu, command
palette) kept in the user settings file.

Only the view's legal actions decide (the client knows no rules): never when anything else is
legal. A key press during the countdown cancels it for that turn (and an action key acts).
"""

from __future__ import annotations

import math
from typing import Any

from seasalt.client.files import settings
from seasalt.client.words.i18n import _
from seasalt.engine import EndTurn, PlayerView

AUTO_END_DELAY = 2.0
"""Seconds the countdown shows before the turn ends by itself."""


def only_end_turn(v: PlayerView) -> bool:
    """END TURN is the one thing this seat may do now."""
    return bool(v.legal_actions) and all(isinstance(a, EndTurn) for a in v.legal_actions)


class AutoEnd:
    """The countdown of one table screen, on its clock."""

    def __init__(self) -> None:
        self.at: float | None = None
        """Clock time at which the turn ends by itself; None: no countdown."""
        self.seq: int | None = None
        """The frame the countdown (or its cancelling) belongs to."""
        self.cancelled = False

    def update(self, enabled: bool, seq: int, v: PlayerView | None, now: float) -> None:
        """Start the countdown on a frame where only END TURN is legal; stop it otherwise."""
        if not enabled or v is None or not only_end_turn(v):
            self.at, self.seq, self.cancelled = None, None, False
            return
        if self.seq != seq:
            self.seq, self.cancelled, self.at = seq, False, now + AUTO_END_DELAY

    def cancel(self) -> bool:
        """A key was pressed: no auto end on this frame. True when a countdown ran."""
        running = self.at is not None
        self.at, self.cancelled = None, True
        return running

    def left(self, now: float) -> int | None:
        if self.at is None:
            return None
        return max(0, math.ceil(self.at - now - 1e-9))

    def due(self, now: float) -> bool:
        return self.at is not None and now >= self.at


# --- the setting ------------------------------------------------------------------------------


def load() -> bool:
    return settings.load().auto_end_turn


def set_auto_end(app: Any, on: bool) -> None:
    """Turn the setting on or off for this app and keep it for the next start."""
    app.auto_end_turn = on
    settings.update(auto_end_turn=on)
    app.notify(_("Auto end turn: on") if on else _("Auto end turn: off"), timeout=3)
