"""The Extra Salt lesson's words (client/lessons/extra_salt.py says which, when)."""

from __future__ import annotations

from seasalt.client.words.i18n import _
from seasalt.engine import Kind, card_points

from . import facts as f
from .script import Ctx


def title() -> str:
    return _("Extra Salt's cards")


def welcome(c: Ctx) -> str:
    return _("Extra Salt adds {n} cards to the deck, with new pairs and effects. We join a "
             "round under way: it is your turn, against {name}.").format(
                 n=f.added_cards(), name=f.opponent(c))


def take_jellyfish(c: Ctx) -> str:
    return _("{name} left a Jellyfish on pile 1: with a Swimmer it makes a pair. Take "
             "it.").format(name=f.opponent(c))


def take_jellyfish_why(c: Ctx) -> str:
    return _("Take the Jellyfish from pile 1, for your Swimmer.")


def lay_jellyfish(c: Ctx) -> str:
    return _("Swimmer and Jellyfish: lay them down and every opponent is locked: on their next "
             "turn they only take the top card of the deck (no pile, no pairs, no call). Lay "
             "them down.")


def lay_lobster(c: Ctx) -> str:
    return _("The Lobster pairs with a Crab. Laid, it shows you cards from the top of the "
             "deck: you keep one, the others go back and the deck is shuffled. Lay the Crab and "
             "the Lobster down.")


def keep_cast(c: Ctx) -> str:
    cast = next((x for x in c.view.pending if f.kind_of(x) is Kind.CAST_OF_CRABS), None)
    n = f.gain(c, cast) if cast is not None else 0
    return _("You see the top {seen} cards. The Cast of Crabs is a multiplier: {per} point "
             "for each Crab you have (a Lobster is no Crab), so {n} for you now. Keep "
             "it.").format(seen=len(c.view.pending), n=n,
                           per=f.per_card(Kind.CAST_OF_CRABS, Kind.CRAB))


def lay_trio(c: Ctx) -> str:
    starfish = next((x for x in c.view.hand if f.kind_of(x) is Kind.STARFISH), None)
    crabs = [x for x in c.view.hand if f.kind_of(x) is Kind.CRAB][:2]
    trio = card_points([*crabs, starfish]) if starfish is not None else 0
    return _("A Starfish joins a pair as a trio: {n} points, laid or in your hand, but a laid "
             "trio has no effect. Lay your two Crabs with the Starfish.").format(n=trio)


def see_the_lock(c: Ctx) -> str:
    return _("You have {n} card points, enough to call; first, see the lock: end your "
             "turn.").format(n=f.points(c))


def take_seahorse(c: Ctx) -> str:
    one, two = f.set_points(Kind.OCTOPUS, (1, 2))
    return _("{name} was locked: he took the top card of the deck, and that was his turn. The "
             "Seahorse on pile 2 counts as one more card of a collector set you hold: with your "
             "Octopus it scores as 2 Octopuses, {two} instead of {one}. Take it.").format(
                 name=f.opponent(c), one=one, two=two)


def take_seahorse_why(c: Ctx) -> str:
    return _("Take the Seahorse from pile 2: it makes your Octopus a set of two.")


def the_end(c: Ctx) -> str:
    return _("That is Extra Salt: you have {n} card points. Call, or play on against "
             "{name}.").format(n=f.points(c), name=f.opponent(c))
