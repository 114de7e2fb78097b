"""The app's message handlers that hand a message to one of its parts (the table flow, the
network flow, the lobby flow, our own server): :func:`relay`."""

from __future__ import annotations

import functools
import inspect
from collections.abc import Callable
from typing import Any, TypeVar

from textual import on
from textual.message import Message

P = TypeVar("P")
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
