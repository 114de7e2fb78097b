"""The encoders half of the codec (see :mod:`codec`): dataclass -> msgpack-ready data,
as Python source generated once per type and cached.
"""

from __future__ import annotations

import typing
from typing import Any

from .codec_base import (
    MISSING,
    UNION_TAG,
    Encoder,
    dataclass_specs,
    is_dataclass_type,
    is_enum_type,
    is_plain,
    tag_name,
    union_args,
)

_encoders: dict[Any, Encoder] = {}



def encoder_for(tp: Any) -> Encoder:
    """The (cached) encoder for values of type ``tp``."""
    enc = _encoders.get(tp)
    if enc is None:
        enc = _encoders[tp] = _build_encoder(tp)
    return enc


def to_wire(value: Any, tp: Any) -> Any:
    """``value`` (of declared type ``tp``) as msgpack-ready data (tuples stand for arrays)."""
    return encoder_for(tp)(value)


def _identity(value: Any) -> Any:
    return value


def _build_encoder(tp: Any) -> Encoder:
    if is_plain(tp):
        return _identity
    args = union_args(tp)
    if args is not None:
        parts = tuple(a for a in args if a is not type(None))
        inner = encoder_for(parts[0]) if len(parts) == 1 else _tagged_encoder(parts)
        if len(parts) < len(args):
            return lambda v: None if v is None else inner(v)
        return inner
    if typing.get_origin(tp) is tuple:
        targs = typing.get_args(tp)
        if len(targs) == 2 and targs[1] is Ellipsis:
            item = encoder_for(targs[0])
            return lambda v: [item(x) for x in v]
        items = tuple(encoder_for(a) for a in targs)
        return lambda v: [e(x) for e, x in zip(items, v, strict=True)]
    if is_enum_type(tp):
        return lambda v: v.value
    if is_dataclass_type(tp):
        return dataclass_encoder(tp)
    raise TypeError(f"no wire form for type {tp!r}")


def _tagged_encoder(parts: tuple[Any, ...]) -> Encoder:
    if not all(is_dataclass_type(p) for p in parts):
        raise TypeError(f"only unions of dataclasses have a wire form: {parts!r}")
    by_class = {p: dataclass_encoder(p, UNION_TAG, tag_name(p)) for p in parts}
    return lambda v: by_class[type(v)](v)


def _encode_expr(tp: Any, src: str, ns: dict[str, Any]) -> str:
    if is_plain(tp):
        return src
    if is_enum_type(tp):
        return f"{src}.value"
    args = union_args(tp)
    if args is not None and len(args) == 2 and type(None) in args:
        inner = next(a for a in args if a is not type(None))
        if is_enum_type(inner):
            return f"(None if {src} is None else {src}.value)"
    name = f"_e{len(ns)}"
    ns[name] = encoder_for(tp)
    return f"{name}({src})"


def _omit_test(default: Any, src: str, ns: dict[str, Any]) -> str:
    """Source of a test that is true when ``src`` differs from ``default`` (so it is sent)."""
    if default is None:
        return f"{src} is not None"
    if isinstance(default, bool):
        return f"{src} is not {default!r}"
    if default == ():
        return f"{src} != ()"
    name = f"_d{len(ns)}"
    ns[name] = default
    ns[name + "t"] = type(default)
    return f"not (type({src}) is {name}t and {src} == {name})"


def dataclass_encoder(
    cls: type,
    tag_key: str | None = None,
    tag: str | None = None,
    exclude: frozenset[str] = frozenset(),
) -> Encoder:
    """A generated encoder for ``cls``; the map starts with ``{tag_key: tag}`` when given.

    Fields named in ``exclude`` are left out (a caller that packs them itself).
    """
    ns: dict[str, Any] = {}
    lines = ["def encode(v):", f"    out = {{{tag_key!r}: {tag!r}}}" if tag_key else "    out = {}"]
    for name, tp, default in dataclass_specs(cls):
        if name in exclude:
            continue
        lines.append(f"    x = v.{name}")
        expr = _encode_expr(tp, "x", ns)
        if default is MISSING:
            lines.append(f"    out[{name!r}] = {expr}")
        else:
            # A field equal to its default is left out: events carry few fields each.
            lines.append(f"    if {_omit_test(default, 'x', ns)}:")
            lines.append(f"        out[{name!r}] = {expr}")
    lines.append("    return out")
    exec("\n".join(lines), ns)  # source built above from field names only
    encode: Encoder = ns["encode"]
    return encode
