"""The second solo game: after a finish, after "play again", after a quit, after a crash.

Real child servers (``python -m seasalt.server``, its solo journal in this test's own data dir),
real sockets, real SQLite; short games (``target=1``, one greedy bot, a seeded deal). The
player is played by a greedy bot that calls STOP when it may, pressing the keys on screen.
"""

from __future__ import annotations

import fcntl
import os
import shutil
import signal
import sqlite3
import tempfile
from pathlib import Path

import pytest
from seasalt.client.own_server.child_server import journal_in_use
from seasalt.client.tui.app import SeasaltApp
from seasalt.client.tui.launch_options import LaunchOptions
from seasalt.client.tui.screens.connecting import ConnectingScreen
from seasalt.client.tui.screens.dialogs import ConfirmDialog
from seasalt.client.tui.screens.start import StartScreen
from seasalt.client.tui.screens.table import TableScreen
from seasalt.testing.tui import toasts

from .play_through import STARTED, play_to_game_over

pytestmark = pytest.mark.timeout(300)

SEED = 58
"""``seasalt-server --seed``: short games to 1 point against one greedy bot (9-15 moves of
the player's for the solo table's games 1-3), found by playing them offline."""

SHORT = {"name": "Ann", "opponents": 1, "target": 1, "server_seed": SEED, "bot_delay": 0}
"""A solo game that ends after a round or so."""

@pytest.fixture
def data(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """This test's own user dirs (the solo journal and its seat token live in the data dir)."""
    for name in ("XDG_DATA_HOME", "XDG_CONFIG_HOME", "XDG_STATE_HOME"):
        monkeypatch.setenv(name, str(tmp_path / name.lower()))
    return tmp_path / "xdg_data_home" / "seasalt"


def solo(**options: object) -> SeasaltApp:
    """``seasalt-client --solo`` with ``options`` (the short game's unless given)."""
    return SeasaltApp(LaunchOptions(solo=True, **{**SHORT, **options}))  # type: ignore[arg-type]


async def new_game(app: SeasaltApp, tui, seats: int) -> TableScreen:  # type: ignore[no-untyped-def]
    """Wait for a game just dealt at ``seats`` seats (never a refusal, never a question)."""
    try:
        await tui.until(lambda: (isinstance(app.screen, TableScreen) and app.flow.frame is not None)
                        or isinstance(app.screen, ConfirmDialog)
                        or "refused" in tui.text(app) or "is over" in tui.text(app),
                        timeout=STARTED, what="a table, a question or a refusal")
    except AssertionError:
        raise AssertionError(f"no new game: {app.screen}\n{tui.text(app)}") from None
    screen = app.screen
    assert isinstance(screen, TableScreen), tui.text(app)
    view = app.flow.frame.view
    assert not view.is_over and view.round == 1 and not any(view.scores), view
    assert len(view.seats) == seats
    return screen


def kept(data: Path) -> bool:
    """The data dir holds a solo game to resume (its seat's token)."""
    return (data / "solo-game.json").is_file()


async def test_after_finished_games_solo_starts_new_ones(  # type: ignore[no-untyped-def]
    tui, data: Path, tmp_path: Path
) -> None:
    first = solo()
    async with first.run_test(size=(100, 30)):
        await new_game(first, tui, seats=2)
        for _again in range(2):  # "Play again" at the game over, twice: a fresh game each time
            await play_to_game_over(first, tui)
            assert not kept(data) and not first.own.solo_resumable  # nothing left to resume
            said = toasts(first)
            await tui.key(first, "p")
            await tui.until(lambda: first.flow.frame is not None
                            and not first.flow.frame.view.is_over
                            and isinstance(first.screen, TableScreen), timeout=STARTED)
            assert first.flow.frame.view.round == 1 and first.flow.frame.view.scores == (0, 0)
            await tui.until(lambda: kept(data), timeout=STARTED)  # a game on is kept again
            assert not [w for w in said if "Waiting for everyone" in w]  # nobody to wait for
        await play_to_game_over(first, tui)
        await tui.key(first, "q")  # the game over's "Quit (q)": nothing to ask
    assert not kept(data)
    finished = tmp_path / "finished"  # the data dir after a finished game, to start again from
    shutil.copytree(data, finished)

    # A finished game is no unfinished one: the start menu offers a new game only.
    menu = SeasaltApp(LaunchOptions(name="Ann", bot_delay=0))
    async with menu.run_test(size=(100, 30)):
        await tui.until(lambda: isinstance(menu.screen, StartScreen))
        await tui.settled(menu)
        shown = tui.text(menu)
        assert "Play solo" in shown and "Resume your unfinished solo game" not in shown, shown

    # --solo again, the same options: a new game (it was "The game at 'solo' is over").
    same = solo()
    async with same.run_test(size=(100, 30)):
        await new_game(same, tui, seats=2)
        await tui.until(lambda: kept(data))

    # From the same finished game, --solo with other options: a new game too (it was "A table
    # with that name exists").
    shutil.rmtree(data)
    shutil.copytree(finished, data)
    other = solo(opponents=2, level="basic")
    async with other.run_test(size=(100, 30)):
        await new_game(other, tui, seats=3)
        await tui.until(lambda: kept(data))

    # That game can no longer be resumed (recorded by another engine version, as after an
    # upgrade): "Resume your unfinished solo game" hung on "Connecting…" for good, the server
    # giving a seatless session nothing to show. A new game with its options starts instead.
    journal = sqlite3.connect(data / "solo.sqlite3")
    with journal:
        journal.execute("UPDATE games SET engine_version = 'an older one'")
    journal.close()
    again = SeasaltApp(LaunchOptions(name="Ann", bot_delay=0, server_seed=SEED))
    async with again.run_test(size=(100, 30)):
        await tui.until(lambda: isinstance(again.screen, StartScreen))
        said = toasts(again)
        await tui.settled(again)
        assert "Resume your unfinished solo game" in tui.text(again)  # (the menu cannot know)
        await tui.key(again, "enter")  # the resume button has the focus
        await new_game(again, tui, seats=3)
        assert any("could not be resumed" in words for words in said), said
        assert again.own.solo_resumable


async def test_after_a_crash_solo_asks_then_resumes(tui, data: Path) -> None:  # type: ignore[no-untyped-def]
    """The solo server killed (SIGKILL) mid-game, then the client: the game is kept (the
    quit dialog says so), and ``--solo`` asks; No resumes it (Yes, a new game: as after any
    unfinished game, test_solo_journal.py)."""
    first = solo()
    async with first.run_test(size=(100, 30)):
        await new_game(first, tui, seats=2)
        await tui.until(lambda: kept(data))
        hand = first.flow.frame.view.hand
        child = first.own.child
        assert child is not None
        said = toasts(first)
        os.kill(child.pid, signal.SIGKILL)
        await tui.until(lambda: any("The server stopped" in words for words in said),
                        timeout=STARTED)
        await tui.key(first, "ctrl+q")
        await tui.until(lambda: isinstance(first.screen, ConfirmDialog)
                        and "Quit?" in tui.text(first))
        words = " ".join(tui.text(first).split())
        assert "Your solo game is kept" in words, words  # it said "it cannot be resumed"
    assert kept(data)  # as a killed client leaves it

    resumed = solo()
    async with resumed.run_test(size=(100, 30)):
        await tui.until(lambda: isinstance(resumed.screen, ConfirmDialog), timeout=STARTED)
        await tui.key(resumed, "n")
        await tui.until(lambda: isinstance(resumed.screen, TableScreen)
                        and resumed.flow.frame is not None, timeout=STARTED)
        assert resumed.flow.frame.view.hand == hand and not resumed.flow.frame.view.is_over


async def test_back_while_the_solo_server_starts_leaves_none_running(  # type: ignore[no-untyped-def]
    tui, data: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Esc on "Starting a solo game…": the server started was left running (not yet known
    to the app, or kept for nothing), holding the solo journal's lock, so the next "Play solo"
    went to a temporary journal: "This solo game ends with the client: it cannot be resumed"."""
    temp = tmp_path / "tmp"  # the child servers' logs (one per running child)
    temp.mkdir()
    monkeypatch.setattr(tempfile, "tempdir", str(temp))
    app = solo()
    async with app.run_test(size=(100, 30)):
        await tui.until(lambda: list(temp.glob("seasalt-server-*.log")), timeout=STARTED,
                        what="a solo server started")
        await tui.key(app, "escape")
        await tui.until(lambda: isinstance(app.screen, StartScreen), timeout=STARTED,
                        what="back on the start menu")
        await tui.until(lambda: not list(temp.glob("seasalt-server-*.log")), timeout=STARTED,
                        what="every solo server stopped")
        assert not journal_in_use(data / "solo.sqlite3")
        await tui.settled(app)
        await tui.key(app, "enter")  # "Play solo" has the focus (the menu's 2 bots)
        await new_game(app, tui, seats=3)
        assert app.own.child is not None and not app.own.child.owns_db  # the data dir's journal
        await tui.until(lambda: app.own.solo_resumable)


async def test_back_from_hosting_then_solo_plays_on_a_solo_server(  # type: ignore[no-untyped-def]
    tui, data: Path, request: pytest.FixtureRequest
) -> None:
    """Host, Esc back to the start menu once its server listens, then "Play solo": the solo
    game was played on the hosted server (every interface, announced on the LAN), the app
    still hosting. (No --seed: a server on every interface refuses it.)"""
    app = SeasaltApp(LaunchOptions(name="Ann", bot_delay=0))
    async with app.run_test(size=(100, 30)) as pilot:
        await tui.until(lambda: isinstance(app.screen, StartScreen))
        await tui.settled(app)
        app.screen.query_one("#tabs").active = "host"  # type: ignore[attr-defined]
        await pilot.pause()
        port = app.screen.query_one("#port")
        port.value = "0"  # type: ignore[attr-defined]  # any free port
        port.focus()
        await tui.key(app, "enter")
        await tui.until(lambda: app.own.child is not None and app.own.child.address,
                        timeout=STARTED)
        hosted = app.own.child
        assert hosted is not None and app.own.hosting
        request.addfinalizer(hosted.stop)  # (a hosted server outlives its app: not a failed test)
        # The server is held still while Esc is pressed on the connecting screen: on a loaded
        # machine the connect could otherwise win the race and put up the lobby, where Esc
        # does not go back (it did once beside six busy loops).
        os.kill(hosted.pid, signal.SIGSTOP)
        try:
            await tui.until(lambda: isinstance(app.screen, ConnectingScreen), timeout=STARTED,
                            what="the connecting screen (not the lobby yet)")
            await tui.key(app, "escape")
            await tui.until(lambda: isinstance(app.screen, StartScreen), timeout=STARTED)
        finally:
            os.kill(hosted.pid, signal.SIGCONT)
        await tui.settled(app)
        app.screen.query_one("#tabs").active = "solo"  # type: ignore[attr-defined]
        await pilot.pause()
        app.screen.query_one("#go-solo").focus()
        await tui.key(app, "enter")
        await new_game(app, tui, seats=3)
        assert app.own.child is not hosted and not app.own.hosting
        await tui.until(lambda: not hosted.alive(), timeout=STARTED)


async def test_a_solo_game_another_client_plays_is_not_offered(tui, data: Path) -> None:  # type: ignore[no-untyped-def]
    """Another client's solo server holds the solo journal: its game is not this menu's to
    resume (the resume went to a temporary journal and dealt a new game under that name)."""
    data.mkdir(parents=True)
    (data / "solo.sqlite3").write_bytes(b"")  # as the other client's server keeps it
    (data / "solo-game.json").write_text(
        '{"token": "abc", "opponents": 1, "level": "greedy"}', encoding="utf-8")
    menu = SeasaltApp(LaunchOptions(name="Ann", bot_delay=0))
    with open(data / "solo.sqlite3.lock", "a+") as held:  # as that server's lock
        fcntl.flock(held.fileno(), fcntl.LOCK_EX)
        async with menu.run_test(size=(100, 30)):
            await tui.until(lambda: isinstance(menu.screen, StartScreen))
            await tui.settled(menu)
            shown = tui.text(menu)
            assert "Play solo" in shown and "Resume your unfinished" not in shown, shown
    async with SeasaltApp(LaunchOptions(name="Ann")).run_test(size=(100, 30)) as pilot:
        app = pilot.app
        await tui.until(lambda: isinstance(app.screen, StartScreen))  # the lock let go:
        await tui.settled(app)
        assert "Resume your unfinished solo game" in tui.text(app)  # offered again
