"""A lost server is said where an 80-column screen shows it (qa8, played in tmux).

At 80 x 24, at a table with a long name and both expansions, the status line was cut at
"… · Extra Pepper ·": "reconnecting…" (and "disconnected: press q to quit") came after the
options and never showed; once the toast went, nothing said the server was gone. And a table
name of the longest kind (32 characters) pushed the player's own score off it (qa9).
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from seasalt import protocol as p
from seasalt.client.tui.app import SeasaltApp
from seasalt.client.tui.launch_options import LaunchOptions
from seasalt.client.tui.messages import LinkStatus
from seasalt.client.tui.screens.table import TableScreen
from seasalt.client.tui.screens.table_draw import status_line
from seasalt.client.tui.widgets.actions import ActionList
from seasalt.engine import Rules, new_game
from seasalt.testing.tui import FakeLink, toasts

NAME = "Ann's Friday night table at Bo's"  # MAX_TABLE_NAME_LENGTH


async def test_reconnecting_and_disconnected_show_on_an_80_column_status_line(tui: Any) -> None:
    links: list[FakeLink] = []

    def factory(address: str, name: str) -> FakeLink:
        link = FakeLink(address, name, players=3,
                        state=new_game(Rules(3, extra_salt=True, extra_pepper=True), 5))
        link.table = NAME
        links.append(link)
        return link

    app = SeasaltApp(LaunchOptions(address="lan:7327", name="Ann"), link_factory=factory)
    async with app.run_test(size=(80, 24)):
        await tui.until(lambda: type(app.screen).__name__ == "LobbyScreen")
        await tui.key(app, "enter")
        await tui.until(lambda: isinstance(app.screen, TableScreen)
                        and app.screen.rendered is not None)

        def status() -> str:
            return tui.text(app).splitlines()[0]

        # The name gives way to the round, the target and your score; options cut at the edge.
        assert "Ann's Friday night" in status() and NAME not in status(), status()
        assert "round 1 · target 35 · you: 0" in status(), status()
        assert "Extra Pepper" not in status()
        table = app.screen
        await tui.until(lambda: table.ready)
        # An option is shown whole or not at all, "…" saying that some were left out (a solo
        # game's line read "· Extra Salt · Extra", a word cut in two: session 10).
        short = status_line(replace(table.frame, table="Ann's table"), table.names(), 0, "", 0,
                            80).plain
        assert short.endswith(" · Extra Salt · …") and len(short) <= 80, short
        await links[0].inbox.put(LinkStatus("reconnecting", "no word from the server"))
        await tui.until(lambda: "reconnecting…" in status())
        assert "you: 0" in status(), status()
        # A choice while the server is out of reach is not sent into the void (it was lost,
        # and its key did nothing for five seconds): the player is told to wait (qa9).
        sent, said = len(links[0].sent), toasts(app)
        await tui.key(app, table.query_one(ActionList).choices[0].key)
        await tui.until(lambda: any("your choice was not sent" in m for m in said))
        assert not any(isinstance(m, p.ActionRequest) for m in links[0].sent[sent:])
        assert not table.sent
        await links[0].inbox.put(LinkStatus("failed", "the server is gone"))
        await tui.until(lambda: "disconnected: press q to quit" in status())


async def test_the_players_score_comes_before_the_options_on_the_status_line(tui: Any) -> None:
    # French at 80 columns, Extra Pepper: the line ended "… · Extra Pepper · vous :", the
    # player's own score cut off.
    from seasalt.testing import tui as kit

    state = new_game(Rules(3, extra_salt=True, extra_pepper=True), 5)
    app = kit.table_app(state, "fr", ("Ann", "Bob", "Cy"))
    async with app.run_test(size=(80, 24)):
        await tui.until_table(app)
        await tui.settled(app)
        status = tui.text(app).splitlines()[0]
        assert "vous\u00a0: 0" in status, status  # (a no-break space: French typography)
        assert status.rstrip().endswith(" · …"), status  # (options whole or not at all)
