"""Fast frames for the messages that carry a view: ``snapshot`` and ``update``.

Every accepted action sends each seat its whole view, and most of a view is the round's log:
the same immutable Event objects again and again (public events are shared by every seat's
view and by every later update of the round). So each event is packed once and its bytes are
reused, and the frame is assembled from msgpack pieces (a map or array header followed by its
packed items is valid msgpack). The bytes decode to exactly the same message as the generic
path; only the order of the view's keys differs (the fields every seat shares first, then the
seat's own, then ``log``), which no decoder may depend on, and equal messages still give equal
bytes.

Two more memos serve the four views of one state: the shared fields (seats, piles, the last
round's result...) are packed once per state, and a seat's round log is packed incrementally
(the log only grows during a round). Each memo returns bytes only after comparing, by value,
everything those bytes were packed from, so a hit is always exactly what packing the view's
own data would give: a memo can never hand one seat's data to another.
"""

from __future__ import annotations

import dataclasses
import operator
import threading
from typing import Any

import msgpack
from seasalt.engine import Event, PlayerView

from .codec import dataclass_encoder, encoder_for

_CACHE_LIMIT = 20_000
"""Events kept packed; the cache is emptied when full (it holds a reference to each event, so
an id in it always belongs to the event stored with it)."""

_packed_events: dict[int, tuple[Event, bytes]] = {}
_encode_event = encoder_for(Event)
_LOG_KEY = msgpack.packb("log")
_VIEW_KEY = msgpack.packb("view")
_EVENTS_KEY = msgpack.packb("events")

_OWN_FIELDS = frozenset({"seat", "hand", "table", "breakdown", "pending", "legal_actions", "log"})
"""The view fields that depend on the seat (and the log, packed on its own)."""
_SHARED_FIELDS = tuple(
    f.name for f in dataclasses.fields(PlayerView) if f.name not in _OWN_FIELDS
)
_shared_values = operator.attrgetter(*_SHARED_FIELDS)
_encode_shared = dataclass_encoder(PlayerView, exclude=_OWN_FIELDS)
_encode_own = dataclass_encoder(
    PlayerView, exclude=frozenset({"log"}) | frozenset(_SHARED_FIELDS)
)
_MEMO_LIMIT = 4096
_packed_shared: dict[int, tuple[tuple[Any, ...], int, bytes]] = {}
"""id(view.seats) -> (the shared field values, their count in the map, their packed pairs).
The values hold ``view.seats`` itself, so the id stays theirs while the entry exists."""
_packed_logs: dict[tuple[int | None, int], tuple[tuple[Event, ...], bytes]] = {}
"""(seat, id of the log's first event) -> (a log, its packed items without the array header).
The stored log holds that first event, so the id stays its own while the entry exists."""


_local = threading.local()
"""One msgpack packer per thread, reused: ``msgpack.packb`` builds a new one every call, and
a frame makes about five calls per seat."""


def _packb(data: Any) -> bytes:
    try:
        packer: msgpack.Packer = _local.packer
    except AttributeError:
        packer = _local.packer = msgpack.Packer(use_bin_type=True)
    return packer.pack(data)


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


def _pack_items(events: tuple[Event, ...]) -> bytes:
    """The packed events, concatenated (no array header); each packed once while cached."""
    parts = []
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


def pack_events(events: tuple[Event, ...]) -> bytes:
    """A msgpack array of events, each packed once while it is cached."""
    return array_header(len(events)) + _pack_items(events)


def _pack_log(seat: int | None, log: tuple[Event, ...]) -> bytes:
    """A view's log as a msgpack array, reusing the packed prefix of this seat's last log."""
    if not log:
        return array_header(0)
    key = (seat, id(log[0]))
    hit = _packed_logs.get(key)
    if hit is not None:
        known, body = hit
        k = len(known)
        if log is known:
            return array_header(k) + body
        # equal events pack to equal bytes: a prefix equal by value may reuse its bytes
        if len(log) > k and log[:k] == known:
            body += _pack_items(log[k:])
            _packed_logs[key] = (log, body)
            return array_header(len(log)) + body
    body = _pack_items(log)
    if len(_packed_logs) >= _MEMO_LIMIT:
        _packed_logs.clear()
    _packed_logs[key] = (log, body)
    return array_header(len(log)) + body


def _pack_shared(view: PlayerView) -> tuple[int, bytes]:
    """(pairs, packed pairs) of the fields every seat's view of one state shares."""
    values = _shared_values(view)
    key = id(view.seats)
    hit = _packed_shared.get(key)
    if hit is not None and hit[0] == values:
        return hit[1], hit[2]
    fields = _encode_shared(view)
    packed = _packb(fields)[_header_size(len(fields)) :]
    if len(_packed_shared) >= _MEMO_LIMIT:
        _packed_shared.clear()
    _packed_shared[key] = (values, len(fields), packed)
    return len(fields), packed


def pack_view(view: PlayerView) -> bytes:
    """A PlayerView as a msgpack map: the shared fields, the seat's own, then its log."""
    shared_count, shared = _pack_shared(view)
    own = _encode_own(view)
    return b"".join(
        (map_header(shared_count + len(own) + 1), shared, _packb(own)[_header_size(len(own)) :],
         _LOG_KEY, _pack_log(view.seat, view.log))
    )


def _header_size(n: int) -> int:
    return 1 if n < 16 else 3 if n < 1 << 16 else 5


def pack_view_message(
    tag: str, table: str, seq: int, view: PlayerView, events: tuple[Event, ...] | None
) -> bytes:
    """A ``snapshot`` (events None) or ``update`` frame."""
    head = {"t": tag, "table": table, "seq": seq}
    count = len(head) + (1 if events is None else 2)
    parts = [map_header(count), _packb(head)[1:], _VIEW_KEY, pack_view(view)]
    if events is not None:
        parts += [_EVENTS_KEY, pack_events(events)]
    return b"".join(parts)
