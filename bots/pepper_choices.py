"""Extra Pepper's decisions (RULES §12) for the basic and greedy levels.

Each function weighs the options the view lists with a hand valuation handed in by the level
(``value(hand, table)``: the level's card points under the seat's own effects, plus what it adds
for half-made sets), and with the engine's ``card_points`` under the other seats' effects for
what an opponent loses. Nothing here decides what is legal: the view's ``legal_actions`` does.

* the hand-out (§12.0 step 5): keep the event card worth more to us next round;
* the Angelfish take (§12.10): the top that adds more;
* the Water Rodeo (§12.3): look at the hand there is most to gain from, swap only for a gain,
  steal the laid pair worth most; what its two new pairs are worth when laid;
* the Coral Reef (§12.12): lay the shell that costs least face down, when the shield is worth it.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from functools import lru_cache

from seasalt.engine import (
    DOLPHIN_KINDS,
    Action,
    EventCard,
    KeepEventCard,
    Kind,
    LookAtHand,
    PassSwap,
    Phase,
    PlaceShellFaceDown,
    PlayerView,
    StealPair,
    SwapCard,
    TakeAngelfishCard,
    build_deck,
    card_points,
    mermaids_to_win,
    seat_effects,
)

Value = Callable[[Sequence[int], Sequence[Sequence[int]]], float]
"""A level's value of (hand, table) for the seat deciding, under its own effects."""

_KIND = tuple(c.kind for c in build_deck(extra_salt=True))

DENY = 0.6
"""Weight of a card point an opponent loses, against one we gain."""

_EVENT_PLAY: dict[EventCard, float] = {
    EventCard.HERMIT_CRAB: 0.8,
    EventCard.SUNFISH: 0.6,
    EventCard.WATER_RODEO: 0.8,
    EventCard.DANCE_OF_THE_SHELLS: 0.4,  # players gather shells: more than random hands hold
    EventCard.KRAKEN: -0.6,  # and octopuses, whose sets it cuts
    EventCard.DANCE_OF_THE_MERMAIDS: 1.5,
    EventCard.TREASURE_CHEST: -2.0,
    EventCard.DIODON_FISH: -1.2,
    EventCard.ANGELFISH: 0.7,
    EventCard.DOLPHINS: 1.0,
    EventCard.CORAL_REEF: 0.6,
}
"""What an event card is worth to its holder in a round through play (extra cards, effects,
calls it forbids), in card points: a judgement, not a rule. What it does to card points is
measured with the engine's scoring instead (:func:`_scoring_worth`)."""

_SAMPLE_HANDS = 60
_HAND_SIZE = 8


@lru_cache(maxsize=64)
def _scoring_worth(extra_salt: bool, table_event: EventCard | None, card: EventCard) -> float:
    """Mean card points ``card`` adds (or takes) on seeded random hands, with the table event."""
    deck = [c.id for c in build_deck(extra_salt)]
    rng = random.Random(12)
    base = () if table_event is None else (table_event,)
    with_card = tuple(e for e in EventCard if e in (*base, card))
    total = 0
    for _ in range(_SAMPLE_HANDS):
        hand = sorted(rng.sample(deck, _HAND_SIZE))
        total += card_points(hand, (), with_card) - card_points(hand, (), base)
    return total / _SAMPLE_HANDS


def event_worth(view: PlayerView, card: EventCard) -> float:
    """What holding ``card`` next round is worth to us (negative for the "+" handicaps)."""
    scoring = _scoring_worth(view.rules.extra_salt, view.table_event, card)
    return scoring + _EVENT_PLAY.get(card, 0.0)


def keep_event(view: PlayerView) -> Action:
    """RULES §12.0 step 5: of two cards of one keeper, the better advantage or the lighter
    handicap (the new table event is known and counted)."""
    keeps = [a for a in view.legal_actions if isinstance(a, KeepEventCard)]
    return max(keeps, key=lambda a: (event_worth(view, a.event), -list(EventCard).index(a.event)))


def _without(cards: Sequence[int], gone: Sequence[int]) -> list[int]:
    rest = list(cards)
    for c in gone:
        rest.remove(c)
    return rest


def angelfish_take(view: PlayerView, value: Value) -> Action:
    """RULES §12.10: the matching top that adds more to our hand."""
    base = value(view.hand, view.table)

    def gain(a: TakeAngelfishCard) -> tuple[float, int]:
        top = view.piles[a.pile].top
        return (-1e9 if top is None else value((*view.hand, top), view.table) - base), -a.pile

    return max((a for a in view.legal_actions if isinstance(a, TakeAngelfishCard)), key=gain)


def look_at_hand(view: PlayerView) -> Action:
    """RULES §12.3 step 1: the biggest hand (most to choose from), then the highest total."""
    def score(a: LookAtHand) -> tuple[int, int, int]:
        s = view.seats[a.seat]
        return s.hand_size, s.score, -a.seat

    return max((a for a in view.legal_actions if isinstance(a, LookAtHand)), key=score)


def _their_points(view: PlayerView, seat: int, hand: Sequence[int],
                  table: Sequence[Sequence[int]]) -> int:
    return card_points(hand, table, seat_effects(view, seat))


def swap_or_pass(view: PlayerView, value: Value) -> Action:
    """RULES §12.3 step 3: the swap that gains most (our value up, plus a share of what the
    target loses), or pass when none gains."""
    target = view.swap_target
    theirs = view.pending
    base = value(view.hand, view.table)
    best: Action = next(a for a in view.legal_actions if isinstance(a, PassSwap))
    if target is None:
        return best
    their_table = view.seats[target].table
    their_base = _their_points(view, target, theirs, their_table)
    best_gain = 1e-6  # a swap must gain something: the pass also keeps our hand secret
    for a in view.legal_actions:
        if not isinstance(a, SwapCard):
            continue
        mine = value((*_without(view.hand, (a.give,)), a.take), view.table) - base
        after = (*_without(theirs, (a.take,)), a.give)
        loss = their_base - _their_points(view, target, after, their_table)
        gain = mine + DENY * loss
        if gain > best_gain:
            best, best_gain = a, gain
    return best


def steal_pair(view: PlayerView, value: Value) -> Action:
    """RULES §12.3 shark + shark: the laid pair worth most to us and to its owner."""
    base = value(view.hand, view.table)

    def score(a: StealPair) -> float:
        mine = value(view.hand, (*view.table, a.cards)) - base
        for s in view.seats:
            if a.cards in s.table:
                rest = [g for g in s.table if g != a.cards]
                hand = s.revealed_hand or ()
                loss = _their_points(view, s.seat, hand, s.table)
                return mine + DENY * (loss - _their_points(view, s.seat, hand, rest))
        return mine

    return max((a for a in view.legal_actions if isinstance(a, StealPair)), key=score)


def _targets(view: PlayerView) -> list[int]:
    """Opponents a swap or a steal could reach as far as the view shows (the engine decides)."""
    return [
        s.seat for s in view.seats
        if s.seat != view.seat and s.revealed_hand is None and not s.shielded
    ]


def rodeo_pair_worth(view: PlayerView, cards: tuple[int, int]) -> float:
    """What laying a Water Rodeo pair's effect is worth (its point is the same in hand)."""
    targets = _targets(view)
    if _KIND[cards[0]] is Kind.SWIMMER:
        return 0.8 if any(view.seats[t].hand_size for t in targets) else 0.0
    pairs = any(len(g) == 2 for t in targets for g in view.seats[t].table)
    return 1.0 + DENY if pairs else 0.0


SHIELD = 0.6
"""What the Coral Reef's shield is worth per opponent who could rob, swap with or steal from
us, or lock us, over a whole round."""


def shell_face_down(view: PlayerView, value: Value) -> Action | None:
    """RULES §12.12: the shell that costs least, laid face down when the shield is worth more
    than it costs (less as the round runs out); None to keep them all."""
    shells = [a for a in view.legal_actions if isinstance(a, PlaceShellFaceDown)]
    if not shells:
        return None
    n = view.rules.players
    opponents = len(_targets(view))
    left = min(1.0, view.deck_size / (4 * n))
    exposed = len(view.hand) - 1  # cards a robber could take, once the shell has left
    worth = SHIELD * opponents * left * (1.0 + 0.1 * exposed + 0.5 * len(view.table))
    base = value(view.hand, view.table)
    cost, action = min(
        (base - value(_without(view.hand, (a.card,)), view.table), a.card) for a in shells
    )
    return PlaceShellFaceDown(action) if worth > cost else None


WIN = 60.0
"""A hand that wins the game at once, in card points."""


def mermaid_win(hand: Sequence[int], effects: Sequence[EventCard]) -> float:
    """:data:`WIN` for a hand with enough mermaids to win under these effects (three under the
    Dance of the Mermaids, RULES §12.7), else 0. Extra Pepper only: with no effects it is 0, so
    the levels play the base game as before."""
    if not effects:
        return 0.0
    mermaids = sum(1 for c in hand if _KIND[c] is Kind.MERMAID)
    return WIN if mermaids >= mermaids_to_win(effects) else 0.0


def dolphins_card(view: PlayerView, placed: int | None) -> bool:
    """Whether placing ``placed`` from a draw-two brings us the Dolphins' deck card (§12.11)."""
    return (
        placed is not None and view.deck_size > 0 and EventCard.DOLPHINS in view.effects
        and _KIND[placed] in DOLPHIN_KINDS
    )


def choose_pepper(view: PlayerView, value: Value) -> Action:
    """The decision of an Extra Pepper phase (RULES §12.14), or the first legal action."""
    phase = view.phase
    if phase is Phase.KEEP_EVENT_CARD:
        return keep_event(view)
    if phase is Phase.ANGELFISH:
        return angelfish_take(view, value)
    if phase is Phase.SWAP_TARGET:
        return look_at_hand(view)
    if phase is Phase.SWAP:
        return swap_or_pass(view, value)
    if phase is Phase.PAIR_STEAL:
        return steal_pair(view, value)
    return view.legal_actions[0]


__all__ = [
    "DENY", "SHIELD", "WIN", "Value", "angelfish_take", "choose_pepper", "dolphins_card",
    "event_worth", "keep_event", "look_at_hand", "mermaid_win", "rodeo_pair_worth",
    "shell_face_down", "steal_pair", "swap_or_pass",
]
