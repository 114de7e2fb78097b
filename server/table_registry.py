"""The lobby's tables by name: the one owner of which tables exist and of who plays each seat.

Every service reads the tables through :class:`TableRegistry` (a read-only mapping, name ->
``Table``) and changes the set only through it: ``add`` and ``remove``, so a table that goes
cannot be dropped twice or under a name a newer table has taken. It also keeps the journalled
names that cannot be resumed (``refuse``), and it alone hands a human seat to the takeover bot
and back (``hand_to_bot``, ``give_back``): ``Seat.bot_playing`` and ``Seat.idle`` change
nowhere else (tests/architecture/test_one_owner.py), so the rule "idle only with a bot
playing" holds in one place.
"""

from __future__ import annotations

from collections.abc import ItemsView, Iterator, Mapping, ValuesView
from typing import TypeVar, overload

from .tables import Table

_Default = TypeVar("_Default")


class TableRegistry(Mapping[str, Table]):
    """The tables the lobby holds, by name, and the names refused at the restart."""

    def __init__(self, takeover_level: str = "random") -> None:
        self.takeover_level = takeover_level
        """The level of the bot that plays for a human who has gone (every table made or
        restored here gets it)."""
        self._tables: dict[str, Table] = {}
        self._refused: dict[str, str] = {}

    # --- reading (a mapping; the dict's own methods: the hot path reads them) ---------------

    def __getitem__(self, name: str) -> Table:
        return self._tables[name]

    def __iter__(self) -> Iterator[str]:
        return iter(self._tables)

    def __len__(self) -> int:
        return len(self._tables)

    def __contains__(self, name: object) -> bool:
        return name in self._tables

    @overload
    def get(self, name: str, /) -> Table | None: ...
    @overload
    def get(self, name: str, default: Table | _Default, /) -> Table | _Default: ...
    def get(self, name: str, default: object = None, /) -> object:
        return self._tables.get(name, default)

    def values(self) -> ValuesView[Table]:
        return self._tables.values()

    def items(self) -> ItemsView[str, Table]:
        return self._tables.items()

    # --- which tables exist -----------------------------------------------------------------

    def add(self, table: Table) -> None:
        """The table is the lobby's under its name (created, or brought back by the restart)."""
        self._tables[table.name] = table

    def remove(self, table: Table) -> bool:
        """Drop ``table`` from the lobby; False when it is no longer the one under its name
        (gone already, or its name taken by a newer table: that one stays)."""
        if self._tables.get(table.name) is not table:
            return False
        del self._tables[table.name]
        return True

    def refuse(self, name: str, reason: str) -> None:
        """A journalled table the restart cannot resume: its name is refused, with why."""
        self._refused[name] = reason

    def refusal(self, name: str) -> str | None:
        """Why the name is refused (None: it is not)."""
        return self._refused.get(name)

    # --- who plays a human seat -------------------------------------------------------------

    def hand_to_bot(self, table: Table, index: int, *, idle: bool) -> bool:
        """The takeover bot plays seat ``index`` until its player is back; ``idle``: the
        player is still connected but let the table wait (only their own move gives the seat
        back), else they have gone (being heard again does). The latest reason wins. True
        when the seat was the player's until now."""
        seat = table.seats[index]
        seat.idle = idle
        if seat.bot_playing:
            return False
        seat.bot_playing = True
        return True

    def give_back(self, table: Table, index: int) -> None:
        """Seat ``index`` is its human's (again): no bot plays it."""
        seat = table.seats[index]
        seat.bot_playing = seat.idle = False
