"""One frozen dataclass per wire message (docs/protocol.md "Messages"), and the lists of them.

``TAG`` is the value of the frame's ``"t"`` key. Each message checks its own values in
``__post_init__`` (raising :class:`InvalidField`: protocol/fields.py), so a decoded message is
always a valid one.

The game's messages are here (actions, the reading pause, play again, snapshots, updates,
round and game results, errors, heartbeats); the others live by topic and are listed here too,
so this module names every message: sessions and the lobby (protocol/lobby.py), chat
(protocol/chat.py), history and statistics (protocol/history.py), the score sheet
(protocol/scores.py), clocks (protocol/clocks.py), a bot's moves for an absent player
(protocol/stand_in.py), ``server_info`` (protocol/table_options.py).
Every name that was importable from here still is.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from seasalt.engine import Action, Event, PlayerView, RoundResult

from .chat import Chat, ChatEntry, ChatHistory, ChatLine
from .clocks import Clocks, TimeRanOut
from .errors import ErrorCode
from .fields import BOT_PREFIX, HUMAN, bot_seat, check_seat_spec, check_seq, check_text
from .history import (
    HISTORY_CLIENT_MESSAGES,
    HISTORY_SERVER_MESSAGES,
    Games,
    GetReplay,
    GetStats,
    ListGames,
    Replay,
    StandIns,
    Stats,
)
from .limits import MAX_TABLE_NAME_LENGTH
from .lobby import (
    Away,
    Hello,
    Joined,
    JoinOrCreate,
    Leave,
    Left,
    ListTables,
    Resume,
    SeatInfo,
    TableChanged,
    TableInfo,
    Tables,
    TableState,
    Watch,
    Welcome,
)
from .scores import SCORES_CLIENT_MESSAGES, SCORES_SERVER_MESSAGES, GetScores, ScoreSheet
from .stand_in import ReplayStandIns, StandInMoves
from .table_options import ServerInfo

# --- client to server ----------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class ActionRequest:
    """Play ``action`` (the wire form of an engine action), decided on the view at ``seq``."""

    TAG: ClassVar[str] = "action"
    table: str
    seq: int
    action: Action

    def __post_init__(self) -> None:
        check_text("table", self.table, MAX_TABLE_NAME_LENGTH)
        check_seq("seq", self.seq)


@dataclass(frozen=True, slots=True)
class Continue:
    """Done reading the round result: the next round may begin."""

    TAG: ClassVar[str] = "continue"
    table: str

    def __post_init__(self) -> None:
        check_text("table", self.table, MAX_TABLE_NAME_LENGTH)


@dataclass(frozen=True, slots=True)
class PlayAgain:
    """After game over: agree to a new game at the same table (fresh seed)."""

    TAG: ClassVar[str] = "play_again"
    table: str

    def __post_init__(self) -> None:
        check_text("table", self.table, MAX_TABLE_NAME_LENGTH)


@dataclass(frozen=True, slots=True)
class Sync:
    """Ask for a fresh ``snapshot`` of the table (after a gap in ``seq``)."""

    TAG: ClassVar[str] = "sync"
    table: str

    def __post_init__(self) -> None:
        check_text("table", self.table, MAX_TABLE_NAME_LENGTH)


@dataclass(frozen=True, slots=True)
class Heartbeat:
    """Liveness, both ways: sent when nothing else was sent for a heartbeat interval."""

    TAG: ClassVar[str] = "heartbeat"


# --- server to client ----------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Snapshot:
    """The whole view of your seat (or the public view) at ``seq``: replaces what you had."""

    TAG: ClassVar[str] = "snapshot"
    table: str
    seq: int
    view: PlayerView

    def __post_init__(self) -> None:
        check_seq("seq", self.seq)


@dataclass(frozen=True, slots=True)
class Update:
    """An action was accepted: ``seq`` is one more than before; the view and what happened."""

    TAG: ClassVar[str] = "update"
    table: str
    seq: int
    view: PlayerView
    events: tuple[Event, ...]
    """The action's events, redacted for you."""

    def __post_init__(self) -> None:
        check_seq("seq", self.seq)


@dataclass(frozen=True, slots=True)
class RoundOver:
    """A round was scored (or void); play waits for ``continue`` from the seats in ``waiting``."""

    TAG: ClassVar[str] = "round_over"
    table: str
    seq: int
    result: RoundResult
    waiting: tuple[int, ...]

    def __post_init__(self) -> None:
        check_seq("seq", self.seq)


@dataclass(frozen=True, slots=True)
class GameOver:
    """The game ended: totals by seat, the winners, and the seats best first."""

    TAG: ClassVar[str] = "game_over"
    table: str
    seq: int
    scores: tuple[int, ...]
    winners: tuple[int, ...]
    standings: tuple[int, ...]

    def __post_init__(self) -> None:
        check_seq("seq", self.seq)


@dataclass(frozen=True, slots=True)
class Takeover:
    """A seat a bot played for its human (who had left or gone silent)."""

    seat: int
    level: str
    rounds: int
    """Rounds in which the bot made at least one move for that seat."""


@dataclass(frozen=True, slots=True)
class GameRecord:
    """How a finished game went, sent after ``game_over`` (and with a game-over snapshot):
    every round's points by seat from the server's journal, whether the tie-break decided
    the winner (RULES §8.3: the last round's points), and the seats takeover bots played."""

    TAG: ClassVar[str] = "game_record"
    table: str
    seq: int
    rounds: tuple[tuple[int, ...], ...]
    """Per scored or void round, in order: the points each seat scored in it."""
    tie_break: bool
    takeovers: tuple[Takeover, ...]

    def __post_init__(self) -> None:
        check_seq("seq", self.seq)


@dataclass(frozen=True, slots=True)
class Error:
    """A request was refused or a frame was bad; nothing changed."""

    TAG: ClassVar[str] = "error"
    code: ErrorCode
    message: str
    """For people (English); clients word errors from ``code``."""
    table: str | None = None


ClientMessage = (
    Hello
    | Resume
    | ListTables
    | JoinOrCreate
    | Watch
    | Leave
    | Away
    | ActionRequest
    | Continue
    | PlayAgain
    | Sync
    | Chat
    | Heartbeat
    | ListGames
    | GetReplay
    | GetStats
    | GetScores
)
ServerMessage = (
    Welcome
    | Tables
    | Joined
    | Left
    | TableChanged
    | Snapshot
    | Update
    | StandInMoves
    | RoundOver
    | GameOver
    | ChatLine
    | ChatHistory
    | GameRecord
    | Heartbeat
    | Error
    | Clocks
    | TimeRanOut
    | ServerInfo
    | Games
    | ReplayStandIns
    | Replay
    | Stats
    | StandIns
    | ScoreSheet
)
Message = ClientMessage | ServerMessage

CLIENT_MESSAGES: tuple[type, ...] = (
    Hello,
    Resume,
    ListTables,
    JoinOrCreate,
    Watch,
    Leave,
    Away,
    ActionRequest,
    Continue,
    PlayAgain,
    Sync,
    Chat,
    Heartbeat,
    *HISTORY_CLIENT_MESSAGES,
    *SCORES_CLIENT_MESSAGES,
)
SERVER_MESSAGES: tuple[type, ...] = (
    Welcome,
    Tables,
    Joined,
    Left,
    TableChanged,
    Snapshot,
    Update,
    StandInMoves,
    RoundOver,
    GameOver,
    ChatLine,
    ChatHistory,
    GameRecord,
    Heartbeat,
    Error,
    Clocks,
    TimeRanOut,
    ServerInfo,
    *HISTORY_SERVER_MESSAGES,
    ReplayStandIns,
    *SCORES_SERVER_MESSAGES,
)

__all__ = [
    "BOT_PREFIX", "CLIENT_MESSAGES", "HUMAN", "SERVER_MESSAGES",
    "ClientMessage", "Message", "ServerMessage",
    # sessions and the lobby (protocol/lobby.py)
    "Away", "Hello", "Joined", "JoinOrCreate", "Leave", "Left", "ListTables", "Resume", "SeatInfo",
    "TableChanged", "TableInfo", "Tables", "TableState", "Watch", "Welcome",
    # chat (protocol/chat.py)
    "Chat", "ChatEntry", "ChatHistory", "ChatLine",
    # the game
    "ActionRequest", "Continue", "Error", "GameOver", "GameRecord", "Heartbeat", "PlayAgain",
    "ReplayStandIns", "RoundOver", "Snapshot", "StandInMoves", "Sync", "Takeover", "Update",
    "bot_seat", "check_seat_spec",
]
