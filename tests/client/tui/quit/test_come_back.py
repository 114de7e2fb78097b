"""Coming back as the screen promises (issue 38, defect 4).

The quit dialog said "start seasalt-client 127.0.0.1:7461 again and you are back in your seat",
but that command came back as the login name (the name was neither asked nor remembered, and
the session token is kept per address and name: client/files/tokens.py), so the seat was not found
and joining said "That game has already started". Now the name is asked at the first start
(``seasalt-client HOST:PORT`` too) or taken from ``--name``, remembered, and the dialog prints
the exact command that brings the player back, name included.

Each app is built by the real entry point from a command line (``cli.main``: argument parsing,
``run_app``), then driven with Pilot (its terminal run replaced by the test's), on a real
in-process server on 127.0.0.1:0.
"""

from __future__ import annotations

from typing import Any

import pytest
from seasalt.client import cli
from seasalt.client.files.settings import load_name, save_name
from seasalt.client.net.intents import SitDown
from seasalt.client.tui.app import SeasaltApp
from seasalt.client.tui.launch_options import LaunchOptions
from seasalt.client.tui.messages import IntentQueued
from seasalt.client.tui.screens.dialogs import ConfirmDialog
from seasalt.client.tui.screens.lobby import LobbyScreen
from seasalt.client.tui.screens.name_prompt import NamePrompt
from seasalt.client.tui.screens.start import JoinPlan
from seasalt.client.words.come_back import come_back_command, shell_line
from seasalt.server.app import Server
from seasalt.testing.server import running_server
from seasalt.testing.shell import shell_words
from textual.widgets import Input

pytestmark = pytest.mark.timeout(60)
SEATS = ("human", "bot:random")


@pytest.fixture
def launch(monkeypatch: pytest.MonkeyPatch) -> Any:
    """``seasalt-client ARGS`` through the real entry point; returns the app it built."""
    built: list[SeasaltApp] = []
    monkeypatch.setattr(SeasaltApp, "run", lambda self, *a, **k: built.append(self) or 0)
    monkeypatch.setattr(cli, "setup_log_file", lambda: None)  # (the app's log file)

    def launched(argv: list[str]) -> SeasaltApp:
        assert cli.main(argv) == 0
        return built[-1]

    return launched


def names_on(server: Server) -> list[str]:
    assert server.master is not None
    return [session.name for session in server.master.sessions]


async def test_the_command_the_quit_dialog_prints_brings_the_player_back_to_the_seat(
    launch: Any, tui: Any
) -> None:
    # Bots that take their time: the game the seat was left in is still on when Ann is back.
    async with running_server(bot_delay=0.3) as server:
        address = server.local_endpoint.removeprefix("tcp://")
        ann = launch([address, "--name", "Ann Lee"])
        async with ann.run_test(size=(100, 30)):
            await tui.until(lambda: isinstance(ann.screen, LobbyScreen), 20.0, "the lobby")
            ann.post_message(IntentQueued(SitDown("pier", SEATS, False, False)))
            await tui.until_table(ann)
            seat = ann.session.seat
            await tui.key(ann, "q")
            await tui.until(lambda: isinstance(ann.screen, ConfirmDialog))
            dialog = ann.screen
            assert isinstance(dialog, ConfirmDialog)
            question = dialog.question
            await tui.key(ann, dialog.yes_key)
            await tui.until(lambda: ann.return_code is not None)
        assert seat is not None and ann.net.away_said  # a bot plays the seat meanwhile
        command = question.splitlines()[-1]
        assert command == f"seasalt-client {address} --name 'Ann Lee'", question
        # Meanwhile another window on this machine played under another name (the one a
        # start without --name would take now): the printed command does not depend on it.
        save_name("Bob")
        back = launch(shell_words(command))  # the words a shell gives the command
        async with back.run_test(size=(100, 30)):
            await tui.until_table(back, 20.0)
            assert (back.session.table, back.session.seat) == ("pier", seat)
            assert server.master is not None
            table = server.master.tables["pier"]
            assert not table.state.is_over and table.bot_level(seat) is None  # hers again


async def test_the_name_is_asked_at_the_first_start_and_remembered(
    launch: Any, tui: Any
) -> None:
    async with running_server() as server:
        address = server.local_endpoint.removeprefix("tcp://")
        first = launch([address])
        async with first.run_test(size=(100, 30)):
            await tui.until(lambda: isinstance(first.screen, NamePrompt | LobbyScreen), 20.0,
                            "the name asked (or the lobby)")
            prompt = first.screen
            assert isinstance(prompt, NamePrompt), "went to the server without asking a name"
            prompt.query_one("#first-name", Input).value = "Zoe"
            await tui.key(first, "enter")
            await tui.until(lambda: isinstance(first.screen, LobbyScreen), 20.0, "the lobby")
            assert first.player == "Zoe" and names_on(server) == ["Zoe"]
        assert load_name() == "Zoe"
        again = launch([address])
        async with again.run_test(size=(100, 30)):
            await tui.until(lambda: isinstance(again.screen, NamePrompt | LobbyScreen), 20.0,
                            "the lobby")
            assert isinstance(again.screen, LobbyScreen)  # asked once
            assert again.player == "Zoe" and names_on(server) == ["Zoe"]  # (its session, resumed)


async def test_a_name_given_with_name_is_remembered(launch: Any, tui: Any) -> None:
    async with running_server() as server:
        address = server.local_endpoint.removeprefix("tcp://")
        first = launch([address, "--name", "Kim"])
        async with first.run_test(size=(100, 30)):
            await tui.until(lambda: isinstance(first.screen, LobbyScreen), 20.0, "the lobby")
        again = launch([address])
        async with again.run_test(size=(100, 30)):
            await tui.until(lambda: isinstance(again.screen, NamePrompt | LobbyScreen), 20.0,
                            "the lobby")
            assert isinstance(again.screen, LobbyScreen)
            assert again.player == "Kim" and names_on(server) == ["Kim"]  # (its session, resumed)


def test_a_browser_tabs_quit_question_points_to_its_page_and_a_command_is_quoted() -> None:
    # A browser tab's player has no terminal: its way back is the page ("Open again").
    guest = SeasaltApp(LaunchOptions(address="h:1", name="Ann", guest=True))
    guest.plan = JoinPlan("Ann", "h:1")
    question = guest.quitting.quit_question()
    assert "Open again" in question and "seasalt-client" not in question
    # A command a shell reads as typed: a name with a quote, a name like an option, a key.
    assert come_back_command("h:1", "Zoë O'Neil") == "seasalt-client h:1 --name 'Zoë O'\"'\"'Neil'"
    assert come_back_command("h:1", "-x") == "seasalt-client h:1 --name=-x"
    assert come_back_command("[::1]:7327", "Ann", "K3y") == (
        "seasalt-client '[::1]:7327' --name Ann --server-key K3y")
    key = "rq:rM>}U?@Lns47E1%kR.o@n%FcmmsL/@{H8]y&7"  # Z85: & > $ # for a shell
    assert shell_words(come_back_command("h:1", "Zoë O'Neil", key)) == [
        "h:1", "--name", "Zoë O'Neil", "--server-key", key]
    assert shell_line(["seasalt-client", "h:1", "--name", "Ann Lee"], windows=True) == (
        'seasalt-client h:1 --name "Ann Lee"')
    parsed = cli.build_parser().parse_args(shell_words(come_back_command("h:1", "-x")))
    # Friends are told the key of a secure server joined here too (the waiting room, help).
    joined = SeasaltApp(LaunchOptions(address="192.168.1.20:7327", name="Ann", server_key=key))
    joined.plan = JoinPlan("Ann", "192.168.1.20:7327")
    joined.net.server_address = "192.168.1.20:7327"
    assert shell_words(joined.join_hint().split(": ", 1)[1]) == [
        "192.168.1.20:7327", "--server-key", key]
    assert (parsed.address, parsed.name) == ("h:1", "-x")


async def test_a_second_window_with_the_same_name_promises_no_way_back(
    launch: Any, tui: Any
) -> None:
    """Two windows on one machine under one name: the first holds the entry its token is kept
    under (client/files/tokens.py ``claim``), so the second keeps nothing, and the command would
    bring back the first one's seat, not its own. Its quit question says so instead."""
    async with running_server() as server:
        address = server.local_endpoint.removeprefix("tcp://")
        first, second = launch([address, "--name", "Ann"]), launch([address, "--name", "Ann"])
        async with first.run_test(size=(100, 30)), second.run_test(size=(100, 30)):
            for app in (first, second):
                await tui.until(lambda app=app: isinstance(app.screen, LobbyScreen), 20.0,
                                "the lobby")
            second.post_message(IntentQueued(SitDown("pier", SEATS, False, False)))
            await tui.until_table(second)
            question = second.quitting.quit_question()
            assert "the seat cannot be taken back" in question, question
            assert "seasalt-client" not in question
            assert first.quitting.quit_question().endswith(f"seasalt-client {address} --name Ann")
