"""Numbers a lesson's words quote, read from the engine: the player's breakdown, what a card
would add, how a collector set scores, what the last round gave. Nothing here is a rule: each
figure is the engine's scoring of cards the view shows (or of cards named to ask it).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable

from seasalt.engine import (
    ALL_CARDS,
    CALL_THRESHOLD,
    Color,
    EventKind,
    Kind,
    PlayerView,
    card,
    card_points,
)
from seasalt.engine.cards import BASE_DECK_SIZE, EXTRA_SALT_DECK_SIZE

from .script import Ctx


def opponent(c: Ctx) -> str:
    """The opponent's name (seat 1 in every lesson)."""
    return c.names.raw(1)


def threshold() -> int:
    """The card points a call needs (RULES §3.3)."""
    return CALL_THRESHOLD


def points(c: Ctx) -> int:
    """The player's card points now."""
    return c.view.breakdown.total if c.view.breakdown is not None else 0


def bonus(c: Ctx) -> int:
    """The player's colour bonus now."""
    return c.view.breakdown.color_bonus if c.view.breakdown is not None else 0


def _cards(v: PlayerView) -> list[int]:
    return [*v.hand, *(x for group in v.table for x in group)]


def gain(c: Ctx, card_id: int) -> int:
    """The card points ``card_id`` would add to the player's cards now."""
    v = c.view
    return (card_points([*v.hand, card_id], v.table, v.effects)
            - card_points(v.hand, v.table, v.effects))


def set_points(kind: Kind, counts: Iterable[int]) -> list[int]:
    """What ``n`` cards of a collector ``kind`` score, for each ``n`` of ``counts``."""
    ids = [x.id for x in ALL_CARDS if x.kind is kind]
    return [card_points(ids[:n]) for n in counts]


def per_card(multiplier: Kind, counted: Kind) -> int:
    """What a multiplier adds for each card it counts."""
    m = next(x.id for x in ALL_CARDS if x.kind is multiplier)
    c = next(x.id for x in ALL_CARDS if x.kind is counted)
    return card_points([m, c]) - card_points([c])


def added_cards() -> int:
    """How many cards Extra Salt adds to the deck."""
    return EXTRA_SALT_DECK_SIZE - BASE_DECK_SIZE


def pair_points() -> int:
    """What one pair scores."""
    crabs = [x.id for x in ALL_CARDS if x.kind is Kind.CRAB][:2]
    return card_points(crabs)


def main_colour(c: Ctx) -> tuple[Color, int]:
    """The player's most common colour and how many cards of it (the first in the deck's
    colour order on a tie)."""
    counts = Counter(card(x).color for x in _cards(c.view))
    best = max(counts.values(), default=0)
    colour = next((k for k in Color if counts.get(k) == best), Color.WHITE)
    return colour, best


def last_card(c: Ctx, kind: EventKind) -> int | None:
    """The card of this round's last ``kind`` event of the player's (a steal's loot, the
    fish's card), as the log showed it to the player."""
    for event in reversed(c.view.log):
        if event.kind is kind and event.seat == c.view.seat and event.card is not None:
            return event.card
    return None


def round_score(c: Ctx, seat: int) -> int:
    """What ``seat`` gained in the round that just ended."""
    result = c.view.last_result
    return result.seats[seat].round_score if result is not None else 0


def round_parts(c: Ctx, seat: int) -> tuple[int, int]:
    """``seat``'s card points and colour bonus in the round that just ended."""
    result = c.view.last_result
    b = result.seats[seat].breakdown if result is not None else None
    return (b.total, b.color_bonus) if b is not None else (0, 0)


def starter(c: Ctx) -> int | None:
    """Who started the round under way (its log says)."""
    return next((e.seat for e in c.view.log if e.kind is EventKind.ROUND_STARTED), None)


def kind_of(card_id: int) -> Kind:
    return card(card_id).kind
