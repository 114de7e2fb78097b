"""The event cards at the table (Extra Pepper, RULES §12): the table event, every held event
card and every shielded seat, each with a one-line effect text. What applies to whom comes from
the view (``table_event``, ``held_event``, ``shielded``, ``keep_choice``)."""

from __future__ import annotations

from rich.text import Text
from seasalt.client.event_words import event_effect, event_name
from seasalt.client.i18n import _
from seasalt.client.widgets.cards import Memo, update_text
from seasalt.client.words import Names, card_name
from seasalt.engine import EventCard, PlayerView
from textual.widgets import Static


def _named(event: EventCard) -> Text:
    text = Text(event_name(event), style="bold")
    text.append(" — " + event_effect(event))
    return text


def events_text(v: PlayerView, names: Names) -> Text:
    """The table event, the held cards (one line each), the keep choice and the shields."""
    if not v.rules.extra_pepper:
        return Text()
    lines: list[Text] = []
    if v.table_event is not None:
        line = Text(_("Table event: "), style="bold")
        line.append_text(_named(v.table_event))
        lines.append(line)
    for s in v.seats:
        if s.held_event is not None:
            line = Text(_("{name} holds: ").format(name=names(s.seat)))
            line.append_text(_named(s.held_event))
            lines.append(line)
    if v.keep_choice and v.to_act is not None:
        first, second = v.keep_choice
        lines.append(Text(_("{name} chooses which event card to keep: {a} or {b}.").format(
            name=names(v.to_act), a=event_name(first), b=event_name(second)), style="italic"))
    shielded = [names(s.seat) for s in v.seats if s.shielded]
    if shielded or v.face_down_shell is not None:
        line = Text(_("Shielded (a shell face down): {names}").format(
            names=", ".join(shielded) or "-"))
        if v.face_down_shell is not None:
            line.append(" · " + _("your face-down shell: {card}").format(
                card=card_name(v.face_down_shell)))
        lines.append(line)
    return Text("\n").join(lines)


class EventsPanel(Static):
    """The event cards at the table (hidden without Extra Pepper)."""

    memo: Memo | None = None
    shown: Text | None = None

    def show(self, v: PlayerView, names: Names) -> None:
        if self.memo is None:
            self.memo = Memo()
        self.display = v.rules.extra_pepper
        text = events_text(v, names)
        if self.memo.changed((text.plain, names.names, names.me)):
            self.shown = update_text(self, self.shown, text)


__all__ = ["EventsPanel", "events_text"]
