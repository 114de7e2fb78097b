"""Server settings and the injectable clock every timer reads."""

from __future__ import annotations

import logging
import time
from dataclasses import dataclass
from typing import Protocol

from seasalt.protocol import (
    DEFAULT_PORT,
    HEARTBEAT_INTERVAL,
    HEARTBEAT_MISSES,
    MAX_CHAT_LENGTH,
    MAX_NAME_LENGTH,
)

from .security import KeyPair

log = logging.getLogger("seasalt.server")
"""The server's logger (secrets never go to it: DESIGN "Durability")."""

# The frame size limits are the protocol's (MAX_MESSAGE_SIZE, SOCKET_MAX_MESSAGE_SIZE), not
# settings: server/master.py and server/app.py read them from seasalt.protocol.


class Clock(Protocol):
    """A monotonic time source in seconds. Tests inject :class:`ManualClock`."""

    def now(self) -> float: ...


class MonotonicClock:
    """The real clock."""

    def now(self) -> float:
        return time.monotonic()


class ManualClock:
    """A clock that moves only when a test says so."""

    def __init__(self, start: float = 1000.0) -> None:
        self._now = start

    def now(self) -> float:
        return self._now

    def advance(self, seconds: float) -> None:
        self._now += seconds


@dataclass(frozen=True, slots=True)
class ServerConfig:
    """Everything the command line can set, with the defaults a LAN party wants.

    These defaults are the only ones: ``seasalt-server serve``'s options and their help texts
    read them from here (server/serve_cli.py).
    """

    host: str = "0.0.0.0"
    port: int = DEFAULT_PORT
    db_path: str = ":memory:"
    make_db_dir: bool = True
    """Create a missing directory for ``db_path`` (the default database); False for an
    explicit ``--db``, whose missing directory is an error."""
    seed: int | None = None
    """Derive every game seed from this (tests); None draws them from ``secrets``."""
    fsync: bool = False
    """SQLite ``synchronous=FULL`` instead of NORMAL."""
    bot_delay: float = 0.8
    """Seconds every bot decision takes at least (on the server's clock, from when the bot
    starts thinking), so people can follow; a table with a searching bot takes ``bot_think``
    if that is longer (server/game.py ``bot_pause``)."""
    bot_think: float = 1.5
    """Wall-clock seconds a searching bot (the expert) may think: it answers with what it has
    searched by then, whatever the load. At a table with such a bot every bot decision takes
    at least this long (counted from when it starts; the bot delay runs meanwhile), so the time
    taken does not show how many options a bot had. 0: no budget, no padding."""
    bot_workers: int = 1
    """Processes in the bot pool; 0 decides in the server process (tests only)."""
    takeover_after: float = 60.0
    """Seconds a seated human may stay disconnected before a bot takes the seat."""
    idle_after: float = 180.0
    """Seconds a player may keep a table without a turn timer waiting on their turn before a
    bot plays the seat for them, as for a lost player (the table sees the same countdown for
    the last ``takeover_after`` of them); their next action or ``continue`` takes it back.
    0: never (a solo game: nobody waits)."""
    continue_timeout: float = 30.0
    """Seconds the server waits for every ``continue`` after a round before play resumes."""
    heartbeat: float = HEARTBEAT_INTERVAL
    """Seconds between heartbeats; a peer silent for ``heartbeat_misses`` of them is gone."""
    heartbeat_misses: int = HEARTBEAT_MISSES
    """The protocol's: with the default interval the server waits exactly as long as a client
    does (``HEARTBEAT_TIMEOUT``) before it counts the other side lost."""
    rate_limit: float = 50.0
    """Messages per second a connection may send on average (checked before decoding)..."""
    rate_burst: float = 200.0
    """...and in one burst before it gets ``rate_limited`` errors."""
    max_tables: int = 256
    """Tables the lobby holds at once: more is refused (a LAN party needs a handful)."""
    max_resume_age: float | None = 7 * 86400.0
    """Seconds: an unfinished game last played longer ago is not revived at start (None: all).
    It stays in the journal (``seasalt-server games list``)."""
    max_sessions: int = 1024
    """Sessions held at once; at the cap the oldest disconnected lobby session is forgotten,
    and with none such a ``hello`` is refused."""
    max_sessions_per_connection: int = 4
    """Sessions one connection may have opened and still hold (``limit_reached``)."""
    max_sessions_per_address: int = 64
    """Sessions opened from one remote address (``Peer-Address``) held at once."""
    new_sessions_per_address: int = 30
    """Sessions one remote address may open a minute (``hello``): as many at once, then one
    every 60/N seconds. A new ``hello`` closes the connection's lobby session, so without
    this a flood of hellos from one address was bounded by the rate limit alone."""
    max_tables_per_connection: int = 2
    """Tables one connection created that are still waiting for players."""
    max_tables_per_address: int = 8
    """Tables created from one remote address that are still waiting for players."""
    caps_exempt_loopback: bool = True
    """The per-address caps do not count this machine: loopback and its own addresses (solo
    and host mode, the web front's guests, tests)."""
    history_rate: float = 0.5
    """``list_games``/``get_replay``/``get_stats`` one remote address (or one session of this
    machine's, with ``caps_exempt_loopback``) may send a second on average..."""
    history_burst: float = 8.0
    """...and at once (a history screen asks for a few): their own budget, far below
    ``rate_limit``, since each can cost a query over the whole journal."""
    history_thread: bool = True
    """Answer history requests in a thread off the event loop (a file journal only)."""
    max_name_length: int = MAX_NAME_LENGTH
    """Characters in a player name (after control characters are stripped)."""
    max_chat_length: int = MAX_CHAT_LENGTH
    """Characters in a chat line (after control characters are stripped)."""
    curve: KeyPair | None = None
    """With a key pair, the socket is a CURVE server (``--secure``): encrypted connections."""
    allowed_keys: frozenset[bytes] | None = None
    """Z85 client public keys admitted by ZAP (``--allow-keys``); None admits any key."""
    announce: bool = True
    """Announce the server on the LAN with mDNS (``seasalt-server`` only: server/announce.py;
    in-process servers never do)."""
    announce_name: str | None = None
    """The announced name (None: this machine's name)."""
    tick: float = 0.05
    """Seconds between timer checks (real time; the clock decides what is due)."""

    @property
    def peer_timeout(self) -> float:
        """Silence after which a peer counts as disconnected (by default the protocol's
        ``HEARTBEAT_TIMEOUT``, the client's own timeout)."""
        return self.heartbeat * self.heartbeat_misses
