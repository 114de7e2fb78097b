"""One vocabulary for scoring: the words the hand line, the result table and help all use.

Every screen that names a part of the card points takes the word from here, so "collectors" on
the hand line is "collectors" in the result table and in help, in every language.
"""

from __future__ import annotations

from seasalt.client.words.i18n import _
from seasalt.engine import Breakdown, ComboKind, PointRole


def role_name(role: PointRole) -> str:
    """How a card scores, as its face says it."""
    names = {
        PointRole.PAIR: _("pair"),
        PointRole.COLLECTOR: _("collector"),
        PointRole.MULTIPLIER: _("multiplier"),
        PointRole.MERMAID: _("mermaid"),
        PointRole.SPECIAL: _("special"),
    }
    return names[role]


def combo_name(kind: ComboKind) -> str:
    """A scoring group of the hand: ``pair``, ``trio`` or ``collector`` (a set that scores)."""
    names = {
        ComboKind.PAIR: _("pair"),
        ComboKind.TRIO: _("trio"),
        ComboKind.SET: _("collector"),
    }
    return names[kind]


def pairs_term() -> str:
    return _("pairs")


def starfish_term() -> str:
    return _("starfish")


def collectors_term() -> str:
    return _("collectors")


def multipliers_term() -> str:
    return _("multipliers")


def mermaids_term() -> str:
    return _("mermaids")


def card_points_term() -> str:
    return _("card points")


def colour_bonus_term() -> str:
    return _("colour bonus")


def breakdown_parts(b: Breakdown) -> list[tuple[str, int]]:
    """The parts of the card points in a fixed order, each with its term (zeros included)."""
    return [
        (pairs_term(), b.pairs_on_table + b.pairs_in_hand),
        (starfish_term(), b.starfish),
        (collectors_term(), b.collectors),
        (multipliers_term(), b.multipliers),
        (mermaids_term(), b.mermaids),
    ]
