"""Real LAN play as people play it (issue 13, the client's defects 1, 2, 3, 11 and 12).

Apps are real Textual apps (``run_test``) on real sockets to an in-process server on
127.0.0.1:0, except where a refusal or a silent server has to be staged (a fake link). Every
test keeps its own user data dir (XDG_DATA_HOME), where the client keeps its session tokens.
"""

from __future__ import annotations

import asyncio
import os
import stat
from pathlib import Path
from typing import Any

import pytest
from seasalt import protocol as p
from seasalt.client.files import tokens
from seasalt.client.net.intents import Play, SitDown, WatchTable
from seasalt.client.tui.app import SeasaltApp
from seasalt.client.tui.launch_options import LaunchOptions
from seasalt.client.tui.messages import IntentQueued
from seasalt.client.tui.screens.dialogs import ConfirmDialog
from seasalt.client.tui.screens.help import HelpScreen
from seasalt.client.tui.screens.lobby import LobbyScreen
from seasalt.client.tui.screens.result import RoundResultScreen
from seasalt.client.tui.screens.start import SoloPlan
from seasalt.client.tui.screens.table import PENDING_TIMEOUT, TableScreen
from seasalt.client.tui.widgets.actions import ActionList
from seasalt.engine import DrawFromDeck, Rules, apply, new_game, view
from seasalt.testing.server import running_server
from seasalt.testing.tui import QueueLink

pytestmark = pytest.mark.timeout(90)
DUO = ("human", "human")


@pytest.fixture(autouse=True)
def data_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    home = tmp_path / "data"
    monkeypatch.setenv("XDG_DATA_HOME", str(home))
    return home


def join(app: SeasaltApp, table: str = "duo", seats: tuple[str, ...] = DUO) -> None:
    app.post_message(IntentQueued(SitDown(table, tuple(seats), False, False)))


def actions_sent(app: SeasaltApp) -> list[Any]:
    return [i.action for i in app.sent if isinstance(i, Play)]


def lobby_up(app: SeasaltApp) -> bool:
    return isinstance(app.screen, LobbyScreen)


def at_seq(app: SeasaltApp, seq: int) -> bool:
    screen = app.screen
    return (isinstance(screen, TableScreen) and screen.rendered is not None
            and screen.rendered.seq >= seq)


# --- defect 1: a refused action frees the input; whoever is to act can act ----------------------


async def test_keys_pressed_in_the_waiting_room_never_block_the_first_turn(tui) -> None:
    async with running_server() as server:
        address = server.local_endpoint.removeprefix("tcp://")
        ann = SeasaltApp(LaunchOptions(address=address, name="Ann"))
        bob = SeasaltApp(LaunchOptions(address=address, name="Bob"))
        async with ann.run_test(size=(100, 30)), bob.run_test(size=(100, 30)):
            await tui.until(lambda: lobby_up(ann) and lobby_up(bob))
            join(ann)
            await tui.until(lambda: isinstance(ann.screen, TableScreen)
                            and "1 free seat of 2" in tui.text(ann))
            for key in "d1d2ed":  # the impatient creator, alone at the table
                await tui.key(ann, key)
            await tui.until(lambda: "waiting for players" in tui.text(ann))
            assert actions_sent(ann) == []
            assert "Your turn" not in tui.text(ann)
            join(bob)
            await tui.until(lambda: at_seq(ann, 0) and at_seq(bob, 0))
            frame = ann.flow.frame
            assert frame is not None
            mover = ann if frame.view.to_act == frame.view.seat else bob
            screen = mover.screen
            assert isinstance(screen, TableScreen)
            await tui.until(lambda: screen.ready, timeout=10)
            draw = next(c for c in screen.query_one(ActionList).choices
                        if isinstance(c.action, DrawFromDeck))
            await tui.key(mover, draw.key)
            await tui.until(lambda: at_seq(ann, 1) and at_seq(bob, 1), timeout=10)
            assert actions_sent(mover) == [DrawFromDeck()]


class RefusingLink(QueueLink):
    """Seat 0 of a fixed game; refuses the first action (as a server may) then accepts."""

    def __init__(self, code: p.ErrorCode | None = p.ErrorCode.ILLEGAL_ACTION) -> None:
        self.state = new_game(Rules(2), 5)
        while self.state.to_act != 0:
            first = view(self.state, self.state.to_act).legal_actions[0]
            self.state = apply(self.state, first).state
        self.code = code
        """None: the first action gets no answer at all (a lost frame)."""
        self.inbox: asyncio.Queue[Any] = asyncio.Queue()
        self.sent: list[Any] = []
        self.seq = 0

    def info(self) -> p.TableInfo:
        seats = (p.SeatInfo("human", "Ann", True, False), p.SeatInfo("human", "Bob", True, False))
        return p.TableInfo("t", seats, False, False, p.TableState.RUNNING, 1)

    async def send(self, message: Any) -> None:
        self.sent.append(message)
        if isinstance(message, p.ListTables):
            await self.inbox.put(p.Joined("t", 0))
            await self.inbox.put(p.TableChanged(self.info()))
            await self.inbox.put(p.Snapshot("t", self.seq, view(self.state, 0)))
        elif isinstance(message, p.ActionRequest):
            if sum(isinstance(m, p.ActionRequest) for m in self.sent) == 1:
                if self.code is not None:
                    await self.inbox.put(p.Error(self.code, "refused", "t"))
                return
            self.state = apply(self.state, message.action).state
            self.seq += 1
            await self.inbox.put(p.Update("t", self.seq, view(self.state, 0), ()))
        elif isinstance(message, p.Sync):
            await self.inbox.put(p.Snapshot("t", self.seq, view(self.state, 0)))


def refusing_app(link: RefusingLink) -> SeasaltApp:
    return SeasaltApp(LaunchOptions(address="lan:7327", name="Ann"),
                      link_factory=lambda _a, _n: link)


@pytest.mark.parametrize("code", [p.ErrorCode.ILLEGAL_ACTION, p.ErrorCode.NOT_YOUR_TURN,
                                  p.ErrorCode.RATE_LIMITED])
async def test_a_refused_action_frees_the_input_at_once(tui, code: p.ErrorCode) -> None:
    link = RefusingLink(code)
    app = refusing_app(link)
    async with app.run_test(size=(100, 30)):
        await tui.until(lambda: isinstance(app.screen, TableScreen) and app.screen.ready)
        screen = app.screen
        assert isinstance(screen, TableScreen)
        await tui.key(app, "d")
        await tui.until(lambda: any(isinstance(m, p.Error) for m in [*link.sent]) or
                        sum(isinstance(m, p.ActionRequest) for m in link.sent) == 1)
        await tui.until(lambda: screen.ready)  # the refusal freed the input, same frame
        await tui.key(app, "d")
        await tui.until(lambda: at_seq(app, 1))
        assert actions_sent(app) == [DrawFromDeck(), DrawFromDeck()]


async def test_an_action_that_gets_no_answer_frees_the_input_after_the_timeout(tui) -> None:
    link = RefusingLink(None)
    app = refusing_app(link)
    now = [100.0]
    app.clock = lambda: now[0]
    async with app.run_test(size=(100, 30)):
        await tui.until(lambda: isinstance(app.screen, TableScreen) and app.screen.ready)
        screen = app.screen
        assert isinstance(screen, TableScreen)
        await tui.key(app, "d")
        await tui.until(lambda: len(actions_sent(app)) == 1)
        await tui.key(app, "d")  # still pending: the same key is not sent twice
        now[0] += PENDING_TIMEOUT / 2
        await tui.key(app, "d")
        assert len(actions_sent(app)) == 1 and not screen.ready
        now[0] += PENDING_TIMEOUT  # the last resort: free the input, ask for a snapshot
        await tui.key(app, "d")
        await tui.until(lambda: at_seq(app, 1))
        assert any(isinstance(m, p.Sync) for m in link.sent)
        assert actions_sent(app) == [DrawFromDeck(), DrawFromDeck()]


# --- defect 2: a real waiting room ------------------------------------------------------------


async def test_the_waiting_room_shows_the_seats_and_then_the_game_starts(tui) -> None:
    seats = ("human", "human", "bot:random")
    async with running_server() as server:
        address = server.local_endpoint.removeprefix("tcp://")
        ann = SeasaltApp(LaunchOptions(address=address, name="Ann"))
        bob = SeasaltApp(LaunchOptions(address=address, name="Bob"))
        async with ann.run_test(size=(100, 30)), bob.run_test(size=(100, 30)):
            await tui.until(lambda: lobby_up(ann) and lobby_up(bob))
            join(ann, "three", seats)
            await tui.until(lambda: "1 free seat of 3" in tui.text(ann))
            text = tui.text(ann)
            assert "Seated: Ann, Bot 3 (bot random)" in text
            assert "The game starts when every seat is taken." in text
            assert "The server runs on this machine" in text  # a loopback address
            for absent in ("Your turn", "Round 1", "Waiting for", "(free seat)", "offline"):
                assert absent not in text, absent
            assert not ann.screen.query_one(ActionList).choices
            join(bob, "three", seats)
            await tui.until(lambda: at_seq(ann, 0) and at_seq(bob, 0))
            screen = ann.screen
            assert isinstance(screen, TableScreen)
            assert screen.waiting is None
            assert "Every seat is taken: the game starts!" in screen.notices
            assert "waiting for players" not in tui.text(ann)


# --- defect 3: tokens kept per server; a restarted client is back in its seat -------------------


def test_the_token_file_is_owner_only_per_address_and_name(data_home: Path) -> None:
    assert tokens.tokens_path() == data_home / "seasalt" / "sessions.json"  # read at call time
    assert tokens.save("10.0.0.2:7327", "Ann", tokens.Kept("tok-A", "duo", 0))
    assert tokens.save("10.0.0.2:7327", "Bob", tokens.Kept("tok-B"))
    path = tokens.tokens_path()
    assert stat.S_IMODE(os.stat(path).st_mode) == 0o600
    assert tokens.load("10.0.0.2:7327", "Ann") == tokens.Kept("tok-A", "duo", 0)
    assert tokens.load("10.0.0.2:7327", "Bob") == tokens.Kept("tok-B")
    assert tokens.load("10.0.0.3:7327", "Ann") is None
    assert [f.name for f in path.parent.iterdir() if f.name.endswith(".tmp")] == []
    path.write_text("{not json")
    assert tokens.load("10.0.0.2:7327", "Ann") is None  # a bad file is ignored, not fatal
    first = tokens.claim("10.0.0.2:7327", "Ann")
    assert first.held and not tokens.claim("10.0.0.2:7327", "Ann").held
    first.release()
    again = tokens.claim("10.0.0.2:7327", "Ann")
    assert again.held
    again.release()
    assert [f.name for f in path.parent.iterdir() if f.name.endswith(".lock")] == []


@pytest.mark.parametrize("how", ["killed", "quit"])
async def test_a_restarted_client_is_back_in_its_seat(tui, how: str) -> None:
    async with running_server() as server:
        address = server.local_endpoint.removeprefix("tcp://")
        bob = SeasaltApp(LaunchOptions(address=address, name="Bob"))
        async with bob.run_test(size=(100, 30)):
            ann = SeasaltApp(LaunchOptions(address=address, name="Ann"))
            async with ann.run_test(size=(100, 30)):
                await tui.until(lambda: lobby_up(ann) and lobby_up(bob))
                join(ann)
                await tui.until(lambda: ann.session.table == "duo")
                join(bob)
                await tui.until(lambda: at_seq(ann, 0) and at_seq(bob, 0))
                seat = ann.session.seat
                kept = tokens.load(address, "Ann")
                assert kept is not None and (kept.table, kept.seat) == ("duo", seat)
                if how == "quit":
                    await tui.key(ann, "q")
                    await tui.until(lambda: isinstance(ann.screen, ConfirmDialog))
                    dialog = ann.screen
                    assert isinstance(dialog, ConfirmDialog)
                    assert dialog.question.endswith(
                        f"To take your seat back, run:\nseasalt-client {address} --name Ann")
                    await tui.key(ann, "y")
                    await tui.until(lambda: ann.return_code is not None)
                # "killed": the app simply ends here, with no goodbye to the server.
            again = SeasaltApp(LaunchOptions(address=address, name="Ann"))
            async with again.run_test(size=(100, 30)):
                # Straight back to the seat: no lobby, no join.
                await tui.until(lambda: at_seq(again, 0), timeout=15)
                assert again.session.seat == seat and again.flow.frame is not None
                assert again.flow.frame.view.seat == seat
                assert not any(isinstance(i, SitDown) for i in again.sent)
                info = server.master.tables["duo"] if server.master else None
                assert info is not None and not info.seats[seat].bot_playing


async def test_the_lobby_marks_the_table_where_you_hold_a_seat(tui) -> None:
    from textual.app import App

    running = p.TableInfo("duo", (p.SeatInfo("human", "Ann", False, True),
                                  p.SeatInfo("human", "Bob", True, False)),
                          False, False, p.TableState.RUNNING, 2)
    from seasalt.client.tui.bridge import summary_from_info

    class Host(App[None]):
        def on_mount(self) -> None:
            lobby = LobbyScreen("Ann", "10.0.0.2:7327", held="duo")
            lobby.tables = (summary_from_info(running),)
            self.push_screen(lobby)

    app = Host()
    async with app.run_test(size=(100, 30)):
        await tui.until(lambda: "your seat — rejoin" in tui.text(app))


async def test_the_quit_dialog_promises_a_return_only_when_there_is_one(tui) -> None:
    link = RefusingLink()
    app = refusing_app(link)
    async with app.run_test(size=(120, 30)):
        await tui.until(lambda: isinstance(app.screen, TableScreen) and app.screen.ready)
        assert app.quitting.quit_question().endswith("run:\nseasalt-client lan:7327 --name Ann")
        app.plan = SoloPlan("Ann", 2, "greedy", False, False)
        # e.g. a temporary journal: another solo client has the kept one
        app.own.solo_resumable = False
        await tui.key(app, "q")
        await tui.until(lambda: isinstance(app.screen, ConfirmDialog))
        dialog = app.screen
        assert isinstance(dialog, ConfirmDialog)
        assert "cannot be resumed" in dialog.question
        assert "until you come back" not in dialog.question
        await tui.key(app, "n")
        app.own.solo_resumable = True  # the solo journal and its seat token are kept
        assert "is kept" in app.quitting.quit_question()


# --- defect 11: spectators -------------------------------------------------------------------


async def test_q_while_watching_goes_back_to_the_lobby_and_players_are_told(tui) -> None:
    async with running_server() as server:
        address = server.local_endpoint.removeprefix("tcp://")
        ann = SeasaltApp(LaunchOptions(address=address, name="Ann"))
        zoe = SeasaltApp(LaunchOptions(address=address, name="Zoe"))
        async with ann.run_test(size=(100, 30)), zoe.run_test(size=(100, 30)):
            await tui.until(lambda: lobby_up(ann) and lobby_up(zoe))
            join(ann, "kitchen", ("human", "bot:random"))
            await tui.until(lambda: at_seq(ann, 0))
            zoe.post_message(IntentQueued(WatchTable("kitchen")))
            await tui.until(lambda: isinstance(zoe.screen, TableScreen)
                            and zoe.screen.rendered is not None)
            table = ann.screen
            assert isinstance(table, TableScreen)
            await tui.until(lambda: "Someone is watching this table." in table.notices)
            await tui.until(lambda: "1 watching" in tui.text(ann))
            watching = zoe.screen
            assert isinstance(watching, TableScreen)
            await tui.until(lambda: watching.watchers == 1)
            # The spectator is not told about itself (QA: its first table info counts it).
            assert "Someone is watching this table." not in watching.notices
            await tui.key(zoe, "q")
            await tui.until(lambda: lobby_up(zoe))
            assert zoe.return_code is None and zoe.is_running  # still in the app
            await tui.until(lambda: "A spectator left this table." in table.notices)


class SpectatorLink(QueueLink):
    """A watched table whose round just ended; the test pushes the next round's update."""

    def __init__(self) -> None:
        state = new_game(Rules(2), 2)
        while state.round == 1:
            state = apply(state, view(state, state.to_act).legal_actions[0]).state
        self.state = state
        self.inbox: asyncio.Queue[Any] = asyncio.Queue()

    async def send(self, message: Any) -> None:
        if isinstance(message, p.ListTables):
            assert self.state.last_result is not None
            await self.inbox.put(p.Joined("t", None))
            await self.inbox.put(p.Snapshot("t", 40, view(self.state, None)))
            await self.inbox.put(p.RoundOver("t", 40, self.state.last_result, (0, 1)))

    async def next_round_played(self) -> None:
        state = apply(self.state, view(self.state, self.state.to_act).legal_actions[0]).state
        await self.inbox.put(p.Update("t", 41, view(state, None), ()))


async def test_a_spectators_round_result_closes_when_the_next_round_is_played(tui) -> None:
    link = SpectatorLink()
    app = SeasaltApp(LaunchOptions(address="lan:7327", name="Zoe"),
                     link_factory=lambda _a, _n: link)
    async with app.run_test(size=(100, 30)):
        await tui.until(lambda: isinstance(app.screen, RoundResultScreen))
        await link.next_round_played()
        await tui.until(lambda: isinstance(app.screen, TableScreen)
                        and at_seq(app, 41))


# --- defect 12: the address friends type -------------------------------------------------------


@pytest.mark.parametrize(("addresses", "shown", "not_shown"), [
    (["127.0.0.1:7327"], "No network address was found", "127.0.0.1"),
    (["127.0.0.1:7327", "192.168.1.20:7327"], "seasalt-client 192.168.1.20:7327",
     "seasalt-client 127.0.0.1"),
])
async def test_the_hosts_lobby_offers_only_addresses_friends_can_reach(
    tui, addresses: list[str], shown: str, not_shown: str
) -> None:
    from textual.app import App

    class Host(App[None]):
        def on_mount(self) -> None:
            self.push_screen(LobbyScreen("Ann", "127.0.0.1:7327", addresses, hosting=True))

    app = Host()
    async with app.run_test(size=(100, 30)):
        await tui.until(lambda: shown in tui.text(app))
        assert not_shown not in tui.text(app).replace("Lobby of 127.0.0.1:7327", "")


class WaitingLink(QueueLink):
    """A LAN table that is still waiting for its second player."""

    def __init__(self) -> None:
        self.inbox: asyncio.Queue[Any] = asyncio.Queue()
        self.seated = False

    async def send(self, message: Any) -> None:
        if isinstance(message, p.Leave):
            await self.inbox.put(p.Left("duo"))
        elif isinstance(message, p.ListTables) and self.seated:
            await self.inbox.put(p.Tables(()))
        elif isinstance(message, p.ListTables):
            self.seated = True
            seats = (p.SeatInfo("human", "Ann", True, False), p.SeatInfo("human", None, False,
                                                                          False))
            await self.inbox.put(p.Joined("duo", 0))
            await self.inbox.put(p.TableChanged(
                p.TableInfo("duo", seats, False, False, p.TableState.WAITING, 0)))


async def test_the_join_address_is_in_the_waiting_room_and_in_help(tui) -> None:
    app = SeasaltApp(LaunchOptions(address="192.168.1.20:7327", name="Ann"),
                     link_factory=lambda _a, _n: WaitingLink())
    async with app.run_test(size=(100, 30)):
        await tui.until(lambda: "1 free seat of 2" in tui.text(app))
        assert "Friends join with: seasalt-client 192.168.1.20:7327" in tui.text(app)
        await tui.key(app, "question_mark")
        await tui.until(lambda: isinstance(app.screen, HelpScreen))
        await tui.until(lambda: "seasalt-client 192.168.1.20:7327" in tui.text(app))


async def test_q_in_the_waiting_room_goes_back_to_the_lobby_without_promises(tui) -> None:
    link = WaitingLink()
    app = SeasaltApp(LaunchOptions(address="192.168.1.20:7327", name="Ann"),
                     link_factory=lambda _a, _n: link)
    async with app.run_test(size=(100, 30)):
        await tui.until(lambda: "1 free seat of 2" in tui.text(app))
        await tui.key(app, "q")  # no game yet: nothing to lose, no dialog, no bot
        await tui.until(lambda: lobby_up(app))
        assert app.is_running and app.flow.held_table is None
