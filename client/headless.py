"""The headless player: joins or creates a table, lets a bot play one seat, prints the result.

Several headless players that ask for the same table with the same ``players`` and options send
identical ``join_or_create`` requests (every seat ``human``), so they fill one table and the game
starts when the last one arrives. No Textual here.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import secrets
import signal
import sys
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import TextIO

from seasalt.bots import get_bot
from seasalt.bots.base import Bot
from seasalt.client.net.connection import Connection
from seasalt.client.net.connection_types import ConnectFailed, ConnectionClosed, LinkEvent
from seasalt.client.net.intents import DoneReading, Play, SitDown
from seasalt.client.net.link_timing import LinkTiming
from seasalt.client.net.security import ClientSecurity, client_security
from seasalt.client.net.session import ClientSession
from seasalt.common.files import open_private
from seasalt.common.names import fit_name
from seasalt.engine import Action, PlayerView
from seasalt.protocol import (
    HUMAN,
    Away,
    ErrorCode,
    GameOver,
    Joined,
    RoundOver,
    ServerMessage,
    Snapshot,
    TableChanged,
    TableState,
    Update,
)
from seasalt.protocol import Error as ErrorMessage

EXIT_OK = 0
EXIT_FAILED = 1
"""The server went away for good, the session was taken over, or the bot kept being refused."""
EXIT_NO_SERVER = 3
EXIT_TABLE_REFUSED = 4

_REFUSALS = (
    ErrorCode.TABLE_MISMATCH,
    ErrorCode.TABLE_FULL,
    ErrorCode.TABLE_RUNNING,
    ErrorCode.BAD_REQUEST,
    ErrorCode.ALREADY_SEATED,
    ErrorCode.UNKNOWN_TABLE,
)
_MAX_REFUSED_ACTIONS = 5


class HeadlessFailed(Exception):
    """The headless player cannot go on; ``exit_code`` says why (the message is for people)."""

    def __init__(self, exit_code: int, message: str) -> None:
        super().__init__(message)
        self.exit_code = exit_code


@dataclass(frozen=True)
class HeadlessOptions:
    """What ``seasalt-client HOST --bot LEVEL ...`` asked for."""

    address: str
    level: str
    name: str | None = None
    table: str = "lan"
    players: int = 2
    extra_salt: bool = False
    double_target: bool = False
    extra_pepper: bool = False
    """The Extra Pepper event cards (RULES §12): a table option, compared on a join."""
    target: int = 0
    """The points that end the game (0: the standard, or double with ``double_target``)."""
    delay: float = 0.0
    """Seconds to wait before each move, so people can follow."""
    seed: int | None = None
    """Seeds this player's bot only (None: a random seed)."""
    connect_timeout: float = 10.0
    token_file: Path | None = None
    """Keep the session token here, so a restarted player resumes its seat."""
    reconnect_for: float = 300.0
    """Seconds to keep trying to get back to a lost server."""
    server_key: str | None = None
    """The server's CURVE public key (``--server-key``): connect encrypted."""


@dataclass
class GameSummary:
    """How the game ended, from this player's side."""

    table: str
    seat: int | None
    scores: tuple[int, ...]
    winners: tuple[int, ...]
    standings: tuple[int, ...]
    names: dict[int, str] = field(default_factory=dict)
    rounds: int = 0
    seq: int = 0

    def lines(self) -> list[str]:
        """The final scores as printed."""
        out = [f"game over at table {self.table!r} after {self.rounds} round(s), seq {self.seq}"]
        for place, seat in enumerate(self.standings, 1):
            name = self.names.get(seat, "?")
            you = " (this player)" if seat == self.seat else ""
            won = "  winner" if seat in self.winners else ""
            out.append(f"{place}. seat {seat} {name}{you}: {self.scores[seat]}{won}")
        out.append("scores: " + " ".join(str(s) for s in self.scores))
        return out


def default_name(level: str) -> str:
    """A name that tells headless players apart: ``LEVEL-bot-PID``."""
    return fit_name(f"{level}-bot-{os.getpid()}")


def _read_token(path: Path | None) -> str | None:
    if path is None:
        return None
    try:
        text = path.read_text().strip()
    except FileNotFoundError:
        return None
    except OSError as e:
        raise HeadlessFailed(EXIT_FAILED, f"cannot read the token file {path}: {e}") from None
    return text or None


def _write_token(path: Path | None, token: str | None) -> None:
    if path is None or token is None:
        return
    try:
        with open_private(str(path), "w") as f:  # created 0600: never readable by others
            f.write(token + "\n")
    except OSError as e:
        raise HeadlessFailed(EXIT_FAILED, f"cannot write the token file {path}: {e}") from None


def _security(server_key: str | None) -> ClientSecurity | None:
    if server_key is None:
        return None
    try:
        return client_security(server_key)
    except ValueError as e:
        raise HeadlessFailed(EXIT_FAILED, str(e)) from None


class HeadlessPlayer:
    """Plays one seat to the end of a game with a bot of ``options.level``."""

    def __init__(
        self,
        options: HeadlessOptions,
        *,
        err: TextIO = sys.stderr,
        connection: Connection | None = None,
    ) -> None:
        self.options = options
        self.err = err
        try:
            self.bot: Bot = get_bot(
                options.level,
                options.seed if options.seed is not None else secrets.randbelow(2**31),
            )
        except ValueError as e:
            raise HeadlessFailed(EXIT_FAILED, str(e)) from None
        self.conn = connection or Connection(
            options.address,
            options.name or default_name(options.level),
            token=_read_token(options.token_file),
            timing=LinkTiming(give_up_after=options.reconnect_for),
            security=_security(options.server_key),
            session=ClientSession(),
        )
        if self.conn.session is None:
            self.conn.session = ClientSession()
        self.session: ClientSession = self.conn.session
        """Where this player is (table, seat, seq, view): the connection feeds it."""
        self.names: dict[int, str] = {}
        self.rounds = 0
        self._acted_seq: int | None = None
        self._act_at: float | None = None
        self._refused_actions = 0
        self._joined = False
        self.table_state: TableState | None = None
        """From ``table`` messages: moves are sent only while the game runs."""

    def say(self, text: str) -> None:
        print(f"seasalt-client: {text}", file=self.err, flush=True)

    async def run(self) -> GameSummary:
        """Connect, join, play to the end.

        Raises:
            HeadlessFailed: no server, table refused, or the server gone for good.
        """
        opts = self.options
        if self.conn.security is not None:
            key = self.conn.security.public.decode("ascii")
            self.say(f"encrypted; this client's public key (for a server's --allow-keys): {key}")
        try:
            welcome = await self.conn.connect(timeout=opts.connect_timeout)
        except ConnectFailed as e:
            raise HeadlessFailed(EXIT_NO_SERVER, str(e)) from None
        _write_token(opts.token_file, welcome.token)
        if welcome.resumed:
            self.say("resumed the previous session")
        try:
            await self._join()
            return await self._play()
        except ConnectionClosed as e:
            raise HeadlessFailed(EXIT_FAILED, str(e)) from None
        except asyncio.CancelledError:
            await self._say_away()  # stopped on purpose (Ctrl-C, SIGTERM: ``play``)
            raise
        finally:
            with contextlib.suppress(Exception):
                await self.conn.close()

    async def _say_away(self) -> None:
        """As the TUI's quit does: in a game, tell the server this player is going, so that a
        bot takes the seat now rather than after the takeover delay (the seat stays this
        session's: the same ``--token-file`` resumes it). Waits while the link works
        (client/net/dealer_socket.py ``AWAY_WAIT``)."""
        if self.session.seat is None or self.table_state in (
            TableState.WAITING, TableState.FINISHED,
        ):
            return
        said = False
        with contextlib.suppress(Exception):
            said = await self.conn.send(Away())
        if said:
            self.say("stopped: a bot plays this seat until this session comes back")
        else:  # (the link was down: a stop does not wait for a server that may not return)
            self.say("stopped, but the server was out of reach and was not told: a bot plays "
                     "this seat once it notices this session is gone")

    async def _join(self) -> None:
        opts = self.options
        await self.conn.request(
            SitDown(opts.table, (HUMAN,) * opts.players, opts.extra_salt, opts.double_target,
                    target=opts.target, extra_pepper=opts.extra_pepper)
        )

    async def _play(self) -> GameSummary:
        loop = asyncio.get_running_loop()
        while True:
            timeout = None if self._act_at is None else max(0.0, self._act_at - loop.time())
            message = await self.conn.recv(timeout)
            if message is not None:
                done = await self._handle(message)
                if done is not None:
                    return done
            await self._maybe_act()

    def _elsewhere(self, message: ServerMessage | LinkEvent) -> bool:
        """Whether ``message`` is about another table than ours. A kept token may resume a
        session still at the table of an earlier game (over, or left by a crash): its
        snapshot must not end this player's game at another table before it starts."""
        if isinstance(message, TableChanged):
            return message.info.name != self.options.table
        if isinstance(message, Joined | Snapshot | Update | RoundOver | GameOver):
            return message.table != self.options.table
        return False

    async def _handle(self, message: ServerMessage | LinkEvent) -> GameSummary | None:
        conn, session = self.conn, self.session
        if self._elsewhere(message):
            return None
        if isinstance(message, LinkEvent):
            self.say(f"connection {message.state}: {message.detail}")
            if message.state == "resumed":
                _write_token(self.options.token_file, conn.token)
                # Ask for the table again: rejoins our seat, or a refusal ends this player
                # (the server forgot us and the game went on without this session).
                self._joined = False
                await self._join()
        elif isinstance(message, Joined):
            if message.seat is None:
                raise HeadlessFailed(EXIT_TABLE_REFUSED, f"no seat at {message.table!r}")
            if not self._joined:
                self.say(f"seated at table {message.table!r} as seat {message.seat}")
            self._joined = True
        elif isinstance(message, TableChanged):
            for i, seat in enumerate(message.info.seats):
                self.names[i] = seat.name or seat.kind
            self.table_state = message.info.state
        elif isinstance(message, Snapshot):
            self._acted_seq = None  # authoritative: re-decide if it is still our turn
            if message.view.is_over:
                return self._summary_from_view(message.view, message.seq)
        elif isinstance(message, Update):
            self.rounds = message.view.round
        elif isinstance(message, RoundOver):
            if session.seat is not None and session.seat in message.waiting:
                await conn.request(DoneReading())
        elif isinstance(message, GameOver):
            return GameSummary(
                message.table, session.seat, message.scores, message.winners, message.standings,
                dict(self.names), self._rounds_played(), message.seq,
            )
        elif isinstance(message, ErrorMessage):
            self._on_error(message)
        return None

    def _on_error(self, message: ErrorMessage) -> None:
        if not self._joined and message.code in _REFUSALS:
            raise HeadlessFailed(EXIT_TABLE_REFUSED, f"the table does not fit: {message.message}")
        if message.code is ErrorCode.SESSION_REPLACED:
            raise HeadlessFailed(EXIT_FAILED, "another client resumed this session")
        if message.code in (ErrorCode.ILLEGAL_ACTION, ErrorCode.NOT_YOUR_TURN):
            self._refused_actions += 1
            if self._refused_actions > _MAX_REFUSED_ACTIONS:
                raise HeadlessFailed(EXIT_FAILED, f"the server keeps refusing: {message.message}")
        self.say(f"server says {message.code.value}: {message.message}")

    def _rounds_played(self) -> int:
        view = self.session.view
        return view.round if view is not None else self.rounds

    def _summary_from_view(self, view: PlayerView, seq: int) -> GameSummary:
        # The game ended while this player was away: rank as the engine does (total, then the
        # last round's points; RULES §8.3), winners first.
        standings = tuple(
            sorted(
                range(len(view.scores)),
                key=lambda s: (-view.scores[s], -view.seats[s].last_round_score, s),
            )
        )
        if view.winners:
            standings = view.winners + tuple(s for s in standings if s not in view.winners)
        return GameSummary(
            self.session.table or self.options.table, self.session.seat, view.scores, view.winners,
            standings, dict(self.names), view.round, seq,
        )

    async def _maybe_act(self) -> None:
        conn, session = self.conn, self.session
        view = session.view
        mine = (
            view is not None
            and conn.connected
            and view.seat is not None
            and view.to_act == view.seat
            and bool(view.legal_actions)
            and session.seq != self._acted_seq
            and self.table_state in (TableState.RUNNING, TableState.ROUND_OVER)
        )
        if not mine or view is None:
            self._act_at = None
            return
        loop = asyncio.get_running_loop()
        if self._act_at is None:
            self._act_at = loop.time() + self.options.delay
        if loop.time() < self._act_at:
            return
        self._act_at = None
        seq = session.seq
        action = await self._decide(view)
        if session.seq == seq and await conn.request(Play(action)):
            self._acted_seq = seq

    async def _decide(self, view: PlayerView) -> Action:
        # The bot may think for a while (expert): it runs in a thread, and the link is kept
        # alive meanwhile so the server does not count this player as gone.
        thinking = asyncio.ensure_future(asyncio.to_thread(self.bot.choose, view))
        while not thinking.done():
            await asyncio.wait({thinking}, timeout=self.conn.heartbeat_interval / 2)
            await self.conn.keep_alive()
        return thinking.result()


async def play(options: HeadlessOptions, *, err: TextIO = sys.stderr) -> GameSummary:
    """Play one game headless (see :class:`HeadlessPlayer`). SIGTERM stops it as Ctrl-C does
    (``asyncio.run`` cancels this task on SIGINT): the player says it is going first."""
    player = HeadlessPlayer(options, err=err)
    with _cancelled_by(signal.SIGTERM):
        return await player.run()


@contextlib.contextmanager
def _cancelled_by(signum: int) -> Iterator[None]:
    """While inside, the signal cancels the running task (SIGTERM's default ends the process
    at once, with nothing said)."""
    loop, task = asyncio.get_running_loop(), asyncio.current_task()
    added = False
    if task is not None:
        # (not Unix, or not the main thread: nothing to add, the default stays)
        with contextlib.suppress(NotImplementedError, RuntimeError, ValueError):
            loop.add_signal_handler(signum, task.cancel)
            added = True
    try:
        yield
    finally:
        if added:
            loop.remove_signal_handler(signum)


def run(options: HeadlessOptions, *, out: TextIO = sys.stdout, err: TextIO = sys.stderr) -> int:
    """Play one game, print the final scores; the process exit code."""
    try:
        summary = asyncio.run(play(options, err=err))
    except HeadlessFailed as e:
        print(f"seasalt-client: error: {e}", file=err, flush=True)
        return e.exit_code
    except KeyboardInterrupt:
        print("seasalt-client: interrupted", file=err, flush=True)
        return 130
    except asyncio.CancelledError:  # SIGTERM (see ``play``)
        print("seasalt-client: stopped", file=err, flush=True)
        return 128 + signal.SIGTERM
    for line in summary.lines():
        print(line, file=out, flush=True)
    return EXIT_OK
