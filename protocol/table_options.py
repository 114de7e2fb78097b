"""Additions to version 1 beside the clocks: the ``target`` table option (a game to fewer
or more points than the standard), the ``extra_pepper`` table option (the event cards, RULES
§12), and ``server_info`` (what a server tells every session about itself after ``welcome``:
where friends open it in a browser).

``extra_pepper`` is a bool, left out of every frame while it is false, so a table without it
looks the same to an older client; a table with it sends views with the event fields
(docs/protocol.md "Extra Pepper").

``target`` is left out of every frame while it is 0 (the standard 40 / 35 / 30), so tables
without it look the same to an older client, as ``turn_time`` does. ``server_info`` is a
message of its own, so a client that predates it drops it and goes on unchanged.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import ClassVar

from .errors import InvalidField

TARGETS = (7, 15, 20)
"""Target scores a lobby offers besides the standard one (0). 7 is a short game: a round
ended by STOP gives its caller at least 7 points (RULES §3.3), so it is often the last."""
MIN_TARGET = 1
MAX_TARGET = 200
"""Bounds of ``join_or_create``'s ``target`` (points) when it is not 0."""
MAX_WEB_URLS = 16
_URL = re.compile(r"https?://[!-~]{1,200}")
"""An http(s) URL of printable ASCII (no spaces): what a browser is pointed at."""


def check_target(field: str, value: int, double_target: bool = False) -> None:
    """``target``: 0 (the standard for the player count) or MIN_TARGET..MAX_TARGET points;
    not with ``double_target``, which doubles the standard one."""
    if value != 0 and not MIN_TARGET <= value <= MAX_TARGET:
        raise InvalidField(field, f"must be 0 (standard) or {MIN_TARGET}..{MAX_TARGET} points")
    if value and double_target:
        raise InvalidField(field, "must be 0 with double_target (which doubles the standard)")


def check_flag(field: str, value: object) -> None:
    """A yes/no table option (``extra_pepper``): exactly a bool. The decoder already refuses
    anything else on the wire; this guards messages built in Python (a client's options)."""
    if not isinstance(value, bool):
        raise InvalidField(field, "must be true or false")


@dataclass(frozen=True, slots=True)
class ServerInfo:
    """About this server, sent after every ``welcome`` when there is something to say.

    ``web``: the addresses friends open in a browser to play here (``seasalt-server --web``),
    one per network interface; empty when the server serves no browsers.
    """

    TAG: ClassVar[str] = "server_info"
    web: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        if len(self.web) > MAX_WEB_URLS:
            raise InvalidField("web", f"at most {MAX_WEB_URLS} addresses")
        for i, url in enumerate(self.web):
            if not _URL.fullmatch(url):
                raise InvalidField(f"web[{i}]", "must be an http:// or https:// URL")
