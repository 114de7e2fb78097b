# Minimal stubs for the parts of msgpack seasalt uses (msgpack ships no type information).
from typing import Any

class ExtType:
    code: int
    data: bytes

def packb(o: Any, *, use_bin_type: bool = ..., **kwargs: Any) -> bytes: ...
def unpackb(packed: bytes | bytearray | memoryview, **kwargs: Any) -> Any: ...
