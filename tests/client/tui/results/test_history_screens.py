"""Pilot tests of the history, replay and statistics screens (issue 6), over a fake source."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest
from seasalt.client.files.replay_file import open_replay, read_replay
from seasalt.client.tui.screens.history import HistoryScreen
from seasalt.client.tui.screens.replay import ReplayApp, ReplayScreen
from seasalt.client.tui.screens.stats import StatsScreen
from seasalt.client.tui.widgets.cardface import chip
from seasalt.engine import EventKind, apply, new_game
from seasalt.protocol import (
    Replay,
    StandInMove,
)
from seasalt.testing import tui as kit
from textual.widgets import DataTable

pytestmark = pytest.mark.timeout(60)


make_replay = kit.make_replay
STATS = kit.STATS
FakeSource = kit.FakeSource
Host = kit.Host
screen_text = kit.screen_text
until = kit.until


@pytest.fixture
def replays() -> dict[int, Replay]:
    return {1: make_replay(1, 3), 2: make_replay(2, 8)}


async def test_history_lists_games_and_opens_a_replay_stepping_both_ways(
    replays: dict[int, Replay], tmp_path: Path
) -> None:
    source = FakeSource(replays)
    app = Host(HistoryScreen(source, "fake:7327", export_dir=tmp_path))
    async with app.run_test(size=(250, 60)) as pilot:
        await until(lambda: app.screen.query_one(DataTable).row_count == 2)
        text = screen_text(app)
        assert "table2" in text and "table1" in text and "Ann" in text
        assert "double target" in text and "2 finished games" in text
        # the newest game is first; Enter opens its replay
        await pilot.press("enter")
        await until(lambda: isinstance(app.screen, ReplayScreen))
        screen = app.screen
        assert isinstance(screen, ReplayScreen)
        assert screen.replay is replays[2]
        # The whole screen drawn, its footer too, before it is taken as the start to come back
        # to (the footer's keys are drawn a refresh after the board: a race under load).
        await until(lambda: "Esc Close" in screen_text(app))
        start = screen_text(app)
        assert f"Move 0 of {len(replays[2].actions)}" in start
        # every seat's hand is shown (the bot's too), as the table's card chips, each whole on
        # one line: nothing is secret any more
        k = next(s.index for s in screen.steps if s.state.hands[1] and s.state.hands[0])
        screen.go(k)
        await pilot.pause()
        shown = screen_text(app)
        for seat in (0, 1):
            assert all(chip(c).plain.strip() in shown for c in screen.steps[k].state.hands[seat])
        await pilot.press("home")
        for _ in range(3):
            await pilot.press("right")
        assert screen.index == 3 and "Move 3 of" in screen_text(app)
        for _ in range(3):
            await pilot.press("left")
        assert screen.index == 0 and screen_text(app) == start
        await pilot.press("left")  # stays at the deal
        assert screen.index == 0
        await pilot.press("n")
        assert screen.index == screen.starts[1] if len(screen.starts) > 1 else screen.last
        await pilot.press("end")
        assert screen.index == screen.last and "game over" in screen_text(app)
        await pilot.press("p")
        assert screen.index == screen.starts[-1]
        await pilot.press("home")
        assert screen.index == 0
        await pilot.press("escape")
        await until(lambda: isinstance(app.screen, HistoryScreen))


async def test_history_exports_a_replay_file_and_shows_statistics(
    replays: dict[int, Replay], tmp_path: Path
) -> None:
    source = FakeSource(replays)
    app = Host(HistoryScreen(source, "fake:7327", export_dir=tmp_path))
    async with app.run_test(size=(250, 60)) as pilot:
        await until(lambda: app.screen.query_one(DataTable).row_count == 2)
        await pilot.press("down", "e")
        path = tmp_path / "seasalt-game-1.json"
        await until(path.exists)
        await until(lambda: open_replay(path) == replays[1])
        await pilot.press("s")
        await until(lambda: isinstance(app.screen, StatsScreen))
        await until(lambda: app.screen.query_one(DataTable).row_count == 2)
        text = screen_text(app)
        # names, never the raw player ids
        assert "Ann" in text and "p:0123456789abcdef" not in text
        assert "30.5" in text  # Ann's average: 61 points in 2 games
        assert "Crab 3" in text or "crab 3" in text.lower()
        await pilot.press("escape")
        await until(lambda: isinstance(app.screen, HistoryScreen))
        await pilot.press("escape")
    assert source.closed


async def test_history_says_why_it_is_empty_or_unavailable(replays: dict[int, Replay]) -> None:
    app = Host(HistoryScreen(FakeSource(replays, fail=True)))
    async with app.run_test(size=(120, 30)):
        await until(lambda: "Cannot get the history" in screen_text(app))
        assert "no server answered" in screen_text(app)
    app = Host(HistoryScreen(FakeSource({})))
    async with app.run_test(size=(120, 30)):
        await until(lambda: "No finished games" in screen_text(app))


async def test_the_history_shows_a_tables_own_target_as_the_lobby_did() -> None:
    """A game played "to 1 point" says so in the list (it read "-", like a standard game)."""
    short = make_replay(3, 4)
    short = dataclasses.replace(
        short, summary=dataclasses.replace(short.summary, double_target=False, target=1)
    )
    app = Host(HistoryScreen(FakeSource({3: short})))
    async with app.run_test(size=(120, 30)):
        await until(lambda: "1 finished game" in screen_text(app))
        assert "to 1 point" in screen_text(app)


async def test_a_replay_of_another_engine_version_is_refused_with_a_message() -> None:
    source = FakeSource({5: make_replay(5, 2, version="999")})
    app = Host(HistoryScreen(source))
    async with app.run_test(size=(120, 30)) as pilot:
        await until(lambda: app.screen.query_one(DataTable).row_count == 1)
        await pilot.press("enter")
        await until(lambda: any("'999'" in str(n.message) for n in app._notifications))
        assert isinstance(app.screen, HistoryScreen)


async def test_the_replay_app_opens_a_file_and_quits() -> None:
    replay = make_replay(3, 5)
    app = ReplayApp(replay)
    async with app.run_test(size=(120, 40)) as pilot:
        await until(lambda: isinstance(app.screen, ReplayScreen))
        await pilot.press("end")
        assert "game over" in screen_text(app)
        await pilot.press("q")
    assert app.return_value == 0


async def test_a_replay_file_of_ones_own_game_reads_you(private_home: Path) -> None:
    """``seasalt-client --replay FILE`` (client/log_and_replay.py) watches as this player, found by
    the kept identity: none kept, none is made and nobody's seat is "you"."""
    from seasalt.client.files.identity import identity_path, load_identity, own_player_id
    from seasalt.protocol import PlayerEntry, player_id_of_identity

    assert own_player_id() is None and not identity_path().exists()
    identity = load_identity()
    assert identity is not None and own_player_id() == player_id_of_identity(identity)
    replay = make_replay(3, 5)  # Ann's seat has another player's id
    bot = replay.summary.players[1]
    mine = dataclasses.replace(replay, summary=dataclasses.replace(
        replay.summary, players=(PlayerEntry(0, "human", "Ann", own_player_id()), bot)))
    assert await first_heading(ReplayApp(replay, viewer=own_player_id())) == "Ann"
    assert await first_heading(ReplayApp(mine, viewer=own_player_id())) == "You"


async def first_heading(app: ReplayApp) -> str:
    """The name heading seat 0's cards at the deal."""
    async with app.run_test(size=(120, 40)) as pilot:
        await until(lambda: isinstance(app.screen, ReplayScreen) and "total 0" in screen_text(app))
        heading = next(line for line in screen_text(app).splitlines() if "total 0" in line)
        await pilot.press("q")
    return heading.replace("▶", "").split("total")[0].strip()


async def test_the_lobby_opens_the_history_with_h() -> None:
    from seasalt.client.tui.screens.lobby import LobbyScreen

    app = Host(LobbyScreen("Ann", "not a server address::"))
    async with app.run_test(size=(120, 30)) as pilot:
        await until(lambda: isinstance(app.screen, LobbyScreen))
        await pilot.press("h")
        await until(lambda: isinstance(app.screen, HistoryScreen))
        await until(lambda: "Cannot get the history" in screen_text(app))


async def test_statistics_fit_80_columns_by_scrolling_and_folding(
    replays: dict[int, Replay],
) -> None:
    """Issue 15: names, not ids; the wide columns reach the screen (the table scrolls right),
    and a player's duos fold one a line instead of widening their column."""
    app = Host(StatsScreen(FakeSource(replays)))
    async with app.run_test(size=(80, 24)) as pilot:
        await until(lambda: app.screen.query_one(DataTable).row_count == 2)
        await pilot.pause()
        text = screen_text(app)
        assert "Ann" in text and "p:0123456789abcdef" not in text
        lines = text.splitlines()
        assert any("Crab 3" in line and "Shark" not in line for line in lines)
        assert any("Shark + Swimmer 1" in line or "Swimmer + Shark 1" in line for line in lines)
        assert "Bot for them" not in text  # the last column is off to the right at first
        # Scrolled right a cell a key (kit.press: Pilot.press idles 40 ms after each key).
        await kit.press(app, *["right"] * 80)
        await until(lambda: "Bot for them" in screen_text(app))
        assert "Ann" in screen_text(app)  # the name column stays while the others scroll


def first_keep(replay: Replay, seat: int) -> int:
    """The number of ``seat``'s first move that kept a card (moves count from 1)."""
    state = new_game(replay.rules, replay.seed)
    for n, action in enumerate(replay.actions, start=1):
        actor, result = state.to_act, apply(state, action)
        state = result.state
        if actor == seat and any(e.kind is EventKind.KEPT_CARD for e in result.events):
            return n
    raise AssertionError(f"seat {seat} kept no card")


async def test_a_replay_of_ones_own_game_reads_you_for_ones_own_seat(
    replays: dict[int, Replay], tmp_path: Path
) -> None:
    """The viewer's own seat (the source's ``viewer``: their player id) reads as it did at the
    table: "You drew…", "you to play", "your stand-in (bot) to play"; nowhere "Ann"."""
    replay = replays[2]
    number = first_keep(replay, 0)  # Ann's first keep: her stand-in's
    source = FakeSource(replays, stand_ins={2: (StandInMove(number, 0),)},
                        viewer=replay.summary.players[0].player)
    app = Host(HistoryScreen(source, "fake:7327", export_dir=tmp_path))
    async with app.run_test(size=(120, 60)) as pilot:
        await until(lambda: app.screen.query_one(DataTable).row_count == 2)
        await pilot.press("enter")  # the newest game: number 2
        await until(lambda: isinstance(app.screen, ReplayScreen))
        screen = app.screen
        assert isinstance(screen, ReplayScreen) and screen.replay is replay
        screen.go(number)
        await until(lambda: "Your stand-in (bot) kept" in screen_text(app))
        screen.go(number - 1)
        await until(lambda: f"Move {number - 1} of" in screen_text(app))
        assert "your stand-in (bot) to play" in screen_text(app)
        own = next(s.index for s in screen.steps[number:]
                   if s.state.to_act == 0 and s.index + 1 != number)
        screen.go(own)
        await until(lambda: f"Move {own} of" in screen_text(app))
        assert "you to play" in screen_text(app)
        drew = next(s.index for s in screen.steps[own + 1:]  # a draw she made herself
                    if any(e.kind in (EventKind.DREW_FROM_DECK, EventKind.TOOK_DISCARD)
                           and e.seat == 0 for e in s.events))
        screen.go(drew)
        await until(lambda: f"Move {drew} of" in screen_text(app))
        text = screen_text(app)
        assert any(line.strip().startswith(("You drew ", "You took "))
                   for line in text.splitlines()), text
        screen.go(screen.last)
        await until(lambda: "game over" in screen_text(app))
        winners = "you" if replay.summary.winners == (0,) else "bot greedy"
        assert f"game over, winner: {winners}" in screen_text(app)
        for step in (0, number, own, screen.last):
            screen.go(step)
            await until(lambda s=step: f"Move {s} of" in screen_text(app))
            assert "Ann" not in screen_text(app)


async def test_a_stand_ins_moves_read_as_its_own_in_the_replay_and_its_exported_file(
    replays: dict[int, Replay], tmp_path: Path
) -> None:
    """The history source says which moves a bot made for Ann (the server's
    ``replay_stand_ins``): the replay words them as the live log does, the export keeps them."""
    replay = replays[2]
    number = first_keep(replay, 0)  # Ann's first keep: her stand-in's
    moves = (StandInMove(number, 0),)
    source = FakeSource(replays, stand_ins={2: moves})
    app = Host(HistoryScreen(source, "fake:7327", export_dir=tmp_path))
    async with app.run_test(size=(80, 24)) as pilot:
        await until(lambda: app.screen.query_one(DataTable).row_count == 2)
        await pilot.press("e")  # the newest game: number 2
        path = tmp_path / "seasalt-game-2.json"
        await until(path.exists)
        await until(lambda: read_replay(path) == (replay, moves))
        await pilot.press("enter")
        await until(lambda: isinstance(app.screen, ReplayScreen))
        screen = app.screen
        assert isinstance(screen, ReplayScreen)
        screen.go(number)
        await until(lambda: "Ann's stand-in (bot) kept" in screen_text(app))
        screen.go(number - 1)
        await until(lambda: f"Move {number - 1} of" in screen_text(app))
        # The header names who makes the next move: the bot, not Ann (it said "Ann to play").
        assert "Ann's stand-in (bot) to play" in screen_text(app)
        assert "stand-in (bot) kept" not in screen_text(app)
        screen.go(number + 1)  # Ann's own move again (the next one is hers, not the bot's)
        await until(lambda: f"Move {number + 1} of" in screen_text(app))
        assert "stand-in" not in screen_text(app)


async def test_the_solo_lobbys_history_names_no_address() -> None:
    # The solo lobby reads "Solo lobby"; its history read "Finished games on 127.0.0.1:33603",
    # a port new each time (session 11, tmux).
    from seasalt.client.tui.screens.lobby import LobbyScreen

    app = Host(LobbyScreen("Ann", "127.0.0.1:33603", solo=True))
    async with app.run_test(size=(120, 30)) as pilot:
        await until(lambda: isinstance(app.screen, LobbyScreen))
        await pilot.press("h")
        await until(lambda: isinstance(app.screen, HistoryScreen))
        await until(lambda: "Finished solo games" in screen_text(app))
        assert "127.0.0.1" not in screen_text(app)
