"""Fast frames for the messages that carry a view: ``snapshot`` and ``update``.

Every accepted action sends each seat its whole view, and most of a view is the round's log:
the same immutable Event objects again and again (public events are shared by every seat's
view and by every later update of the round). So each event is packed once and its bytes are
reused, and the frame is assembled from msgpack pieces (a map or array header followed by its
packed items is valid msgpack). The bytes decode to exactly the same message as the generic
path; only the position of the view's ``log`` key differs (it comes last), which no decoder
may depend on, and equal messages still give equal bytes.
"""

from __future__ import annotations

from typing import Any

import msgpack
from seasalt.engine import Event, PlayerView

from .codec import dataclass_encoder, encoder_for

_CACHE_LIMIT = 20_000
"""Events kept packed; the cache is emptied when full (it holds a reference to each event, so
an id in it always belongs to the event stored with it)."""

_packed_events: dict[int, tuple[Event, bytes]] = {}
_encode_event = encoder_for(Event)
_encode_view_without_log = dataclass_encoder(PlayerView, exclude=frozenset({"log"}))
_LOG_KEY = msgpack.packb("log")


def _packb(data: Any) -> bytes:
    return msgpack.packb(data, use_bin_type=True)


def array_header(n: int) -> bytes:
    """The msgpack header of an array of ``n`` items."""
    if n < 16:
        return bytes((0x90 | n,))
    if n < 1 << 16:
        return b"\xdc" + n.to_bytes(2, "big")
    return b"\xdd" + n.to_bytes(4, "big")


def map_header(n: int) -> bytes:
    """The msgpack header of a map of ``n`` pairs."""
    if n < 16:
        return bytes((0x80 | n,))
    if n < 1 << 16:
        return b"\xde" + n.to_bytes(2, "big")
    return b"\xdf" + n.to_bytes(4, "big")


def pack_events(events: tuple[Event, ...]) -> bytes:
    """A msgpack array of events, each packed once while it is cached."""
    parts = [array_header(len(events))]
    cache = _packed_events
    for event in events:
        hit = cache.get(id(event))
        if hit is not None and hit[0] is event:
            parts.append(hit[1])
            continue
        packed = _packb(_encode_event(event))
        if len(cache) >= _CACHE_LIMIT:
            cache.clear()
        cache[id(event)] = (event, packed)
        parts.append(packed)
    return b"".join(parts)


def pack_view(view: PlayerView) -> bytes:
    """A PlayerView as a msgpack map, its log last."""
    fields = _encode_view_without_log(view)
    return b"".join(
        (map_header(len(fields) + 1), _packb(fields)[_header_size(len(fields)) :], _LOG_KEY,
         pack_events(view.log))
    )  # fmt: skip


def _header_size(n: int) -> int:
    return 1 if n < 16 else 3 if n < 1 << 16 else 5


def pack_view_message(
    tag: str, table: str, seq: int, view: PlayerView, events: tuple[Event, ...] | None
) -> bytes:
    """A ``snapshot`` (events None) or ``update`` frame."""
    head = {"t": tag, "table": table, "seq": seq}
    count = len(head) + (1 if events is None else 2)
    parts = [map_header(count), _packb(head)[1:], _packb("view"), pack_view(view)]
    if events is not None:
        parts += [_packb("events"), pack_events(events)]
    return b"".join(parts)
