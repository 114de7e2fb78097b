"""The LAST CHANCE line under the status line: who called it with how many card points (the
caller's hand is public, RULES §6.2, §6.5; a stand-in's call is named as its), whose final
turn it is and who still has one.
Everything comes from the view (``caller``, ``final_turns``,
``SeatView.revealed_points``); nothing is scored here."""

from __future__ import annotations

from rich.text import Text
from seasalt.client.net.stand_in_events import StandInEvent
from seasalt.client.tui.widgets.cards import update_text
from seasalt.client.words.game import Names
from seasalt.client.words.i18n import _, about
from seasalt.engine import CallKind, EventKind, Phase, PlayerView
from textual.widgets import Static


def call_status_text(v: PlayerView, names: Names) -> Text | None:
    """The line, or None when no LAST CHANCE is running."""
    if v.call is not CallKind.LAST_CHANCE or v.caller is None or v.is_over:
        return None
    if v.phase is Phase.KEEP_EVENT_CARD:
        # Between rounds (Extra Pepper's keep choice): that round is scored, its call is over
        # (the banner stood over "Between rounds: you now hold two event cards").
        return None
    caller = v.caller
    points = v.seats[caller].revealed_points
    called = next((e for e in reversed(v.log)
                   if e.kind is EventKind.CALLED and e.seat == caller), None)
    if isinstance(called, StandInEvent):  # "Your stand-in (bot) called it", not "You called it"
        names = names.for_stand_in(caller)
    Y_ = about(caller, names.me)
    text = Text()
    text.append(" " + _("LAST CHANCE") + " ", style="bold reverse")
    text.append(" ")
    if points is not None:
        text.append(Y_("{who} called it with {n} card points").format(
            who=names(caller), n=points), style="bold")
    else:  # a view always carries a revealed caller's points; kept safe all the same
        text.append(Y_("{who} called it").format(who=names(caller)), style="bold")
    turns = v.final_turns
    if turns:
        now, later = turns[0], turns[1:]
        text.append(" · ")
        if now == names.me:
            text.append(_("your final turn now"), style="bold")
        else:
            text.append(_("final turn now: {name}").format(name=names.obj(now)))
        if later:
            text.append(" · ")
            text.append(_("still to play: {names}").format(
                names=", ".join(names.obj(s) for s in later)))
    # Your own revealed hand is marked on the hand itself (HandPanel): one line here at 80
    # columns is worth more than saying it twice.
    return text


class CallStatus(Static):
    """Shown only while a LAST CHANCE runs."""

    DEFAULT_CSS = """
    CallStatus { height: auto; padding: 0 1; background: $warning 25%; display: none; }
    CallStatus.-calling { display: block; }
    .table-screen.-tiny CallStatus.-calling, .table-screen.-short CallStatus.-calling {
        display: none;
    }
    """

    shown: Text | None = None

    def show(self, v: PlayerView, names: Names) -> None:
        text = call_status_text(v, names)
        self.set_class(text is not None, "-calling")
        if text is not None:
            self.shown = update_text(self, self.shown, text)
