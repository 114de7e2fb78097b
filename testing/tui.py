"""The shared kit for Textual tests: fake links (no sockets), and waiting for a settled screen.

A test drives the app through :func:`press` and waits with :func:`settled` (Textual's Pilot:
``pilot.pause()`` drains the screen's message queues and runs the pending layout and compositor
refresh) or :func:`until` a condition, never a fixed sleep. ``TableScreen.rendered`` is set after
the frame is drawn, so a test that waits for it reads a laid-out screen.
"""

from __future__ import annotations

import asyncio
import contextlib
import random
from collections.abc import AsyncIterator, Callable
from typing import Any

from seasalt import protocol as p
from seasalt.client.net.history_source import HistoryUnavailable
from seasalt.client.net.intents import SitDown
from seasalt.client.tui.app import SeasaltApp
from seasalt.client.tui.launch_options import LaunchOptions
from seasalt.client.tui.messages import Frame, IntentQueued
from seasalt.client.tui.screens.lobby import LobbyScreen
from seasalt.client.tui.screens.table import TableScreen
from seasalt.client.tui.widgets.actions import ActionList
from seasalt.engine import (
    ENGINE_VERSION,
    Action,
    EventKind,
    GameState,
    Phase,
    Rules,
    apply,
    events_for,
    legal_actions,
    new_game,
    view,
)
from seasalt.protocol import (
    DuoCount,
    GameSummary,
    PlayerEntry,
    PlayerStats,
    Replay,
    StandInMove,
)
from textual import events
from textual.app import App
from textual.message_pump import MessagePump
from textual.pilot import Pilot

from .waiting import until

NAMES = ("Ann", "Bob", "Cy", "Di")


# --- waiting and reading ----------------------------------------------------------------------


async def settled(app: App[Any]) -> None:
    """Wait until ``app`` has handled what is queued and drawn the result.

    Twice: callbacks scheduled for after a refresh (``call_after_refresh``, as
    ``TableScreen.rendered`` is) run after the first refresh and may change the screen again.
    """
    pilot: Pilot[Any] = Pilot(app)
    await pilot.pause()
    await pilot.pause()


async def through(*pumps: MessagePump) -> None:
    """Wait until each of ``pumps`` in turn has handled everything queued on it so far.

    A key posted to the app is handled by the app, which passes it to the screen; the screen
    may post a message back to the app: ``through(app, screen, app)`` returns once all of that
    has happened (each message queue is first in, first out), without any timing guess.
    """
    for pump in pumps:
        done = asyncio.Event()
        pump.call_later(done.set)
        await done.wait()


async def press(app: App[Any], *keys: str) -> None:
    """Key presses, as a terminal sends them (posted to the app in order, as its driver does).

    ``Pilot.press`` also waits for the CPU to look idle after each key, which is slow and
    proves nothing on a busy machine: wait for the condition you expect instead.
    """
    for key in keys:
        event = events.Key(key, key if len(key) == 1 else None)
        event.set_sender(app)
        app.post_message(event)
        await asyncio.sleep(0)  # sleep-ok: yield, so the keys are handled in order


async def host_from_start_menu(
    app: App[Any], pilot: Pilot[Any], *switches: str, timeout: float = 40.0
) -> None:
    """Host a LAN game from the start menu as a player does: the Host tab, the ``switches``
    (their ids, e.g. ``"#host-secure"``) turned on, any free port, Enter; back once the
    lobby of the hosted server is shown."""
    from seasalt.client.tui.screens.start import StartScreen

    await until(lambda: isinstance(app.screen, StartScreen))
    app.screen.query_one("#tabs").active = "host"  # type: ignore[attr-defined]
    await pilot.pause()
    for switch in switches:
        app.screen.query_one(switch).value = True  # type: ignore[attr-defined]
    port = app.screen.query_one("#port")
    port.value = "0"  # type: ignore[attr-defined]  # any free port
    port.focus()
    await press(app, "enter")
    await until(lambda: isinstance(app.screen, LobbyScreen), timeout=timeout)


def toasts(app: App[Any]) -> list[str]:
    """Every notification the app raises from now on, in order (its public ``notify``,
    recorded): a toast's words stay readable after it fades."""
    said: list[str] = []
    notify = app.notify

    def recorded(message: str, *args: Any, **kwargs: Any) -> None:
        said.append(str(message))
        notify(message, *args, **kwargs)

    app.notify = recorded  # type: ignore[method-assign]
    return said


def screen_text(app: App[Any]) -> str:
    """The screen as drawn, plain text, one line per row.

    Textual has no public plain-text export (``export_screenshot`` renders SVG from the same
    compositor), so this is the kit's one read of a private name (Textual is pinned exactly).
    """
    strips = app.screen._compositor.render_strips()
    return "\n".join("".join(seg.text for seg in strip).rstrip() for strip in strips)


def footer(app: App[Any]) -> str:
    """The screen's last row as drawn (the footer's keys), or "" before anything is drawn."""
    rows = screen_text(app).splitlines()
    return rows[-1] if rows else ""


async def footer_hidden_under_dialog(app: App[Any], key: str, drawn: str, shown: str) -> None:
    """``key`` opens a dialog over the screen whose footer names ``shown``: once the dialog
    (its text ``drawn``) is on screen the footer no longer names it, and Esc brings both back
    (SeasaltApp.SUSPENDED_SCREEN_CLASS: the keys below do nothing while a dialog asks)."""
    below = app.screen
    await until(lambda: shown in footer(app), what=f"{shown!r} in the footer")
    await press(app, key)
    await until(lambda: app.screen is not below and drawn in screen_text(app),
                what=f"the dialog showing {drawn!r}")
    await settled(app)
    assert shown not in footer(app), screen_text(app)
    await press(app, "escape")
    await until(lambda: app.screen is below and shown in footer(app),
                what=f"{shown!r} in the footer again")


def screen_segments(app: App[Any]) -> list[list[Any]]:
    """The screen as drawn, row by row, as Rich segments (text with its resolved style): what
    a colour or contrast check reads. The same one read as :func:`screen_text`."""
    return [list(strip) for strip in app.screen._compositor.render_strips()]


def missing_choices(app: App[Any], table: TableScreen) -> list[str]:
    """The choices whose key and whole label are not on screen inside the action list's box
    (a label may wrap over rows; a row cut short, scrolled away or drawn over is missing)."""
    actions = table.query_one(ActionList)
    region = actions.region
    rows = screen_text(app).replace("\u00a0", " ").splitlines()
    band = " ".join(row[region.x:region.right] for row in rows[region.y:region.bottom])
    shown = " ".join(band.split())
    return [f"{c.key} {c.label}" for c in actions.choices
            if " ".join(f"{c.key} {c.label}".replace("\u00a0", " ").split()) not in shown]


def table_ready(app: App[Any]) -> Callable[[], bool]:
    """A condition: a table frame is on screen."""
    return lambda: isinstance(app.screen, TableScreen) and app.screen.rendered is not None


async def until_table(app: App[Any], timeout: float = 10.0) -> TableScreen:
    """Wait until a table frame is on screen; return the table screen."""
    await until(table_ready(app), timeout, "a table frame on screen")
    screen = app.screen
    assert isinstance(screen, TableScreen)
    return screen


@contextlib.asynccontextmanager
async def two_at_a_table(
    address: str, size: tuple[int, int]
) -> AsyncIterator[tuple[SeasaltApp, SeasaltApp]]:
    """Ann and Bob, two real apps on the server at ``address``, seated at a table of two
    humans named "duo", each with its first frame on screen."""
    ann = SeasaltApp(LaunchOptions(address=address, name="Ann"))
    bob = SeasaltApp(LaunchOptions(address=address, name="Bob"))
    async with ann.run_test(size=size), bob.run_test(size=size):
        await until(lambda: isinstance(ann.screen, LobbyScreen)
                    and isinstance(bob.screen, LobbyScreen))
        for app in (ann, bob):
            app.post_message(IntentQueued(SitDown("duo", ("human", "human"), False, False)))
        await until_table(ann)
        await until_table(bob)
        yield ann, bob


async def resized(app: App[Any], width: int, height: int) -> None:
    """Resize the terminal as a player does (``Pilot.resize_terminal``) and wait until the
    screen is laid out at the new size and has settled.

    A table keeps the frame it drew at the old size until it draws again: give it a frame
    after the resize (:func:`show_next`) and read it once that is drawn. Even so a resized
    table is not always laid out as a fresh app's at that size (80 x 24 to 100 x 30 left
    the hand a row taller): a check meant for a fresh layout at each size starts an app each.
    """
    await Pilot(app).resize_terminal(width, height)
    await until(lambda: tuple(app.screen.size) == (width, height), 10.0,
                f"the screen laid out at {width} x {height}")
    await settled(app)


async def show_next(table: TableScreen, state: GameState, seat: int = 0,
                    timeout: float = 20.0) -> Frame:
    """Put ``seat``'s view of ``state`` on ``table`` as the frame after the one it holds (the
    same table and seats, the next seq) and wait until it is drawn.

    One app can so check a series of positions at a frame's cost each, not an app's (started
    and brought to its table, an app costs about ten frames' CPU). The table draws a frame
    after another as in a game: cards in the hand that were not in the last frame's are marked
    new, and after a frame where the seat had nothing to do the changes since are marked. A
    position meant to look as in a fresh app keeps seat 0 to act in both frames and its hand
    within the last frame's hand.
    """
    held = table.frame
    assert held is not None, "no frame on the table yet (until_table first)"
    frame = Frame(held.table, held.seq + 1, view(state, seat), held.seats)
    await table.show_frame(frame)
    await until(lambda: table.rendered is frame, timeout, f"frame {frame.seq} on screen")
    return frame


# --- positions ----------------------------------------------------------------------------------


def mid_round(players: int, seed: int = 20) -> GameState:
    """Seat 0 to play with a few cards in every hand (deterministic)."""
    state = new_game(Rules(players, extra_salt=True), seed=seed)
    while not (
        state.move > 40 and state.active == 0 and state.phase is Phase.PLAY
        and len(state.hands[0]) >= 4
    ):
        options = legal_actions(state)
        state = apply(state, options[-1] if state.move % 3 else options[0]).state
    return state


class QueueLink:
    """The plumbing every fake :class:`seasalt.client.tui.link.Link` shares: what the "server"
    says goes into ``inbox`` and ``recv`` hands it out in order; subclasses answer ``send``."""

    inbox: asyncio.Queue[Any]

    def __init__(self) -> None:
        self.inbox = asyncio.Queue()

    async def connect(self) -> None:
        return None

    async def close(self) -> None:
        return None

    async def recv(self) -> Any:
        return await self.inbox.get()

    async def send(self, message: Any) -> None:
        raise NotImplementedError


class StaticLink(QueueLink):
    """Answers the first request with one running table and one frame (seat 0), then waits.

    Chat lines are echoed back, as the server does."""

    def __init__(self, state: GameState, names: tuple[str, ...] = NAMES) -> None:
        self.state = state
        self.names = names
        self.inbox: asyncio.Queue[Any] = asyncio.Queue()

    async def send(self, message: Any) -> None:
        if isinstance(message, p.Chat):
            await self.inbox.put(p.ChatLine("t", self.names[0], 0, message.text))
        if not isinstance(message, p.ListTables):
            return
        seats = tuple(
            p.SeatInfo("human", self.names[i], True, False) for i in range(self.state.players)
        )
        info = p.TableInfo("t", seats, True, False, p.TableState.RUNNING, self.state.round)
        await self.inbox.put(p.Joined("t", 0))
        await self.inbox.put(p.TableChanged(info))
        await self.inbox.put(p.Snapshot("t", 7, view(self.state, 0)))


class ResultLink(StaticLink):
    """A :class:`StaticLink` whose frame is followed by the round result of the state."""

    async def send(self, message: Any) -> None:
        await super().send(message)
        if isinstance(message, p.ListTables):
            assert self.state.last_result is not None
            await self.inbox.put(p.RoundOver("t", 7, self.state.last_result, (0,)))


def result_app(state: GameState, lang: str = "en", names: tuple[str, ...] = NAMES) -> SeasaltApp:
    """An app in ``lang`` showing the table of ``state`` and its last round's result."""
    return SeasaltApp(
        LaunchOptions(address="t:7327", name=names[0], lang=lang),
        link_factory=lambda _address, _name: ResultLink(state, names),
    )


class GameOverLink(StaticLink):
    """A :class:`StaticLink` for a finished game: the last round's result, the game over and
    the game's record (``rounds``: every round's points by seat)."""

    def __init__(self, state: GameState, names: tuple[str, ...],
                 rounds: tuple[tuple[int, ...], ...]) -> None:
        super().__init__(state, names)
        self.rounds = rounds

    async def send(self, message: Any) -> None:
        await super().send(message)
        if isinstance(message, p.ListTables):
            state = self.state
            assert state.last_result is not None and state.is_over
            standings = tuple(sorted(range(state.players), key=lambda s: -state.scores[s]))
            await self.inbox.put(p.RoundOver("t", 7, state.last_result, ()))
            await self.inbox.put(p.GameOver("t", 7, state.scores, state.winners, standings))
            await self.inbox.put(p.GameRecord("t", 7, self.rounds, False, ()))


def game_over_app(state: GameState, rounds: tuple[tuple[int, ...], ...], lang: str = "en",
                  names: tuple[str, ...] = NAMES) -> SeasaltApp:
    """An app in ``lang`` at a finished game: its last result, then the game over."""
    return SeasaltApp(
        LaunchOptions(address="t:7327", name=names[0], lang=lang),
        link_factory=lambda _address, _name: GameOverLink(state, names, rounds),
    )


def table_app(state: GameState, lang: str, names: tuple[str, ...] = NAMES) -> SeasaltApp:
    """An app in ``lang`` that goes straight to the table of ``state`` (seat 0)."""
    return SeasaltApp(
        LaunchOptions(address="t:7327", name=names[0], lang=lang),
        link_factory=lambda _address, _name: StaticLink(state, names),
    )




# --- fake links (a :class:`seasalt.client.tui.link.Link` without sockets) ---------------------


class FakeLink(QueueLink):
    """A :class:`seasalt.client.tui.link.Link` over an in-process engine game."""

    def __init__(
        self, address: str = "fake:1", name: str = "Ann", *, seed: int = 3, players: int = 3,
        names: tuple[str, ...] = ("Bob", "Cy", "Di"), state: GameState | None = None,
        fail: Exception | None = None,
    ) -> None:
        self.address = address
        self.name = name
        self.seed = seed
        self.players = players
        self.names = names
        self.state = state
        self.fail = fail
        self.inbox: asyncio.Queue[Any] = asyncio.Queue()
        self.sent: list[Any] = []
        self.seq = 0
        self.rng = random.Random(seed)
        self.table = "solo"

    async def connect(self) -> None:
        if self.fail is not None:
            raise self.fail

    def info(self) -> p.TableInfo:
        seats = [p.SeatInfo("human", self.name, True, False)] + [
            p.SeatInfo("bot:random", self.names[i], True, True) for i in range(self.players - 1)
        ]
        return p.TableInfo(self.table, tuple(seats), False, False, p.TableState.RUNNING, 1)

    async def send(self, message: Any) -> None:
        self.sent.append(message)
        if isinstance(message, p.ListTables):
            await self.inbox.put(p.Tables((self.info(),)))
        elif isinstance(message, p.JoinOrCreate):
            self.table = message.table
            if self.state is None:
                self.state = new_game(Rules(self.players), self.seed)
            await self.inbox.put(p.Joined(self.table, 0))
            await self.inbox.put(p.TableChanged(self.info()))
            await self.inbox.put(p.Snapshot(self.table, self.seq, view(self.state, 0)))
            await self._bots()
        elif isinstance(message, p.ActionRequest):
            assert self.state is not None
            if message.seq != self.seq:
                await self.inbox.put(p.Error(p.ErrorCode.STALE_SEQ, "stale", self.table))
                return
            await self._apply(message.action)
            await self._bots()
        elif isinstance(message, p.Chat):
            await self.inbox.put(p.ChatLine(self.table, self.name, 0, message.text))

    async def _apply(self, action: Any) -> None:
        assert self.state is not None
        result = apply(self.state, action)
        self.state = result.state
        self.seq += 1
        await self.inbox.put(
            p.Update(self.table, self.seq, view(self.state, 0), events_for(result.events, 0))
        )
        for event in result.events:
            if event.kind in (EventKind.ROUND_SCORED, EventKind.ROUND_VOID):
                assert self.state.last_result is not None
                await self.inbox.put(
                    p.RoundOver(self.table, self.seq, self.state.last_result, (0,))
                )
        if self.state.is_over:
            await self.inbox.put(
                p.GameOver(self.table, self.seq, self.state.scores, self.state.winners,
                           self.state.standings())
            )

    async def _bots(self) -> None:
        assert self.state is not None
        while not self.state.is_over and self.state.to_act != 0:
            options = view(self.state, self.state.to_act).legal_actions
            await self._apply(options[self.rng.randrange(len(options))])


class OneTableLink(QueueLink):
    """Lists one table; joining it gives seat 0 of ``state``."""

    def __init__(self, state: Any) -> None:
        self.state = state
        self.inbox: asyncio.Queue[Any] = asyncio.Queue()

    async def send(self, message: Any) -> None:
        seats = tuple(
            p.SeatInfo("human", name, True, False) for name in ("Ann", "Bob", "Cy", "Di")
        )
        info = p.TableInfo("t1", seats, True, True, p.TableState.RUNNING, 2)
        if isinstance(message, p.ListTables):
            await self.inbox.put(p.Tables((info,)))
        elif isinstance(message, p.JoinOrCreate):
            await self.inbox.put(p.Joined("t1", 0))
            await self.inbox.put(p.TableChanged(info))
            await self.inbox.put(p.Snapshot("t1", 7, view(self.state, 0)))


class OneFrameLink(QueueLink):
    """Answers the lobby request with one table frame (``seat`` None: watching)."""

    def __init__(self, state: GameState, seat: int | None) -> None:
        self.state, self.seat = state, seat
        self.inbox: asyncio.Queue[object] = asyncio.Queue()
        self.sent: list[object] = []

    async def send(self, message: object) -> None:
        self.sent.append(message)
        if isinstance(message, p.ListTables):
            await self.inbox.put(p.Joined("t", self.seat))
            await self.inbox.put(p.Snapshot("t", 3, view(self.state, self.seat)))


class WaitingLink(OneFrameLink):
    """A table that waits for its second player (no game yet)."""

    async def send(self, message: object) -> None:
        self.sent.append(message)
        if isinstance(message, p.ListTables):
            seats = (
                p.SeatInfo("human", "Ann", True, False), p.SeatInfo("human", None, False, False)
            )
            info = p.TableInfo("t", seats, False, False, p.TableState.WAITING, 0)
            await self.inbox.put(p.Joined("t", 0))
            await self.inbox.put(p.TableChanged(info))


def app_for(link: Any) -> SeasaltApp:
    """The app as Ann on ``link`` (any fake link above), from the lobby on."""
    return SeasaltApp(LaunchOptions(address="t:7327", name="Ann"), link_factory=lambda a, n: link)


# --- history (fake source, replays) ----------------------------------------------------------


def make_replay(game: int, seed: int, version: str = ENGINE_VERSION) -> Replay:
    """A finished two-player game (Ann and a greedy bot) as the history server sends it."""
    rules = Rules(2)
    rng = random.Random(seed)
    state = new_game(rules, seed)
    actions: list[Action] = []
    while not state.is_over:
        action = rng.choice(legal_actions(state))
        actions.append(action)
        state = apply(state, action).state
    players = (
        PlayerEntry(0, "human", "Ann", "p:0123456789abcdef"),
        PlayerEntry(1, "bot:greedy", None, "bot:greedy"),
    )
    summary = GameSummary(
        game, f"table{game}", players, state.scores, state.winners, False, True, state.round,
        1_700_000_000 + game, 1_700_000_500 + game,
    )
    return Replay(summary, rules, version, seed, tuple(actions))


STATS = (
    PlayerStats(
        "p:0123456789abcdef", "Ann", 2, 1, 61, 9,
        (DuoCount("crab", 3), DuoCount("shark+swimmer", 1)), 2, 1, 1, 0, 0,
    ),
    PlayerStats("bot:greedy", "bot:greedy", 2, 1, 70, 9, (), 1, 2, 1, 1, 0),
)


class FakeSource:
    """A :class:`seasalt.client.net.history_source.HistorySource` over in-memory replays."""

    def __init__(
        self, replays: dict[int, Replay], fail: bool = False,
        stand_ins: dict[int, tuple[StandInMove, ...]] | None = None,
        viewer: str | None = None,
    ) -> None:
        self.replays = replays
        self.viewer = viewer
        self.fail = fail
        self.closed = False
        self.stand_ins = stand_ins or {}

    async def list_games(self) -> tuple[GameSummary, ...]:
        if self.fail:
            raise HistoryUnavailable("no server answered")
        newest_first = sorted(self.replays.values(), key=lambda r: -r.summary.game)
        return tuple(r.summary for r in newest_first)

    async def replay(self, game: int) -> Replay:
        return self.replays[game]

    def stand_ins_of(self, game: int) -> tuple[StandInMove, ...]:
        return self.stand_ins.get(game, ())

    async def stats(self) -> tuple[PlayerStats, ...]:
        return STATS

    async def close(self) -> None:
        self.closed = True


class Host(App[None]):
    """A bare app that opens one screen (a screen tested on its own)."""

    def __init__(self, screen: Any) -> None:
        super().__init__()
        self.first = screen

    def on_mount(self) -> None:
        self.push_screen(self.first)


__all__ = [
    "NAMES", "STATS", "FakeLink", "FakeSource", "Host", "OneFrameLink", "OneTableLink",
    "StaticLink", "make_replay", "mid_round", "missing_choices", "press", "resized",
    "screen_text", "settled", "show_next", "table_app", "table_ready", "through", "until",
    "until_table",
]
