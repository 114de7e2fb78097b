"""The host who quits a game and leaves the server running for the others says ``away`` (session
9: the path had no test of its own): her seat goes to a bot at once, the server plays on.

Host mode for real: the start menu starts ``seasalt-server`` as the app's child; Bob joins it
over a socket and creates the table, Ann joins it from the lobby, the game starts, and Ann
quits with q, l ("leave it running"). The server's takeover delay is a minute: a bot in her
seat within seconds is the server having read ``away``.
"""

from __future__ import annotations

import contextlib
import os
import signal
from typing import Any

import pytest
import zmq.asyncio
from seasalt.protocol import Joined, JoinOrCreate, ListTables, TableChanged, Tables
from seasalt.testing.server import RawClient
from seasalt.testing.shell import shell_words
from seasalt.testing.waiting import until_sync

pytestmark = pytest.mark.timeout(90)



async def test_the_host_leaving_the_server_running_hands_her_seat_to_a_bot_at_once(
    tui: Any, tmp_path: Any, monkeypatch: pytest.MonkeyPatch, ctx: zmq.asyncio.Context
) -> None:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))  # host mode's journal goes here
    monkeypatch.setenv("XDG_STATE_HOME", str(tmp_path / "state"))
    from seasalt.client import cli
    from seasalt.client.tui.app import SeasaltApp
    from seasalt.client.tui.launch_options import LaunchOptions
    from seasalt.client.tui.screens.dialogs import HostQuitDialog

    app = SeasaltApp(LaunchOptions(name="Ann", bot_delay=0))
    child = None
    bob: RawClient | None = None
    try:
        async with app.run_test(size=(100, 30)) as pilot:
            await tui.host(app, pilot)
            child = app.own.child
            assert child is not None and child.alive()

            bob = RawClient(ctx, "tcp://" + child.address)
            await bob.hello("Bob")
            await bob.send(JoinOrCreate("t", ("human", "human")))
            assert (await bob.expect(Joined)).seat == 0  # he never moves: the game waits
            await tui.key(app, "r")  # the lobby again: Bob's table
            await tui.until(lambda: "Bob" in tui.text(app), timeout=20)
            await tui.key(app, "enter")  # join it: every seat is taken, the game starts
            await tui.until_table(app, timeout=20)
            await bob.expect(TableChanged, where=lambda m: m.info.state.value == "running"
                             and m.info.seats[1].connected)

            await tui.key(app, "q")
            await tui.until(lambda: isinstance(app.screen, HostQuitDialog))
            await tui.key(app, "l")  # leave it running for the others
            await tui.until(lambda: app.return_code is not None, timeout=20)
        info = (await bob.expect(
            TableChanged, timeout=20, where=lambda m: m.info.seats[1].bot_playing)).info
        assert info.seats[1].name == "Ann" and not info.seats[1].connected
        await bob.send(ListTables())  # the server still serves Bob
        await bob.expect(Tables)
        # The closing words say how to come back to it, and that command brings her back to
        # her seat (one a host typed never had a way back but the start menu).
        words = app.quitting.parting_words()
        *_, command = words
        assert command == f"  seasalt-client {child.address} --name Ann", words
        built: list[SeasaltApp] = []  # the app the real entry point builds for the command
        monkeypatch.setattr(SeasaltApp, "run", lambda self, *a, **k: built.append(self) or 0)
        monkeypatch.setattr(cli, "setup_log_file", lambda: None)
        assert cli.main(shell_words(command.strip())) == 0
        back, = built
        async with back.run_test(size=(100, 30)):
            await tui.until_table(back, timeout=20)
            assert (back.session.table, back.session.seat) == ("t", 1)
    finally:
        if bob is not None:
            bob.close()
        if child is not None:
            _end(child.process.pid)


def _end(pid: int) -> None:
    """Stop the server the app left running (no longer the app's: it does not wait for it)."""
    with contextlib.suppress(ProcessLookupError):
        os.kill(pid, signal.SIGTERM)

    def reaped() -> bool:
        try:
            return os.waitpid(pid, os.WNOHANG)[0] == pid
        except ChildProcessError:
            return True

    try:
        until_sync(reaped, 10, f"server {pid} gone")
    except AssertionError:
        os.kill(pid, signal.SIGKILL)
        raise
