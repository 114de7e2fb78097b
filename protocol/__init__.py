"""seasalt.protocol: the wire between server and clients (docs/protocol.md).

One frozen dataclass per message, ``encode(message) -> bytes`` and strict ``decode``
functions that raise :class:`DecodeError` naming the field at fault.

>>> from seasalt.protocol import Hello, encode, decode, PROTOCOL_VERSION
>>> decode(encode(Hello(PROTOCOL_VERSION, "Ann")))
Hello(version=1, name='Ann')
"""

from .clocks import (
    MAX_TURN_TIME,
    MIN_TURN_TIME,
    TURN_TIMES,
    Clocks,
    SeatClock,
    TimeRanOut,
)
from .codec import from_wire, tag_name, to_wire
from .errors import DecodeError, ErrorCode, InvalidField, Reason, UnknownMessageType
from .frames import FrameCache
from .game_data import (
    action_from_wire,
    action_to_wire,
    event_from_wire,
    event_to_wire,
    result_from_wire,
    result_to_wire,
    rules_from_wire,
    rules_to_wire,
    view_from_wire,
    view_to_wire,
)
from .history import (
    DuoCount,
    EventStats,
    Games,
    GameSummary,
    GetReplay,
    GetStats,
    ListGames,
    PlayerEntry,
    PlayerStats,
    Replay,
    ReplayFileError,
    StandIns,
    StandInStats,
    Stats,
    player_id_of_identity,
    replay_from_file_data,
    replay_to_file_data,
    stand_ins_from_file_data,
)
from .limits import (
    DEFAULT_PORT,
    HEARTBEAT_INTERVAL,
    HEARTBEAT_MISSES,
    HEARTBEAT_TIMEOUT,
    MAX_CHAT_LENGTH,
    MAX_MESSAGE_SIZE,
    MAX_NAME_LENGTH,
    MAX_PLAYERS,
    MAX_SERVER_MESSAGE_SIZE,
    MAX_TABLE_NAME_LENGTH,
    MAX_TOKEN_LENGTH,
    MIN_PLAYERS,
    PROTOCOL_VERSION,
    SOCKET_MAX_MESSAGE_SIZE,
)
from .messages import (
    BOT_PREFIX,
    CLIENT_MESSAGES,
    HUMAN,
    SERVER_MESSAGES,
    ActionRequest,
    Away,
    Chat,
    ChatEntry,
    ChatHistory,
    ChatLine,
    ClientMessage,
    Continue,
    Error,
    GameOver,
    GameRecord,
    Heartbeat,
    Hello,
    Joined,
    JoinOrCreate,
    Leave,
    Left,
    ListTables,
    Message,
    PlayAgain,
    Resume,
    RoundOver,
    SeatInfo,
    ServerMessage,
    Snapshot,
    Sync,
    TableChanged,
    TableInfo,
    Tables,
    TableState,
    Takeover,
    Update,
    Watch,
    Welcome,
    bot_seat,
    check_seat_spec,
)
from .scores import GetScores, ScoreRound, ScoreSheet
from .stand_in import ReplayStandIns, StandInMove, StandInMoves, stand_in_marks
from .table_options import MAX_TARGET, MIN_TARGET, TARGETS, ServerInfo
from .wire import (
    TAG_KEY,
    decode,
    decode_client_message,
    decode_server_message,
    encode,
    pack,
    unpack,
)

__all__ = [
    "BOT_PREFIX", "CLIENT_MESSAGES", "DEFAULT_PORT", "HEARTBEAT_INTERVAL", "HEARTBEAT_MISSES",
    "HEARTBEAT_TIMEOUT",
    "HUMAN", "MAX_CHAT_LENGTH", "MAX_MESSAGE_SIZE", "MAX_NAME_LENGTH", "MAX_PLAYERS",
    "MAX_SERVER_MESSAGE_SIZE", "MAX_TABLE_NAME_LENGTH", "MAX_TOKEN_LENGTH", "MIN_PLAYERS",
    "PROTOCOL_VERSION", "SERVER_MESSAGES", "SOCKET_MAX_MESSAGE_SIZE", "TAG_KEY",
    "ActionRequest", "Away", "Chat", "ChatLine", "ClientMessage", "Continue", "DecodeError",
    "Error",
    "ErrorCode", "FrameCache", "GameOver", "Heartbeat", "Hello", "InvalidField", "JoinOrCreate",
    "Joined",
    "Leave", "Left", "ListTables", "Message", "PlayAgain", "Reason", "Resume", "RoundOver",
    "SeatInfo", "UnknownMessageType", "ChatEntry", "ChatHistory", "GameRecord", "Takeover",
    "ServerMessage", "Snapshot", "Sync", "TableChanged", "TableInfo", "TableState", "Tables",
    "Update", "Watch", "Welcome", "action_from_wire", "action_to_wire", "bot_seat",
    "check_seat_spec", "decode", "decode_client_message", "decode_server_message", "encode",
    "event_from_wire", "event_to_wire", "from_wire", "pack", "result_from_wire", "result_to_wire",
    "rules_from_wire", "rules_to_wire", "tag_name", "to_wire", "unpack", "view_from_wire",
    "view_to_wire",
    # history, replays and statistics (protocol/history.py)
    "DuoCount", "EventStats", "GameSummary", "Games", "GetReplay", "GetStats", "ListGames",
    "PlayerEntry", "PlayerStats", "Replay", "ReplayFileError", "StandInStats", "StandIns", "Stats",
    "player_id_of_identity", "replay_from_file_data", "replay_to_file_data",
    "stand_ins_from_file_data",
    # clocks (protocol/clocks.py)
    "MAX_TURN_TIME", "MIN_TURN_TIME", "TURN_TIMES", "Clocks", "SeatClock", "TimeRanOut",
    # the target option and server_info (protocol/table_options.py)
    "MAX_TARGET", "MIN_TARGET", "TARGETS", "ServerInfo",
    # a bot's moves for an absent player (protocol/stand_in.py)
    "ReplayStandIns", "StandInMove", "StandInMoves", "stand_in_marks",
    # the score sheet (protocol/scores.py)
    "GetScores", "ScoreRound", "ScoreSheet",
]
