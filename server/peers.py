"""Who is on the other end of a frame: its connection, its CURVE key, its address.

libzmq's ROUTER lets a client choose its own routing id, so a routing id alone does not prove
which connection a frame came from (a socket presenting a victim's id could take over its
session). The server reads each frame's metadata (pyzmq ``Frame.get``): the ZAP ``User-Id``
(the client's CURVE public key in secure mode), the connection's file descriptor and the
``Peer-Address``. A session remembers the connection that opened or resumed it, and a frame
from another connection is never counted as that session's.
"""

from __future__ import annotations

import zmq

_SRCFD = int(zmq.SRCFD)


class Origin:
    """A frame's origin as libzmq reports it, read lazily (each read is a libzmq call)."""

    __slots__ = ("_frame", "_secure", "_connection", "_address")

    def __init__(self, frame: zmq.Frame | None, secure: bool = False) -> None:
        self._frame = frame
        self._secure = secure
        self._connection: tuple[str | None, int | None] | None = None
        self._address: str | None = None

    @classmethod
    def fixed(cls, user_id: str | None, fd: int | None, address: str | None) -> Origin:
        """An origin with known values (unit tests of the Master, without sockets)."""
        origin = cls(None)
        origin._connection = (user_id, fd)
        origin._address = address
        return origin

    @property
    def connection(self) -> tuple[str | None, int | None]:
        """(ZAP User-Id, file descriptor): what stays the same for one connection's frames.

        The User-Id is the client's Z85 CURVE public key in secure mode (None in plain mode);
        the descriptor tells a new connection presenting a dead one's routing id apart.
        """
        if self._connection is None:
            self._connection = (self._user_id(), self._fd())
        return self._connection

    @property
    def address(self) -> str | None:
        """The remote IP address (``Peer-Address``): the key of the per-address caps."""
        if self._address is None and self._frame is not None:
            try:
                self._address = str(self._frame.get("Peer-Address"))
            except zmq.ZMQError:
                self._address = None
        return self._address

    def _user_id(self) -> str | None:
        if not self._secure or self._frame is None:
            return None
        try:
            return str(self._frame.get("User-Id"))
        except zmq.ZMQError:  # no ZAP handler answered for this connection
            return None

    def _fd(self) -> int | None:
        if self._frame is None:
            return None
        try:
            return int(self._frame.get(_SRCFD))
        except (zmq.ZMQError, ValueError, TypeError):
            return None
