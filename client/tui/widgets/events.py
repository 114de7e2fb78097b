"""The event cards at the table (Extra Pepper, RULES §12): the table event, every held event
card and every shielded seat, each with a one-line effect text. What applies to whom comes from
the view (``table_event``, ``held_event``, ``shielded``, ``keep_choice``)."""

from __future__ import annotations

from rich.text import Text
from seasalt.client.tui.widgets.cards import Memo, update_text
from seasalt.client.words.event_cards import event_effect, event_name, points_for
from seasalt.client.words.game import Names
from seasalt.client.words.i18n import _, about
from seasalt.engine import EventCard, PlayerView
from textual.widgets import Static


def _named(event: EventCard, v: PlayerView | None = None) -> Text:
    """``The Kraken (you: -3 for octopuses) — each octopus scores 1 point``: the change is the
    engine's figure for the viewer's own points (``Breakdown.events``), when there is one."""
    text = Text(event_name(event), style="bold")
    change = next((c for c in v.breakdown.events if c.event is event), None) if (
        v is not None and v.breakdown is not None) else None
    if change is not None:
        text.append(" (" + _("you: {points} {what}").format(
            points=f"{change.points:+d}", what=points_for(event)).rstrip() + ")", style="bold")
    text.append(" — " + event_effect(event))
    return text


def _held(v: PlayerView, names: Names) -> list[Text]:
    """One piece per held card (``Bob: The Tornado — mermaids score no points``), and the
    keep choice while it is pending (the receiver's cards are shown there)."""
    pieces = []
    # Your own card first: on one cut line (80 columns) it is the one that must show.
    mine_first = sorted(v.seats, key=lambda s: s.seat != v.seat)
    for s in mine_first:
        if s.held_event is not None:
            Y_ = about(s.seat, names.me)
            piece = Text(Y_("{who} holds: ").format(who=names(s.seat)))
            piece.append_text(_named(s.held_event, v if s.seat == v.seat else None))
            pieces.append(piece)
    if v.keep_choice and v.to_act is not None:
        first, second = v.keep_choice
        Y_ = about(v.to_act, names.me)
        pieces.append(Text(Y_("{who} chooses which event card to keep: {a} or {b}.").format(
            who=names(v.to_act), a=event_name(first), b=event_name(second)), style="italic"))
    return pieces


def events_text(v: PlayerView, names: Names, wide: bool = True) -> Text:
    """The table event on the first line, then the held cards, one line each, when ``wide``;
    else everything on one line, which the collapsed layout (80 x 24: not a row to spare)
    ends in an ellipsis where it must (help lists every event in full). Shielded seats are
    marked in their seat boxes (client/tui/widgets/opponents.py)."""
    if not v.rules.extra_pepper:
        return Text()
    lines: list[Text] = []
    if v.table_event is not None:
        line = Text(_("Table event: "), style="bold")
        line.append_text(_named(v.table_event, v))
        lines.append(line)
    lines += _held(v, names)
    return Text("\n" if wide else " · ").join(lines)


def events_rows(v: PlayerView, wide: bool) -> int:
    """The rows the panel takes (the hand's card size leaves them room)."""
    if not v.rules.extra_pepper:
        return 0
    rows = int(v.table_event is not None) + len(_held(v, FALLBACK_NAMES))
    return rows if wide else min(rows, 1)


FALLBACK_NAMES = Names([], None)
WIDE_FROM = 100
"""The width from which the table is laid out wide (client/tui/screens/table.py NARROW_BELOW)."""


class EventsPanel(Static):
    """The event cards at the table (hidden without Extra Pepper); one line each, never
    wrapped (app.tcss: an 80-column line ends in an ellipsis, help has the rest)."""

    # Hidden by class, not by ``display``: the table also hides it when the choices need
    # its row (inline, client/tui/screens/table_fit.py), and gives it back to this rule after.
    DEFAULT_CSS = """
    EventsPanel.-off { display: none; }
    """

    memo: Memo | None = None
    shown: Text | None = None

    def show(self, v: PlayerView, names: Names, wide: bool = True) -> None:
        if self.memo is None:
            self.memo = Memo()
        self.set_class(not v.rules.extra_pepper, "-off")
        text = events_text(v, names, wide)
        if self.memo.changed((text.plain, wide)):
            self.shown = update_text(self, self.shown, text)


__all__ = ["EventsPanel", "events_rows", "events_text"]
