"""What the services that act on tables all read: the settings, the clock, the tables and the
sessions (docs/server.md "The services").

Each of those services (``TableClocks``, ``Game``, ``Lobby``, ``Arrivals``, ``Presence``) uses
all four, so they come as one argument; the services each is built on (the outbox, the news,
the game...) stay separate arguments, so a constructor still says whom its service calls.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from .config import Clock, ServerConfig
from .sessions import SessionRegistry
from .table_registry import TableRegistry


@dataclass(frozen=True, slots=True)
class Shared:
    config: ServerConfig
    clock: Clock
    """The server's clock (injectable: tests move a ManualClock by hand)."""
    tables: TableRegistry
    """The one writer of which tables exist and who plays each seat."""
    sessions: SessionRegistry
    """The one writer of the sessions."""


@dataclass(eq=False, repr=False)
class TableService:
    """The base of those services: built with ``shared`` (their first argument), each reads
    its parts as attributes of its own, unpacked once here (every handler reads them)."""

    shared: Shared
    config: ServerConfig = field(init=False)
    clock: Clock = field(init=False)
    tables: TableRegistry = field(init=False)
    sessions: SessionRegistry = field(init=False)

    def __post_init__(self) -> None:
        shared = self.shared
        self.config, self.clock = shared.config, shared.clock
        self.tables, self.sessions = shared.tables, shared.sessions
