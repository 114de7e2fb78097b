"""A generic, type-driven converter between frozen dataclasses and msgpack-ready data.

It walks ``dataclasses.fields`` and ``typing.get_type_hints``, so the engine's views, events,
actions and results, and the protocol's own messages, need no hand-written wire code:

- a dataclass is a map of its field names (a field equal to its default may be left out);
- a union of several dataclasses is a map with a tag key naming the class (``"type"``);
- an enum is its value, a tuple a list, ``X | None`` is ``X`` or nil; int, str and bool as is.

Decoding is strict: exact types (a bool is not an int, a float is not an int), no unknown or
missing fields, fixed tuple lengths, known enum values and tags. Any fault raises
:class:`DecodeError` naming the field path. Converters are built once per type and cached.
"""

from __future__ import annotations

import dataclasses
import enum
import re
import types
import typing
from collections.abc import Callable
from typing import Any

from .errors import DecodeError, InvalidField, Reason

Encoder = Callable[[Any], Any]
Decoder = Callable[[Any, str], Any]
"""(wire value, field path) -> Python value."""

UNION_TAG = "type"
"""The key naming the class of a value whose declared type is a union of dataclasses."""

_NO_DEFAULT: Any = dataclasses.MISSING
_encoders: dict[Any, Encoder] = {}
_decoders: dict[Any, Decoder] = {}


def tag_name(cls: type) -> str:
    """The wire tag of a dataclass in a union: its name in snake_case (``KeepCard`` -> ...)."""
    return re.sub(r"(?<!^)(?=[A-Z])", "_", cls.__name__).lower()


def join(path: str, name: str) -> str:
    """The path of field ``name`` inside ``path``."""
    return f"{path}.{name}" if path else name


def encoder_for(tp: Any) -> Encoder:
    """The (cached) encoder for values of type ``tp``."""
    enc = _encoders.get(tp)
    if enc is None:
        enc = _encoders[tp] = _build_encoder(tp)
    return enc


def decoder_for(tp: Any) -> Decoder:
    """The (cached) strict decoder for values of type ``tp``."""
    dec = _decoders.get(tp)
    if dec is None:
        dec = _decoders[tp] = _build_decoder(tp)
    return dec


def to_wire(value: Any, tp: Any) -> Any:
    """``value`` (of declared type ``tp``) as plain msgpack-ready data."""
    return encoder_for(tp)(value)


def from_wire(data: Any, tp: Any, path: str = "") -> Any:
    """Decode ``data`` as a value of type ``tp``.

    Raises:
        DecodeError: naming the field (relative to ``path``) at fault.
    """
    return decoder_for(tp)(data, path)


# --- encoders ------------------------------------------------------------------------------


def _identity(value: Any) -> Any:
    return value


def _optional_parts(tp: Any) -> tuple[Any, ...] | None:
    if typing.get_origin(tp) in (typing.Union, types.UnionType):
        return tuple(a for a in typing.get_args(tp) if a is not type(None))
    return None


def _is_optional(tp: Any) -> bool:
    return typing.get_origin(tp) in (typing.Union, types.UnionType) and type(None) in (
        typing.get_args(tp)
    )


def _build_encoder(tp: Any) -> Encoder:
    if tp in (int, str, bool, type(None)):
        return _identity
    parts = _optional_parts(tp)
    if parts is not None:
        inner = _union_encoder(parts)
        if _is_optional(tp):
            return lambda v: None if v is None else inner(v)
        return inner
    if typing.get_origin(tp) is tuple:
        args = typing.get_args(tp)
        if len(args) == 2 and args[1] is Ellipsis:
            item = encoder_for(args[0])
            if item is _identity:
                return list
            return lambda v: [item(x) for x in v]
        items = tuple(encoder_for(a) for a in args)
        return lambda v: [e(x) for e, x in zip(items, v, strict=True)]
    if isinstance(tp, type) and issubclass(tp, enum.Enum):
        return lambda v: v.value
    if isinstance(tp, type) and dataclasses.is_dataclass(tp):
        return _dataclass_encoder(tp)
    raise TypeError(f"no wire form for type {tp!r}")


def _union_encoder(parts: tuple[Any, ...]) -> Encoder:
    if len(parts) == 1:
        return encoder_for(parts[0])
    if not all(isinstance(p, type) and dataclasses.is_dataclass(p) for p in parts):
        raise TypeError(f"only unions of dataclasses have a wire form: {parts!r}")
    by_class = {p: (tag_name(p), _dataclass_encoder(p)) for p in parts}

    def encode_tagged(value: Any) -> Any:
        tag, enc = by_class[type(value)]
        out: dict[str, Any] = {UNION_TAG: tag}
        out.update(enc(value))
        return out

    return encode_tagged


def dataclass_specs(cls: type) -> list[tuple[str, Any, Any]]:
    """(name, type, default or MISSING) for each field of ``cls``."""
    hints = typing.get_type_hints(cls)
    specs = []
    for f in dataclasses.fields(cls):
        if not f.init:
            continue
        default = f.default
        if f.default_factory is not dataclasses.MISSING:
            default = f.default_factory()
        specs.append((f.name, hints[f.name], default))
    return specs


def _dataclass_encoder(cls: type) -> Encoder:
    specs = [(name, encoder_for(tp), default) for name, tp, default in dataclass_specs(cls)]

    def encode_dataclass(value: Any) -> dict[str, Any]:
        out: dict[str, Any] = {}
        for name, enc, default in specs:
            x = getattr(value, name)
            # A field equal to its default is left out: events carry few fields each.
            if default is not _NO_DEFAULT and type(x) is type(default) and x == default:
                continue
            out[name] = enc(x)
        return out

    return encode_dataclass


# --- decoders ------------------------------------------------------------------------------

_TYPE_NAMES = {int: "an int", str: "a string", bool: "a bool", type(None): "nil"}


def _describe(value: Any) -> str:
    return {dict: "a map", list: "an array", float: "a float", bytes: "binary"}.get(
        type(value), _TYPE_NAMES.get(type(value), type(value).__name__)
    )


def _wrong(path: str, expected: str, got: Any) -> DecodeError:
    return DecodeError(
        path or "frame", Reason.WRONG_TYPE, f"expected {expected}, got {_describe(got)}"
    )


def _scalar_decoder(tp: type) -> Decoder:
    expected = _TYPE_NAMES[tp]

    def decode_scalar(w: Any, path: str) -> Any:
        if type(w) is not tp:  # exact: True is not an int
            raise _wrong(path, expected, w)
        return w

    return decode_scalar


def _build_decoder(tp: Any) -> Decoder:
    if tp in (int, str, bool, type(None)):
        return _scalar_decoder(tp)
    parts = _optional_parts(tp)
    if parts is not None:
        inner = _union_decoder(parts)
        if _is_optional(tp):
            return lambda w, path: None if w is None else inner(w, path)
        return inner
    if typing.get_origin(tp) is tuple:
        return _tuple_decoder(typing.get_args(tp))
    if isinstance(tp, type) and issubclass(tp, enum.Enum):
        return _enum_decoder(tp)
    if isinstance(tp, type) and dataclasses.is_dataclass(tp):
        return dataclass_decoder(tp)
    raise TypeError(f"no wire form for type {tp!r}")


def _tuple_decoder(args: tuple[Any, ...]) -> Decoder:
    if len(args) == 2 and args[1] is Ellipsis:
        item = decoder_for(args[0])

        def decode_var(w: Any, path: str) -> Any:
            if type(w) is not list:
                raise _wrong(path, "an array", w)
            return tuple(item(x, f"{path}[{i}]") for i, x in enumerate(w))

        return decode_var
    items = tuple(decoder_for(a) for a in args)

    def decode_fixed(w: Any, path: str) -> Any:
        if type(w) is not list:
            raise _wrong(path, "an array", w)
        if len(w) != len(items):
            raise DecodeError(
                path or "frame", Reason.INVALID, f"expected {len(items)} items, got {len(w)}"
            )
        return tuple(d(x, f"{path}[{i}]") for i, (d, x) in enumerate(zip(items, w, strict=True)))

    return decode_fixed


def _enum_decoder(cls: type[enum.Enum]) -> Decoder:
    by_value = {m.value: m for m in cls}

    def decode_enum(w: Any, path: str) -> Any:
        if type(w) is not str:
            raise _wrong(path, f"a {cls.__name__} name", w)
        member = by_value.get(w)
        if member is None:
            raise DecodeError(path or "frame", Reason.INVALID, f"unknown {cls.__name__} {w[:40]!r}")
        return member

    return decode_enum


def _union_decoder(parts: tuple[Any, ...]) -> Decoder:
    if len(parts) == 1:
        return decoder_for(parts[0])
    if not all(isinstance(p, type) and dataclasses.is_dataclass(p) for p in parts):
        raise TypeError(f"only unions of dataclasses have a wire form: {parts!r}")
    return tagged_decoder({tag_name(p): p for p in parts}, UNION_TAG)


def tagged_decoder(classes: dict[str, type], tag_key: str) -> Decoder:
    """Decode a map whose ``tag_key`` names one of ``classes``."""
    decoders = {tag: dataclass_decoder(cls, skip=tag_key) for tag, cls in classes.items()}

    def decode_tagged(w: Any, path: str) -> Any:
        if type(w) is not dict:
            raise _wrong(path, "a map", w)
        tag_path = join(path, tag_key)
        if tag_key not in w:
            raise DecodeError(tag_path, Reason.MISSING)
        tag = w[tag_key]
        if type(tag) is not str:
            raise _wrong(tag_path, "a string", tag)
        dec = decoders.get(tag)
        if dec is None:
            raise DecodeError(tag_path, Reason.UNKNOWN_TAG, repr(tag[:40]))
        return dec(w, path)

    return decode_tagged


def dataclass_decoder(cls: type, skip: str | None = None) -> Decoder:
    """Decode a map of ``cls``'s fields (ignoring key ``skip``, a union tag)."""
    specs = [(name, decoder_for(tp), default) for name, tp, default in dataclass_specs(cls)]
    names = {name for name, _, _ in specs}
    if skip is not None:
        names.add(skip)

    def decode_dataclass(w: Any, path: str) -> Any:
        if type(w) is not dict:
            raise _wrong(path, "a map", w)
        for key in w:
            if key not in names:
                shown = key[:40] if type(key) is str else repr(key)[:40]
                raise DecodeError(join(path, shown), Reason.UNEXPECTED)
        kwargs: dict[str, Any] = {}
        for name, dec, default in specs:
            if name in w:
                kwargs[name] = dec(w[name], join(path, name))
            elif default is _NO_DEFAULT:
                raise DecodeError(join(path, name), Reason.MISSING)
        try:
            return cls(**kwargs)
        except InvalidField as e:
            raise DecodeError(join(path, e.field), Reason.INVALID, e.detail) from None
        except (ValueError, TypeError) as e:
            # The engine's own checks (for example Rules: players must be 2-4).
            raise DecodeError(path or "frame", Reason.INVALID, str(e)[:200]) from None

    return decode_dataclass
