"""Small modal questions: yes/no, and stop-or-leave for a hosted server."""

from __future__ import annotations

from seasalt.client.tui.screens.button_keys import button_keys, pressed
from seasalt.client.words.i18n import _, pgettext
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.events import Key
from textual.screen import ModalScreen
from textual.widgets import Button, Static


def answer_keys() -> tuple[str, str]:
    """The yes and no keys of the app's language (one lower-case letter each: its own
    initials, "Sim (s)", "Oui (o)")."""
    # Literal contexts: the catalogue tool reads them from the source (i18n_tools).
    yes = pgettext("dialog key", "y")[:1].lower() or "y"
    no = pgettext("dialog key", "n")[:1].lower() or "n"
    return (yes, no) if yes != no else ("y", "n")


class ConfirmDialog(ModalScreen[bool]):
    """Ask a yes/no question; answers True for yes. The keys are the language's own (shown
    on the buttons); Esc is always no."""

    BINDINGS = [Binding("escape", "answer(False)", _("No"), show=False)]

    def __init__(
        self, question: str, yes: str | None = None, no: str | None = None,
        enter_says_yes: bool = True,
    ) -> None:
        super().__init__(classes="dialog-screen")
        self.question = question
        self.enter_says_yes = enter_says_yes
        """False: the no button has the focus (where yes would lose something)."""
        self.yes_key, self.no_key = answer_keys()
        self.yes = yes or _("Yes ({key})").format(key=self.yes_key)
        self.no = no or _("No ({key})").format(key=self.no_key)

    answered = False
    """Set by the first answer: a key pressed twice fast must not dismiss twice (the second
    would pop the screen under this one)."""

    def on_key(self, event: Key) -> None:
        key = event.character or event.key
        if key in (self.yes_key, self.no_key):
            event.stop()
            event.prevent_default()
            self.action_answer(key == self.yes_key)

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Static(self.question, markup=False, classes="question")
            with Horizontal(classes="buttons"):
                yield Button(self.yes, id="yes", variant="error")
                yield Button(self.no, id="no", variant="primary")

    def on_mount(self) -> None:
        if not self.enter_says_yes:  # after the screen's auto focus (the first button)
            self.query_one("#no", Button).focus()

    @on(Button.Pressed)
    def on_pressed(self, event: Button.Pressed) -> None:
        self.action_answer(event.button.id == "yes")

    def action_answer(self, answer: bool) -> None:
        if not self.answered and self.app.screen is self:
            self.answered = True
            self.dismiss(answer)


class HostQuitDialog(ModalScreen[str]):
    """Quitting while hosting: stop the server, leave it running for the others, or cancel.
    The keys are the language's own, named on the buttons (client/tui/screens/button_keys.py)."""

    BINDINGS = [Binding("escape", "answer('cancel')", _("Cancel"))]

    def __init__(self) -> None:
        # The dialogs' screen class: without it the box sat in the top-left corner over a
        # blank screen (the lobby behind it gone), unlike every other question.
        super().__init__(classes="dialog-screen")
        # Literal contexts: the catalogue tool reads them from the source (i18n_tools).
        self.keys = button_keys([
            ("stop", pgettext("dialog key: stop server", "s"), "s", _("Stop server ({key})")),
            ("leave", pgettext("dialog key: leave running", "l"), "l",
             _("Leave running ({key})")),
        ])

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Static(
                _("You are hosting the server. Stop it (everyone is disconnected), or leave it "
                  "running for the others?"),
                classes="question",
            )
            with Horizontal(classes="buttons"):
                stop, leave = self.keys
                yield Button(stop.label, id="stop", variant="error")
                yield Button(leave.label, id="leave", variant="primary")
                yield Button(_("Cancel (Esc)"), id="cancel")

    def on_key(self, event: Key) -> None:
        answer = pressed(event, self.keys)
        if answer is not None:
            event.stop()
            event.prevent_default()
            self.action_answer(answer)

    @on(Button.Pressed)
    def on_pressed(self, event: Button.Pressed) -> None:
        self.action_answer(event.button.id or "cancel")

    answered = False
    """Set by the first answer: a key pressed twice fast must not dismiss twice."""

    def action_answer(self, answer: str) -> None:
        if not self.answered and self.app.screen is self:
            self.answered = True
            self.dismiss(answer)
