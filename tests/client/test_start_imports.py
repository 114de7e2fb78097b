"""What the start menu loads: no bot (seasalt.bots' levels are names, its players load on first
use), no package metadata; the engine and the table screens still (an expected failure says why).

Checked in a fresh interpreter (this one has imported everything): the client's command line
and app modules imported, the app run headless until the start menu is on screen.
"""

from __future__ import annotations

import functools
import json
import subprocess
import sys

from seasalt import bots
from seasalt.bots import levels

START_MENU = """
import asyncio, json, sys
from seasalt.client.cli import build_parser
from seasalt.client.tui.app import SeasaltApp
from seasalt.client.tui.launch_options import LaunchOptions
from seasalt.client.tui.screens.start import StartScreen

async def main() -> None:
    build_parser()
    app = SeasaltApp(LaunchOptions(name="Ann"))
    async with app.run_test(size=(120, 40)) as pilot:
        while not isinstance(app.screen, StartScreen):
            await pilot.pause()
        await pilot.pause()
        print(json.dumps(sorted(sys.modules)))

asyncio.run(main())
"""


@functools.cache
def menu_modules() -> tuple[str, ...]:
    """Every module loaded once the start menu is on screen (in a fresh interpreter)."""
    done = subprocess.run([sys.executable, "-c", START_MENU], capture_output=True, text=True,
                          check=True)
    return tuple(json.loads(done.stdout.strip().splitlines()[-1]))


def test_the_start_menu_loads_no_bot() -> None:
    loaded = [m for m in menu_modules() if m.startswith("seasalt.bots")]
    assert loaded == ["seasalt.bots", "seasalt.bots.levels"]


def test_the_start_menu_reads_no_package_metadata() -> None:
    """``--version``'s text is made when asked: importlib.metadata (and the email parser it
    brings) took tens of milliseconds of every start."""
    assert "importlib.metadata" not in menu_modules()


def test_the_bots_load_when_first_asked_for() -> None:
    code = ("import sys; from seasalt import bots; before = 'seasalt.bots.base' in sys.modules; "
            "bot = bots.get_bot('greedy', seed=1); "
            "print(before, 'seasalt.bots.base' in sys.modules, bot.level)")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          check=True)
    assert done.stdout.split() == ["False", "True", "greedy"]


def test_every_level_named_is_a_bot() -> None:
    assert bots.LEVELS is levels.LEVELS
    assert [bots.get_bot(level).level for level in bots.LEVELS] == list(bots.LEVELS)
    assert set(bots.LEVELS) >= levels.THINKING_LEVELS
