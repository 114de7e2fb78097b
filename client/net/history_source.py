"""Where the history screens get their data: a server (its own short-lived session) or, in
tests, anything with the same three coroutines."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import Protocol, TypeVar

from seasalt.common.names import fit_name
from seasalt.protocol import (
    Error,
    Games,
    GameSummary,
    GetReplay,
    GetStats,
    ListGames,
    PlayerStats,
    Replay,
    ReplayStandIns,
    StandInMove,
    StandIns,
    StandInStats,
    Stats,
    player_id_of_identity,
)

from .connection import Connection
from .connection_types import ConnectFailed, ConnectionClosed
from .security import client_security

A = TypeVar("A")

REQUEST_TIMEOUT = 15.0


class HistoryUnavailable(Exception):
    """The history could not be fetched; the message is for people."""


class HistorySource(Protocol):
    viewer: str | None
    """The player id of whoever looks (their seats read "you" in a replay); None: nobody's."""

    async def list_games(self) -> tuple[GameSummary, ...]: ...
    async def replay(self, game: int) -> Replay: ...
    def stand_ins_of(self, game: int) -> tuple[StandInMove, ...]:
        """The moves a bot made for an absent player in ``game`` (known with its replay)."""
        ...
    async def stats(self) -> tuple[PlayerStats, ...]: ...
    async def close(self) -> None: ...


class ServerHistory:
    """Asks a seasalt server over a session of its own (no seat: it never joins a table)."""

    def __init__(
        self,
        address: str,
        name: str,
        identity: str | None = None,
        timeout: float = REQUEST_TIMEOUT,
        server_key: str | None = None,
    ) -> None:
        self.address = address
        self.server_key = server_key
        """The key of an encrypted server (the one the app's own link uses), or None."""
        self.timeout = timeout
        self.name = name
        self.identity = identity
        self.viewer = player_id_of_identity(identity) if identity else None
        self._conn: Connection | None = None
        self._lock = asyncio.Lock()
        self.stand_ins: tuple[StandInStats, ...] = ()
        """From the last :meth:`stats`: the takeover bots' share, per player id."""
        self._replay_stand_ins: dict[int, tuple[StandInMove, ...]] = {}

    async def _connection(self) -> Connection:
        if self._conn is None:
            try:  # (an encrypted server refuses a plain session: the app's key goes along)
                security = client_security(self.server_key) if self.server_key else None
                conn = Connection(self.address, fit_name(self.name), reconnect=False,
                                  security=security)
            except ValueError as exc:  # not an address, or a key this client cannot use
                raise HistoryUnavailable(str(exc)) from None
            conn.identity = self.identity
            try:
                await conn.connect(timeout=self.timeout)
            except (ConnectFailed, OSError) as exc:
                raise HistoryUnavailable(str(exc)) from None
            self._conn = conn
        return self._conn

    async def _ask(
        self,
        request: ListGames | GetReplay | GetStats,
        answer: type[A],
        on_stand_ins: Callable[[StandIns], None] | None = None,
        on_moves: Callable[[ReplayStandIns], None] | None = None,
    ) -> A:
        async with self._lock:
            kept = self._conn is not None
            try:
                return await self._exchange(
                    await self._connection(), request, answer, on_stand_ins, on_moves)
            except ConnectionClosed as exc:
                self._conn = None
                if not (kept and exc.server_spoke):
                    raise HistoryUnavailable(str(exc)) from None
            # The session kept from an earlier request had gone stale while the screen sat
            # idle (the server restarted: its goodbye, or its "no session", was waiting
            # unread): the question goes to the server as it is now, on a new session.
            try:
                return await self._exchange(
                    await self._connection(), request, answer, on_stand_ins, on_moves)
            except ConnectionClosed as exc:
                self._conn = None
                raise HistoryUnavailable(str(exc)) from None

    async def _exchange(
        self,
        conn: Connection,
        request: ListGames | GetReplay | GetStats,
        answer: type[A],
        on_stand_ins: Callable[[StandIns], None] | None,
        on_moves: Callable[[ReplayStandIns], None] | None,
    ) -> A:
        """Send ``request`` and read until its ``answer``.

        Raises:
            ConnectionClosed: the session is gone (the server stopped or restarted).
            HistoryUnavailable: the server refused, or did not answer in time.
        """
        await conn.send(request)
        loop = asyncio.get_running_loop()
        deadline = loop.time() + self.timeout
        while (left := deadline - loop.time()) > 0:
            message = await conn.recv(timeout=left)
            if isinstance(message, answer):
                return message
            if isinstance(message, StandIns) and on_stand_ins is not None:
                on_stand_ins(message)  # it comes just before stats
            if isinstance(message, ReplayStandIns) and on_moves is not None:
                on_moves(message)  # it comes just before the replay
            if isinstance(message, Error):
                raise HistoryUnavailable(message.message)
        raise HistoryUnavailable("the server did not answer in time")

    async def list_games(self) -> tuple[GameSummary, ...]:
        return (await self._ask(ListGames(), Games)).games

    async def replay(self, game: int) -> Replay:
        """The game's replay; the moves a bot made in it are then :meth:`stand_ins_of` it
        (none from a server that does not send them)."""
        seen: list[ReplayStandIns] = []
        replay = await self._ask(GetReplay(game), Replay, on_moves=seen.append)
        moves = next((m.moves for m in reversed(seen) if m.game == replay.summary.game), ())
        self._replay_stand_ins[game] = moves
        return replay

    def stand_ins_of(self, game: int) -> tuple[StandInMove, ...]:
        return self._replay_stand_ins.get(game, ())

    async def stats(self) -> tuple[PlayerStats, ...]:
        """Every player's statistics; what takeover bots did for them is then in
        :attr:`stand_ins` (empty from a server that does not count it apart)."""
        seen: list[StandIns] = []
        players = (await self._ask(GetStats(), Stats, seen.append)).players
        self.stand_ins = seen[-1].players if seen else ()
        return players

    async def close(self) -> None:
        if self._conn is not None:
            conn, self._conn = self._conn, None
            await conn.close()
