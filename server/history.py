"""The history service: ``list_games``, ``get_replay`` and ``get_stats`` answered from the
journal (what is read, and how, is server/finished.py), cached, rate-limited per session and
computed off the event loop.
"""

from __future__ import annotations

import asyncio
import contextlib
import sqlite3
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from functools import partial
from pathlib import Path

from seasalt.protocol import (
    ErrorCode,
    Games,
    GetReplay,
    GetStats,
    ListGames,
    ReplayStandIns,
    StandIns,
    Stats,
    encode,
    player_id_of_identity,
)

from .config import Clock, ServerConfig, log
from .finished import (
    FINISHED,
    StatsBuilder,
    finished_games,
    load_replay,
    load_stand_in_moves,
)
from .journal import Journal
from .limits import PeerLimiter, capped_address
from .outbox import Outbox
from .sessions import Session, SessionRegistry

__all__ = [
    "HISTORY_REQUESTS", "Answer", "History", "HistoryKey", "HistoryRequest", "HistoryWorker",
    "StatsBuilder", "answer", "player_id_of_identity",
]

HistoryRequest = ListGames | GetReplay | GetStats
HISTORY_REQUESTS = (ListGames, GetReplay, GetStats)

HistoryKey = tuple[str, int]
"""("games", 0), ("stats", 0) or ("replay", game id): one cached answer."""

_GENERATION = (
    "SELECT COUNT(*), COALESCE(MAX(id), 0), COALESCE(MAX(finished_at), 0),"
    f" COALESCE(SUM(archived), 0) FROM games WHERE {FINISHED}"
)
"""What changes whenever the finished games do (a game ends, one is archived or deleted):
the key that invalidates every cached answer. One small aggregate query per request."""

Generation = tuple[int, ...]
"""A result of :data:`_GENERATION`."""


def generation_of(db: sqlite3.Connection) -> Generation:
    """The finished games' generation as ``db`` sees them now."""
    return tuple(db.execute(_GENERATION).fetchone())


Answer = tuple[bytes, ...]
"""The encoded frames that answer one history request, in the order they are sent."""


def answer(db: sqlite3.Connection, key: HistoryKey, builder: StatsBuilder) -> Answer | None:
    """The encoded answer to one history request (None: no finished game has that id)."""
    kind, game = key
    if kind == "games":
        return (encode(Games(tuple(finished_games(db)))),)
    if kind == "replay":
        replay = load_replay(db, game)
        if replay is None:
            return None
        # The moves a bot made for an absent player just before the replay, when there are
        # any: a client that predates them drops the frame (docs/protocol.md §10).
        moves = load_stand_in_moves(db, game)
        marks = (encode(ReplayStandIns(game, moves)),) if moves else ()
        return (*marks, encode(replay))
    stats, stand_ins = builder.build_all(db)
    # stand_ins before stats: a client that waits for stats has both by then, and one that
    # predates stand_ins drops it (docs/protocol.md §10).
    return (encode(StandIns(stand_ins)), encode(Stats(stats)))


class HistoryWorker:
    """One thread that answers history requests from its own read-only connection to the
    journal (SQLite WAL lets it read while the event loop writes), so game frames never wait
    behind a statistics query. Results come back to the loop with ``call_soon_threadsafe``.

    Each answer is read in a read transaction of its own, ended before the next: a WAL reader
    sees the journal as it was when its transaction began, so a transaction left open (as
    Python's implicit ``BEGIN`` before a refused write on this read-only connection did)
    would freeze every later answer at that moment. The connection is in autocommit mode, so
    nothing but :meth:`_answer` ever begins one.
    """

    def __init__(self, path: str) -> None:
        self._uri = Path(path).absolute().as_uri() + "?mode=ro"
        self._pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix="seasalt-history")
        self._db: sqlite3.Connection | None = None
        """Opened in the worker thread, used only there."""
        self._builder = StatsBuilder()

    def submit(
        self, key: HistoryKey, loop: asyncio.AbstractEventLoop,
        done: Callable[[Generation, Answer | None, list[tuple[int, str]], BaseException | None],
                       None],
    ) -> None:
        """Answer ``key`` in the thread; ``done(generation read, frames, unsaved facts,
        error)`` on the loop."""

        def work() -> None:
            generation: Generation = ()
            result: Answer | None = None
            error: BaseException | None = None
            try:
                generation, result = self._answer(key)
            except BaseException as exc:  # reported on the loop, never lost in the thread
                error = exc
            unsaved = self._builder.take_unsaved()
            with contextlib.suppress(RuntimeError):  # the loop has closed: nobody to tell
                loop.call_soon_threadsafe(done, generation, result, unsaved, error)

        self._pool.submit(work)

    def _answer(self, key: HistoryKey) -> tuple[Generation, Answer | None]:
        if self._db is None:
            self._db = sqlite3.connect(self._uri, uri=True, isolation_level=None)
        db = self._db
        db.execute("BEGIN")  # one snapshot: the answer and the generation it is cached under
        try:
            return generation_of(db), answer(db, key, self._builder)
        finally:
            db.execute("ROLLBACK")  # read only: ends the snapshot, whatever happened

    def close(self) -> None:
        def close_db() -> None:
            if self._db is not None:
                self._db.close()
                self._db = None

        with contextlib.suppress(RuntimeError):
            self._pool.submit(close_db)
        self._pool.shutdown(wait=True, cancel_futures=False)


@dataclass(eq=False, repr=False)
class History:
    """Answers ``list_games``, ``get_replay`` and ``get_stats`` from the journal.

    Cheap by construction, so that a flood of them cannot stall play: each answer is encoded
    once and cached until the finished games change; these requests have their own, much
    lower rate budget (``history_rate``: ``allowed``, a guard server/master.py runs before
    ``on_request``), counted per remote address as the other caps are, so that neither a new
    ``hello`` nor another connection brings a fresh one; and a cache miss is computed in a
    :class:`HistoryWorker` thread, off the event loop (inline only for an in-memory journal,
    which another connection cannot read).
    """

    config: ServerConfig
    clock: Clock
    sessions: SessionRegistry
    outbox: Outbox
    journal: Journal

    def __post_init__(self) -> None:
        self._stats_builder: StatsBuilder | None = None
        self._budgets: PeerLimiter[str] = PeerLimiter(
            self.config.history_rate, self.config.history_burst
        )
        """The history budgets, by remote address (by session for this machine's own, which
        the per-address caps exempt: server/limits.py ``capped_address``)."""
        self._history_worker: HistoryWorker | None = None
        self._history_cache: dict[HistoryKey, tuple[Generation, Answer | None]] = {}
        self._history_waiting: dict[
            tuple[HistoryKey, Generation], list[tuple[Session, bytes]]
        ] = {}
        if self.journal.path != ":memory:" and self.config.history_thread:
            self._history_worker = HistoryWorker(self.journal.path)

    def close(self) -> None:
        if self._history_worker is not None:
            self._history_worker.close()
            self._history_worker = None

    def note_identity(self, peer: bytes, identity: str | None) -> None:
        """After ``hello``: remember the session's player id (statistics key)."""
        session = self.sessions.of_peer(peer)
        if identity is not None and session is not None:
            self.journal.remember_identity(session.token_hash, player_id_of_identity(identity))

    def allowed(self, session: Session, peer: bytes) -> bool:
        """The budget of history requests of the session's remote address (False: refused,
        and told so)."""
        address = capped_address(session.address, self.config.caps_exempt_loopback)
        key = "session " + session.token_hash if address is None else address
        if self._budgets.allow(key, self.clock.now()):
            return True
        where = "" if address is None else f" from {address}"
        self.outbox.error(
            peer, ErrorCode.RATE_LIMITED,
            f"history requests{where}: at most {self.config.history_rate:g} a second",
        )
        return False

    def prune(self, now: float) -> None:
        """Forget the budgets that have refilled (the timers call it)."""
        self._budgets.prune(now)

    def on_request(self, session: Session, peer: bytes, msg: HistoryRequest) -> None:
        """Answer from the cache, inline, or from the worker thread (the rate guard ran)."""
        if isinstance(msg, ListGames):
            key: HistoryKey = ("games", 0)
        elif isinstance(msg, GetReplay):
            key = ("replay", msg.game)
        else:
            key = ("stats", 0)
        generation = generation_of(self.journal.connection)
        cached = self._history_cache.get(key)
        if cached is not None and cached[0] == generation:
            self._deliver(session, peer, key, cached[1])
            return
        loop = _running_loop()
        if self._history_worker is None or loop is None:
            if self._stats_builder is None:
                self._stats_builder = StatsBuilder()
            frame = answer(self.journal.connection, key, self._stats_builder)
            self._remember(key, generation, frame)
            self._deliver(session, peer, key, frame)
            return
        waiting = self._history_waiting.setdefault((key, generation), [])
        waiting.append((session, peer))
        if len(waiting) == 1:  # the first asker starts the work; the others share its answer
            self._history_worker.submit(key, loop, partial(self._answered, key, generation))

    def _answered(
        self, key: HistoryKey, asked: Generation, generation: Generation,
        frame: Answer | None, unsaved: list[tuple[int, str]], error: BaseException | None,
    ) -> None:
        """The worker's answer, read at ``generation`` (its own snapshot) for the askers who
        saw ``asked``: it is cached under what it was read from, so an answer never stands
        for finished games it did not see."""
        waiting = self._history_waiting.pop((key, asked), [])
        if unsaved:  # counted once: the journal keeps them (the thread reads only)
            with contextlib.suppress(sqlite3.Error):
                self.journal.connection.executemany(
                    "INSERT OR REPLACE INTO game_facts VALUES (?,?)", unsaved
                )
        if error is not None:
            log.error("history request %s failed", key, exc_info=error)
            for session, peer in waiting:
                if session.peer == peer:
                    self.outbox.error(
                        peer, ErrorCode.SERVER_ERROR, "history: internal server error",
                    )
            return
        self._remember(key, generation, frame)
        for session, peer in waiting:
            if session.peer == peer:  # still the connection that asked
                self._deliver(session, peer, key, frame)

    def _remember(self, key: HistoryKey, generation: Generation, frame: Answer | None) -> None:
        if key[0] == "replay" and len(self._history_cache) >= _CACHED_ANSWERS:
            # Replays are many and each is asked for rarely: keep the cache bounded.
            for old in [k for k in self._history_cache if k[0] == "replay"][: _CACHED_ANSWERS // 2]:
                del self._history_cache[old]
        self._history_cache[key] = (generation, frame)

    def _deliver(
        self, session: Session, peer: bytes, key: HistoryKey, frames: Answer | None
    ) -> None:
        if frames is None:
            self.outbox.error(peer, ErrorCode.UNKNOWN_TABLE, f"no finished game {key[1]}")
            return
        for frame in frames:
            self.outbox.send_encoded(session, frame)


_CACHED_ANSWERS = 256
"""Cached history answers at most (replays are dropped oldest first past this)."""


def _running_loop() -> asyncio.AbstractEventLoop | None:
    try:
        return asyncio.get_running_loop()
    except RuntimeError:  # a Master driven by a test without an event loop
        return None
