"""The chaos table: real LAN play by impatient people, against a real server process.

One ``python -m seasalt.server`` process (journal on disk), three real Textual apps
(``SeasaltApp`` under ``App.run_test``, real sockets, each with its own user data dir) and one
headless player (``seasalt-client ADDRESS --bot basic``, a child process) sit at one table of
four human seats. A seeded "impatient player" drives each app: it presses random keys at random
moments (in the waiting room, during the others' turns, over a round's result, on its own turn
before choosing), picks its moves from the choices on screen, presses again when nothing happens,
and at seeded moments the driver closes an app and opens a new one on the same data dir, or
kills the server (SIGKILL) and restarts it on the same database and port.

What is checked (``ChaosTable.run``), against the server's truth, which is its journal (SQLite,
read directly and replayed through the engine):

- the game reaches game over, every app shows it, and the headless player prints the same scores;
- no seat is ever stuck: whenever the journal says a seat is to act, within ``stuck_after``
  seconds its app shows the choices and a key press is accepted (the journal moves on);
- every app that came back (after a reopen or a server restart) is in its own seat;
- every frame an app received equals the engine's view of the journal at that seq for that seat,
  and every journalled move of a TUI seat is one its app sent (the journal has every accepted
  action, nothing else).

Failures raise :class:`ChaosFailure` with the seed, the seat, what its screen showed and the
last frames; the subclasses of :class:`KnownDefect` name the issue 13 defect they are (the CI
test marks exactly those as expected failures until the fixes are merged). Not a test module:
tests/e2e/test_chaos_table.py and benchmarks/chaos_soak.py load it by path.
"""

from __future__ import annotations

import asyncio
import collections
import contextlib
import json
import os
import random
import re
import signal
import sqlite3
import subprocess
import sys
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import platformdirs
from seasalt import protocol as p
from seasalt.bots import get_bot
from seasalt.client.tui.app import SeasaltApp
from seasalt.client.tui.bridge import Bridge
from seasalt.client.tui.launch_options import LaunchOptions
from seasalt.client.tui.screens.call_confirm import CallConfirmDialog
from seasalt.client.tui.screens.connecting import ConnectingScreen
from seasalt.client.tui.screens.dialogs import ConfirmDialog
from seasalt.client.tui.screens.help import HelpScreen
from seasalt.client.tui.screens.lobby import CreateTableDialog, LobbyScreen
from seasalt.client.tui.screens.result import GameOverScreen, RoundResultScreen
from seasalt.client.tui.screens.scores import ScoresScreen
from seasalt.client.tui.screens.table import TableScreen
from seasalt.client.tui.widgets.actions import ActionList, Choice, choices_for
from seasalt.client.words.game import Names, action_label
from seasalt.engine import GameState, PlayerView, apply, new_game, view
from seasalt.protocol import action_from_wire
from seasalt.server.seeds import game_seed
from seasalt.server.tables import make_rules
from seasalt.testing.server import ServerProcess
from seasalt.testing.waiting import Patience, stretched, within
from textual import events
from textual.css.query import NoMatches
from textual.widgets import Button, Input, Select

try:  # Textual's "which app runs this task" (how the data dirs below tell the apps apart)
    from textual._context import active_app
except ImportError:  # pragma: no cover
    active_app = None  # type: ignore[assignment]

TABLE = "chaos"
NAMES = ("Ann", "Bob", "Cy")
"""The three TUI players (seats are given by the server in join order)."""
BOT_NAME = "Robo"
SIZE = (80, 24)
"""The smallest terminal the client supports (and the cheapest to repaint)."""
TICK = 0.01
"""Seconds between two looks at the apps and the journal (a poll of conditions, not a pause)."""
REPRESS_AFTER = 1.5
"""An impatient player presses its key again when nothing happened for this long."""

WAITING_ACTION_KEYS = ("d", "e", "s", "c", "1", "2", "3")
"""Keys of moves (draw, end, stop, last chance, the first numbered choices): pressed in the
waiting room, one that is offered there reaches the server and is refused (issue 13 defect 1)."""
SAFE_NOISE = ("x", "z", "g", "k", "9", "0", "left", "right", "up", "down", "tab", "space",
              "enter", "l", "question_mark")
"""Keys a player presses for nothing: no move, no quit (``?`` opens the help: closed again)."""
HISTORY_SHOWN = 16
PLAYER_LEVEL = "basic"
"""The bot level behind the players' moves and the headless bot: ``basic`` (the greedy of
sessions 1-4), so a seed still plays the game it was chosen for (the CI seed's short game)."""
STUCK_RECHECK = 45.0  # s: a stuck table's second look (slow, or deadlocked?)
"""The last things a player did, in a failure's diagnosis."""
SCREEN_LAG = 3.0
"""Seconds a table screen may hold an older frame than the app's newest (a repaint is
coalesced for at most 60 ms: this is only slack for a loaded machine)."""
RANDOM_MOVES = 0.1
"""The share of a TUI player's moves picked at random among the choices (else greedy's)."""
RESULT_NOISE = ("d", "e", "1", "2", "x", "l", "tab")
BOT_WAITS_THEN_RUNS = (
    "import sys\n"
    "from seasalt.client import cli, headless\n"
    "sys.stdin.readline()\n"
    "sys.exit(cli.main(sys.argv[1:]))\n"
)
"""The headless bot's program: ``seasalt-client`` (``python -m seasalt.client.cli``), imported
at once and run once a line comes on stdin (ChaosTable.prepare_bot)."""


class ChaosFailure(AssertionError):
    """The chaos table broke: the message has the seed, the seat, its screen and last frames."""

    what = "failure"
    """What broke, for the soak's counts: stuck table, lost seat, no game over, journal..."""


class KnownDefect(ChaosFailure):
    """A failure that is one of issue 13's listed defects (``defect`` is its number)."""

    defect = 0


class RefusedActionFroze(KnownDefect):
    """Issue 13 defect 1: the seat's turn is on screen, its key presses do nothing."""

    defect = 1
    what = "stuck table"


class WaitingRoomShowsGame(KnownDefect):
    """Issue 13 defect 2: moves are offered before every seat is taken."""

    defect = 2
    what = "waiting room"


class SeatNotResumed(KnownDefect):
    """Issue 13 defect 3: a client reopened on the same data dir is not back in its seat."""

    defect = 3
    what = "lost seat"


class StaleFrameShown(ChaosFailure):
    """NOT in issue 13 (found by this test): the app received a newer frame than the one its
    table screen shows, and the screen never catches up.

    Cause: ``SeasaltApp.on_table_seats_changed`` schedules ``call_later(table.show_frame,
    self.frame)`` with the frame of that moment; updates handled before the callback runs are
    then overwritten by that older frame (``TableScreen.note_frame`` takes any frame). When the
    newest frame is that seat's turn, nothing else arrives and the seat is stuck for good.
    """

    what = "stuck table"


@dataclass(frozen=True)
class ChaosPlan:
    """One chaos game: the seed decides every random choice of the driver."""

    seed: int
    waiting_room: bool = True
    """Move keys in the waiting room, and the check that it offers no moves (issue 13
    defects 1 and 2: today its first seat to play is offered moves, and a move key pressed
    there freezes that seat for good)."""
    waiting_room_check: bool = True
    """With ``waiting_room``: fail as soon as an app offers moves before every seat is taken
    (off: see what the move keys pressed there do)."""
    reopens: int = 1
    """Apps closed and reopened on the same data dir mid-game (today: issue 13 defect 3)."""
    restarts: int = 1
    """Server kill -9 + restart on the same db and port, mid-game."""
    kill_in_flight: bool = True
    """Kill the server just as a TUI's move key was pressed (False: only while no move is on
    its way): a move lost with the server must not freeze that seat (issue 13 defect 1)."""
    key_rate: float = 2.0
    """Random keys a player presses per second, on average."""
    pace: float = 1.0
    """How slowly people act in the lobby: a player allowed to join looks 1-3 s later (a
    seeded draw), and tries again every 1 s; times this factor."""
    stuck_after: float = 20.0
    """Seconds a seat may be to act without its move being accepted."""
    back_within: float = 10.0
    """Seconds a reopened app has to be back in its seat."""
    game_timeout: float = 150.0
    server_seed: int | None = None
    """The server's ``--seed`` (default: the plan's seed)."""


@dataclass
class ChaosReport:
    """What one chaos game did (the soak prints these)."""

    seed: int
    seq: int = 0
    rounds: int = 0
    scores: tuple[int, ...] = ()
    keys: int = 0
    moves: int = 0
    represses: int = 0
    restarts: int = 0
    reopens: int = 0
    seconds: float = 0.0
    notes: list[str] = field(default_factory=list)


# --- one user data dir per app, in one process -------------------------------------------------

_DATA_DIRS: dict[Any, Path] = {}


@contextlib.contextmanager
def separate_data_dirs(default: Path) -> Iterator[None]:
    """Give each app its own user data dir although they share a process.

    The client finds its files with ``platformdirs.user_data_dir("seasalt")`` at call time
    (``client/files/identity.py``); the environment (XDG_DATA_HOME) is one per process, so instead
    the function is wrapped to answer per app, the app being Textual's ``active_app`` of the
    calling task (every task an app starts inherits it). Anything else gets ``default``.
    """
    real_dir, real_path = platformdirs.user_data_dir, platformdirs.user_data_path

    def user_data_dir(appname: str | None = None, *args: Any, **kwargs: Any) -> str:
        if appname != "seasalt":
            return real_dir(appname, *args, **kwargs)
        app = active_app.get(None) if active_app is not None else None
        return str(_DATA_DIRS.get(app, default))

    def user_data_path(appname: str | None = None, *args: Any, **kwargs: Any) -> Path:
        return Path(user_data_dir(appname, *args, **kwargs))

    saved = {k: os.environ.get(k) for k in ("XDG_DATA_HOME", "XDG_CONFIG_HOME", "XDG_STATE_HOME",
                                            "XDG_CACHE_HOME")}
    for key in saved:
        os.environ[key] = str(default / key.lower())
    platformdirs.user_data_dir = user_data_dir
    platformdirs.user_data_path = user_data_path
    try:
        yield
    finally:
        platformdirs.user_data_dir, platformdirs.user_data_path = real_dir, real_path
        for key, value in saved.items():
            if value is None:
                os.environ.pop(key, None)
            else:
                os.environ[key] = value


# --- what each app received and sent -------------------------------------------------------------

_WIRE: dict[Any, list[tuple[float, str, Any]]] = {}


@contextlib.contextmanager
def recording_wire() -> Iterator[None]:
    """Keep every server message an app dispatched and every client message it put on the
    wire, by app (the journal check and the diagnostics read them)."""
    real_dispatch, real_to_wire = Bridge.dispatch, Bridge._to_wire

    def app_of(bridge: Bridge) -> Any:
        return getattr(bridge.post, "__self__", bridge)  # the app whose post_message it is

    def dispatch(self: Bridge, message: Any) -> None:
        _WIRE.setdefault(app_of(self), []).append((time.monotonic(), "in", message))
        real_dispatch(self, message)

    def to_wire(self: Bridge, intent: Any) -> Any:
        message = real_to_wire(self, intent)
        if message is not None:
            _WIRE.setdefault(app_of(self), []).append((time.monotonic(), "out", message))
        return message

    Bridge.dispatch = dispatch  # type: ignore[method-assign]
    Bridge._to_wire = to_wire  # type: ignore[method-assign]
    try:
        yield
    finally:
        Bridge.dispatch = real_dispatch  # type: ignore[method-assign]
        Bridge._to_wire = real_to_wire  # type: ignore[method-assign]


def describe(message: Any) -> str:
    """One short line for a wire message (diagnostics)."""
    tag = getattr(type(message), "TAG", type(message).__name__)
    if isinstance(message, p.Snapshot | p.Update):
        v = message.view
        return (f"{tag} seq {message.seq} to_act {v.to_act} phase {v.phase.value} "
                f"round {v.round} legal {len(v.legal_actions)}")
    if isinstance(message, p.ActionRequest):
        return f"{tag} seq {message.seq} {p.action_to_wire(message.action)}"
    if isinstance(message, p.Error):
        return f"{tag} {message.code.value}: {message.message}"
    if isinstance(message, p.Joined):
        return f"{tag} {message.table} seat {message.seat}"
    if isinstance(message, p.RoundOver):
        return f"{tag} seq {message.seq} round {message.result.round} waiting {message.waiting}"
    if isinstance(message, p.TableChanged):
        return f"{tag} {message.info.state.value}"
    return str(tag)


# --- the server's truth: its journal ---------------------------------------------------------


class Journal:
    """The server's journal read directly (SQLite) and replayed through the engine: the latest
    game of ``table`` (benchmarks/evening_soak.py reads each of its tables with one)."""

    def __init__(self, path: Path, table: str = TABLE) -> None:
        self.path = path
        self.table = table
        self.db: sqlite3.Connection | None = None
        self.game_id: int | None = None
        self.seq_base = 0
        self.seat_names: dict[int, str] = {}
        self.players = 4
        self.states: list[GameState] = []
        """The state after each number of accepted actions (``states[0]``: the deal)."""
        self.actions: list[Any] = []
        self.actors: list[int] = []
        self.final_scores: tuple[int, ...] | None = None

    @property
    def started(self) -> bool:
        return len(self.seat_names) == self.players

    @property
    def seq(self) -> int:
        return self.seq_base + len(self.actions)

    @property
    def state(self) -> GameState | None:
        return self.states[-1] if self.states else None

    @property
    def over(self) -> bool:
        return self.state is not None and self.state.is_over

    @property
    def to_act(self) -> int | None:
        state = self.state
        return None if state is None or not self.started else state.to_act

    def refresh(self) -> None:
        if self.db is None:
            if not self.path.exists():
                return
            self.db = sqlite3.connect(self.path, timeout=5, isolation_level=None)
        db = self.db
        row = db.execute(
            "SELECT id, players, extra_salt, double_target, seed, seq_base, final_scores, "
            "target, extra_pepper FROM games WHERE table_name=? ORDER BY id DESC LIMIT 1",
            (self.table,),
        ).fetchone()
        if row is None:
            return
        game_id, players, extra_salt, double_target, seed, seq_base, final, target, pepper = row
        if game_id != self.game_id:
            self.game_id, self.players, self.seq_base = game_id, players, seq_base
            rules = make_rules(players, bool(extra_salt), bool(double_target), target,
                               extra_pepper=bool(pepper))
            self.states = [new_game(rules, seed)]
            self.actions, self.actors = [], []
        self.seat_names = {
            seat: name for seat, name in db.execute(
                "SELECT seat, name FROM seats WHERE game_id=? AND name IS NOT NULL", (game_id,))
        }
        for idx, blob in db.execute(
            "SELECT idx, action FROM actions WHERE game_id=? AND idx>? ORDER BY idx",
            (game_id, len(self.actions)),
        ):
            assert idx == len(self.actions) + 1, f"journal: action {idx} after {len(self.actions)}"
            action = action_from_wire(json.loads(blob), f"journal action {idx}")
            state = self.states[-1]
            assert state.to_act is not None
            self.actors.append(state.to_act)
            self.actions.append(action)
            self.states.append(apply(state, action).state)
        if final is not None:
            self.final_scores = tuple(json.loads(final))

    def close(self) -> None:
        if self.db is not None:
            self.db.close()
            self.db = None


# --- the players ----------------------------------------------------------------------------------


@dataclass
class Press:
    """A move key pressed at ``seq`` (the player waits for the journal to move on)."""

    seq: int
    choice: Choice
    at: float


def screen_text(app: SeasaltApp) -> str:
    """The app's screen as plain text."""
    try:
        strips = app.screen._compositor.render_strips()
    except Exception as error:
        return f"(no screen: {error})"
    return "\n".join("".join(seg.text for seg in strip).rstrip() for strip in strips)


async def press(app: SeasaltApp, key: str) -> None:
    """One key press through the app's driver, as a terminal sends it."""
    if app._driver is None:
        return
    char = {"space": " ", "question_mark": "?", "enter": "\r", "tab": "\t"}.get(key)
    if char is None and len(key) == 1:
        char = key
    event = events.Key(key, char)
    event.set_sender(app)
    app._driver.send_message(event)
    await asyncio.sleep(0)


class Player:
    """One person at a TUI: a data dir, an app (replaced when reopened) and a seeded temper."""

    def __init__(self, chaos: ChaosTable, index: int, data_dir: Path) -> None:
        self.chaos = chaos
        self.index = index
        self.name = NAMES[index]
        self.data_dir = data_dir
        self.rng = random.Random(f"{chaos.plan.seed}:player:{index}")
        self.seat: int | None = None
        """The seat the server gave this player at its first join (its own seat)."""
        self.app: SeasaltApp | None = None
        self.apps: list[SeasaltApp] = []
        self.life: asyncio.Task[None] | None = None
        self.stop = asyncio.Event()
        self.live_since = 0.0
        self.pending: Press | None = None
        self.history: collections.deque[str] = collections.deque(maxlen=40)
        self.may_join = False
        self.creator = False
        self.join_tried_at = 0.0
        self.refreshed_at = 0.0
        self.reading_since: float | None = None
        self.saw_game_over = False
        self.filled: CreateTableDialog | None = None
        self.looked_at = time.monotonic()
        self.behind_since: float | None = None

    # --- life of an app ---

    def note(self, text: str) -> None:
        self.history.append(f"{time.monotonic() - self.chaos.t0:7.2f} {text}")

    async def launch(self) -> None:
        app = SeasaltApp(LaunchOptions(address=self.chaos.address, name=self.name, lang="en"))
        _DATA_DIRS[app] = self.data_dir
        self.app = app
        self.apps.append(app)
        self.stop = asyncio.Event()
        ready = asyncio.Event()
        self.life = asyncio.create_task(self._life(app, ready, self.stop), name=self.name)
        waiter = asyncio.ensure_future(ready.wait())
        await asyncio.wait({waiter, self.life}, return_when=asyncio.FIRST_COMPLETED)
        waiter.cancel()
        if self.life.done():
            self.life.result()  # raises what stopped the app
        self.live_since = time.monotonic()
        self.pending = None
        self.reading_since = None
        self.note(f"app #{len(self.apps)} started")

    @staticmethod
    async def _life(app: SeasaltApp, ready: asyncio.Event, stop: asyncio.Event) -> None:
        # A task of its own, so the app's tasks run in a context of their own (active_app).
        async with app.run_test(size=SIZE):
            ready.set()
            waiter = asyncio.ensure_future(stop.wait())
            runner = getattr(app, "_task", None)
            if runner is None:
                await waiter
                return
            await asyncio.wait({waiter, runner}, return_when=asyncio.FIRST_COMPLETED)
            waiter.cancel()

    async def close(self, clean: bool) -> None:
        """Quit the app (``q`` and yes, as a person does) or drop it (a closed terminal)."""
        app = self.app
        assert app is not None and self.life is not None
        self.note(f"app #{len(self.apps)} closed ({'quit' if clean else 'dropped'})")
        if clean:
            await self.quit_keys(app)
        self.stop.set()
        await within(self.life, 20)
        self.app = None
        self.life = None

    async def quit_keys(self, app: SeasaltApp) -> None:
        patience = Patience(10)
        while not app._exit and not patience.spent():
            if isinstance(app.screen, ConfirmDialog):
                await press(app, "y")
            elif isinstance(app.screen, HelpScreen):
                await press(app, "escape")
            else:
                await press(app, "ctrl+q")
            await asyncio.sleep(0.05)  # sleep-ok: presses until the app is gone (deadline)

    # --- one look at the screen ---

    async def key(self, key: str, why: str = "noise") -> None:
        assert self.app is not None
        self.chaos.report.keys += 1
        self.note(f"key {key!r} ({why}) on {type(self.app.screen).__name__}")
        await press(self.app, key)

    def noisy(self, scale: float = 1.0) -> bool:
        """Whether to press a random key now (``key_rate`` per second on average)."""
        now = time.monotonic()
        elapsed, self.looked_at = min(now - self.looked_at, 0.2), now
        return self.rng.random() < self.chaos.plan.key_rate * scale * elapsed

    async def step(self) -> None:
        app = self.app
        if app is None or self.life is None or self.life.done():
            return
        screen = app.screen
        rng = self.rng
        if isinstance(screen, HelpScreen):
            await self.key("escape", "close the help")
        elif isinstance(screen, ScoresScreen):  # a stray h (typed for the chat box, say)
            await self.key("escape", "close the scores")
        elif isinstance(screen, ConfirmDialog):
            await self.key("n", "stay")
        elif isinstance(screen, CallConfirmDialog):
            await self.key(screen.choice.key, "confirm the call")
        elif isinstance(screen, ConnectingScreen):
            return
        elif isinstance(screen, CreateTableDialog):
            self.fill_dialog(screen)
        elif isinstance(screen, LobbyScreen):
            await self.lobby(screen)
        elif isinstance(screen, RoundResultScreen):
            now = time.monotonic()
            if self.reading_since is None:
                self.reading_since = now
            if self.noisy():
                await self.key(rng.choice(RESULT_NOISE), "over the result")
            elif now - self.reading_since > rng.uniform(0, 0.5):
                await self.key("enter", "continue")
        elif isinstance(screen, GameOverScreen):
            self.saw_game_over = True
        elif isinstance(screen, TableScreen):
            self.reading_since = None
            await self.table(screen)

    async def lobby(self, lobby: LobbyScreen) -> None:
        now = time.monotonic()
        listed = any(t.name == TABLE for t in lobby.tables)
        back = self.seat is not None  # a reopened app: its seat is at that table
        if not (self.may_join or back) or now - self.join_tried_at < self.chaos.plan.pace:
            if self.noisy(0.25):
                await self.key(self.rng.choice(("x", "down", "up", "l")), "in the lobby")
            return
        self.join_tried_at = now
        if self.creator and not listed and not back:
            await self.key("n", "new table")
        elif listed:
            await self.key("j", "join " + TABLE)
        elif now - self.refreshed_at > 0.5:
            self.refreshed_at = now
            await self.key("r", "refresh the lobby")

    def fill_dialog(self, dialog: CreateTableDialog) -> None:
        # What a person does with the mouse: name the table, make every seat human, Create.
        try:
            name = dialog.query_one("#table-name", Input)
            seats = [dialog.query_one(f"#seat-{seat}", Select) for seat in (2, 3, 4)]
            create = dialog.query_one("#create", Button)
        except NoMatches:
            return  # not composed yet: look again
        if dialog is self.filled:
            return  # Create was pressed: the dialog is on its way out
        assert self.app is not None
        with self.app._context():  # widgets start timers: in their app's context
            try:
                name.value = TABLE
                for select in seats:
                    select.value = "human"
            except NoMatches:
                return  # a Select not composed yet (no person is that quick): look again
            self.filled = dialog
            self.note("create table " + TABLE + " with four human seats")
            create.press()

    async def table(self, screen: TableScreen) -> None:
        assert self.app is not None
        chaos, rng, plan = self.chaos, self.rng, self.chaos.plan
        truth = chaos.journal
        if self.seat is None and self.app.session.seat is not None and truth.started:
            # A seat is its own once the game starts: in the waiting room one who is silent
            # for some seconds (a loaded machine) is let go and may sit elsewhere on return.
            self.seat = self.app.session.seat
            self.note(f"seated at seat {self.seat}")
        if isinstance(screen.focused, Input):
            # Tab reached the chat box and keys are being typed there: a person sees it, says
            # something or leaves the box (escape).
            if rng.random() < 0.3:
                for key in "gl hf":
                    await self.key("space" if key == " " else key, "chat")
                await self.key("enter", "send the chat line")
            else:
                await self.key("escape", "leave the chat box")
            return
        rendered = screen.rendered
        try:
            choices = list(screen.query_one(ActionList).choices)
        except Exception:
            return
        if not truth.started:
            if plan.waiting_room and plan.waiting_room_check and choices and rendered:
                raise chaos.fail(WaitingRoomShowsGame, (
                    f"{self.name}'s app offers {len(choices)} moves before every seat is taken "
                    f"({len(truth.seat_names)} of {truth.players} seated): issue 13 defect 2"),
                    self)
            if self.noisy(2.0):  # nothing to do but fidget
                keys = SAFE_NOISE + (WAITING_ACTION_KEYS if plan.waiting_room else ())
                await self.key(rng.choice(keys), "in the waiting room")
            return
        mine = truth.to_act is not None and truth.to_act == self.seat and not truth.over
        shown = (
            mine and rendered is not None and rendered.seq == truth.seq and bool(choices)
            and rendered.view.legal_actions
        )
        if not shown or rendered is None:
            if self.noisy():
                # Move keys too, unless the app already has a frame with this seat's turn (the
                # journal is read once per look): a key landing on the turn would be a move,
                # which is fine for the server but would make the game differ from its seed's.
                latest = self.latest_frame()
                keys = SAFE_NOISE
                if latest is None or latest.view.to_act != self.seat:
                    keys += WAITING_ACTION_KEYS
                await self.key(rng.choice(keys), "not my turn")
            return
        now = time.monotonic()
        if self.pending is not None and self.pending.seq == truth.seq:
            latest = self.latest_frame()
            if latest is not None and latest.seq != self.pending.seq:
                return  # the answer is on its way: a key now would land on the next choice
            if now - self.pending.at > REPRESS_AFTER:  # nothing happened: press it again
                self.pending.at = now
                chaos.report.represses += 1
                await self.key(self.pending.choice.key, "again: " + self.pending.choice.label)
            return
        if chaos.hold_moves:
            return  # the driver is about to kill the server: no move in flight
        if self.noisy():
            taken = {c.key for c in choices}
            spare = [k for k in SAFE_NOISE + WAITING_ACTION_KEYS if k not in taken]
            await self.key(rng.choice(spare), "an unbound key on my turn")
            return
        choice = self.decide(rendered.view, choices, rendered.names())
        self.pending = Press(truth.seq, choice, now)
        chaos.report.moves += 1
        await self.key(choice.key, choice.label)

    def latest_frame(self) -> Any:
        """The newest snapshot/update the app's network worker handed on (maybe not drawn)."""
        for _t, direction, message in reversed(_WIRE.get(self.app, [])):
            if direction == "in" and isinstance(message, p.Snapshot | p.Update):
                return message
        return None

    def decide(self, v: PlayerView, choices: list[Choice], names: list[str]) -> Choice:
        assert self.seat is not None
        return decide(self.chaos.plan.seed, self.seat, v, choices, names)

    def diagnosis(self) -> str:
        app = self.app
        lines = [f"{self.name} (seat {self.seat}, app #{len(self.apps)})"]
        if app is None:
            return lines[0] + ": no app open"
        screen = app.screen
        lines.append(f"  screen: {type(screen).__name__}")
        table = next((s for s in app.screen_stack if isinstance(s, TableScreen)), None)
        if table is not None:
            frame, rendered = table.frame, table.rendered
            lines.append(
                f"  table screen: frame seq {frame.seq if frame else None}, rendered seq "
                f"{rendered.seq if rendered else None}, my_turn {table.my_turn}, "
                f"sent {table.sent}, ready {table.ready}"
            )
            with contextlib.suppress(Exception):
                choices = table.query_one(ActionList).choices
                lines.append("  choices: " + "; ".join(f"[{c.key}] {c.label}" for c in choices))
        where = app.session
        lines.append(f"  app seat {where.seat}, table {where.table!r}, seq {where.seq}, frame seq "
                     f"{app.flow.frame.seq if app.flow.frame else None}, screens "
                     f"{[type(s).__name__ for s in app.screen_stack]}, focused "
                     f"{type(app.focused).__name__ if app.focused else None}")
        lines += pumps_waiting(app)
        notes = [n.message for n in getattr(app, "_notifications", [])]
        if notes:
            lines.append("  notifications: " + " | ".join(str(n) for n in notes[-5:]))
        wire = _WIRE.get(app, [])
        lines.append("  last wire (in/out):")
        lines += [f"    {t - self.chaos.t0:7.2f} {d:3} {describe(m)}" for t, d, m in wire[-14:]]
        lines.append("  last things this player did:")
        lines += ["    " + h for h in list(self.history)[-HISTORY_SHOWN:]]
        lines.append("  screen text:")
        lines += ["    | " + line for line in screen_text(app).splitlines()]
        return "\n".join(lines)


def awaiting(task: Any, depth: int = 0) -> str:
    """Where a task is suspended: its coroutine's await chain, innermost last; when it waits
    for a Textual removal (AwaitRemove) or AwaitComplete, who made it and what it waits for."""
    coro, where, waits_for = task.get_coro(), [], ""
    while coro is not None:
        frame = getattr(coro, "cr_frame", None) or getattr(coro, "gi_frame", None)
        if frame is not None:
            where.append(f"{Path(frame.f_code.co_filename).name}:{frame.f_lineno} "
                         f"{frame.f_code.co_name}")
            owner = frame.f_locals.get("self")
            if type(owner).__name__ in ("AwaitRemove", "AwaitComplete") and depth < 2:
                tasks = getattr(owner, "_tasks", None) or []
                waits_for = f" [{type(owner).__name__} made at {getattr(owner, '_caller', '?')}"
                for other in tasks[:6]:
                    state = "done" if other.done() else awaiting(other, depth + 1)
                    waits_for += f"; waits for {other.get_name()}: {state}"
                waits_for += "]"
            elif frame.f_code.co_name == "_stop_all" and depth < 2:
                # A pump closing waits for its timers' tasks to end once cancelled.
                waits_for = " [stopping timers"
                for timer in list(frame.f_locals.get("timers", ()))[:6]:
                    task = getattr(timer, "_task", None)
                    state = ("no task" if task is None else "done" if task.done()
                             else f"cancelling {task.cancelling()}: " + awaiting(task, 2))
                    waits_for += f"; {timer.name} ({getattr(timer, '_callback', None)!r}): {state}"
                waits_for += "]"
            elif type(owner).__name__ == "AwaitMount":
                # Mounting waits for each new widget's first Compose + Mount to be handled.
                waits_for = " [AwaitMount of"
                for widget in list(getattr(owner, "_widgets", ()))[:8]:
                    task = getattr(widget, "_task", None)
                    state = ("no task" if task is None else "done" if task.done()
                             else awaiting(task, 2))
                    waits_for += (f"; {widget!r} mounted {widget._mounted_event.is_set()} "
                                  f"closing {widget._closing} closed {widget._closed}: {state}")
                waits_for += "]"
        coro = getattr(coro, "cr_await", None) or getattr(coro, "gi_yieldfrom", None)
    return " > ".join(where[-6:]) + waits_for


def pumps_waiting(app: Any) -> list[str]:
    """For a stuck table: how many messages the app and its screens have not handled yet, and
    where each message pump waits (a handler awaiting something that never comes blocks every
    message after it). Textual's private attributes: diagnosis only, never asserted."""
    lines = []
    for pump in (app, *app.screen_stack):
        queue, task = getattr(pump, "_message_queue", None), getattr(pump, "_task", None)
        size = queue.qsize() if queue is not None else "?"
        state = "no task" if task is None else ("done" if task.done() else awaiting(task))
        lines.append(f"  pump {type(pump).__name__}: {size} message(s) waiting; {state}")
    # Any other node of the DOM that is not idle (waiting for its next message) or is being
    # pruned: a removal waits for every pruned node's pump to end.
    busy = []
    for node in list(getattr(app, "_registry", ())):
        task = getattr(node, "_task", None)
        if node in app.screen_stack or task is None or task.done():
            continue
        where = awaiting(task)
        if "_get_message" in where and not node._pruning:
            continue
        queue = getattr(node, "_message_queue", None)
        busy.append(f"  node {node!r}: pruning {node._pruning}, closing {node._closing}, "
                    f"{queue.qsize() if queue is not None else '?'} waiting; {where}")
    return lines + sorted(busy)[:24]


def decide(seed: int, seat: int, v: PlayerView, choices: list[Choice], names: list[str]) -> Choice:
    """A TUI player's move: mostly the greedy bot's, sometimes any other choice on screen.

    A function of the seed, the seat and the view only, so a seed replays the same game
    whatever the timing (:func:`expected_game`)."""
    rng = random.Random(f"{seed}:{seat}:{v.move}")
    if rng.random() < RANDOM_MOVES:
        return rng.choice(choices)
    action = get_bot(PLAYER_LEVEL, seed * 10 + seat).choose(v)
    for choice in choices:
        if choice.action == action:
            return choice
    label = action_label(action, v, Names(names, v.seat))
    return next((c for c in choices if c.label == label), choices[0])


@dataclass(frozen=True)
class Schedule:
    """The seeded plan of one chaos game: who joins in which order (position = seat), when the
    server dies, which app closes when (and how)."""

    join_order: tuple[int | str, ...]
    restart_at: tuple[int, ...]
    reopen_at: tuple[tuple[int, int, bool], ...]
    """(seq, player index, clean quit?)"""
    moves: int
    """The length of the seed's game when no key lands on a turn as it opens."""

    @classmethod
    def of(cls, plan: ChaosPlan) -> Schedule:
        rng = random.Random(f"{plan.seed}:schedule")
        order: list[int | str] = [0, 1, 2, "bot"]
        rng.shuffle(order)
        # Restarts and reopens fall inside the game: between 5% and 85% of its moves (its length
        # is known in advance, the engine alone plays the seed's game: expected_game).
        moves = len(expected_game(plan, tuple(order))[0])
        span = range(max(2, moves // 20), max(3, moves * 17 // 20))
        restarts = sorted(rng.sample(span, min(plan.restarts, len(span))))
        reopens = sorted(
            (seq, rng.randrange(3), rng.random() < 0.5)
            for seq in rng.sample(span, min(plan.reopens, len(span)))
        )
        return cls(tuple(order), tuple(restarts), tuple(reopens), moves)

    def names(self) -> list[str]:
        return seat_names(self.join_order)


def seat_names(order: tuple[int | str, ...]) -> list[str]:
    return [BOT_NAME if who == "bot" else NAMES[int(who)] for who in order]


def expected_game(
    plan: ChaosPlan, order: tuple[int | str, ...] | None = None
) -> tuple[list[Any], GameState]:
    """The game a seed produces when no key lands on a turn just as it opens: the engine alone
    with the players' choices (restarts and reopened apps change nothing in it)."""
    order = order or Schedule.of(plan).join_order
    names = seat_names(order)
    seed = game_seed(plan.server_seed if plan.server_seed is not None else plan.seed, TABLE, 1)
    state = new_game(make_rules(len(order), False, False), seed)
    bot = get_bot(PLAYER_LEVEL, plan.seed)
    actions: list[Any] = []
    while not state.is_over:
        seat = state.to_act
        assert seat is not None
        v = view(state, seat)
        if order[seat] == "bot":
            action = bot.choose(v)
        else:
            action = decide(plan.seed, seat, v, choices_for(v, Names(names, seat)), names).action
        actions.append(action)
        state = apply(state, action).state
    return actions, state


# --- the driver ---------------------------------------------------------------------------------


class ChaosTable:
    """One chaos game (see the module docstring)."""

    def __init__(self, plan: ChaosPlan, workdir: Path) -> None:
        self.plan = plan
        self.workdir = workdir
        self.schedule = Schedule.of(plan)
        self.report = ChaosReport(plan.seed)
        self.db = workdir / "journal.sqlite3"
        self.server = ServerProcess(
            str(self.db), "--seed", str(plan.server_seed if plan.server_seed is not None
                                        else plan.seed),
            "--bot-delay", "0", "--takeover-after", "600", "--continue-timeout", "5",
        )
        self.journal = Journal(self.db)
        self.address = ""
        self.port = 0
        self.t0 = time.monotonic()
        self.game_patience = Patience(plan.game_timeout)
        self.players = [Player(self, i, workdir / f"data-{NAMES[i].lower()}") for i in range(3)]
        self.bot: subprocess.Popen[bytes] | None = None
        """The headless bot once it may join (its turn in the join order)."""
        self.bot_ready: subprocess.Popen[bytes] | None = None
        """The headless bot's process, started with the server and waiting for its turn."""
        self.bot_seat: int | None = None
        self.hold_moves = False
        self.server_up_since = 0.0
        self.waiting_key: tuple[int, int | None] | None = None
        self.waiting_since = 0.0
        self.join_order = list(self.schedule.join_order)
        self.restart_at = list(self.schedule.restart_at)
        self.reopen_at = list(self.schedule.reopen_at)

    # --- the pieces ---

    def prepare_bot(self) -> None:
        """Start the headless bot's process as the server starts: it imports the client, then
        waits for a line on stdin before it runs ``seasalt-client ADDRESS --bot ...``, so its
        interpreter's start (seconds on a loaded machine) is not part of the waiting room."""
        out = open(self.workdir / "bot.out", "wb")  # noqa: SIM115 - the child keeps it
        err = open(self.workdir / "bot.err", "wb")  # noqa: SIM115
        self.bot_ready = subprocess.Popen(
            [sys.executable, "-c", BOT_WAITS_THEN_RUNS, self.address, "--bot", PLAYER_LEVEL,
             "--table", TABLE, "--players", "4", "--name", BOT_NAME, "--delay", "0",
             "--seed", str(self.plan.seed), "--token-file", str(self.workdir / "bot.token")],
            stdin=subprocess.PIPE, stdout=out, stderr=err, env={**os.environ},
        )
        out.close()
        err.close()

    def start_bot(self) -> None:
        """The bot's turn to join: the prepared process goes on (``seasalt-client --bot``)."""
        if self.bot_ready is None:
            self.prepare_bot()
        bot = self.bot_ready
        assert bot is not None and bot.stdin is not None
        with contextlib.suppress(BrokenPipeError):  # (exited already: check_bot says why)
            bot.stdin.write(b"go\n")
            bot.stdin.close()
        self.bot = bot

    def bot_text(self, which: str) -> str:
        path = self.workdir / f"bot.{which}"
        return path.read_text(errors="replace") if path.exists() else ""

    async def restart_server(self) -> None:
        self.report.restarts += 1
        self.server.kill()
        seen = max((m.seq for app in _WIRE for _t, d, m in _WIRE[app]
                    if d == "in" and isinstance(m, p.Snapshot | p.Update)), default=0)
        self.journal.refresh()
        if seen > self.journal.seq:
            raise self.fail(ChaosFailure, f"an app saw seq {seen} but the killed server's "
                            f"journal ends at {self.journal.seq}", what="journal")
        for player in self.players:
            player.note(f"server killed at seq {self.journal.seq}; restarting")
            if player.pending is not None and player.pending.seq == self.journal.seq:
                self.report.notes.append(
                    f"killed the server at seq {self.journal.seq} with {player.name}'s move "
                    f"({player.pending.choice.label}) not in its journal")
        await asyncio.to_thread(self.server.start, 15.0, self.port)
        self.server_up_since = time.monotonic()
        self.hold_moves = False

    async def reopen(self, index: int, clean: bool) -> None:
        player = self.players[index]
        if player.app is None:
            return
        self.report.reopens += 1
        await player.close(clean)
        await player.launch()

    def who(self, seat: int | None) -> str:
        if seat is None:
            return "nobody"
        if seat == self.bot_seat:
            return f"the headless bot (seat {seat})"
        player = next((q for q in self.players if q.seat == seat), None)
        return f"{player.name} (seat {seat})" if player else f"seat {seat}"

    def fail(self, kind: type[ChaosFailure], headline: str, *players: Player,
             what: str | None = None) -> ChaosFailure:
        parts = [f"seed {self.plan.seed}, {time.monotonic() - self.t0:.1f} s in, journal seq "
                 f"{self.journal.seq}, to act: {self.who(self.journal.to_act)}: {headline}"]
        parts += [q.diagnosis() for q in players]
        error = kind("\n".join(parts))
        if what is not None:
            error.what = what
        return error

    # --- the checks ---

    def check_stuck(self) -> None:
        truth, now = self.journal, time.monotonic()
        if not truth.started or truth.over:
            return
        key = (truth.seq, truth.to_act)
        if key != self.waiting_key:
            self.waiting_key, self.waiting_since = key, now
        seat = truth.to_act
        player = next((q for q in self.players if q.seat == seat), None)
        if player is not None and player.app is not None and \
                player.app.flow.table_status == "round_over":
            # The reading pause after a round: no move can be made until it ends (on a loaded
            # machine it lasts long enough to look like a stuck seat: chaos soak, seed 2002).
            self.waiting_since = now
        since = max(self.waiting_since, self.server_up_since,
                    player.live_since if player else 0.0)
        if now - since < stretched(self.plan.stuck_after):  # (a loaded machine is slow)
            return
        headline = (f"{self.who(seat)} has been to act at seq {truth.seq} for "
                    f"{now - since:.1f} s without a move accepted")
        if player is None:
            raise self.fail(ChaosFailure, headline + "\n  headless bot stderr:\n"
                            + self.bot_text("err")[-3000:]
                            + self.server_log_tail(), *self.players, what="stuck table")
        raise self.fail(self.classify_stuck(player), headline, player, what="stuck table")

    async def recheck(self, stuck: ChaosFailure) -> ChaosFailure:
        """A stuck table, looked at again after STUCK_RECHECK more seconds of the event loop
        running: a slow app (a loaded machine) has moved on by then, a deadlocked one has not,
        and its message pumps wait where they waited."""
        seq = self.journal.seq
        # Never past the game's deadline: a test's hard timeout would lose the diagnosis.
        wait = min(stretched(STUCK_RECHECK), self.game_patience.left())
        await asyncio.sleep(wait)  # sleep-ok: a fixed second look, for the diagnosis
        self.journal.refresh()
        lines = [f"after {wait:.0f} s more: journal seq {seq} -> {self.journal.seq}"]
        for player in self.players:
            if player.app is not None:
                lines.append(f"  {player.name}:")
                lines += pumps_waiting(player.app)
        stuck.args = (stuck.args[0] + "\n" + "\n".join(lines),)
        return stuck

    def classify_stuck(self, player: Player) -> type[ChaosFailure]:
        app = player.app
        if app is None:
            return ChaosFailure
        table = next((s for s in app.screen_stack if isinstance(s, TableScreen)), None)
        if table is None or app.session.seat != player.seat:
            return SeatNotResumed if len(player.apps) > 1 else ChaosFailure
        latest = app.flow.frame
        if latest is not None and table.frame is not None and table.frame.seq < latest.seq:
            return StaleFrameShown
        with contextlib.suppress(Exception):
            if table.sent and table.my_turn and table.query_one(ActionList).choices:
                return RefusedActionFroze  # its turn on screen, keys ignored: defect 1
        return ChaosFailure

    def check_screen_current(self, player: Player) -> None:
        """The table screen shows the newest frame the app received (within ``SCREEN_LAG``)."""
        app, now = player.app, time.monotonic()
        table = None if app is None else next(
            (s for s in app.screen_stack if isinstance(s, TableScreen)), None)
        behind = (app is not None and table is not None and app.flow.frame is not None
                  and table.frame is not None and table.frame.table == app.flow.frame.table
                  and table.frame.seq < app.flow.frame.seq)
        if not behind:
            player.behind_since = None
            return
        if player.behind_since is None:
            player.behind_since = now
        elif now - player.behind_since > SCREEN_LAG:
            assert app is not None and table is not None and app.flow.frame is not None
            assert table.frame is not None
            raise self.fail(StaleFrameShown, (
                f"{player.name}'s app received seq {app.flow.frame.seq} but its table screen holds "
                f"seq {table.frame.seq} since {now - player.behind_since:.1f} s (a NEW bug, not "
                "in issue 13: an older frame scheduled by on_table_changed overwrote newer ones)"),
                player)

    def check_back_in_seat(self, player: Player) -> None:
        """An app that came back (reopened, or after a server restart) is in its own seat."""
        app = player.app
        if app is None or player.seat is None:
            return
        frames = [m for _t, d, m in _WIRE.get(app, []) if d == "in"
                  and isinstance(m, p.Snapshot | p.Update) and m.table == TABLE]
        for message in frames:
            if message.view.seat != player.seat:
                raise self.fail(ChaosFailure, f"{player.name} came back in seat "
                                f"{message.view.seat}, not its own seat {player.seat}", player,
                                what="lost seat")
        if len(player.apps) > 1 and not frames and \
                time.monotonic() - player.live_since > stretched(self.plan.back_within):
            raise self.fail(SeatNotResumed, f"{player.name}'s app reopened on the same data dir "
                            f"is not back in seat {player.seat} after {self.plan.back_within:g} s "
                            "(issue 13 defect 3)", player)

    def server_log_tail(self) -> str:
        try:
            text = Path(self.server.log_path).read_text(errors="replace")
        except OSError:
            return ""
        return "\n  server log tail:\n" + "\n".join("    " + line
                                                  for line in text.splitlines()[-25:])

    # --- the game ---

    async def run(self) -> ChaosReport:
        """Play one chaos game; raise :class:`ChaosFailure` (or a known defect) on a failure."""
        self.workdir.mkdir(parents=True, exist_ok=True)
        self.t0 = time.monotonic()
        with separate_data_dirs(self.workdir / "default-data"), recording_wire():
            try:
                await self._run()
            finally:
                await self._teardown()
        self.report.seconds = time.monotonic() - self.t0
        return self.report

    async def _run(self) -> None:
        plan = self.plan
        endpoint = await asyncio.to_thread(self.server.start)
        self.server_up_since = time.monotonic()
        self.address = endpoint.removeprefix("tcp://")
        self.port = int(self.address.rsplit(":", 1)[1])
        self.prepare_bot()
        first_tui = next(i for i in self.join_order if i != "bot")
        for index in range(3):
            player = self.players[index]
            player.creator = index == first_tui and self.join_order[0] != "bot"
            await player.launch()
        # The game's limit restarts at each move the journal records: a loaded machine plays
        # the same game slower (a chain of processes waits for the CPU at every hop, more than
        # the load per core says), a game that stopped moving fails all the same.
        self.game_patience = Patience(plan.game_timeout)
        moved = -1
        while True:
            if self.game_patience.spent():
                raise self.fail(ChaosFailure, f"no move nor game over for {self.game_patience}",
                                *self.players, what="no game over")
            self.journal.refresh()
            truth = self.journal
            if truth.seq != moved:
                moved, self.game_patience = truth.seq, Patience(plan.game_timeout)
            self.allow_joins()
            for player in self.players:
                await player.step()
            if truth.started and not truth.over:
                await self.chaos_events()
            self.check_bot()
            try:
                self.check_stuck()
            except ChaosFailure as stuck:
                raise await self.recheck(stuck) from None
            for player in self.players:
                self.check_back_in_seat(player)
                self.check_screen_current(player)
            if self.finished():
                break
            await asyncio.sleep(TICK)  # sleep-ok: polls apps and journal (game deadline)
        self.check_journal()
        self.check_data_dirs()
        self.report.seq = self.journal.seq
        state = self.journal.state
        self.report.rounds = state.round if state else 0
        self.report.scores = self.journal.final_scores or ()

    def seated_before_start(self) -> int:
        """How many seats are taken, as the apps are shown it: a table that has not started
        is not in the journal (issue 14: an empty table leaves no rows), so before the start
        the waiting room and the lobby rows are the truth people see."""
        seated = len(self.journal.seat_names)
        for player in self.players:
            app = player.app
            if app is None:
                continue
            for screen in app.screen_stack:
                if isinstance(screen, LobbyScreen):
                    rows = [t for t in screen.tables if t.name == TABLE]
                elif isinstance(screen, TableScreen) and screen.waiting is not None:
                    rows = [screen.waiting]
                else:
                    rows = []
                for row in rows:
                    seated = max(seated, sum(1 for seat in row.seats if seat is not None))
        return seated

    def allow_joins(self) -> None:
        seated = self.seated_before_start()
        for position, who in enumerate(self.join_order):
            if position > seated:
                break
            if who == "bot":
                if self.bot is None:
                    self.start_bot()
            else:
                player = self.players[int(who)]
                if not player.may_join:
                    # People arrive at their own pace: the waiting room lasts a while.
                    player.may_join = True
                    player.join_tried_at = (
                        time.monotonic() + player.rng.uniform(0.0, 2.0) * self.plan.pace)
        if self.bot_seat is None and self.journal.started:
            self.bot_seat = next(s for s, n in self.journal.seat_names.items() if n == BOT_NAME)

    async def chaos_events(self) -> None:
        seq = self.journal.seq
        if self.restart_at and seq >= self.restart_at[0]:
            in_flight = any(q.pending is not None and q.pending.seq == seq
                            and time.monotonic() - q.pending.at < 0.05 for q in self.players)
            if self.plan.kill_in_flight and not in_flight and seq < self.restart_at[0] + 40:
                return  # wait (a while) for a TUI's move key, then kill as it goes out
            if in_flight and not self.plan.kill_in_flight:
                self.hold_moves = True  # let the move land, press no new one, then kill
                return
            self.restart_at.pop(0)
            await self.restart_server()
        if self.reopen_at and seq >= self.reopen_at[0][0]:
            _seq, index, clean = self.reopen_at.pop(0)
            await self.reopen(index, clean)

    def check_bot(self) -> None:
        if self.bot is None or self.bot.poll() is None:
            return
        code = self.bot.returncode
        if code != 0 or not self.journal.over:
            self.journal.refresh()
            if self.journal.over and code == 0:
                return
            raise self.fail(ChaosFailure, f"the headless bot exited {code} before game over:\n"
                            + self.bot_text("err")[-3000:] + self.server_log_tail(),
                            what="headless bot")

    def finished(self) -> bool:
        if not self.journal.over:
            return False
        if self.bot is None or self.bot.poll() is None:
            return False
        return all(q.saw_game_over for q in self.players)

    def check_journal(self) -> None:
        """Every frame each app saw is the journal's state at that seq; every journalled move of
        a TUI seat was sent by that seat's app; the headless bot printed the final scores."""
        truth = self.journal
        assert truth.final_scores is not None
        out = self.bot_text("out")
        printed = re.search(r"^scores: ([\d ]+)$", out, re.M)
        if printed is None or tuple(int(s) for s in printed.group(1).split()) != \
                truth.final_scores:
            raise self.fail(ChaosFailure, f"the headless bot printed {out!r}; the journal's final "
                            f"scores are {truth.final_scores}", what="journal")
        actions, _final = expected_game(self.plan, self.schedule.join_order)
        if truth.actions != actions:
            # Not a failure: an impatient key can land on a turn just as it opens (a legal move
            # the seed's script did not choose). Said in the report, for reproducing.
            at = next((i for i, (a, b) in enumerate(zip(truth.actions, actions, strict=False))
                       if a != b),
                      min(len(actions), len(truth.actions)))
            self.report.notes.append(f"left the seed's script at move {at + 1}")
        for player in self.players:
            sent: set[tuple[int, Any]] = set()
            for app in player.apps:
                for _t, direction, message in _WIRE.get(app, []):
                    if direction == "out" and isinstance(message, p.ActionRequest):
                        sent.add((message.seq, message.action))
                    if direction != "in" or not isinstance(message, p.Snapshot | p.Update):
                        continue
                    n = message.seq - truth.seq_base
                    if not 0 <= n < len(truth.states):
                        raise self.fail(ChaosFailure, f"{player.name} saw seq {message.seq}; "
                                        f"the journal has {truth.seq}", player, what="journal")
                    expected = view(truth.states[n], player.seat)
                    if message.view != expected:
                        raise self.fail(ChaosFailure, f"{player.name} saw at seq {message.seq} "
                                        "a view that is not the journal's: "
                                        + view_difference(message.view, expected), player,
                                        what="journal")
            for n, (actor, action) in enumerate(zip(truth.actors, truth.actions, strict=True)):
                if actor == player.seat and (truth.seq_base + n, action) not in sent:
                    raise self.fail(ChaosFailure, f"the journal has move {n + 1} "
                                    f"({p.action_to_wire(action)}) for {player.name}'s seat, "
                                    "which its app never sent", player, what="journal")

    def check_data_dirs(self) -> None:
        """Each app kept its files in its own data dir (the client's identity at least)."""
        identities = set()
        for player in self.players:
            path = player.data_dir / "identity"
            if not path.exists():
                raise self.fail(ChaosFailure, f"{player.name}'s app wrote no identity in its "
                                f"data dir {player.data_dir}: the per-app data dirs do not work "
                                "(see separate_data_dirs)", what="driver")
            identities.add(path.read_text())
        if len(identities) != len(self.players):
            raise self.fail(ChaosFailure, "two apps share an identity", what="driver")

    async def _teardown(self) -> None:
        for player in self.players:
            if player.life is not None and not player.life.done():
                player.stop.set()
                with contextlib.suppress(Exception):
                    await within(player.life, 20)
        for app in [a for q in self.players for a in q.apps]:
            _DATA_DIRS.pop(app, None)
            _WIRE.pop(app, None)
        bot = self.bot or self.bot_ready
        if bot is not None and bot.poll() is None:
            bot.send_signal(signal.SIGKILL)
            bot.wait(10)
        if bot is not None and bot.stdin is not None and not bot.stdin.closed:
            bot.stdin.close()
        if self.server.proc is not None and self.server.proc.poll() is None:
            self.server.terminate()
        self.journal.close()


def view_difference(got: PlayerView, want: PlayerView) -> str:
    """The fields two views differ in (diagnostics)."""
    names = [f for f in got.__dataclass_fields__ if getattr(got, f) != getattr(want, f)]
    return ", ".join(f"{f}: got {getattr(got, f)!r:.80} want {getattr(want, f)!r:.80}"
                     for f in names) or "(equal?)"


async def play(plan: ChaosPlan, workdir: Path) -> ChaosReport:
    """One chaos game in ``workdir`` (see :class:`ChaosTable`)."""
    return await ChaosTable(plan, workdir).run()
