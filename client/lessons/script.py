"""What a lesson is made of: a prepared deal and a list of beats over the real engine.

A lesson names positions and actions only. Its words (client/lessons/words*.py) are functions
of what the player's view shows (the engine's breakdown, the round's result, the legal
actions), evaluated when the table is drawn, in the player's language: no number about scoring
is written in a lesson by hand.

The beats, in order:

* :class:`Move`: the player's move, one legal action; another legal move is explained and the
  step asked again (it is not applied).
* :class:`Bot`: the opponent's scripted action (the lesson is the same every time).
* :class:`Pause`: the lesson waits for the player's "go on" (``continue``: the round result's
  Continue, or Enter at the table) while its words are read.
* :class:`Jump`: the lesson moves to another prepared position (a later moment of the round
  under way), built with the engine's exact-state constructor.
* :class:`End`: the lesson is over; the game goes on against a deterministic bot.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, fields

from seasalt.client.words.game import Names
from seasalt.engine import Action, GameState, PlayerView, card


@dataclass(frozen=True)
class Ctx:
    """What a lesson's words read: the player's view of the moment and the seats' names."""

    view: PlayerView
    names: Names


Words = Callable[[Ctx], str]
"""A lesson line: a function of the moment, through ``_()`` (client/lessons/words.py)."""


@dataclass(frozen=True)
class Move:
    """The player's move: ``action`` (or one with the same outcome: RULES §3.5)."""

    action: Action
    say: Words
    why: Words | None = None
    """Why another legal move does not fit the lesson here (None: the general words)."""


@dataclass(frozen=True)
class Bot:
    """The opponent's scripted action."""

    action: Action


@dataclass(frozen=True)
class Pause:
    """Wait for the player's go-on (``continue``) while ``say`` is read.

    ``result``: the go-on is the round result's Continue (the round has just ended; the
    table holds its result until a key); otherwise Enter at the table.
    """

    say: Words
    result: bool = False


@dataclass(frozen=True)
class Jump:
    """Go to the position ``build`` makes from the state reached (the same game: its rules,
    round and scores; a later moment of the round, prepared)."""

    build: Callable[[GameState], GameState]


@dataclass(frozen=True)
class End:
    """The lesson is over: ``say`` stays on the line while the game goes on."""

    say: Words


Beat = Move | Bot | Pause | Jump | End


@dataclass(frozen=True)
class Lesson:
    """One guided game: a prepared deal, the seats' names (the player is seat 0) and the
    beats."""

    key: str
    """Its name on the command line (``--learn KEY``)."""
    title: Callable[[], str]
    """The lesson's name, in the player's language (the table is named after it)."""
    deal: Callable[[], GameState]
    beats: tuple[Beat, ...]
    opponent: str = "Bob"
    bot_seed: int = 1
    """The seed of the bot that plays the opponent once the lesson is over."""


PLAYER = 0
"""The player's seat in every lesson."""


_CARD_FIELDS = frozenset({"card", "cards", "starfish", "give", "take"})


def _looks(value: object) -> object:
    """A card id as (kind, colour); several as a tuple of those."""
    if isinstance(value, int) and not isinstance(value, bool):
        c = card(value)
        return (c.kind, c.color)
    if isinstance(value, tuple):
        return tuple(_looks(v) for v in value)
    return value


def same_move(a: Action, b: Action) -> bool:
    """Whether ``a`` and ``b`` are the same move: equal, or naming cards of the same kind and
    colour in the same places (two such cards are two actions with one outcome, RULES §3.5;
    the table shows them once)."""
    if a == b:
        return True
    if type(a) is not type(b):
        return False
    return all(
        (_looks(getattr(a, f.name)) == _looks(getattr(b, f.name))) if f.name in _CARD_FIELDS
        else getattr(a, f.name) == getattr(b, f.name)
        for f in fields(a)
    )


def deck_from_top(top: Iterable[int], rest: Iterable[int]) -> tuple[int, ...]:
    """A deck for ``make_state`` (bottom to top) whose first cards drawn are ``top`` in
    order, the ``rest`` under them."""
    drawn = list(top)
    under = [c for c in rest if c not in set(drawn)]
    return (*under, *reversed(drawn))
