"""What the TUI shows of a finished game, of the kept chat and of takeover statistics (issue 13,
defects 9, 10, 13): the app on a real connection to an in-process server on 127.0.0.1:0, raw
protocol clients as the other people."""

from __future__ import annotations

from typing import Any

import pytest
import zmq.asyncio
from seasalt.client.net.history_source import ServerHistory
from seasalt.client.net.intents import WatchTable
from seasalt.client.tui.app import SeasaltApp
from seasalt.client.tui.launch_options import LaunchOptions
from seasalt.client.tui.messages import IntentQueued
from seasalt.client.tui.screens.result import GameOverScreen, RoundResultScreen, record_notes
from seasalt.client.tui.screens.stats import StatsScreen
from seasalt.client.tui.screens.table import TableScreen
from seasalt.client.words.game import Names
from seasalt.protocol import (
    Chat,
    ChatLine,
    GameRecord,
    Joined,
    JoinOrCreate,
    Leave,
    Left,
    Takeover,
)
from seasalt.testing.server import RawClient, running_server
from textual.widgets import DataTable

pytestmark = pytest.mark.timeout(90)


def _flat(text: str) -> str:
    return " ".join(text.replace("│", " ").replace("┃", " ").split())


async def _watching_app(app: SeasaltApp, tui: Any, table: str) -> None:
    await tui.until(lambda: type(app.screen).__name__ == "LobbyScreen", timeout=30)
    app.post_message(IntentQueued(WatchTable(table)))
    await tui.until(lambda: isinstance(app.screen, TableScreen) and app.session.seat is None,
                    timeout=30)


async def test_a_late_spectator_sees_the_earlier_chat(tui) -> None:  # type: ignore[no-untyped-def]
    async with running_server() as server:
        ctx = zmq.asyncio.Context()
        try:
            ann, bob = RawClient(ctx, server.local_endpoint), RawClient(ctx, server.local_endpoint)
            await ann.hello("Ann")
            await bob.hello("Bob")
            for client in (ann, bob):
                await client.send(JoinOrCreate("t", ("human", "human")))
                await client.expect(Joined)
            await ann.send(Chat("t", "hello there"))
            await bob.expect(ChatLine)
            await bob.send(Chat("t", "hi Ann"))
            await ann.expect(ChatLine, where=lambda m: m.text == "hi Ann")
            app = SeasaltApp(LaunchOptions(address=server.local_endpoint.removeprefix("tcp://"),
                                           name="Eve"))
            async with app.run_test(size=(120, 40)):
                await _watching_app(app, tui, "t")
                await tui.until(lambda: "Bob: hi Ann" in tui.text(app), timeout=30)
                assert "Ann: hello there" in tui.text(app)
            ann.close()
            bob.close()
        finally:
            ctx.destroy(linger=0)


async def test_the_last_round_and_the_game_over_tell_how_the_game_went(tui) -> None:  # type: ignore[no-untyped-def]
    async with running_server() as server:
        ctx = zmq.asyncio.Context()
        address = server.local_endpoint.removeprefix("tcp://")
        try:
            ann = RawClient(ctx, server.local_endpoint)
            await ann.hello("Ann")
            await ann.send(JoinOrCreate("t", ("human", "bot:random")))
            await ann.expect(Joined)
            app = SeasaltApp(LaunchOptions(address=address, name="Eve"))
            async with app.run_test(size=(120, 40)) as pilot:
                await _watching_app(app, tui, "t")
                await tui.until(lambda: "Ann" in tui.text(app), timeout=30)
                await ann.send(Leave())  # a bot plays Ann's seat to the end, at once
                await ann.expect(Left)
                await tui.until(lambda: app.flow.game_record is not None, timeout=60)
                record = app.flow.game_record
                # The last round's result says the game is over, before Continue.
                await tui.until(lambda: isinstance(app.screen, RoundResultScreen)
                                and "Game over —" in tui.text(app), timeout=30)
                text = _flat(tui.text(app))
                winner = "Ann" if record.takeovers and 0 in app.flow.frame.view.winners else "Bot 2"
                assert f"Game over — {winner} wins" in text or "shared win" in text
                await tui.key(app, "enter")
                await tui.until(lambda: isinstance(app.screen, GameOverScreen), timeout=30)
                await pilot.pause()
                text = _flat(tui.text(app))
                # Every round's points from the server, and who a bot played for.
                assert "Round" in text and len(record.rounds) >= 1
                assert (
                    f"Ann: a {record.takeovers[0].level} bot played this seat in "
                    f"{len(record.rounds)} of {len(record.rounds)} rounds." in text
                )
                last = " ".join(str(p) for p in record.rounds[-1])
                assert f"{len(record.rounds)} {last}" in text

                # The statistics screen shows the bot's share apart from Ann's own.
                source = ServerHistory(address, "Eve")
                app.push_screen(StatsScreen(source))
                await tui.until(lambda: "players." in tui.text(app), timeout=30)
                table = app.screen.query_one(DataTable)
                header = [str(c.label) for c in table.columns.values()]
                rows = [table.get_row_at(i) for i in range(table.row_count)]
                ann_row = next(r for r in rows if str(r[0]).startswith("Ann"))
                wins = int(0 in app.flow.frame.view.winners)
                assert header[-1] == "Bot for them"
                assert ann_row[2] == "0"  # Ann's own wins: none, whoever won her seat
                assert str(ann_row[-1]).startswith(f"{wins} win{'' if wins == 1 else 's'}, ")
                assert str(ann_row[-1]).endswith(f" calls in {len(record.rounds)} rounds")
                await source.close()
            ann.close()
        finally:
            ctx.destroy(linger=0)


def test_the_tie_break_and_takeovers_are_worded() -> None:
    names = Names(["Ann", "Bob", "Cy"], 1)
    record = GameRecord("t", 9, ((3, 5, 0), (9, 7, 2)), True, (Takeover(2, "greedy", 1),))
    text = record_notes(record, names).plain
    assert "Tied on total points: the points of the last round decided." in text
    assert "Cy: a greedy bot played this seat in 1 of 2 rounds." in text
    assert record_notes(GameRecord("t", 9, (), False, ()), names).plain == ""


