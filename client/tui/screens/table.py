"""The table: opponents, piles, the prompt and your legal actions, your hand, log and chat."""

from __future__ import annotations

import contextlib
import time
from collections.abc import Callable

from rich.text import Text
from seasalt.client.tui.auto_end import AutoEnd
from seasalt.client.tui.messages import Frame, TableSummary
from seasalt.client.tui.phone import PHONE_BELOW
from seasalt.client.tui.screens import (
    table_clocks,
    table_fit,
    table_frames,
    table_input,
    waiting_room,
)
from seasalt.client.tui.screens.result_hold import ResultHold
from seasalt.client.tui.screens.table_draw import UndrawnCheck, draw_frame, status_line
from seasalt.client.tui.screens.table_fit import Fitter
from seasalt.client.tui.screens.table_input import PENDING_CHECK, PENDING_TIMEOUT
from seasalt.client.tui.table_news import TableNews, watch_news
from seasalt.client.tui.widgets.actions import ActionLine, ActionList, Choice
from seasalt.client.tui.widgets.call_status import CallStatus
from seasalt.client.tui.widgets.cardface import CardSize, size_for
from seasalt.client.tui.widgets.coach import CoachPanel, coach_allowed
from seasalt.client.tui.widgets.countdown import TICK, ClockLine
from seasalt.client.tui.widgets.events import EventsPanel
from seasalt.client.tui.widgets.footer import Footer
from seasalt.client.tui.widgets.hand import HandPanel
from seasalt.client.tui.widgets.log import ChatPanel, LogPanel
from seasalt.client.tui.widgets.opponents import OpponentsPanel
from seasalt.client.tui.widgets.piles import PilesPanel
from seasalt.client.tui.widgets.prompt import PromptPanel
from seasalt.client.tui.widgets.score_track import ScoreTrack
from seasalt.client.tui.widgets.text_line import TextLine
from seasalt.client.words.coach import COACH_KEY
from seasalt.client.words.game import Names
from seasalt.client.words.i18n import _
from seasalt.engine import Event
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.css.query import NoMatches
from textual.events import Click, Key
from textual.screen import Screen
from textual.widgets import Input, Static

NARROW_BELOW = 100
MIN_WIDTH, MIN_HEIGHT = 36, 16
GAME_PARTS = ("call-status", "opponents", "piles", "events", "score-track", "clocks", "coach",
              "hand")
"""The widgets the waiting room hides (``-no-game``, client/tui/app.tcss): no game to show."""


class TableScreen(Screen[None]):
    """The game, rendered from the latest :class:`Frame`; keys send the legal actions."""

    AUTO_FOCUS = ""
    HORIZONTAL_BREAKPOINTS = [(0, "-tiny"), (MIN_WIDTH, "-narrow"), (NARROW_BELOW, "-wide")]
    # -low: a phone held sideways (about 18 rows), client/tui/phone.tcss.
    VERTICAL_BREAKPOINTS = [(0, "-short"), (MIN_HEIGHT, "-low"), (24, "-tall")]

    BINDINGS = [
        Binding("question_mark,f1", "help", _("Help"), key_display="?"),
        Binding("l", "toggle_side", _("Log/chat")),
        Binding("t", "chat", _("Chat")),
        # Off the footer (it must fit 80 columns in every language); listed in help.
        Binding("h", "app.open_scores", _("Scores"), show=False),  # client/tui/screens/scores.py
        # While the chat line has the keys the footer says how to give them back (it said
        # "? Help", and ? typed a question mark into the chat).
        Binding("escape", "unfocus", _("Leave chat"), key_display="Esc"),
        Binding("escape", "unfocus_quietly", _("Back"), show=False),
        # One key, two meanings: the footer names the one q has now (check_action).
        Binding("q", "back_or_quit", _("Lobby")),
        Binding("q", "quit_table", _("Quit")),
        Binding(COACH_KEY, "coach", _("Coach")),  # shown where the table allows it
        # A prompt longer than the rows the choices leave it scrolls
        # (client/tui/screens/table_fit.py).
        Binding("up", "scroll_prompt(-1)", show=False),
        Binding("down", "scroll_prompt(1)", show=False),
        Binding("pageup", "scroll_prompt(-1, True)", show=False),
        Binding("pagedown", "scroll_prompt(1, True)", show=False),
    ]

    def __init__(self, table: str, clock: Callable[[], float] | None = None) -> None:
        super().__init__(classes="table-screen")
        self.table = table
        self.clock = clock or time.monotonic
        """Monotonic seconds for the pending-action timeout (tests inject a manual clock)."""
        self.taken: Frame | None = None
        """The last frame this screen took in (``note_frame``): what its turn, the baseline and
        the ended round were worked out from. The frame shown is the app's (``frame``)."""
        self.baseline: Frame | None = None
        """The frame when your last turn ended ("what changed since your last turn")."""
        self.my_turn = False
        self.sent = False
        """An action was sent for the current frame: keys wait for its answer (any frame, any
        refusal, or PENDING_TIMEOUT), so one key press sends one action."""
        self.sent_at = 0.0
        self.waiting: TableSummary | None = None
        """The table is still waiting for players: the waiting room is shown, no game."""
        self.join_hint = ""
        """How friends join (shown in the waiting room)."""
        self.watchers = 0
        self.watchers_known = False
        """A table info has counted the watchers: the first one sets the count quietly (the
        spectators already there, this client watching included, are not news)."""
        self.notices: list[str] = []
        """Table news (the game starts, someone watches), newest last; the latest is shown."""
        self.side_open = False
        self.link_state = ""
        self.previous_rendered: Frame | None = None
        self.rendered: Frame | None = None
        """The frame on screen now: set once Textual has laid it out and drawn it (the opponent
        panels mounted for a first frame are sized on the next refresh), not when the widgets
        get their content. Tests and benchmarks wait for it."""
        self._drawn: Frame | None = None
        """The frame last drawn into the widgets (``rendered`` once the screen shows it)."""
        self.undrawn = UndrawnCheck()
        """The guard against a frame taken in and never drawn (``check_drawn``)."""
        self._drawing = False
        """A draw is under way (``render_latest``): one at a time."""
        self._drawing_since = 0.0
        self._draw_again = False
        """Someone asked for a draw while one was under way: it draws again when done."""
        # The clocks: client/tui/widgets/countdown.py draws them, tick_clocks ticks.
        self.turn_time = 0
        """The table's turn timer option (seconds per turn, 0: none)."""
        self.auto_end = AutoEnd()
        self.time_notes: list[tuple[int, int, int]] = []
        """(round, log position, seat) of each turn whose time ran out: a log line each."""
        self.ended_log: tuple[Event, ...] = ()
        """The last round's log as this seat saw it, kept under the new round's lines."""
        self.ended_frame: Frame | None = None
        """The last frame of the round that ended: drawn while its result is held back (the
        next round's deal waits until the player moves on)."""
        self.result_hold = ResultHold()
        """A round result held back while the others' last moves stay in view
        (client/tui/screens/result_hold.py)."""
        self.summary: TableSummary | None = None
        """The table's latest info (its options: whether the coach is allowed)."""
        self.swap_pick: int | None = None
        """Water Rodeo: the card of theirs picked, the swap's first step (``Choice.pick``)."""
        self.fitter = Fitter()
        """The rows shared out with the choices first (client/tui/screens/table_fit.py)."""
        self.again_asked = False
        """This player chose "Play again" at the game over: the prompt says what happens."""
        self.game_shown = False
        """The game's parts are shown (``show_game``), not hidden for the waiting room."""

    def compose(self) -> ComposeResult:
        # Put up as the game's parts will be drawn first: classes given now are styled with
        # the widgets, one changed later restyles what it is on.
        self.game_shown = self.frame is not None and self.waiting is None
        game = "" if self.game_shown else "-no-game"
        yield TextLine(id="status")
        yield CallStatus(id="call-status", classes=game)
        yield Static(
            _("The terminal is too small: please make it at least 36 x 16."), id="too-small"
        )
        with Horizontal(id="main"):
            with Vertical(id="left"):
                yield OpponentsPanel(id="opponents", classes=game)
                with Vertical(id="center"):
                    yield PilesPanel(id="piles", classes=game)
                    yield EventsPanel(id="events", classes=game)  # Extra Pepper only
                    yield ScoreTrack(id="score-track", classes=game)  # a big terminal only
                    yield TextLine(id="recent")
                    yield PromptPanel(id="prompt")
                    yield ClockLine(id="clocks", classes=game)
                    yield CoachPanel(id="coach", classes=game)  # client/tui/widgets/coach.py
                    yield ActionList(id="actions")
                yield HandPanel(id="hand", classes=game)
            with Vertical(id="side"):
                yield LogPanel(id="log")
                yield ChatPanel(id="chat")
        yield Footer()

    @property
    def news(self) -> TableNews | None:
        """Where the table's news is held: this screen's app (client/tui/table_news.py)."""
        # Its parent once put up: ``self.app`` is the app active where it is asked, which may
        # be another one (two apps in one process, as tests run players side by side).
        holder = self.parent if self.parent is not None else self.app
        return holder if isinstance(holder, TableNews) else None

    @property
    def frame(self) -> Frame | None:
        """The latest frame of this table, as the app holds it (``SeasaltApp.frame``, its one
        holder); None before the first and in the waiting room."""
        frame = self.news.frame if self.news is not None else None
        return frame if frame is not None and frame.table == self.table else None

    @property
    def drawn(self) -> Frame | None:
        """The frame last drawn into the widgets (``rendered`` once the screen shows it)."""
        return self._drawn

    @property
    def q_goes_back(self) -> bool:
        """``q`` goes back to the lobby: in the waiting room (no game to lose), watching, or
        at a finished game (waiting for a play again that may never come)."""
        return self.waiting is not None or (
            self.frame is not None and (self.frame.view.seat is None or self.frame.view.is_over)
        )

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        return table_input.key_works(self, action)  # (the chat line takes most as text)

    @property
    def coach_offered(self) -> bool:
        """The coach key works here: a seated player, at a table that allows the coach."""
        seat = self.frame.view.seat if self.frame is not None else None
        return coach_allowed(self.summary, seat)

    def action_coach(self) -> None:
        if not self.coach_offered:
            self.notify(_("This table does not allow the coach."), timeout=3)
            return
        with contextlib.suppress(NoMatches):
            self.query_one(CoachPanel).toggle()

    def action_back_or_quit(self) -> None:
        # The app decides (and asks a seated player before leaving); the label was ours.
        back_or_quit = getattr(self.app, "action_back_or_quit", None)
        if back_or_quit is not None:
            back_or_quit()

    def action_quit_table(self) -> None:
        self.action_back_or_quit()

    async def on_mount(self) -> None:
        self.set_interval(PENDING_CHECK, self.check_pending)
        self.set_interval(PENDING_CHECK, self.check_drawn)
        self.set_interval(TICK, self.tick_clocks)
        # The app holds the latest frame and the table's news (client/tui/table_news.py):
        # each new frame is taken in here as it is set, and drawn when the app's coalesced
        # render says (or here for new names).
        watch_news(self, "frame", self._frame_set)
        watch_news(self, "draws", self._draw_due)
        watch_news(self, "clocks", self.tick_clocks)
        watch_news(self, "time_ran_out", self._time_ran_out)
        watch_news(self, "refusals", self.release_input)
        await self.remount()

    def _frame_set(self, frame: Frame | None) -> None:
        """The app's latest frame changed (None: no game there now, the waiting room)."""
        if frame is None or frame.table != self.table or frame is self.taken:
            return  # (the same object: taken in already, by ``note_frame``)
        if table_frames.note_frame(self, frame, frame.fresh) and not frame.fresh:
            self.call_later(self.render_latest)

    def _draw_due(self) -> None:
        """The app's render: this screen draws next in the app's message loop (whose next
        frame then waits for it, as a seat's lock may last a single update)."""
        self.app.call_next(self.render_latest)

    def _time_ran_out(self, seat: int | None) -> None:
        if seat is not None:
            self.note_time_ran_out(seat)

    async def remount(self) -> None:
        """Draw the newest frame: on mount, and on the new widgets after a language switch
        (which calls this, not on_mount: the intervals are started once)."""
        # Frames that came while this screen was being put up went to the app: start from
        # the newest one, never from an older frame handed over before (a stuck old turn).
        latest, held = self.frame, self.taken
        # (The same seq again: the one held, renamed while this screen was put up.)
        if (latest is not None and latest is not held
                and (held is None or latest.seq >= held.seq)):
            self.note_frame(latest, held is None or latest.seq > held.seq or latest.fresh)
        self.fitter = Fitter()  # (new widgets after a language switch: nothing applied yet)
        await self.render_latest()  # the frame, or the waiting room until the game starts

    # --- rendering -------------------------------------------------------------------------

    @property
    def ready(self) -> bool:
        """The latest frame is on screen and it is your turn, with nothing sent yet (and no
        round result held back over it)."""
        return (self.my_turn and not self.sent and self.rendered is self.frame
                and not self.result_hold.active)

    @property
    def too_small(self) -> bool:
        """The terminal is under 36 x 16: only the "too small" line shows, no choices."""
        return self.size.width < MIN_WIDTH or self.size.height < MIN_HEIGHT

    @property
    def collapsed(self) -> bool:
        return self.size.width < NARROW_BELOW

    def names(self) -> Names:
        # (The app holds no frame once we left the table: the last one taken in names the
        # seats for what is still on screen until this screen goes.)
        frame = self.frame or self.taken
        assert frame is not None
        return Names(frame.names(), frame.view.seat)

    def note_frame(self, frame: Frame, fresh: bool = True) -> bool:
        """Take in a frame (client/tui/screens/table_frames.py) and put it up as the app's
        latest (its one holder); rendering may skip stale ones. ``fresh``: a snapshot or update
        from the server (False: the same frame again with new seat names). False when the
        frame is older than the one held, and ignored."""
        if not table_frames.note_frame(self, frame, fresh):
            return False
        news = self.news
        if news is not None and news.frame is not frame:
            news.frame = frame  # (its watch here sees the frame taken in)
        return True

    async def show_frame(self, frame: Frame, fresh: bool = True) -> None:
        """Take in and render a frame at once (an older one than held is ignored)."""
        if self.note_frame(frame, fresh):
            await self.render_latest()

    # --- the waiting room and table news (client/tui/screens/waiting_room.py) -------------------

    def note_table(self, summary: TableSummary, join_hint: str) -> bool:
        """The table's info changed (the waiting room, watchers): True when the waiting room
        is to be (re)drawn."""
        return waiting_room.note_table(self, summary, join_hint)

    def waiting_text(self) -> Text:
        """Who sits, how many seats are free, how friends join; no game yet."""
        return waiting_room.waiting_text(self.table, self.waiting, self.turn_time,
                                         self.join_hint)

    async def render_waiting(self) -> None:
        """The waiting room changed (or the game started before this deferred call ran):
        draw what is current, in turn with any other draw (``render_latest``)."""
        await self.render_latest()

    def add_notice(self, notice: str) -> None:
        waiting_room.add_notice(self, notice)

    async def render_latest(self) -> None:
        """Draw the latest frame noted (or the waiting room while the table waits).

        One draw at a time, always of the newest frame. The app draws this screen from its
        message loop (the coalesced render, a lock, new seat names, the waiting room) and the
        screen from its own (a resize, a time-ran-out line, the undrawn-frame check), and a
        draw awaits (mounting opponent boxes and action lines: long on a loaded machine). Two
        draws at once used to end in either order: the one that began with the older frame
        could end last, leaving its prompt and choices on screen and itself marked drawn while
        the newer frame was held: an old turn for good (test_render_races.py). Now a draw
        asked for while one is under way is made when that one ends, from the frame of then,
        and so is one for a frame taken in meanwhile without a draw asked for.
        """
        self._draw_again = True
        if self._drawing:
            return  # the draw under way draws again when it is done
        self._drawing, self._drawing_since = True, self.clock()
        try:
            while self._draw_again:
                self._draw_again = False
                frame = self.frame
                await self._draw()
                if self.frame is not frame:
                    self._draw_again = True  # taken in while drawing: draw it too
        finally:
            self._drawing = False

    async def _draw(self) -> None:
        if self.frame is None or self.waiting is not None:
            # A new table starts when every human seat is taken: say so until then.
            await waiting_room.draw_waiting(self)
            return
        self.show_game(True)
        previous, self.previous_rendered = self.previous_rendered, None
        with contextlib.suppress(NoMatches):  # torn down while quitting: nothing to draw on
            # The class goes on the prompt, not the screen: a screen class restyles everything.
            self.query_one(PromptPanel).set_class(self.my_turn, "-my-turn")
            await self.refresh_frame(previous)

    def show_game(self, shown: bool) -> None:
        """Show the game's parts, or hide them for the waiting room (client/tui/app.tcss)."""
        if shown == self.game_shown:
            return  # (a draw of each frame asks: nothing to restyle)
        self.game_shown = shown
        for part in GAME_PARTS:
            with contextlib.suppress(NoMatches):  # (torn down while quitting)
                self.query_one(f"#{part}").set_class(not shown, "-no-game")

    async def refresh_frame(self, previous: Frame | None = None) -> None:
        """Draw the frame held into the widgets (client/tui/screens/table_draw.py): only ever
        from ``render_latest``'s loop."""
        frame = await draw_frame(self, previous)
        if frame is None:
            return
        self._drawn = frame
        self.tick_clocks()
        self.call_after_refresh(self._on_screen, frame, 0, self.fitter.applies)

    def _on_screen(self, frame: Frame, fits: int = 0, applies: int | None = None) -> None:
        # Set once the frame's rows are shared out with the choices first (table_fit.py).
        table_fit.on_screen(self, frame, fits, applies)

    def fit(self) -> bool:
        """Share the rows out with the choices first: True when that changed the layout."""
        return self.fitter.fit(self, self.collapsed)

    def action_scroll_prompt(self, direction: int, page: bool = False) -> None:
        table_input.scroll_prompt(self, direction, page)

    def on_screen_resume(self) -> None:
        # Textual queues an after-refresh callback on the app's current screen: drawn under a
        # dialog, ours went to the dialog and was lost if it closed before its next refresh
        # (a round result dismissed at once), so ``rendered`` lagged for good. Again, now
        # that this screen is the current one.
        if self._drawn is not None and self.rendered is not self._drawn:
            self.call_after_refresh(self._on_screen, self._drawn, 0, self.fitter.applies)

    def on_resize(self) -> None:
        self.set_class(self.size.width < PHONE_BELOW, "-phone")
        # A big terminal (large cards): the table's middle is centred between the opponents
        # and the hand, and sized to what it holds (app.tcss, "the big-terminal layout").
        self.set_class(size_for(self.size.width, self.size.height) >= CardSize.LARGE, "-roomy")
        if self.frame is not None:
            self.call_later(self.render_latest)

    # --- input (client/tui/screens/table_input.py) -----------------------------------------------

    def choose(self, choice: Choice, confirmed: bool = False) -> None:
        """Send the chosen legal action (one at a time: see ``sent``); a call is confirmed
        first."""
        table_input.choose(self, choice, confirmed)

    def release_input(self) -> None:
        """The server refused something (most likely our action): choose again."""
        self.sent = False

    async def check_drawn(self) -> None:
        """A guard: a frame taken in but not drawn a check later is drawn now, and logged
        (client/tui/screens/table_draw.py)."""
        frame = None if self.waiting is not None else self.frame
        drawing_since = self._drawing_since if self._drawing else None
        if self.undrawn.due(frame, self._drawn, self.clock(), drawing_since):
            await self.render_latest()

    def check_pending(self) -> bool:
        """Free an action that got no answer within PENDING_TIMEOUT: True when the input is
        free."""
        return table_input.check_pending(self)

    @on(ActionLine.Chosen)
    def on_action_chosen(self, message: ActionLine.Chosen) -> None:
        self.choose(message.choice)

    def on_key(self, event: Key) -> None:
        table_input.key_pressed(self, event)

    def on_click(self, event: Click) -> None:
        # The score sheet's key (h) is off the footer, and a phone has no keys: a tap on the
        # table's line (it says your score) opens the sheet.
        if event.widget is not None and event.widget.id == "status" and self.frame is not None:
            event.stop()
            self.app.call_later(self.app.run_action, "app.open_scores")

    @on(Input.Submitted, "#chat-input")
    def on_chat_submitted(self, event: Input.Submitted) -> None:
        table_input.chat_submitted(self, event)

    def action_help(self) -> None:
        table_input.open_help(self)

    def action_toggle_side(self) -> None:
        self.side_open = not self.side_open
        self.set_class(self.side_open, "-side-open")

    def action_chat(self) -> None:
        table_input.open_chat(self)

    def action_unfocus(self) -> None:
        self.set_focus(None)

    def action_unfocus_quietly(self) -> None:
        self.set_focus(None)

    def on_descendant_focus(self) -> None:
        self.refresh_bindings()  # the footer follows the chat line's focus

    def on_descendant_blur(self) -> None:
        self.refresh_bindings()

    def set_link_state(self, state: str) -> None:
        """Show "reconnecting…" (or nothing) in the status line."""
        self.link_state = state
        if self.frame is not None and self.waiting is None:
            self.query_one("#status", Static).update(status_line(
                self.frame, self.names(), self.turn_time, state, self.watchers, self.size.width))

    def add_chat(self, name: str, text: str) -> None:
        self.query_one(ChatPanel).add(name, text)

    # --- clocks and pauses (client/tui/screens/table_clocks.py) --------------------------------

    def tick_clocks(self) -> None:
        """Count the table's clocks down; auto end turn."""
        table_clocks.tick_clocks(self)

    def hold_result(self, show: Callable[[], object]) -> bool:
        """Keep a round result back while the others' last moves stay in view; False: show
        it now."""
        return table_clocks.hold_result(self, show)

    def release_result(self) -> bool:
        """Show the held round result now, and the table's choices again under it."""
        return table_clocks.release_result(self)

    @property
    def holding_result(self) -> bool:
        return self.result_hold.active

    def note_time_ran_out(self, seat: int) -> None:
        """The server's turn timer ran out for ``seat``: a log line, a word to that player."""
        table_clocks.note_time_ran_out(self, seat)


__all__ = ["MIN_HEIGHT", "MIN_WIDTH", "NARROW_BELOW", "PENDING_TIMEOUT", "PHONE_BELOW",
           "TableScreen"]
