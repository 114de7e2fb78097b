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

The code is in three modules: :mod:`codec_base` (the fault that carries a path up, the tags,
the analysis of type hints), :mod:`codec_encode` and :mod:`codec_decode`. Import from here.
"""

from __future__ import annotations

from .codec_base import UNION_TAG, Decoder, Encoder, dataclass_specs, join, tag_name
from .codec_decode import decoder_for, from_wire, tagged_decoder
from .codec_encode import dataclass_encoder, encoder_for, to_wire

__all__ = [
    "UNION_TAG",
    "Decoder",
    "Encoder",
    "dataclass_encoder",
    "dataclass_specs",
    "decoder_for",
    "encoder_for",
    "from_wire",
    "join",
    "tag_name",
    "tagged_decoder",
    "to_wire",
]
