"""A browser tab closed for good hands its seat to the stand-in at once, as ``q`` does.

The page says so as it goes (a beacon on ``pagehide``: web.py ``handle_away``). Its client is
then stopped, but a stopped client says nothing (only ``q``'s confirmed quit sends ``away``):
the host does what that ``away`` would have done, for the session whose seat token the tab's
client keeps in the tab's folder.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from seasalt.protocol import Away

from .seeds import token_hash


def tell_away(master: Any, home: Path, address: str, name: str) -> bool:
    """Hand the seat of the tab's session to its stand-in (True when there was a session).

    ``home`` is the tab's data folder (its ``XDG_DATA_HOME``), ``address`` the game address
    its client was given, ``name`` the name it plays under."""
    from seasalt.client.files.tokens import load

    kept = load(address, name, home / "seasalt" / "sessions.json")
    session = master.sessions.get(token_hash(kept.token)) if kept is not None else None
    if session is None:
        return False
    master.presence.on_away(session, session.peer or b"", Away())
    return True
