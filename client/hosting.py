"""The app's own server (solo and host mode): starting it for a plan, and hearing at once when
it stops. The app keeps the :class:`ChildServer`; this module only starts and watches it."""

from __future__ import annotations

import asyncio
import os
from collections.abc import Callable

from seasalt.client.i18n import _
from seasalt.client.screens.start import HostPlan, SoloPlan
from seasalt.client.solo import ChildServer, start_server_async
from seasalt.client.solo_game import solo_journal


def server_arguments(plan: SoloPlan | HostPlan) -> list[str]:
    """The child server's extra command-line arguments for ``plan``."""
    if not isinstance(plan, HostPlan):
        return []
    extra = ["--secure"] if plan.secure else []
    # friends' Join lists show the host's player name (server/announce.py)
    extra += ["--announce-name", plan.name]
    # --web: HTTP on 8080, or on a free port when the game port is a free one (0).
    if plan.web:
        extra += ["--web"] + (["--web-port", "0"] if plan.port == 0 else [])
    return extra


async def start_child(
    plan: SoloPlan | HostPlan, seed: int | None, bot_delay: float | None
) -> ChildServer:
    """Start the server ``plan`` needs: solo on loopback with its journal in the data dir (or
    a temporary one), host on every interface with the LAN evening's history kept.

    Raises:
        ServerStartError: with words for people.
    """
    solo = isinstance(plan, SoloPlan)
    db = await asyncio.to_thread(solo_journal, plan.resume) if isinstance(plan, SoloPlan) else None
    return await start_server_async(
        host="127.0.0.1" if solo else "0.0.0.0",
        port=0 if isinstance(plan, SoloPlan) else plan.port,
        solo=solo, seed=seed, bot_delay=bot_delay, extra=server_arguments(plan),
        db=db, default_db=not solo,  # host mode: the LAN evening's history is kept
    )


def watch_child(child: ChildServer, ours: Callable[[], bool], gone: Callable[[], None]) -> None:
    """Call ``gone`` at once when ``child`` stops (it exits, refuses, crashes) while ``ours()``
    still says it is the app's server: no reconnect will bring it back. The kernel tells (a
    pidfd); else a check every quarter second."""
    loop = asyncio.get_running_loop()
    try:
        fd = os.pidfd_open(child.pid)
    except (AttributeError, OSError):
        def check() -> None:
            if ours() and child.alive():
                loop.call_later(0.25, check)
            elif ours():
                gone()

        loop.call_later(0.25, check)
        return

    def exited() -> None:
        loop.remove_reader(fd)
        os.close(fd)
        if ours():
            child.process.poll()
            gone()

    loop.add_reader(fd, exited)


def stopped_words(child: ChildServer) -> str:
    """What the player is told when the app's own server stopped."""
    detail = _("The server stopped (exit code {code}).").format(code=child.process.returncode)
    words = child.last_words()
    return f"{detail}\n{words}" if words else detail
