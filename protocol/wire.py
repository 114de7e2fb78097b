"""Frames: ``encode(message) -> bytes`` and strict ``decode(bytes) -> message``.

Safe msgpack settings: strings are UTF-8 (``raw=False``), map keys must be strings, no ext
types (so no timestamps and no custom objects), and the frame size is checked before parsing.
"""

from __future__ import annotations

from typing import Any, cast

import msgpack

from .codec import Decoder, Encoder, dataclass_encoder, tagged_decoder
from .errors import DecodeError, Reason, UnknownMessageType
from .frames import FrameCache, pack_view_message
from .limits import MAX_MESSAGE_SIZE, MAX_SERVER_MESSAGE_SIZE, PROTOCOL_VERSION
from .messages import (
    CLIENT_MESSAGES,
    SERVER_MESSAGES,
    ClientMessage,
    Message,
    ServerMessage,
    Snapshot,
    Update,
)

TAG_KEY = "t"
_VERSIONED = ("hello", "resume", "welcome")


def message_tag(cls: type) -> str:
    """The ``"t"`` value of a message class."""
    tag = vars(cls)["TAG"]
    assert isinstance(tag, str)
    return tag


_tags_seen: dict[str, type] = {}
for _cls in CLIENT_MESSAGES + SERVER_MESSAGES:
    _tag = message_tag(_cls)
    assert _tags_seen.get(_tag, _cls) is _cls, f"duplicate tag {_tag}"
    _tags_seen[_tag] = _cls

# Each message type's encoder and decoders are built on its first use, not here: building them
# all took 60-90 ms of every process's start, and a client's start menu sends none.
# (tests/protocol/test_roundtrip.py builds every one, so a field with no wire form fails there.)
_encoders: dict[type, Encoder] = {}
# "t" comes first in every message (docs/protocol.md §1): a map with it elsewhere is malformed.
_decode_client: Decoder = tagged_decoder(
    {message_tag(c): c for c in CLIENT_MESSAGES}, TAG_KEY, tag_first=True, lazy=True
)
_decode_server: Decoder = tagged_decoder(
    {message_tag(c): c for c in SERVER_MESSAGES}, TAG_KEY, tag_first=True, lazy=True
)
_decode_any: Decoder = tagged_decoder(dict(_tags_seen), TAG_KEY, tag_first=True, lazy=True)


def _new_encoder(cls: type) -> Encoder:
    if _tags_seen.get(message_tag(cls)) is not cls:
        raise KeyError(cls)  # (not a message)
    encoder = _encoders[cls] = dataclass_encoder(cls, TAG_KEY, message_tag(cls))
    return encoder


def to_frame_data(message: Message) -> dict[str, Any]:
    """The message as the plain map that is packed (tag first)."""
    encoder = _encoders.get(type(message)) or _new_encoder(type(message))
    out: dict[str, Any] = encoder(message)
    return out


def pack(data: Any) -> bytes:
    """msgpack bytes of plain data (for example ``action_to_wire(action)`` in a journal)."""
    return msgpack.packb(data, use_bin_type=True)


def encode(message: Message, cache: FrameCache | None = None) -> bytes:
    """One frame for ``message``. Deterministic: equal messages give equal bytes.

    ``cache``: the game's :class:`~.frames.FrameCache`, so that a view frame reuses the bytes
    packed for the game's earlier frames (the same bytes either way).
    """
    if type(message) is Update:
        return pack_view_message("update", message.table, message.seq, message.view,
                                 message.events, cache)
    if type(message) is Snapshot:
        return pack_view_message("snapshot", message.table, message.seq, message.view, None,
                                 cache)
    return msgpack.packb(to_frame_data(message), use_bin_type=True)


def unpack(data: bytes, max_size: int = MAX_MESSAGE_SIZE) -> Any:
    """Parse msgpack safely, without interpreting the result.

    Raises:
        DecodeError: too large (reason too_large) or not one msgpack value (not_msgpack).
    """
    if not isinstance(data, bytes | bytearray | memoryview):
        raise DecodeError("frame", Reason.WRONG_TYPE, "expected bytes")
    if len(data) > max_size:
        raise DecodeError("frame", Reason.TOO_LARGE, f"{len(data)} bytes > {max_size}")
    try:
        return msgpack.unpackb(
            data,
            raw=False,
            strict_map_key=True,
            use_list=True,
            max_ext_len=0,
            max_bin_len=max_size,
            max_str_len=max_size,
            max_array_len=max_size,
            max_map_len=max_size,
        )
    except Exception as e:  # msgpack raises many kinds; all mean "not one valid value"
        detail = type(e).__name__ + (f": {e}" if str(e) else "")
        raise DecodeError("frame", Reason.NOT_MSGPACK, detail[:200]) from None


def _check_version(wire: Any) -> None:
    # Checked before the shape, so a client of another version gets version_mismatch
    # even if its hello has other fields.
    if type(wire) is dict and wire.get(TAG_KEY) in _VERSIONED:
        version = wire.get("version")
        if type(version) is int and version != PROTOCOL_VERSION:
            raise DecodeError(
                "version",
                Reason.VERSION_MISMATCH,
                f"this side speaks protocol {PROTOCOL_VERSION}, the peer {version}",
            )


def decode(data: bytes, max_size: int = MAX_MESSAGE_SIZE) -> Message:
    """Decode one frame of either direction.

    Raises:
        DecodeError: naming the field at fault, for any malformed input.
    """
    wire = unpack(data, max_size)
    _check_version(wire)
    return cast(Message, _decode_any(wire, ""))


def _decode_known(decoder: Decoder, wire: Any) -> Any:
    try:
        return decoder(wire, "")
    except DecodeError as e:
        # Only the message's own tag ("t", not a nested union's "action.t"), and only once the
        # map's shape was found right (the tag first, a string): see UnknownMessageType.
        if e.field == TAG_KEY and e.reason is Reason.UNKNOWN_TAG:
            raise UnknownMessageType(wire[TAG_KEY]) from None
        raise


def decode_client_message(data: bytes, max_size: int = MAX_MESSAGE_SIZE) -> ClientMessage:
    """Decode a frame a client sent (what a server accepts). Server messages are unknown tags.

    Raises:
        UnknownMessageType: a well-formed frame of a type that is not a client message.
        DecodeError: naming the field at fault, for any other malformed input.
    """
    wire = unpack(data, max_size)
    _check_version(wire)
    return cast(ClientMessage, _decode_known(_decode_client, wire))


def decode_server_message(data: bytes, max_size: int = MAX_SERVER_MESSAGE_SIZE) -> ServerMessage:
    """Decode a frame a server sent (what a client accepts).

    Raises:
        UnknownMessageType: a well-formed frame of a type this client does not know (a newer
            server's addition: skip it).
        DecodeError: naming the field at fault, for any other malformed input.
    """
    wire = unpack(data, max_size)
    _check_version(wire)
    return cast(ServerMessage, _decode_known(_decode_server, wire))
