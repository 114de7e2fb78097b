"""Learn to play: guided games over the real engine, on the real table (docs/client.md
"Learn to play")."""

from __future__ import annotations

from .base import LESSON as BASE
from .extra_pepper import LESSON as EXTRA_PEPPER
from .extra_salt import LESSON as EXTRA_SALT
from .script import Lesson

LESSONS: dict[str, Lesson] = {lesson.key: lesson for lesson in (BASE, EXTRA_SALT, EXTRA_PEPPER)}
"""Every lesson by its command-line name (``seasalt-client --learn NAME``), in menu order."""

__all__ = ["LESSONS", "Lesson"]
