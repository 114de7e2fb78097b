"""Connecting: progress, then either the next screen or a clear message with hints and retry."""

from __future__ import annotations

from collections.abc import Sequence

from rich.console import Group
from rich.table import Table
from rich.text import Text
from seasalt.client.tui.screens.button_keys import button_keys, pressed
from seasalt.client.tui.widgets.footer import Footer
from seasalt.client.words.i18n import _, pgettext
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.events import Key
from textual.message import Message
from textual.screen import Screen
from textual.widgets import Button, LoadingIndicator, Static


class ConnectingScreen(Screen[None]):
    """"Connecting to …" with a spinner; on failure, what went wrong and what to check."""

    BINDINGS = [
        Binding("escape,b", "back", _("Back"), key_display="Esc"),
        # priority, as the app's own hidden ctrl+q, so that the footer shows it (start.py)
        Binding("ctrl+q", "app.request_quit", _("Quit"), priority=True),
    ]

    class Retry(Message):
        """Try the same plan again."""

    class Back(Message):
        """Go back to the start menu."""

    def __init__(self, what: str) -> None:
        super().__init__(classes="menu-screen")
        self.what = what
        # The retry key is the language's own (client/tui/screens/button_keys.py); Esc and b go
        # back.
        self.keys = button_keys(
            [("retry", pgettext("dialog key: retry", "r"), "r", _("Retry ({key})"))],
            reserved=("b",),
        )

    def compose(self) -> ComposeResult:
        with Vertical(id="connecting"):
            yield Static(self.what, id="connecting-what", markup=False)
            yield LoadingIndicator(id="spinner")
            yield Static(id="connecting-error")
            with Horizontal(classes="buttons", id="connecting-buttons"):
                yield Button(self.keys[0].label, id="retry", variant="primary")
                yield Button(_("Back (Esc)"), id="back")
        # A connect waits with only a spinner (over a slow link as long as it takes, saying so
        # after 8 s: client/tui/link.py): the footer says Esc goes back meanwhile.
        yield Footer()

    def on_mount(self) -> None:
        self.query_one("#connecting-buttons").display = False

    def progress(self, what: str) -> None:
        """Show a new step of the way in."""
        self.query_one("#connecting-what", Static).update(Text(what))
        self.query_one("#spinner").display = True
        self.query_one("#connecting-error", Static).update("")
        self.query_one("#connecting-buttons").display = False

    def failed(self, detail: str, hints: Sequence[str]) -> None:
        """Stop the spinner; say what failed and what to check."""
        self.query_one("#spinner").display = False
        text = Text(detail, style="bold red")
        if not hints:
            self.query_one("#connecting-error", Static).update(text)
        else:
            text.append("\n\n" + _("Things to check:"), style="bold")
            # A grid, so that a hint that wraps hangs under its own words, not its bullet.
            bullets = Table.grid(padding=(0, 1))
            bullets.add_column(no_wrap=True)
            bullets.add_column(ratio=1)
            for hint in hints:
                bullets.add_row(" •", hint)
            self.query_one("#connecting-error", Static).update(Group(text, bullets))
        self.query_one("#connecting-buttons").display = True
        self.query_one("#retry", Button).focus()

    def on_key(self, event: Key) -> None:
        if pressed(event, self.keys) == "retry":
            event.stop()
            event.prevent_default()
            self.action_retry()

    @on(Button.Pressed, "#retry")
    def action_retry(self) -> None:
        self.post_message(self.Retry())

    @on(Button.Pressed, "#back")
    def action_back(self) -> None:
        self.post_message(self.Back())
