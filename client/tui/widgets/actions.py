"""The legal actions of the moment, one per line with its key; also clickable."""

from __future__ import annotations

from dataclasses import dataclass

from rich.console import Console
from rich.table import Table
from rich.text import Text
from seasalt.client.words.game import Names, action_label, card_name
from seasalt.client.words.i18n import _
from seasalt.engine import (
    Action,
    Call,
    CallKind,
    DrawFromDeck,
    EndTurn,
    PassSwap,
    Phase,
    PlayerView,
    SwapCard,
)
from textual.containers import VerticalScroll
from textual.events import Click
from textual.message import Message
from textual.widgets import Static

# Fixed keys for the actions that come back every turn; the rest are numbered.
FIXED_KEYS = {"draw": "d", "end": "e", "stop": "s", "last_chance": "c"}
NUMBER_KEYS = "123456789abfgijkmnoruvwxyz"  # no c d e h l p q s t


@dataclass(frozen=True)
class Choice:
    """One action shown to the player: its key, its label and the engine action it sends."""

    key: str
    label: str
    action: Action
    pick: int | None = None
    """A step on this screen, not an action to send: the Water Rodeo swap is chosen in two
    steps (their card, then yours: a hand of 8 against 8 would be 64 lines), and this is the
    card of theirs picked (``UNPICK``: back to that step). ``action`` is a legal action it
    leads to."""


UNPICK = -1


def _fixed_key(action: Action) -> str | None:
    if isinstance(action, DrawFromDeck):
        return FIXED_KEYS["draw"]
    if isinstance(action, EndTurn):
        return FIXED_KEYS["end"]
    if isinstance(action, Call):
        return FIXED_KEYS["stop" if action.kind is CallKind.STOP else "last_chance"]
    return None


def _swap_choices(v: PlayerView, names: Names, picked: int | None) -> list[Choice]:
    """RULES §12.3: first the card of theirs to take (or pass), then the card of yours to give
    (or back); every line leads to a legal action."""
    swaps = [a for a in v.legal_actions if isinstance(a, SwapCard)]
    others = [a for a in v.legal_actions if not isinstance(a, SwapCard)]
    numbered = iter(NUMBER_KEYS)
    result: list[Choice] = []
    seen: set[str] = set()
    chosen = [a for a in swaps if a.take == picked]
    if chosen:
        for a in chosen:
            label = action_label(a, v, names)
            if label not in seen:
                seen.add(label)
                result.append(Choice(next(numbered, ""), label, a))
        result.append(Choice(next(numbered, ""), _("Back: take another of their cards"),
                             chosen[0], pick=UNPICK))
    else:
        for a in swaps:
            label = _("Take {card} (then choose the card you give)").format(
                card=card_name(a.take))
            if label not in seen:
                seen.add(label)
                result.append(Choice(next(numbered, ""), label, a, pick=a.take))
    for other in others:
        if isinstance(other, PassSwap):
            result.append(Choice(next(numbered, ""), action_label(other, v, names), other))
    return result


def choices_for(v: PlayerView, names: Names, picked: int | None = None) -> list[Choice]:
    """Every legal action, labelled and keyed (``picked``: the Water Rodeo card of theirs
    chosen on this screen, see :attr:`Choice.pick`).

    Actions whose labels read the same (two cards of the same kind and colour: the same outcome,
    RULES §3.5) are shown once; the first of them is sent.
    """
    if v.phase is Phase.SWAP and v.legal_actions:
        return _swap_choices(v, names, picked)
    result: list[Choice] = []
    seen: set[str] = set()
    numbered = iter(NUMBER_KEYS)
    ordered = sorted(v.legal_actions, key=lambda a: _fixed_key(a) is not None)
    for action in ordered:
        label = action_label(action, v, names)
        if label in seen:
            continue
        seen.add(label)
        key = _fixed_key(action) or next(numbered, "")
        result.append(Choice(key, label, action))
    return result


class ActionLine(Static):
    """One clickable action."""

    class Chosen(Message):
        """The player clicked an action."""

        def __init__(self, choice: Choice) -> None:
            super().__init__()
            self.choice = choice

    def __init__(self, choice: Choice) -> None:
        super().__init__(self.line_of(choice), classes="action")
        self.choice = choice

    @staticmethod
    def key_of(choice: Choice) -> Text:
        """The key column: `` d `` reversed, then a space."""
        text = Text()
        text.append(f" {choice.key} ", style="bold reverse")
        text.append(" ")
        return text

    @classmethod
    def line_of(cls, choice: Choice) -> Table:
        """The line as drawn: the key, then the label in a column of its own, so that a label
        that wraps goes on under itself, not under the key (a hanging indent)."""
        key = cls.key_of(choice)
        grid = Table.grid()  # (as wide as it needs, no wider: no padding drawn after the label)
        grid.add_column(width=key.cell_len, no_wrap=True)
        grid.add_column()
        grid.add_row(key, Text(choice.label))
        return grid

    @classmethod
    def rows(cls, console: Console, choice: Choice, width: int) -> int:
        """The rows the line takes at ``width`` cells (the label wrapped beside its key):
        what the table's fit counts (client/tui/screens/table_fit.py)."""
        label_width = width - cls.key_of(choice).cell_len
        if label_width <= 0:
            return 1
        return max(1, len(Text(choice.label).wrap(console, label_width)))

    def set_choice(self, choice: Choice) -> None:
        """Reuse this line for another choice (cheaper than a new widget)."""
        if choice != self.choice:
            self.choice = choice
            self.update(self.line_of(choice))

    def on_click(self, event: Click) -> None:
        event.stop()
        self.post_message(self.Chosen(self.choice))


class ActionList(VerticalScroll, can_focus=False):
    """The list of actions; rebuilt only when the choices change."""

    def __init__(self, **kwargs: object) -> None:
        super().__init__(**kwargs)  # type: ignore[arg-type]
        self.choices: list[Choice] = []

    async def show(self, choices: list[Choice]) -> None:
        if choices == self.choices:
            return
        self.choices = choices
        # Lines are reused and hidden rather than removed: mounting restyles, hiding is cheap.
        lines = list(self.query(ActionLine))
        for line, choice in zip(lines, choices, strict=False):
            line.set_choice(choice)
            line.display = True
        for line in lines[len(choices) :]:
            line.display = False
        if len(choices) > len(lines):
            await self.mount_all([ActionLine(c) for c in choices[len(lines) :]])

    def by_key(self, key: str) -> Choice | None:
        """The choice bound to ``key``, if any."""
        for choice in self.choices:
            if choice.key == key:
                return choice
        return None
