"""The app's parts (the table flow, the network flow, our own server) under the app's names:
its attributes (:class:`Forwarded`) and its message handlers (:func:`relay`)."""

from __future__ import annotations

import functools
import inspect
from collections.abc import Callable
from typing import Any, Generic, TypeVar, overload

from textual import on
from textual.message import Message

T = TypeVar("T")
P = TypeVar("P")


class Forwarded(Generic[T]):
    """``frame = Forwarded[Frame | None]("flow")`` in a class: ``obj.frame`` reads and writes
    ``obj.flow.frame``. The screens and tests read the app's names (``app.frame``,
    ``app.clock_reading``) while the state lives in the part that owns it; ``writable=False``
    for what only its part may change."""

    def __init__(self, part: str, *, writable: bool = True) -> None:
        self.part = part
        self.writable = writable
        self.name = ""

    def __set_name__(self, owner: type, name: str) -> None:
        self.name = name

    @overload
    def __get__(self, obj: None, owner: type) -> Forwarded[T]: ...

    @overload
    def __get__(self, obj: object, owner: type) -> T: ...

    def __get__(self, obj: object | None, owner: type) -> Any:
        if obj is None:
            return self
        return getattr(getattr(obj, self.part), self.name)

    def __set__(self, obj: object, value: T) -> None:
        if not self.writable:
            raise AttributeError(f"{self.name} is read-only here: it is {self.part}'s")
        setattr(getattr(obj, self.part), self.name, value)


M = TypeVar("M", bound=Message)


def relay(
    kind: type[M], handler: Callable[[P, M], object], part: str = "flow"
) -> Callable[[Any, M], object]:
    """The app's handler of ``kind``: ``handler`` on the app's ``part``, while the app is open.

    Messages the network worker posted before it was cancelled are still handled while Textual
    takes the screens down, and a handler that looks at ``app.screen`` or a table's widgets
    then died (ScreenStackError, NoMatches: chaos soak, seeds 2003 and 2005 of the merged code).
    Textual clears ``is_running`` as its shutdown begins, so nothing is done after that.
    """
    if inspect.iscoroutinefunction(handler):
        async def relayed_async(app: Any, message: M) -> None:
            if app.is_running:
                await handler(getattr(app, part), message)

        relayed: Callable[[Any, M], object] = relayed_async
    else:
        def relayed_sync(app: Any, message: M) -> None:
            if app.is_running:
                handler(getattr(app, part), message)

        relayed = relayed_sync
    functools.update_wrapper(relayed, handler)
    # Textual's @on: the app's class collects it (a dispatch by the message's type).
    return on(kind)(relayed)
