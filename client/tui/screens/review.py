"""The expert's review of a finished game on screen: a progress bar while the review runs (in a
process of its own, client/review_process.py, read by a thread off the event loop) with the
results so far every few moves, then the costliest decisions as a list (Enter or a click shows
that move in the replay) and the review's text (client/review_text.py), which scrolls.

Reached from the game over, the history screen (``v`` on a finished game) and ``seasalt-client
--review FILE``. Leaving kills the review's process; what it reviewed is kept
(client/files/reviews.py): opening it again resumes there, and a finished one shows at once.
"""

from __future__ import annotations

from pathlib import Path

from rich.text import Text
from seasalt.bots.review import Decision, Review, partial_review
from seasalt.client.files import reviews
from seasalt.client.review_process import ReviewProcess
from seasalt.client.review_text import decision_entries, review_text
from seasalt.client.tui.screens.replay import ReplayScreen
from seasalt.client.tui.widgets.footer import Footer
from seasalt.client.words.i18n import _
from seasalt.protocol import Replay, StandInMove
from textual import on, work
from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import Screen
from textual.widgets import OptionList, ProgressBar, Static
from textual.widgets.option_list import Option

PARTIAL_EVERY = 10
"""Moves between two showings of the results so far."""


class ReviewScreen(Screen[None]):
    """One game's review, computed here with ``budget`` playouts a decision."""

    DEFAULT_CSS = """
    ReviewScreen #review-header { padding: 0 1; background: $boost; }
    ReviewScreen #review-progress { padding: 0 1; }
    ReviewScreen #review-body { padding: 0 1; }
    ReviewScreen #review-decisions { height: auto; max-height: 12; }
    """
    BINDINGS = [
        Binding("enter", "show_move", _("Show the move"), show=True),
        Binding("escape,b,q", "back", _("Back"), key_display="Esc"),
    ]

    def __init__(
        self, replay: Replay, stand_ins: tuple[StandInMove, ...] = (), budget: int | None = None,
        seed: int = 0,
    ) -> None:
        super().__init__()
        self.replay = replay
        self.stand_ins = stand_ins
        self.skip = tuple(m.action - 1 for m in stand_ins)
        self.budget = budget
        self.seed = seed
        self.review: Review | None = None
        self.entries: dict[str, Decision] = {}
        self.child: ReviewProcess | None = None
        """The review's process while it runs (None: not started, or the review was kept)."""
        self._left = False

    def compose(self) -> ComposeResult:
        yield Static(Text(_("Expert review"), style="bold"), id="review-header")
        yield ProgressBar(total=max(1, len(self.replay.actions)), id="review-progress")
        # The costliest decisions: Enter (or a click) shows that move in the replay.
        yield OptionList(id="review-decisions")
        with VerticalScroll(id="review-scroll"):
            yield Static("", id="review-body")
        yield Footer()

    def on_mount(self) -> None:
        self.run_review()

    @work(thread=True, exclusive=True, group="review")
    def run_review(self) -> None:
        """Reads the review's process (client/review_process.py), which does the weighing on
        a core of its own: this thread only waits for its messages and words them."""
        kept = reviews.load(self.replay, self.budget, self.seed, self.skip)
        players = self.replay.rules.players
        if kept is not None and kept.complete:  # a second look: instant
            self._finish(partial_review(players, kept.decisions, self.budget, self.seed))
            return
        start = kept.reviewed if kept is not None else 0
        decisions: list[Decision] = list(kept.decisions) if kept is not None else []
        total = len(self.replay.actions)
        reached = start
        """The actions reviewed so far: every decision among them is in ``decisions``."""

        def keep(done: int, complete: bool = False) -> None:
            reviews.save(self.replay, self.budget, self.seed,
                         reviews.KeptReview(tuple(decisions), done, complete), self.skip)

        def show_so_far(done: int) -> None:
            # The first results while the rest is reviewed (the same figures, so far).
            so_far = partial_review(players, decisions, self.budget, self.seed)
            text = review_text(self.replay, so_far, reviewed=done)
            entries = decision_entries(self.replay, so_far)
            self.app.call_from_thread(self._partial, text, entries)

        if start:  # a resumed review: its results so far at once
            self.app.call_from_thread(self._progress, start)
            show_so_far(start)
        child = ReviewProcess(self.replay.rules, self.replay.seed, self.replay.actions,
                              budget=self.budget, review_seed=self.seed, skip=self.skip,
                              done=start)
        self.child = child
        if self._left:  # (left while it started: action_back saw no child to stop)
            child.stop()
        for message in child.messages():
            if isinstance(message, Decision):
                decisions.append(message)
                reached = message.index + 1  # (those before it: sent before it)
                continue
            done = message.done
            if done <= start:  # (the part reviewed before: passed through, shown already)
                continue
            reached = done
            if done % 5 == 0 or done == total:
                self.app.call_from_thread(self._progress, done)
            if done % PARTIAL_EVERY == 0 and done < total:
                keep(done)
                show_so_far(done)
        if not child.finished:  # left: kept as far as it went, opening it again resumes there
            keep(reached)
            return
        keep(total, complete=True)
        self._finish(partial_review(players, decisions, self.budget, self.seed))

    def _finish(self, review: Review) -> None:
        """(In the review's thread.)"""
        text = review_text(self.replay, review)
        self.app.call_from_thread(self._show, review, text, decision_entries(self.replay, review))

    def _gone(self) -> bool:
        """Left, or no longer on screen: a result the review's thread sent just before the
        player left arrives after the screen's widgets are gone, and is dropped."""
        return self._left or not self.is_mounted

    def _progress(self, done: int) -> None:
        if not self._gone():
            self.query_one(ProgressBar).update(progress=done)

    def _partial(self, text: str, entries: list[tuple[Decision, str]]) -> None:
        if self.review is None and not self._gone():
            self.query_one("#review-body", Static).update(Text(text))
            self._list(entries)

    def _show(self, review: Review, text: str, entries: list[tuple[Decision, str]]) -> None:
        self.review = review
        if self._gone():
            return
        self.query_one(ProgressBar).display = False
        self.query_one("#review-body", Static).update(Text(text))
        self._list(entries)
        self.query_one(OptionList).focus()

    def _list(self, entries: list[tuple[Decision, str]]) -> None:
        """The decisions to look at, the highlighted one kept highlighted."""
        decisions = self.query_one(OptionList)
        was = decisions.highlighted_option.id if decisions.highlighted_option else None
        decisions.clear_options()
        decisions.add_options([Option(Text(label), id=str(d.index)) for d, label in entries])
        self.entries = {str(d.index): d for d, _label in entries}
        if was is not None and was in self.entries:
            decisions.highlighted = decisions.get_option_index(was)
        elif entries and decisions.highlighted is None:
            decisions.highlighted = 0

    @on(OptionList.OptionSelected, "#review-decisions")
    def action_show_move(self) -> None:
        """The highlighted decision in the replay: the game as that move left it, what it
        did; closing the replay comes back here, to the same decision."""
        option = self.query_one(OptionList).highlighted_option
        decision = self.entries.get(option.id or "") if option is not None else None
        if decision is not None:
            self.app.push_screen(
                ReplayScreen(self.replay, self.stand_ins, start=decision.index + 1))

    def action_back(self) -> None:
        self._stop()
        self.dismiss(None)

    def on_unmount(self) -> None:
        self._stop()  # (the app closed under the screen)

    def _stop(self) -> None:
        """The review stops with the screen: its process is killed, what it sent is kept."""
        self._left = True
        if self.child is not None:
            self.child.stop()


class ReviewApp(App[int]):
    """``seasalt-client --review FILE``: just the review screen."""

    TITLE = "Sea Salt & Paper"
    ENABLE_COMMAND_PALETTE = False

    def __init__(
        self, replay: Replay, path: Path | None = None, stand_ins: tuple[StandInMove, ...] = (),
        budget: int | None = None, seed: int = 0,
    ) -> None:
        super().__init__()
        self.screen_args = (replay, stand_ins, budget, seed)
        if path is not None:
            self.sub_title = str(path)

    def on_mount(self) -> None:
        replay, stand_ins, budget, seed = self.screen_args
        self.push_screen(ReviewScreen(replay, stand_ins, budget, seed), lambda _: self.exit(0))


__all__ = ["ReviewApp", "ReviewScreen"]
