"""The help screen: card reference, scoring tables, colour legend and keys."""

from __future__ import annotations

import re
from collections import Counter

from rich.console import Group
from rich.table import Table
from rich.text import Text
from seasalt.client.tui.auto_end import AUTO_END_DELAY
from seasalt.client.tui.widgets.actions import NUMBER_KEYS
from seasalt.client.tui.widgets.cards import chip
from seasalt.client.tui.widgets.wrap import NBSP
from seasalt.client.words.coach import figures_help
from seasalt.client.words.coach import help_line as coach_help_line
from seasalt.client.words.event_cards import event_help, event_name, keeper_name
from seasalt.client.words.game import color_name, kind_name
from seasalt.client.words.i18n import _
from seasalt.client.words.scoring_terms import role_name
from seasalt.engine import ALL_CARDS, Color, EventCard, Kind, build_deck, point_role
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Button, Static


def _card_reference() -> Table:
    table = Table(title=_("Cards"), title_justify="left", expand=True, show_lines=False)
    table.add_column(_("Card"), no_wrap=True)
    table.add_column(_("Scores as"), no_wrap=True)
    table.add_column(_("What it does"))
    rows = [
        (Kind.CRAB, _("Pair (crab + crab): look through a discard pile, take any card.")),
        (Kind.BOAT, _("Pair (boat + boat): take another turn at once.")),
        (Kind.FISH, _("Pair (fish + fish): draw the top card of the deck.")),
        (Kind.SWIMMER, _("Pair with a shark (or a jellyfish): see Shark / Jellyfish.")),
        (Kind.SHARK, _("Pair (swimmer + shark): steal a random card from an opponent's hand.")),
        (Kind.SHELL, _("Collector: 0/2/4/6/8/10 points for 1-6 shells.")),
        (Kind.OCTOPUS, _("Collector: 0/3/6/9/12 points for 1-5 octopuses.")),
        (Kind.PENGUIN, _("Collector: 1/3/5 points for 1-3 penguins.")),
        (Kind.SAILOR, _("Collector: 0/5 points for 1-2 sailors.")),
        (Kind.LIGHTHOUSE, _("+1 point per boat.")),
        (Kind.SHOAL_OF_FISH, _("+1 point per fish.")),
        (Kind.PENGUIN_COLONY, _("+2 points per penguin.")),
        (Kind.CAPTAIN, _("+3 points per sailor.")),
        (Kind.MERMAID, _("1 point per card of your most common colour, the next mermaid the "
                         "next colour... Four mermaids win the game at once.")),
        (Kind.JELLYFISH, _("Extra Salt. Pair with a swimmer: on their next turn the others may "
                           "only take the top card of the deck.")),
        (Kind.LOBSTER, _("Extra Salt. Pair with a crab: look at the top 5 deck cards, keep 1, "
                         "shuffle the rest back.")),
        (Kind.CAST_OF_CRABS, _("Extra Salt. +1 point per crab.")),
        (Kind.STARFISH, _("Extra Salt. Added to a pair: a trio worth 3 points, no effect.")),
        (Kind.SEAHORSE, _("Extra Salt. Counts as one more card of a collector set you have.")),
    ]
    for kind, what in rows:
        # The role is the word on the card's face (from the engine), in the same vocabulary.
        table.add_row(Text(kind_name(kind), style="bold"),
                      Text(role_name(point_role(kind)), style="italic"), Text(what))
    return table


def bullets(lines: list[str]) -> Table:
    """Bullet lines that wrap with a hanging indent: ``• text`` and, indented, ``  text``
    (a continuation of the bullet above) — the text column wraps, the marks stay left."""
    grid = Table.grid(padding=(0, 1, 0, 0), expand=True)
    grid.add_column(no_wrap=True)  # the bullet, or the sub-item's indented mark
    grid.add_column(ratio=1)
    for line in lines:
        if line.startswith("• "):
            grid.add_row("•", Text(line[2:]))
        elif line.startswith("  "):
            grid.add_row("  ◦", Text(line.strip()))
        else:
            grid.add_row("", Text(line))
    return grid


def _scoring() -> Group:
    title = Text(_("Scoring"), style="bold underline")
    return Group(title, bullets([
        _("• Each pair is worth 1 point, on the table or in your hand."),
        _("• Card points = pairs + collectors + multipliers + mermaids (+ starfish)."),
        _("• Colour bonus = the number of cards of your most common colour."),
        _("• With 7+ card points you may end the round:"),
        _("  STOP — everyone scores their card points; no colour bonus."),
        _("  LAST CHANCE — the others play one more turn. If you still have the most points "
          "(ties are yours) you score card points + colour bonus and they score only their "
          "colour bonus. Otherwise you score only your colour bonus and they score their card "
          "points."),
        _("• The deck runs out with no call: the round is void (nobody scores)."),
        _("• The game ends when someone reaches the target (40 / 35 / 30 for 2 / 3 / 4 "
          "players), or holds all four mermaids."),
    ]))


def _events() -> Group:
    """Extra Pepper (a table option): how event cards go round, and one entry per event."""
    title = Text(_("Extra Pepper: event cards"), style="bold underline")
    intro = bullets([
        _("• A table option. Each round one event card lies face up: its effect applies to "
          "everyone that round."),
        _("• After the round it goes to the leader (the one player with the most points) or "
          "the trailer (the one with the fewest), as the card says; with a tie there, it is "
          "discarded. Its holder keeps the effect for themselves while they stay leader or "
          "trailer. Receiving a second card: keep one of the two."),
        _("• The table shows the table event and every held card; your points line and the "
          "round result say what an event changed (\"The Kraken: -3 for octopuses\")."),
    ])
    table = Table(expand=True, show_lines=False, box=None, padding=(0, 1, 0, 0))
    table.add_column(_("Event card"), no_wrap=True)
    table.add_column(_("Kept by"), no_wrap=True)
    table.add_column(_("What it does"))
    for event in EventCard:
        table.add_row(Text(event_name(event), style="bold"), Text(keeper_name(event)),
                      Text(event_help(event)))
    return Group(title, intro, table)


def _coach_figures() -> Group:
    """What the coach's "expected points" and "% to win" mean (client/words/coach.py)."""
    return Group(Text(_("The coach's figures"), style="bold underline"), Text(figures_help()))


def _clocks() -> Group:
    """The turn timer (a table option) and auto end turn (a setting of the player's)."""
    title = Text(_("Clocks"), style="bold underline")
    return Group(title, bullets([
        _("• Turn timer: a table option, chosen when the table is made in the lobby (off, or "
          "seconds per turn). Everyone sees the time left count down. When it runs out, a bot "
          "plays that turn for the player and the log says so; the player keeps the seat."),
        _("• Auto end turn: your own setting (the start menu, or the command palette: "
          "Ctrl+P). When ending your turn is the only choice, it ends by itself after a "
          "{n}-second countdown; any key stops it for that turn.").format(
            n=f"{AUTO_END_DELAY:g}"),
        _("• A player who goes silent: everyone sees how long until a bot takes the seat. "
          "After a round, the result says how long until the next round starts; it starts "
          "sooner once everyone continues."),
    ]))


def _colour_legend() -> Text:
    counts = Counter(c.color for c in build_deck(extra_salt=False))
    extra = Counter(c.color for c in ALL_CARDS)
    sample = {c.color: c.id for c in reversed(ALL_CARDS)}
    text = Text()
    text.append(_("Colours (cards in the deck; with Extra Salt)"), style="bold underline")
    for color in Color:
        text.append("\n")
        text.append_text(chip(sample[color]))
        text.append(f"  {color_name(color)}: {counts[color]} ({extra[color]})")
    return text


_LABEL = re.compile(r"^\S+[\u00a0\u202f ]?: ")
"""A sentence's label before its first key ("Lobby: ", French "Tables : ")."""


def tie_keys(line: str) -> str:
    """A "key what-it-does · key …" line with each key tied to the word after it, so that a
    wrapped line never ends on a key alone (at 80 columns: "· ?" / "help", "· h" /
    "history"), "n or p" kept whole with its first word (it split as "n or" / "p one round"),
    and the arrow and page keys kept in pairs."""
    items = []
    for item in line.split(" · "):
        label = _LABEL.match(item)
        head, rest = (item[:label.end()], item[label.end():]) if label else ("", item)
        words = rest.split(" ")
        tied = 4 if len(words) > 3 and words[1] == _("or") else 2
        items.append(head + NBSP.join(words[:tied]) + "".join(" " + w for w in words[tied:]))
    return _pairs(" · ".join(items))


_PAGE_KEYS = ("PgUp PgDn", "RePág AvPág")
"""The page keys as the help's languages name them (Spanish keyboards: RePág, AvPág)."""


def _pairs(text: str) -> str:
    text = text.replace("↑ ↓", f"↑{NBSP}↓")
    for keys in _PAGE_KEYS:
        text = text.replace(keys, keys.replace(" ", NBSP))
    return text


def _keys() -> Text:
    text = Text()
    text.append(_("Keys"), style="bold underline")
    text.append("\n")
    text.append(tie_keys(
        _("d draw · 1-9 the numbered choices (past 9 they go on with letters: {letters}…) · "
          "s STOP · c LAST CHANCE (each asks once more: press the key again, or Esc) · "
          "e end turn · h scores · l log/chat panel · t chat · ? help · q quit. Every action "
          "can also be clicked.").format(letters=", ".join(NUMBER_KEYS[9:13]))
    ))
    text.append("\n" + coach_help_line())  # client/words/coach.py
    text.append("\n" + _pairs(_("A prompt too long for the rows under your choices shows part "
                                 "of its lines and says which: ↑ ↓ (or PgUp PgDn, or the mouse "
                                 "wheel) read the rest.")))
    text.append("\n")
    # Three sentences, each its own list of keys.
    text.append(". ".join(tie_keys(sentence) for sentence in _(
        "Lobby: n new table · j or Enter join · w watch · r refresh · h history. "
        "History: Enter watch replay · e export · s statistics · v expert review · F5 "
        "refresh · Esc back. "
        "Replay: → or ← one move · n or p one round · Home or End first or last move · "
        "Esc close.").split(". ")))
    text.append("\n" + ". ".join(tie_keys(sentence) for sentence in _(
        "Game over: v expert review. Expert review: Enter shows the move in the replay · "
        "Esc back."
    ).split(". ")))
    return text


class HelpScreen(ModalScreen[None]):
    """Everything a new player needs, one key away."""

    BINDINGS = [
        Binding("escape,q,question_mark,f1", "dismiss", _("Close")),
    ]

    def __init__(self, join_hint: str = "") -> None:
        super().__init__()
        self.join_hint = join_hint
        """How friends join this server (empty: not on a LAN server)."""

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="help-body"):
            # How to close it, at the top too: the last line is pages down, and the help has
            # no footer (a player looked for the way out at 80 x 24).
            title = Text(_("Sea Salt & Paper — help"), style="bold")
            title.append("   " + _("Press Esc to go back."), style="italic")
            yield Static(title, id="help-title")
            if self.join_hint:
                yield Static(Text(self.join_hint, style="bold green"), id="help-join")
            yield Static(_keys())
            yield Static(_scoring())
            yield Static(_card_reference())
            yield Static(_events(), id="help-events")
            yield Static(_clocks())
            yield Static(_coach_figures())
            yield Static(_colour_legend())
            yield Static(Text(_("Press Esc to go back."), style="italic"))
        # A phone's keyboard has no Esc: a button to tap, under the box (phone.tcss shows it
        # under 80 columns).
        yield Button(_("Back (Esc)"), id="help-close", variant="primary")

    @on(Button.Pressed, "#help-close")
    def on_close(self) -> None:
        self.dismiss(None)

    def action_dismiss(self) -> None:  # type: ignore[override]
        self.dismiss(None)
