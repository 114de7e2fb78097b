"""The client's side of one session, without sockets (sans-IO, like h11).

:class:`ClientSession` alone owns what the client knows about where it is: the table, the seat,
the ``seq`` of the last frame applied and the latest view, and it handles gaps (an update that
skips a seq is swallowed and a ``sync`` asked for; nothing passes until the snapshot comes).
A driver feeds it every server message (:meth:`ClientSession.receive`), sends what
:meth:`ClientSession.next_outbound` hands back, and turns the player's intents into protocol
messages with :meth:`ClientSession.send`. Two drivers use it: the socket driver
(client/net/connection.py, for the headless player) and the TUI's network bridge
(client/tui/bridge.py).
"""

from __future__ import annotations

import logging
from collections import deque

from seasalt.engine import PlayerView
from seasalt.protocol import (
    MAX_CHAT_LENGTH,
    ActionRequest,
    Chat,
    ClientMessage,
    Continue,
    Error,
    ErrorCode,
    GetScores,
    Joined,
    JoinOrCreate,
    Leave,
    Left,
    ListTables,
    PlayAgain,
    ServerMessage,
    Snapshot,
    Sync,
    Update,
    Watch,
)

from .intents import (
    AgreeToPlayAgain,
    AskScores,
    AskSnapshot,
    AskTables,
    Back,
    DoneReading,
    Intent,
    LeaveTable,
    Play,
    Say,
    SitDown,
    WatchTable,
)

log = logging.getLogger("seasalt.client")


class ClientSession:
    """Where this client is and what it has seen (see the module docstring)."""

    def __init__(self) -> None:
        self.table: str | None = None
        """The table this session is at (from ``joined``), or None."""
        self.seat: int | None = None
        """Our seat at ``table``; None when watching or not at a table."""
        self.seq: int | None = None
        """The seq of the last snapshot/update applied for ``table``."""
        self.view: PlayerView | None = None
        """The latest view of ``table``."""
        self.gaps = 0
        """How many seq gaps were seen (each answered by a ``sync``)."""
        self.leaving = False
        """We asked to leave and the server has not said ``left`` yet (a ``left`` we did not
        ask for means the server gave the seat up)."""
        self._awaiting_snapshot = False
        self._outbox: deque[ClientMessage] = deque()

    # --- what the server says -------------------------------------------------------------

    def receive(self, message: ServerMessage) -> bool:
        """Take in one server message; False when it is swallowed (a duplicate, a gap, an
        update while a snapshot is awaited), True when the caller should act on it."""
        match message:
            case Joined(table=table, seat=seat):
                self.table, self.seat = table, seat
                self.seq, self.view = None, None
                self._awaiting_snapshot = False
            case Left(table=table):
                self.leaving = False
                if table == self.table:
                    self._forget_table()
            case Snapshot(table=table) if table == self.table:
                self.seq, self.view = message.seq, message.view
                self._awaiting_snapshot = False
            case Update(table=table) if table == self.table:
                return self._update(message)
            case Error(code=ErrorCode.NOT_SEATED) if self.leaving:
                # The server has this session at no table: the leave asked for is done (the
                # client had missed being told; staying put, q would only be refused again).
                self.leaving = False
                self._forget_table()
        return True

    def _update(self, message: Update) -> bool:
        if self._awaiting_snapshot:
            return False
        if self.seq is not None and message.seq <= self.seq:
            return False  # a duplicate of something already applied
        if self.seq is None or message.seq != self.seq + 1:
            self.gaps += 1
            log.info("seq gap at %s: had %s, got %d; syncing", self.table, self.seq, message.seq)
            self._awaiting_snapshot = True
            if self.table is not None:
                self._outbox.append(Sync(self.table))
            return False
        self.seq, self.view = message.seq, message.view
        return True

    def link_resumed(self, *, fresh: bool = False) -> None:
        """The link came back after a loss: frames may have been missed, so nothing passes
        until a snapshot comes (the server sends one to a resumed seat). ``fresh``: the server
        had forgotten the session and a new one was opened: it is at no table."""
        if fresh:
            self._forget_table()
        self._awaiting_snapshot = self.table is not None

    def _forget_table(self) -> None:
        self.table = self.seat = self.seq = None
        self.view = None
        self._awaiting_snapshot = False

    def next_outbound(self) -> ClientMessage | None:
        """A message the session itself wants sent (a ``sync`` after a gap), or None."""
        return self._outbox.popleft() if self._outbox else None

    # --- what the player asks -------------------------------------------------------------

    def send(self, intent: Intent) -> ClientMessage | None:
        """The protocol message for ``intent``, or None when there is nothing to send (an
        action before any view, the scores of no table)."""
        table = self.table or ""
        match intent:
            case Play(action=action):
                if self.seq is None:
                    return None
                return ActionRequest(table, self.seq, action)
            case DoneReading() | Back():
                return Continue(table)
            case AgreeToPlayAgain():
                return PlayAgain(table)
            case Say(text=text):
                return Chat(table, text[:MAX_CHAT_LENGTH])
            case AskTables():
                return ListTables()
            case SitDown():
                return JoinOrCreate(intent.table, tuple(intent.seats), intent.extra_salt,
                                    intent.double_target, intent.turn_time, intent.target,
                                    coach_allowed=intent.coach_allowed,
                                    extra_pepper=intent.extra_pepper)
            case WatchTable(table=watched):
                return Watch(watched)
            case AskSnapshot():
                return Sync(table)
            case LeaveTable():
                self.leaving = True
                return Leave()
            case AskScores(table=asked):
                return GetScores(asked or table) if (asked or table) else None
        raise TypeError(f"not an intent: {intent!r}")
