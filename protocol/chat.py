"""The wire's chat messages (docs/protocol.md §7): a line said at a table, the line as every
member gets it, and the table's recent lines sent after a snapshot.

Part of protocol/messages.py, which lists every message (import them from there or from
``seasalt.protocol``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from .fields import check_text
from .limits import MAX_CHAT_LENGTH, MAX_TABLE_NAME_LENGTH


@dataclass(frozen=True, slots=True)
class Chat:
    """Say something to everyone at the table (players and spectators)."""

    TAG: ClassVar[str] = "chat"
    table: str
    text: str

    def __post_init__(self) -> None:
        check_text("table", self.table, MAX_TABLE_NAME_LENGTH)
        check_text("text", self.text, MAX_CHAT_LENGTH)


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
