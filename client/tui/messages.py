"""What the screens render: the latest frame from the server, and the app's messages.

The network worker turns server messages into these Textual messages; screens only read them.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from seasalt.client.net.intents import Intent
from seasalt.engine import Event, PlayerView, RoundResult
from seasalt.protocol import ErrorCode
from textual.message import Message


@dataclass(frozen=True)
class SeatLabel:
    """Who sits in a seat, as the lobby tells it (names are shown literally, never as markup)."""

    name: str
    bot: str | None = None
    """The bot level for a bot seat (``greedy``...), None for a human."""
    connected: bool = True
    bot_playing: bool = False
    """A human seat currently played by a bot (its player left or lost the connection)."""


@dataclass(frozen=True)
class TableSummary:
    """A lobby row: one table with its seats, options and status."""

    name: str
    seats: tuple[SeatLabel | None, ...]
    """None for a free human seat."""
    kinds: tuple[str, ...]
    """``human`` or ``bot:LEVEL`` per seat."""
    extra_salt: bool = False
    double_target: bool = False
    status: str = "waiting"
    round: int = 0
    watchers: int = 0
    turn_time: int = 0
    """Seconds per turn (the turn timer); 0: none."""
    target: int = 0
    """The points that end the game; 0: the standard (or double target)."""
    coach_allowed: bool = False
    """Players may ask the coach at this table."""
    extra_pepper: bool = False
    """The Extra Pepper event cards (RULES §12)."""


@dataclass(frozen=True)
class Frame:
    """One game moment to render: a view plus the names around the table."""

    table: str
    seq: int
    view: PlayerView
    seats: tuple[SeatLabel, ...]
    events: tuple[Event, ...] = ()
    fresh: bool = field(default=True, compare=False)
    """A snapshot or update from the server; False: the frame held again with new seat names
    (it answers no pending action)."""

    def names(self) -> list[str]:
        """Seat names, by seat."""
        return [s.name for s in self.seats]


@dataclass(frozen=True)
class GameEnd:
    """The standings at the end of a game."""

    scores: tuple[int, ...]
    winners: tuple[int, ...]
    standings: tuple[int, ...]


class FrameArrived(Message):
    """A snapshot or an update: a new view to show."""

    def __init__(self, frame: Frame) -> None:
        super().__init__()
        self.frame = frame


class RoundEnded(Message):
    """A round was scored or void: show the result until the player continues."""

    def __init__(
        self, result: RoundResult, waiting: Sequence[int] = (), seq: int | None = None
    ) -> None:
        super().__init__()
        self.result = result
        self.waiting = tuple(waiting)
        self.seq = seq
        """The seq of the update that ended the round."""


class GameEnded(Message):
    """The game is over: show the standings."""

    def __init__(self, end: GameEnd) -> None:
        super().__init__()
        self.end = end


class TablesListed(Message):
    """The lobby's tables."""

    def __init__(self, tables: Sequence[TableSummary]) -> None:
        super().__init__()
        self.tables = tuple(tables)


class TableSeatsChanged(Message):
    """Seats, presence or status of the table we sit at changed."""

    def __init__(self, summary: TableSummary) -> None:
        super().__init__()
        self.summary = summary


class AtTable(Message):
    """We sit at (or watch) a table (``new_table``: not the one we were at before; ``again``:
    the very table and seat we already had, as a resumed session's own join brings)."""

    def __init__(
        self, table: str, seat: int | None, new_table: bool = True, again: bool = False
    ) -> None:
        super().__init__()
        self.table = table
        self.seat = seat
        self.new_table = new_table
        self.again = again


class WebAddressesArrived(Message):
    """Where friends open this server in a browser (the server's ``server_info``)."""

    def __init__(self, urls: tuple[str, ...]) -> None:
        super().__init__()
        self.urls = urls


class LeftTable(Message):
    """We are no longer at ``table`` (where we had ``seat``); ``asked``: we asked to leave
    (else the server gave the seat up); ``forgotten``: the server no longer knew our session
    (a new one was opened, at no table)."""

    def __init__(
        self, table: str | None, seat: int | None, asked: bool, *, forgotten: bool = False
    ) -> None:
        super().__init__()
        self.table = table
        self.seat = seat
        self.asked = asked
        self.forgotten = forgotten


class ChatArrived(Message):
    """A chat line (shown literally)."""

    def __init__(self, name: str, text: str) -> None:
        super().__init__()
        self.name = name
        self.text = text


class ChatHistoryArrived(Message):
    """The table's recent chat, oldest first: (name, text) pairs that replace what is shown."""

    def __init__(self, lines: tuple[tuple[str, str], ...]) -> None:
        super().__init__()
        self.lines = lines


class GameRecordArrived(Message):
    """How the finished game went (protocol ``game_record``): rounds, tie-break, takeovers."""

    def __init__(self, record: Any) -> None:
        super().__init__()
        self.record = record


class LinkStatus(Message):
    """The connection's state: connecting, connected, reconnecting, failed, closed.
    ``stopping``: reconnecting because the server said it is shutting down. ``fresh``:
    connected again, but the server had forgotten our session and opened a new one (at no
    table)."""

    def __init__(
        self, status: str, detail: str = "", hints: Sequence[str] = (), *, stopping: bool = False,
        fresh: bool = False,
    ) -> None:
        super().__init__()
        self.status = status
        self.detail = detail
        self.hints = tuple(hints)
        self.stopping = stopping
        self.fresh = fresh


class SoloNotResumed(Message):
    """The server had no seat for the kept solo game's token: nothing to resume (its game is
    over and gone, or the journal is not the one it was played on)."""


class Refused(Message):
    """The server refused something (``code``: why, as the protocol's error list says)."""

    def __init__(self, code: ErrorCode, message: str) -> None:
        super().__init__()
        self.code = code
        self.message = message


class IntentQueued(Message):
    """A screen asks the server for something (an intent of client/net/intents.py): the app
    hands it to the network bridge."""

    def __init__(self, intent: Intent) -> None:
        super().__init__()
        self.intent = intent


class ClocksArrived(Message):
    """The table's clocks (protocol ``clocks``) and this client's clock when they arrived."""

    def __init__(self, clocks: Any, at: float) -> None:
        super().__init__()
        self.clocks = clocks
        self.at = at


class TimeRanOutArrived(Message):
    """The turn timer ran out for ``seat``: the server's bot plays the rest of its turn."""

    def __init__(self, seat: int) -> None:
        super().__init__()
        self.seat = seat
