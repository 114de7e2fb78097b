"""What the codec's encoders and decoders share (see :mod:`codec`): the fault that carries a
field path up, the wire tag of a class, and the analysis of type hints.
"""

from __future__ import annotations

import dataclasses
import enum
import re
import types
import typing
from collections.abc import Callable
from typing import Any

from .errors import DecodeError, Reason

Encoder = Callable[[Any], Any]
Decoder = Callable[[Any, str], Any]
"""(wire value, field path) -> Python value; raises DecodeError."""
Dec = Callable[[Any], Any]
"""Internal decoders: wire value -> Python value; raise Fault."""

UNION_TAG = "type"
"""The key naming the class of a value whose declared type is a union of dataclasses."""

MISSING: Any = dataclasses.MISSING
SCALARS: dict[Any, str] = {int: "an int", str: "a string", bool: "a bool", type(None): "nil"}


class Fault(Exception):
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


def describe(value: Any) -> str:
    return {dict: "a map", list: "an array", float: "a float", bytes: "binary"}.get(
        type(value), SCALARS.get(type(value), type(value).__name__)
    )


def wrong(expected: str, got: Any) -> Fault:
    return Fault(Reason.WRONG_TYPE, f"expected {expected}, got {describe(got)}")


# --- type analysis -------------------------------------------------------------------------


def union_args(tp: Any) -> tuple[Any, ...] | None:
    if typing.get_origin(tp) in (typing.Union, types.UnionType):
        return typing.get_args(tp)
    return None


def is_dataclass_type(tp: Any) -> bool:
    return isinstance(tp, type) and dataclasses.is_dataclass(tp)


def is_enum_type(tp: Any) -> bool:
    return isinstance(tp, type) and issubclass(tp, enum.Enum)


def is_plain(tp: Any) -> bool:
    """Made only of int/str/bool/None and tuples of them: the wire form is the value itself."""
    if tp in SCALARS:
        return True
    args = union_args(tp)
    if args is not None:
        return all(is_plain(a) for a in args)
    if typing.get_origin(tp) is tuple:
        return all(a is Ellipsis or is_plain(a) for a in typing.get_args(tp))
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
