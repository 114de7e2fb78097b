"""What the player (or a headless bot) asks the server for: one small frozen class per intent.

Screens post these (wrapped in ``IntentQueued``); :class:`seasalt.client.net.session.ClientSession`
turns each into its protocol message, filling in what the session owns (the table, the seq an
action was decided on). No Textual here: the headless player uses them too.
"""

from __future__ import annotations

from dataclasses import dataclass

from seasalt.engine import Action


@dataclass(frozen=True, slots=True)
class Play:
    """Play ``action`` at the current table."""

    action: Action


@dataclass(frozen=True, slots=True)
class DoneReading:
    """Done reading the round result (protocol ``continue``)."""


@dataclass(frozen=True, slots=True)
class Back:
    """Here again (protocol ``continue`` outside the reading pause): the seat a bot took while
    this player was idle is theirs again."""


@dataclass(frozen=True, slots=True)
class AgreeToPlayAgain:
    """Agree to a new game at the finished table."""


@dataclass(frozen=True, slots=True)
class Say:
    """Say ``text`` in the table's chat."""

    text: str


@dataclass(frozen=True, slots=True)
class AskTables:
    """Ask for the lobby's tables."""


@dataclass(frozen=True, slots=True)
class SitDown:
    """Create table ``table`` or join it (``seats``: ``human`` or ``bot:LEVEL`` each)."""

    table: str
    seats: tuple[str, ...]
    extra_salt: bool = False
    double_target: bool = False
    turn_time: int = 0
    """Seconds per turn (the turn timer); 0: none."""
    target: int = 0
    """The points that end the game; 0: the standard (or double target)."""
    coach_allowed: bool = False
    """Players may ask the coach at a table this creates (a join takes the table's)."""
    extra_pepper: bool = False
    """The Extra Pepper expansion (the event cards, RULES §12)."""


@dataclass(frozen=True, slots=True)
class WatchTable:
    """Spectate ``table``."""

    table: str


@dataclass(frozen=True, slots=True)
class AskSnapshot:
    """Ask for a fresh snapshot of the current table (protocol ``sync``)."""


@dataclass(frozen=True, slots=True)
class LeaveTable:
    """Leave the current table (a seat in a game is played by a bot until we come back)."""


@dataclass(frozen=True, slots=True)
class AskScores:
    """Ask for the score sheet of ``table`` (None: the current table)."""

    table: str | None = None


Intent = (
    Play | DoneReading | Back | AgreeToPlayAgain | Say | AskTables | SitDown | WatchTable
    | AskSnapshot | LeaveTable | AskScores
)
"""Every intent (``match`` on the class to dispatch)."""
