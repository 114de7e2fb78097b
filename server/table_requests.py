"""What a ``join_or_create`` asks of a table: whether an existing table takes the one who asks
(its seats and options must match, and it must still be waiting), and the new table it makes
otherwise. No I/O: the lobby (server/lobby.py) sends the answers and keeps the tables.
"""

from __future__ import annotations

from seasalt.engine import new_game
from seasalt.protocol import ErrorCode, JoinOrCreate

from .lockout import NOT_JOURNALLED
from .tables import Seat, Status, Table, make_rules


def join_refusal(table: Table, msg: JoinOrCreate) -> tuple[ErrorCode, str] | None:
    """Why one who holds no seat at ``table`` may not join it, or None."""
    if not table.matches(
        msg.seats, msg.extra_salt, msg.double_target, msg.target,
        extra_pepper=msg.extra_pepper,
    ):
        has = describe(
            table.seat_kinds, table.extra_salt, table.double_target, table.target,
            table.extra_pepper,
        )
        asked = describe(
            msg.seats, msg.extra_salt, msg.double_target, msg.target, msg.extra_pepper
        )
        return (
            ErrorCode.TABLE_MISMATCH,
            f"table {table.name!r} is {has}; you asked for {asked} "
            "(ask for the same, or pick another name)",
        )
    if table.status in (Status.RUNNING, Status.ROUND_OVER):
        return (
            ErrorCode.TABLE_RUNNING,
            f"the game at {table.name!r} has started (watch it, or pick another name)",
        )
    if table.status is Status.FINISHED:
        # Else a player pressing j on "João's table (finished)" would take João's seat in a
        # new game that starts at once. A game over belongs to its players (each may come
        # back to it, and their "play again" is how its next game starts); to anyone else it
        # is a result to watch. Asked before any gone player is released, so the answer
        # does not depend on whether its players' clients are still heard from.
        return (
            ErrorCode.GAME_OVER,
            f"the game at {table.name!r} is over: watch its result, or pick another name "
            "for a new table",
        )
    return None


def new_table(
    name: str, seat_kinds: tuple[str, ...], extra_salt: bool, double_target: bool,
    game_no: int, seed: int, takeover_level: str, *, turn_time: int = 0, target: int = 0,
    coach_allowed: bool = False, extra_pepper: bool = False,
) -> Table:
    """A table waiting for its players, its first game dealt from ``seed`` (not journalled
    yet: that happens when the game starts, server/lockout.py)."""
    rules = make_rules(
        len(seat_kinds), extra_salt, double_target, target, extra_pepper=extra_pepper
    )
    return Table(
        name=name,
        extra_salt=extra_salt,
        double_target=double_target,
        seats=[Seat(i, kind) for i, kind in enumerate(seat_kinds)],
        game_id=NOT_JOURNALLED,
        game_no=game_no,
        seed=seed,
        seq_base=0,
        state=new_game(rules, seed),
        takeover_level=takeover_level,
        turn_time=turn_time,  # the creator's choice; a join takes it (docs/protocol.md §4)
        coach_allowed=coach_allowed,  # the same
    )


def describe(
    seats: tuple[str, ...], extra_salt: bool, double_target: bool, target: int,
    extra_pepper: bool = False,
) -> str:
    """``2 seats (human, bot:random), with Extra Salt, with Extra Pepper, double target`` for
    error messages."""
    parts = [f"{len(seats)} seats ({', '.join(seats)})"]
    parts.append("with Extra Salt" if extra_salt else "without Extra Salt")
    if extra_pepper:  # named only when on: older tables' messages read as before
        parts.append("with Extra Pepper")
    if double_target:
        parts.append("double target")
    if target:
        parts.append(f"to {target} points")
    return ", ".join(parts)
