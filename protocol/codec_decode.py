"""The strict decoders half of the codec (see :mod:`codec`): msgpack data -> dataclasses,
generated once per type and cached; faults carry their path parts up.
"""

from __future__ import annotations

import enum
import typing
from typing import Any

from .codec_base import (
    MISSING,
    SCALARS,
    UNION_TAG,
    Dec,
    Decoder,
    Fault,
    dataclass_specs,
    is_dataclass_type,
    is_enum_type,
    tag_name,
    union_args,
    wrong,
)
from .errors import InvalidField, Reason

_decoders: dict[Any, Dec] = {}



def decoder_for(tp: Any) -> Decoder:
    """The strict decoder for values of type ``tp``: ``(wire, path) -> value``."""
    inner = _decoder(tp)

    def decode(w: Any, path: str = "") -> Any:
        try:
            return inner(w)
        except Fault as f:
            raise f.error(path) from None

    return decode


def from_wire(data: Any, tp: Any, path: str = "") -> Any:
    """Decode ``data`` as a value of type ``tp``.

    Raises:
        DecodeError: naming the field (inside ``path``) at fault.
    """
    try:
        return _decoder(tp)(data)
    except Fault as f:
        raise f.error(path) from None


def _decoder(tp: Any) -> Dec:
    dec = _decoders.get(tp)
    if dec is None:
        dec = _decoders[tp] = _build_decoder(tp)
    return dec


def _scalar_decoder(tp: type) -> Dec:
    expected = SCALARS[tp]

    def decode_scalar(w: Any) -> Any:
        if type(w) is not tp:  # exact: True is not an int
            raise wrong(expected, w)
        return w

    return decode_scalar


def _build_decoder(tp: Any) -> Dec:
    if tp in SCALARS:
        return _scalar_decoder(tp)
    args = union_args(tp)
    if args is not None:
        parts = tuple(a for a in args if a is not type(None))
        if len(parts) == 1:
            inner = _decoder(parts[0])
        elif all(is_dataclass_type(p) for p in parts):
            inner = _tagged(_tag_table(parts), UNION_TAG)
        else:
            raise TypeError(f"only unions of dataclasses have a wire form: {parts!r}")
        if len(parts) < len(args):
            return lambda w: None if w is None else inner(w)
        return inner
    if typing.get_origin(tp) is tuple:
        return _tuple_decoder(typing.get_args(tp))
    if is_enum_type(tp):
        return _enum_decoder(tp)
    if is_dataclass_type(tp):
        return _dataclass_decoder(tp)
    raise TypeError(f"no wire form for type {tp!r}")


def _tuple_decoder(args: tuple[Any, ...]) -> Dec:
    if len(args) == 2 and args[1] is Ellipsis:
        item_type = args[0]
        if item_type in SCALARS:
            expected = SCALARS[item_type]

            def decode_scalars(w: Any) -> Any:
                if type(w) is not list:
                    raise wrong("an array", w)
                for i, x in enumerate(w):
                    if type(x) is not item_type:
                        raise Fault(Reason.WRONG_TYPE, wrong(expected, x).detail, [i])
                return tuple(w)

            return decode_scalars
        item = _decoder(item_type)

        def decode_var(w: Any) -> Any:
            if type(w) is not list:
                raise wrong("an array", w)
            try:
                return tuple([item(x) for x in w])
            except Fault as f:
                f.parts.insert(0, _failing_index(item, w))
                raise

        return decode_var
    items = tuple(_decoder(a) for a in args)
    size = len(items)

    def decode_fixed(w: Any) -> Any:
        if type(w) is not list:
            raise wrong("an array", w)
        if len(w) != size:
            raise Fault(Reason.INVALID, f"expected {size} items, got {len(w)}")
        out = []
        for i, (d, x) in enumerate(zip(items, w, strict=True)):
            try:
                out.append(d(x))
            except Fault as f:
                f.parts.insert(0, i)
                raise
        return tuple(out)

    return decode_fixed


def _failing_index(item: Dec, w: list[Any]) -> int:
    for i, x in enumerate(w):
        try:
            item(x)
        except Fault:
            return i
    return 0


def _enum_decoder(cls: type[enum.Enum]) -> Dec:
    by_value = {m.value: m for m in cls}

    def decode_enum(w: Any) -> Any:
        if type(w) is not str:
            raise wrong(f"a {cls.__name__} name", w)
        member = by_value.get(w)
        if member is None:
            raise Fault(Reason.INVALID, f"unknown {cls.__name__} {w[:40]!r}")
        return member

    return decode_enum


def _tag_table(parts: tuple[Any, ...]) -> dict[str, type]:
    return {tag_name(p): p for p in parts}


def tagged_decoder(
    classes: dict[str, type], tag_key: str, tag_first: bool = False, lazy: bool = False
) -> Decoder:
    """Decode a map whose ``tag_key`` names one of ``classes``: ``(wire, path) -> value``.

    ``tag_first``: the tag must be the map's first key (messages: docs/protocol.md §1), so a
    reader can dispatch on the first key alone and every encoding of a message is the same.
    ``lazy``: each class's decoder is built when its tag first arrives (the same decoder).
    """
    inner = _tagged(classes, tag_key, tag_first, lazy)

    def decode(w: Any, path: str = "") -> Any:
        try:
            return inner(w)
        except Fault as f:
            raise f.error(path) from None

    return decode


def _tagged(
    classes: dict[str, type], tag_key: str, tag_first: bool = False, lazy: bool = False
) -> Dec:
    decoders: dict[str, Dec] = {} if lazy else {
        tag: _dataclass_decoder(cls, skip=tag_key) for tag, cls in classes.items()
    }

    def decode_tagged(w: Any) -> Any:
        if type(w) is not dict:
            raise wrong("a map", w)
        tag = w.get(tag_key, MISSING)
        if tag is MISSING:
            raise Fault(Reason.MISSING, parts=[tag_key])
        if tag_first and next(iter(w)) != tag_key:
            raise Fault(Reason.INVALID, "must be the first key of the map", [tag_key])
        if type(tag) is not str:
            raise Fault(Reason.WRONG_TYPE, wrong("a string", tag).detail, [tag_key])
        dec = decoders.get(tag)
        if dec is None:
            cls = classes.get(tag) if lazy else None
            if cls is None:
                raise Fault(Reason.UNKNOWN_TAG, repr(tag[:40]), [tag_key])
            # Two threads may both build it: the same decoder, either one kept.
            dec = decoders[tag] = _dataclass_decoder(cls, skip=tag_key)
        return dec(w)

    return decode_tagged


def _check_source(tp: Any, src: str, ns: dict[str, Any], indent: str) -> list[str]:
    """Source lines that check ``src`` against ``tp`` and leave the value in ``src``."""
    if tp in SCALARS:
        t = f"_t{len(ns)}"
        ns[t] = tp
        return [
            f"{indent}if type({src}) is not {t}:",
            f"{indent}    raise wrong({SCALARS[tp]!r}, {src})",
        ]
    if is_enum_type(tp):
        m = f"_m{len(ns)}"
        ns[m] = {v.value: v for v in tp}
        return [
            f"{indent}_y = {m}.get({src}) if type({src}) is str else None",
            f"{indent}if _y is None:",
            f"{indent}    raise _bad_enum({src}, {tp.__name__!r})",
            f"{indent}{src} = _y",
        ]
    args = union_args(tp)
    if args is not None and len(args) == 2 and type(None) in args:
        inner = next(a for a in args if a is not type(None))
        if is_enum_type(inner):
            body = _check_source(inner, src, ns, indent + "    ")
            return [f"{indent}if {src} is not None:", *body]
        if inner in SCALARS:
            t = f"_t{len(ns)}"
            ns[t] = inner
            return [
                f"{indent}if {src} is not None and type({src}) is not {t}:",
                f"{indent}    raise wrong({SCALARS[inner] + ' or nil'!r}, {src})",
            ]
    name = f"_c{len(ns)}"
    ns[name] = _decoder(tp)
    return [f"{indent}{src} = {name}({src})"]


def _bad_enum(value: Any, name: str) -> Fault:
    if type(value) is not str:
        return wrong(f"a {name} name", value)
    return Fault(Reason.INVALID, f"unknown {name} {value[:40]!r}")


def _dataclass_decoder(cls: type, skip: str | None = None) -> Dec:
    """A generated strict decoder for a map of ``cls``'s fields (plus the key ``skip``)."""
    specs = dataclass_specs(cls)
    defaults = sum(1 for _, _, d in specs if d is not MISSING)
    if defaults >= 3 and 2 * defaults >= len(specs):
        return _sparse_decoder(cls, specs, skip)
    names = frozenset(name for name, _, _ in specs) | ({skip} if skip else set())
    ns: dict[str, Any] = {
        "Fault": Fault, "wrong": wrong, "MISSING": MISSING, "_cls": cls,
        "_unexpected": _unexpected, "_names": names, "_construct_failed": _construct_failed,
        "Reason": Reason, "_bad_enum": _bad_enum,
    }
    lines = [
        "def decode(w):",
        "    if type(w) is not dict:",
        "        raise wrong('a map', w)",
        f"    n = {1 if skip else 0}",
        "    f = None",
        "    try:",
        "        pass",
    ]
    args = []
    for i, (name, tp, default) in enumerate(specs):
        var = f"a{i}"
        args.append(var)
        lines += [f"        f = {name!r}", f"        {var} = w.get({name!r}, MISSING)"]
        lines.append(f"        if {var} is MISSING:")
        if default is MISSING:
            lines.append("            raise Fault(Reason.MISSING)")
        else:
            d = f"_d{len(ns)}"
            ns[d] = default
            lines.append(f"            {var} = {d}")
        lines.append("        else:")
        lines.append("            n += 1")
        lines += _check_source(tp, var, ns, "            ")
    lines += [
        "    except Fault as e:",
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
    decode: Dec = ns["decode"]
    return decode


def _unexpected(w: dict[Any, Any], names: frozenset[str]) -> Fault:
    for key in w:
        if key not in names:
            shown = key[:40] if type(key) is str else repr(key)[:40]
            return Fault(Reason.UNEXPECTED, parts=[shown])
    return Fault(Reason.INVALID, "duplicate keys")


def _construct_failed(e: Exception) -> Fault:
    if isinstance(e, InvalidField):
        return Fault(Reason.INVALID, e.detail, [e.field])
    # The engine's own checks (for example Rules: players must be 2-4).
    return Fault(Reason.INVALID, str(e)[:200])


def _sparse_decoder(cls: type, specs: list[tuple[str, Any, Any]], skip: str | None) -> Dec:
    """Like the dense decoder, for classes whose maps omit most fields (events): it walks the
    keys present instead of looking up every field."""
    ns: dict[str, Any] = {
        "Fault": Fault, "wrong": wrong, "MISSING": MISSING, "_cls": cls,
        "_construct_failed": _construct_failed, "Reason": Reason, "_bad_enum": _bad_enum,
    }
    lines = ["def decode(w):", "    if type(w) is not dict:", "        raise wrong('a map', w)"]
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
        "                raise Fault(Reason.UNEXPECTED)",
        "    except Fault as e:",
        "        e.parts.insert(0, f[:40] if type(f) is str else repr(f)[:40])",
        "        raise",
    ]
    for i, (name, _, default) in enumerate(specs):
        if default is MISSING:
            lines += [
                f"    if a{i} is MISSING:",
                f"        raise Fault(Reason.MISSING, parts=[{name!r}])",
            ]
    lines += [
        "    try:",
        f"        return _cls({', '.join(args)})",
        "    except (ValueError, TypeError) as e:",
        "        raise _construct_failed(e) from None",
    ]
    exec("\n".join(lines), ns)  # source built above from field names only
    decode: Dec = ns["decode"]
    return decode
