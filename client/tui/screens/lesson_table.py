"""The table of a lesson: the real table screen with the lesson's line above it.

The line says what the lesson teaches at the frame on screen (client/lessons/runner.py keeps a
moment per frame) and which key to press: the key of the table's own choice for the lesson's
move, so the line and the choices never disagree. After a move that does not fit the lesson it
says why, and the same choices are there again. ``q`` (or Esc) leaves the lesson for the start
menu at any moment; Enter goes on where the lesson waits for it.
"""

from __future__ import annotations

from collections.abc import Callable

from rich.text import Text
from seasalt.client.lessons.runner import LessonRun, Moment
from seasalt.client.lessons.script import Ctx, End, Move, Pause, same_move
from seasalt.client.lessons.words import bots_turn, off_lesson
from seasalt.client.net.intents import DoneReading
from seasalt.client.tui.language import key_names
from seasalt.client.tui.messages import Frame, IntentQueued
from seasalt.client.tui.screens.table import TableScreen
from seasalt.client.tui.widgets.actions import ActionList
from seasalt.client.tui.widgets.cards import update_text
from seasalt.client.words.i18n import _
from seasalt.engine import Call
from textual.binding import Binding
from textual.message import Message
from textual.widgets import Input, Static

ENTER = "enter"


class LessonLine(Static):
    """The lesson's words of the moment and the key it asks for (``asked``: the keys, in
    order, that tests press)."""

    asked: tuple[str, ...] = ()
    shown: Text | None = None


class LessonTableScreen(TableScreen):
    """A :class:`TableScreen` for a lesson (see the module docstring)."""

    BINDINGS = [
        Binding("q,escape", "leave_lesson", _("Leave lesson"), key_display="q"),
        Binding("enter", "go_on", _("Go on"), key_display="Enter"),
    ]

    class Leave(Message):
        """The player leaves the lesson."""

    def __init__(self, table: str, clock: Callable[[], float] | None, run: LessonRun) -> None:
        super().__init__(table, clock)
        self.run = run

    def compose(self):  # type: ignore[no-untyped-def]
        for widget in super().compose():
            yield widget
            if widget.id == "call-status":
                yield LessonLine(id="lesson")

    @property
    def coach_offered(self) -> bool:
        return False  # the lesson says what to do; the coach would say otherwise

    # --- keys -----------------------------------------------------------------------------

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        typing = isinstance(self.focused, Input)
        if action in ("back_or_quit", "quit_table", "unfocus_quietly"):
            return False  # q and Esc leave the lesson (below)
        if action == "leave_lesson":
            return not typing
        if action == "go_on":
            return not typing and self._waits_for_enter()
        return super().check_action(action, parameters)

    def action_leave_lesson(self) -> None:
        self.post_message(self.Leave())

    def action_go_on(self) -> None:
        if self._waits_for_enter():
            self.app.post_message(IntentQueued(DoneReading()))

    def _moment(self) -> Moment | None:
        frame = self.frame
        return self.run.moment_at(frame.seq) if frame is not None else None

    def _waits_for_enter(self) -> bool:
        moment = self._moment()
        return (moment is not None and isinstance(moment.beat, Pause)
                and not moment.beat.result and not self.holding_result)

    # --- the line -------------------------------------------------------------------------

    async def refresh_frame(self, previous: Frame | None = None) -> None:
        await super().refresh_frame(previous)
        self.show_lesson()
        self.refresh_bindings()  # Enter's "Go on" comes and goes with the lesson's pauses

    def show_lesson(self) -> None:
        frame = self.frame
        line = self.query_one(LessonLine)
        if frame is None:
            return
        moment = self._moment()
        text, asked = lesson_text(moment, Ctx(frame.view, self.names()),
                                  self.query_one(ActionList), self.run)
        line.asked = asked
        if text != line.shown:
            line.shown = update_text(line, line.shown, text)


NBSP = "\u00a0"


def _key(text: Text, head: str, key: str, tail: str) -> None:
    """``head`` + the key as the action list shows it + ``tail``, never broken between
    lines (no-break spaces: client/tui/widgets/wrap.py keeps them)."""
    text.append(head.rstrip() + NBSP if head.strip() else "")
    text.append(f"{NBSP}{key}{NBSP}", style="bold reverse")
    text.append(tail)


def _ask(moment: Moment, actions: ActionList) -> tuple[Text, tuple[str, ...]]:
    """The key the lesson asks for now, in words and as keys."""
    beat = moment.beat
    ask = Text()
    if isinstance(beat, Move):
        choice = next((c for c in actions.choices if same_move(c.action, beat.action)), None)
        if choice is None:
            return ask, ()
        head, _sep, tail = _("Press {key}.").partition("{key}")
        if isinstance(beat.action, Call):
            head, _sep, tail = _("Press {key}, then {key} again.").partition("{key}")
            tail = tail.replace("{key}", choice.key)
        _key(ask, head, choice.key, tail)
        return ask, (choice.key, choice.key) if isinstance(beat.action, Call) else (choice.key,)
    if isinstance(beat, Pause):
        words = (_("Press {key} to see the round's scores, then Continue.") if beat.result
                 else _("Press {key} to go on."))
        head, _sep, tail = words.partition("{key}")
        _key(ask, head, key_names()["Enter"], tail)
        return ask, (ENTER,)
    if isinstance(beat, End):
        head, _sep, tail = _("{key} leaves the lesson.").partition("{key}")
        _key(ask, head, "q", tail)
    return ask, ()


def lesson_text(moment: Moment | None, ctx: Ctx, actions: ActionList,
                run: LessonRun) -> tuple[Text, tuple[str, ...]]:
    """The line for ``moment``: its words (or why the last move did not fit) and the key."""
    text = Text()
    steps = [i for i, b in enumerate(run.lesson.beats) if isinstance(b, Move | Pause)]
    done = sum(1 for i in steps if moment is not None and i < moment.step)
    text.append(" " + _("{title} · {n}/{total}").format(
        title=run.lesson.title(), n=min(done + 1, len(steps)), total=len(steps)) + " ",
        style="bold reverse")
    text.append(" ")
    if moment is None or moment.beat is None:
        text.append(bots_turn(ctx))
        return text, ()
    beat = moment.beat
    if moment.wrong is not None and isinstance(beat, Move):
        text.append(beat.why(ctx) if beat.why is not None else off_lesson(ctx),
                    style="bold yellow")
        if beat.why is None:
            text.append(" " + beat.say(ctx))
    else:
        text.append(beat.say(ctx))
    ask, asked = _ask(moment, actions)
    if ask:
        text.append(" ")
        text.append_text(ask)
    return text, asked
