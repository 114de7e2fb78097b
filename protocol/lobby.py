"""The wire's session and lobby messages (docs/protocol.md §3 "Sessions and tokens", §4
"Tables, seats and ``seq``"): opening or taking back a session, the tables of the lobby and
what each shows, joining, watching and leaving one.

Part of protocol/messages.py, which lists every message (import them from there or from
``seasalt.protocol``).
"""

from __future__ import annotations

import enum
from dataclasses import dataclass
from typing import ClassVar

from .clocks import check_turn_time
from .errors import InvalidField
from .fields import TOKEN, check_seat, check_seat_spec, check_seats, check_text
from .history import check_identity
from .limits import MAX_NAME_LENGTH, MAX_TABLE_NAME_LENGTH
from .table_options import check_flag, check_target

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
    coach_allowed: bool = False
    """Players may ask the coach here (protocol/table_options.py)."""
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
        check_text("name", self.name, MAX_NAME_LENGTH)
        check_identity("identity", self.identity)


@dataclass(frozen=True, slots=True)
class Resume:
    """Take back a session (and its seat) by its token, from any socket."""

    TAG: ClassVar[str] = "resume"
    version: int
    token: str

    def __post_init__(self) -> None:
        if not TOKEN.fullmatch(self.token):
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
    coach_allowed: bool = False
    """Players may ask the coach (protocol/table_options.py) at a table this creates; a join
    takes the table's."""
    extra_pepper: bool = False
    """The Extra Pepper expansion (RULES §12): compared like the options."""

    def __post_init__(self) -> None:
        check_text("table", self.table, MAX_TABLE_NAME_LENGTH)
        check_seats("seats", self.seats)
        check_turn_time("turn_time", self.turn_time)
        check_target("target", self.target, self.double_target)
        check_flag("extra_pepper", self.extra_pepper)


@dataclass(frozen=True, slots=True)
class Watch:
    """Watch a table as a spectator (public view only)."""

    TAG: ClassVar[str] = "watch"
    table: str

    def __post_init__(self) -> None:
        check_text("table", self.table, MAX_TABLE_NAME_LENGTH)


@dataclass(frozen=True, slots=True)
class Leave:
    """Leave the current table (a running game's seat goes to a bot until resumed)."""

    TAG: ClassVar[str] = "leave"


@dataclass(frozen=True, slots=True)
class Away:
    """Going away on purpose (the player quit the app at a running game): a bot plays the
    seat from now on, as after the takeover delay, and the seat stays the session's for a
    ``resume``. Never answered (the client closes right after sending it)."""

    TAG: ClassVar[str] = "away"


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
        check_seat("seat", self.seat)


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
