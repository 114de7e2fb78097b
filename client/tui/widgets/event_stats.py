"""Extra Pepper's part of the statistics screen: for the highlighted player, what
became of each event card that came to them and how often its effects played out.

The counts are the server's (server/event_stats.py; docs/protocol.md "PlayerStats": received,
kept, discarded, rounds held and the round points scored in them, then the effects by the log's
event kind). Nothing is counted here: this lays them out and words them.
"""

from __future__ import annotations

from rich.text import Text
from seasalt.client.tui.widgets.fitted_table import Row, fill_table
from seasalt.client.words.event_cards import event_name
from seasalt.client.words.i18n import _, ngettext
from seasalt.engine import EventCard
from seasalt.protocol import DuoCount, EventStats, PlayerStats
from textual.app import ComposeResult
from textual.containers import Vertical
from textual.widgets import DataTable, Static

EFFECT_ORDER = ("swapped", "swap_passed", "pair_stolen", "angelfish_took", "dolphins_drew",
                "shell_face_down")
"""The effects in the order the events' help tells them (the wire sends them by name)."""


def has_pepper(stats: PlayerStats) -> bool:
    """The player has Extra Pepper figures to show (an event card, or an effect)."""
    return bool(stats.events or stats.effects)


def event_label(event: str) -> str:
    """An event card id (``kraken``) by its name (GLOSSARY)."""
    try:
        return event_name(EventCard(event))
    except ValueError:  # an event card this client does not know: show it as sent
        return event


def effect_text(effect: DuoCount) -> str:
    """``3 cards swapped``: one effect's count in words."""
    n = effect.count
    match effect.kind:
        case "swapped":
            words = ngettext("{n} card swapped", "{n} cards swapped", n)
        case "swap_passed":
            words = ngettext("{n} look without a swap", "{n} looks without a swap", n)
        case "pair_stolen":
            words = ngettext("{n} pair stolen", "{n} pairs stolen", n)
        case "angelfish_took":
            words = ngettext("{n} Angelfish take", "{n} Angelfish takes", n)
        case "dolphins_drew":
            words = ngettext("{n} Dolphins draw", "{n} Dolphins draws", n)
        case "shell_face_down":
            words = ngettext("{n} shell laid face down", "{n} shells laid face down", n)
        case _:  # a kind this client does not know: as sent
            return f"{effect.kind} {n}"
    return words.format(n=n)


def effects_text(effects: tuple[DuoCount, ...]) -> str:
    """Every effect on one line (it wraps on a narrow screen), in EFFECT_ORDER."""
    def rank(e: DuoCount) -> tuple[int, str]:
        return (EFFECT_ORDER.index(e.kind) if e.kind in EFFECT_ORDER else len(EFFECT_ORDER),
                e.kind)

    return " · ".join(effect_text(e) for e in sorted(effects, key=rank))


def event_row(e: EventStats) -> tuple[str, ...]:
    return (event_label(e.event), str(e.received), str(e.kept), str(e.discarded), str(e.rounds),
            str(e.points))


class EventStatsPanel(Vertical):
    """One player's event cards: a title, the effects line, then one table row per card.
    Hidden (by the screen) when nobody has Extra Pepper figures; a player without any gets one
    short line and no empty table."""

    DEFAULT_CSS = """
    EventStatsPanel { height: auto; }
    EventStatsPanel #pepper-title { padding: 0 1; background: $boost; }
    EventStatsPanel #pepper-effects { padding: 0 1; }
    /* 12 cards and the header fit 40 rows; at 24 the players keep half (the cards scroll) */
    EventStatsPanel #pepper-events { height: auto; max-height: 40vh; }
    """

    def compose(self) -> ComposeResult:
        yield Static(id="pepper-title")
        yield Static(id="pepper-effects")
        yield DataTable(id="pepper-events", cursor_type="row", zebra_stripes=True)

    @staticmethod
    def labels() -> tuple[str, ...]:
        return (_("Event card"), _("Received"), _("Kept"), _("Discarded"), _("Rounds held"),
                _("Round points"))

    def on_mount(self) -> None:
        table = self.query_one(DataTable)
        fill_table(table, self.labels(), ())
        table.fixed_columns = 1  # the card's name stays while the figures scroll into view

    def show(self, stats: PlayerStats, name: str) -> None:
        title = self.query_one("#pepper-title", Static)
        effects = self.query_one("#pepper-effects", Static)
        table = self.query_one(DataTable)
        fill_table(table, self.labels(), ())
        if not has_pepper(stats):
            title.update(_("{name}: no Extra Pepper event cards.").format(name=name))
            effects.display = table.display = False
            return
        title.update(Text(_("Extra Pepper event cards: {name}").format(name=name), style="bold"))
        effects.update(_("Effects: {effects}").format(effects=effects_text(stats.effects))
                       if stats.effects else _("Effects: none"))
        effects.display = True
        fill_table(table, self.labels(), [Row(event_row(e), key=e.event) for e in stats.events])
        table.display = bool(stats.events)  # effects under the table event, no card held
