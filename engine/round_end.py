"""The end of a turn and of a round: calls, STOP / LAST CHANCE scoring, a void round, the four
mermaids, the game's end, and dealing the next round (RULES §2, §3.3, §3.4, §6-§8).

What each seat gains for a call is scoring (engine/scoring.py ``round_gains``); this module
decides when a round ends and what comes next.
"""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Sequence

from ._fast import positional_builder
from .actions import Action, Call, CallKind, KeepEventCard
from .cards import BASE_DECK_SIZE, EXTRA_SALT_DECK_SIZE, KIND_OF, Kind
from .event_cards import EventCard, mermaids_to_win
from .event_deck import hand_off, keep
from .events import EventKind
from .scoring import Breakdown, breakdown_ids, gains_from_points
from .state import Phase, RoundEnd, RoundResult, SeatResult
from .work import Work, shuffle

# Enum members as module globals: on CPython 3.11 ``Phase.PLAY`` is an attribute lookup on the
# enum class (about 70 ns, measured), a global about 10, and these run at every action.
_DRAW = Phase.DRAW
_ROUND_STARTED = EventKind.ROUND_STARTED
_TURN_STARTED = EventKind.TURN_STARTED
_CALLED = EventKind.CALLED
_REVEALED = EventKind.REVEALED
_TURN_ENDED = EventKind.TURN_ENDED
_STOP = CallKind.STOP
_LAST_CHANCE = CallKind.LAST_CHANCE
_ROUND_SCORED = EventKind.ROUND_SCORED
_ROUND_VOID = EventKind.ROUND_VOID
_MERMAID_WIN = EventKind.MERMAID_WIN
_GAME_OVER = Phase.GAME_OVER
_GAME_OVER_EVENT = EventKind.GAME_OVER
_END_STOP = RoundEnd.STOP
_END_LAST_CHANCE = RoundEnd.LAST_CHANCE


MERMAIDS = frozenset(c for c, k in enumerate(KIND_OF) if k is Kind.MERMAID)
"""The mermaids' card ids."""
FIRST_MERMAID, LAST_MERMAID = min(MERMAIDS), max(MERMAIDS)
assert frozenset(range(FIRST_MERMAID, LAST_MERMAID + 1)) == MERMAIDS, "consecutive ids"
# A hand is sorted by id and the mermaids' ids are consecutive, so whether it holds three of
# them (fewer never win, RULES §8.2, §12.7) is one bisect and a comparison:
#     i = bisect_left(hand, FIRST_MERMAID); len(hand) > i + 2 and hand[i + 2] <= LAST_MERMAID
# written out where it runs at every turn (a third of hands in play hold a mermaid; the
# check itself builds a set).


# Round results built with every field positional, faster (engine/_fast.py): a playout scores
# many rounds.
_new_seat_result = positional_builder(SeatResult)
_new_round_result = positional_builder(RoundResult)


def start_round(w: Work, starter: int) -> None:
    """Gather and shuffle every card, flip two piles, empty hands (RULES §2, §7)."""
    size = EXTRA_SALT_DECK_SIZE if w.rules.extra_salt else BASE_DECK_SIZE
    deck = list(range(size))
    shuffle(w.next_rng(), deck)
    first, second = deck.pop(), deck.pop()
    w.new_round_zones(deck, [(first,), (second,)])
    w.revealed = (False,) * w.n
    w.pending = ()
    w.crab_pile = None
    w.call = None
    w.caller = None
    w.jellyfish_caster = None
    if w.rules.extra_pepper:  # face-down shells go back with every card (RULES §12.12)
        w.face_down = (None,) * w.n
        w.swap_target = None
    w.round += 1
    w.active = starter
    w.phase = _DRAW
    w.log = ()
    w.log_tail = []
    if w.keep_events:
        w.emit(_ROUND_STARTED, seat=starter, n=w.round, cards=(first, second))
        w.emit(_TURN_STARTED, seat=starter)


def call(w: Work, action: Call) -> None:
    p = w.active
    if check_mermaids(w):  # RULES §8.2: checked before a call is recorded
        return
    w.call = action.kind
    w.caller = p
    if w.keep_events:
        w.emit(_CALLED, seat=p, call=action.kind)
    _reveal(w, p)
    end_turn(w)


def _reveal(w: Work, seat: int) -> None:
    if not w.revealed[seat]:
        w.set_revealed(seat)
        if w.keep_events:
            w.emit(_REVEALED, seat=seat, cards=tuple(w.hands[seat]))  # sorted (Work.add)


def end_turn(w: Work, _: Action | None = None) -> None:
    """RULES §3.4, in order (the four-mermaid check already ran after each action); also the
    step of the END TURN action."""
    p = w.active
    # RULES §3.4 step 1 (normally already caught after the action). check_mermaids' own
    # first test (three mermaids?) here: every turn ends here.
    hand = w.hands[p]
    i = bisect_left(hand, FIRST_MERMAID)
    if len(hand) > i + 2 and hand[i + 2] <= LAST_MERMAID and check_mermaids(w):
        return
    if w.keep_events:
        w.emit(_TURN_ENDED, seat=p)
    nxt = (p + 1) % w.n
    if w.call is _STOP:
        for seat in range(w.n):
            _reveal(w, seat)
        _score_round(w)
        return
    if w.call is _LAST_CHANCE:
        _reveal(w, p)
        if nxt == w.caller:
            _score_round(w)
            return
    elif not w.deck:
        _void_round(w, p)
        return
    if w.jellyfish_caster == nxt:
        w.jellyfish_caster = None
    w.active = nxt
    w.phase = _DRAW
    if w.keep_events:
        w.emit(_TURN_STARTED, seat=nxt)


def _seat_results(
    hands: Sequence[Sequence[int]], tables: Sequence[tuple[tuple[int, ...], ...]],
    parts: Sequence[Breakdown] | None, round_scores: Sequence[int], totals: Sequence[int],
    shielded: Sequence[bool],
) -> tuple[SeatResult, ...]:
    """Every seat's part of the round result (``parts``: each seat's breakdown under its own
    effects; None for a void round, whose hands and tables are not shown)."""
    return tuple([
        _new_seat_result(
            tuple(hands[s]),  # hand (sorted: Work.add)
            tables[s],  # table
            parts[s] if parts is not None else None,  # breakdown
            round_scores[s],  # round_score
            totals[s],  # total
            shielded[s],  # shielded: the shell itself stays hidden (RULES §12.12, P95)
        )
        for s in range(len(hands))
    ])


def _shielded(w: Work) -> list[bool]:
    return [w.shielded(s) for s in range(w.n)]


def _score_round(w: Work) -> None:
    """Score a STOP or LAST CHANCE round (RULES §6.1, §6.2) and go on (§7, §8.1)."""
    assert w.caller is not None and w.call is not None
    caller = w.caller
    # Each seat under its own effects (RULES §12.0 "Defaults").
    points, bonuses, parts = w.round_points()
    gained, bet_won = gains_from_points(w.call, caller, points, bonuses)
    w.scores = tuple([t + g for t, g in zip(w.scores, gained, strict=True)])
    w.last_round_scores = gained
    end = _END_STOP if w.call is _STOP else _END_LAST_CHANCE
    if parts is None:  # a playout's: it builds the result when it is asked for one
        w.result_later(end, caller, bet_won, gained)
    else:
        w.last_result = _new_round_result(
            w.round, end, caller, bet_won,
            _seat_results(w.hands, w.tables, parts, gained, w.scores, _shielded(w)),
        )
    if w.keep_events:
        w.emit(
            _ROUND_SCORED,
            seat=caller,
            n=w.round,
            call=w.call,
            scores=gained,
            won=bet_won,
        )
    if max(w.scores) >= w.rules.target_score:
        best = max(zip(w.scores, w.last_round_scores, strict=True))
        winners = tuple(s for s in range(w.n) if (w.scores[s], w.last_round_scores[s]) == best)
        _game_over(w, winners)
        return
    _next_round(w, w.nxt(caller))


def plain_result(
    round_no: int, end: RoundEnd, caller: int, bet_won: bool | None, gained: tuple[int, ...],
    hands: Sequence[Sequence[int]], tables: Sequence[tuple[tuple[int, ...], ...]],
    totals: tuple[int, ...], effects: Sequence[tuple[EventCard, ...]] | None = None,
    shielded: Sequence[bool] | None = None,
) -> RoundResult:
    """A scored round's result from its zones as they were, and under Extra Pepper each
    seat's effects and shield then (None: no event effect, nobody shielded): what a playout
    builds when asked (engine/playout.py)."""
    n = len(hands)
    fx = effects if effects is not None else [()] * n
    parts = [breakdown_ids(hands[s], tables[s], fx[s]) for s in range(n)]
    return _new_round_result(
        round_no, end, caller, bet_won,
        _seat_results(hands, tables, parts, gained, totals,
                      shielded if shielded is not None else [False] * n),
    )


def _next_round(w: Work, starter: int) -> None:
    """The event hand-off first (Extra Pepper, RULES §12.0), then the deal (§7); a pending
    keep choice deals it later (:func:`keep_event_card`). A playout may stop before both
    (``Work.hold_deal``)."""
    if w.hold_deal():
        return
    if w.rules.extra_pepper and hand_off(w, starter):
        return
    start_round(w, starter)


def keep_event_card(w: Work, action: KeepEventCard) -> None:
    """The receiver keeps one of its two event cards; the next round is dealt (§12.0)."""
    start_round(w, keep(w, action.event))


def _void_round(w: Work, emptied_by: int) -> None:
    """RULES §6.4: no scoring, no reveal; the next round starts left of ``emptied_by``."""
    nothing = ((),) * w.n
    w.last_result = _new_round_result(
        w.round, RoundEnd.VOID, emptied_by, None,
        _seat_results(nothing, nothing, None, [0] * w.n, w.scores, _shielded(w)),
    )
    w.emit(_ROUND_VOID, seat=emptied_by, n=w.round)
    _next_round(w, w.nxt(emptied_by))


def check_mermaids(w: Work) -> bool:
    """RULES §8.2: the active player holding all four mermaids (three under the Dance of the
    Mermaids, §12.7: at least three) wins at once (returns True)."""
    p = w.active
    hand = w.hands[p]
    i = bisect_left(hand, FIRST_MERMAID)
    if len(hand) <= i + 2 or hand[i + 2] > LAST_MERMAID:  # fewer than three: no set is built
        return False
    held = len(MERMAIDS.intersection(hand))
    if held < 3 or held < mermaids_to_win(w.effects(p)):
        return False
    parts = [breakdown_ids(w.hands[s], w.tables[s], w.effects(s)) for s in range(w.n)]
    w.last_result = _new_round_result(
        w.round, RoundEnd.MERMAIDS, p, None,
        _seat_results(w.hands, w.tables, parts, [0] * w.n, w.scores, _shielded(w)),
    )
    w.emit(_MERMAID_WIN, seat=p)
    _game_over(w, (p,))
    return True


def _game_over(w: Work, winners: tuple[int, ...]) -> None:
    w.winners = winners
    w.phase = _GAME_OVER
    w.pending = ()
    w.crab_pile = None
    w.swap_target = None
    w.game_ended()
    w.emit(_GAME_OVER_EVENT, scores=w.scores, winners=winners)

