"""STOP and LAST CHANCE ask once more: a mis-key must never end a round.

The dialog says exactly what it offers: the same key again (or its button) calls, Esc (or its
button) goes back; every other key does nothing.
"""

from __future__ import annotations

from seasalt.client.tui.widgets.actions import Choice
from seasalt.client.words.game import call_name
from seasalt.client.words.i18n import _
from seasalt.engine import Call, CallKind, PlayerView
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.events import Key
from textual.screen import ModalScreen
from textual.widgets import Button, Static


def call_question(call: CallKind, v: PlayerView, key: str) -> str:
    """What calling does now, and how to confirm or go back."""
    points = v.breakdown.total if v.breakdown is not None else 0
    if call is CallKind.STOP:
        what = _("Call STOP with {n} card points? The round ends now: every hand is revealed "
                 "and everyone scores their card points (no colour bonus).").format(n=points)
    else:
        what = _("Call LAST CHANCE with {n} card points? Your hand is revealed now, every "
                 "other player takes one final turn, then your bet is scored.").format(n=points)
    return what + "\n" + _("Press {key} again to call, or Esc to go back.").format(key=key)


class CallConfirmDialog(ModalScreen[bool]):
    """Answers True when the player confirms the call."""

    AUTO_FOCUS = ""  # no button has the focus: Enter does nothing, as the question says
    BINDINGS = [Binding("escape", "answer(False)", _("Back"))]

    def __init__(self, choice: Choice, v: PlayerView) -> None:
        super().__init__(classes="dialog-screen")
        assert isinstance(choice.action, Call)
        self.choice = choice
        self.question = call_question(choice.action.kind, v, choice.key)

    def compose(self) -> ComposeResult:
        assert isinstance(self.choice.action, Call)
        with Vertical(classes="dialog"):
            yield Static(self.question, markup=False, classes="question", id="call-question")
            with Horizontal(classes="buttons"):
                label = _("{call} ({key})").format(
                    call=call_name(self.choice.action.kind), key=self.choice.key)
                yield Button(label, id="call", variant="error")
                yield Button(_("Back (Esc)"), id="back", variant="primary")

    answered = False
    """Set by the first answer: keys that follow fast (the key pressed three times, a key and a
    click) must not dismiss again, which would pop the screens under this one."""

    def answer(self, yes: bool) -> None:
        if not self.answered and self.app.screen is self:
            self.answered = True
            self.dismiss(yes)

    def on_key(self, event: Key) -> None:
        if (event.character or event.key) == self.choice.key:
            event.stop()
            event.prevent_default()
            self.answer(True)

    @on(Button.Pressed)
    def on_pressed(self, event: Button.Pressed) -> None:
        self.answer(event.button.id == "call")

    def action_answer(self, answer: bool) -> None:
        self.answer(answer)
