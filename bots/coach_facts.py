"""The coach's facts about one choice: what it changes in the hand, and what it sets off.

Nothing here scores or judges by rules of its own. The hand's points before and after a choice
are the engine's breakdown under the seat's own effects (RULES §5, §12.0); what an Extra Pepper
effect changes in them is the breakdown's ``events`` (RULES §12.3-§12.6); the event effects a
choice sets off (the Dolphins' card, the Angelfish's take, the Water Rodeo's look, ...) are read
from the engine's own results of that choice, in the deals the coach sampled from the view
(bots/coach.py): a fact is kept only when every one of those deals showed it.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, replace

from seasalt.engine import (
    Action,
    ApplyResult,
    Breakdown,
    EventCard,
    EventKind,
    EventPoints,
    KeepCard,
    KeepLobsterCard,
    Phase,
    PlaceShellFaceDown,
    PlayerView,
    StealPair,
    SwapCard,
    TakeAngelfishCard,
    TakeCrabCard,
    TakeDiscard,
    breakdown,
    card,
    seat_effects,
)

COMPONENTS = ("pairs", "collectors", "multipliers", "mermaids", "color_bonus")
"""The parts of a hand's points a choice can grow, as :class:`Facts` names them."""


@dataclass(frozen=True, slots=True)
class Facts:
    """What a choice changes, from the engine (never the coach's own rules).

    ``card``: the card it brings into the hand when the view shows it (a discard top, a kept
    card, a card taken from a pile or the lobster's five, the card a Water Rodeo swap takes);
    None for a draw or a play.
    ``points_before`` / ``points_after``: the hand's card points (hand and table, under the
    seat's effects) without / with the choice.
    ``grows``: the parts of the points that grow with it (names from :data:`COMPONENTS`), by
    how much, largest first.
    """

    card: int | None = None
    points_before: int = 0
    points_after: int = 0
    grows: tuple[tuple[str, int], ...] = ()
    gives: int | None = None
    """The card the choice takes out of the hand: the one given in a Water Rodeo swap, the
    shell laid face down under the Coral Reef (RULES §12.3, §12.12)."""
    lays: tuple[int, ...] = ()
    """A group the choice puts on this seat's table without playing it: a stolen pair."""
    events: tuple[EventPoints, ...] = ()
    """How much each of the seat's scoring effects changes what this choice is worth (the
    Kraken on a third octopus: -2), enum order, never 0: the breakdown's ``events`` after the
    choice minus before it."""
    target: int | None = None
    """The seat a Water Rodeo swap takes from; its card points (the hand we looked at, its
    own effects) are ``target_before`` / ``target_after``."""
    target_before: int = 0
    target_after: int = 0
    triggers: tuple[EventCard, ...] = ()
    """Extra Pepper effects this choice sets off next, as the engine carried it out in every
    sampled deal (enum order): the Dolphins' deck card, the Angelfish's take, the Sunfish's
    two cards, the Hermit Crab's two takes, the Water Rodeo's look or steal."""
    wins: bool = False
    """The choice wins the game at once (the mermaids, RULES §8.2, §12.7) in every deal."""

    @property
    def points_gained(self) -> int:
        return self.points_after - self.points_before

    @property
    def target_change(self) -> int:
        return self.target_after - self.target_before


def _parts(b: Breakdown) -> dict[str, int]:
    return {
        "pairs": b.pairs_on_table + b.pairs_in_hand + b.starfish,
        "collectors": b.collectors,
        "multipliers": b.multipliers,
        "mermaids": b.mermaids,
        "color_bonus": b.color_bonus,
    }


def _without(cards: Iterable[int], card: int) -> tuple[int, ...]:
    rest = list(cards)
    if card in rest:
        rest.remove(card)
    return tuple(rest)


def _after(
    view: PlayerView, action: Action
) -> tuple[int | None, tuple[int, ...], tuple[tuple[int, ...], ...]] | None:
    """The card gained, and the hand and table after ``action``, when the view shows them."""
    hand, table = view.hand, view.table
    if isinstance(action, TakeDiscard | TakeAngelfishCard):
        top = view.piles[action.pile].top
        return (top, (*hand, top), table) if top is not None else None
    if isinstance(action, KeepCard | TakeCrabCard | KeepLobsterCard):
        return action.card, (*hand, action.card), table
    if isinstance(action, SwapCard):
        return action.take, (*_without(hand, action.give), action.take), table
    if isinstance(action, PlaceShellFaceDown):  # (a face-down shell is in neither, §12.12)
        return None, _without(hand, action.card), table
    if isinstance(action, StealPair):
        return None, hand, (*table, action.cards)
    return None


def _joins_a_color(view: PlayerView, gained: int | None) -> bool:
    """The card is one more of a colour this seat already has (hand or table): the colour
    bonus grows by it. Into an empty hand every card "grows" the bonus from 0 to 1, which is
    no reason to take it ("one more orange card for your colour bonus" would mislead, said of
    the round's first card)."""
    if gained is None:
        return True
    color = card(gained).color
    held = (*view.hand, *(c for group in view.table for c in group))
    return any(card(c).color is color for c in held)


def _event_changes(before: Breakdown, after: Breakdown) -> tuple[EventPoints, ...]:
    was = {e.event: e.points for e in before.events}
    now = {e.event: e.points for e in after.events}
    return tuple(
        EventPoints(event, now.get(event, 0) - was.get(event, 0))
        for event in EventCard
        if now.get(event, 0) != was.get(event, 0)
    )


def facts_of(
    view: PlayerView,
    action: Action,
    triggers: tuple[EventCard, ...] = (),
    wins: bool = False,
) -> Facts:
    """What ``action`` changes in the hand, scored by the engine (RULES §5, §12.0).

    ``triggers`` and ``wins`` are what the engine's results showed (:func:`outcome`)."""
    after = _after(view, action)
    if after is None:
        return Facts(triggers=triggers, wins=wins)
    gained, hand, table = after
    before = breakdown(view.hand, view.table, view.effects)
    now_b = breakdown(hand, table, view.effects)
    was, now = _parts(before), _parts(now_b)
    grows = sorted(
        ((name, now[name] - was[name]) for name in COMPONENTS
         if now[name] > was[name] and (name != "color_bonus" or _joins_a_color(view, gained))),
        key=lambda item: -item[1],
    )
    facts = Facts(
        gained, before.total, now_b.total, tuple(grows),
        gives=action.give if isinstance(action, SwapCard) else (
            action.card if isinstance(action, PlaceShellFaceDown) else None),
        lays=action.cards if isinstance(action, StealPair) else (),
        events=_event_changes(before, now_b),
        triggers=triggers,
        wins=wins,
    )
    if isinstance(action, SwapCard) and view.swap_target is not None:
        # The hand we looked at is our ``pending`` (RULES §12.3, §12.14): theirs is in the view.
        t = view.swap_target
        looked = view.pending
        fx = seat_effects(view, t)
        table_t = view.seats[t].table
        theirs_before = breakdown(looked, table_t, fx).total
        theirs_after = breakdown((*_without(looked, action.take), action.give), table_t, fx).total
        return replace(facts, target=t, target_before=theirs_before, target_after=theirs_after)
    return facts


# --- what the engine's results show ---------------------------------------------------------

_RODEO_KINDS = frozenset((EventKind.HAND_LOOKED, EventKind.SWAPPED, EventKind.SWAP_PASSED,
                          EventKind.PAIR_STOLEN))
_RODEO_PHASES = frozenset((Phase.SWAP_TARGET, Phase.SWAP, Phase.PAIR_STEAL))

EVENT_DECISIONS = frozenset((Phase.ANGELFISH, Phase.SWAP_TARGET, Phase.SWAP, Phase.PAIR_STEAL,
                             Phase.KEEP_EVENT_CARD))
"""Phases whose choice is itself an event's: what they set off is that event (nothing new)."""


def outcome(view: PlayerView, result: ApplyResult) -> tuple[frozenset[EventCard], bool]:
    """The event effects ``result`` (the engine applying one choice of ``view``'s seat in a
    sampled deal) set off for that seat, and whether it won the game at once."""
    seat = view.seat
    kinds = {e.kind for e in result.events if e.seat == seat}
    wins = EventKind.MERMAID_WIN in kinds and seat in result.state.winners
    if not view.rules.extra_pepper or view.phase in EVENT_DECISIONS:
        return frozenset(), wins
    mine = view.effects
    state = result.state
    next_mine = state.to_act == seat and not state.is_over
    seen: set[EventCard] = set()
    if EventKind.DOLPHINS_DREW in kinds:
        seen.add(EventCard.DOLPHINS)
    if EventKind.ANGELFISH_TOOK in kinds or (next_mine and state.phase is Phase.ANGELFISH):
        seen.add(EventCard.ANGELFISH)
    if kinds & _RODEO_KINDS or (next_mine and state.phase in _RODEO_PHASES):
        seen.add(EventCard.WATER_RODEO)
    # Under these effects the base pair effect is the event's (RULES §12.1, §12.2); the crab
    # take that follows a Hermit Crab take is the same effect going on, not a new one.
    if EventKind.FISH_DREW in kinds and EventCard.SUNFISH in mine:
        seen.add(EventCard.SUNFISH)
    if (EventKind.CRAB_PILE_CHOSEN in kinds and EventCard.HERMIT_CRAB in mine
            and view.phase is not Phase.CRAB_TAKE):
        seen.add(EventCard.HERMIT_CRAB)
    if wins and EventCard.DANCE_OF_THE_MERMAIDS in mine:
        seen.add(EventCard.DANCE_OF_THE_MERMAIDS)
    return frozenset(seen), wins


def in_order(events: Iterable[EventCard]) -> tuple[EventCard, ...]:
    chosen = set(events)
    return tuple(e for e in EventCard if e in chosen)


__all__ = ["COMPONENTS", "EVENT_DECISIONS", "Facts", "facts_of", "in_order", "outcome"]
