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

The memos live in a :class:`FrameCache`, owned by whoever encodes one game's frames again and
again (the server keeps one per table, next to the engine's ViewCache: server/tables.py) and
passed to ``encode(message, cache)``; without one, a frame is packed from scratch. The module
itself keeps no data between calls (only a reusable msgpack packer per thread).
"""

from __future__ import annotations

import dataclasses
import operator
import threading
from typing import Any

import msgpack
from seasalt.engine import Event, PlayerView

from .codec import dataclass_encoder, encoder_for

_encode_event = encoder_for(Event)
_LOG_KEY = msgpack.packb("log")
_VIEW_KEY = msgpack.packb("view")
_EVENTS_KEY = msgpack.packb("events")

_OWN_FIELDS = frozenset({
    "seat", "hand", "table", "breakdown", "pending", "legal_actions", "log",
    "effects", "face_down_shell",  # Extra Pepper (RULES §12.14): a seat's own
})
"""The view fields that depend on the seat (and the log, packed on its own). A seat's field
left among the shared ones would still be packed right (the memo compares values) but would
miss the memo on every other seat's view."""
_SHARED_FIELDS = tuple(
    f.name for f in dataclasses.fields(PlayerView) if f.name not in _OWN_FIELDS
)
_shared_values = operator.attrgetter(*_SHARED_FIELDS)
_encode_shared = dataclass_encoder(PlayerView, exclude=_OWN_FIELDS)
_encode_own = dataclass_encoder(
    PlayerView, exclude=frozenset({"log"}) | frozenset(_SHARED_FIELDS)
)


class FrameCache:
    """The packed pieces one game's view frames reuse (see the module docstring).

    Sizes: one shared-fields entry (the latest state's) and one log per seat; the packed events
    are the current round's (emptied when a view of a new round is packed, its log starting with
    another event), at most :attr:`EVENTS_LIMIT`. Not thread-safe: one owner, one thread.
    """

    EVENTS_LIMIT = 4096
    """Events kept packed at most (a round has a few hundred); emptied when full."""

    __slots__ = ("events", "shared", "logs", "round")

    def __init__(self) -> None:
        self.events: dict[int, tuple[Event, bytes]] = {}
        """id(event) -> (event, its packed bytes). The entry holds the event, so the id stays
        its own while the entry exists."""
        self.shared: tuple[tuple[Any, ...], int, bytes] | None = None
        """The last view's shared field values, their count in the map, their packed pairs."""
        self.logs: dict[int | None, tuple[tuple[Event, ...], bytes]] = {}
        """seat -> (its last log, that log's packed items without the array header)."""
        self.round: Event | None = None
        """The first event of the round whose views were packed last."""


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


def _pack_items(events: tuple[Event, ...], cache: FrameCache) -> bytes:
    """The packed events, concatenated (no array header); each packed once while cached."""
    parts = []
    packed_events = cache.events
    for event in events:
        hit = packed_events.get(id(event))
        if hit is not None and hit[0] is event:
            parts.append(hit[1])
            continue
        packed = _packb(_encode_event(event))
        if len(packed_events) >= cache.EVENTS_LIMIT:
            packed_events.clear()
        packed_events[id(event)] = (event, packed)
        parts.append(packed)
    return b"".join(parts)


def pack_events(events: tuple[Event, ...], cache: FrameCache | None = None) -> bytes:
    """A msgpack array of events, each packed once while it is in ``cache``."""
    return array_header(len(events)) + _pack_items(events, cache or FrameCache())


def _pack_log(seat: int | None, log: tuple[Event, ...], cache: FrameCache) -> bytes:
    """A view's log as a msgpack array, reusing the packed prefix of this seat's last log."""
    if not log:
        return array_header(0)
    hit = cache.logs.get(seat)
    if hit is not None:
        known, body = hit
        k = len(known)
        if log is known:
            return array_header(k) + body
        # equal events pack to equal bytes: a prefix equal by value may reuse its bytes
        if k and len(log) > k and log[:k] == known:
            body += _pack_items(log[k:], cache)
            cache.logs[seat] = (log, body)
            return array_header(len(log)) + body
    body = _pack_items(log, cache)
    cache.logs[seat] = (log, body)
    return array_header(len(log)) + body


def _pack_shared(view: PlayerView, cache: FrameCache) -> tuple[int, bytes]:
    """(pairs, packed pairs) of the fields every seat's view of one state shares."""
    values = _shared_values(view)
    hit = cache.shared
    if hit is not None and hit[0] == values:
        return hit[1], hit[2]
    fields = _encode_shared(view)
    packed = _packb(fields)[_header_size(len(fields)) :]
    cache.shared = (values, len(fields), packed)
    return len(fields), packed


def pack_view(view: PlayerView, cache: FrameCache | None = None) -> bytes:
    """A PlayerView as a msgpack map: the shared fields, the seat's own, then its log."""
    if cache is None:
        cache = FrameCache()
    first = view.log[0] if view.log else None
    if first is not cache.round:  # a new round (or game): the old round's events go
        cache.round = first
        cache.events.clear()
    shared_count, shared = _pack_shared(view, cache)
    own = _encode_own(view)
    return b"".join(
        (map_header(shared_count + len(own) + 1), shared, _packb(own)[_header_size(len(own)) :],
         _LOG_KEY, _pack_log(view.seat, view.log, cache))
    )


def _header_size(n: int) -> int:
    return 1 if n < 16 else 3 if n < 1 << 16 else 5


def pack_view_message(
    tag: str,
    table: str,
    seq: int,
    view: PlayerView,
    events: tuple[Event, ...] | None,
    cache: FrameCache | None = None,
) -> bytes:
    """A ``snapshot`` (events None) or ``update`` frame."""
    if cache is None:
        cache = FrameCache()
    head = {"t": tag, "table": table, "seq": seq}
    count = len(head) + (1 if events is None else 2)
    parts = [map_header(count), _packb(head)[1:], _VIEW_KEY, pack_view(view, cache)]
    if events is not None:
        parts += [_EVENTS_KEY, array_header(len(events)) + _pack_items(events, cache)]
    return b"".join(parts)
