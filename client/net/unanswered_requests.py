"""The lobby requests a connection sent that no answer has met yet: a connection sends them
again once a lost link is back (client/net/connection.py), for the server may never have had them
(else a new table asked for while the server was down is lost).

Sending one twice is harmless: a join of the table one sits at is answered with ``joined``
again, a watch of the table one watches too, and a second ``leave`` with ``left`` again. The
server answers a connection's requests in order, so a refusal that names no table answers the
oldest one still waiting. Socket-free (tests/client/test_unanswered.py).
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable

from seasalt.protocol import (
    ClientMessage,
    Error,
    Joined,
    JoinOrCreate,
    Leave,
    Left,
    ServerMessage,
    Watch,
)

LobbyRequest = JoinOrCreate | Watch | Leave

KEPT = 4
"""At most this many requests wait (a player presses a few keys while the server is away)."""


class Unanswered:
    """The requests sent and not yet answered, oldest first."""

    def __init__(self) -> None:
        self._asked: deque[LobbyRequest] = deque(maxlen=KEPT)

    def sent(self, message: ClientMessage) -> bool:
        """Note ``message`` if it is one to send again; True when it is kept."""
        if isinstance(message, JoinOrCreate | Watch | Leave):
            self._asked.append(message)
            return True
        return False

    def answered(self, message: ServerMessage) -> None:
        """What the server said: the request it answers is no longer waiting."""
        if isinstance(message, Joined) or (isinstance(message, Error) and message.table):
            self._drop(lambda r: not isinstance(r, Leave) and r.table == message.table)
        elif isinstance(message, Left):
            self._drop(lambda r: isinstance(r, Leave))
        elif isinstance(message, Error) and self._asked:
            self._asked.popleft()

    def _drop(self, answers: Callable[[LobbyRequest], bool]) -> None:
        for request in self._asked:
            if answers(request):
                self._asked.remove(request)
                return

    def waiting(self) -> tuple[LobbyRequest, ...]:
        """The requests to send again, in the order they were sent."""
        return tuple(self._asked)
