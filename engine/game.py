"""The transition function: new_game, apply, replay (RULES §2-§8, §11).

``apply`` checks an action against :func:`legal_actions` (engine/legal.py), copies the state
into a :class:`~.work.Work`, runs the action's step, then resolves forced choices and locked
turns (:func:`resolve_forced`) until a real decision is due, and freezes the result. The steps
live by the part of a turn they belong to:

- engine/draw.py: the draw step and a jellyfish-locked turn (RULES §3.1, §11.2);
- engine/effects.py: laying pairs and trios, the duo effects and their choices (§4, §11), and
  the place for Extra Pepper's event effects (§12);
- engine/round_end.py: calls, the end of a turn, STOP / LAST CHANCE scoring, a void round, the
  four mermaids, game over, dealing the next round (§3.3, §3.4, §6-§8).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any

from .actions import (
    Action,
    Call,
    ChooseCrabPile,
    DrawFromDeck,
    EndTurn,
    KeepCard,
    KeepEventCard,
    KeepLobsterCard,
    LookAtHand,
    PassSwap,
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
from .draw import draw_from_deck, keep_card, locked_turn, take_discard
from .effects import (
    choose_crab_pile,
    keep_lobster,
    look_at_hand,
    pass_swap,
    place_shell,
    play_pair,
    play_trio,
    rob,
    steal_pair,
    swap_card,
    take_angelfish_card,
    take_crab_card,
)
from .event_deck import set_up
from .events import Event
from .legal import (
    CALL_THRESHOLD,
    CRAB_PILES,
    DRAWS,
    KEEP_CARD,
    KEEP_LOBSTER,
    ROB_SEAT,
    TAKE_CRAB,
    legal_actions,
    rob_targets,
    stealable_pairs,
)
from .round_end import call, end_turn, keep_event_card, start_round
from .state import GameState, IllegalActionError, Phase, Rules
from .work import Work

# Enum members as module globals: on CPython 3.11 ``Phase.PLAY`` is an attribute lookup on the
# enum class (about 70 ns, measured), a global about 10, and these run at every action.
_DRAW = Phase.DRAW
_KEEP = Phase.KEEP
_GAME_OVER = Phase.GAME_OVER
_PLAY = Phase.PLAY
_CRAB_PILE = Phase.CRAB_PILE
_CRAB_TAKE = Phase.CRAB_TAKE
_ROB = Phase.ROB
_LOBSTER = Phase.LOBSTER
_SWAP_TARGET = Phase.SWAP_TARGET
_SWAP = Phase.SWAP
_PAIR_STEAL = Phase.PAIR_STEAL
_ANGELFISH = Phase.ANGELFISH
_KEEP_EVENT_CARD = Phase.KEEP_EVENT_CARD


__all__ = ["CALL_THRESHOLD", "ApplyResult", "apply", "legal_actions", "new_game", "replay"]



@dataclass(frozen=True, slots=True)
class ApplyResult:
    """What :func:`apply` returns: the new state and the (unredacted) events it caused."""

    state: GameState
    events: tuple[Event, ...]


def new_game(rules: Rules, seed: int, starter: int | None = None) -> GameState:
    """Deal the first round of a new game.

    Args:
        rules: the game's options.
        seed: the only source of randomness of the whole game.
        starter: the round-1 starter; None draws it with the seeded RNG (RULES §2.4).

    Raises:
        ValueError: for a starter that is not a seat.
    """
    n = rules.players
    if type(seed) is not int:
        raise ValueError(f"seed must be an int, not {seed!r}")
    if starter is not None and (type(starter) is not int or not 0 <= starter < n):
        raise ValueError(f"starter must be a seat 0..{n - 1}, not {starter!r}")
    blank = GameState(
        rules=rules,
        seed=seed,
        rng_counter=0,
        round=0,
        move=0,
        scores=(0,) * n,
        last_round_scores=(0,) * n,
        deck=(),
        piles=((), ()),
        hands=((),) * n,
        tables=((),) * n,
        active=0,
        phase=_DRAW,
        revealed=(False,) * n,
    )
    w = Work(blank)
    if starter is None:
        starter = w.next_rng().randrange(n)
    if rules.extra_pepper:
        set_up(w)  # the event deck, before round 1 is dealt (RULES §12.0 "Setup")
    start_round(w, starter)
    resolve_forced(w)
    return w.freeze()


def apply(state: GameState, action: Action) -> ApplyResult:
    """Apply ``action`` for ``state.to_act`` and return the new state and its events.

    Single-option follow-up decisions are resolved by the engine (RULES §3.5).

    Raises:
        IllegalActionError: the action is not one of ``legal_actions(state)``.
    """
    if action not in legal_actions(state):
        raise IllegalActionError(
            f"{action!r} is not legal for seat {state.to_act} in phase "
            f"{state.phase.value} (round {state.round}, move {state.move})"
        )
    w = Work(state)
    w.move += 1
    STEP[type(action)](w, action)
    if w.phase is not _PLAY:  # the play step is always a real decision: no call to resolve_forced
        resolve_forced(w)
    return ApplyResult(w.freeze(), tuple(w.events))


def replay(
    rules: Rules, seed: int, actions: Iterable[Action], starter: int | None = None
) -> GameState:
    """Replay a game from its seed and actions (same seed + same actions = same game).

    Raises:
        IllegalActionError: an action is not legal where it comes.
    """
    state = new_game(rules, seed, starter)
    for action in actions:
        state = apply(state, action).state
    return state


def resolve_forced(w: Work) -> None:
    """Resolve forced choices and locked turns until a real decision is due (RULES §3.5)."""
    while True:
        phase = w.phase
        if phase is _PLAY or phase is _GAME_OVER:
            return
        if phase is _DRAW:
            if w.jellyfish_caster is not None and w.locked(w.active):
                locked_turn(w)
                continue
            p0, p1 = w.piles
            options = DRAWS[(4 if w.deck else 0) + (2 if p0 else 0) + (1 if p1 else 0)]
            if len(options) > 1:
                return
            if not options:
                w.phase = _PLAY  # RULES §3.1: no legal draw at all, skip it
                return
            STEP[type(options[0])](w, options[0])
        elif phase is _KEEP:
            if len(w.pending) != 1:
                return
            keep_card(w, KEEP_CARD[w.pending[0]][0])
        elif phase is _CRAB_PILE:
            p0, p1 = w.piles
            if bool(p0) == bool(p1):  # a choice (an empty pair of piles: no crab effect)
                return
            choose_crab_pile(w, CRAB_PILES[1 if p1 else 2][0])
        elif phase is _CRAB_TAKE:
            assert w.crab_pile is not None
            if len(set(w.piles[w.crab_pile])) != 1:
                return
            take_crab_card(w, TAKE_CRAB[w.piles[w.crab_pile][0]])
        elif phase is _ROB:
            targets = rob_targets(w.active, w.hands, w.revealed, w.face_down)
            if len(targets) != 1:
                return
            rob(w, ROB_SEAT[targets[0]])
        elif phase is _LOBSTER:
            if len(w.pending) != 1:
                return
            keep_lobster(w, KEEP_LOBSTER[w.pending[0]])
        elif not _auto_pepper(w, phase):
            return


def _auto_pepper(w: Work, phase: Phase) -> bool:
    """Extra Pepper's forced choices (RULES §12.0 "Defaults", §3.5); False: a real decision."""
    if phase is _SWAP_TARGET:
        targets = rob_targets(w.active, w.hands, w.revealed, w.face_down)
        if len(targets) != 1:
            return False
        look_at_hand(w, LookAtHand(targets[0]))
    elif phase is _SWAP:
        if w.hands[w.active]:  # an empty hand can only pass (RULES §12.3, P36)
            return False
        pass_swap(w, PassSwap())
    elif phase is _PAIR_STEAL:
        pairs = stealable_pairs(w.active, w.tables, w.revealed, w.face_down)
        if len(pairs) != 1:
            return False
        steal_pair(w, StealPair(pairs[0]))
    elif phase in (_ANGELFISH, _KEEP_EVENT_CARD):
        return False  # always two options
    else:  # pragma: no cover - every phase is handled
        raise AssertionError(phase)
    return True


STEP: dict[type, Callable[[Work, Any], None]] = {
    DrawFromDeck: draw_from_deck,
    TakeDiscard: take_discard,
    KeepCard: keep_card,
    PlayPair: play_pair,
    PlayTrio: play_trio,
    ChooseCrabPile: choose_crab_pile,
    TakeCrabCard: take_crab_card,
    Rob: rob,
    KeepLobsterCard: keep_lobster,
    Call: call,
    EndTurn: end_turn,
    TakeAngelfishCard: take_angelfish_card,
    LookAtHand: look_at_hand,
    SwapCard: swap_card,
    PassSwap: pass_swap,
    StealPair: steal_pair,
    PlaceShellFaceDown: place_shell,
    KeepEventCard: keep_event_card,
}
"""Each action type's step (Extra Pepper's event actions get theirs here, RULES §12.14). A
step takes its own action class (typed so: no isinstance check per action); the dispatch by
``type(action)`` is what guarantees it."""
