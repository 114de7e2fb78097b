"""The table's clocks in the TUI (issue 15), on an injected clock: the turn countdown for the
seat to act and for the others, "time ran out" in the log, the takeover countdown instead of
"Waiting for Bob…", the reading pause on the round result, the turn timer option in the lobby
and the waiting room, and auto end turn (the setting, the countdown, a key cancels it).

The app reads ``app.clock`` (a ManualClock here): the test moves it, the screens' tickers read
it. Nothing waits for real time but the conditions.
"""

from __future__ import annotations

from typing import Any

import pytest
from seasalt import protocol as p
from seasalt.client.files import settings
from seasalt.client.tui.app import SeasaltApp
from seasalt.client.tui.bridge import summary_from_info
from seasalt.client.tui.launch_options import LaunchOptions
from seasalt.client.tui.messages import TablesListed
from seasalt.client.tui.screens.result import RoundResultScreen
from seasalt.client.tui.screens.table import TableScreen
from seasalt.client.tui.widgets.log import LogPanel
from seasalt.engine import (
    EndTurn,
    GameState,
    Phase,
    PlayPair,
    Rules,
    apply,
    legal_actions,
    new_game,
    view,
)
from seasalt.testing.tui import QueueLink

pytestmark = pytest.mark.timeout(60)

NAMES = ("Ann", "Bob", "Cy")


class Clock:
    def __init__(self) -> None:
        self.t = 500.0

    def __call__(self) -> float:
        return self.t

    def advance(self, seconds: float) -> None:
        self.t += seconds


class ClockLink(QueueLink):
    """Seat 0 of ``state`` at table "t" (turn timer ``turn_time``); the test says the rest."""

    def __init__(self, state: GameState, turn_time: int = 30,
                 status: p.TableState = p.TableState.RUNNING) -> None:
        super().__init__()
        self.state, self.turn_time, self.status = state, turn_time, status
        self.sent: list[Any] = []

    def info(self, connected: tuple[bool, ...] | None = None) -> p.TableInfo:
        connected = connected or (True,) * self.state.players
        seats = tuple(p.SeatInfo("human", NAMES[i], connected[i], False)
                      for i in range(self.state.players))
        return p.TableInfo("t", seats, False, False, self.status, self.state.round,
                           turn_time=self.turn_time)

    async def send(self, message: Any) -> None:
        self.sent.append(message)
        if isinstance(message, p.ListTables):
            await self.inbox.put(p.Joined("t", 0))
            await self.inbox.put(p.TableChanged(self.info()))
            if self.status is not p.TableState.WAITING:
                await self.inbox.put(p.Snapshot("t", 7, view(self.state, 0)))

    def actions(self) -> list[Any]:
        return [m.action for m in self.sent if isinstance(m, p.ActionRequest)]


def _app(link: ClockLink, clock: Clock, auto_end: bool = False) -> SeasaltApp:
    app = SeasaltApp(LaunchOptions(address="t:7327", name="Ann"),
                     link_factory=lambda _a, _n: link)
    app.clock = clock
    app.auto_end_turn = auto_end
    return app


def _find(test: Any, players: int = 3) -> GameState:
    """A deterministic position where ``test(state)`` holds (seeded playouts)."""
    for seed in range(200):
        state = new_game(Rules(players), seed)
        for move in range(120):
            if state.is_over:
                break
            if test(state):
                return state
            options = legal_actions(state)
            state = apply(state, options[(seed + move) % len(options)]).state
    raise AssertionError("no such position")


def _only_end(state: GameState) -> bool:
    return state.to_act == 0 and legal_actions(state) == (EndTurn(),)


def _end_or_more(state: GameState) -> bool:
    legal = legal_actions(state)
    return state.to_act == 0 and EndTurn() in legal and any(isinstance(a, PlayPair) for a in legal)


def _bob_to_act(state: GameState) -> bool:
    return state.to_act == 1 and state.phase is Phase.DRAW and state.round == 1


async def _table(app: SeasaltApp, tui: Any) -> TableScreen:
    return await tui.until_table(app)  # type: ignore[no-any-return]


# --- the turn timer ---------------------------------------------------------------------------


async def test_the_turn_countdown_runs_for_the_player_to_act(tui: Any) -> None:
    clock = Clock()
    link = ClockLink(_find(lambda s: s.to_act == 0 and s.phase is Phase.DRAW))
    app = _app(link, clock)
    async with app.run_test(size=(120, 40)):
        await _table(app, tui)
        assert "30 s per turn" in tui.text(app).splitlines()[0]  # the option, for everyone
        await link.inbox.put(p.Clocks("t", 7, p.SeatClock(0, 30_000)))
        await tui.until(lambda: "Your turn: 30 s left" in tui.text(app))
        clock.advance(12.5)
        await tui.until(lambda: "Your turn: 18 s left" in tui.text(app))
        clock.advance(40)  # the server decides; the client only shows 0
        await tui.until(lambda: "Your turn: 0 s left" in tui.text(app))


async def test_the_others_see_whose_time_runs_and_the_log_says_when_it_ran_out(tui: Any) -> None:
    clock = Clock()
    link = ClockLink(_find(_bob_to_act))
    app = _app(link, clock)
    async with app.run_test(size=(120, 40)):
        screen = await _table(app, tui)
        await link.inbox.put(p.Clocks("t", 7, p.SeatClock(1, 60_000)))
        await tui.until(lambda: "Bob's turn: 60 s left" in tui.text(app))
        clock.advance(60)
        await link.inbox.put(p.TimeRanOut("t", 7, 1))
        await link.inbox.put(p.Clocks("t", 7))  # no clock runs while the bot plays
        log = screen.query_one(LogPanel)  # (its lines wrap at this width)
        await tui.until(lambda: log.last[0][-1:] == ["Time ran out: the bot played for Bob."])
        await tui.until(lambda: "Bob's turn" not in tui.text(app))


async def test_a_turn_clock_waits_for_its_frame(tui: Any) -> None:
    clock = Clock()
    link = ClockLink(_find(_bob_to_act))
    app = _app(link, clock)
    async with app.run_test(size=(120, 40)):
        screen = await _table(app, tui)
        await link.inbox.put(p.Clocks("t", 7, p.SeatClock(2, 60_000)))  # Cy's: a frame ahead
        await tui.until(lambda: app.flow.clock_reading is not None)
        screen.tick_clocks()
        await tui.settled(app)
        assert "Cy's turn" not in tui.text(app) and "Waiting for Bob…" in tui.text(app)


async def test_an_old_clocks_frame_is_dropped(tui: Any) -> None:
    link = ClockLink(_find(_bob_to_act))
    app = _app(link, Clock())
    async with app.run_test(size=(120, 40)):
        screen = await _table(app, tui)
        await link.inbox.put(p.Clocks("t", 6, p.SeatClock(1, 60_000)))  # before the view's 7
        await link.inbox.put(p.ChatLine("t", "Bob", 1, "after"))
        await tui.until(lambda: "after" in tui.text(app))
        assert app.flow.clock_reading is None and "Bob's turn" not in tui.text(app)
        assert screen.query_one("#clocks").display is False


# --- the takeover countdown -------------------------------------------------------------------


async def test_a_silent_player_shows_the_takeover_countdown_instead_of_waiting(
    tui: Any,
) -> None:
    clock = Clock()
    link = ClockLink(_find(_bob_to_act), turn_time=0)
    app = _app(link, clock)
    async with app.run_test(size=(120, 40)):
        await _table(app, tui)
        await tui.until(lambda: "Waiting for Bob…" in tui.text(app))
        await link.inbox.put(p.TableChanged(link.info((True, False, True))))
        await link.inbox.put(p.Clocks("t", 7, None, (p.SeatClock(1, 42_000),)))
        line = "Bob is disconnected — a bot takes the seat in {} s"
        await tui.until(lambda: line.format(42) in tui.text(app))
        assert "Waiting for Bob…" not in tui.text(app)
        clock.advance(2)
        await tui.until(lambda: line.format(40) in tui.text(app))
        await link.inbox.put(p.TableChanged(link.info()))
        await link.inbox.put(p.Clocks("t", 7))  # Bob is back
        await tui.until(lambda: "Waiting for Bob…" in tui.text(app))
        assert "disconnected" not in tui.text(app)


# --- the reading pause ------------------------------------------------------------------------


def _round_over(seed: int = 4) -> GameState:
    state = new_game(Rules(3), seed=seed)
    while state.last_result is None:
        options = legal_actions(state)
        pairs = [a for a in options if isinstance(a, PlayPair)]
        state = apply(state, (pairs or options)[0]).state
    return state


async def test_the_round_result_counts_down_and_says_who_is_still_reading(tui: Any) -> None:
    clock = Clock()
    state = _round_over()
    link = ClockLink(state, turn_time=0)
    app = _app(link, clock)
    async with app.run_test(size=(120, 40)):
        await _table(app, tui)
        assert state.last_result is not None
        await link.inbox.put(p.RoundOver("t", 7, state.last_result, (0, 1)))
        await link.inbox.put(p.Clocks("t", 7, reading=25_000))
        await tui.until(lambda: isinstance(app.screen, RoundResultScreen))
        line = "Next round in {} s, or as soon as everyone continues"
        await tui.until(lambda: line.format(25) + " · still reading: Bob" in tui.text(app))
        clock.advance(5)
        await tui.until(lambda: line.format(20) in tui.text(app))
        await link.inbox.put(p.RoundOver("t", 7, state.last_result, (0,)))  # Bob has read it
        await tui.until(lambda: line.format(20) in tui.text(app)
                        and "still reading" not in tui.text(app))
        await tui.key(app, "enter")  # done reading: the table says how long the others have
        await tui.until(lambda: isinstance(app.screen, TableScreen))
        await tui.until(lambda: line.format(20) in tui.text(app))
        # The table, as the result, leaves the reader out of "still reading" (under the result
        # hold it read "still reading: You": session 10); Bob, still reading, is named.
        await link.inbox.put(p.RoundOver("t", 7, state.last_result, (0, 1)))
        await tui.until(lambda: "still reading: Bob" in tui.text(app))
        assert "You" not in tui.text(app).split("still reading:")[1].splitlines()[0]


@pytest.mark.parametrize(("seed", "said"), [
    (4, "Round 2 has begun: Continue (Enter) to follow it."),  # Cy is first to play
    (6, "Round 2 has begun and it is your turn: Continue (Enter) to play."),
])
async def test_the_round_result_says_when_the_next_round_is_played(
        tui: Any, seed: int, said: str) -> None:
    # Reading on past the pause, the countdown went blank and the result said nothing more,
    # while the table waited for the reader's move (session 11, solo in tmux).
    clock = Clock()
    state = _round_over(seed)
    link = ClockLink(state, turn_time=0, status=p.TableState.ROUND_OVER)
    app = _app(link, clock)
    async with app.run_test(size=(120, 40)):
        await _table(app, tui)
        assert state.last_result is not None
        await link.inbox.put(p.RoundOver("t", 7, state.last_result, (0,)))
        await link.inbox.put(p.Clocks("t", 7, reading=25_000))
        await tui.until(lambda: "Next round in 25 s" in tui.text(app))
        clock.advance(25)
        link.status = p.TableState.RUNNING  # the pause ran out: the server plays on
        await link.inbox.put(p.TableChanged(link.info()))
        await link.inbox.put(p.Clocks("t", 7))
        await tui.until(lambda: said in tui.text(app))
        assert isinstance(app.screen, RoundResultScreen) and "Next round in" not in tui.text(app)
        await tui.key(app, "enter")
        await tui.until(lambda: isinstance(app.screen, TableScreen))


class NamesLate(ClockLink):
    """The table's frame first, its seats' names later (the test sends them)."""

    async def send(self, message: Any) -> None:
        self.sent.append(message)
        if isinstance(message, p.ListTables):
            await self.inbox.put(p.Joined("t", 0))
            await self.inbox.put(p.Snapshot("t", 7, view(self.state, 0)))


async def test_the_round_result_takes_the_names_that_come_after_it(tui: Any) -> None:
    # A resumed solo game showed its round result before the seats' names: "Seat 2 (6)" and
    # "Seat 3 called LAST CHANCE" for the bots, until it was closed (session 11, tmux).
    state = _round_over()
    link = NamesLate(state, turn_time=0, status=p.TableState.ROUND_OVER)
    app = _app(link, Clock())
    async with app.run_test(size=(120, 40)):
        await _table(app, tui)
        assert state.last_result is not None
        await link.inbox.put(p.RoundOver("t", 7, state.last_result, (0,)))
        await tui.until(lambda: isinstance(app.screen, RoundResultScreen))
        await tui.until(lambda: "Seat 2" in tui.text(app))
        await link.inbox.put(p.TableChanged(link.info()))
        await tui.until(lambda: "Bob" in tui.text(app) and "Cy" in tui.text(app))
        assert "Seat 2" not in tui.text(app) and "Seat 3" not in tui.text(app)


# --- the turn timer option: lobby and waiting room ---------------------------------------------


async def test_a_new_table_gets_the_turn_timer_chosen_and_the_lobby_shows_it(
    fake_link: Any, tui: Any
) -> None:
    from seasalt.client.tui.screens.lobby import CreateTableDialog, LobbyScreen
    from textual.widgets import Select

    link = fake_link("lan:7327", "Ann", players=2)
    app = SeasaltApp(LaunchOptions(address="lan:7327", name="Ann"),
                     link_factory=lambda _a, _n: link)
    async with app.run_test(size=(100, 30)) as pilot:
        await tui.until(lambda: isinstance(app.screen, LobbyScreen))
        lobby = app.screen
        assert isinstance(lobby, LobbyScreen)
        timed = p.TableInfo("timed", link.info().seats, False, False, p.TableState.WAITING, 0,
                            turn_time=60)
        # The lobby asks again every LOBBY_REFRESH (3 s): the link must list the timed table
        # too, or a refresh answered before the check below replaced it (once, under load).
        link.info = lambda: timed
        app.post_message(TablesListed([summary_from_info(timed)]))
        await tui.until(lambda: "60 s per turn" in tui.text(app))
        await tui.key(app, "n")
        await tui.until(lambda: isinstance(app.screen, CreateTableDialog)
                        and bool(app.screen.query("#turn-time")))
        await pilot.pause()
        dialog = app.screen
        assert dialog.query_one("#turn-time", Select).value == 0  # off by default on a LAN
        dialog.query_one("#turn-time", Select).value = 60
        await pilot.pause()
        dialog.query_one("#table-name").focus()
        await tui.key(app, "enter")
        await tui.until(lambda: any(isinstance(m, p.JoinOrCreate) for m in link.sent))
        request = next(m for m in link.sent if isinstance(m, p.JoinOrCreate))
        assert request.turn_time == 60


async def test_the_waiting_room_shows_the_turn_timer(tui: Any) -> None:
    link = ClockLink(new_game(Rules(3), 1), turn_time=120, status=p.TableState.WAITING)
    app = _app(link, Clock())
    async with app.run_test(size=(100, 30)):
        await tui.until(lambda: "Turn timer: 120 s per turn" in tui.text(app))


# --- auto end turn ----------------------------------------------------------------------------


async def test_auto_end_turn_ends_the_turn_after_a_visible_countdown(tui: Any) -> None:
    clock = Clock()
    link = ClockLink(_find(_only_end), turn_time=0)
    app = _app(link, clock, auto_end=True)
    async with app.run_test(size=(120, 40)):
        screen = await _table(app, tui)
        await tui.until(lambda: screen.ready)
        await tui.until(lambda: "Ending your turn in 2 s" in tui.text(app))
        clock.advance(1)
        await tui.until(lambda: "Ending your turn in 1 s" in tui.text(app))
        assert link.actions() == []
        clock.advance(1)
        await tui.until(lambda: link.actions() == [EndTurn()])


async def test_auto_end_turn_waits_when_anything_else_is_legal(tui: Any) -> None:
    clock = Clock()
    link = ClockLink(_find(_end_or_more), turn_time=0)
    app = _app(link, clock, auto_end=True)
    async with app.run_test(size=(120, 40)):
        screen = await _table(app, tui)
        await tui.until(lambda: screen.ready)
        clock.advance(10)
        screen.tick_clocks()
        await tui.settled(app)
        assert screen.auto_end.at is None and "Ending your turn" not in tui.text(app)
        assert link.actions() == []


async def test_a_key_during_the_countdown_cancels_it_and_an_action_key_acts(tui: Any) -> None:
    clock = Clock()
    link = ClockLink(_find(_only_end), turn_time=0)
    app = _app(link, clock, auto_end=True)
    async with app.run_test(size=(120, 40)):
        screen = await _table(app, tui)
        await tui.until(lambda: "Ending your turn in 2 s" in tui.text(app))
        await tui.key(app, "x")  # no action: only cancels
        await tui.until(lambda: "Ending your turn" not in tui.text(app))
        clock.advance(5)
        screen.tick_clocks()
        await tui.settled(app)
        assert link.actions() == []  # cancelled for this turn
        await tui.key(app, "e")  # the player ends it when they like
        await tui.until(lambda: link.actions() == [EndTurn()])

    link = ClockLink(_find(_only_end), turn_time=0)
    app = _app(link, Clock(), auto_end=True)
    async with app.run_test(size=(120, 40)):
        await tui.until(lambda: "Ending your turn in 2 s" in tui.text(app))
        await tui.key(app, "e")  # overrides the countdown at once
        await tui.until(lambda: link.actions() == [EndTurn()])


async def test_auto_end_turn_is_off_by_default_and_kept_from_the_start_menu(tui: Any) -> None:
    from textual.widgets import Checkbox

    app = SeasaltApp(LaunchOptions(name="Ann"))
    assert app.auto_end_turn is False
    async with app.run_test(size=(80, 24)) as pilot:
        await tui.until(lambda: bool(app.screen.query("#auto-end-turn")))
        box = app.screen.query_one("#auto-end-turn", Checkbox)
        assert box.value is False
        box.value = True
        await pilot.pause()
        await tui.until(lambda: app.auto_end_turn is True)
    assert settings.load().auto_end_turn is True
    again = SeasaltApp(LaunchOptions(name="Ann"))
    assert again.auto_end_turn is True
    async with again.run_test(size=(80, 24)):
        await tui.until(lambda: bool(again.screen.query("#auto-end-turn")))
        assert again.screen.query_one("#auto-end-turn", Checkbox).value is True


async def test_the_command_palette_switches_auto_end_turn(tui: Any) -> None:
    app = SeasaltApp(LaunchOptions(name="Ann"))
    async with app.run_test(size=(100, 30)):
        await tui.until(lambda: bool(app.screen.query("#auto-end-turn")))
        app.action_command_palette()
        await tui.until(lambda: "Search for commands" in tui.text(app))
        await tui.key(app, *"auto end")
        await tui.until(lambda: "Auto end turn: switch on" in tui.text(app))
        await tui.key(app, "enter")
        await tui.until(lambda: app.auto_end_turn is True)
    assert settings.load().auto_end_turn is True


# --- against the real server ------------------------------------------------------------------


async def test_a_turn_timer_table_on_the_real_server_runs_out_to_the_bot(tui: Any) -> None:
    from seasalt.client.net.intents import SitDown
    from seasalt.client.tui.messages import IntentQueued
    from seasalt.server.config import ManualClock
    from seasalt.testing.server import running_server

    server_clock = ManualClock()
    async with running_server(server_clock) as server:
        master = server.master
        assert master is not None
        address = server.local_endpoint.removeprefix("tcp://")
        apps = [SeasaltApp(LaunchOptions(address=address, name=name)) for name in ("Ann", "Bob")]
        for app in apps:
            app.clock = Clock()  # the countdowns stand still unless the test moves them
        async with apps[0].run_test(size=(120, 40)), apps[1].run_test(size=(120, 40)):
            await tui.until(lambda: all(a.net.server_address for a in apps))
            for app in apps:
                app.post_message(IntentQueued(SitDown("timed", ("human", "human"), turn_time=30)))
                await tui.until(lambda app=app: app.session.table == "timed")  # type: ignore[misc]
            for app in apps:
                await tui.until(lambda app=app: "Your turn: 30 s left" in tui.text(app)
                                or "s turn: 30 s left" in tui.text(app))  # type: ignore[misc]
                assert "30 s per turn" in tui.text(app).splitlines()[0]
            table = master.tables["timed"]
            mover = table.state.to_act
            assert mover is not None
            name = ("Ann", "Bob")[mover]
            assert "Your turn: 30 s left" in tui.text(apps[mover])
            assert f"{name}'s turn: 30 s left" in tui.text(apps[1 - mover])

            seq = table.seq
            server_clock.advance(30)  # (the server's own timer loop may run it out first)
            master.tick()
            await tui.until(lambda: table.seq > seq and table.state.to_act != mover)
            mine = apps[mover].screen.query_one(LogPanel)
            theirs = apps[1 - mover].screen.query_one(LogPanel)
            await tui.until(lambda: "Time ran out: the bot played your turn." in mine.last[0])
            await tui.until(lambda: f"Time ran out: the bot played for {name}." in theirs.last[0])
            assert not table.seats[mover].bot_playing  # the seat stays theirs
            await tui.until(lambda: "Your turn: 30 s left" in tui.text(apps[1 - mover]))
