"""A whole solo game in the TUI against a real local server and real bots, from the start menu.

The server is started by the app itself (``--seed SEED --bot-delay 0``); the player steers towards
every decision prompt (conftest.choose) and the test checks each prompt was on screen, that
every intent sent was the legal action chosen, and that the game ends on the standings.
"""

from __future__ import annotations

from typing import Any

import pytest
from seasalt.client.net.intents import AgreeToPlayAgain, DoneReading, Play
from seasalt.client.tui.app import SeasaltApp
from seasalt.client.tui.launch_options import LaunchOptions
from seasalt.client.tui.screens.call_confirm import CallConfirmDialog
from seasalt.client.tui.screens.result import GameOverScreen, RoundResultScreen
from seasalt.client.tui.screens.start import StartScreen
from seasalt.client.tui.screens.table import TableScreen
from seasalt.client.tui.widgets import prompt as prompt_module
from seasalt.client.tui.widgets.actions import ActionList
from seasalt.client.words.game import Names, action_label
from seasalt.engine import Call

from ..conftest import GOALS

# About 10 s of CPU (seed 249); the wall time grows with the machine's load (90 s seen at load 12).
pytestmark = pytest.mark.timeout(240)

SEED = 249
"""``seasalt-server --seed``: the shortest game (218 moves, 3 rounds; seed 1 took 350 moves and 6
rounds before conftest.choose played to win once its goals were seen) of the first 700 seeds
that reaches every prompt (found with ``python tests/client/tui/solo/solo_seeds.py``)."""

# What each prompt says (tests fail if a prompt was never shown).
PROMPT_WORDS = {
    "DRAW": "Draw: two cards from the deck",
    "KEEP": "Keep one; the other goes face up",
    "PLAY": "Play pairs from your hand",
    "CRAB_PILE": "Crabs: choose a discard pile",
    "CRAB_TAKE": "Take one card (nobody else sees which)",
    "ROB": "Swimmer + shark: choose an opponent",
    "LOBSTER": "Lobster: the top of the deck is",
    "CALL": "LAST CHANCE [c]: everyone else plays one last turn",
    "LOCKED": "You are LOCKED by the jellyfish",
}


def sent_actions(app: SeasaltApp) -> int:
    return sum(isinstance(intent, Play) for intent in app.sent)


async def test_solo_game_from_start_menu_to_game_over(tui, coverage_choose, monkeypatch) -> None:
    shown: list[str] = []
    real_prompt_text = prompt_module.prompt_text

    def recording_prompt_text(v: Any, names: Any) -> Any:
        text = real_prompt_text(v, names)
        shown.append(text.plain)
        return text

    monkeypatch.setattr(prompt_module, "prompt_text", recording_prompt_text)
    app = SeasaltApp(LaunchOptions(name="Ann", server_seed=SEED, bot_delay=0))
    async with app.run_test(size=(80, 24)) as pilot:
        await tui.until(lambda: isinstance(app.screen, StartScreen))
        await pilot.click("#extra-salt")
        await tui.until(lambda: app.screen.query_one("#extra-salt").value)
        app.screen.query_one("#go-solo").focus()
        await tui.key(app, "enter")
        try:
            await tui.until(lambda: isinstance(app.screen, TableScreen), timeout=60)
        except AssertionError:
            print("NOTABLE", app.screen, tui.text(app))
            raise
        table = app.screen
        assert isinstance(table, TableScreen)
        seen: set[str] = set()
        chosen: list[Any] = []
        results = 0
        while True:
            try:
                await tui.until(
                    lambda: table.ready
                    or isinstance(app.screen, RoundResultScreen | GameOverScreen),
                    timeout=30,
                )
            except AssertionError:  # say where it stuck (seen once under load, seed 1)
                raise AssertionError(
                    f"not ready: {app.screen}, my turn {table.my_turn}, sent {table.sent}, "
                    f"drawn {table.rendered is table.frame}, held {table.result_hold.active}, "
                    f"move {table.frame and table.frame.view.move}, chosen {len(chosen)}, "
                    f"sent actions {sent_actions(app)}\n{tui.text(app)}") from None
            if isinstance(app.screen, GameOverScreen):
                break
            if isinstance(app.screen, RoundResultScreen):
                results += 1
                screen = app.screen
                await tui.until(lambda: "Round" in tui.text(app))
                await tui.key(app, "enter")
                await tui.until(lambda: app.screen is not screen)  # noqa: B023
                continue
            view = table.frame.view
            action = coverage_choose(view, seen)
            label = action_label(action, view, Names(table.frame.names(), view.seat))
            choice = next(c for c in table.query_one(ActionList).choices if c.label == label)
            chosen.append(choice.action)
            decided_on = table.frame
            await tui.key(app, choice.key)
            if isinstance(choice.action, Call):  # a call asks once more: the same key again
                await tui.until(lambda: isinstance(app.screen, CallConfirmDialog))
                await tui.key(app, choice.key)
            await tui.until(
                lambda: sent_actions(app) == len(chosen) or table.frame is not decided_on  # noqa: B023
            )
            if sent_actions(app) != len(chosen):
                # A newer view arrived before the key: the screen may rightly ignore a stale
                # choice. Follow the key through (app -> table -> the app's intent queue -> the
                # send loop) before deciding whether it was sent.
                await tui.through(app, table, app)
                await tui.until(lambda: app.bridge.outbox.empty())
                if sent_actions(app) != len(chosen):
                    chosen.pop()
        await tui.until(lambda: "Game over" in tui.text(app))
        text = tui.text(app)
        assert "Play again" in text
        assert sum(name in text for name in ("You", "Bot 2", "Bot 3")) == 3
        sent = [i.action for i in app.sent if isinstance(i, Play)]
        assert sent == chosen
        assert results >= 1
        # One continue per round result read (the last one is sent as game over opens).
        await tui.until(lambda: sum(isinstance(i, DoneReading) for i in app.sent) == results)
        assert app.own.child is not None and app.own.child.alive()
        # Play again: a fresh game at the same table, round 1, nothing scored yet.
        await tui.key(app, "p")
        await tui.until(lambda: isinstance(app.screen, TableScreen)
                        and table.frame.view.round == 1 and not table.frame.view.is_over
                        and table.frame.view.scores == (0, 0, 0), timeout=30)
        assert any(isinstance(i, AgreeToPlayAgain) for i in app.sent)
    # If the engine's deal or the greedy bot change, SEED may stop reaching a prompt: pick
    # another with solo_seeds.py, a headless run of conftest.choose (every prompt is also
    # reached from exact positions in test_prompts.py, independent of seeds).
    hint = f"; seed {SEED} may no longer reach it after an engine or bot change"
    for goal, words in PROMPT_WORDS.items():
        assert any(words in text for text in shown), f"the {goal} prompt was never shown{hint}"
    assert set(GOALS) - {"LOCKED"} <= seen, hint  # the lock is checked by its prompt above
