"""Legal actions: what the seat to act may do, in a fixed order (RULES §3, §4, §11)."""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from itertools import combinations
from typing import Protocol

from .actions import (
    DRAW_FROM_DECK,
    END_TURN,
    PASS_SWAP,
    Action,
    Call,
    CallKind,
    ChooseCrabPile,
    KeepCard,
    KeepEventCard,
    KeepLobsterCard,
    LookAtHand,
    PlaceShellFaceDown,
    PlayPair,
    PlayTrio,
    Rob,
    StealPair,
    SwapCard,
    TakeAngelfishCard,
    TakeCrabCard,
    TakeDiscard,
)
from .cards import EXTRA_SALT_DECK_SIZE, KIND_OF, PAIR_KINDS, Kind
from .event_cards import EventCard, effects_of
from .pair_matching import CARD_KIND, KIND_INDEX, N_KINDS, pairs_in_hand
from .scoring import (
    NO_SCORING_FX,
    SCORING_FX,
    ScoringFx,
    effect_points,
    kind_counts,
    plain_points,
    scoring_key,
)
from .state import GameState, Phase, Rules

# Enum members as module globals: on CPython 3.11 ``Phase.PLAY`` is an attribute lookup on the
# enum class (about 70 ns, measured), a global about 10, and these run at every action.
_STOP = CallKind.STOP
_LAST_CHANCE = CallKind.LAST_CHANCE
_PLAY = Phase.PLAY
_DRAW = Phase.DRAW
_KEEP = Phase.KEEP
_CRAB_PILE = Phase.CRAB_PILE
_CRAB_TAKE = Phase.CRAB_TAKE
_ROB = Phase.ROB
_LOBSTER = Phase.LOBSTER
_ANGELFISH = Phase.ANGELFISH
_SWAP_TARGET = Phase.SWAP_TARGET
_SWAP = Phase.SWAP
_PAIR_STEAL = Phase.PAIR_STEAL
_KEEP_EVENT_CARD = Phase.KEEP_EVENT_CARD


CALL_THRESHOLD = 7
"""Card points needed to call STOP or LAST CHANCE (RULES §3.3)."""
TREASURE_CHEST_THRESHOLD = 10
"""The same under the Treasure Chest (RULES §12.8)."""


def legal_actions(state: GameState) -> tuple[Action, ...]:
    """The legal actions of ``state.to_act``, in a fixed order (empty once the game is over)."""
    # Kept on the state itself (a field outside its value, like functools.cached_property):
    # apply() checks legality against the list that view() and the bots read.
    cached = state._legal
    if cached is None:
        cached = legal_in(state)
        object.__setattr__(state, "_legal", cached)
    return cached


class Zones(Protocol):
    """What the legal actions read, by GameState's names: a :class:`GameState`, or a playout's
    working copy (engine/playout.py ``Playout``, whose hands are kept sorted), so both paths
    list the same actions from the same code."""

    @property
    def rules(self) -> Rules: ...
    @property
    def phase(self) -> Phase: ...
    @property
    def active(self) -> int: ...
    @property
    def deck(self) -> Sequence[int]: ...
    @property
    def piles(self) -> Sequence[Sequence[int]]: ...
    @property
    def hands(self) -> Sequence[Sequence[int]]: ...
    @property
    def tables(self) -> Sequence[Sequence[Sequence[int]]]: ...
    @property
    def pending(self) -> tuple[int, ...]: ...
    @property
    def crab_pile(self) -> int | None: ...
    @property
    def call(self) -> CallKind | None: ...
    @property
    def revealed(self) -> Sequence[bool]: ...
    @property
    def table_event(self) -> EventCard | None: ...
    @property
    def held(self) -> tuple[EventCard | None, ...]: ...
    @property
    def face_down(self) -> tuple[int | None, ...]: ...
    @property
    def swap_target(self) -> int | None: ...
    @property
    def keep_choice(self) -> tuple[EventCard, ...]: ...


_CALLS = (Call(_STOP), Call(_LAST_CHANCE))
_TAKE_DISCARD = (TakeDiscard(0), TakeDiscard(1))
# The actions the common phases list, each made once: a frozen dataclass's __init__ costs more
# than the rest of listing it, and a playout lists them again at every decision.
_IDS = range(EXTRA_SALT_DECK_SIZE)
_PLAY_PAIR = {(a, b): PlayPair((a, b)) for a in _IDS for b in _IDS if a < b}
"""Keyed by the pair's ids, ascending (as ``pairs_in`` and ``rodeo_pairs_in`` give them)."""
KEEP_CARD = tuple((KeepCard(c), KeepCard(c, 0), KeepCard(c, 1)) for c in _IDS)
"""Per card: kept with the other card's pile forced, on pile 0, on pile 1."""
TAKE_CRAB = tuple(TakeCrabCard(c) for c in _IDS)
KEEP_LOBSTER = tuple(KeepLobsterCard(c) for c in _IDS)
CRAB_PILES: tuple[tuple[ChooseCrabPile, ...], ...] = (
    (), (ChooseCrabPile(1),), (ChooseCrabPile(0),), (ChooseCrabPile(0), ChooseCrabPile(1))
)
"""The crab's pile choices, by which piles hold cards (pile 0: bit 2, pile 1: bit 1)."""
ROB_SEAT = tuple(Rob(t) for t in range(4))
"""Rob seat t, by seat (2-4 players)."""


def draw_options(deck: object, piles: Sequence[Sequence[int]]) -> list[Action]:
    """The draws there are (RULES §3.1): the deck, then each non-empty pile."""
    options: list[Action] = []
    if deck:
        options.append(DRAW_FROM_DECK)
    for p in (0, 1):
        if piles[p]:
            options.append(_TAKE_DISCARD[p])
    return options


def _draws(deck: bool, pile0: bool, pile1: bool) -> tuple[Action, ...]:
    return tuple(draw_options(deck, ((0,) if pile0 else (), (0,) if pile1 else ())))


DRAWS = tuple(_draws(bool(i & 4), bool(i & 2), bool(i & 1)) for i in range(8))
"""The draw step's legal actions, by which of the deck, pile 0 and pile 1 hold cards (bits
4, 2, 1), made once from :func:`draw_options`."""


def rob_targets(
    thief: int,
    hands: Sequence[Sequence[int]],
    revealed: Sequence[bool],
    face_down: Sequence[int | None] = (),
) -> list[int]:
    """Opponents with a non-empty, unrevealed hand and no face-down shell (Extra Pepper),
    clockwise from the thief (RULES §4.4, §12.12). The Water Rodeo's look has the same
    targets (§12.3)."""
    n = len(hands)
    out = []
    for i in range(1, n):
        t = (thief + i) % n
        if hands[t] and not revealed[t] and not (face_down and face_down[t] is not None):
            out.append(t)
    return out


def stealable_pairs(
    thief: int,
    tables: Sequence[Sequence[Sequence[int]]],
    revealed: Sequence[bool],
    face_down: Sequence[int | None],
) -> list[tuple[int, int]]:
    """The Water Rodeo shark pair's choices: each laid pair (never a trio) of an opponent who
    has not revealed and is not shielded, clockwise from the thief, ids ascending (§12.3)."""
    n = len(tables)
    out: list[tuple[int, int]] = []
    for i in range(1, n):
        t = (thief + i) % n
        if revealed[t] or (face_down and face_down[t] is not None):
            continue
        for group in tables[t]:
            if len(group) == 2:
                a, b = group
                out.append((a, b) if a < b else (b, a))
    return out


def owner_of_pair(tables: Sequence[Sequence[Sequence[int]]], cards: tuple[int, int]) -> int:
    """The seat whose table holds this laid pair."""
    for seat, groups in enumerate(tables):
        for group in groups:
            if len(group) == 2 and set(group) == set(cards):
                return seat
    raise AssertionError(f"no laid pair {cards}")


def legal_in(s: Zones) -> tuple[Action, ...]:
    """The legal actions of ``s.active`` in ``s`` (uncached: :func:`legal_actions` keeps them
    on a GameState; a playout asks once per decision)."""
    phase = s.phase
    if phase is _PLAY:
        return play_options(s)
    if phase is _DRAW:
        p0, p1 = s.piles
        return DRAWS[(4 if s.deck else 0) + (2 if p0 else 0) + (1 if p1 else 0)]
    if phase is _KEEP:
        keep = KEEP_CARD
        pending = s.pending
        if s.piles[0] and s.piles[1]:
            if len(pending) == 2:
                (_, a0, a1), (_, b0, b1) = keep[pending[0]], keep[pending[1]]
                return (a0, a1, b0, b1)
            return tuple([k for c in pending for k in keep[c][1:]])
        if len(pending) == 2:  # the placement forced (an empty pile): most keeps, in play
            return (keep[pending[0]][0], keep[pending[1]][0])
        return tuple([keep[c][0] for c in pending])
    if phase is _CRAB_PILE:
        p0, p1 = s.piles
        return CRAB_PILES[(2 if p0 else 0) + (1 if p1 else 0)]
    if phase is _CRAB_TAKE:
        assert s.crab_pile is not None
        return tuple([TAKE_CRAB[c] for c in sorted(set(s.piles[s.crab_pile]))])
    if phase is _ROB:
        rob_seat = ROB_SEAT
        return tuple([rob_seat[t] for t in rob_targets(s.active, s.hands, s.revealed,
                                                       s.face_down)])
    if phase is _LOBSTER:
        return tuple([KEEP_LOBSTER[c] for c in sorted(s.pending)])
    return _pepper_options(s)


def _pepper_options(s: Zones) -> tuple[Action, ...]:
    """The choices of Extra Pepper's phases (RULES §12.14)."""
    phase = s.phase
    if phase is _ANGELFISH:
        return _ANGELFISH_TAKES
    if phase is _SWAP_TARGET:
        look = _LOOK_AT_HAND
        return tuple([look[t] for t in rob_targets(s.active, s.hands, s.revealed,
                                                   s.face_down)])
    if phase is _SWAP:
        assert s.swap_target is not None
        theirs = s.hands[s.swap_target]
        swaps = [SwapCard(give, take) for give in s.hands[s.active] for take in theirs]
        return (*swaps, PASS_SWAP)
    if phase is _PAIR_STEAL:
        return tuple(StealPair(p) for p in stealable_pairs(s.active, s.tables, s.revealed,
                                                           s.face_down))
    if phase is _KEEP_EVENT_CARD:
        return tuple(KeepEventCard(e) for e in s.keep_choice)
    return ()


_ANGELFISH_TAKES = (TakeAngelfishCard(0), TakeAngelfishCard(1))
_PLACE_SHELL = tuple(PlaceShellFaceDown(c) for c in _IDS)
_LOOK_AT_HAND = tuple(LookAtHand(t) for t in range(4))


# The pair table (engine/cards.py) by dense kind index (engine/scoring.py's): the kinds whose
# alike cards pair, then the two kinds of each cross pair, in the table's order.
_ALIKE_PAIRS = tuple(KIND_INDEX[p.first] for p in PAIR_KINDS if p.first is p.second)
_CROSS_PAIRS = tuple(
    (KIND_INDEX[p.first], KIND_INDEX[p.second]) for p in PAIR_KINDS if p.first is not p.second
)
_STARFISH = KIND_INDEX[Kind.STARFISH]
_SWIMMER = KIND_INDEX[Kind.SWIMMER]
_SHARK = KIND_INDEX[Kind.SHARK]
_SHELL = KIND_INDEX[Kind.SHELL]
_FIRST_ID = tuple(CARD_KIND.index(k) for k in range(N_KINDS))
"""Each kind's lowest card id (dense kind index): a kind's ids are consecutive (asserted)."""
assert all(
    CARD_KIND[_FIRST_ID[k] : _FIRST_ID[k] + CARD_KIND.count(k)] == (k,) * CARD_KIND.count(k)
    for k in range(N_KINDS)
), "each kind's card ids are consecutive (engine/cards.py): a sorted hand holds them as a run"
assert [p.first is p.second for p in PAIR_KINDS] == sorted(
    (p.first is p.second for p in PAIR_KINDS), reverse=True
), "pairs of alike cards come first in the table, as pairs_in lists them"


def pairs_in(hand: Iterable[int]) -> tuple[list[tuple[int, int]], list[int]]:
    """Every valid pair of card ids in a sorted hand (each pair's ids ascending; pair kinds in
    the table's order), and the hand's starfish."""
    cards = tuple(hand)
    return _pairs_listed(cards, kind_counts(cards))


def _pairs_listed(
    hand: Sequence[int], h: list[int]
) -> tuple[list[tuple[int, int]], list[int]]:
    """:func:`pairs_in` from the hand's kind counts ``h``: a kind's cards are picked out only
    when the counts show a pair of it, as the run of the sorted hand where its ids lie (each
    kind's ids are consecutive: one bisect, no scan of the hand)."""
    first_id = _FIRST_ID
    pairs: list[tuple[int, int]] = []
    for k in _ALIKE_PAIRS:
        n = h[k]
        if n > 1:
            i = bisect_left(hand, first_id[k])
            pairs.extend(combinations(hand[i : i + n], 2))
    for first, second in _CROSS_PAIRS:
        n_first, n_second = h[first], h[second]
        if n_first and n_second:
            i = bisect_left(hand, first_id[first])
            j = bisect_left(hand, first_id[second])
            seconds = hand[j : j + n_second]
            for a in hand[i : i + n_first]:
                for b in seconds:
                    pairs.append((a, b) if a < b else (b, a))
    n = h[_STARFISH]
    if n:
        i = bisect_left(hand, first_id[_STARFISH])
        return pairs, list(hand[i : i + n])
    return pairs, []


def rodeo_pairs_in(hand: Iterable[int]) -> list[tuple[int, int]]:
    """The Water Rodeo's extra pairs in a sorted hand: swimmer + swimmer, then shark + shark
    (RULES §12.3), ids ascending."""
    swimmers = [c for c in hand if KIND_OF[c] is Kind.SWIMMER]
    sharks = [c for c in hand if KIND_OF[c] is Kind.SHARK]
    return [*combinations(swimmers, 2), *combinations(sharks, 2)]


def play_options(
    s: Zones, h: list[int] | None = None, kinds: list[int] | None = None,
    table_points: int = 0, colors: list[int] | None = None,
) -> tuple[Action, ...]:
    """The play step's actions. A playout passes the counts it keeps of the active seat's
    cards (``h``: the hand's kinds; the rest as :func:`~.scoring.plain_points` takes them);
    without, they are counted here."""
    if s.rules.extra_pepper:
        return pepper_play_options(s, h, kinds, table_points, colors)
    active = s.active
    hand = s.hands[active]
    # The hand's kind counts once, for its pairs and its card points; most play steps have
    # no pair, and their two possible lists are made once (below).
    if h is None:
        kind_of = CARD_KIND
        h = [0] * N_KINDS  # kind_counts(hand), inlined
        for c in hand:
            h[kind_of[c]] += 1
    npairs = pairs_in_hand(h)
    can_call = s.call is None and plain_points(
        h, npairs, hand, s.tables[active], kinds, table_points, colors
    ) >= CALL_THRESHOLD
    if not npairs:
        return _CALLS_END if can_call else _END
    pairs, starfish = _pairs_listed(hand, h)
    play_pair = _PLAY_PAIR
    options: list[Action] = [play_pair[pair] for pair in pairs]
    if starfish:
        play_trio = _PLAY_TRIO
        for pair in pairs:
            for star in starfish:
                options.append(play_trio[pair, star])
    if can_call:
        options.extend(_CALLS)
    options.append(END_TURN)
    return tuple(options)


_END: tuple[Action, ...] = (END_TURN,)
_CALLS_END: tuple[Action, ...] = (*_CALLS, END_TURN)


@dataclass(frozen=True, slots=True)
class SeatFx:
    """What one seat's Extra Pepper effects (RULES §12.0) change in its play step, worked out
    once per set of effects (:data:`SEAT_FX`) rather than tested card by card every turn."""

    effects: tuple[EventCard, ...]
    """The effects themselves, in enum order (``event_cards.effects_of``)."""
    scoring: ScoringFx
    """How they score (RULES §12.3-§12.6)."""
    need: int
    """Card points needed to call: 10 under the Treasure Chest (§12.8), else 7."""
    calls: tuple[Action, ...]
    """The calls offered from ``need`` points: no STOP under the Diodon Fish (§12.9)."""
    rodeo: bool
    """The Water Rodeo: swimmer and shark pairs (§12.3)."""
    coral: bool
    """The Coral Reef: a shell may go face down (§12.12)."""
    calls_end: tuple[Action, ...]
    """``calls`` then END TURN: a hand with nothing to lay and no shell to place."""


def _seat_fx(effects: tuple[EventCard, ...]) -> SeatFx:
    return SeatFx(
        effects,
        SCORING_FX[scoring_key(effects)],
        TREASURE_CHEST_THRESHOLD if EventCard.TREASURE_CHEST in effects else CALL_THRESHOLD,
        _CALLS[1:] if EventCard.DIODON_FISH in effects else _CALLS,
        EventCard.WATER_RODEO in effects,
        EventCard.CORAL_REEF in effects,
        (*(_CALLS[1:] if EventCard.DIODON_FISH in effects else _CALLS), END_TURN),
    )


SEAT_FX: dict[tuple[EventCard, ...], SeatFx] = {
    fx: _seat_fx(fx)
    for fx in {
        effects_of(True, table, (held,), 0)
        for table in (None, *EventCard) for held in (None, *EventCard)
    }
}
"""Every set of effects a seat can have (none, one card, or the table event and a held one),
made at import: the engine keeps no memo it fills later."""


def pepper_play_options(
    s: Zones, h: list[int] | None = None, kinds: list[int] | None = None,
    table_points: int = 0, colors: list[int] | None = None, fx: SeatFx | None = None,
) -> tuple[Action, ...]:
    """The play step under the seat's event effects (RULES §12.3, §12.8, §12.9, §12.12): the
    same order, with the Water Rodeo's pairs after the others and the shells before END TURN.

    A playout passes the counts it keeps of the active seat's cards (as to
    :func:`play_options`) and the seat's :class:`SeatFx`; without, they are worked out here."""
    active = s.active
    hand = s.hands[active]
    if h is None:
        h = kind_counts(hand)
    if fx is None:
        fx = SEAT_FX[effects_of(s.rules.extra_pepper, s.table_event, s.held, active)]
    npairs = pairs_in_hand(h)
    scoring = fx.scoring
    # The calls under the seat's effects (RULES §12.0, §12.8, §12.9).
    can_call = s.call is None and (
        plain_points(h, npairs, hand, s.tables[active], kinds, table_points, colors)
        if scoring is NO_SCORING_FX
        else effect_points(h, hand, s.tables[active], scoring, kinds, table_points, colors)
    ) >= fx.need
    shells = fx.coral and h[_SHELL] and s.face_down[active] is None
    rodeo = fx.rodeo and (h[_SWIMMER] > 1 or h[_SHARK] > 1)
    if not npairs and not rodeo and not shells:  # most play steps: made once (SeatFx)
        return fx.calls_end if can_call else _END
    pairs, starfish = _pairs_listed(hand, h)
    if rodeo:
        pairs += _rodeo_listed(hand, h)
    options: list[Action] = [_PLAY_PAIR[pair] for pair in pairs]
    if pairs and starfish:
        for pair in pairs:
            for star in starfish:
                options.append(_PLAY_TRIO.get((pair, star)) or PlayTrio(pair, star))
    if can_call:
        options.extend(fx.calls)
    if shells:
        # RULES §12.12: one real shell, once a round (the engine checks it, P90).
        i = bisect_left(hand, _FIRST_ID[_SHELL])
        options.extend(_PLACE_SHELL[c] for c in hand[i : i + h[_SHELL]])
    options.append(END_TURN)
    return tuple(options)


def _rodeo_listed(hand: Sequence[int], h: list[int]) -> list[tuple[int, int]]:
    """:func:`rodeo_pairs_in` from the hand's kind counts (a kind's ids are consecutive)."""
    out: list[tuple[int, int]] = []
    for k in (_SWIMMER, _SHARK):
        n = h[k]
        if n > 1:
            i = bisect_left(hand, _FIRST_ID[k])
            out.extend(combinations(hand[i : i + n], 2))
    return out


_ALL_PAIRS, _ALL_STARFISH = pairs_in(range(EXTRA_SALT_DECK_SIZE))
_PLAY_TRIO = {(pair, star): PlayTrio(pair, star) for pair in _ALL_PAIRS for star in _ALL_STARFISH}
"""Every trio there is (each pair of the pair table with each starfish), made once: keyed by
the pair's ids, ascending, and the starfish. The Water Rodeo's own pairs (RULES §12.3) are
not among them: their trios are made when listed."""
