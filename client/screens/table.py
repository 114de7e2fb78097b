"""The table: opponents, piles, the prompt and your legal actions, your hand, log and chat."""

from __future__ import annotations

import contextlib
import logging
import time
from collections.abc import Callable

from rich.text import Text
from seasalt.client.auto_end import AutoEnd
from seasalt.client.i18n import _, ngettext
from seasalt.client.intents import AskSnapshot, Play, Say
from seasalt.client.screens import result_hold
from seasalt.client.screens.call_confirm import CallConfirmDialog
from seasalt.client.screens.model import Frame, IntentQueued, TableSummary
from seasalt.client.screens.result_hold import ResultHold, hold_text, last_turn_seat
from seasalt.client.screens.table_fit import Fitter
from seasalt.client.widgets.actions import UNPICK, ActionLine, ActionList, Choice, choices_for
from seasalt.client.widgets.call_status import CallStatus
from seasalt.client.widgets.cardface import CardSize, size_for
from seasalt.client.widgets.cards import update_text
from seasalt.client.widgets.coach import CoachPanel
from seasalt.client.widgets.coach_words import COACH_KEY, coach_allowed
from seasalt.client.widgets.countdown import (
    TICK,
    ClockLine,
    clock_lines,
    prompt_with_clocks,
    turn_time_label,
    with_time_notes,
)
from seasalt.client.widgets.events import EventsPanel
from seasalt.client.widgets.hand import HandPanel
from seasalt.client.widgets.log import LOG_LINES, ChatPanel, LogPanel, log_lines
from seasalt.client.widgets.opponents import OpponentsPanel
from seasalt.client.widgets.piles import PilesPanel
from seasalt.client.widgets.prompt import PromptPanel, prompt_text
from seasalt.client.widgets.score_track import ScoreTrack
from seasalt.client.words import Names
from seasalt.engine import Call, EndTurn, Event, EventKind, PlayerView
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.css.query import NoMatches
from textual.events import Key
from textual.screen import Screen
from textual.widgets import Footer, Input, Static

NARROW_BELOW = 100
MIN_WIDTH, MIN_HEIGHT = 80, 24
RECENT_LINES = 2
"""Log lines shown under the piles in the collapsed layout (the full log is one key away)."""
PENDING_TIMEOUT = 5.0
"""Seconds after which an action with no answer at all frees the input again (and a resync is
asked for). A last resort: any frame or any refusal frees it long before."""
ENDED_EVENTS = 40
"""Events of the round that just ended kept for the log (more than its lines need: turn
markers are not worded)."""
PENDING_CHECK = 1.0
"""Seconds between two checks of that timeout while an action is pending (and of a frame
taken in but not drawn: see ``check_drawn``)."""

UNDRAWN_WARNING = 5.0
"""Seconds a frame waited to be drawn before ``check_drawn`` logs it as a warning."""

log = logging.getLogger("seasalt.client")


def _seat_signature(v: PlayerView, seat: int) -> tuple[object, ...]:
    s = v.seats[seat]
    return (s.hand_size, s.table, s.score, s.revealed_hand, s.locked)


class TableScreen(Screen[None]):
    """The game, rendered from the latest :class:`Frame`; keys send the legal actions."""

    AUTO_FOCUS = ""
    HORIZONTAL_BREAKPOINTS = [(0, "-tiny"), (MIN_WIDTH, "-narrow"), (NARROW_BELOW, "-wide")]
    VERTICAL_BREAKPOINTS = [(0, "-short"), (MIN_HEIGHT, "-tall")]

    BINDINGS = [
        Binding("question_mark,f1", "help", _("Help"), key_display="?"),
        Binding("l", "toggle_side", _("Log/chat")),
        Binding("t", "chat", _("Chat")),
        # Off the footer (it must fit 80 columns in every language); listed in help.
        Binding("h", "app.open_scores", _("Scores"), show=False),  # client/screens/scores.py
        Binding("escape", "unfocus", _("Back"), show=False),
        # One key, two meanings: the footer names the one q has now (check_action).
        Binding("q", "back_or_quit", _("Lobby")),
        Binding("q", "quit_table", _("Quit")),
        Binding(COACH_KEY, "coach", _("Coach")),  # shown where the table allows it (issue 19)
        # A prompt longer than the rows the choices leave it scrolls (client/screens/table_fit.py).
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
        self.frame: Frame | None = None
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
        self._undrawn_since: tuple[Frame, float] | None = None
        self._drawing = False
        """A draw is under way (``render_latest``): one at a time."""
        self._drawing_since = 0.0
        self._draw_again = False
        """Someone asked for a draw while one was under way: it draws again when done."""
        self._last_status: Text | None = None
        self._last_recent: Text | None = None
        # The clocks (issue 15): client/widgets/countdown.py draws them, tick_clocks ticks.
        self.turn_time = 0
        """The table's turn timer option (seconds per turn, 0: none)."""
        self.auto_end = AutoEnd()
        self.time_notes: list[tuple[int, int, int]] = []
        """(round, log position, seat) of each turn whose time ran out: a log line each."""
        self._prompt_clocked = False
        self.ended_log: tuple[Event, ...] = ()
        """The last round's log as this seat saw it, kept under the new round's lines."""
        self.result_hold = ResultHold()
        """A round result held back while the others' last moves stay in view
        (client/screens/result_hold.py)."""
        self.summary: TableSummary | None = None
        """The table's latest info (its options: whether the coach is allowed)."""
        self.swap_pick: int | None = None
        """Water Rodeo: the card of theirs picked, the swap's first step (``Choice.pick``)."""
        self.fitter = Fitter()
        """The rows shared out with the choices first (client/screens/table_fit.py)."""
        self._fit_key: object = None

    def compose(self) -> ComposeResult:
        yield Static(id="status")
        yield CallStatus(id="call-status")
        yield Static(
            _("The terminal is too small: please make it at least 80 x 24."), id="too-small"
        )
        with Horizontal(id="main"):
            with Vertical(id="left"):
                yield OpponentsPanel(id="opponents")
                with Vertical(id="center"):
                    yield PilesPanel(id="piles")
                    yield EventsPanel(id="events")  # Extra Pepper only
                    yield ScoreTrack(id="score-track")  # a big terminal only
                    yield Static(id="recent")
                    yield PromptPanel(id="prompt")
                    yield ClockLine(id="clocks")
                    yield CoachPanel(id="coach")  # client/widgets/coach.py
                    yield ActionList(id="actions")
                yield HandPanel(id="hand")
            with Vertical(id="side"):
                yield LogPanel(id="log")
                yield ChatPanel(id="chat")
        yield Footer()

    @property
    def q_goes_back(self) -> bool:
        """``q`` goes back to the lobby: in the waiting room (no game to lose) or watching."""
        return self.waiting is not None or (
            self.frame is not None and self.frame.view.seat is None
        )

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "back_or_quit":
            return self.q_goes_back
        if action == "quit_table":
            return not self.q_goes_back
        if action == "coach":
            return self.coach_offered
        return True

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
        await self.remount()

    async def remount(self) -> None:
        """Draw the newest frame: on mount, and on the new widgets after a language switch
        (which calls this, not on_mount: the intervals are started once)."""
        # Frames that came while this screen was being put up went to the app: start from
        # the newest one, never from an older frame handed over before (a stuck old turn).
        latest = getattr(self.app, "frame", None)
        if (
            isinstance(latest, Frame)
            and latest.table == self.table
            and (self.frame is None or latest.seq > self.frame.seq)
        ):
            self.note_frame(latest)
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
    def collapsed(self) -> bool:
        return self.size.width < NARROW_BELOW

    def names(self) -> Names:
        assert self.frame is not None
        return Names(self.frame.names(), self.frame.view.seat)

    def note_frame(self, frame: Frame, fresh: bool = True) -> bool:
        """Take in a frame; rendering may skip stale ones. ``fresh``: a snapshot or update
        from the server (False: the same frame again with new seat names). False when the
        frame is older than the one held, and ignored."""
        previous = self.frame
        if previous is not None and previous.table == frame.table and frame.seq < previous.seq:
            # A frame handed over late (a relabel deferred with call_later while updates of the
            # same burst were taken in): going back to it would leave the player on an old
            # turn for good. seq only grows at a table, across games and restarts too.
            return False
        if previous is not None and previous.table == frame.table and (
            frame.view.round != previous.view.round
        ):
            # The round that just ended stays in the log (its final turns, its score) until
            # the new round's lines push it out: events this seat was already sent.
            ending = frame.events
            starts = next((i for i, e in enumerate(ending) if e.kind is EventKind.ROUND_STARTED),
                          len(ending))
            # Only its tail: enough events for the log's lines, and no more wording per frame.
            self.ended_log = (previous.view.log + ending[:starts])[-ENDED_EVENTS:]
        self.frame = frame
        if fresh:
            # Any frame answers a pending action (even one equal to the last: a snapshot after
            # a refusal), so the player may choose again.
            self.sent = False
            if previous is None or frame.view.move != previous.view.move:
                self.swap_pick = None
            # The moment the game starts, for those who waited for it (not for a resume or a
            # spectator arriving at move 0: that game started already).
            starts = self.waiting is not None
            self.waiting = None
            if starts or previous is None:
                self.refresh_bindings()  # what q does (its footer label) may have changed
            if starts and not frame.view.is_over:
                self.add_notice(_("Every seat is taken: the game starts!"))
        now_my_turn = bool(frame.view.legal_actions)
        if previous is not None and self.my_turn and not now_my_turn:
            self.baseline = frame
        if now_my_turn and not self.my_turn:
            self.app.bell()
        self.my_turn = now_my_turn
        if self.previous_rendered is None:
            self.previous_rendered = previous
        return True

    async def show_frame(self, frame: Frame, fresh: bool = True) -> None:
        """Take in and render a frame at once (an older one than held is ignored)."""
        if self.note_frame(frame, fresh):
            await self.render_latest()

    # --- the waiting room and table news ---------------------------------------------------

    def note_table(self, summary: TableSummary, join_hint: str) -> bool:
        """The table's info changed: the waiting room while it waits, and who is watching.

        Called in message order (never deferred), so a frame that follows the info always
        ends the waiting room. True when the waiting room is to be (re)drawn.
        """
        self.join_hint = join_hint
        if not self.watchers_known:
            self.watchers_known = True
        elif summary.watchers > self.watchers:
            self.add_notice(_("Someone is watching this table."))
        elif summary.watchers < self.watchers:
            self.add_notice(_("A spectator left this table."))
        self.watchers = summary.watchers
        self.turn_time = summary.turn_time
        offered = self.coach_offered
        self.summary = summary
        if self.coach_offered != offered:
            self.refresh_bindings()  # the coach key appears (or goes) in the footer
        if summary.status == "waiting":
            self.waiting = summary
            self.refresh_bindings()
            self.my_turn = False
            return True
        return False

    def waiting_text(self) -> Text:
        """Who sits, how many seats are free, how friends join; no game yet."""
        text = Text()
        text.append(self.table, style="bold")
        text.append(" · " + _("waiting for players"), style="italic")
        summary = self.waiting
        if summary is not None:
            seated = []
            for index, label in enumerate(summary.seats):
                if label is None:
                    continue
                if label.bot:
                    seated.append(_("Bot {n}").format(n=index + 1) + " ("
                                  + _("bot {level}").format(level=_(label.bot)) + ")")
                else:
                    seated.append(label.name)
            free = sum(1 for label in summary.seats if label is None)
            text.append("\n" + _("Seated: {names}").format(names=", ".join(seated) or "-"))
            text.append("\n" + ngettext("{n} free seat of {total}", "{n} free seats of {total}",
                                         free).format(n=free, total=len(summary.seats)),
                        style="bold")
        if self.turn_time:
            text.append("\n" + _("Turn timer: {time}").format(
                time=turn_time_label(self.turn_time)), style="bold")
        if self.join_hint:
            text.append("\n" + self.join_hint)
        text.append("\n" + _("The game starts when every seat is taken."), style="italic")
        return text

    async def render_waiting(self) -> None:
        """The waiting room changed (or the game started before this deferred call ran):
        draw what is current, in turn with any other draw (``render_latest``)."""
        await self.render_latest()

    async def _draw_waiting(self) -> None:
        with contextlib.suppress(NoMatches):  # (already torn down)
            self.query_one(PromptPanel).set_class(False, "-my-turn")
            await self.query_one(ActionList).show([])
            self.query_one(PromptPanel).show_text(self.waiting_text())
            status = Text()
            status.append(" " + _("Sea Salt & Paper") + " ", style="bold reverse")
            status.append("  ")
            status.append(self.table, style="bold")
            status.append(" · " + _("waiting for players"))
            self._last_status = None
            self.query_one("#status", Static).update(status)
            self.show_notices()

    def add_notice(self, notice: str) -> None:
        self.notices.append(notice)
        del self.notices[:-20]
        self.notify(notice, timeout=4)
        self.show_notices()

    def show_notices(self) -> None:
        if self.waiting is None and self.frame is not None:
            return  # in play the recent log lines are shown there (refresh_frame)
        with contextlib.suppress(NoMatches):
            recent = Text("» " + self.notices[-1]) if self.notices else Text()
            self._last_recent = None
            self.query_one("#recent", Static).update(recent)

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
            await self._draw_waiting()
            return
        previous, self.previous_rendered = self.previous_rendered, None
        with contextlib.suppress(NoMatches):  # torn down while quitting: nothing to draw on
            # The class goes on the prompt, not the screen: a screen class restyles everything.
            self.query_one(PromptPanel).set_class(self.my_turn, "-my-turn")
            await self.refresh_frame(previous)

    async def refresh_frame(self, previous: Frame | None = None) -> None:
        """Draw the frame held into the widgets: only ever from ``render_latest``'s loop."""
        frame = self.frame
        if frame is None or self.waiting is not None:
            return
        v = frame.view
        names = self.names()
        base = self.baseline if (self.my_turn and self.baseline is not None) else None
        if base is not None and base.view.round != v.round:
            base = None
        changed_seats: set[int] = set()
        changed_piles: set[int] = set()
        if base is not None:
            for seat in range(len(v.seats)):
                if seat != v.seat and _seat_signature(v, seat) != _seat_signature(base.view, seat):
                    changed_seats.add(seat)
            for index in (0, 1):
                if v.piles[index] != base.view.piles[index]:
                    changed_piles.add(index)
        new_cards: set[int] = set()
        if previous is not None and previous.view.round == v.round:
            new_cards = set(v.hand) - set(previous.view.hand)
        status = self._status(frame, names)
        if status != self._last_status:
            self._last_status = status
            update_text(self.query_one("#status", Static), None, status)
        self.query_one(CallStatus).show(v, names)
        await self.query_one(OpponentsPanel).show(frame, changed_seats, self.collapsed)
        self.query_one(PilesPanel).show(v, changed_piles)
        self.query_one(ScoreTrack).show(v, names)
        # Actions first: "Your turn" must never show above an empty list of choices.
        # (A held round result: no choices under it; any key shows the result.)
        held = self.result_hold.active
        await self.query_one(ActionList).show(
            [] if held else choices_for(v, names, self.swap_pick))
        self.query_one(EventsPanel).show(v, names, not self.collapsed)
        if not self.result_hold.active:  # (held: tick_clocks shows the last moves there)
            self.query_one(PromptPanel).show(v, names)
        self.query_one(HandPanel).show(v, new_cards)
        self.query_one(CoachPanel).show_view(v, self.names)  # advice for another moment goes
        lines = with_time_notes(log_lines(v.log, names), self.time_notes, v.round, names)
        fresh = 0
        if base is not None:
            fresh = max(0, len(lines) - len(log_lines(base.view.log, names)))
        if len(lines) < LOG_LINES and self.ended_log:  # room left: the ended round's tail
            lines = (log_lines(self.ended_log, names) + lines)[-LOG_LINES:]
        self.query_one(LogPanel).show(lines, fresh)
        recent = Text("\n").join(Text("» " + line) for line in lines[-RECENT_LINES:])
        if recent != self._last_recent:
            self._last_recent = recent
            update_text(self.query_one("#recent", Static), None, recent)
        self._drawn = frame
        self.tick_clocks()
        self.call_after_refresh(self._on_screen, frame, 0, self.fitter.applies)

    def _on_screen(self, frame: Frame, fits: int = 0, applies: int | None = None) -> None:
        # The frame is on screen once its rows are shared out with the choices first: a fit
        # that changes the layout, this one or one made since this call was asked for
        # (``applies`` then), is laid out before the frame counts as shown. A second fit of a
        # fitted layout changes nothing; the count of passes is a guard, never reached.
        fitter = self.fitter
        if fits < 4 and (fitter.applies != applies or self.fit()):
            self.call_after_refresh(self._on_screen, frame, fits + 1, fitter.applies)
            return
        self.rendered = frame

    def fit(self) -> bool:
        """Share the rows out with the choices first (client/screens/table_fit.py); True when
        that changed the layout."""
        return self.fitter.fit(self, self.collapsed)

    def action_scroll_prompt(self, direction: int, page: bool = False) -> None:
        with contextlib.suppress(NoMatches):
            prompt = self.query_one(PromptPanel)
            prompt.scroll_lines(direction * (prompt.page() if page else 1))

    def on_screen_resume(self) -> None:
        # Textual queues an after-refresh callback on the app's current screen: drawn under a
        # dialog, ours went to the dialog and was lost if it closed before its next refresh
        # (a round result dismissed at once), so ``rendered`` lagged for good. Again, now
        # that this screen is the current one.
        if self._drawn is not None and self.rendered is not self._drawn:
            self.call_after_refresh(self._on_screen, self._drawn, 0, self.fitter.applies)

    def _status(self, frame: Frame, names: Names) -> Text:
        v = frame.view
        text = Text()
        text.append(" " + _("Sea Salt & Paper") + " ", style="bold reverse")
        text.append("  ")
        text.append(frame.table, style="bold")
        text.append(" · " + _("round {n}").format(n=v.round))
        text.append(" · " + _("target {n}").format(n=v.rules.target_score))
        if v.rules.extra_salt:
            text.append(" · " + _("Extra Salt"))
        if v.rules.extra_pepper:
            text.append(" · " + _("Extra Pepper"))
        if self.turn_time:
            text.append(" · " + turn_time_label(self.turn_time))
        if self.link_state:
            text.append(" · ")
            text.append(self.link_state, style="bold red reverse")
        if v.seat is not None:
            text.append(" · " + _("you: {n}").format(n=v.seats[v.seat].score), style="bold")
        else:
            text.append(" · " + _("watching"), style="italic")
        others = self.watchers - (1 if v.seat is None else 0)  # a spectator is not news to itself
        if others > 0:
            text.append(" · " + ngettext("{n} watching", "{n} watching", others).format(
                n=others), style="italic")
        return text

    def on_resize(self) -> None:
        # A big terminal (large cards): the table's middle is centred between the opponents
        # and the hand, and sized to what it holds (app.tcss, "the big-terminal layout").
        self.set_class(size_for(self.size.width, self.size.height) >= CardSize.LARGE, "-roomy")
        if self.frame is not None:
            self.call_later(self.render_latest)

    # --- input -------------------------------------------------------------------------------

    def choose(self, choice: Choice, confirmed: bool = False) -> None:
        """Send the chosen legal action (one at a time: see ``sent``); a call is confirmed
        first (client/screens/call_confirm.py)."""
        if self.frame is None or self.waiting is not None or self.result_hold.active:
            return
        if self.sent and not self.check_pending():
            return
        if choice.action not in self.frame.view.legal_actions:
            return
        if choice.pick is not None:  # the swap's first step: no action sent yet
            self.swap_pick = None if choice.pick == UNPICK else choice.pick
            self.call_later(self.render_latest)
            return
        if isinstance(choice.action, Call) and not confirmed:
            def answered(yes: bool | None) -> None:
                if yes:
                    self.choose(choice, confirmed=True)  # still legal? checked again

            self.app.push_screen(CallConfirmDialog(choice, self.frame.view), answered)
            return
        self.sent = True
        self.sent_at = self.clock()
        self.app.post_message(IntentQueued(Play(choice.action)))

    def release_input(self) -> None:
        """The server refused something (most likely our action): choose again."""
        self.sent = False

    async def check_drawn(self) -> None:
        """A guard: a frame taken in but not drawn a check later is drawn now, and logged.

        The chaos soak saw an old turn stay on screen for good (seed 3002: frame 207 held, 206
        drawn). Its causes are fixed: the app's render timer was lost now and then (see
        ``SeasaltApp.on_frame_arrived``), and two draws at once could end with the older one
        (``render_latest``). This check stays, so that any other way to an undrawn frame heals,
        and says so. A wait of a second or two is a loaded machine (the app's render waits in
        the app's message loop behind a dialog being put up or taken down, which takes a second
        there at load 8): INFO; a longer one is a warning."""
        frame = self.frame
        if frame is None or frame is self._drawn or self.waiting is not None:
            self._undrawn_since = None
            return
        now = self.clock()
        if self._undrawn_since is None or self._undrawn_since[0] is not frame:
            self._undrawn_since = (frame, now)
            return
        if now - self._undrawn_since[1] < PENDING_CHECK:
            return
        waited = now - self._undrawn_since[1]
        # A draw under way draws the newest frame when it ends (render_latest). One that never
        # ends holds up the message loop it runs on, so nothing here could draw anyway: say so.
        log.log(logging.WARNING if waited >= UNDRAWN_WARNING else logging.INFO,
                "table %s: frame %d was taken in but not drawn for %.1f s%s: drawing it",
                frame.table, frame.seq, waited,
                " (a draw has been under way for %.1f s)" % (now - self._drawing_since)
                if self._drawing else "")
        self._undrawn_since = None
        await self.render_latest()

    def check_pending(self) -> bool:
        """Free an action that got no answer at all within PENDING_TIMEOUT (and ask for a
        fresh snapshot): the input can never stay stuck. True when the input is free."""
        if not self.sent:
            return True
        if self.clock() - self.sent_at < PENDING_TIMEOUT:
            return False
        self.sent = False
        self.app.post_message(IntentQueued(AskSnapshot()))
        return True

    @on(ActionLine.Chosen)
    def on_action_chosen(self, message: ActionLine.Chosen) -> None:
        self.choose(message.choice)

    def on_key(self, event: Key) -> None:
        if isinstance(self.focused, Input):
            return
        if self.release_result():  # any key: the held round result now
            event.stop()
            event.prevent_default()
            return
        if self.auto_end.cancel():  # any key stops auto end turn; an action key acts too
            self.tick_clocks()
        choice = self.query_one(ActionList).by_key(event.character or event.key)
        if choice is not None:
            event.stop()
            event.prevent_default()
            self.choose(choice)
        elif event.character == COACH_KEY and not self.coach_offered:
            self.action_coach()  # (its binding is off here: say why the key does nothing)

    @on(Input.Submitted, "#chat-input")
    def on_chat_submitted(self, event: Input.Submitted) -> None:
        text = event.value.strip()
        event.input.value = ""
        if text:
            self.app.post_message(IntentQueued(Say(text)))
        self.set_focus(None)

    def action_help(self) -> None:
        from seasalt.client.screens.help import HelpScreen

        self.app.push_screen(HelpScreen(self.join_hint))

    def action_toggle_side(self) -> None:
        self.side_open = not self.side_open
        self.set_class(self.side_open, "-side-open")

    def action_chat(self) -> None:
        if self.collapsed and not self.side_open:
            self.action_toggle_side()
        self.query_one("#chat-input", Input).focus()

    def action_unfocus(self) -> None:
        self.set_focus(None)

    def set_link_state(self, state: str) -> None:
        """Show "reconnecting…" (or nothing) in the status line."""
        self.link_state = state
        if self.frame is not None and self.waiting is None:
            self.query_one("#status", Static).update(self._status(self.frame, self.names()))

    def add_chat(self, name: str, text: str) -> None:
        self.query_one(ChatPanel).add(name, text)

    # --- clocks (issue 15: client/widgets/countdown.py, client/auto_end.py) -------------------

    def tick_clocks(self) -> None:
        """Count the table's clocks down on this client's clock, and end the turn by itself
        when auto end turn is on and END TURN is the only legal action."""
        frame = self._drawn or self.frame  # the frame on screen: its prompt and its clocks agree
        if frame is None or self.waiting is not None:
            return
        now = self.clock()
        v = frame.view
        names = self.names()
        reading = getattr(self.app, "clock_reading", None)
        self.auto_end.update(bool(getattr(self.app, "auto_end_turn", False)), frame.seq, v, now)
        if self.auto_end.due(now) and self.ready:
            self.auto_end.cancel()  # once per frame, whatever the answer
            end = next((c for c in self.query_one(ActionList).choices
                        if isinstance(c.action, EndTurn)), None)
            if end is not None:
                self.choose(end)
        waiting = tuple(getattr(self.app, "round_waiting", ()))
        with contextlib.suppress(NoMatches):
            self.query_one(ClockLine).show_lines(
                clock_lines(reading, v, names, now, waiting, self.auto_end.left(now)))
            # The clocks and the coach come and go between draws, and a fit made before a
            # layout caught up is made again: whatever changes the rows is fitted again.
            key = tuple((w.display, w.outer_size)
                        for w in self.query("#left, #opponents, #clocks, #coach"))
            if key != self._fit_key and self.rendered is self._drawn:
                self._fit_key = key
                self.fit()
            prompt = self.query_one(PromptPanel)
            if self.result_hold.active:
                if self.result_hold.due(now):
                    self.release_result()
                else:
                    prompt.show_text(hold_text(self.ended_log, names,
                                               self.result_hold.left(now)))
                return
            clocked = (reading is not None and not v.legal_actions
                       and reading.takeover_of(v.to_act, now) is not None)
            if clocked:
                prompt.show_text(prompt_with_clocks(prompt_text(v, names), v, names, reading, now))
            elif self._prompt_clocked:
                prompt.show(v, names)  # the countdown stopped: the usual prompt again
            self._prompt_clocked = clocked

    def hold_result(self, show: Callable[[], object]) -> bool:
        """Keep a round result back while the last moves of the round, made by others, stay
        in view (client/screens/result_hold.py); False (show it now) when this seat made
        them, watches, or did not see the round."""
        frame = self.frame
        if frame is None or frame.view.seat is None or not self.ended_log:
            return False
        if last_turn_seat(self.ended_log) in (None, frame.view.seat):
            return False
        if result_hold.RESULT_HOLD <= 0:  # (switched off: tests not about it)
            return False
        self.result_hold.start(self.clock(), show)
        self.tick_clocks()
        return True

    def release_result(self) -> bool:
        """Show the held round result now, and the table's choices again under it."""
        if not self.result_hold.release():
            return False
        self.call_later(self.refresh_frame)
        return True

    @property
    def holding_result(self) -> bool:
        return self.result_hold.active

    def note_time_ran_out(self, seat: int) -> None:
        """The server's turn timer ran out for ``seat`` and its bot plays the turn: a log line
        where the bot's moves begin (and a word to the player it happened to)."""
        frame = self.frame
        if frame is None:
            return
        v = frame.view
        names = self.names()
        self.time_notes.append((v.round, len(log_lines(v.log, names)), seat))
        if seat == v.seat:
            self.notify(_("Time ran out: the bot played your turn."), severity="warning",
                        timeout=6)
        self.call_later(self.render_latest)
