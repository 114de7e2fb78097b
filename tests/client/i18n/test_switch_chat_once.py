"""A language switch keeps each chat line once (qa8, played in tmux): after ctrl+p
"Language: Français" at the table, Bob's one line "Bob: hi Ann" showed twice — the new chat
panel took the app's lines when it mounted, and the switch added the old panel's again."""

from __future__ import annotations

from typing import Any

import pytest
from seasalt.client.tui.widgets.log import ChatPanel
from textual.widgets import Input

pytestmark = pytest.mark.timeout(60)


async def test_a_switch_shows_each_chat_line_once(kit: Any) -> None:
    app = kit.table_app(kit.mid_round(3), "en", names=("Bob", "Ann", "Cy"))
    async with app.run_test(size=(120, 40)):
        await kit.until(kit.table_ready(app))
        chat = app.screen.query_one("#chat-input", Input)
        chat.value = "hi Ann"
        await chat.action_submit()
        await kit.until(lambda: "Bob: hi Ann" in kit.screen_text(app))
        app.set_language("fr")
        await kit.until(lambda: "À vous." in kit.screen_text(app))
        await kit.settled(app)
        assert list(app.screen.query_one(ChatPanel).lines) == [("Bob", "hi Ann")]
        assert kit.screen_text(app).count("Bob: hi Ann") == 1
        app.set_language("en")
        await kit.until(lambda: "Your turn." in kit.screen_text(app))
        await kit.settled(app)
        assert list(app.screen.query_one(ChatPanel).lines) == [("Bob", "hi Ann")]
