"""A browser tab closed for good hands its seat to the stand-in at once, as ``q`` does.

The page says so as it goes (a beacon on ``pagehide``: web.py ``handle_away``). Its client is
then stopped, but a stopped client says nothing (only ``q``'s confirmed quit sends ``away``):
the host does what that ``away`` would have done, for the sessions whose seat tokens the tab's
client keeps in the tab's own folder.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from seasalt.protocol import Away

from .seeds import token_hash


def tell_away(master: Any, home: Path) -> int:
    """Hand the seats of the tab's sessions to their stand-ins; how many sessions there were.

    ``home`` is the tab's data folder (its client's ``XDG_DATA_HOME``). Its ``sessions.json``
    is the client's file of seat tokens (client/files/tokens.py: ``servers``, then one entry
    per address and name, each with its ``token``), read here as data: the server may not
    import the client. The folder is this tab's alone and its client talks to this server
    only, so every token in it is the tab's."""
    try:
        data = json.loads((home / "seasalt" / "sessions.json").read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return 0
    servers = data.get("servers") if isinstance(data, dict) else None
    told = 0
    for names in (servers.values() if isinstance(servers, dict) else ()):
        for entry in (names.values() if isinstance(names, dict) else ()):
            token = entry.get("token") if isinstance(entry, dict) else None
            session = master.sessions.get(token_hash(token)) if isinstance(token, str) else None
            if session is not None:
                master.presence.on_away(session, session.peer or b"", Away())
                told += 1
    return told
