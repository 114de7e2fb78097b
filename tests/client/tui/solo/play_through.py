"""Playing a seat to its game over in the TUI, with the keys on screen: a greedy player who
calls STOP as soon as it may (short games, ``target=1``, end after a round or so)."""

from __future__ import annotations

from seasalt.bots import get_bot
from seasalt.client.net.intents import Play
from seasalt.client.tui.app import SeasaltApp
from seasalt.client.tui.screens.call_confirm import CallConfirmDialog
from seasalt.client.tui.screens.result import GameOverScreen, RoundResultScreen
from seasalt.client.tui.screens.table import TableScreen
from seasalt.client.tui.widgets.actions import ActionList
from seasalt.engine import Call, CallKind

STARTED = 60.0
"""Seconds a server may take to answer on a loaded machine (a child server to start, too)."""


async def play_to_game_over(app: SeasaltApp, tui) -> None:  # type: ignore[no-untyped-def]
    """Play the seat as a greedy player who calls STOP as soon as it may, with the keys on
    screen, reading each round's result, until the game over is shown."""
    player = get_bot("greedy", 1)
    while not isinstance(app.screen, GameOverScreen):
        await tui.until(
            lambda: isinstance(app.screen, GameOverScreen | RoundResultScreen)
            or (isinstance(app.screen, TableScreen) and app.screen.ready),
            timeout=STARTED, what="the seat's turn, a round's result or the game over")
        screen = app.screen
        if isinstance(screen, RoundResultScreen):
            await tui.key(app, "enter")
            await tui.until(lambda: app.screen is not screen, timeout=STARTED)  # noqa: B023
            continue
        if not isinstance(screen, TableScreen):
            continue
        choices = screen.query_one(ActionList).choices
        wanted = next((c.action for c in choices
                       if isinstance(c.action, Call) and c.action.kind is CallKind.STOP), None)
        if wanted is None:
            wanted = player.choose(screen.frame.view)
        choice = next((c for c in choices if c.action == wanted and c.pick is None), choices[0])
        count = played(app)
        await tui.key(app, choice.key)
        if isinstance(choice.action, Call):
            await tui.until(lambda: isinstance(app.screen, CallConfirmDialog), timeout=STARTED)
            await tui.key(app, choice.key)
        # Sent: the next turn is one the server dealt after it (``ready`` waits for a frame).
        await tui.until(lambda: played(app) > count, timeout=STARTED)  # noqa: B023
    await tui.until(lambda: "Play again (p)" in tui.text(app), timeout=STARTED)


def played(app: SeasaltApp) -> int:
    """The actions the player has sent so far."""
    return sum(isinstance(intent, Play) for intent in app.sent)


