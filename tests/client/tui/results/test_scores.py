"""The score sheet (issue 15): every round's gains per seat, how it ended, running totals, the
tie-break (RULES §8.3); the numbers come from the server's journal, so they survive a server
restart (real server process, real sockets, real SQLite)."""

from __future__ import annotations

import sqlite3
from pathlib import Path
from typing import Any

import pytest
from rich.console import Console
from seasalt.client.net.intents import AskScores, SitDown
from seasalt.client.tui.app import SeasaltApp
from seasalt.client.tui.launch_options import LaunchOptions
from seasalt.client.tui.messages import IntentQueued
from seasalt.client.tui.screens.lobby import LobbyScreen
from seasalt.client.tui.screens.result import RoundResultScreen
from seasalt.client.tui.screens.scores import ScoresScreen, places, sheet_notes, sheet_table
from seasalt.client.tui.screens.table import TableScreen
from seasalt.client.tui.widgets.actions import ActionList
from seasalt.client.words import i18n
from seasalt.client.words.game import Names
from seasalt.engine import Call, RoundEnd
from seasalt.protocol import ScoreRound, ScoreSheet, result_from_wire
from seasalt.server.journal_schema import from_blob
from seasalt.testing.server import restartable_server
from seasalt.testing.tui import QueueLink, screen_text

pytestmark = pytest.mark.timeout(120)

NAMES = Names(["Ann", "Bob", "Cy"], 0)


@pytest.fixture(autouse=True)
def english() -> Any:
    i18n.set_language("en")
    yield
    i18n.set_language("en")


def sheet(**kw: Any) -> ScoreSheet:
    rounds = (
        ScoreRound(1, RoundEnd.STOP, 1, None, (3, 9, 4), (3, 9, 4)),
        ScoreRound(2, RoundEnd.VOID, 2, None, (0, 0, 0), (3, 9, 4)),
        ScoreRound(3, RoundEnd.LAST_CHANCE, 0, True, (14, 2, 3), (17, 11, 7)),
        ScoreRound(4, RoundEnd.LAST_CHANCE, 2, False, (6, 1, 4), (23, 12, 11)),
    )
    base: dict[str, Any] = dict(table="t", seq=40, rounds=rounds, scores=(23, 12, 11),
                                standings=(0, 1, 2), over=False, tie_break=False)
    base.update(kw)
    return ScoreSheet(**base)


def rendered(renderable: Any, width: int = 100) -> str:
    console = Console(width=width, record=True, color_system=None)
    console.print(renderable)
    return console.export_text()


def test_the_sheet_shows_each_rounds_gains_how_it_ended_and_the_running_totals() -> None:
    text = rendered(sheet_table(sheet(), NAMES))
    lines = text.splitlines()
    row = {n: next(line for line in lines if line.strip().startswith(str(n) + " "))
           for n in (1, 2, 3, 4)}
    assert "Bob called STOP" in row[1] and "+3 → 3" in row[1] and "+9 → 9" in row[1]
    assert "void: the deck ran out" in row[2] and "+0 → 9" in row[2]
    assert "You called LAST CHANCE: won" in row[3] and "+14 → 17" in row[3]
    assert "Cy called LAST CHANCE: lost" in row[4] and "+4 → 11" in row[4]
    total = next(line for line in lines if "total" in line)
    assert total.split()[-3:] == ["23", "12", "11"]
    assert next(line for line in lines if "place" in line).split()[-3:] == ["#1", "#2", "#3"]
    # Fits 80 columns with four players.
    four = sheet(rounds=(ScoreRound(1, RoundEnd.MERMAIDS, 3, None, (0,) * 4, (0,) * 4),),
                 scores=(0,) * 4, standings=(3, 0, 1, 2))
    narrow = rendered(sheet_table(four, Names(["Ann", "Bob", "Cy", "Di"], 0)), width=80)
    assert "Di gathered all four mermaids" in " ".join(narrow.split())
    assert max(len(line) for line in narrow.splitlines()) <= 80


def test_places_follow_the_engines_standings_and_share_a_full_tie() -> None:
    # RULES §8.3: total, then the points of the last scored round; still tied: shared.
    s = sheet(scores=(20, 20, 20), standings=(1, 0, 2), rounds=(
        ScoreRound(1, RoundEnd.STOP, 1, None, (12, 8, 12), (12, 8, 12)),
        ScoreRound(2, RoundEnd.STOP, 0, None, (8, 12, 8), (20, 20, 20)),
        ScoreRound(3, RoundEnd.VOID, 1, None, (0, 0, 0), (20, 20, 20)),
    ))
    assert places(s) == {1: 1, 0: 2, 2: 2}  # the void round 3 breaks no tie
    # After a mermaid win the winner is first even on fewer points.
    m = sheet(scores=(5, 5, 0), standings=(2, 0, 1), rounds=(
        ScoreRound(1, RoundEnd.STOP, 1, None, (5, 5, 0), (5, 5, 0)),
        ScoreRound(2, RoundEnd.MERMAIDS, 2, None, (0, 0, 0), (5, 5, 0)),
    ))
    assert places(m) == {2: 1, 0: 2, 1: 2}


def test_the_tie_break_is_said_when_it_applies() -> None:
    decided = sheet_notes(sheet(over=True, tie_break=True), NAMES).plain
    assert "Tied on total points: the points of the last round decided." in decided
    assert "Tied" not in sheet_notes(sheet(over=True), NAMES).plain
    tied = sheet_notes(sheet(scores=(12, 12, 7)), NAMES).plain
    assert "You, Bob are tied on 12 points" in tied
    assert "points of the last scored round" in tied
    one = sheet_notes(sheet(scores=(1, 1, 0)), NAMES).plain
    assert "tied on 1 point:" in one  # ngettext
    assert "No round has ended yet." in sheet_notes(sheet(rounds=()), NAMES).plain


# --- in the app: from the server, asked for each time --------------------------------------


class SheetLink(QueueLink):
    """A running table whose score sheet changes between two requests."""

    def __init__(self, state: Any) -> None:
        super().__init__()
        self.state = state
        self.asked = 0

    async def send(self, message: Any) -> None:
        from seasalt import protocol as p
        from seasalt.engine import view

        if isinstance(message, p.ListTables):
            seats = tuple(p.SeatInfo("human", n, True, False) for n in ("Ann", "Bob", "Cy"))
            await self.inbox.put(p.Joined("t", 0))
            await self.inbox.put(p.TableChanged(p.TableInfo(
                "t", seats, False, False, p.TableState.RUNNING, 5)))
            await self.inbox.put(p.Snapshot("t", 40, view(self.state, 0)))
        elif isinstance(message, p.GetScores):
            assert message.table == "t"
            self.asked += 1
            rounds = sheet().rounds[: self.asked + 2]
            await self.inbox.put(sheet(rounds=rounds, scores=rounds[-1].totals))


async def test_h_opens_the_sheet_which_asks_the_server_each_time(tui) -> None:
    from seasalt.testing.tui import mid_round

    link = SheetLink(mid_round(3))
    app = SeasaltApp(LaunchOptions(address="t:1", name="Ann"), link_factory=lambda _a, _n: link)
    async with app.run_test(size=(100, 30)):
        table = await tui.until_table(app)
        await tui.key(app, "h")
        await tui.until(lambda: isinstance(app.screen, ScoresScreen)
                        and app.screen.sheet is not None)
        await tui.settled(app)
        text = screen_text(app)
        assert "Scores — table t" in text and "Bob called STOP" in text
        assert "You called LAST CHANCE: won" in text and "Cy called LAST CHANCE" not in text
        await tui.key(app, "escape")
        await tui.until(lambda: app.screen is table)
        await tui.key(app, "h")  # again: a fresh sheet from the server, not a memory
        await tui.until(lambda: link.asked == 2 and isinstance(app.screen, ScoresScreen)
                        and "Cy called LAST CHANCE: lost" in screen_text(app))


# --- the real thing: a real server, its journal, a restart -------------------------------------


def journal_rounds(db: Path) -> list[tuple[int, ...]]:
    with sqlite3.connect(f"file:{db}?mode=ro", uri=True) as conn:
        rows = conn.execute("SELECT result FROM rounds ORDER BY game_id, round").fetchall()
    return [tuple(s.round_score for s in result_from_wire(from_blob(bytes(b)), "r").seats)
            for (b,) in rows]


async def play_until_a_round_ends(app: SeasaltApp, tui: Any) -> None:
    """Ann plays (never a call: the bot ends the round, or the deck does)."""
    while not isinstance(app.screen, RoundResultScreen):
        await tui.until(lambda: isinstance(app.screen, RoundResultScreen) or (
            isinstance(app.screen, TableScreen) and app.screen.ready), timeout=60)
        table = app.screen
        if not isinstance(table, TableScreen):
            break
        choice = next(c for c in table.query_one(ActionList).choices
                      if not isinstance(c.action, Call))
        seq = table.frame.seq
        await tui.key(app, choice.key)
        await tui.until(lambda: isinstance(app.screen, RoundResultScreen)
                        or table.frame.seq > seq, timeout=60)  # noqa: B023


async def test_the_sheet_survives_a_server_restart(tui, tmp_path: Path) -> None:
    db = tmp_path / "journal.sqlite3"
    server = restartable_server(db, 5)
    server.start()
    address, port = server.address, server.port
    try:
        app = SeasaltApp(LaunchOptions(address=address, name="Ann"))
        async with app.run_test(size=(100, 30)):
            await tui.until(lambda: isinstance(app.screen, LobbyScreen), timeout=30)
            app.post_message(IntentQueued(SitDown("duo", ("human", "bot:greedy"))))
            await play_until_a_round_ends(app, tui)
            # From the round result: the sheet opens over it.
            result = app.screen
            await tui.key(app, "h")
            await tui.until(lambda: isinstance(app.screen, ScoresScreen)
                            and app.screen.sheet is not None, timeout=30)
            before = app.screen.sheet
            assert before is not None and len(before.rounds) == 1
            assert [r.points for r in before.rounds] == journal_rounds(db)
            await tui.key(app, "escape")
            await tui.until(lambda: app.screen is result)
            await tui.key(app, "enter")
            await tui.until(lambda: isinstance(app.screen, TableScreen) and app.screen.ready
                            and app.screen.frame.view.round == 2, timeout=60)
            table = app.screen
            frame = app.flow.frame
            server.kill()
            server.start(port=port)  # the same address and journal
            # The client resumes its seat by itself: a fresh snapshot from the new server.
            await tui.until(lambda: app.flow.frame is not frame and table.ready, timeout=60)
            app.flow.score_sheet = None  # nothing kept on this side: the sheet must be asked for
            asked = sum(isinstance(i, AskScores) for i in app.sent)
            await tui.key(app, "h")
            await tui.until(lambda: isinstance(app.screen, ScoresScreen)
                            and app.screen.sheet is not None, timeout=30)
            after = app.screen.sheet
            assert sum(isinstance(i, AskScores) for i in app.sent) == asked + 1
            assert after is not None and after.rounds == before.rounds
            assert after.scores == table.frame.view.scores  # the engine's totals
            await tui.settled(app)
            text = " ".join(screen_text(app).split())
            first = before.rounds[0]
            assert f"+{first.points[0]} → {first.totals[0]}" in text
            assert "Bob" in text or "Bot 2" in text
    finally:
        server.kill()


async def test_only_a_session_at_the_table_gets_its_sheet() -> None:
    import zmq.asyncio
    from seasalt.protocol import Error, ErrorCode, GetScores, JoinOrCreate, Snapshot
    from seasalt.testing.server import RawClient, running_server

    ctx = zmq.asyncio.Context()
    async with running_server() as server:
        ann, eve = RawClient(ctx, server.local_endpoint), RawClient(ctx, server.local_endpoint)
        try:
            await ann.hello("Ann")
            await eve.hello("Eve")
            await ann.send(JoinOrCreate("t", ("human", "bot:random")))
            await ann.expect(Snapshot)
            await ann.send(GetScores("t"))
            answer = await ann.expect(ScoreSheet)
            assert answer.rounds == () and answer.scores == (0, 0) and not answer.over
            await eve.send(GetScores("t"))  # not seated there, not watching
            refused = await eve.expect(Error)
            assert refused.code is ErrorCode.NOT_SEATED
            assert not any(isinstance(m, ScoreSheet) for m in eve.received)
        finally:
            ann.close()
            eve.close()
    ctx.term()


class WaitingSheetLink(QueueLink):
    """A table waiting for its second player; the server's sheet has no round yet."""

    def __init__(self) -> None:
        super().__init__()
        self.sent: list[object] = []

    def info(self, second: str | None) -> Any:
        from seasalt import protocol as p

        seats = (p.SeatInfo("human", "Ann", True, False),
                 p.SeatInfo("human", second, second is not None, False))
        return p.TableChanged(p.TableInfo("t", seats, False, False, p.TableState.WAITING, 0))

    async def send(self, message: object) -> None:
        from seasalt import protocol as p

        self.sent.append(message)
        if isinstance(message, p.ListTables):
            await self.inbox.put(p.Joined("t", 0))
            await self.inbox.put(self.info(None))
        elif isinstance(message, p.GetScores):
            await self.inbox.put(ScoreSheet("t", 0, (), (0, 0), (0, 1), False, False))


async def test_an_open_sheet_in_the_waiting_room_names_who_sits_down(tui) -> None:
    # cli10 found it: h in the waiting room showed "(free seat)" and stayed so after Bob sat.
    link = WaitingSheetLink()
    app = SeasaltApp(LaunchOptions(address="t:1", name="Ann"), link_factory=lambda _a, _n: link)
    async with app.run_test(size=(100, 30)):
        await tui.until(lambda: isinstance(app.screen, TableScreen)
                        and app.screen.waiting is not None)
        await tui.key(app, "h")
        await tui.until(lambda: isinstance(app.screen, ScoresScreen)
                        and app.screen.sheet is not None)
        await tui.until(lambda: "(free seat)" in screen_text(app))
        await link.inbox.put(link.info("Bob"))
        await tui.until(lambda: "Bob" in screen_text(app))
        assert "(free seat)" not in screen_text(app)
