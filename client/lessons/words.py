"""The base lesson's words, one function per moment (client/lessons/base.py says which).

Each reads its numbers from the engine (client/lessons/facts.py) at the moment it is drawn and
speaks the player's language; what key to press is added under it by the table
(client/tui/screens/lesson_table.py), from the table's own choices.
"""

from __future__ import annotations

from seasalt.client.words.game import card_name, color_name
from seasalt.client.words.i18n import _
from seasalt.engine import EventKind, Kind

from . import facts as f
from .script import Ctx


def title() -> str:
    return _("Learn to play")


def off_lesson(c: Ctx) -> str:
    """A legal move that is not the lesson's (when its step has no words of its own)."""
    return _("That move is allowed in a game, but this lesson goes another way.")


def bots_turn(c: Ctx) -> str:
    return _("{name} plays his turn: watch the piles and the log.").format(name=f.opponent(c))


def welcome(c: Ctx) -> str:
    return _("Welcome! One round against {name}, one rule at a time. Pairs and sets of cards "
             "score points; rounds follow one another until someone has {target} points. "
             "{name} is at the top, the deck and the two discard piles in the middle, your "
             "cards at the bottom.").format(name=f.opponent(c), target=c.view.rules.target_score)


def draw_two_ways(c: Ctx) -> str:
    return _("Every turn starts with a draw, one of two ways: the top card of a discard pile "
             "(only the tops show: nobody may look through the piles), or two cards from the "
             "deck. Draw from the deck now.")


def keep_one(c: Ctx) -> str:
    one, two, three = f.set_points(Kind.SHELL, (1, 2, 3))
    return _("You keep one card; the other goes face up on a pile, where {name} may take it. "
             "The Shell is a collector: 1 Shell scores {one}, 2 score {two}, 3 score {three}; "
             "collectors are never laid down. Keep the Crab (the Crab on pile 1 makes a pair "
             "with it) and put the Shell on pile 2, not on that Crab.").format(
                 name=f.opponent(c), one=one, two=two, three=three)


def keep_one_why(c: Ctx) -> str:
    return _("Keep the Crab: with the Crab on pile 1 it makes a pair. And put the Shell on "
             "pile 2: on pile 1 it would cover that Crab.")


def end_first_turn(c: Ctx) -> str:
    return _("Nothing to lay down yet: end your turn, and {name} plays his.").format(
        name=f.opponent(c))


def take_the_crab(c: Ctx) -> str:
    return _("{name} drew two cards too and put a Fish on pile 2. The Crab on pile 1 is still "
             "there: take it.").format(name=f.opponent(c))


def take_the_crab_why(c: Ctx) -> str:
    return _("Take the Crab from pile 1: with yours it makes a pair.")


def lay_crabs(c: Ctx) -> str:
    return _("Two Crabs make a pair: {n} point, in your hand or laid on the table. Laying a "
             "pair down makes its effect happen at once. Crabs: you look through a discard "
             "pile and take any card of it. Lay your Crabs down.").format(n=f.pair_points())


def lay_crabs_why(c: Ctx) -> str:
    return _("Lay the Crabs down: a pair's effect comes only when it is laid.")


def dig(c: Ctx) -> str:
    return _("Pile 1 is empty now, so you look through pile 2, and only you see it. The Boat "
             "you covered with the Shell is still in it: take it. The others stay in their "
             "order.")


def dig_why(c: Ctx) -> str:
    return _("Take the Boat: another Boat would make a pair with it.")


def end_after_dig(c: Ctx) -> str:
    return _("Your Crabs stay on the table: a laid pair can never be stolen. End your turn.")


def draw_for_boat(c: Ctx) -> str:
    return _("{name} put a Swimmer on pile 1: a Swimmer and a Shark make a pair. Draw from the "
             "deck this time; the Swimmer can wait.").format(name=f.opponent(c))


def keep_the_boat(c: Ctx) -> str:
    return _("A Boat: with yours it makes a pair. Keep it, and put the Fish on pile 2 (on pile "
             "1 it would hide the Swimmer).")


def keep_the_boat_why(c: Ctx) -> str:
    return _("Keep the Boat for a pair, and put the Fish on pile 2, so the Swimmer stays in "
             "view.")


def lay_boats(c: Ctx) -> str:
    return _("Boats: lay them down and you play another whole turn at once. Lay your Boats "
             "down.")


def lay_boats_why(c: Ctx) -> str:
    return _("Lay the Boats down: they give you another turn right now.")


def extra_turn(c: Ctx) -> str:
    return _("Your extra turn starts with a draw too. Take the Swimmer from pile 1: a Shark "
             "would pair with it.")


def end_extra_turn(c: Ctx) -> str:
    return _("End your turn.")


def take_the_shark(c: Ctx) -> str:
    return _("{name} put a Shark on pile 1: take it, for your Swimmer.").format(
        name=f.opponent(c))


def lay_swimmer_shark(c: Ctx) -> str:
    return _("Swimmer and Shark: lay them down and you steal a card at random from an "
             "opponent's hand (only you and {name} see which). Lay them down.").format(
                 name=f.opponent(c))


def after_steal(c: Ctx) -> str:
    stolen = f.last_card(c, EventKind.ROBBED)
    if stolen is None:
        return end_extra_turn(c)
    return _("You stole {card} from {name}. End your turn.").format(
        card=card_name(stolen), name=f.opponent(c))


def take_the_lighthouse(c: Ctx) -> str:
    lighthouse = next((t for t in (c.view.piles[0].top, c.view.piles[1].top)
                       if t is not None), None)
    n = f.gain(c, lighthouse) if lighthouse is not None else 0
    return _("{name} put the Lighthouse on pile 1. It is a multiplier: {per} point for each "
             "Boat you have, so {n} for you. Take it.").format(
                 name=f.opponent(c), n=n, per=f.per_card(Kind.LIGHTHOUSE, Kind.BOAT))


def card_points_so_far(c: Ctx) -> str:
    return _("You have {n} card points: the line under your hand adds them up. End your "
             "turn.").format(n=f.points(c))


def draw_for_fish(c: Ctx) -> str:
    return _("Your Fish needs another Fish: draw from the deck.")


def keep_the_fish(c: Ctx) -> str:
    return _("A Fish: keep it, and put the Crab on pile 2.")


def lay_fish(c: Ctx) -> str:
    return _("Fish: lay them down and you take the top card of the deck, unseen by {name}. "
             "Lay them down.").format(name=f.opponent(c))


def mermaid(c: Ctx) -> str:
    drawn = f.last_card(c, EventKind.FISH_DREW)
    colour, n = f.main_colour(c)
    head = (_("The Fish gave you {card}.").format(card=card_name(drawn)) + " "
            if drawn is not None else "")
    return head + _("A Mermaid scores as many points as you have cards of your most common "
                    "colour: {n} ({colour}). That count is also your colour bonus, {bonus}, "
                    "which scores only in a LAST CHANCE round.").format(
                        n=n, colour=color_name(colour), bonus=f.bonus(c))


def the_bet(c: Ctx) -> str:
    n, b = f.points(c), f.bonus(c)
    return _("You have {n} card points: with {min} or more you may end the round. STOP ends it "
             "now: you score {n}, {name} his card points. LAST CHANCE is a bet: {name} plays "
             "one last turn; if he then has no more than your {n}, you score {n} + {b} = "
             "{sum} and he only his colour bonus; if he has more, you score only {b}. Bet: "
             "call LAST CHANCE.").format(n=n, b=b, sum=n + b, min=f.threshold(),
                                         name=f.opponent(c))


def the_bet_why(c: Ctx) -> str:
    return _("STOP is a fine call in a game; this lesson shows the bet: call LAST CHANCE.")


def round_over(c: Ctx) -> str:
    return _("{name} played his last turn and showed his hand: the round is over.").format(
        name=f.opponent(c))


def next_round(c: Ctx) -> str:
    mine, theirs = f.round_score(c, 0), f.round_score(c, 1)
    points, bonus = f.round_parts(c, 0)
    return _("You won the bet: {mine} points ({n} + {b}), {name} {theirs} (his colour bonus). "
             "Round {round} is dealt: every card shuffled back, new piles, empty hands. The "
             "player after the one who ended the round starts: {name}. Next, we skip to the end "
             "of this round.").format(mine=mine, n=points, b=bonus, name=f.opponent(c),
                                      theirs=theirs, round=c.view.round)


def last_cards(c: Ctx) -> str:
    return _("Later in round {round}: the deck has only {n} cards left. Draw them.").format(
        n=c.view.deck_size, round=c.view.round)


def keep_any(c: Ctx) -> str:
    return _("Keep the Boat; the other card goes on pile 1.")


def empty_deck(c: Ctx) -> str:
    return _("The deck is empty and nobody has called; you cannot, with {n} card points (you "
             "need {min}). When your turn ends, the round ends and nobody scores. End your "
             "turn.").format(n=f.points(c), min=f.threshold())


def void_round(c: Ctx) -> str:
    return _("The deck ran out with no call: this round scores nothing.")


def the_end(c: Ctx) -> str:
    return _("Round {round}: the player after the one whose turn emptied the deck starts, "
             "{starter}. You know the rules now! Play on against {name} (first to {target} "
             "wins), or leave: the start menu has lessons for Extra Salt and Extra Pepper "
             "too.").format(round=c.view.round, starter=c.names(f.starter(c)),
                            name=f.opponent(c), target=c.view.rules.target_score)
