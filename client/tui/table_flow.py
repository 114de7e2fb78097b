"""The table flow: what the server's news about our table does to the screens.

The app (client/tui/app.py) keeps screens and lifecycle; it owns one :class:`TableFlow` and relays
the table's Textual messages to it, one line per message type (``relay``,
client/tui/relay.py). The flow holds the table view's state — the seats' names, the round
result on screen and the game over held behind it — and puts up the table's news for the
screens, which watch it (client/tui/table_news.py: the latest frame, the chat, the clocks,
the score sheet, the game's record, a draw due, a time ran out, a refusal): it never looks for
its screens to hand them these. It coalesces bursts of frames into one draw, holds a round
result a moment behind the others' last moves and the game over behind the round result. It
reaches the app only through what it is given: Textual's side of the app (screens, messages,
notices), the app's lifecycle (:class:`Lifecycle`), the app's own server (a game over forgets
the solo game kept to resume) and the news it puts up (:class:`TableNews`).
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable
from typing import Any, Protocol

from seasalt.client.net.intents import AgreeToPlayAgain, AskTables, DoneReading, LeaveTable
from seasalt.client.net.session import ClientSession
from seasalt.client.tui.clocks import ClockReading
from seasalt.client.tui.hosting import OwnServer
from seasalt.client.tui.messages import (
    AtTable,
    ChatArrived,
    ChatHistoryArrived,
    ClocksArrived,
    Frame,
    FrameArrived,
    GameEnded,
    GameRecordArrived,
    IntentQueued,
    LeftTable,
    Refused,
    RoundEnded,
    SeatLabel,
    TableSeatsChanged,
    TimeRanOutArrived,
)
from seasalt.client.tui.screens.connecting import ConnectingScreen
from seasalt.client.tui.screens.lobby import LobbyScreen
from seasalt.client.tui.screens.result import GameOverScreen, RoundResultScreen
from seasalt.client.tui.screens.result_hold import ended_by_stand_in
from seasalt.client.tui.screens.scores import ScoresArrived, ScoresScreen
from seasalt.client.tui.screens.table import TableScreen
from seasalt.client.tui.screens.table_clocks import ended_round
from seasalt.client.tui.table_news import TableNews
from seasalt.client.words.errors import error_text
from seasalt.client.words.game import Names
from seasalt.client.words.i18n import _
from seasalt.protocol import ErrorCode
from textual.app import App
from textual.screen import Screen

RENDER_COALESCE = 0.015
"""Seconds an update waits for others of the same burst before the repaint (under 50 ms)."""
RENDER_BURST = 0.06
"""Inside a burst (updates less than BURST_GAP apart), one repaint per this many seconds."""
BURST_GAP = 0.1

class Lifecycle(Protocol):
    """What the table flow asks of the app's lifecycle (SeasaltApp is one)."""

    clock: Callable[[], float]
    """Monotonic seconds for the table's timers (tests inject one)."""

    @property
    def session(self) -> ClientSession:
        """Where we are: our table and seat there (None when watching)."""

    def goto(self, screen: Screen[Any]) -> None:
        """Make ``screen`` the base screen."""

    def table_screen(self, table: str) -> TableScreen:
        """A new screen for the table ``table`` (a lesson's has its line)."""

    def join_hint(self) -> str:
        """How friends join this server (the waiting room says)."""

    def stop_net(self) -> None:
        """Cancel the network worker."""

    def action_request_quit(self) -> None:
        """Quit, asking first where something would be lost."""


class TableFlow:
    """The table view's state and handlers (see the module docstring).

    Args:
        app: Textual's side of the app: its screens, message queue and notifications.
        life: the app's lifecycle (where we sit, the base screen, the network worker).
        own: the app's own server and the solo game kept (a game over forgets it).
        news: where the screens watch the table's news (the app: client/tui/table_news.py).
    """

    def __init__(self, app: App[Any], life: Lifecycle, own: OwnServer, news: TableNews) -> None:
        self.app = app
        self.life = life
        self.own = own
        self.news = news
        self.seats: tuple[SeatLabel, ...] = ()
        self.game_over = False
        self.result_round: int | None = None
        self.pending_game_over: tuple[GameOverScreen, Callable[[str | None], None]] | None = None
        self._render_scheduled = False
        self._last_frame_at = 0.0
        self.last_render_done = 0.0
        """perf_counter() when the table was last repainted (benchmarks read it)."""
        self.result_seq: int | None = None
        """The seq of the round result on screen (a spectator's closes when play goes on)."""
        self.held_table: str | None = None
        """A table where this session holds a seat (the lobby marks it "your seat — rejoin")."""
        self.table_status = ""
        self.round_waiting: tuple[int, ...] = ()
        """The seats still reading the round result (``round_over``'s ``waiting``)."""

    # The news the screens watch, held by the app (client/tui/table_news.py).

    @property
    def frame(self) -> Frame | None:
        """The latest frame, as the app holds it: setting it is what shows it to the table
        screens (each watches the app's and takes it in at once)."""
        return self.news.frame

    @frame.setter
    def frame(self, frame: Frame | None) -> None:
        self.news.frame = frame

    @property
    def chat_lines(self) -> list[tuple[str, str]]:
        """The chat of the table we are at (ChatPanel shows it when a table screen opens)."""
        return list(self.news.chat)

    @property
    def clock_reading(self) -> ClockReading | None:
        """The table's running clocks (turn timer, takeovers, reading pause), as last told."""
        return self.news.clocks

    @clock_reading.setter
    def clock_reading(self, reading: ClockReading | None) -> None:
        self.news.clocks = reading

    @property
    def score_sheet(self) -> Any:
        """The last score sheet the server sent (shown while a fresh one is asked for)."""
        return self.news.score_sheet

    @score_sheet.setter
    def score_sheet(self, sheet: Any) -> None:
        self.news.score_sheet = sheet

    @property
    def game_record(self) -> Any:
        """The last ``game_record`` (how the finished game went)."""
        return self.news.game_record

    @game_record.setter
    def game_record(self, record: Any) -> None:
        self.news.game_record = record

    def table_screens(self) -> list[TableScreen]:
        return [s for s in self.app.screen_stack if isinstance(s, TableScreen)]

    def in_game(self) -> bool:
        """Seated in a game being played: quitting hands the seat to a bot (ask first)."""
        return (
            bool(self.table_screens()) and not self.game_over and self.life.session.seat is not None
            and self.table_status != "waiting"  # no game yet: no bot will play the seat
        )

    def nothing_to_lose(self) -> bool:
        """A spectator, a player in the waiting room (no game yet) or at a finished game:
        ``q`` goes back."""
        return self.life.session.seat is None or self.table_status == "waiting" or self.game_over

    def names(self) -> Names:
        return Names([s.name for s in self.seats], self.life.session.seat)

    # --- joining, leaving, the seats ---------------------------------------------------------

    def table_seats_changed(self, message: TableSeatsChanged) -> None:
        summary = message.summary
        if summary.name != self.life.session.table:
            return
        was, self.table_status = self.table_status, summary.status
        if was == "round_over" and summary.status == "running":
            self._round_goes_on()
        self.seats = tuple(
            s if s is not None else SeatLabel(_("(free seat)"), None, False, False)
            for s in summary.seats
        )
        hint = self.life.join_hint()
        for table in self.table_screens():
            if table.note_table(summary, hint):
                self.app.call_later(table.render_waiting)
        if summary.status == "waiting":
            # No game yet (or the last one is over): the waiting room, which the table screen
            # draws without a frame (set after its news: it says who left a game it showed).
            self.frame = None
        if self.frame is not None:
            # The same frame with the new names: the screens redraw it, no action answered.
            self.frame = Frame(self.frame.table, self.frame.seq, self.frame.view, self.seats,
                               self.frame.events, fresh=False)
        for screen in self.app.screen_stack:
            # (A round result shown before the names came: a resumed solo game's.)
            if ((isinstance(screen, ScoresScreen) and screen.table == summary.name)
                    or isinstance(screen, RoundResultScreen)):
                screen.rename(self.names())

    def left_table(self, message: LeftTable) -> None:
        if message.forgotten and message.table and message.seat is not None:
            # (Not "away too long": the server came back without our session, e.g. started
            # on another journal.)
            self.app.notify(
                _("The server no longer knows your session: your seat at {table} is lost. "
                  "Join a table again from the lobby.").format(table=message.table),
                severity="warning", timeout=12,
            )
        elif not message.asked and message.table and message.seat is not None:
            # The server freed the seat of a player it heard nothing from (before the
            # start, or at a game over): say so, or the lobby appears without a reason.
            self.app.notify(
                _("You were away too long: your seat at {table} was given up. "
                  "Join it again from the lobby.").format(table=message.table),
                severity="warning", timeout=12,
            )
        if self.game_over or message.seat is None or self.table_status == "waiting":
            self.held_table = None  # nothing left to come back to (a waiting seat is freed)
        self.frame = None
        self.app.post_message(IntentQueued(AskTables()))

    def at_table(self, message: AtTable) -> None:
        if message.new_table:
            self.news.chat = ()  # another table: its chat_history follows the snapshot
        again = message.again and any(
            screen.table == message.table for screen in self.table_screens()
        )
        self.clock_reading, self.round_waiting = None, ()
        self.game_over = False
        self.result_seq = None
        self.table_status = ""
        if message.seat is not None:
            self.held_table = message.table
        if again:
            # The same seat again (a resumed session and the app's own join, back to back):
            # the table screen stays, the snapshot that follows draws it. Replacing a table
            # screen still being mounted hung Textual for good on a loaded machine (chaos
            # soak, seeds 1002, 1004, 4003: the app's pump waited on the old screen's removal).
            return
        self.life.goto(self.life.table_screen(message.table))

    # --- frames and the coalesced render -----------------------------------------------------

    async def frame_arrived(self, message: FrameArrived) -> None:
        frame = message.frame
        if self.seats and len(self.seats) == len(frame.view.seats):
            frame = Frame(frame.table, frame.seq, frame.view, self.seats, frame.events)
        if not frame.view.is_over:
            self.game_over = False  # a new game after "play again"
            self.own.game_on()
        self.frame = frame  # (the table screens watching take it in now)
        if not self.table_screens():
            # A screen for it: taken in now, as it is not watching the app's frame until it
            # is mounted (it starts from the newest one then).
            screen = self.life.table_screen(frame.table)
            self.life.goto(screen)
            await asyncio.sleep(0)
            screen.note_frame(frame)
        self._close_stale_result(frame)
        v = frame.view
        if v.seat is not None and v.seats[v.seat].locked:
            # A lock can last a single update: show it now rather than coalesce it away (the
            # draws run next in the app's message loop, before the next frame is taken in).
            self._draw_tables()
            return
        now = time.perf_counter()
        in_burst = now - self._last_frame_at < BURST_GAP
        self._last_frame_at = now
        if not self._render_scheduled:
            # Updates often come in bursts (bots moving without delay): render only the newest
            # frame. A lone update is drawn RENDER_COALESCE after it arrives; inside a burst the
            # screen is redrawn every RENDER_BURST at most, which nobody can follow faster anyway.
            self._render_scheduled = True
            # asyncio's timer, not Textual's set_timer: a Textual timer whose task is held up
            # for longer than its delay (the process preempted on a loaded machine) never
            # fires, and this flag would then stay set: no frame drawn again (the chaos soak's
            # "taken in but not drawn").
            asyncio.get_running_loop().call_later(
                RENDER_BURST if in_burst else RENDER_COALESCE, self._render_due
            )

    def _render_due(self) -> None:
        """The coalesced render's time: in the app's message loop, unless the app is closing
        (a Textual timer does not fire then either)."""
        if self.app.is_running:
            self.app.call_next(self._draw_tables)

    def _close_stale_result(self, frame: Frame) -> None:
        """A spectator's round result closes once the next round is being played (nobody
        waits for a spectator's Continue, so play goes on under the dialog)."""
        if (self.life.session.seat is not None or self.result_seq is None
                or frame.seq <= self.result_seq):
            return
        if isinstance(self.app.screen, RoundResultScreen):
            self.app.screen.dismiss(None)
        self.result_seq = None

    def _draw_tables(self) -> None:
        """The table screens draw the latest frame, next in the app's message loop (each
        mounted one watches ``draws``: client/tui/screens/table.py); then the time is noted."""
        self._render_scheduled = False
        self.news.draws += 1
        self.app.call_next(self._drawn)

    def _drawn(self) -> None:
        self.last_render_done = time.perf_counter()

    # --- round results and the game over ----------------------------------------------------

    def round_ended(self, message: RoundEnded) -> None:
        app = self.app
        result = message.result
        self.round_waiting = message.waiting
        if self.result_round == result.round:
            if isinstance(app.screen, RoundResultScreen):
                app.screen.waiting = message.waiting  # someone else has read it
            return
        self.result_round = result.round
        self.result_seq = message.seq
        self._refresh_scores()
        names = self.names()

        def done(_answer: bool | None) -> None:
            if self.life.session.seat is not None:
                app.post_message(IntentQueued(DoneReading()))
            if self.pending_game_over is not None:
                screen, callback = self.pending_game_over
                self.pending_game_over = None
                app.push_screen(screen, callback)

        if self.life.session.seat is not None and isinstance(app.screen, RoundResultScreen):
            # An older result still open: its player was away from the keys while the game
            # went on (the pause timed out, a stand-in played the seat). The new one takes its
            # place, rather than stacking (each to close in turn, the oldest last); closed
            # unread it sends nothing: a ``continue`` from the player would take the seat back
            # from the stand-in, as their key does.
            app.pop_screen()
        view = self.frame.view if self.frame is not None else None
        winners = view.winners if view is not None and view.is_over else None
        tables = self.table_screens()
        by_stand_in = bool(tables) and ended_by_stand_in(ended_round(tables[0]), result)
        screen = RoundResultScreen(result, names, message.waiting, winners, by_stand_in)
        # The others' last moves stay in view a moment first (client/tui/screens/result_hold.py).
        if not (isinstance(app.screen, TableScreen)
                and app.screen.hold_result(lambda: app.push_screen(screen, done))):
            app.push_screen(screen, done)

    def _round_goes_on(self) -> None:
        """The reading pause is over and the next round is played, the round result still
        open: it says so, and whether the next turn is this seat's (a player reading on saw
        the countdown go blank and nothing else, while the table waited for their move)."""
        screen, frame = self.app.screen, self.frame
        if (isinstance(screen, RoundResultScreen) and self.life.session.seat is not None
                and frame is not None and not frame.view.is_over
                and frame.view.round > screen.result.round):
            v = frame.view
            screen.round_goes_on(v.round, v.to_act == v.seat and bool(v.legal_actions))

    def game_ended(self, message: GameEnded) -> None:
        app = self.app
        self.game_over = True
        self.game_record = None  # this game's follows the game over
        self.own.game_done()
        names = self.names()

        def done(answer: str | None) -> None:
            if answer == "again":
                self.result_round = None
                app.post_message(IntentQueued(AgreeToPlayAgain()))
                me = self.life.session.seat
                if any(seat.bot is None for i, seat in enumerate(self.seats)
                       if i != me):  # (bots agree at once: the game just starts)
                    app.notify(_("Waiting for everyone to agree to play again…"), timeout=5)
                for table in self.table_screens():  # (the toast goes: the prompt stays)
                    table.again_asked = True
                    table.call_later(table.render_latest)
            elif answer == "lobby":
                app.post_message(IntentQueued(LeaveTable()))
            else:
                self.life.action_request_quit()

        screen = GameOverScreen(message.end, names, table=self.life.session.table)
        if isinstance(app.screen, RoundResultScreen) or (
            isinstance(app.screen, TableScreen) and app.screen.holding_result
        ):
            # Let the player read the last round first: game over follows its Continue.
            self.pending_game_over = (screen, done)
        else:
            app.push_screen(screen, done)

    def game_record_arrived(self, message: GameRecordArrived) -> None:
        self.game_record = message.record  # (a game over on screen watches it)
        if self.pending_game_over is not None:  # (not on screen yet: not watching)
            self.pending_game_over[0].show_record(message.record)

    # --- chat, clocks, the score sheet, refusals -------------------------------------------

    def chat_arrived(self, message: ChatArrived) -> None:
        self.news.chat = (*self.news.chat, (message.name, message.text))

    def chat_history(self, message: ChatHistoryArrived) -> None:
        """The table's recent chat (on joining, watching, coming back): it replaces ours."""
        self.news.chat = tuple(message.lines)

    def clocks_arrived(self, message: ClocksArrived) -> None:
        clocks = message.clocks
        if (clocks.table != self.life.session.table
                or not self.app.screen_stack):  # (or shutting down)
            return
        # (The table screens and the round result on top tick their clocks.)
        self.clock_reading = None if clocks.empty else ClockReading(clocks, message.at)

    def time_ran_out(self, message: TimeRanOutArrived) -> None:
        self.news.time_ran_out = message.seat

    def open_scores(self) -> None:
        """Show the score sheet of this table's game (the server sends the numbers)."""
        table = self.life.session.table
        if not table or isinstance(self.app.screen, ScoresScreen):
            return
        known = self.score_sheet  # shown until the fresh one comes, unless from a past game
        if known is not None and known.over and self.frame is not None and (
            not self.frame.view.is_over
        ):
            known = None
        self.app.push_screen(ScoresScreen(table, self.names(), known))

    def scores_arrived(self, message: ScoresArrived) -> None:
        self.score_sheet = message.sheet  # (an open score sheet watches it)

    def _refresh_scores(self) -> None:
        """A round ended: an open sheet asks again."""
        self.news.rounds_scored += 1

    def refused(self, message: Refused) -> None:
        # Any refusal frees the table's input: whatever was refused, the player may choose
        # again (an action sent twice is refused as stale, never applied twice): the table
        # screens watch the count.
        self.news.refusals += 1
        if message.code is ErrorCode.STALE_SEQ:
            return  # a newer view is on its way; the player simply chooses again
        screen = self.app.screen
        if isinstance(screen, ConnectingScreen):  # e.g. a solo table the server refused
            detail = error_text(message.code, message.message)
            if message.message and message.message not in detail:
                detail = f"{detail}\n{message.message}"
            self.life.stop_net()
            screen.failed(detail, ())
            return
        in_lobby = isinstance(screen, LobbyScreen)
        self.app.notify(
            error_text(message.code, message.message, in_lobby=in_lobby),
            severity="error", timeout=8,
        )
