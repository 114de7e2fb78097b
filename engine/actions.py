"""Actions: one small frozen value per decision (DESIGN "engine contract").

Every action names card ids, piles (0 or 1) or seats; none carries the acting seat, which is
always ``state.to_act``. Legal actions in a view are value-equal to the engine's.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass


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
)

DRAW_FROM_DECK = DrawFromDeck()
END_TURN = EndTurn()
