"""What one seat may know: the view (DESIGN "Views, events and hidden information")."""

from __future__ import annotations

from dataclasses import dataclass

from ._fast import positional_builder
from .actions import Action, CallKind
from .events import Event, events_for
from .game import legal_actions
from .scoring import Breakdown, _breakdown_ids
from .state import GameState, Phase, RoundResult, Rules


@dataclass(frozen=True, slots=True)
class SeatView:
    """The public facts about one seat."""

    seat: int
    hand_size: int
    table: tuple[tuple[int, ...], ...]
    revealed_hand: tuple[int, ...] | None
    """The hand, once revealed (LAST CHANCE, STOP, game over); None while hidden."""
    protected: bool
    """Revealed during LAST CHANCE: cannot be robbed (RULES §6.3)."""
    locked: bool
    """Under a jellyfish lock (RULES §11.2)."""
    score: int
    last_round_score: int
    revealed_points: int | None = None
    """Card points (RULES §5, without the colour bonus) of the revealed hand plus the table;
    None while the hand is hidden. Public with the hand: a LAST CHANCE caller's bet is shown
    to everyone (RULES §6.2, §6.5), and clients never score cards themselves."""


@dataclass(frozen=True, slots=True)
class PileView:
    """A discard pile as everyone sees it: its top card and size."""

    top: int | None
    size: int


@dataclass(frozen=True, slots=True)
class PlayerView:
    """A complete information state for one seat, or a spectator (``seat`` None).

    Everything a client or a bot needs, and nothing that seat may not see.
    """

    rules: Rules
    seat: int | None
    round: int
    move: int
    phase: Phase
    to_act: int | None
    active: int
    hand: tuple[int, ...]
    """Own hand, sorted by id (empty for a spectator)."""
    table: tuple[tuple[int, ...], ...]
    """Own groups on the table."""
    breakdown: Breakdown | None
    """Own card points and colour bonus (None for a spectator)."""
    seats: tuple[SeatView, ...]
    deck_size: int
    piles: tuple[PileView, PileView]
    call: CallKind | None
    caller: int | None
    final_turns: tuple[int, ...]
    """LAST CHANCE: seats still owed a final turn, in order."""
    pending: tuple[int, ...]
    """Cards only this seat sees for its pending choice: drawn two, crab pile, lobster cards."""
    crab_pile: int | None
    legal_actions: tuple[Action, ...]
    """This seat's legal actions (empty when it is not to act)."""
    last_result: RoundResult | None
    log: tuple[Event, ...]
    """The current round's events as this seat saw them."""
    scores: tuple[int, ...]
    winners: tuple[int, ...]
    is_over: bool


_build_view = positional_builder(PlayerView)
"""``PlayerView(...)`` with every field positionally, without the frozen ``__init__``'s cost
(see _fast): every accepted action builds one view per seat."""


def _final_turns(s: GameState) -> tuple[int, ...]:
    if s.call is not CallKind.LAST_CHANCE or s.caller is None or s.is_over:
        return ()
    n = s.players
    return tuple(seat for seat in ((s.caller + i) % n for i in range(1, n)) if not s.revealed[seat])


_LOG_MEMO_LIMIT = 4096
_log_memo: dict[tuple[int | None, int], tuple[tuple[Event, ...], tuple[Event, ...]]] = {}
"""(seat, id of the log's first event) -> (a round log, ``events_for(that log, seat)``).

A round's log only grows, so the next view of the same seat redacts only the new events. The
stored log is compared with the new one's prefix by value (equal events redact equally), so a
hit is exactly ``events_for(log, seat)`` whatever the key; the seat in the key keeps each seat's
redaction apart, and the stored log keeps the id in the key from being reused."""


def _log_for(log: tuple[Event, ...], seat: int | None) -> tuple[Event, ...]:
    if not log:
        return ()
    key = (seat, id(log[0]))
    hit = _log_memo.get(key)
    if hit is not None:
        known, redacted = hit
        if log is known:
            return redacted
        k = len(known)
        if len(log) > k and log[:k] == known:
            redacted = redacted + events_for(log[k:], seat)
            _log_memo[key] = (log, redacted)
            return redacted
    redacted = events_for(log, seat)
    if len(_log_memo) >= _LOG_MEMO_LIMIT:
        _log_memo.clear()
    _log_memo[key] = (log, redacted)
    return redacted


_BREAKDOWN_MEMO_LIMIT = 4096
_breakdowns: dict[tuple[tuple[int, ...], tuple[tuple[int, ...], ...]], Breakdown] = {}
"""(hand, groups on the table) -> their breakdown; keyed by value. A seat's cards change only
when it acts, so the other seats' views of each new state find theirs here."""


def _breakdown(hand: tuple[int, ...], table: tuple[tuple[int, ...], ...]) -> Breakdown:
    key = (hand, table)
    found = _breakdowns.get(key)
    if found is None:
        found = _breakdown_ids(hand, table)
        if len(_breakdowns) >= _BREAKDOWN_MEMO_LIMIT:
            _breakdowns.clear()
        _breakdowns[key] = found
    return found


_seats_memo: tuple[GameState, tuple[SeatView, ...]] | None = None
"""The last state's public seat facts: the same for every seat's view of one state."""


def _seat_views(state: GameState) -> tuple[SeatView, ...]:
    global _seats_memo
    memo = _seats_memo
    if memo is not None and memo[0] is state:
        return memo[1]
    over = state.is_over
    seats = tuple(
        SeatView(
            seat=s,
            hand_size=len(state.hands[s]),
            table=state.tables[s],
            revealed_hand=state.hands[s] if (state.revealed[s] or over) else None,
            protected=state.revealed[s] and not over,
            locked=state.locked(s) and not over,
            score=state.scores[s],
            last_round_score=state.last_round_scores[s],
            revealed_points=(
                _breakdown(state.hands[s], state.tables[s]).total
                if (state.revealed[s] or over) else None
            ),
        )
        for s in range(state.players)
    )
    _seats_memo = (state, seats)
    return seats


def view(state: GameState, seat: int | None) -> PlayerView:
    """The view of ``seat`` (None: a spectator, who sees only public information).

    Raises:
        ValueError: for a seat that is not in the game.
    """
    n = state.players
    if seat is not None and (type(seat) is not int or not 0 <= seat < n):
        raise ValueError(f"seat must be None or 0..{n - 1}, not {seat!r}")
    over = state.is_over
    seats = _seat_views(state)
    mine = seat is not None and seat == state.active and not over
    pending: tuple[int, ...] = ()
    if mine:
        if state.phase is Phase.CRAB_TAKE and state.crab_pile is not None:
            pending = state.piles[state.crab_pile]
        else:
            pending = state.pending
    # Positional, in PlayerView's field order (checked by tests/engine/test_view_memos.py).
    return _build_view(
        state.rules,
        seat,
        state.round,
        state.move,
        state.phase,
        state.to_act,
        state.active,
        state.hands[seat] if seat is not None else (),
        state.tables[seat] if seat is not None else (),
        _breakdown(state.hands[seat], state.tables[seat]) if seat is not None else None,
        seats,
        len(state.deck),
        (
            PileView(state.piles[0][-1] if state.piles[0] else None, len(state.piles[0])),
            PileView(state.piles[1][-1] if state.piles[1] else None, len(state.piles[1])),
        ),
        state.call,
        state.caller,
        _final_turns(state),
        pending,
        state.crab_pile,
        legal_actions(state) if mine else (),
        state.last_result,
        _log_for(state.log, seat),
        state.scores,
        state.winners,
        over,
    )
