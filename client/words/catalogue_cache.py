"""The catalogues compiled once per change: their ``.mo`` bytes kept in the user's cache folder.

Importing Babel and reading a ``.po`` with it took 50-100 ms of every start of the app, for the
same bytes each time. A compiled catalogue is kept under a name made from a hash of everything
it is made from (the language, the ``.po`` and the code that compiles it), so a changed
catalogue or another seasalt compiles afresh and never reads a stale file.
"""

from __future__ import annotations

import contextlib
import hashlib
import os
import tempfile
from collections.abc import Callable
from pathlib import Path

from seasalt.common.files import private_dirs

_MO_MAGIC = (b"\xde\x12\x04\x95", b"\x95\x04\x12\xde")
"""The first four bytes of a ``.mo`` file (little- or big-endian)."""


def cache_dir() -> Path:
    """Where compiled catalogues are kept."""
    from platformdirs import user_cache_dir

    return Path(user_cache_dir("seasalt", appauthor=False)) / "catalogues"


def compiled(lang: str, source: bytes, compile_po: Callable[[bytes], bytes],
             made_by: bytes) -> bytes:
    """``compile_po(source)``, from the cache when the same ``lang``, ``source`` and
    ``made_by`` (the compiling code) were compiled before; kept for next time otherwise.

    A cache that cannot be read or written (a read-only home) only costs the compiling.
    """
    key = hashlib.sha256(b"\0".join((lang.encode(), made_by, source))).hexdigest()[:32]
    folder = cache_dir()
    path = folder / f"{lang}-{key}.mo"
    with contextlib.suppress(OSError):
        kept = path.read_bytes()
        if kept[:4] in _MO_MAGIC:
            return kept
    mo = compile_po(source)
    with contextlib.suppress(OSError):
        private_dirs(str(folder))
        # Written whole under another name, then renamed: a reader never sees half a file.
        fd, temporary = tempfile.mkstemp(dir=folder, prefix=f".{lang}-", suffix=".tmp")
        try:
            with os.fdopen(fd, "wb") as out:
                out.write(mo)
            os.replace(temporary, path)
        except OSError:
            os.unlink(temporary)
            raise
        for old in folder.glob(f"{lang}-*.mo"):  # older catalogues of this language
            if old != path:
                old.unlink(missing_ok=True)
    return mo
