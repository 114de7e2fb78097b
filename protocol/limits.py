"""Protocol constants: version, sizes, text lengths, timers (docs/protocol.md "Limits")."""

from __future__ import annotations

PROTOCOL_VERSION = 1
"""Sent in ``hello``/``resume``/``welcome``; a different version is refused."""

DEFAULT_PORT = 7327

MAX_MESSAGE_SIZE = 64 * 1024
"""Application limit for a frame sent by a client: larger ones get a ``too_large`` error."""

MAX_SERVER_MESSAGE_SIZE = 1024 * 1024
"""Limit a client applies to frames from the server (a view with a long round log)."""

SOCKET_MAX_MESSAGE_SIZE = 256 * 1024
"""The server socket's ZMQ ``MAXMSGSIZE``: libzmq drops a peer that sends more, silently."""

MAX_NAME_LENGTH = 24
MAX_TABLE_NAME_LENGTH = 32
MAX_CHAT_LENGTH = 500
MAX_TOKEN_LENGTH = 128
MAX_LEVEL_LENGTH = 16

MIN_PLAYERS = 2
MAX_PLAYERS = 4

HEARTBEAT_INTERVAL = 2.0
"""Seconds: each side sends a ``heartbeat`` when it has sent nothing else for this long."""

HEARTBEAT_MISSES = 5
"""Heartbeats a peer may miss before it counts as lost (both sides)."""

HEARTBEAT_TIMEOUT = HEARTBEAT_INTERVAL * HEARTBEAT_MISSES
"""Seconds of silence after which a peer counts as lost: the client's timeout, and the server's
(``ServerConfig.peer_timeout``, with its default interval): one number, so a server never drops
a connected but slow client before that client would give up on the server."""
