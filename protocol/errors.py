"""Error codes sent on the wire, and the error raised for malformed input."""

from __future__ import annotations

import enum


class ErrorCode(enum.Enum):
    """The ``code`` of an ``error`` message (docs/protocol.md "Errors")."""

    BAD_MESSAGE = "bad_message"
    """The frame is not a valid message (not msgpack, wrong shape, unknown tag, wrong types)."""
    TOO_LARGE = "too_large"
    """The frame is larger than the application limit."""
    VERSION_MISMATCH = "version_mismatch"
    """``hello``/``resume`` named a protocol version the server does not speak."""
    UNAUTHORIZED = "unauthorized"
    """No session yet (send ``hello`` first), or an unknown or expired token."""
    BAD_REQUEST = "bad_request"
    """Well-formed but not acceptable (for example an unknown bot level)."""
    UNKNOWN_TABLE = "unknown_table"
    TABLE_MISMATCH = "table_mismatch"
    """``join_or_create`` named an existing table with other seats or options."""
    TABLE_FULL = "table_full"
    TABLE_RUNNING = "table_running"
    """The table's game has started and has no free human seat."""
    ALREADY_SEATED = "already_seated"
    """The session already holds a seat at another table (``leave`` it first)."""
    NOT_SEATED = "not_seated"
    """The session holds no seat at that table."""
    NOT_YOUR_TURN = "not_your_turn"
    STALE_SEQ = "stale_seq"
    """The action was decided on an older ``seq``: it changed nothing; a snapshot follows."""
    ILLEGAL_ACTION = "illegal_action"
    GAME_OVER = "game_over"
    RATE_LIMITED = "rate_limited"
    SESSION_REPLACED = "session_replaced"
    """Another connection resumed this session; this one is dropped."""
    LIMIT_REACHED = "limit_reached"
    """This connection or address holds as many sessions or waiting tables as the server
    allows (nothing changed)."""
    SHUTTING_DOWN = "shutting_down"
    SERVER_ERROR = "server_error"

    def __repr__(self) -> str:
        return f"ErrorCode.{self.name}"


class Reason(enum.Enum):
    """Why a frame failed to decode."""

    TOO_LARGE = "too_large"
    NOT_MSGPACK = "not_msgpack"
    WRONG_TYPE = "wrong_type"
    MISSING = "missing"
    UNEXPECTED = "unexpected"
    """A field the message does not have."""
    UNKNOWN_TAG = "unknown_tag"
    INVALID = "invalid"
    """The right type but a value the protocol does not allow (an empty name, ...)."""
    VERSION_MISMATCH = "version_mismatch"

    def __repr__(self) -> str:
        return f"Reason.{self.name}"


class DecodeError(ValueError):
    """A frame that is not a valid message.

    ``field`` names the field at fault as a path (``"view.seats[2].hand_size"``, ``"t"`` for
    the tag, ``"frame"`` for the whole frame); ``reason`` says what is wrong with it.
    """

    def __init__(self, field: str, reason: Reason, detail: str = "") -> None:
        self.field = field
        self.reason = reason
        self.detail = detail
        text = f"{field}: {reason.value}"
        super().__init__(f"{text} ({detail})" if detail else text)

    @property
    def code(self) -> ErrorCode:
        """The wire error code to answer this with."""
        if self.reason is Reason.TOO_LARGE:
            return ErrorCode.TOO_LARGE
        if self.reason is Reason.VERSION_MISMATCH:
            return ErrorCode.VERSION_MISMATCH
        return ErrorCode.BAD_MESSAGE


class UnknownMessageType(DecodeError):
    """A well-formed frame (a map, its string ``"t"`` first) of a type this side does not know.

    Most often a later addition to the protocol from a newer peer (docs/protocol.md §5
    "Additions to version 1"): a receiver may skip it quietly, unlike a malformed frame. Still a
    :class:`DecodeError` (reason ``unknown_tag``, field ``t``): decoding stays strict, and a
    server answers it as any other undecodable frame (``bad_message``).
    """

    def __init__(self, tag: str) -> None:
        super().__init__("t", Reason.UNKNOWN_TAG, repr(tag[:40]))
        self.tag = tag[:40]
        """The frame's type (its first 40 characters: it is the peer's text)."""


class InvalidField(ValueError):
    """Raised by a message's own checks (``__post_init__``); decode turns it into DecodeError."""

    def __init__(self, field: str, detail: str) -> None:
        self.field = field
        self.detail = detail
        super().__init__(f"{field}: {detail}")
