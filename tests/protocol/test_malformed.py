"""Malformed frames raise DecodeError naming the field at fault; nothing else escapes."""

from __future__ import annotations

import msgpack
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from seasalt.engine import Rules, new_game, view
from seasalt.protocol import (
    MAX_MESSAGE_SIZE,
    PROTOCOL_VERSION,
    DecodeError,
    ErrorCode,
    Hello,
    Reason,
    Snapshot,
    UnknownMessageType,
    decode,
    decode_client_message,
    decode_server_message,
    encode,
    view_to_wire,
)

from .games import sample_games

pack = msgpack.packb


def fail(data: bytes, **kw: int) -> DecodeError:
    with pytest.raises(DecodeError) as info:
        decode_client_message(data, **kw)
    return info.value


def action(**action: object) -> bytes:
    return pack({"t": "action", "table": "t", "seq": 3, "action": action})


@settings(max_examples=120, deadline=None)
@given(st.binary(max_size=200))
def test_random_bytes_never_escape_as_anything_but_decode_error(data: bytes) -> None:
    try:
        decode(data)
    except DecodeError as e:
        assert e.field
        assert e.code in (ErrorCode.BAD_MESSAGE, ErrorCode.VERSION_MISMATCH)


msgpack_values = st.recursive(
    st.none() | st.booleans() | st.integers(-(2**63), 2**64 - 1) | st.floats() | st.text()
    | st.binary(),
    lambda inner: st.lists(inner, max_size=4)
    | st.dictionaries(st.sampled_from(["t", "table", "seq", "action", "type", "card", "x"])
                      | st.text(max_size=5), inner, max_size=4),
    max_leaves=12,
)


@settings(max_examples=120, deadline=None)
@given(msgpack_values, st.sampled_from(["action", "hello", "join_or_create", "chat", "snapshot"]))
def test_valid_msgpack_of_any_shape_gives_decode_error_or_a_message(
    value: object, tag: str
) -> None:
    for candidate in (value, {"t": tag, "table": value}, {"t": tag, "action": value, "seq": 1}):
        try:
            decode(pack(candidate))
        except DecodeError as e:
            assert e.field


@pytest.mark.parametrize(
    ("frame", "field", "reason"),
    [
        (pack([1, 2]), "frame", Reason.WRONG_TYPE),
        (pack("hello"), "frame", Reason.WRONG_TYPE),
        (pack(None), "frame", Reason.WRONG_TYPE),
        (pack({"version": 1}), "t", Reason.MISSING),
        (pack({"t": 3}), "t", Reason.WRONG_TYPE),
        (pack({"t": "fly_away"}), "t", Reason.UNKNOWN_TAG),
        (pack({"t": "snapshot", "table": "t", "seq": 0, "view": {}}), "t", Reason.UNKNOWN_TAG),
        (pack({"t": "hello", "version": 1}), "name", Reason.MISSING),
        (pack({"t": "hello", "name": "ann"}), "version", Reason.MISSING),
        (pack({"t": "hello", "version": 1, "name": "ann", "admin": True}), "admin",
         Reason.UNEXPECTED),
        (pack({"t": "hello", "version": "1", "name": "ann"}), "version", Reason.WRONG_TYPE),
        (pack({"t": "hello", "version": True, "name": "ann"}), "version", Reason.WRONG_TYPE),
        (pack({"t": "hello", "version": 1.0, "name": "ann"}), "version", Reason.WRONG_TYPE),
        (pack({"t": "hello", "version": 1, "name": b"ann"}, use_bin_type=True), "name",
         Reason.WRONG_TYPE),
        (pack({"t": "hello", "version": 1, "name": ""}), "name", Reason.INVALID),
        (pack({"t": "hello", "version": 1, "name": "   "}), "name", Reason.INVALID),
        (pack({"t": "hello", "version": 1, "name": "a\x1b[2J"}), "name", Reason.INVALID),
        (pack({"t": "hello", "version": 1, "name": "x" * 99}), "name", Reason.INVALID),
        (pack({"t": "resume", "version": 1, "token": "not a token!"}), "token", Reason.INVALID),
        (pack({"t": "chat", "table": "t", "text": 5}), "text", Reason.WRONG_TYPE),
        (pack({"t": "chat", "table": "t", "text": "x" * 501}), "text", Reason.INVALID),
        (pack({"t": "join_or_create", "table": "t", "seats": "human"}), "seats",
         Reason.WRONG_TYPE),
        (pack({"t": "join_or_create", "table": "t", "seats": ["human"]}), "seats",
         Reason.INVALID),
        (pack({"t": "join_or_create", "table": "t", "seats": ["human"] * 5}), "seats",
         Reason.INVALID),
        (pack({"t": "join_or_create", "table": "t", "seats": ["bot:random"] * 2}), "seats",
         Reason.INVALID),
        (pack({"t": "join_or_create", "table": "t", "seats": ["human", "robot"]}), "seats[1]",
         Reason.INVALID),
        (pack({"t": "join_or_create", "table": "t", "seats": ["human", 7]}), "seats[1]",
         Reason.WRONG_TYPE),
        (pack({"t": "join_or_create", "table": "t", "seats": ["human", "human"],
               "extra_salt": 1}), "extra_salt", Reason.WRONG_TYPE),
        (pack({"t": "action", "table": "t", "seq": -1, "action": {"type": "end_turn"}}), "seq",
         Reason.INVALID),
        (pack({"t": "action", "table": "t", "seq": 1}), "action", Reason.MISSING),
        (pack({"t": "action", "table": "t", "seq": 1, "action": []}), "action",
         Reason.WRONG_TYPE),
        (action(), "action.type", Reason.MISSING),
        (action(type="win_game"), "action.type", Reason.UNKNOWN_TAG),
        (action(type="keep_card"), "action.card", Reason.MISSING),
        (action(type="keep_card", card="7"), "action.card", Reason.WRONG_TYPE),
        (action(type="keep_card", card=7, pile=1, seat=0), "action.seat", Reason.UNEXPECTED),
        (action(type="play_pair", cards=[1]), "action.cards", Reason.INVALID),
        (action(type="play_pair", cards=[1, None]), "action.cards[1]", Reason.WRONG_TYPE),
        (action(type="call", kind="win"), "action.kind", Reason.INVALID),
        (action(type="call", kind=None), "action.kind", Reason.WRONG_TYPE),
    ],
)
def test_malformed_message_names_the_field(frame: bytes, field: str, reason: Reason) -> None:
    err = fail(frame)
    assert (err.field, err.reason) == (field, reason), str(err)
    assert err.code is ErrorCode.BAD_MESSAGE
    assert field in str(err)


def test_not_msgpack() -> None:
    for data in (b"", b"\xc1", b"\x92\x01", pack(1) + pack(2), b"\xd9\x05ab"):
        err = fail(data)
        assert (err.field, err.reason) == ("frame", Reason.NOT_MSGPACK)


def test_map_keys_must_be_strings() -> None:
    err = fail(b"\x82\xa1t\xa5hello\x01\x02")  # {"t": "hello", 1: 2}
    assert err.reason is Reason.NOT_MSGPACK


def test_ext_types_are_refused() -> None:
    timestamp = msgpack.packb({"t": "heartbeat", "at": msgpack.Timestamp(1, 0)})
    assert fail(timestamp).reason is Reason.NOT_MSGPACK
    custom = msgpack.packb({"t": "heartbeat", "x": msgpack.ExtType(5, b"pickle")})
    assert fail(custom).reason is Reason.NOT_MSGPACK


def test_deep_nesting_is_refused_cleanly() -> None:
    assert fail(b"\x91" * 60_000).reason is Reason.NOT_MSGPACK
    nested: object = "x"
    for _ in range(200):
        nested = [nested]
    err = fail(pack({"t": "chat", "table": "t", "text": nested}))
    assert (err.field, err.reason) == ("text", Reason.WRONG_TYPE)


def test_too_large_is_its_own_reason_and_code() -> None:
    big = pack({"t": "chat", "table": "t", "text": "x" * MAX_MESSAGE_SIZE})
    err = fail(big)
    assert (err.field, err.reason, err.code) == ("frame", Reason.TOO_LARGE, ErrorCode.TOO_LARGE)
    # The size is checked before parsing: even garbage that large is too_large.
    assert fail(b"\xc1" * (MAX_MESSAGE_SIZE + 1)).reason is Reason.TOO_LARGE
    assert fail(pack({"t": "heartbeat"}), max_size=3).reason is Reason.TOO_LARGE


def test_version_mismatch_is_reported_before_the_shape() -> None:
    for frame in (
        pack({"t": "hello", "version": PROTOCOL_VERSION + 1, "name": "ann"}),
        pack({"t": "hello", "version": 0, "nick": "ann", "colour": "red"}),
        pack({"t": "resume", "version": 99, "token": "abc"}),
    ):
        err = fail(frame)
        assert (err.field, err.reason, err.code) == (
            "version", Reason.VERSION_MISMATCH, ErrorCode.VERSION_MISMATCH,
        )
    assert decode_client_message(encode(Hello(PROTOCOL_VERSION, "ann"))) == Hello(1, "ann")


def _snapshot_frame(mutate: object) -> bytes:
    v = sample_games().views[5]
    wire = view_to_wire(v)
    mutate(wire)  # type: ignore[operator]
    return pack({"t": "snapshot", "table": "t", "seq": 4, "view": wire})


@pytest.mark.parametrize(
    ("mutate", "field", "reason"),
    [
        (lambda w: w.pop("hand"), "view.hand", Reason.MISSING),
        (lambda w: w.update(secret=[1, 2]), "view.secret", Reason.UNEXPECTED),
        (lambda w: w.update(hand=[1, "2"]), "view.hand[1]", Reason.WRONG_TYPE),
        (lambda w: w["seats"][1].update(hand_size=None), "view.seats[1].hand_size",
         Reason.WRONG_TYPE),
        (lambda w: w.update(piles=[w["piles"][0]]), "view.piles", Reason.INVALID),
        (lambda w: w.update(phase="nap"), "view.phase", Reason.INVALID),
        (lambda w: w["rules"].update(players=9), "view.rules", Reason.INVALID),
        (lambda w: w.update(log=[{"kind": "drew_from_deck", "seat": True}]), "view.log[0].seat",
         Reason.WRONG_TYPE),
        (lambda w: w.update(legal_actions=[{"type": "cheat"}]), "view.legal_actions[0].type",
         Reason.UNKNOWN_TAG),
    ],
)
def test_malformed_view_names_the_nested_field(mutate: object, field: str, reason: Reason) -> None:
    with pytest.raises(DecodeError) as info:
        decode_server_message(_snapshot_frame(mutate))
    assert (info.value.field, info.value.reason) == (field, reason), str(info.value)


def test_directions_are_separate() -> None:
    v = view(new_game(Rules(2), 1), 0)
    frame = encode(Snapshot("t", 0, v))
    assert fail(frame, max_size=len(frame)).reason is Reason.UNKNOWN_TAG
    with pytest.raises(DecodeError) as info:
        decode_server_message(encode(Hello(PROTOCOL_VERSION, "ann")))
    assert info.value.reason is Reason.UNKNOWN_TAG


def test_only_a_well_formed_frame_of_an_unknown_type_is_an_unknown_message_type() -> None:
    """A newer peer's addition can be told from a malformed frame (client/net/dealer_socket.py skips
    it quietly), and it is still a DecodeError: nothing about a known type got less strict."""
    for decoder in (decode_server_message, decode_client_message):
        with pytest.raises(UnknownMessageType) as info:
            decoder(pack({"t": "added_later", "anything": [1, {"x": None}]}))
        assert (info.value.tag, info.value.field, info.value.reason) == (
            "added_later", "t", Reason.UNKNOWN_TAG)
        assert isinstance(info.value, DecodeError) and info.value.code is ErrorCode.BAD_MESSAGE
    for frame in (
        pack({"x": 1, "t": "added_later"}),  # the type not first: malformed
        pack({"t": 7}),
        pack(["t", "added_later"]),
        pack({"t": "snapshot", "table": "t", "seq": 0, "view": {}, "later": 1}),
        _snapshot_frame(lambda w: w.update(legal_actions=[{"type": "cheat"}])),
    ):
        with pytest.raises(DecodeError) as bad:
            decode_server_message(frame)
        assert not isinstance(bad.value, UnknownMessageType), bad.value
    # a type of the other direction is unknown here, as before (test_directions_are_separate)
    with pytest.raises(UnknownMessageType):
        decode_server_message(encode(Hello(PROTOCOL_VERSION, "ann")))
