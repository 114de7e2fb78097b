"""While the chat line has the keys the footer says how to give them back (qa8, played in
tmux): after t the footer still read "? Help  l Log/chat  t Chat  q Quit", keys the chat line
takes as text ("?" typed a question mark), and nothing said Esc leaves it."""

from __future__ import annotations

from typing import Any

from seasalt.testing.tui import OneFrameLink, app_for, mid_round
from textual.widgets import Input


async def test_the_footer_offers_esc_while_typing_a_chat_line(tui: Any) -> None:
    app = app_for(OneFrameLink(mid_round(3), 0))
    async with app.run_test(size=(80, 24)):
        table = await tui.until_table(app)
        await tui.settled(app)
        footer = tui.text(app).splitlines()[-1]
        assert "? Help" in footer and "Leave chat" not in footer, footer
        await tui.key(app, "t")
        await tui.until(lambda: isinstance(table.focused, Input))
        await tui.settled(app)
        footer = tui.text(app).splitlines()[-1]
        assert "Esc Leave chat" in footer and "? Help" not in footer, footer
        assert "q Quit" not in footer  # q is a letter of the line now
        await tui.key(app, "?")
        await tui.until(lambda: table.query_one("#chat-input", Input).value == "?")
        await tui.key(app, "escape")
        await tui.until(lambda: table.focused is None)
        await tui.settled(app)
        footer = tui.text(app).splitlines()[-1]
        assert "? Help" in footer and "Leave chat" not in footer, footer
