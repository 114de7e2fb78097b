"""Learn to play: guided games over the real engine, on the real table (docs/client.md
"Learn to play")."""

from __future__ import annotations

from .base import LESSON as BASE
from .script import Lesson

LESSONS: dict[str, Lesson] = {BASE.key: BASE}
"""Every lesson by its command-line name (``seasalt-client --learn NAME``), in menu order."""

__all__ = ["LESSONS", "Lesson"]
