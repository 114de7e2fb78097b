"""The guards several handlers share: the table a message names, as its sender stands there.

Each returns the table (and seat), or None once the peer has been told why (a refusal changes
nothing).
"""

from __future__ import annotations

from seasalt.protocol import ErrorCode

from .outbox import Outbox
from .sessions import Session
from .table_registry import TableRegistry
from .tables import Table


def seated_at(
    tables: TableRegistry, outbox: Outbox, session: Session, peer: bytes, name: str
) -> tuple[Table, int] | None:
    """The table ``name`` and the seat the session holds there (actions, play again)."""
    table = tables.get(name)
    if table is None:
        outbox.error(peer, ErrorCode.UNKNOWN_TABLE, f"no table named {name!r}", name)
        return None
    if session.table != table.name or session.seat is None:
        outbox.error(peer, ErrorCode.NOT_SEATED, f"you hold no seat at {table.name!r}", name)
        return None
    return table, session.seat


def member_of(
    tables: TableRegistry, outbox: Outbox, session: Session, peer: bytes, name: str
) -> Table | None:
    """The table ``name``, where the session is seated or watching (sync, chat, scores)."""
    table = tables.get(name)
    if table is None or session.table != table.name:
        outbox.error(peer, ErrorCode.NOT_SEATED, f"you are not at {name!r}", name)
        return None
    return table
