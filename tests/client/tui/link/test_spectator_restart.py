"""A spectator after a server crash (issue 38, defect 3): watching a table, the server is killed
(SIGKILL) and restarted on the same journal. The spectator's board stayed at the pre-crash
state while the game went on, chat and "q Lobby" answered "You have no seat at this table.",
and the players' "1 watching" was gone: watchers were not journalled, so the resumed session
landed in the lobby without the client being told. Now a spectator comes back to the table it
watched, as a seated player comes back to its seat.

A real server process (``ServerProcess``, killed with ``kill -9``), a real spectator app (Pilot,
the real link) and the player as a raw protocol client playing a seeded bot, one move at a
time when the test lets it. Then the client's side of the same family: a server that forgot
the session (the link's ``fresh``), and a ``leave`` answered as from one at no table.
"""

from __future__ import annotations

import asyncio
import contextlib
from pathlib import Path
from typing import Any

import pytest
import zmq.asyncio
from seasalt import protocol as p
from seasalt.bots import get_bot
from seasalt.client.net.intents import SitDown, WatchTable
from seasalt.client.tui.app import SeasaltApp
from seasalt.client.tui.launch_options import LaunchOptions
from seasalt.client.tui.messages import IntentQueued
from seasalt.client.tui.screens.lobby import LobbyScreen
from seasalt.client.tui.screens.table import TableScreen
from seasalt.engine import PlayerView, Rules, new_game, view
from seasalt.protocol import (
    ActionRequest,
    ChatLine,
    Continue,
    Error,
    Joined,
    JoinOrCreate,
    RoundOver,
    Snapshot,
    TableChanged,
    Update,
)
from seasalt.testing.server import RawClient, restartable_server, running_server
from seasalt.testing.tui import QueueLink, toasts
from textual.widgets import Input

pytestmark = pytest.mark.timeout(90)
TABLE = "pier"
SEATS = ("human", "bot:random")


class Player:
    """Ann at seat 0, a seeded bot that moves while ``seq`` is below ``play_to``; what the
    table tells her is kept (how many watch, the chat, refusals)."""

    def __init__(self, client: RawClient) -> None:
        self.client = client
        self.bot = get_bot("random", 7)
        self.play_to = 0
        self.seq = -1
        self.view: PlayerView | None = None
        self.watchers: list[int] = []
        self.chat: list[ChatLine] = []
        self.errors: list[Error] = []
        self._acted = -1

    async def run(self) -> None:
        while True:
            msg = await self.client.recv(timeout=3600)
            if isinstance(msg, Snapshot | Update) and msg.table == TABLE:
                self.view, self.seq = msg.view, msg.seq
            elif isinstance(msg, RoundOver):
                await self.client.send(Continue(TABLE))
            elif isinstance(msg, TableChanged):
                self.watchers.append(msg.info.watchers)
            elif isinstance(msg, ChatLine):
                self.chat.append(msg)
            elif isinstance(msg, Error):
                self.errors.append(msg)
            await self.move()

    async def move(self) -> None:
        view = self.view
        if (view is not None and view.to_act == 0 and view.legal_actions
                and self._acted != self.seq and self.seq < self.play_to):
            self._acted = self.seq
            await self.client.send(ActionRequest(TABLE, self.seq, self.bot.choose(view)))

    async def play_to_seq(self, seq: int, tui: Any) -> None:
        self.play_to = seq
        await self.move()
        await tui.until(lambda: self.seq >= seq, 30.0, f"the game at seq {seq}")


def watched_seq(app: SeasaltApp) -> int:
    screen = app.screen
    if isinstance(screen, TableScreen) and screen.rendered is not None:
        return screen.rendered.seq
    return -1


async def test_a_spectator_comes_back_to_the_table_after_a_server_crash(
    tmp_path: Path, tui: Any
) -> None:
    server = restartable_server(tmp_path / "journal.sqlite3", 5)
    endpoint = server.start()
    address, port = server.address, server.port
    ctx = zmq.asyncio.Context()
    ann = Player(RawClient(ctx, endpoint))
    task: asyncio.Task[None] | None = None
    try:
        token = (await ann.client.hello("Ann")).token
        await ann.client.send(JoinOrCreate(TABLE, SEATS))
        assert (await ann.client.expect(Joined)).seat == 0
        task = asyncio.ensure_future(ann.run())
        await ann.play_to_seq(6, tui)
        sam = SeasaltApp(LaunchOptions(address=address, name="Sam"))
        async with sam.run_test(size=(100, 30)):
            said = toasts(sam)
            await tui.until(lambda: isinstance(sam.screen, LobbyScreen), 20.0, "Sam's lobby")
            sam.post_message(IntentQueued(WatchTable(TABLE)))
            await tui.until(lambda: watched_seq(sam) >= ann.seq, 20.0, "Sam watching")
            await tui.until(lambda: ann.watchers[-1:] == [1], 10.0, "Ann told of Sam")
            before = ann.seq

            task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await task
            server.kill()
            server.start(port=port)
            ann.client.close()
            ann.client = RawClient(ctx, endpoint)
            ann.watchers.clear()
            assert (await ann.client.resume(token)).resumed
            task = asyncio.ensure_future(ann.run())

            # The game goes on after the restart, and the spectator sees it.
            await ann.play_to_seq(before + 12, tui)
            await tui.until(lambda: watched_seq(sam) >= ann.seq, 30.0,
                            "Sam's board following the game after the restart")
            await tui.until(lambda: ann.watchers[-1:] == [1], 10.0, "Ann told Sam watches")
            # The spectator talks at the table, as before the crash.
            table = sam.screen
            assert isinstance(table, TableScreen)
            await tui.key(sam, "t")
            await tui.until(lambda: isinstance(table.focused, Input))
            await tui.key(sam, "h", "i", "enter")
            await tui.until(lambda: any(line.text == "hi" for line in ann.chat), 10.0,
                            "Sam's chat line at Ann's")
            assert [(line.name, line.seat) for line in ann.chat] == [("Sam", None)]
            await tui.key(sam, "escape")
            await tui.until(lambda: table.focused is None)
            # ...and goes back to the lobby with q.
            await tui.key(sam, "q")
            await tui.until(lambda: isinstance(sam.screen, LobbyScreen), 10.0, "Sam's lobby")
            await tui.until(lambda: ann.watchers[-1:] == [0], 10.0, "Ann told Sam left")
            assert not any("no seat" in words for words in said), said
            assert sam.is_running and sam.return_code is None
        assert not ann.errors, ann.errors
    finally:
        if task is not None:
            task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await task
        ann.client.close()
        ctx.destroy(linger=0)
        if server.proc is not None and server.proc.poll() is None:
            assert server.terminate() == 0


async def test_a_server_that_forgot_the_session_sends_player_and_spectator_to_the_lobby(
    tui: Any
) -> None:
    """The server comes back without our session (restarted on another journal): the client
    opens a new one, at no table. The table screens showed the old game for good (the link's
    "fresh" never reached the screens); now both go back to the lobby, the player told."""
    async with running_server() as server:
        address = server.local_endpoint.removeprefix("tcp://")
        port = server.port
        ann = SeasaltApp(LaunchOptions(address=address, name="Ann"))
        sam = SeasaltApp(LaunchOptions(address=address, name="Sam"))
        async with ann.run_test(size=(100, 30)), sam.run_test(size=(100, 30)):
            said = toasts(ann)
            await tui.until(lambda: isinstance(ann.screen, LobbyScreen)
                            and isinstance(sam.screen, LobbyScreen))
            ann.post_message(IntentQueued(SitDown(TABLE, SEATS, False, False)))
            await tui.until_table(ann)
            sam.post_message(IntentQueued(WatchTable(TABLE)))
            await tui.until_table(sam)
            await server.stop()
            async with running_server(port=port):  # a new in-memory journal
                for app in (ann, sam):
                    await tui.until(lambda app=app: isinstance(app.screen, LobbyScreen), 20.0,
                                    "the lobby of the server that forgot us")
                    assert app.session.table is None
                assert any(f"The server no longer knows your session: your seat at {TABLE} is "
                           "lost." in words for words in said), said


class NotThereLink(QueueLink):
    """A watched table; the "server" answers ``leave`` as one that has us at no table."""

    watching = False

    async def send(self, message: Any) -> None:
        if isinstance(message, p.ListTables) and self.watching:
            await self.inbox.put(p.Tables(()))
        elif isinstance(message, p.ListTables):
            self.watching = True
            state = new_game(Rules(2), 2)
            await self.inbox.put(p.Joined("t", None))
            await self.inbox.put(p.Snapshot("t", 0, view(state, None)))
        elif isinstance(message, p.Leave):
            await self.inbox.put(p.Error(p.ErrorCode.NOT_SEATED, "you are not at a table"))


async def test_q_brings_the_lobby_when_the_server_has_us_at_no_table(tui: Any) -> None:
    """Client and server disagree (the client missed a ``left``): q still brings the lobby,
    where it answered "You have no seat at this table." for good."""
    app = SeasaltApp(LaunchOptions(address="lan:7327", name="Sam"),
                     link_factory=lambda _a, _n: NotThereLink())
    async with app.run_test(size=(100, 30)):
        said = toasts(app)
        await tui.until_table(app)
        await tui.key(app, "q")
        await tui.until(lambda: isinstance(app.screen, LobbyScreen) or bool(said), 10.0,
                        "the lobby (or a refusal)")
        assert not said and app.session.table is None
