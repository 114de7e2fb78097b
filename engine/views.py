"""What one seat may know: the view (DESIGN "Views, events and hidden information")."""

from __future__ import annotations

from dataclasses import dataclass

from ._fast import positional_builder
from .actions import Action, CallKind
from .event_cards import EventCard, effects_of
from .events import Event, events_for
from .legal import legal_actions
from .memo import ViewCache
from .scoring import Breakdown, breakdown_ids
from .state import GameState, Phase, RoundResult, Rules, effects


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
    held_event: EventCard | None = None
    """Extra Pepper: the event card this seat holds (public, RULES §12.0)."""
    shielded: bool = False
    """Extra Pepper: a shell lies face down in front of this seat (RULES §12.12)."""
    face_down_shell: int | None = None
    """That shell, once the game is over (until then only its owner sees it, in
    :attr:`PlayerView.face_down_shell`)."""


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
    # ---- Extra Pepper (RULES §12.14); empty or None with the option off.
    table_event: EventCard | None = None
    event_deck_size: int = 0
    event_discard: tuple[EventCard, ...] = ()
    keep_choice: tuple[EventCard, ...] = ()
    """Phase KEEP_EVENT_CARD: the two event cards the seat to act chooses between (public)."""
    effects: tuple[EventCard, ...] = ()
    """This seat's effects: the table event and its held card (none for a spectator)."""
    face_down_shell: int | None = None
    """This seat's own face-down shell."""
    swap_target: int | None = None
    """Phase SWAP: whose hand the swapper looked at (public; the hand is the swapper's
    ``pending``)."""


_build_view = positional_builder(PlayerView)
"""``PlayerView(...)`` with every field positionally, without the frozen ``__init__``'s cost
(see _fast): every accepted action builds one view per seat."""


def _final_turns(s: GameState) -> tuple[int, ...]:
    if s.call is not CallKind.LAST_CHANCE or s.caller is None or s.is_over:
        return ()
    n = s.players
    return tuple(seat for seat in ((s.caller + i) % n for i in range(1, n)) if not s.revealed[seat])


_new_seat_view = positional_builder(SeatView)
"""``SeatView(...)`` with every field positional, built faster (see _fast): one per seat for
every state a view is made of."""


def _seat_views(state: GameState) -> tuple[SeatView, ...]:
    """Every seat's public facts, for both rule sets: Extra Pepper's (the held card, the shield,
    the face-down shell, points under the seat's own effects) only with the option on, so that
    without it no event-card code runs."""
    over = state.is_over
    pepper = state.rules.extra_pepper
    hands, tables, revealed = state.hands, state.tables, state.revealed
    # Positional, in SeatView's field order (checked by tests/engine/test_seat_views.py).
    return tuple([
        _new_seat_view(
            s,  # seat
            len(hands[s]),  # hand_size
            tables[s],  # table
            hands[s] if (revealed[s] or over) else None,  # revealed_hand
            revealed[s] and not over,  # protected
            state.locked(s) and not over,  # locked
            state.scores[s],  # score
            state.last_round_scores[s],  # last_round_score
            (  # revealed_points
                breakdown_ids(hands[s], tables[s], effects(state, s) if pepper else ()).total
                if (revealed[s] or over) else None
            ),
            state.held[s] if pepper else None,  # held_event
            pepper and state.shielded(s),  # shielded
            state.face_down[s] if pepper and over else None,  # face_down_shell (RULES §12.12)
        )
        for s in range(state.players)
    ])


def view(state: GameState, seat: int | None, cache: ViewCache | None = None) -> PlayerView:
    """The view of ``seat`` (None: a spectator, who sees only public information).

    ``cache``: the game's :class:`~.memo.ViewCache`, to reuse work done for its earlier views
    (the same view either way).

    Raises:
        ValueError: for a seat that is not in the game.
    """
    n = state.players
    if seat is not None and (type(seat) is not int or not 0 <= seat < n):
        raise ValueError(f"seat must be None or 0..{n - 1}, not {seat!r}")
    over = state.is_over
    mine = seat is not None and seat == state.active and not over
    pending: tuple[int, ...] = ()
    if mine:
        if state.phase is Phase.CRAB_TAKE and state.crab_pile is not None:
            pending = state.piles[state.crab_pile]
        elif state.phase is Phase.SWAP and state.swap_target is not None:
            pending = state.hands[state.swap_target]  # the looked-at hand (RULES §12.3)
        else:
            pending = state.pending
    log = state.log
    fx = effects(state, seat) if seat is not None and state.rules.extra_pepper else ()
    if cache is None:
        seats = _seat_views(state)
        own = (
            breakdown_ids(state.hands[seat], state.tables[seat], fx)
            if seat is not None else None
        )
        log = events_for(log, seat)
    else:
        seats = cache.seat_views(state, _seat_views)
        own = (
            cache.breakdown(seat, state.hands[seat], state.tables[seat], breakdown_ids, fx)
            if seat is not None else None
        )
        if log:
            log = cache.log_for(log, seat)
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
        own,
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
        log,
        state.scores,
        state.winners,
        over,
        state.table_event,
        len(state.event_deck),
        state.event_discard,
        state.keep_choice,
        fx,
        state.face_down[seat] if seat is not None and state.face_down else None,
        state.swap_target,
    )


def seat_effects(v: PlayerView, seat: int) -> tuple[EventCard, ...]:
    """``seat``'s Extra Pepper effects as ``v`` shows them (the table event and the seat's held
    card, RULES §12.0 "Who is affected"): for a bot weighing an opponent's points."""
    if seat == v.seat:
        return v.effects
    held = tuple(s.held_event for s in v.seats)
    return effects_of(v.rules.extra_pepper, v.table_event, held, seat)
