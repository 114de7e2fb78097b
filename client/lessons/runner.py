"""The lesson's own table: a :class:`Lesson` played over the real engine, answering the
client's protocol messages as the server would (client/lessons/link.py puts it behind a
:class:`~seasalt.client.tui.link.Link`, so the table screen is the real one).

No sockets, no asyncio: :meth:`LessonRun.start` and :meth:`LessonRun.receive` return the
server messages to hand the client; :meth:`LessonRun.bot_step` plays the opponent's next
action, one at a time, so the link can pace them as the server paces its bots. Frames come
from ``engine.view`` of the lesson's state: every card, choice and number the table shows is
the engine's. What the lesson says at each frame is :meth:`LessonRun.moment_at` its ``seq``.

A move that does not fit the lesson (a legal one: the engine refuses the others) is not
applied: the moment records it, so the line explains it, and the same frame is sent again,
which frees the table's keys to choose again.
"""

from __future__ import annotations

from dataclasses import dataclass

# The package, not its names: seasalt.bots loads a bot (the engine's search) on first use,
# so the app's start menu, which imports this module, does not pay for one.
from seasalt import bots
from seasalt import protocol as p
from seasalt.engine import (
    Action,
    EventKind,
    GameState,
    apply,
    events_for,
    legal_actions,
    view,
)

from .script import PLAYER, Beat, Bot, End, Jump, Lesson, Move, Pause, same_move

TABLE = "lesson"
"""The lesson table's name (its status line says it)."""

_ROUND_ENDS = (EventKind.ROUND_SCORED, EventKind.ROUND_VOID)


class LessonError(RuntimeError):
    """The lesson's script does not fit the engine (a bug in a lesson, caught by its test)."""


@dataclass(frozen=True)
class Moment:
    """What the lesson waits for at one frame: ``beat`` (a :class:`Move`, a :class:`Pause`
    or the :class:`End`; None while the opponent plays), and the move that did not fit, if
    the player just chose one."""

    beat: Move | Pause | End | None
    wrong: Action | None = None
    step: int = 0
    """How many of the lesson's beats are behind (its progress)."""


class LessonRun:
    """One lesson being played (see the module docstring)."""

    def __init__(self, lesson: Lesson) -> None:
        self.lesson = lesson
        self.state: GameState = lesson.deal()
        self.index = 0
        """The beat the lesson is at."""
        self.seq = 0
        self.wrong: Action | None = None
        self.reading = False
        """A round has ended: play waits for the player's ``continue`` (as the server's)."""
        self.rounds: list[p.ScoreRound] = []
        self.moments: dict[int, Moment] = {}
        self._bot: bots.Bot | None = None
        self.names = ("", lesson.opponent)
        self.table = TABLE
        """The table's name (the link names it after the lesson, in the player's language)."""
        self.players = self.state.players

    # --- where the lesson stands ------------------------------------------------------------

    @property
    def beat(self) -> Beat | None:
        """The beat the lesson is at (None once past the end of the script)."""
        return self.lesson.beats[self.index] if self.index < len(self.lesson.beats) else None

    @property
    def over(self) -> bool:
        """The lesson's script is done (the game may go on)."""
        return isinstance(self.beat, End) or self.beat is None

    def moment(self) -> Moment:
        beat = self.beat
        waits = isinstance(beat, Pause | End) or (
            isinstance(beat, Move) and self.state.to_act == PLAYER and not self.reading
        )
        return Moment(beat if waits else None, self.wrong, self.index)  # type: ignore[arg-type]

    def moment_at(self, seq: int) -> Moment | None:
        """What the lesson says at the frame of ``seq`` (None for a frame it never sent)."""
        return self.moments.get(seq)

    # --- the table, as the server shows it ----------------------------------------------------

    def info(self, name: str) -> p.TableInfo:
        rules = self.state.rules
        seats = (p.SeatInfo("human", name, True, False),
                 *(p.SeatInfo("bot:greedy", self.lesson.opponent, True, True)
                   for _ in range(1, self.players)))
        return p.TableInfo(self.table, seats, rules.extra_salt, False, p.TableState.RUNNING,
                           self.state.round, target=0, extra_pepper=rules.extra_pepper)

    def start(self, name: str) -> list[p.ServerMessage]:
        """Seated at the lesson's table: joined, the table, the first frame."""
        return [p.Joined(self.table, PLAYER), p.TableChanged(self.info(name)), self._snapshot()]

    def _snapshot(self) -> p.Snapshot:
        self.moments[self.seq] = self.moment()
        return p.Snapshot(self.table, self.seq, view(self.state, PLAYER))

    def receive(self, message: object) -> list[p.ServerMessage]:
        """The server's answer to one client message."""
        match message:
            case p.ActionRequest():
                return self._action(message)
            case p.Continue():
                return self._go_on()
            case p.Sync():
                return [self._snapshot()]
            case p.Chat(text=text):
                return [p.ChatLine(self.table, self.names[PLAYER] or "you", PLAYER, text)]
            case p.PlayAgain() if self.state.is_over:
                return self._again()
            case p.GetScores():
                state = self.state
                return [p.ScoreSheet(self.table, self.seq, tuple(self.rounds), state.scores,
                                     state.standings(), state.is_over, False)]
        return []

    def _action(self, request: p.ActionRequest) -> list[p.ServerMessage]:
        if request.seq != self.seq:
            return [p.Error(p.ErrorCode.STALE_SEQ, "stale", self.table), self._snapshot()]
        action = request.action
        if self.state.to_act != PLAYER or action not in legal_actions(self.state):
            return [p.Error(p.ErrorCode.ILLEGAL_ACTION, "not a legal move now", self.table)]
        if isinstance(self.beat, Pause) and not self.beat.result and not self.reading:
            self.index += 1  # a move made while the words are read: the words are read
            self._jump()
        beat = self.beat
        if isinstance(beat, Move) and not same_move(action, beat.action):
            self.wrong = action  # explained; the same frame again frees the keys
            return [self._snapshot()]
        self.wrong = None
        if isinstance(beat, Move):
            self.index += 1
        return self._apply(action)

    def _again(self) -> list[p.ServerMessage]:
        """Play again at the game over: the lesson from its start (a new game, as the server
        starts one)."""
        self.state = self.lesson.deal()
        self.index, self.wrong, self.reading, self.rounds = 0, None, False, []
        self.seq += 1
        return [self._snapshot()]

    def _go_on(self) -> list[p.ServerMessage]:
        """The player's go-on: a round result read, or a pause's words."""
        was = (self.index, self.reading)
        beat = self.beat
        if self.reading:
            self.reading = False
            if isinstance(beat, Pause) and beat.result:
                self.index += 1
        elif isinstance(beat, Pause):
            self.index += 1
        out = self._jump()
        if (self.index, self.reading) != was and not out:
            out = [self._snapshot()]  # the same frame, with the lesson's next words
        return out

    def _jump(self) -> list[p.ServerMessage]:
        beat = self.beat
        if not isinstance(beat, Jump):
            return []
        self.index += 1
        self.state = beat.build(self.state)
        self.seq += 1
        return [self._snapshot()]

    def _apply(self, action: Action) -> list[p.ServerMessage]:
        result = apply(self.state, action)
        self.state = state = result.state
        self.seq += 1
        ended = any(e.kind in _ROUND_ENDS for e in result.events)
        if ended and state.last_result is not None:
            r = state.last_result
            self.rounds.append(p.ScoreRound(
                r.round, r.end, r.ended_by, r.bet_won,
                tuple(s.round_score for s in r.seats), tuple(state.scores)))
            self.reading = not state.is_over
        self.moments[self.seq] = self.moment()
        out: list[p.ServerMessage] = [
            p.Update(self.table, self.seq, view(state, PLAYER), events_for(result.events, PLAYER))]
        if ended and state.last_result is not None:
            out.append(p.RoundOver(self.table, self.seq, state.last_result, (PLAYER,)))
        if state.is_over:
            out.append(p.GameOver(self.table, self.seq, state.scores, state.winners,
                                  state.standings()))
        return out

    # --- the opponent ---------------------------------------------------------------------

    def bot_due(self) -> bool:
        """The opponent is to act now (the link paces it before :meth:`bot_step`)."""
        state = self.state
        return (not self.reading and not state.is_over and state.to_act is not None
                and state.to_act != PLAYER and not isinstance(self.beat, Pause | Jump | Move))

    def bot_step(self) -> list[p.ServerMessage]:
        """The opponent's next action (its scripted one; once the lesson is over, a
        deterministic bot's); nothing when it is not to act."""
        if not self.bot_due():
            return []
        beat = self.beat
        if isinstance(beat, Bot):
            if beat.action not in legal_actions(self.state):
                raise LessonError(f"beat {self.index}: the opponent's {beat.action!r} is not "
                                  "legal here")
            self.index += 1
            return self._apply(beat.action)
        if self._bot is None:
            self._bot = bots.get_bot("greedy", seed=self.lesson.bot_seed)
        seat = self.state.to_act
        assert seat is not None
        return self._apply(self._bot.choose(view(self.state, seat)))


__all__ = ["LessonError", "LessonRun", "Moment", "TABLE"]
