"""Watch a finished game step by step, forwards and backwards, with every card visible.

Each step is an engine state (client/tui/replay_steps.py): the screen only shows it.
"""

from __future__ import annotations

from pathlib import Path

from rich.console import Group, RenderableType
from rich.text import Text
from seasalt.client.tui.replay_steps import Step, build_steps, round_starts
from seasalt.client.tui.screens.result import aligned_labels, headline, paid_note, score_table
from seasalt.client.tui.widgets.cardface import chip, flow, text_block
from seasalt.client.tui.widgets.cards import grouped_hand, table_groups
from seasalt.client.tui.widgets.events import events_text
from seasalt.client.tui.widgets.footer import Footer
from seasalt.client.words.game import Names, card_name, describe_event
from seasalt.client.words.i18n import _, ngettext
from seasalt.engine import GameState, effects, view
from seasalt.protocol import Replay, StandInMove
from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.screen import Screen
from textual.widgets import Static


def replay_names(replay: Replay, viewer: str | None = None) -> Names:
    """Seat names as played (bots by level); the seat ``viewer`` (a player id) played reads
    "you", as at the table; None, or a game they did not play: seen from nobody's seat."""
    names = []
    for entry in replay.summary.players:
        if entry.name:
            names.append(entry.name)
        elif entry.kind.startswith("bot:"):
            names.append(_("bot {level}").format(level=_(entry.kind.removeprefix("bot:"))))
        else:
            names.append(_("Seat {n}").format(n=entry.seat + 1))
    mine = [e.seat for e in replay.summary.players if viewer and e.player == viewer]
    return Names(names, mine[0] if len(mine) == 1 else None)


def seat_block(state: GameState, seat: int, names: Names, width: int = 76) -> Text:
    """One seat: name, total, then its hand (grouped as it scores) and table as cards."""
    text = Text()
    marker = "▶ " if state.to_act == seat else "  "
    text.append(marker + names(seat), style="bold")
    text.append("  " + _("total {points}").format(points=state.scores[seat]))
    if seat in state.winners:
        text.append("  " + _("winner"), style="bold reverse")
    text.append("\n")
    # A replay shows every card (the game is over): grouped under the seat's events then.
    # Wrapped rows go on under the first card, the hand's and the table's in one column.
    hand_label, table_label = aligned_labels("    " + _("hand: "), "    " + _("table: "))
    text.append_text(grouped_hand(state.hands[seat], width=width, label=hand_label,
                                  effects=effects(state, seat), hang=True))
    shell = state.face_down[seat] if state.face_down else None
    if shell is not None:  # Extra Pepper's Coral Reef (RULES §12.12): no secret in a replay
        text.append("\n    " + _("face down: {card}").format(card=card_name(shell)))
    groups = state.tables[seat]
    if groups:
        text.append("\n")
        text.append_text(table_groups(groups, width=width, label=table_label, hang=True))
    return text


def step_header(step: Step, last: int, names: Names, stand_in_next: bool = False) -> Text:
    """``Move 3 of 90  ·  round 1  ·  Ann to play``; ``stand_in_next``: the next move is one a
    bot made for the absent player (so "Ann's stand-in (bot) to play", as that move reads)."""
    state = step.state
    text = Text(
        _("Move {i} of {n}").format(i=step.index, n=last)
        + "  ·  "
        + _("round {r}").format(r=state.round),
        style="bold",
    )
    if state.is_over:
        winners = ", ".join(names.obj(s) for s in state.winners)
        text.append("  ·  " + _("game over, winner: {names}").format(names=winners))
    elif state.to_act is not None and state.to_act == names.me:  # the viewer's own seat
        text.append("  ·  " + (_("your stand-in (bot) to play") if stand_in_next
                               else _("you to play")))
    elif state.to_act is not None:
        # Its own words, not "{name} to play" with the stand-in as the name: the languages
        # contract "de le" (au tour du remplaçant de Ann).
        words = _("{name}'s stand-in (bot) to play") if stand_in_next else _("{name} to play")
        text.append("  ·  " + words.format(name=names(state.to_act)))
    return text


def count(n: int) -> str:
    return ngettext("{n} card", "{n} cards", n).format(n=n)


def board(step: Step, names: Names, width: int = 76,
          previous: GameState | None = None) -> RenderableType:
    """Every seat's cards, the piles and the deck, then what this step's action did (and the
    round's result table when this step scored a round)."""
    state = step.state
    parts: list[RenderableType] = [
        seat_block(state, s, names, width) for s in range(len(state.hands))
    ]
    entries = [text_block(_("deck: {size}").format(size=count(len(state.deck))))]
    for i, pile in enumerate(state.piles):
        entry = Text(_("pile {n}: ").format(n=i + 1))
        entry.append_text(chip(pile[-1]) if pile else Text(_("empty"), style="dim"))
        entry.append(" (" + count(len(pile)) + ")", style="dim")
        entries.append(text_block(entry))
    parts.append(flow(entries, width, gap=3))
    if state.rules.extra_pepper:  # the table event and who holds which card, as at the table
        parts.append(events_text(view(state, None), names))
    result = state.last_result
    if result is not None and (previous is None or previous.last_result != result):
        parts.append(headline(result, names))
        parts.append(score_table(result, names))
        parts.append(paid_note(result))
    lines = [line for e in step.events if (line := describe_event(e, names))]
    title = _("The deal:") if step.action is None else _("This move:")
    parts.append(Text(title, style="bold"))
    parts.append(Text("\n".join(lines) if lines else _("(nothing to show)")))
    return Group(*parts)


class ReplayScreen(Screen[None]):
    """A finished game, one step at a time."""

    DEFAULT_CSS = """
    ReplayScreen #replay-header { padding: 0 1; background: $boost; }
    ReplayScreen #replay-board { padding: 0 1; }
    """
    BINDINGS = [
        # Short labels, first and last move off the footer: it must fit 80 columns in every
        # language. Every key is listed in help.
        Binding("right,l,space", "step(1)", _("Next"), key_display="→"),
        Binding("left,h,backspace", "step(-1)", _("Previous"), key_display="←"),
        Binding("n,pagedown", "round(1)", _("Next round"), key_display="n"),
        Binding("p,pageup", "round(-1)", _("Previous round"), key_display="p"),
        Binding("home,g", "jump('first')", _("Start"), key_display="Home", show=False),
        Binding("end,G", "jump('last')", _("End"), key_display="End", show=False),
        Binding("escape,q", "close", _("Close"), key_display="Esc"),
    ]

    def __init__(self, replay: Replay, stand_ins: tuple[StandInMove, ...] = (),
                 viewer: str | None = None, start: int = 0) -> None:
        """Raises ReplayFileError when this engine cannot rebuild the game. ``stand_ins``:
        the moves a bot made for an absent player (worded as its own); ``viewer``: the player
        id of whoever watches (their seat reads "you"); ``start``: the step shown first (the
        game after that many moves: the review's "show this move")."""
        super().__init__()
        self.replay = replay
        self.steps = build_steps(replay, stand_ins=stand_ins)
        self.starts = round_starts(self.steps)
        self.names = replay_names(replay, viewer)
        self.stand_in_moves = frozenset(m.action for m in stand_ins)
        self.index = max(0, min(self.last, start))

    @property
    def last(self) -> int:
        return len(self.steps) - 1

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static(id="replay-header")
            with VerticalScroll():
                yield Static(id="replay-board")
        yield Footer()

    def on_mount(self) -> None:
        self.show()

    def show(self) -> None:
        step = self.steps[self.index]
        header = step_header(step, self.last, self.names,
                             stand_in_next=step.index + 1 in self.stand_in_moves)
        self.query_one("#replay-header", Static).update(header)
        previous = self.steps[self.index - 1].state if self.index else None
        width = max(20, self.app.size.width - 4)
        self.query_one("#replay-board", Static).update(board(step, self.names, width, previous))

    def on_resize(self) -> None:
        self.show()

    def go(self, index: int) -> None:
        self.index = max(0, min(self.last, index))
        self.show()

    def action_step(self, delta: int) -> None:
        self.go(self.index + delta)

    def action_round(self, delta: int) -> None:
        if delta > 0:
            later = [i for i in self.starts if i > self.index]
            self.go(later[0] if later else self.last)
        else:
            earlier = [i for i in self.starts if i < self.index]
            self.go(earlier[-1] if earlier else 0)

    def action_jump(self, where: str) -> None:
        self.go(0 if where == "first" else self.last)

    def action_close(self) -> None:
        if isinstance(self.app, ReplayApp):
            self.app.exit(0)
        else:
            self.dismiss(None)


class ReplayApp(App[int]):
    """``seasalt-client --replay FILE``: just the replay screen."""

    TITLE = "Sea Salt & Paper"
    ENABLE_COMMAND_PALETTE = False

    def __init__(
        self, replay: Replay, path: Path | None = None, stand_ins: tuple[StandInMove, ...] = (),
        viewer: str | None = None,
    ) -> None:
        super().__init__()
        self.replay = replay
        self.stand_ins = stand_ins
        self.viewer = viewer
        if path is not None:
            self.sub_title = str(path)

    def on_mount(self) -> None:
        self.push_screen(ReplayScreen(self.replay, self.stand_ins, self.viewer))
