"""One opponent in full, a tap on their line away: the one-line layouts (under 100 columns, a
phone's 40) leave out their laid cards past the line's end ("+N") and a LAST CHANCE caller's
revealed hand, which the wide layout's boxes show."""

from __future__ import annotations

from rich.text import Text
from seasalt.client.words.i18n import _
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Button, Static


class SeatDetail(ModalScreen[None]):
    """The seat's box as the wide layout draws it; any close key, or the button, goes back."""

    BINDINGS = [Binding("escape,enter,space", "close", _("Back"), show=False)]

    def __init__(self, text: Text) -> None:
        super().__init__(classes="dialog-screen")
        self.text = text

    def compose(self) -> ComposeResult:
        with VerticalScroll(classes="dialog seat-detail"):
            yield Static(self.text, classes="question")
            with Horizontal(classes="buttons"):
                yield Button(_("Back"), id="close", variant="primary")

    @on(Button.Pressed, "#close")
    def action_close(self) -> None:
        if self.app.screen is self:
            self.dismiss(None)


__all__ = ["SeatDetail"]
