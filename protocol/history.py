"""History messages (docs/protocol.md "History, replays and statistics") and the replay file.

Finished games only: once a game is over nothing in it is secret, so a replay carries the seed
and every action, and the receiver rebuilds every step with ``seasalt.engine`` itself (the
same engine version is required: see :func:`replay_from_file_data`).
"""

from __future__ import annotations

import hashlib
import re
from dataclasses import dataclass
from typing import Any, ClassVar, cast

from seasalt.engine import ENGINE_VERSION, Action, Rules

from .codec import from_wire, to_wire
from .errors import DecodeError, InvalidField, Reason
from .stand_in import StandInMove, check_stand_in_moves
from .table_options import check_flag, check_target

MAX_HISTORY_GAMES = 200
"""Games listed in one ``games`` answer (newest first)."""
PLAYER_ID_LENGTH = 16
_PLAYER_ID = re.compile(r"[a-z0-9:_\-]{1,40}")
_IDENTITY = re.compile(r"[A-Za-z0-9_\-]{16,128}")
REPLAY_FILE_FORMAT = "seasalt-replay"
REPLAY_FILE_VERSION = 1


def check_identity(field: str, value: str | None) -> None:
    """A client identity: 16-128 characters of ``A-Z a-z 0-9 _ -`` (secret, like a token)."""
    if value is not None and not _IDENTITY.fullmatch(value):
        raise InvalidField(field, "must be 16-128 characters of A-Z a-z 0-9 _ -")


def player_id_of_identity(identity: str) -> str:
    """The public, stable player id of a client identity (docs/protocol.md §10): the server
    keys statistics by it, and a client finds its own seats in a replay by it."""
    digest = hashlib.sha256(("seasalt-player\0" + identity).encode()).hexdigest()
    return "p:" + digest[:PLAYER_ID_LENGTH]


def _check_player_id(field: str, value: str) -> None:
    if not _PLAYER_ID.fullmatch(value):
        raise InvalidField(field, "must be 1-40 characters of a-z 0-9 : _ -")


def _check_game_id(field: str, value: int) -> None:
    if value < 1:
        raise InvalidField(field, "must be 1 or more")


# --- payloads ------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class PlayerEntry:
    """Who sat in one seat of a finished game."""

    seat: int
    kind: str
    """``human`` or ``bot:LEVEL``."""
    name: str | None
    """The name the player used (None: a bot seat, or a seat nobody held)."""
    player: str
    """Stable player id (statistics key): ``p:...`` for a client identity, ``s:...`` for a
    session without one, ``bot:LEVEL`` for a server bot."""

    def __post_init__(self) -> None:
        _check_player_id("player", self.player)


@dataclass(frozen=True, slots=True)
class GameSummary:
    """One finished game in the history list."""

    game: int
    """The journal's game id (ask for its replay with it)."""
    table: str
    players: tuple[PlayerEntry, ...]
    scores: tuple[int, ...]
    winners: tuple[int, ...]
    extra_salt: bool
    double_target: bool
    rounds: int
    started: int
    """Unix time (seconds) the game started; 0 when the journal did not record it."""
    finished: int
    """Unix time (seconds) the game ended; 0 when the journal did not record it."""
    target: int = 0
    """The table's target option (protocol/table_options.py); 0: the standard (or double)."""
    extra_pepper: bool = False
    """The Extra Pepper option (RULES §12): its replay shows the event cards."""

    def __post_init__(self) -> None:
        _check_game_id("game", self.game)
        check_target("target", self.target, self.double_target)
        check_flag("extra_pepper", self.extra_pepper)


@dataclass(frozen=True, slots=True)
class DuoCount:
    """How many duos of one kind a player laid (``crab``, ``swimmer+shark``, ...)."""

    kind: str
    count: int


@dataclass(frozen=True, slots=True)
class EventStats:
    """Extra Pepper: what one player's seats did with one event card (RULES §12.0), over every
    finished game: how often it came to them, what became of it, and how they did with it."""

    event: str
    """The event card's id (``kraken``...)."""
    received: int
    """Times the table event went to this player at the end of a round."""
    kept: int
    """Times the player chose it when holding two (the other went to the event discard)."""
    discarded: int
    """Times it left this player's hand for the event discard (no longer its keeper, or the
    other card kept)."""
    rounds: int
    """Rounds the player played holding it."""
    points: int
    """Round points the player scored in those rounds."""


@dataclass(frozen=True, slots=True)
class PlayerStats:
    """One player's totals over every finished game on the server."""

    player: str
    name: str
    """The latest name seen for this player."""
    games: int
    wins: int
    points: int
    """Final points summed over all games (average = points / games)."""
    rounds: int
    duos: tuple[DuoCount, ...]
    stop_calls: int
    last_chance_calls: int
    bets_won: int
    """LAST CHANCE calls that won the bet."""
    bets_lost: int
    mermaid_wins: int
    events: tuple[EventStats, ...] = ()
    """Extra Pepper: per event card the player ever held or received, in the §12.0 order."""
    effects: tuple[DuoCount, ...] = ()
    """Extra Pepper: how often the player's event effects played out, by the log's event kind
    (``swapped``, ``swap_passed``, ``pair_stolen``, ``angelfish_took``, ``dolphins_drew``,
    ``shell_face_down``), in name order."""

    def __post_init__(self) -> None:
        _check_player_id("player", self.player)


# --- client to server ----------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class ListGames:
    """Ask for the finished games (newest first): answered by ``games``."""

    TAG: ClassVar[str] = "list_games"


@dataclass(frozen=True, slots=True)
class GetReplay:
    """Ask for the replay of finished game ``game``: answered by ``replay``."""

    TAG: ClassVar[str] = "get_replay"
    game: int

    def __post_init__(self) -> None:
        _check_game_id("game", self.game)


@dataclass(frozen=True, slots=True)
class GetStats:
    """Ask for per-player statistics: answered by ``stats``."""

    TAG: ClassVar[str] = "get_stats"


# --- server to client ----------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Games:
    """The finished games, newest first (at most ``MAX_HISTORY_GAMES``)."""

    TAG: ClassVar[str] = "games"
    games: tuple[GameSummary, ...]


@dataclass(frozen=True, slots=True)
class Replay:
    """Everything needed to rebuild a finished game step by step with the engine."""

    TAG: ClassVar[str] = "replay"
    summary: GameSummary
    rules: Rules
    """Rebuild with ``seasalt.engine.new_game(rules, seed)`` then ``apply`` each action."""
    engine_version: str
    """The engine version that played the game: rebuild it only with the same version."""
    seed: int
    actions: tuple[Action, ...]


@dataclass(frozen=True, slots=True)
class Stats:
    """Statistics per player, most games first."""

    TAG: ClassVar[str] = "stats"
    players: tuple[PlayerStats, ...]


@dataclass(frozen=True, slots=True)
class StandInStats:
    """What takeover bots did for one player (who had left or gone silent): counted apart,
    never in that player's own ``PlayerStats``."""

    player: str
    games: int
    """Finished games in which a bot played some of this player's rounds."""
    rounds: int
    """Rounds in which the bot made at least one move for the player."""
    wins: int
    """Games won while a bot played the player's seat in the last round."""
    stop_calls: int
    last_chance_calls: int

    def __post_init__(self) -> None:
        _check_player_id("player", self.player)


@dataclass(frozen=True, slots=True)
class StandIns:
    """Sent after ``stats``: the takeover bots' share, per player (only players with one).

    A message of its own so that a client that predates it (decoders are strict) drops this
    frame and still reads ``stats``."""

    TAG: ClassVar[str] = "stand_ins"
    players: tuple[StandInStats, ...]


HISTORY_CLIENT_MESSAGES: tuple[type, ...] = (ListGames, GetReplay, GetStats)
HISTORY_SERVER_MESSAGES: tuple[type, ...] = (Games, Replay, Stats, StandIns)


# --- the replay file -----------------------------------------------------------------------


class ReplayFileError(ValueError):
    """A replay file that cannot be opened here; the message says why, for people."""


def replay_to_file_data(
    replay: Replay, stand_ins: tuple[StandInMove, ...] = ()
) -> dict[str, Any]:
    """The JSON-ready content of a replay file (format name, versions first), with the moves
    a bot made for an absent player (``stand_ins``) when there are any."""
    data = {
        "format": REPLAY_FILE_FORMAT,
        "format_version": REPLAY_FILE_VERSION,
        "engine_version": replay.engine_version,
        "summary": json_form(to_wire(replay.summary, GameSummary)),
        "rules": json_form(to_wire(replay.rules, Rules)),
        "seed": replay.seed,
        "actions": json_form(to_wire(replay.actions, tuple[Action, ...])),
    }
    if stand_ins:  # left out otherwise: such a file is the same as before they were kept
        data["stand_ins"] = json_form(to_wire(stand_ins, tuple[StandInMove, ...]))
    return data


def json_form(value: Any) -> Any:
    """Tuples to lists, recursively: the form JSON gives back (JSON writes them the same; this
    keeps equality simple, and the decoder reads arrays)."""
    if isinstance(value, tuple | list):
        return [json_form(v) for v in value]
    if isinstance(value, dict):
        return {k: json_form(v) for k, v in value.items()}
    return value


def replay_from_file_data(data: Any, engine_version: str = ENGINE_VERSION) -> Replay:
    """Check and decode a replay file's content.

    Raises:
        ReplayFileError: not a replay file, another format version, another engine version
            (its actions could mean another game), or damaged content.
    """
    if not isinstance(data, dict) or data.get("format") != REPLAY_FILE_FORMAT:
        raise ReplayFileError("this is not a seasalt replay file")
    if data.get("format_version") != REPLAY_FILE_VERSION:
        raise ReplayFileError(
            f"this replay file has format version {data.get('format_version')!r}; this "
            f"seasalt reads version {REPLAY_FILE_VERSION}"
        )
    recorded = data.get("engine_version")
    if recorded != engine_version:
        raise ReplayFileError(
            f"this replay was recorded by game engine version {recorded!r}, and this seasalt "
            f"has engine version {engine_version!r}: the same moves could make another game, "
            "so it cannot be shown. Open it with the seasalt version that recorded it."
        )
    try:
        summary = cast(GameSummary, from_wire(data.get("summary"), GameSummary, "summary"))
        rules = cast(Rules, from_wire(data.get("rules"), Rules, "rules"))
        seed = data.get("seed")
        if type(seed) is not int:
            raise DecodeError("seed", Reason.WRONG_TYPE, "expected an int")
        actions = cast(
            tuple[Action, ...], from_wire(data.get("actions"), tuple[Action, ...], "actions")
        )
    except DecodeError as exc:
        raise ReplayFileError(f"the replay file is damaged: {exc}") from None
    return Replay(summary, rules, str(recorded), seed, actions)


def stand_ins_from_file_data(data: Any) -> tuple[StandInMove, ...]:
    """The moves a bot made for an absent player, from a replay file's content (checked with
    :func:`replay_from_file_data`); none in a file that has no ``stand_ins``.

    Raises:
        ReplayFileError: damaged ``stand_ins``.
    """
    if not isinstance(data, dict) or "stand_ins" not in data:
        return ()
    try:
        moves = cast(
            tuple[StandInMove, ...],
            from_wire(data["stand_ins"], tuple[StandInMove, ...], "stand_ins"),
        )
        check_stand_in_moves("stand_ins", moves)
    except (DecodeError, InvalidField) as exc:
        raise ReplayFileError(f"the replay file is damaged: {exc}") from None
    return moves
