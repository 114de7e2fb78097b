"""The game log (recent lines only: the game's memory element) and the chat."""

from __future__ import annotations

from collections import deque

from rich.console import Console
from rich.text import Text
from seasalt.client.tui.table_news import ChatLines, watch_news
from seasalt.client.tui.widgets.cards import Memo, update_text
from seasalt.client.tui.widgets.wrap import hang, tie_card_names
from seasalt.client.words.game import Names, describe_event
from seasalt.client.words.i18n import _
from seasalt.engine import Event
from textual.containers import Vertical
from textual.widgets import Input, Static

LOG_LINES = 8
"""How many log lines stay visible: older discards must be remembered, as at a real table."""
CHAT_LINES = 6


def log_lines(events: tuple[Event, ...], names: Names, keep: int = LOG_LINES) -> list[str]:
    """The last ``keep`` worded lines of a round's log."""
    lines = [line for line in (describe_event(e, names) for e in events) if line]
    return lines[-keep:]


class LogPanel(Static):
    """Recent game events, worded from your seat; lines new since your last turn marked."""

    memo: Memo | None = None
    shown: Text | None = None

    last: tuple[list[str], int] = ([], 0)

    def on_resize(self) -> None:
        self.show(*self.last)  # how many lines fit depends on the size

    def show(self, lines: list[str], fresh: int = 0) -> None:
        self.last = (lines, fresh)
        if self.memo is None:
            self.memo = Memo()
        width, height = self.content_size.width, self.content_size.height
        if not self.memo.changed((tuple(lines), fresh, width, height)):
            return
        fresh = min(fresh, len(lines))
        entries = [entry(line, index >= len(lines) - fresh, width, self.app.console)
                   for index, line in enumerate(lines)]
        if width > 2 and height > 1:
            # Keep the newest lines that fit (the oldest go first), counted as wrapped.
            rows = 1
            kept = 0
            for shown in reversed(entries):
                rows += len(shown.wrap(self.app.console, width))
                if rows > height:
                    break
                kept += 1
            entries = entries[len(entries) - kept :]
        text = Text()
        text.append(_("Recent events"), style="bold underline")
        for shown in entries:
            text.append("\n")
            text.append_text(shown)
        self.shown = update_text(self, self.shown, text)


def entry(line: str, fresh: bool, width: int, console: Console) -> Text:
    """One log line as the panel shows it: ``✱`` (new since your last turn) or ``·``, its
    words wrapped under themselves (a wrapped line went on flush left, under the mark), never
    inside a card's name (``Sailor (pink)`` was cut after "Sailor")."""
    lead = Text("✱ " if fresh else "· ", style="bold" if fresh else "dim")
    body = Text(tie_card_names(line), style="" if fresh else "dim")
    return hang(console, lead, body, width) if width > 0 else lead + body


class ChatPanel(Vertical):
    """Chat lines (names and text shown literally) and the input to write one."""

    def __init__(self, **kwargs: object) -> None:
        super().__init__(**kwargs)  # type: ignore[arg-type]
        self.lines: deque[tuple[str, str]] = deque(maxlen=CHAT_LINES)
        self.view = Static(Text(_("Chat"), style="bold underline"), id="chat-lines")

    def compose(self):  # type: ignore[no-untyped-def]
        yield self.view
        yield Input(placeholder=_("Say something (t)…"), id="chat-input", max_length=200)

    def on_mount(self) -> None:
        # What came before this screen opened (the table flow keeps the table's chat).
        kept = getattr(getattr(self.app, "flow", None), "chat_lines", None)
        if kept:
            self.replace(kept)
        watch_news(self, "chat", self._chat_changed)  # the table's chat, as the app holds it

    def _chat_changed(self, old: ChatLines, new: ChatLines) -> None:
        """New lines after the ones known are added; any other chat replaces them (the
        table's recent chat, on joining, watching, coming back)."""
        if len(new) > len(old) and new[:len(old)] == old:
            for name, text in new[len(old):]:
                self.add(name, text)
        else:
            self.replace(list(new))

    def replace(self, lines: list[tuple[str, str]]) -> None:
        """Show exactly these lines (the table's recent chat from the server)."""
        self.lines.clear()
        self.lines.extend(lines)
        self._render_lines()

    def add(self, name: str, message: str) -> None:
        self.lines.append((name, message))
        self._render_lines()

    def _render_lines(self) -> None:
        text = Text()
        text.append(_("Chat"), style="bold underline")
        for who, said in self.lines:
            text.append("\n")
            text.append(who, style="bold")  # appended as plain text: never markup
            text.append(": ")
            text.append(said)
        self.view.update(text)
