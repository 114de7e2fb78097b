"""seasalt.engine: the rules of Sea Salt & Paper (+ Extra Salt, Extra Pepper). Pure, standard
library only.

>>> from seasalt.engine import Rules, new_game, legal_actions, apply
>>> state = new_game(Rules(players=2), seed=7)
>>> state.to_act in (0, 1)
True
>>> result = apply(state, legal_actions(state)[0])
>>> result.state.move
1
"""

from .actions import (
    ACTION_TYPES,
    Action,
    Call,
    CallKind,
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
from .cards import (
    ALL_CARDS,
    DUO_KINDS,
    PAIR_GROUPS,
    PAIR_KINDS,
    Card,
    Color,
    DuoEffect,
    Kind,
    PairKind,
    PointRole,
    build_deck,
    card,
    is_pair,
    pair_kind,
    pair_partners,
    point_role,
)
from .combos import Combination, ComboKind, Scored, scored_parts, scoring_combinations
from .effects import DOLPHIN_KINDS
from .event_cards import EVENT_CARDS, EventCard, Keeper, mermaids_to_win
from .events import Event, EventKind, events_for
from .game import CALL_THRESHOLD, ApplyResult, apply, legal_actions, new_game, replay
from .memo import ViewCache
from .notation import card_code, cards_from_codes, parse_state, render_state
from .scoring import Breakdown, EventPoints, breakdown, card_points, color_bonus, round_gains
from .setup import make_state
from .state import (
    GameState,
    IllegalActionError,
    Phase,
    RoundEnd,
    RoundResult,
    Rules,
    SeatResult,
    effects,
)
from .views import PileView, PlayerView, SeatView, seat_effects, view

ENGINE_VERSION = "2"
"""Bumped whenever the same seed and actions could give a different game (journal check).
2: Extra Pepper (RULES §12), new actions, phases and state fields."""

__all__ = [
    "ACTION_TYPES", "ALL_CARDS", "Action", "ApplyResult", "Breakdown", "CALL_THRESHOLD", "Call",
    "CallKind", "Card", "ChooseCrabPile", "Color", "DUO_KINDS", "DrawFromDeck", "DuoEffect",
    "ENGINE_VERSION", "EndTurn", "Event", "EventKind", "GameState", "IllegalActionError",
    "KeepCard", "KeepLobsterCard", "Kind", "PAIR_GROUPS", "PAIR_KINDS", "PairKind", "Phase",
    "PileView",
    "PlayPair", "PlayTrio", "PlayerView", "PointRole", "Rob", "RoundEnd", "RoundResult", "Rules",
    "SeatResult", "SeatView", "TakeCrabCard", "TakeDiscard", "ViewCache", "apply", "breakdown",
    "build_deck", "card", "card_code", "card_points", "cards_from_codes", "color_bonus",
    "events_for", "is_pair", "legal_actions", "make_state", "new_game", "pair_kind",
    "pair_partners", "parse_state", "point_role", "render_state", "replay", "round_gains", "view",
    # Extra Pepper (RULES §12.14)
    "EVENT_CARDS", "EventCard", "EventPoints", "Keeper", "KeepEventCard", "LookAtHand",
    "PassSwap", "PlaceShellFaceDown", "StealPair", "SwapCard", "TakeAngelfishCard", "effects",
    "seat_effects", "DOLPHIN_KINDS", "mermaids_to_win",
    # what scores, for the UI (engine/combos.py)
    "Combination", "ComboKind", "Scored", "scored_parts", "scoring_combinations",
]
