"""A generic, type-driven converter between frozen dataclasses and msgpack-ready data.

It walks ``dataclasses.fields`` and ``typing.get_type_hints``, so the engine's views, events,
actions and results, and the protocol's own messages, need no hand-written wire code:

- a dataclass is a map of its field names (a field equal to its default is left out);
- a union of several dataclasses is a map with a tag key naming the class (``"type"``);
- an enum is its value, a tuple an array, ``X | None`` is ``X`` or nil; int, str, bool as is.

Decoding is strict: exact types (a bool is not an int, a float is not an int), no unknown or
missing fields, fixed tuple lengths, known enum values and tags. Any fault raises
:class:`DecodeError` naming the field path.

Speed matters (every accepted action encodes one view per seat), so each dataclass gets an
encoder and a decoder generated once as Python source and cached. Values made only of ints,
strings, bools, None and tuples of them pass through untouched (msgpack packs a tuple as an
array). Decoders build no path strings on the happy path: a fault carries the path parts up
and only the top level joins them.
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
"""(wire value, field path) -> Python value; raises DecodeError."""
_Dec = Callable[[Any], Any]
"""Internal decoders: wire value -> Python value; raise _Fault."""

UNION_TAG = "type"
"""The key naming the class of a value whose declared type is a union of dataclasses."""

_MISSING: Any = dataclasses.MISSING
_SCALARS: dict[Any, str] = {int: "an int", str: "a string", bool: "a bool", type(None): "nil"}
_encoders: dict[Any, Encoder] = {}
_decoders: dict[Any, _Dec] = {}


class _Fault(Exception):
    """A decode fault on its way up; ``parts`` grows into the field path."""

    def __init__(self, reason: Reason, detail: str = "", parts: list[str | int] | None = None):
        super().__init__(detail)
        self.reason = reason
        self.detail = detail
        self.parts: list[str | int] = parts if parts is not None else []

    def error(self, path: str) -> DecodeError:
        text = path
        for part in self.parts:
            text = f"{text}[{part}]" if isinstance(part, int) else join(text, part)
        return DecodeError(text or "frame", self.reason, self.detail)


def tag_name(cls: type) -> str:
    """The wire tag of a dataclass in a union: its name in snake_case (``KeepCard`` -> ...)."""
    return re.sub(r"(?<!^)(?=[A-Z])", "_", cls.__name__).lower()


def join(path: str, name: str) -> str:
    """The path of field ``name`` inside ``path``."""
    return f"{path}.{name}" if path else name


def _describe(value: Any) -> str:
    return {dict: "a map", list: "an array", float: "a float", bytes: "binary"}.get(
        type(value), _SCALARS.get(type(value), type(value).__name__)
    )


def _wrong(expected: str, got: Any) -> _Fault:
    return _Fault(Reason.WRONG_TYPE, f"expected {expected}, got {_describe(got)}")


# --- type analysis -------------------------------------------------------------------------


def _union_args(tp: Any) -> tuple[Any, ...] | None:
    if typing.get_origin(tp) in (typing.Union, types.UnionType):
        return typing.get_args(tp)
    return None


def _is_dataclass_type(tp: Any) -> bool:
    return isinstance(tp, type) and dataclasses.is_dataclass(tp)


def _is_enum_type(tp: Any) -> bool:
    return isinstance(tp, type) and issubclass(tp, enum.Enum)


def _is_plain(tp: Any) -> bool:
    """Made only of int/str/bool/None and tuples of them: the wire form is the value itself."""
    if tp in _SCALARS:
        return True
    args = _union_args(tp)
    if args is not None:
        return all(_is_plain(a) for a in args)
    if typing.get_origin(tp) is tuple:
        return all(a is Ellipsis or _is_plain(a) for a in typing.get_args(tp))
    return False


def dataclass_specs(cls: type) -> list[tuple[str, Any, Any]]:
    """(name, type, default or MISSING) for each init field of ``cls``."""
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


# --- encoders ------------------------------------------------------------------------------


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
    if _is_plain(tp):
        return _identity
    args = _union_args(tp)
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
    if _is_enum_type(tp):
        return lambda v: v.value
    if _is_dataclass_type(tp):
        return dataclass_encoder(tp)
    raise TypeError(f"no wire form for type {tp!r}")


def _tagged_encoder(parts: tuple[Any, ...]) -> Encoder:
    if not all(_is_dataclass_type(p) for p in parts):
        raise TypeError(f"only unions of dataclasses have a wire form: {parts!r}")
    by_class = {p: dataclass_encoder(p, UNION_TAG, tag_name(p)) for p in parts}
    return lambda v: by_class[type(v)](v)


def _encode_expr(tp: Any, src: str, ns: dict[str, Any]) -> str:
    if _is_plain(tp):
        return src
    if _is_enum_type(tp):
        return f"{src}.value"
    args = _union_args(tp)
    if args is not None and len(args) == 2 and type(None) in args:
        inner = next(a for a in args if a is not type(None))
        if _is_enum_type(inner):
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
        if default is _MISSING:
            lines.append(f"    out[{name!r}] = {expr}")
        else:
            # A field equal to its default is left out: events carry few fields each.
            lines.append(f"    if {_omit_test(default, 'x', ns)}:")
            lines.append(f"        out[{name!r}] = {expr}")
    lines.append("    return out")
    exec("\n".join(lines), ns)  # source built above from field names only
    encode: Encoder = ns["encode"]
    return encode


# --- decoders ------------------------------------------------------------------------------


def decoder_for(tp: Any) -> Decoder:
    """The strict decoder for values of type ``tp``: ``(wire, path) -> value``."""
    inner = _decoder(tp)

    def decode(w: Any, path: str = "") -> Any:
        try:
            return inner(w)
        except _Fault as f:
            raise f.error(path) from None

    return decode


def from_wire(data: Any, tp: Any, path: str = "") -> Any:
    """Decode ``data`` as a value of type ``tp``.

    Raises:
        DecodeError: naming the field (inside ``path``) at fault.
    """
    try:
        return _decoder(tp)(data)
    except _Fault as f:
        raise f.error(path) from None


def _decoder(tp: Any) -> _Dec:
    dec = _decoders.get(tp)
    if dec is None:
        dec = _decoders[tp] = _build_decoder(tp)
    return dec


def _scalar_decoder(tp: type) -> _Dec:
    expected = _SCALARS[tp]

    def decode_scalar(w: Any) -> Any:
        if type(w) is not tp:  # exact: True is not an int
            raise _wrong(expected, w)
        return w

    return decode_scalar


def _build_decoder(tp: Any) -> _Dec:
    if tp in _SCALARS:
        return _scalar_decoder(tp)
    args = _union_args(tp)
    if args is not None:
        parts = tuple(a for a in args if a is not type(None))
        if len(parts) == 1:
            inner = _decoder(parts[0])
        elif all(_is_dataclass_type(p) for p in parts):
            inner = _tagged(_tag_table(parts), UNION_TAG)
        else:
            raise TypeError(f"only unions of dataclasses have a wire form: {parts!r}")
        if len(parts) < len(args):
            return lambda w: None if w is None else inner(w)
        return inner
    if typing.get_origin(tp) is tuple:
        return _tuple_decoder(typing.get_args(tp))
    if _is_enum_type(tp):
        return _enum_decoder(tp)
    if _is_dataclass_type(tp):
        return _dataclass_decoder(tp)
    raise TypeError(f"no wire form for type {tp!r}")


def _tuple_decoder(args: tuple[Any, ...]) -> _Dec:
    if len(args) == 2 and args[1] is Ellipsis:
        item_type = args[0]
        if item_type in _SCALARS:
            expected = _SCALARS[item_type]

            def decode_scalars(w: Any) -> Any:
                if type(w) is not list:
                    raise _wrong("an array", w)
                for i, x in enumerate(w):
                    if type(x) is not item_type:
                        raise _Fault(Reason.WRONG_TYPE, _wrong(expected, x).detail, [i])
                return tuple(w)

            return decode_scalars
        item = _decoder(item_type)

        def decode_var(w: Any) -> Any:
            if type(w) is not list:
                raise _wrong("an array", w)
            try:
                return tuple([item(x) for x in w])
            except _Fault as f:
                f.parts.insert(0, _failing_index(item, w))
                raise

        return decode_var
    items = tuple(_decoder(a) for a in args)
    size = len(items)

    def decode_fixed(w: Any) -> Any:
        if type(w) is not list:
            raise _wrong("an array", w)
        if len(w) != size:
            raise _Fault(Reason.INVALID, f"expected {size} items, got {len(w)}")
        out = []
        for i, (d, x) in enumerate(zip(items, w, strict=True)):
            try:
                out.append(d(x))
            except _Fault as f:
                f.parts.insert(0, i)
                raise
        return tuple(out)

    return decode_fixed


def _failing_index(item: _Dec, w: list[Any]) -> int:
    for i, x in enumerate(w):
        try:
            item(x)
        except _Fault:
            return i
    return 0


def _enum_decoder(cls: type[enum.Enum]) -> _Dec:
    by_value = {m.value: m for m in cls}

    def decode_enum(w: Any) -> Any:
        if type(w) is not str:
            raise _wrong(f"a {cls.__name__} name", w)
        member = by_value.get(w)
        if member is None:
            raise _Fault(Reason.INVALID, f"unknown {cls.__name__} {w[:40]!r}")
        return member

    return decode_enum


def _tag_table(parts: tuple[Any, ...]) -> dict[str, type]:
    return {tag_name(p): p for p in parts}


def tagged_decoder(classes: dict[str, type], tag_key: str, tag_first: bool = False) -> Decoder:
    """Decode a map whose ``tag_key`` names one of ``classes``: ``(wire, path) -> value``.

    ``tag_first``: the tag must be the map's first key (messages: docs/protocol.md §1), so a
    reader can dispatch on the first key alone and every encoding of a message is the same.
    """
    inner = _tagged(classes, tag_key, tag_first)

    def decode(w: Any, path: str = "") -> Any:
        try:
            return inner(w)
        except _Fault as f:
            raise f.error(path) from None

    return decode


def _tagged(classes: dict[str, type], tag_key: str, tag_first: bool = False) -> _Dec:
    decoders = {tag: _dataclass_decoder(cls, skip=tag_key) for tag, cls in classes.items()}

    def decode_tagged(w: Any) -> Any:
        if type(w) is not dict:
            raise _wrong("a map", w)
        tag = w.get(tag_key, _MISSING)
        if tag is _MISSING:
            raise _Fault(Reason.MISSING, parts=[tag_key])
        if tag_first and next(iter(w)) != tag_key:
            raise _Fault(Reason.INVALID, "must be the first key of the map", [tag_key])
        if type(tag) is not str:
            raise _Fault(Reason.WRONG_TYPE, _wrong("a string", tag).detail, [tag_key])
        dec = decoders.get(tag)
        if dec is None:
            raise _Fault(Reason.UNKNOWN_TAG, repr(tag[:40]), [tag_key])
        return dec(w)

    return decode_tagged


def _check_source(tp: Any, src: str, ns: dict[str, Any], indent: str) -> list[str]:
    """Source lines that check ``src`` against ``tp`` and leave the value in ``src``."""
    if tp in _SCALARS:
        t = f"_t{len(ns)}"
        ns[t] = tp
        return [
            f"{indent}if type({src}) is not {t}:",
            f"{indent}    raise _wrong({_SCALARS[tp]!r}, {src})",
        ]
    if _is_enum_type(tp):
        m = f"_m{len(ns)}"
        ns[m] = {v.value: v for v in tp}
        return [
            f"{indent}_y = {m}.get({src}) if type({src}) is str else None",
            f"{indent}if _y is None:",
            f"{indent}    raise _bad_enum({src}, {tp.__name__!r})",
            f"{indent}{src} = _y",
        ]
    args = _union_args(tp)
    if args is not None and len(args) == 2 and type(None) in args:
        inner = next(a for a in args if a is not type(None))
        if _is_enum_type(inner):
            body = _check_source(inner, src, ns, indent + "    ")
            return [f"{indent}if {src} is not None:", *body]
        if inner in _SCALARS:
            t = f"_t{len(ns)}"
            ns[t] = inner
            return [
                f"{indent}if {src} is not None and type({src}) is not {t}:",
                f"{indent}    raise _wrong({_SCALARS[inner] + ' or nil'!r}, {src})",
            ]
    name = f"_c{len(ns)}"
    ns[name] = _decoder(tp)
    return [f"{indent}{src} = {name}({src})"]


def _bad_enum(value: Any, name: str) -> _Fault:
    if type(value) is not str:
        return _wrong(f"a {name} name", value)
    return _Fault(Reason.INVALID, f"unknown {name} {value[:40]!r}")


def _dataclass_decoder(cls: type, skip: str | None = None) -> _Dec:
    """A generated strict decoder for a map of ``cls``'s fields (plus the key ``skip``)."""
    specs = dataclass_specs(cls)
    defaults = sum(1 for _, _, d in specs if d is not _MISSING)
    if defaults >= 3 and 2 * defaults >= len(specs):
        return _sparse_decoder(cls, specs, skip)
    names = frozenset(name for name, _, _ in specs) | ({skip} if skip else set())
    ns: dict[str, Any] = {
        "_Fault": _Fault, "_wrong": _wrong, "_MISSING": _MISSING, "_cls": cls,
        "_unexpected": _unexpected, "_names": names, "_construct_failed": _construct_failed,
        "Reason": Reason, "_bad_enum": _bad_enum,
    }
    lines = [
        "def decode(w):",
        "    if type(w) is not dict:",
        "        raise _wrong('a map', w)",
        f"    n = {1 if skip else 0}",
        "    f = None",
        "    try:",
        "        pass",
    ]
    args = []
    for i, (name, tp, default) in enumerate(specs):
        var = f"a{i}"
        args.append(var)
        lines += [f"        f = {name!r}", f"        {var} = w.get({name!r}, _MISSING)"]
        lines.append(f"        if {var} is _MISSING:")
        if default is _MISSING:
            lines.append("            raise _Fault(Reason.MISSING)")
        else:
            d = f"_d{len(ns)}"
            ns[d] = default
            lines.append(f"            {var} = {d}")
        lines.append("        else:")
        lines.append("            n += 1")
        lines += _check_source(tp, var, ns, "            ")
    lines += [
        "    except _Fault as e:",
        "        e.parts.insert(0, f)",
        "        raise",
        "    if n != len(w):",
        "        raise _unexpected(w, _names)",
        "    try:",
        f"        return _cls({', '.join(args)})",
        "    except (ValueError, TypeError) as e:",
        "        raise _construct_failed(e) from None",
    ]
    exec("\n".join(lines), ns)  # source built above from field names only
    decode: _Dec = ns["decode"]
    return decode


def _unexpected(w: dict[Any, Any], names: frozenset[str]) -> _Fault:
    for key in w:
        if key not in names:
            shown = key[:40] if type(key) is str else repr(key)[:40]
            return _Fault(Reason.UNEXPECTED, parts=[shown])
    return _Fault(Reason.INVALID, "duplicate keys")


def _construct_failed(e: Exception) -> _Fault:
    if isinstance(e, InvalidField):
        return _Fault(Reason.INVALID, e.detail, [e.field])
    # The engine's own checks (for example Rules: players must be 2-4).
    return _Fault(Reason.INVALID, str(e)[:200])


def _sparse_decoder(cls: type, specs: list[tuple[str, Any, Any]], skip: str | None) -> _Dec:
    """Like the dense decoder, for classes whose maps omit most fields (events): it walks the
    keys present instead of looking up every field."""
    ns: dict[str, Any] = {
        "_Fault": _Fault, "_wrong": _wrong, "_MISSING": _MISSING, "_cls": cls,
        "_construct_failed": _construct_failed, "Reason": Reason, "_bad_enum": _bad_enum,
    }
    lines = ["def decode(w):", "    if type(w) is not dict:", "        raise _wrong('a map', w)"]
    args = []
    for i, (_, _, default) in enumerate(specs):
        d = f"_d{len(ns)}"
        ns[d] = default
        lines.append(f"    a{i} = {d}")
        args.append(f"a{i}")
    lines += ["    f = None", "    try:", "        for f, x in w.items():"]
    keyword = "if"
    for i, (name, tp, _) in enumerate(specs):
        lines.append(f"            {keyword} f == {name!r}:")
        lines += _check_source(tp, "x", ns, "                ")
        lines.append(f"                a{i} = x")
        keyword = "elif"
    if skip:
        lines += [f"            {keyword} f == {skip!r}:", "                pass"]
    lines += [
        "            else:",
        "                raise _Fault(Reason.UNEXPECTED)",
        "    except _Fault as e:",
        "        e.parts.insert(0, f[:40] if type(f) is str else repr(f)[:40])",
        "        raise",
    ]
    for i, (name, _, default) in enumerate(specs):
        if default is _MISSING:
            lines += [
                f"    if a{i} is _MISSING:",
                f"        raise _Fault(Reason.MISSING, parts=[{name!r}])",
            ]
    lines += [
        "    try:",
        f"        return _cls({', '.join(args)})",
        "    except (ValueError, TypeError) as e:",
        "        raise _construct_failed(e) from None",
    ]
    exec("\n".join(lines), ns)  # source built above from field names only
    decode: _Dec = ns["decode"]
    return decode
