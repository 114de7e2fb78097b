"""One frozen dataclass per wire message (docs/protocol.md "Messages").

``TAG`` is the value of the frame's ``"t"`` key. Each message checks its own values in
``__post_init__`` (raising :class:`InvalidField`), so a decoded message is always a valid one.
"""

from __future__ import annotations

import enum
import re
from dataclasses import dataclass
from typing import ClassVar

from seasalt.engine import Action, Event, PlayerView, RoundResult

from .clocks import Clocks, TimeRanOut, check_turn_time
from .errors import ErrorCode, InvalidField
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
    check_identity,
)
from .limits import (
    MAX_CHAT_LENGTH,
    MAX_LEVEL_LENGTH,
    MAX_NAME_LENGTH,
    MAX_PLAYERS,
    MAX_TABLE_NAME_LENGTH,
    MAX_TOKEN_LENGTH,
    MIN_PLAYERS,
)
from .scores import SCORES_CLIENT_MESSAGES, SCORES_SERVER_MESSAGES, GetScores, ScoreSheet
from .table_options import ServerInfo, check_flag, check_target

HUMAN = "human"
BOT_PREFIX = "bot:"
_LEVEL = re.compile(rf"[a-z0-9_]{{1,{MAX_LEVEL_LENGTH}}}")
_TOKEN = re.compile(rf"[A-Za-z0-9_\-]{{1,{MAX_TOKEN_LENGTH}}}")


def _check_text(field: str, value: str, max_length: int) -> None:
    if not value.strip():
        raise InvalidField(field, "must not be empty")
    if len(value) > max_length:
        raise InvalidField(field, f"longer than {max_length} characters")
    if not value.isprintable():
        raise InvalidField(field, "contains control characters")


def _check_seq(field: str, value: int) -> None:
    if value < 0:
        raise InvalidField(field, "must not be negative")


def _check_seat(field: str, value: int | None) -> None:
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


def _check_seats(field: str, seats: tuple[str, ...]) -> None:
    if not MIN_PLAYERS <= len(seats) <= MAX_PLAYERS:
        raise InvalidField(field, f"must list {MIN_PLAYERS} to {MAX_PLAYERS} seats")
    for i, spec in enumerate(seats):
        check_seat_spec(f"{field}[{i}]", spec)
    if HUMAN not in seats:
        raise InvalidField(field, "needs at least one human seat")


# --- payloads ------------------------------------------------------------------------------


class TableState(enum.Enum):
    """Where a table stands (lobby and ``table`` messages)."""

    WAITING = "waiting"
    """Created; waiting for every human seat to be taken."""
    RUNNING = "running"
    ROUND_OVER = "round_over"
    """A round was scored; waiting for ``continue`` from the connected humans."""
    FINISHED = "finished"
    """The game is over; ``play_again`` from every seated human starts a new one."""

    def __repr__(self) -> str:
        return f"TableState.{self.name}"


@dataclass(frozen=True, slots=True)
class SeatInfo:
    """One seat of a table as the lobby shows it."""

    kind: str
    """``human`` or ``bot:LEVEL``: what the seat was created as."""
    name: str | None
    """The player's name; None for a free human seat."""
    connected: bool
    """A human seat: its player is connected now. Bot seats: always true."""
    bot_playing: bool
    """A bot plays this seat now: a bot seat, or a human seat taken over (left/disconnected)."""

    def __post_init__(self) -> None:
        check_seat_spec("kind", self.kind)


@dataclass(frozen=True, slots=True)
class TableInfo:
    """A table in the lobby."""

    name: str
    seats: tuple[SeatInfo, ...]
    extra_salt: bool
    double_target: bool
    state: TableState
    round: int
    """The round being played (0 before the game starts)."""
    watchers: int = 0
    turn_time: int = 0
    """Seconds per turn (the turn timer, protocol/clocks.py); 0: no timer."""
    target: int = 0
    """The points that end the game (protocol/table_options.py); 0: the standard (or double)."""
    extra_pepper: bool = False
    """The Extra Pepper expansion (RULES §12, protocol/table_options.py)."""

    def __post_init__(self) -> None:
        check_target("target", self.target, self.double_target)
        check_flag("extra_pepper", self.extra_pepper)


# --- client to server ----------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Hello:
    """Open a new session. Answered by ``welcome`` (or ``error`` version_mismatch)."""

    TAG: ClassVar[str] = "hello"
    version: int
    name: str
    identity: str | None = None
    """Optional secret client identity kept by the client across runs: statistics follow it
    (docs/protocol.md "Player identity"). Never sent back, logged or journalled in clear."""

    def __post_init__(self) -> None:
        _check_text("name", self.name, MAX_NAME_LENGTH)
        check_identity("identity", self.identity)


@dataclass(frozen=True, slots=True)
class Resume:
    """Take back a session (and its seat) by its token, from any socket."""

    TAG: ClassVar[str] = "resume"
    version: int
    token: str

    def __post_init__(self) -> None:
        if not _TOKEN.fullmatch(self.token):
            raise InvalidField("token", "must be 1-128 characters of A-Z a-z 0-9 _ -")


@dataclass(frozen=True, slots=True)
class ListTables:
    """Ask for the lobby: answered by ``tables``."""

    TAG: ClassVar[str] = "list_tables"


@dataclass(frozen=True, slots=True)
class JoinOrCreate:
    """Atomically create table ``table`` or join it (same seats and options, a free human seat)."""

    TAG: ClassVar[str] = "join_or_create"
    table: str
    seats: tuple[str, ...]
    """Per seat, in seat order: ``human`` or ``bot:LEVEL``."""
    extra_salt: bool = False
    double_target: bool = False
    turn_time: int = 0
    """Seconds per turn for a table this creates (0: no timer); a join takes the table's."""
    target: int = 0
    """The points that end the game (0: the standard 40 / 35 / 30); compared like the options."""
    extra_pepper: bool = False
    """The Extra Pepper expansion (RULES §12): compared like the options."""

    def __post_init__(self) -> None:
        _check_text("table", self.table, MAX_TABLE_NAME_LENGTH)
        _check_seats("seats", self.seats)
        check_turn_time("turn_time", self.turn_time)
        check_target("target", self.target, self.double_target)
        check_flag("extra_pepper", self.extra_pepper)


@dataclass(frozen=True, slots=True)
class Watch:
    """Watch a table as a spectator (public view only)."""

    TAG: ClassVar[str] = "watch"
    table: str

    def __post_init__(self) -> None:
        _check_text("table", self.table, MAX_TABLE_NAME_LENGTH)


@dataclass(frozen=True, slots=True)
class Leave:
    """Leave the current table (a running game's seat goes to a bot until resumed)."""

    TAG: ClassVar[str] = "leave"


@dataclass(frozen=True, slots=True)
class ActionRequest:
    """Play ``action`` (the wire form of an engine action), decided on the view at ``seq``."""

    TAG: ClassVar[str] = "action"
    table: str
    seq: int
    action: Action

    def __post_init__(self) -> None:
        _check_text("table", self.table, MAX_TABLE_NAME_LENGTH)
        _check_seq("seq", self.seq)


@dataclass(frozen=True, slots=True)
class Continue:
    """Done reading the round result: the next round may begin."""

    TAG: ClassVar[str] = "continue"
    table: str

    def __post_init__(self) -> None:
        _check_text("table", self.table, MAX_TABLE_NAME_LENGTH)


@dataclass(frozen=True, slots=True)
class PlayAgain:
    """After game over: agree to a new game at the same table (fresh seed)."""

    TAG: ClassVar[str] = "play_again"
    table: str

    def __post_init__(self) -> None:
        _check_text("table", self.table, MAX_TABLE_NAME_LENGTH)


@dataclass(frozen=True, slots=True)
class Sync:
    """Ask for a fresh ``snapshot`` of the table (after a gap in ``seq``)."""

    TAG: ClassVar[str] = "sync"
    table: str

    def __post_init__(self) -> None:
        _check_text("table", self.table, MAX_TABLE_NAME_LENGTH)


@dataclass(frozen=True, slots=True)
class Chat:
    """Say something to everyone at the table (players and spectators)."""

    TAG: ClassVar[str] = "chat"
    table: str
    text: str

    def __post_init__(self) -> None:
        _check_text("table", self.table, MAX_TABLE_NAME_LENGTH)
        _check_text("text", self.text, MAX_CHAT_LENGTH)


@dataclass(frozen=True, slots=True)
class Heartbeat:
    """Liveness, both ways: sent when nothing else was sent for a heartbeat interval."""

    TAG: ClassVar[str] = "heartbeat"


# --- server to client ----------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Welcome:
    """The session is open (``resumed``: an existing one was taken back)."""

    TAG: ClassVar[str] = "welcome"
    version: int
    token: str
    """Secret: keep it to ``resume``; it never appears in any other message."""
    session: str
    """A public id of the session (not secret)."""
    name: str
    resumed: bool


@dataclass(frozen=True, slots=True)
class Tables:
    """The lobby: every table."""

    TAG: ClassVar[str] = "tables"
    tables: tuple[TableInfo, ...]


@dataclass(frozen=True, slots=True)
class Joined:
    """You are at ``table``: in ``seat``, or watching (``seat`` None). A snapshot follows."""

    TAG: ClassVar[str] = "joined"
    table: str
    seat: int | None

    def __post_init__(self) -> None:
        _check_seat("seat", self.seat)


@dataclass(frozen=True, slots=True)
class Left:
    """You are no longer at ``table``."""

    TAG: ClassVar[str] = "left"
    table: str


@dataclass(frozen=True, slots=True)
class TableChanged:
    """Presence or status of the table you are at changed (seats, takeovers, state)."""

    TAG: ClassVar[str] = "table"
    info: TableInfo


@dataclass(frozen=True, slots=True)
class Snapshot:
    """The whole view of your seat (or the public view) at ``seq``: replaces what you had."""

    TAG: ClassVar[str] = "snapshot"
    table: str
    seq: int
    view: PlayerView

    def __post_init__(self) -> None:
        _check_seq("seq", self.seq)


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
        _check_seq("seq", self.seq)


@dataclass(frozen=True, slots=True)
class RoundOver:
    """A round was scored (or void); play waits for ``continue`` from the seats in ``waiting``."""

    TAG: ClassVar[str] = "round_over"
    table: str
    seq: int
    result: RoundResult
    waiting: tuple[int, ...]

    def __post_init__(self) -> None:
        _check_seq("seq", self.seq)


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
        _check_seq("seq", self.seq)


@dataclass(frozen=True, slots=True)
class ChatLine:
    """A chat line from ``name`` (``seat`` None: a spectator) at ``table``."""

    TAG: ClassVar[str] = "chat_line"
    table: str
    name: str
    seat: int | None
    text: str


@dataclass(frozen=True, slots=True)
class ChatEntry:
    """One line of a table's recent chat (``seat`` None: a spectator)."""

    name: str
    seat: int | None
    text: str


@dataclass(frozen=True, slots=True)
class ChatHistory:
    """The table's recent chat (oldest first, at most 50 lines), sent after each snapshot that
    puts you at a table (join, watch, resume). It replaces any chat you show for that table.

    A message of its own rather than a snapshot field: decoders are strict, so a client that
    predates it drops this frame (and keeps every snapshot)."""

    TAG: ClassVar[str] = "chat_history"
    table: str
    lines: tuple[ChatEntry, ...]


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
        _check_seq("seq", self.seq)


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
    *SCORES_SERVER_MESSAGES,
)
