"""Rules, phases and the immutable game state (DESIGN "engine contract")."""

from __future__ import annotations

import enum
from dataclasses import dataclass, field

from .actions import Action, CallKind
from .event_cards import EventCard, effects_of
from .events import Event
from .scoring import Breakdown


class IllegalActionError(ValueError):
    """An action that the current state does not allow, or a malformed state."""


_TARGETS = {2: 40, 3: 35, 4: 30}
"""The score that ends the game, by player count (RULES §2.5)."""


@dataclass(frozen=True, slots=True)
class Rules:
    """The options of one game (RULES §2.5, §2.6, §12.14). Options after ``players`` are
    passed by keyword (DESIGN): new options get added.

    ``target`` None means the standard 40 / 35 / 30 for 2 / 3 / 4 players.

    Raises:
        ValueError: for a player count outside 2-4 or a non-positive target.
    """

    players: int
    extra_salt: bool = False
    extra_pepper: bool = False
    target: int | None = None

    def __post_init__(self) -> None:
        if type(self.players) is not int or not 2 <= self.players <= 4:
            raise ValueError(f"players must be 2, 3 or 4, not {self.players!r}")
        if self.target is not None and (type(self.target) is not int or self.target <= 0):
            raise ValueError(f"target must be a positive int, not {self.target!r}")
        for name in ("extra_salt", "extra_pepper"):
            value = getattr(self, name)
            if value not in (False, True) or type(value) not in (bool, int):
                raise ValueError(f"{name} must be a bool, not {value!r}")
            # 0/1 (say, from a database row) become False/True, so reprs stay the same.
            object.__setattr__(self, name, bool(value))

    @property
    def target_score(self) -> int:
        """The score that ends the game after a scored round."""
        if self.target is not None:
            return self.target
        return _TARGETS[self.players]

    @classmethod
    def with_double_target(
        cls, players: int, extra_salt: bool = False, *, extra_pepper: bool = False
    ) -> Rules:
        """The lobby option "double target": 80 / 70 / 60 (RULES §2.5)."""
        return cls(
            players, extra_salt=extra_salt, extra_pepper=extra_pepper,
            target=2 * _TARGETS[players],
        )


class Phase(enum.Enum):
    """Where the active player stands in a turn (RULES §3.0)."""

    DRAW = "draw"
    """Choose a draw: the deck or a discard top."""
    KEEP = "keep"
    """Two cards drawn (``pending``): keep one, place the other."""
    PLAY = "play"
    """Pairs, trios, a call, or END TURN."""
    CRAB_PILE = "crab_pile"
    """Crab pair: choose the pile to look through."""
    CRAB_TAKE = "crab_take"
    """Crab pair: take one card of pile ``crab_pile``."""
    ROB = "rob"
    """Swimmer + shark: choose the opponent to rob."""
    LOBSTER = "lobster"
    """Lobster pair: keep one of the ``pending`` cards."""
    ANGELFISH = "angelfish"
    """The Angelfish: take one of the two matching pile tops (RULES §12.10)."""
    SWAP_TARGET = "swap_target"
    """Water Rodeo swimmer pair: choose whose hand to look at (RULES §12.3)."""
    SWAP = "swap"
    """Water Rodeo: swap one card with ``swap_target``'s looked-at hand, or pass."""
    PAIR_STEAL = "pair_steal"
    """Water Rodeo shark pair: choose the laid pair to steal (RULES §12.3)."""
    KEEP_EVENT_CARD = "keep_event_card"
    """Between rounds: the receiver of a second event card keeps one (RULES §12.0 step 5)."""
    GAME_OVER = "game_over"
    """Nothing more to do."""

    def __repr__(self) -> str:
        return f"Phase.{self.name}"


_GAME_OVER = Phase.GAME_OVER
"""As a module global for is_over and to_act, asked at every action (an enum member lookup
costs about 70 ns on CPython 3.11, a global about 10)."""


class RoundEnd(enum.Enum):
    """How a round ended."""

    STOP = "stop"
    LAST_CHANCE = "last_chance"
    VOID = "void"
    MERMAIDS = "mermaids"

    def __repr__(self) -> str:
        return f"RoundEnd.{self.name}"


@dataclass(frozen=True, slots=True)
class SeatResult:
    """One seat's part of a round result."""

    hand: tuple[int, ...]
    """The revealed hand (empty for a void round: nothing is revealed)."""
    table: tuple[tuple[int, ...], ...]
    breakdown: Breakdown | None
    """None for a void round."""
    round_score: int
    """Points added to the total this round."""
    total: int
    shielded: bool = False
    """Extra Pepper: a shell lay face down (not shown: it stays hidden, RULES §12.12)."""


@dataclass(frozen=True, slots=True)
class RoundResult:
    """The outcome of one round (RULES §6)."""

    round: int
    end: RoundEnd
    ended_by: int
    """The caller, the player whose turn emptied the deck, or the mermaid winner."""
    bet_won: bool | None
    """LAST CHANCE only: whether the caller won the bet."""
    seats: tuple[SeatResult, ...]


@dataclass(frozen=True, slots=True)
class EventZones:
    """Extra Pepper's part of the state (RULES §12.14); empty or None with the option off."""

    event_deck: tuple[EventCard, ...] = ()
    """The hidden event deck, bottom to top (the top is the last element)."""
    table_event: EventCard | None = None
    held: tuple[EventCard | None, ...] = ()
    """Per seat: the event card it holds (None while its keep choice is pending)."""
    event_discard: tuple[EventCard, ...] = ()
    """In the order discarded."""
    keep_choice: tuple[EventCard, ...] = ()
    """Phase KEEP_EVENT_CARD: the two cards ``active`` holds (the old one, the new one)."""
    next_starter: int | None = None
    """Phase KEEP_EVENT_CARD: who starts the round dealt once the choice is made."""
    face_down: tuple[int | None, ...] = ()
    """Per seat: its face-down shell (a card id) or None; not a table group (RULES §12.12)."""
    swap_target: int | None = None
    """Phase SWAP: whose hand the swapper looked at (RULES §12.3)."""


NO_EVENT_ZONES = EventZones()


@dataclass(frozen=True, slots=True)
class GameState:
    """The whole truth about a game at one moment. Immutable; never sent over the wire.

    Card zones hold card ids. Deck and piles are ordered bottom to top (the top is the last
    element); hands are sorted by id; tables are tuples of groups in the order laid.
    """

    rules: Rules
    seed: int
    rng_counter: int
    """How many chance events have drawn from the seed (DESIGN: randomness)."""
    round: int
    move: int
    """Actions applied since the game began."""
    scores: tuple[int, ...]
    last_round_scores: tuple[int, ...]
    """Points added in the last scored round: the tie-break (RULES §8.3)."""
    deck: tuple[int, ...]
    piles: tuple[tuple[int, ...], tuple[int, ...]]
    hands: tuple[tuple[int, ...], ...]
    tables: tuple[tuple[tuple[int, ...], ...], ...]
    active: int
    """Whose turn it is (also after the game ends: the last active seat)."""
    phase: Phase
    pending: tuple[int, ...] = ()
    """Cards only the active player sees: the drawn two or the lobster's cards."""
    crab_pile: int | None = None
    """The pile chosen by a crab pair, while its card is taken."""
    call: CallKind | None = None
    caller: int | None = None
    revealed: tuple[bool, ...] = ()
    """Per seat: hand revealed and protected (RULES §6.3)."""
    jellyfish_caster: int | None = None
    """While set, every other seat's next turn is a locked draw (RULES §11.2)."""
    winners: tuple[int, ...] = ()
    log: tuple[Event, ...] = ()
    """The current round's events, unredacted."""
    last_result: RoundResult | None = None
    pepper: EventZones = NO_EVENT_ZONES
    """Extra Pepper's zones (RULES §12.14), read through the properties below; one field, so
    that a game without the option copies one value per action, not eight."""
    # Memo of legal_actions(); not an init field, so dataclasses.replace() never copies a stale one.
    _legal: tuple[Action, ...] | None = field(
        default=None, init=False, repr=False, compare=False
    )

    @property
    def players(self) -> int:
        """Number of seats."""
        return self.rules.players

    # Extra Pepper's zones by name (RULES §12.14).
    @property
    def event_deck(self) -> tuple[EventCard, ...]:
        return self.pepper.event_deck

    @property
    def table_event(self) -> EventCard | None:
        return self.pepper.table_event

    @property
    def held(self) -> tuple[EventCard | None, ...]:
        return self.pepper.held

    @property
    def event_discard(self) -> tuple[EventCard, ...]:
        return self.pepper.event_discard

    @property
    def keep_choice(self) -> tuple[EventCard, ...]:
        return self.pepper.keep_choice

    @property
    def next_starter(self) -> int | None:
        return self.pepper.next_starter

    @property
    def face_down(self) -> tuple[int | None, ...]:
        return self.pepper.face_down

    @property
    def swap_target(self) -> int | None:
        return self.pepper.swap_target

    @property
    def is_over(self) -> bool:
        """Whether the game has ended."""
        return self.phase is _GAME_OVER

    @property
    def to_act(self) -> int | None:
        """The seat to act, or None once the game is over."""
        return None if self.phase is _GAME_OVER else self.active

    def locked(self, seat: int) -> bool:
        """Whether ``seat`` is under a jellyfish lock (RULES §11.2; never a shielded seat,
        §12.12)."""
        return (
            self.jellyfish_caster is not None
            and seat != self.jellyfish_caster
            and not (self.face_down and self.face_down[seat] is not None)
        )

    def shielded(self, seat: int) -> bool:
        """Whether ``seat`` has a shell face down this round (RULES §12.12)."""
        return bool(self.face_down) and self.face_down[seat] is not None

    def tie_broken(self) -> bool:
        """Whether the last round's points decided the winner (RULES §8.3): the game is over
        on points and more seats share the best total than won."""
        if not self.is_over or not self.winners or (
            self.last_result is not None and self.last_result.end is RoundEnd.MERMAIDS
        ):
            return False
        best = max(self.scores)
        return sum(1 for total in self.scores if total == best) > len(self.winners)

    def standings(self) -> tuple[int, ...]:
        """Seats ordered best first: total, then final-round score (RULES §8.3).

        After a four-mermaid win the winner comes first.
        """
        order = sorted(
            range(self.players),
            key=lambda s: (-self.scores[s], -self.last_round_scores[s], s),
        )
        if (
            len(self.winners) == 1
            and self.last_result is not None
            and (self.last_result.end is RoundEnd.MERMAIDS)
        ):
            order.remove(self.winners[0])
            order.insert(0, self.winners[0])
        return tuple(order)


def effects(state: GameState, seat: int) -> tuple[EventCard, ...]:
    """``seat``'s Extra Pepper effects: the table event and its held card, in enum order
    (RULES §12.0, §12.14). Empty with the option off."""
    return effects_of(state.rules.extra_pepper, state.table_event, state.held, seat)
