"""Extra Pepper's event cards in words: names (GLOSSARY.md), one-line effects, help entries,
and what an effect changed in the points (the engine's ``Breakdown.events``, worded).

Nothing here decides a rule (RULES §12 lives in engine/): it only words what the view says.
"""

from __future__ import annotations

import functools

from seasalt.client.words.i18n import _, current
from seasalt.client.words.scoring_terms import collectors_term, mermaids_term, pairs_term
from seasalt.engine import EventCard, EventPoints, Keeper


def event_name(event: EventCard) -> str:
    """The event card's name (GLOSSARY)."""
    return _event_names(current())[event]


@functools.lru_cache(maxsize=8)
def _event_names(_language: object) -> dict[EventCard, str]:
    return {
        EventCard.HERMIT_CRAB: _("The Hermit Crab"),
        EventCard.SUNFISH: _("The Sunfish"),
        EventCard.WATER_RODEO: _("The Water Rodeo"),
        EventCard.DANCE_OF_THE_SHELLS: _("The Dance of the Shells"),
        EventCard.KRAKEN: _("The Kraken"),
        EventCard.TORNADO: _("The Tornado"),
        EventCard.DANCE_OF_THE_MERMAIDS: _("The Dance of the Mermaids"),
        EventCard.TREASURE_CHEST: _("The Treasure Chest"),
        EventCard.DIODON_FISH: _("The Diodon Fish"),
        EventCard.ANGELFISH: _("The Angelfish"),
        EventCard.DOLPHINS: _("The Dolphins"),
        EventCard.CORAL_REEF: _("The Coral Reef"),
    }


def event_effect(event: EventCard) -> str:
    """What the event does, in one line (RULES §12.1-§12.12)."""
    return _event_effects(current())[event]


@functools.lru_cache(maxsize=8)
def _event_effects(_language: object) -> dict[EventCard, str]:
    return {
        EventCard.HERMIT_CRAB: _("a crab pair takes any card from each discard pile"),
        EventCard.SUNFISH: _("a fish pair draws the top 2 deck cards"),
        EventCard.WATER_RODEO: _("two swimmers pair (look at a hand, swap a card) and two "
                                 "sharks pair (steal a laid pair)"),
        EventCard.DANCE_OF_THE_SHELLS: _("each shell scores 2 points"),
        EventCard.KRAKEN: _("each octopus scores 1 point"),
        EventCard.TORNADO: _("mermaids score no points"),
        EventCard.DANCE_OF_THE_MERMAIDS: _("3 mermaids win the game"),
        EventCard.TREASURE_CHEST: _("a call needs 10 card points"),
        EventCard.DIODON_FISH: _("no STOP: only LAST CHANCE"),
        EventCard.ANGELFISH: _("after the draw, if both discard tops share a colour, take one"),
        EventCard.DOLPHINS: _("discarding a collector or the seahorse from a draw of two "
                              "draws the top deck card"),
        EventCard.CORAL_REEF: _("lay a shell face down: no steal, swap or lock this round"),
    }


def event_help(event: EventCard) -> str:
    """The help screen's entry: what the event does in full, and who keeps it."""
    return _event_helps(current())[event]


@functools.lru_cache(maxsize=8)
def _event_helps(_language: object) -> dict[EventCard, str]:
    return {
        EventCard.HERMIT_CRAB: _(
            "Crab + crab: look through discard pile 1 and take any card, then pile 2 the same "
            "way (both takes are yours to choose, nobody else sees which)."),
        EventCard.SUNFISH: _(
            "Fish + fish: the top two deck cards go into your hand instead of one."),
        EventCard.WATER_RODEO: _(
            "Swimmer + swimmer and shark + shark are pairs (1 point, in hand too). Two "
            "swimmers: look at an opponent's hand, then swap one of your cards for one of "
            "theirs, or pass. Two sharks: take one laid pair of an opponent onto your table "
            "(its effect does not happen)."),
        EventCard.DANCE_OF_THE_SHELLS: _(
            "Each shell scores 2 points: 1 to 6 shells score 2, 4, 6, 8, 10, 12."),
        EventCard.KRAKEN: _(
            "Each octopus scores 1 point: 1 to 5 octopuses score 1 to 5 (instead of 0, 3, 6, "
            "9, 12)."),
        EventCard.TORNADO: _(
            "Mermaids score no card points (they still count for the colour bonus, and four "
            "still win)."),
        EventCard.DANCE_OF_THE_MERMAIDS: _(
            "Holding 3 mermaids wins the game at once (instead of 4)."),
        EventCard.TREASURE_CHEST: _(
            "You may call STOP or LAST CHANCE only with 10 card points or more (instead of 7)."),
        EventCard.DIODON_FISH: _(
            "You may not call STOP; LAST CHANCE stays open at the usual threshold."),
        EventCard.ANGELFISH: _(
            "When your draw is done and both discard tops have the same colour, you take one "
            "of them into your hand (you choose which)."),
        EventCard.DOLPHINS: _(
            "When the card you discard from a draw of two is a collector (shell, octopus, "
            "penguin, sailor) or the seahorse, you also take the top deck card."),
        EventCard.CORAL_REEF: _(
            "Once a round, in your play step, you may lay a shell from your hand face down: it "
            "scores nothing and only you know which it is; until the round ends nobody can rob "
            "you, swap with you or steal your pairs, and no jellyfish locks you."),
    }


def keeper_name(event: EventCard) -> str:
    """Who keeps the event after the round (RULES §12.0 "Keeper")."""
    if event.keeper is Keeper.LEADER:
        return _("the leader")
    return _("the trailer")


def points_for(event: EventCard) -> str:
    """What a scoring event changes the points of, for "The Kraken: -3 for octopuses"."""
    words = {
        EventCard.WATER_RODEO: _("for pairs in hand"),
        EventCard.DANCE_OF_THE_SHELLS: _("for shells"),
        EventCard.KRAKEN: _("for octopuses"),
        EventCard.TORNADO: _("for mermaids"),
    }
    return words.get(event, "")


def points_part(event: EventCard) -> str:
    """The part of the card points a scoring event's change is counted in, in the breakdown's
    words: shells and octopuses are collectors (RULES §12.4, §12.5), a Water Rodeo pair a
    pair, a mermaid a mermaid."""
    parts = {
        EventCard.WATER_RODEO: pairs_term,
        EventCard.DANCE_OF_THE_SHELLS: collectors_term,
        EventCard.KRAKEN: collectors_term,
        EventCard.TORNADO: mermaids_term,
    }
    term = parts.get(event)
    return term() if term is not None else ""


def event_points_part_text(change: EventPoints) -> str:
    """``The Dance of the Shells: +2 for shells, in the collectors`` (a line of its own under
    a breakdown: after the last part it read as that part's)."""
    part = points_part(change.event)
    if not part:
        return event_points_text(change)
    return _("{change}, in the {part}").format(change=event_points_text(change), part=part)


def event_points_text(change: EventPoints) -> str:
    """``The Kraken: -3 for octopuses`` (the engine's figure, worded)."""
    return _("{event}: {points} {what}").format(
        event=event_name(change.event), points=f"{change.points:+d}", what=points_for(change.event)
    ).rstrip()


def event_points_line(changes: tuple[EventPoints, ...]) -> str:
    """Every change of a breakdown on one line, ``; ``-separated (empty: none)."""
    return "; ".join(event_points_text(c) for c in changes)


__all__ = [
    "event_effect", "event_help", "event_name", "event_points_line", "event_points_part_text",
    "event_points_text",
    "keeper_name", "points_for",
]
