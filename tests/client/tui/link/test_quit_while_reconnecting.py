"""Quitting a game while the link is down: the ``away`` said on the way out (a bot takes the
seat at once) cannot reach the server, and it was lost without a word. A quit does not wait
for a server that may never come back, so the player is told instead, as a move key pressed
while reconnecting says "not sent": the quit question says it beforehand, and the terminal
says it once the client has closed (``SeasaltApp.parting_words``, printed by ``run_app``).

Real apps on a real in-process server on 127.0.0.1:0; the server is stopped (its goodbye puts
the link in "reconnecting…" at once, tests/client/tui/link/test_server_goodbye.py)."""

from __future__ import annotations

from typing import Any

import pytest
from seasalt.client.tui.app import SeasaltApp
from seasalt.client.tui.quit_flow import wrap_parting
from seasalt.client.tui.screens.dialogs import ConfirmDialog
from seasalt.client.words.i18n import translator
from seasalt.testing.server import running_server
from seasalt.testing.tui import two_at_a_table

pytestmark = pytest.mark.timeout(60)
NOT_TOLD = "The server was out of reach and was not told that you left"


async def quit_game(app: SeasaltApp, tui: Any) -> str:
    """q, then y at the quit question; returns the question."""
    await tui.key(app, "q")
    await tui.until(lambda: isinstance(app.screen, ConfirmDialog))
    dialog = app.screen
    assert isinstance(dialog, ConfirmDialog)
    question = dialog.question
    await tui.key(app, dialog.yes_key)
    await tui.until(lambda: app.return_code is not None)
    return question


async def test_quitting_while_reconnecting_tells_the_player_the_server_was_not_told(
    tui: Any
) -> None:
    async with running_server() as server:
        address = server.local_endpoint.removeprefix("tcp://")
        async with two_at_a_table(address, (80, 24)) as (ann, bob):
            # Bob quits with the link up: the server reads his away (a bot plays his seat at
            # once) and nothing more is said.
            bob_seat = bob.session.seat
            assert bob_seat is not None
            question = await quit_game(bob, tui)
            assert "out of reach" not in question
            await tui.until(lambda: bob.net.away_said is not None)
            assert bob.net.away_said is True and bob.quitting.parting_words() == []
            master = server.master
            assert master is not None
            assert master.tables["duo"].bot_level(bob_seat) is not None
            # The server stops: Ann's link is down, and she quits.
            await server.stop()
            await tui.until(lambda: "reconnecting…" in tui.text(ann).splitlines()[0])
            question = await quit_game(ann, tui)
            assert "The server is out of reach and cannot be told that you leave" in question
            command = f"seasalt-client {address} --name Ann"
            assert question.endswith(f"To take your seat back, run:\n{command}"), question
        await tui.until(lambda: ann.net.away_said is not None)
        assert ann.net.away_said is False
        words = ann.quitting.parting_words()
        assert len(words) == 3 and words[0].startswith(NOT_TOLD), words
        assert words[1:] == ["To take your seat back, run:", f"  {command}"]
        # Printed at 80 columns, it breaks between words, never inside one; the command line
        # is printed whole (copied as a whole), however long.
        printed = wrap_parting(words[0], 80).splitlines()
        assert len(printed) > 1 and all(len(row) < 80 for row in printed)
        assert " ".join(printed) == words[0]
        assert wrap_parting(words[2], 20) == words[2]
        # They are printed after the app has closed, where _() speaks the process default
        # (English); they speak the app's language, as the player chose it in the game.
        ann.translator = translator("fr")
        french = ann.quitting.parting_words()
        assert french[0].startswith("Le serveur était injoignable"), french
        assert french[1] != words[1] and french[2] == f"  {command}"
