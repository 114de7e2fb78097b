"""The garbage collector's pace for a seasalt process (client, server, tests).

CPython runs its young-generation collection every 700 net allocations. A Textual client
allocates millions of short-lived objects a second while it draws (styles, strips, messages)
and the server a few per message; each collection also walks objects that live as long as the
process (modules, the stylesheet, the engine's tables). Young objects every 50,000 allocations,
the older generations every 20 and 10 of those, keep memory bounded and cut a table app's CPU
from start to its first frame and per repaint (docs/results.md, "The test suite").
"""

from __future__ import annotations

import gc

YOUNG_EVERY = 50_000
"""Net allocations between two collections of the young generation (CPython: 700)."""

_frozen = False


def pace_collector() -> None:
    """Collect less often; the first call also freezes what exists (the imported modules) out
    of the collector's sight, since it lives until the process ends. Later calls (a test that
    runs a command's ``main`` again in its own process) freeze nothing more: what they would
    freeze may die before the process does."""
    global _frozen
    gc.set_threshold(YOUNG_EVERY, 20, 10)
    if not _frozen:
        _frozen = True
        gc.collect()
        gc.freeze()
