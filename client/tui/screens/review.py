"""The expert's review of a finished game on screen: a progress bar while the review runs (in a
thread, off the event loop) with the results so far every few moves, then the review's text
(client/review_text.py), which scrolls.

Reached from the history screen (``v`` on a finished game) and from ``seasalt-client --review
FILE``. Leaving stops the review between two decisions.
"""

from __future__ import annotations

from pathlib import Path

from rich.text import Text
from seasalt.bots.review import Decision, Review, partial_review
from seasalt.client.review_text import review_replay, review_text
from seasalt.client.tui.widgets.footer import Footer
from seasalt.client.words.i18n import _
from seasalt.protocol import Replay, StandInMove
from textual import work
from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import Screen
from textual.widgets import ProgressBar, Static

PARTIAL_EVERY = 10
"""Moves between two showings of the results so far."""


class _Left(Exception):
    """The screen was left: the review stops."""


class ReviewScreen(Screen[None]):
    """One game's review, computed here with ``budget`` playouts a decision."""

    DEFAULT_CSS = """
    ReviewScreen #review-header { padding: 0 1; background: $boost; }
    ReviewScreen #review-progress { padding: 0 1; }
    ReviewScreen #review-body { padding: 0 1; }
    """
    BINDINGS = [Binding("escape,b,q", "back", _("Back"), key_display="Esc")]

    def __init__(
        self, replay: Replay, stand_ins: tuple[StandInMove, ...] = (), budget: int | None = None,
        seed: int = 0,
    ) -> None:
        super().__init__()
        self.replay = replay
        self.skip = tuple(m.action - 1 for m in stand_ins)
        self.budget = budget
        self.seed = seed
        self.review: Review | None = None
        self._left = False

    def compose(self) -> ComposeResult:
        yield Static(Text(_("Expert review"), style="bold"), id="review-header")
        yield ProgressBar(total=max(1, len(self.replay.actions)), id="review-progress")
        with VerticalScroll(id="review-scroll"):
            yield Static("", id="review-body")
        yield Footer()

    def on_mount(self) -> None:
        self.run_review()

    @work(thread=True, exclusive=True, group="review")
    def run_review(self) -> None:
        decisions: list[Decision] = []
        players = self.replay.rules.players

        def progress(done: int, total: int) -> None:
            if self._left:
                raise _Left
            if done % 5 == 0 or done == total:
                self.app.call_from_thread(self._progress, done)
            if done % PARTIAL_EVERY == 0 and done < total:
                # The first results while the rest is reviewed (the same figures, so far).
                so_far = partial_review(players, decisions, self.budget, self.seed)
                text = review_text(self.replay, so_far, reviewed=done)
                self.app.call_from_thread(self._partial, text)

        try:
            review = review_replay(self.replay, self.budget, self.seed, self.skip, progress,
                                   decisions.append)
        except _Left:
            return
        text = review_text(self.replay, review)
        self.app.call_from_thread(self._show, review, text)

    def _progress(self, done: int) -> None:
        self.query_one(ProgressBar).update(progress=done)

    def _partial(self, text: str) -> None:
        if self.review is None:
            self.query_one("#review-body", Static).update(Text(text))

    def _show(self, review: Review, text: str) -> None:
        self.review = review
        self.query_one(ProgressBar).display = False
        self.query_one("#review-body", Static).update(Text(text))
        self.query_one("#review-scroll", VerticalScroll).focus()

    def action_back(self) -> None:
        self._left = True
        self.dismiss(None)


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
