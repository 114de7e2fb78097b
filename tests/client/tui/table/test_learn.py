"""Learn to play on the real table (client/tui/screens/lesson_table.py): each lesson is walked to
its end by the keys its line asks for, a move that does not fit is explained and asked again,
and q leaves the lesson for the start menu (the start menu's tab starts one).

The opponent moves without a pause here (``bot_delay=0``); the lessons' steps are checked
against the engine without Textual in tests/client/test_lessons.py.
"""

from __future__ import annotations

import pytest
from seasalt.client.lessons.script import End
from seasalt.client.tui.app import SeasaltApp
from seasalt.client.tui.launch_options import LaunchOptions
from seasalt.client.tui.screens.lesson_table import LessonLine, LessonTableScreen
from seasalt.client.tui.screens.result import RoundResultScreen
from seasalt.client.tui.screens.start import StartScreen
from seasalt.engine import Phase
from seasalt.testing.tui import press, screen_text, settled, until
from textual.widgets import TabbedContent


def _lesson(lesson: str) -> SeasaltApp:
    return SeasaltApp(LaunchOptions(name="Ann", learn=lesson, bot_delay=0))


def _line(app: SeasaltApp) -> LessonLine:
    return app.screen.query_one(LessonLine)


def _at_the_end(screen: LessonTableScreen) -> bool:
    """The frame on screen is the lesson's last moment. (Not ``run.over``: the lesson's runner
    is at its end as soon as the last move is sent, before the frame it makes is drawn, and a
    test that went by it read the line of the moment before: seen beside six busy loops.)"""
    moment = screen.run.moment_at(screen.frame.seq) if screen.frame is not None else None
    return moment is not None and isinstance(moment.beat, End)


def _ready(app: SeasaltApp) -> bool:
    """The lesson's table shows its newest frame with a line that asks for a key (or the
    round's result is up)."""
    screen = app.screen
    if isinstance(screen, RoundResultScreen):
        return True
    if not isinstance(screen, LessonTableScreen) or screen.frame is None:
        return False
    if screen.rendered is not screen.frame or screen.sent:
        return False
    moment = screen.run.moment_at(screen.frame.seq)
    return moment is not None and moment.beat is not None and bool(
        _line(app).asked or _at_the_end(screen))


async def _walk(app: SeasaltApp) -> int:
    """Press what the line asks for (Enter on a round's result) until the lesson's end; the
    number of keys pressed."""
    keys = 0
    for _ in range(120):
        await until(lambda: _ready(app), what="the lesson asking for a key")
        screen = app.screen
        if isinstance(screen, RoundResultScreen):
            await press(app, "enter")
            await until(lambda shown=screen: app.screen is not shown, what="the result closed")
            continue
        assert isinstance(screen, LessonTableScreen)
        if _at_the_end(screen):
            assert screen.run.over
            # (the last line is longer than the one before: beside six busy loops it was
            # read before the table's rows were shared out again for it)
            await until(lambda: "leaves the lesson" in screen_text(app),
                        what="the lesson's last line")
            return keys
        asked = _line(app).asked
        shown = " ".join(screen_text(app).split())
        assert all(k in shown.lower() for k in asked if k != "enter"), (asked, shown)
        frame = screen.frame
        await press(app, *asked)
        keys += len(asked)
        await until(lambda at=screen, was=frame: app.screen is not at or at.frame is not was
                    or isinstance(app.screen, RoundResultScreen), what="the next moment")
    raise AssertionError("the lesson never ended")


@pytest.mark.parametrize("lesson", ["base", "extra-salt", "extra-pepper"])
async def test_a_lesson_is_walked_to_its_end_by_the_keys_it_asks_for(lesson: str) -> None:
    app = _lesson(lesson)
    async with app.run_test(size=(80, 24)):
        keys = await _walk(app)
        assert keys >= 7
        screen = app.screen
        assert isinstance(screen, LessonTableScreen) and screen.frame is not None
        assert screen.frame.view.legal_actions  # the game goes on: play on, or leave
        await press(app, "q")
        await until(lambda: isinstance(app.screen, StartScreen), what="the start menu")


async def test_from_the_start_menu_a_move_off_the_lesson_is_explained_and_asked_again() -> None:
    """The start menu's tab starts the lesson; a legal move that is not the lesson's is
    explained, not applied, and the same key is asked again; q goes back to the menu."""
    app = SeasaltApp(LaunchOptions(name="Ann", bot_delay=0))
    async with app.run_test(size=(80, 24)):
        await until(lambda: isinstance(app.screen, StartScreen), what="the start menu")
        await settled(app)
        app.screen.query_one("#tabs", TabbedContent).active = "learn"
        await settled(app)
        app.screen.query_one("#learn-base").focus()
        await press(app, "enter")
        await until(lambda: _ready(app), what="the welcome")
        await press(app, "enter")
        await until(lambda: _ready(app) and _line(app).asked == ("d",), what="the first draw")
        screen = app.screen
        assert isinstance(screen, LessonTableScreen) and screen.frame is not None
        seq = screen.frame.seq
        await press(app, "1")  # take pile 1's top: legal, not this step's move
        await until(lambda: "another way" in screen_text(app), what="the explanation")
        await settled(app)
        assert _line(app).asked == ("d",) and screen.frame.seq == seq
        assert screen.frame.view.hand == () and screen.frame.view.phase is Phase.DRAW
        await press(app, "d")
        await until(lambda: screen.frame is not None and screen.frame.view.phase is Phase.KEEP,
                    what="the draw applied")
        await press(app, "q")
        await until(lambda: isinstance(app.screen, StartScreen), what="back to the start menu")
