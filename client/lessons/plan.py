"""The app's plan for a lesson (beside solo, join and host: client/tui/net_flow.py runs it)."""

from __future__ import annotations

from dataclasses import dataclass, field

from . import LESSONS
from .runner import LessonRun


@dataclass(frozen=True)
class LessonPlan:
    """Play lesson ``lesson`` (a key of ``LESSONS``) on the table screen, against its own
    in-process table (client/lessons/link.py): no server, no network."""

    name: str
    lesson: str = "base"
    run: LessonRun = field(init=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "run", LessonRun(LESSONS[self.lesson]))
