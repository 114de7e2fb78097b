"""The Extra Pepper lesson's words (client/lessons/extra_pepper.py says which, when). Event
cards are named and explained in the table's own words (client/words/event_cards.py)."""

from __future__ import annotations

from seasalt.client.words.event_cards import event_effect, event_name
from seasalt.client.words.i18n import _
from seasalt.engine import EventCard, Keeper, Kind

from . import facts as f
from .script import Ctx


def _event(event: EventCard | None) -> str:
    if event is None:
        return "-"
    return _("{event} ({effect})").format(event=event_name(event), effect=event_effect(event))


def _held(c: Ctx, seat: int) -> EventCard | None:
    return c.view.seats[seat].held_event


def title() -> str:
    return _("Extra Pepper's events")


def welcome(c: Ctx) -> str:
    return _("Extra Pepper: every round one event card lies face up, the table event, and "
             "applies to everyone. This round: {event}. The events line under the piles "
             "names it; help (?) lists them all.").format(event=_event(c.view.table_event))


def held_events(c: Ctx) -> str:
    return _("At the end of a round the table event goes to the leader if its trophy shows + "
             "(a handicap), or to the trailer if it shows - (a help), and then applies to that "
             "player only. You trail and hold {yours}; {name} leads and holds {theirs}.").format(
                 yours=_event(_held(c, 0)), name=f.opponent(c), theirs=_event(_held(c, 1)))


def draw(c: Ctx) -> str:
    return _("Draw from the deck.")


def keep_fish(c: Ctx) -> str:
    return _("Keep the Fish, and put the Shell on pile 2: then both tops are yellow, and "
             "{event}, which you hold, acts.").format(event=event_name(EventCard.ANGELFISH))


def keep_fish_why(c: Ctx) -> str:
    return _("Keep the Fish for a pair, and put the Shell on pile 2, next to the yellow "
             "Octopus.")


def angelfish(c: Ctx) -> str:
    one, two = f.set_points(Kind.OCTOPUS, (1, 2))
    return _("{event}: the two tops share a colour, so you take one of them as well. Take "
             "the Octopus: 2 Octopuses score {two}, one scores {one}.").format(
                 event=event_name(EventCard.ANGELFISH), one=one, two=two)


def angelfish_why(c: Ctx) -> str:
    return _("Take the Octopus from pile 1: it makes a set with yours.")


def sunfish(c: Ctx) -> str:
    return _("The table event, {event}, holds for you too: lay your Fish down.").format(
        event=_event(c.view.table_event))


def call_stop(c: Ctx) -> str:
    return _("You have {n} card points: you may call. {name} holds {event}: he may not call "
             "below that. Call STOP.").format(
                 n=f.points(c), name=f.opponent(c), event=_event(_held(c, 1)))


def call_stop_why(c: Ctx) -> str:
    return _("This lesson ends the round at once: call STOP.")


def round_over(c: Ctx) -> str:
    return _("The round is over.")


def keep_one(c: Ctx) -> str:
    table = c.view.keep_choice[-1] if c.view.keep_choice else None
    leader = table is not None and table.keeper is Keeper.LEADER
    who = _("the leader") if leader else _("the trailer")
    return _("You still trail, so {event} came to you ({who} keeps it). A player holds one "
             "event card at most: keep {event} (the other choice is {other}, which you "
             "held).").format(
                 event=event_name(table) if table else "-", who=who,
                 other=event_name(EventCard.ANGELFISH))


def keep_one_why(c: Ctx) -> str:
    return _("Either is fine in a game; this lesson keeps {event}.").format(
        event=event_name(EventCard.SUNFISH))


def the_end(c: Ctx) -> str:
    return _("Round {round}: the new table event is {event}. That is Extra Pepper! Play on "
             "against {name} if you like.").format(
                 round=c.view.round, event=_event(c.view.table_event), name=f.opponent(c))
