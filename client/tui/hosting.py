"""The app's own server (solo and host mode): starting it for a plan, hearing at once when it
stops, and the solo game kept to resume. The app owns one :class:`OwnServer`."""

from __future__ import annotations

import asyncio
import os
from collections.abc import Callable

from seasalt.client.own_server.child_server import ChildServer, start_server_async
from seasalt.client.own_server.solo_game import SavedSolo, forget_solo, save_solo, solo_journal
from seasalt.client.tui.link import ConnectionLink, Link
from seasalt.client.tui.messages import WebAddressesArrived
from seasalt.client.tui.screens.start import HostPlan, SoloPlan
from seasalt.client.words.i18n import _


def server_arguments(plan: SoloPlan | HostPlan) -> list[str]:
    """The child server's extra command-line arguments for ``plan``."""
    if isinstance(plan, SoloPlan):
        # A new solo game brings nothing back from the journal: the server revives a table
        # whose game finished lately (for an hour, so its players may come back to the result),
        # and a finished solo table held the name "solo": the new game was refused ("the game
        # at 'solo' is over") or, with other options, "a table with that name exists". (The
        # unfinished one is archived before: solo_game.solo_journal.) Nobody waits for a solo
        # player, so no bot takes an idle seat over.
        return ["--idle-after", "0"] + ([] if plan.resume else ["--max-resume-age", "0"])
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


class OwnServer:
    """The app's own server while the app runs (solo, host), and the solo game kept to resume.

    Args:
        seed: the child server's ``--seed`` (tests), or None.
        bot_delay: the child server's ``--bot-delay`` (tests use 0), or None.
        web_urls: where friends open the server in a browser, as known at start (``--web-url``).
    """

    def __init__(self, seed: int | None, bot_delay: float | None,
                 web_urls: tuple[str, ...] = ()) -> None:
        self.seed, self.bot_delay = seed, bot_delay
        self.child: ChildServer | None = None
        self.hosting = False
        self.left_running: ChildServer | None = None
        """A hosted server the player chose to leave running when quitting."""
        self.host_addresses: list[str] = []
        self.web_urls: list[str] = list(web_urls)
        """Where friends open this server in a browser (a --web server hosted here, or a
        guest's --web-url)."""
        self.solo_resumable = False
        """This solo game can be resumed after the client closes: its journal is in the data
        dir and the seat's token is saved (seasalt.client.own_server.solo_game); False once it is
        over, and always for host/join games and solo games on a temporary journal."""
        self.solo_game: SavedSolo | None = None
        """The solo game kept in the data dir (its seat token), for resuming it later."""
        self.started_for: SoloPlan | HostPlan | None = None
        """The plan ``child`` was started for (another plan may need another server)."""

    @property
    def solo(self) -> bool:
        """Our own server is a solo one: on loopback only (``start_child``)."""
        return self.child is not None and not self.hosting

    @property
    def hosted_key(self) -> str | None:
        """The key friends need to join the ``--secure`` server hosted here."""
        return self.child.server_key if self.hosting and self.child is not None else None

    async def address_for(
        self, plan: SoloPlan | HostPlan, gone: Callable[[ChildServer], None]
    ) -> str:
        """Our own server's address (started now unless it runs already); ``gone(child)`` is
        called at once if it stops while it is ours.

        Raises:
            ServerStartError: with words for people.
        """
        if self.child is not None and self.child.alive() and self._serves(plan):
            return self.child.address
        self.stop_child()
        self.child = child = await start_child(plan, self.seed, self.bot_delay)
        self.started_for = plan
        self.hosting = isinstance(plan, HostPlan)
        self.host_addresses = [a for a in child.join_addresses if a] if self.hosting else []
        self.web_urls = list(child.web_urls) if self.hosting else []
        watch_child(child, lambda: self.child is child, lambda: gone(child))
        return child.address

    def _serves(self, plan: SoloPlan | HostPlan) -> bool:
        """The running child is the server ``plan`` needs (a retry, or back on the start menu
        from the connecting screen: the child of the last plan still runs). Never for a solo
        game: its journal is made ready before the server starts (``solo_journal``: a new game
        archives the last one, with no server on it); and a solo server is no hosted one."""
        started = self.started_for
        return (isinstance(plan, HostPlan) and isinstance(started, HostPlan)
                and (started.port, started.secure, started.web) == (
                    plan.port, plan.secure, plan.web))

    def stop_child(self) -> None:
        """Stop the app's server now (it is no longer ours first: no "server stopped" news)."""
        child, self.child = self.child, None
        if child is not None:
            child.stop()

    def web_addresses(self, message: WebAddressesArrived) -> None:
        """The server said where browsers open it (right after welcome, before the lobby)."""
        self.web_urls = list(message.urls)

    def lost(self, child: ChildServer) -> None:
        """Our own server stopped: no reconnect will bring it back. (A solo game stays
        resumable: its journal and seat token outlive the server, as they outlive a crash.)"""
        child.stop()
        self.child = None

    def keep_solo(self, link: Link, plan: SoloPlan) -> None:
        """Remember the solo session's token, kept next to the solo journal only once it holds
        a seat in a game being played (``game_on``): a session whose table the server refused,
        or whose resume found no seat, has nothing to resume, and the start menu would offer
        it as "Resume your unfinished solo game" all the same."""
        child = self.child
        self.solo_game, self.solo_resumable = None, False
        if not isinstance(link, ConnectionLink) or child is None or child.owns_db:
            return  # a test link, or a temporary journal: nothing survives the client
        token = link.conn.token
        if token is not None:
            self.solo_game = SavedSolo(
                token, plan.opponents, plan.level, plan.extra_salt, plan.double_target,
                plan.extra_pepper, plan.target)

    def game_on(self) -> None:
        """A game is being played: a solo game is kept to resume (again, after "play again")."""
        if self.solo_game is not None and not self.solo_resumable:
            self.solo_resumable = save_solo(self.solo_game)

    def game_done(self) -> None:
        """The game is over: nothing left to resume (a resumed seat may find its game over
        without one frame of play: the kept game goes then too)."""
        if self.solo_game is not None:
            forget_solo()
        self.solo_resumable = False

    def let_go(self, *, stop: bool) -> None:
        """Quitting: stop our server, or leave it running for the others (host mode)."""
        if self.child is not None and not stop:
            self.left_running = self.child
            self.child.process.returncode = 0  # we let it go: not ours to wait for
            self.child = None
        self.stop_child()

    def close(self) -> None:
        """The app closed: our server goes with it, unless we host it for the others."""
        if self.child is not None and not self.hosting:
            child, self.child = self.child, None
            child.stop()
