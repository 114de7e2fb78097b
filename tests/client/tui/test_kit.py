"""The shared TUI kit (seasalt.testing.tui) does what the other tests rely on."""

from __future__ import annotations

import html

from seasalt.testing import tui as kit
from textual.app import ComposeResult
from textual.events import Key
from textual.screen import Screen
from textual.widgets import Static


class Probe(Screen[None]):
    def __init__(self) -> None:
        super().__init__()
        self.keys: list[str] = []

    def compose(self) -> ComposeResult:
        yield Static("first words", id="words")

    def on_mount(self) -> None:
        # Changed after the first refresh, as TableScreen.rendered is set.
        self.call_after_refresh(lambda: self.query_one("#words", Static).update("drawn later"))

    def on_key(self, event: Key) -> None:
        self.keys.append(event.key)


async def test_settled_waits_for_what_runs_after_a_refresh() -> None:
    screen = Probe()
    app = kit.Host(screen)
    async with app.run_test(size=(40, 5)):
        await kit.until(lambda: app.screen is screen)
        await kit.settled(app)
        assert "drawn later" in kit.screen_text(app)
        words = screen.query_one("#words", Static)
        words.update("one")
        screen.call_after_refresh(lambda: words.update("two"))
        assert "two" not in kit.screen_text(app)  # nothing has been drawn yet
        await kit.settled(app)
        assert "two" in kit.screen_text(app)


async def test_screen_text_is_what_the_public_screenshot_shows() -> None:
    """screen_text is the kit's one read of a Textual private name: check it against the
    public SVG export, so a Textual change that breaks it fails here, by name."""
    app = kit.Host(Probe())
    async with app.run_test(size=(40, 5)):
        await kit.until(lambda: isinstance(app.screen, Probe))
        await kit.settled(app)
        svg = html.unescape(app.export_screenshot()).replace("\xa0", " ")
        text = kit.screen_text(app)
        assert "drawn later" in text and "drawn" in svg and "later" in svg


async def test_keys_arrive_in_order_and_through_follows_them() -> None:
    screen = Probe()
    app = kit.Host(screen)
    async with app.run_test(size=(40, 5)):
        await kit.until(lambda: app.screen is screen)
        await kit.press(app, "a", "b", "c")
        await kit.through(app, screen)
        assert screen.keys == ["a", "b", "c"]
