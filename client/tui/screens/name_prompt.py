"""The first start: what name the other players see (the OS user's name is offered)."""

from __future__ import annotations

from seasalt.client.files.settings import save_name, valid_name
from seasalt.client.words.i18n import _
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Input, Static


class NamePrompt(ModalScreen[str]):
    """Asks once; answers the name chosen (also remembered for the next start)."""

    # Esc keeps the name offered, as Enter does on it (it did nothing: a dialog with no way
    # out but one key).
    BINDINGS = [Binding("escape", "keep", _("Keep"), show=False)]

    def __init__(self, default: str) -> None:
        super().__init__(classes="dialog-screen")
        self.default = default

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Static(_("Welcome! What name should the other players see?"),
                         classes="question")
            yield Input(self.default, id="first-name", max_length=24)
            yield Static(_("Enter keeps it. It is remembered; change it any time in the start "
                           "menu."), classes="hint", id="name-hint")

    def on_mount(self) -> None:
        self.query_one("#first-name", Input).focus()

    def action_keep(self) -> None:
        self._choose(self.default)

    @on(Input.Submitted, "#first-name")
    def chosen(self, event: Input.Submitted) -> None:
        self._choose(event.value)

    def _choose(self, value: str) -> None:
        name = valid_name(value)
        if name is None:
            # Said in the dialog itself, where the eyes are (a toast may hide behind it).
            hint = self.query_one("#name-hint", Static)
            hint.update(_("A name is 1 to 24 printable characters."))
            hint.styles.color = "red"
            return
        save_name(name)
        self.dismiss(name)
