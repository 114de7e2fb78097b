"""Tables and seats: the lobby's model of one game table, with no I/O.

A table has a name, a fixed list of seat kinds (``human`` or ``bot:LEVEL``) and options, and
plays one game at a time (``play again`` starts the next with a fresh seed). Its game state
changes only through :meth:`Table.apply`, which calls ``engine.apply``.
"""

from __future__ import annotations

import enum
from collections import deque
from dataclasses import dataclass, field

from seasalt.engine import Action, ApplyResult, EventKind, GameState, Rules, ViewCache, apply
from seasalt.protocol import ChatEntry, FrameCache

from .stand_ins import LogMarks
from .turn_clock import IdleClock, TurnClock

HUMAN = "human"
BOT_PREFIX = "bot:"
CHAT_KEPT = 50
"""Chat lines a table keeps (in memory and in the journal) for late comers and restarts."""


class Status(enum.Enum):
    WAITING = "waiting"
    """Some human seat is still free: the game has not started."""
    RUNNING = "running"
    ROUND_OVER = "round_over"
    """A round was scored (or void): waiting for ``continue`` from the people reading it."""
    FINISHED = "finished"


NOT_OVER = (Status.WAITING, Status.RUNNING, Status.ROUND_OVER)
"""A table whose game is not over: waiting for players, or being played."""


def make_rules(
    players: int, extra_salt: bool, double_target: bool, target: int = 0, *,
    extra_pepper: bool = False,
) -> Rules:
    """The engine rules for a table's options (``target`` 0: the standard for the count)."""
    if double_target:
        return Rules.with_double_target(players, extra_salt, extra_pepper=extra_pepper)
    return Rules(players, extra_salt=extra_salt, extra_pepper=extra_pepper, target=target or None)


@dataclass(slots=True)
class Seat:
    index: int
    kind: str
    """``human`` or ``bot:LEVEL``; fixed for the table's life."""
    holder: str | None = None
    """Token hash of the human holding this seat (None: free, or a bot seat)."""
    name: str | None = None
    bot_playing: bool = False
    """A human seat a bot plays for now (the human left or dropped out, or kept the table
    waiting: ``idle``). Set and cleared only by server/table_registry.py."""
    idle: bool = False
    """With ``bot_playing``: the bot took the seat because its player, still connected, let
    their turn wait past the idle limit. Heartbeats keep coming from such a player, so being
    heard does not give the seat back: their own next ``action`` or ``continue`` does."""

    @property
    def is_bot(self) -> bool:
        return self.kind.startswith(BOT_PREFIX)

    @property
    def level(self) -> str:
        return self.kind[len(BOT_PREFIX) :]


@dataclass(slots=True)
class Table:
    name: str
    extra_salt: bool
    double_target: bool
    seats: list[Seat]
    game_id: int
    game_no: int
    seed: int
    seq_base: int
    """Actions accepted in this table's earlier games: ``seq`` never goes back."""
    state: GameState
    status: Status = Status.WAITING
    takeover_level: str = "random"
    reading: set[int] = field(default_factory=set)
    """ROUND_OVER: seats whose ``continue`` the server still waits for."""
    continue_deadline: float | None = None
    reading_restored: bool = False
    """ROUND_OVER rebuilt from the journal: a reading seat whose human has not come back since
    the restart holds the pause until ``continue_deadline`` (no session can say it left)."""
    again: set[int] = field(default_factory=set)
    """FINISHED: seats whose human asked to play again."""
    watchers: set[str] = field(default_factory=set)
    """Token hashes of spectator sessions."""
    refused: str | None = None
    """Why a journalled game could not be resumed (engine version), shown in the lobby."""
    created_by: tuple[object, str | None] | None = None
    """(creating connection, its capped address) while waiting: the per-connection and
    per-address table caps (server/lockout.py)."""
    forget_at: float | None = None
    """FINISHED table rebuilt from the journal: dropped at this clock time if nobody is at it."""
    chat: deque[ChatEntry] = field(default_factory=lambda: deque(maxlen=CHAT_KEPT))
    """The table's recent chat, sent to whoever comes to the table."""
    stand_in: dict[int, tuple[str, set[int]]] = field(default_factory=dict)
    """This game: seat -> (level, rounds) of the takeover bot that played for its human."""
    marks: LogMarks = field(default_factory=LogMarks, repr=False, compare=False)
    """This game: where in the round's log a bot moved for a human seat (server/stand_ins.py)."""
    views: ViewCache = field(default_factory=ViewCache, repr=False, compare=False)
    """The memos of this table's views (``engine.view(state, seat, table.views)``): the engine
    keeps none of its own, so each table's go with it (engine/memo.py)."""
    frames: FrameCache = field(default_factory=FrameCache, repr=False, compare=False)
    """The packed pieces of this table's view frames (``encode(message, table.frames)``)."""
    turn_time: int = 0
    """The turn timer option: seconds per turn, 0 off (journalled with the game)."""
    coach_allowed: bool = False
    """The coach option: clients may offer the coach at this table (journalled; a join
    takes the table's, as for the turn timer)."""
    turn_clock: TurnClock = field(default_factory=TurnClock)
    """The turn timer's state (server/clocks.py)."""
    committing: bool = False
    """An accepted action's journal commit is in flight (a ``--fsync`` journal commits off
    the event loop): ``state`` is still the one before it, the only one anyone was told of,
    and no other action is played here until it is in (server/game.py)."""
    idle_clock: IdleClock = field(default_factory=IdleClock)
    """Without a turn timer: how long the player to act has let the table wait."""

    def note_stand_in(self, seat: int, level: str, round_no: int) -> None:
        """A takeover bot moved for ``seat`` in round ``round_no``."""
        _, rounds = self.stand_in.setdefault(seat, (level, set()))
        rounds.add(round_no)
        self.stand_in[seat] = (level, rounds)

    @property
    def players(self) -> int:
        return len(self.seats)

    @property
    def seat_kinds(self) -> tuple[str, ...]:
        return tuple(s.kind for s in self.seats)

    @property
    def rules(self) -> Rules:
        return self.state.rules

    @property
    def seq(self) -> int:
        """Accepted actions on this table so far (all its games)."""
        return self.seq_base + self.state.move

    @property
    def target(self) -> int:
        """The target option: the points that end the game, 0 for the standard (or double)."""
        if self.double_target:
            return 0
        return self.state.rules.target or 0

    @property
    def extra_pepper(self) -> bool:
        """The Extra Pepper option (RULES §12): kept in the rules, like the target."""
        return self.state.rules.extra_pepper

    def matches(
        self, seat_kinds: tuple[str, ...], extra_salt: bool, double_target: bool, target: int = 0,
        *, extra_pepper: bool = False,
    ) -> bool:
        return (
            seat_kinds == self.seat_kinds
            and extra_salt == self.extra_salt
            and double_target == self.double_target
            and target == self.target
            and extra_pepper == self.extra_pepper
        )

    def seat_of(self, token_hash: str) -> int | None:
        for seat in self.seats:
            if seat.holder == token_hash:
                return seat.index
        return None

    def free_human_seat(self) -> int | None:
        for seat in self.seats:
            if not seat.is_bot and seat.holder is None:
                return seat.index
        return None

    def humans_seated(self) -> bool:
        return all(s.is_bot or s.holder is not None for s in self.seats)

    def bot_level(self, index: int) -> str | None:
        """The level of the bot that plays ``index`` now, or None when a human does."""
        seat = self.seats[index]
        if seat.is_bot:
            return seat.level
        if seat.bot_playing or seat.holder is None or self.turn_clock.seat_timed_out(index):
            return self.takeover_level  # also for the rest of a turn whose time ran out
        return None

    def attempt(self, action: Action) -> ApplyResult:
        """What ``action`` by the seat to act would do, the table unchanged (:meth:`install`
        makes it so once it is journalled).

        Raises:
            IllegalActionError: from the engine.
        """
        return apply(self.state, action)

    def install(self, result: ApplyResult) -> None:
        """The action of ``result`` is accepted: the only way the game state changes."""
        self.state = result.state
        if result.state.is_over:
            self.status = Status.FINISHED
        elif any(
            e.kind in (EventKind.ROUND_SCORED, EventKind.ROUND_VOID) for e in result.events
        ):
            self.status = Status.ROUND_OVER
