"""Small modal questions: yes/no, and stop-or-leave for a hosted server."""

from __future__ import annotations

from seasalt.client.i18n import _
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Static


class ConfirmDialog(ModalScreen[bool]):
    """Ask a yes/no question; answers True for yes."""

    BINDINGS = [
        Binding("y", "answer(True)", _("Yes")),
        Binding("n,escape", "answer(False)", _("No")),
    ]

    def __init__(self, question: str, yes: str | None = None, no: str | None = None) -> None:
        super().__init__(classes="dialog-screen")
        self.question = question
        self.yes = yes or _("Yes (y)")
        self.no = no or _("No (n)")

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Static(self.question, markup=False, classes="question")
            with Horizontal(classes="buttons"):
                yield Button(self.yes, id="yes", variant="error")
                yield Button(self.no, id="no", variant="primary")

    @on(Button.Pressed)
    def on_pressed(self, event: Button.Pressed) -> None:
        self.dismiss(event.button.id == "yes")

    def action_answer(self, answer: bool) -> None:
        self.dismiss(answer)


class HostQuitDialog(ModalScreen[str]):
    """Quitting while hosting: stop the server, leave it running for the others, or cancel."""

    BINDINGS = [
        Binding("s", "answer('stop')", _("Stop server")),
        Binding("l", "answer('leave')", _("Leave running")),
        Binding("escape", "answer('cancel')", _("Cancel")),
    ]

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Static(
                _("You are hosting the server. Stop it (everyone is disconnected), or leave it "
                  "running for the others?"),
                classes="question",
            )
            with Horizontal(classes="buttons"):
                yield Button(_("Stop server (s)"), id="stop", variant="error")
                yield Button(_("Leave running (l)"), id="leave", variant="primary")
                yield Button(_("Cancel (Esc)"), id="cancel")

    @on(Button.Pressed)
    def on_pressed(self, event: Button.Pressed) -> None:
        self.dismiss(event.button.id or "cancel")

    def action_answer(self, answer: str) -> None:
        self.dismiss(answer)
