"""Actions: one small frozen value per decision (DESIGN "engine contract").

Every action names card ids, piles (0 or 1) or seats; none carries the acting seat, which is
always ``state.to_act``. Legal actions in a view are value-equal to the engine's.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass

from .event_cards import EventCard


class CallKind(enum.Enum):
    """The two round-ending calls (RULES §3.3, §6)."""

    STOP = "stop"
    LAST_CHANCE = "last_chance"

    def __repr__(self) -> str:
        return f"CallKind.{self.name}"


@dataclass(frozen=True, slots=True)
class DrawFromDeck:
    """Draw the top two cards of the deck (or the last one) (RULES §3.1 A)."""


@dataclass(frozen=True, slots=True)
class TakeDiscard:
    """Take the top card of discard pile ``pile`` (RULES §3.1 B)."""

    pile: int


@dataclass(frozen=True, slots=True)
class KeepCard:
    """Keep ``card`` of the two drawn and put the other on ``pile``.

    ``pile`` is ``None`` when the placement is forced (an empty pile, RULES §3.1).
    """

    card: int
    pile: int | None = None


@dataclass(frozen=True, slots=True)
class PlayPair:
    """Lay a valid pair from hand and resolve its effect (RULES §3.2, §4). Ids ascending."""

    cards: tuple[int, int]


@dataclass(frozen=True, slots=True)
class PlayTrio:
    """Lay a valid pair plus a starfish; the effect is cancelled (RULES §11.4)."""

    cards: tuple[int, int]
    starfish: int


@dataclass(frozen=True, slots=True)
class ChooseCrabPile:
    """Crab pair: choose the discard pile to look through, before seeing it (RULES §4.1)."""

    pile: int


@dataclass(frozen=True, slots=True)
class TakeCrabCard:
    """Crab pair: take this card from the chosen pile (RULES §4.1)."""

    card: int


@dataclass(frozen=True, slots=True)
class Rob:
    """Swimmer + shark: steal a random card from this seat's hand (RULES §4.4)."""

    seat: int


@dataclass(frozen=True, slots=True)
class KeepLobsterCard:
    """Lobster + crab: keep this card of the revealed ones (RULES §11.1)."""

    card: int


@dataclass(frozen=True, slots=True)
class Call:
    """Announce STOP or LAST CHANCE; ends the turn (RULES §3.3)."""

    kind: CallKind


@dataclass(frozen=True, slots=True)
class EndTurn:
    """End the turn (RULES §3.0). Never chosen automatically."""


# ---- Extra Pepper (RULES §12.14)


@dataclass(frozen=True, slots=True)
class TakeAngelfishCard:
    """The Angelfish: take the top card of pile ``pile`` (the two tops match, RULES §12.10)."""

    pile: int


@dataclass(frozen=True, slots=True)
class LookAtHand:
    """Water Rodeo swimmer pair: look at this opponent's hand, the swap target (RULES §12.3)."""

    seat: int


@dataclass(frozen=True, slots=True)
class SwapCard:
    """Water Rodeo: give my card ``give`` for the looked-at card ``take`` (RULES §12.3)."""

    give: int
    take: int


@dataclass(frozen=True, slots=True)
class PassSwap:
    """Water Rodeo: look, but swap nothing (RULES §12.3)."""


@dataclass(frozen=True, slots=True)
class StealPair:
    """Water Rodeo shark pair: take this laid pair of an opponent (ids ascending, §12.3)."""

    cards: tuple[int, int]


@dataclass(frozen=True, slots=True)
class PlaceShellFaceDown:
    """The Coral Reef: lay this shell from hand face down; shielded this round (§12.12)."""

    card: int


@dataclass(frozen=True, slots=True)
class KeepEventCard:
    """Between rounds: keep this one of the two event cards held (RULES §12.0 step 5)."""

    event: EventCard


Action = (
    DrawFromDeck
    | TakeDiscard
    | KeepCard
    | PlayPair
    | PlayTrio
    | ChooseCrabPile
    | TakeCrabCard
    | Rob
    | KeepLobsterCard
    | Call
    | EndTurn
    | TakeAngelfishCard
    | LookAtHand
    | SwapCard
    | PassSwap
    | StealPair
    | PlaceShellFaceDown
    | KeepEventCard
)

ACTION_TYPES: tuple[type, ...] = (
    DrawFromDeck,
    TakeDiscard,
    KeepCard,
    PlayPair,
    PlayTrio,
    ChooseCrabPile,
    TakeCrabCard,
    Rob,
    KeepLobsterCard,
    Call,
    EndTurn,
    TakeAngelfishCard,
    LookAtHand,
    SwapCard,
    PassSwap,
    StealPair,
    PlaceShellFaceDown,
    KeepEventCard,
)

DRAW_FROM_DECK = DrawFromDeck()
END_TURN = EndTurn()
PASS_SWAP = PassSwap()
