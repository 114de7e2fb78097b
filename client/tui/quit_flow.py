"""The quit flow: leaving the app — ``q`` and ctrl+q, the question asked first where
something would be lost (a game, the server we host), the ``away`` said on the way out, and what
the terminal is told once the app has closed (the way back to the seat, a server left running).

The app (client/tui/app.py) owns one :class:`QuitFlow`; its quit actions call it.
"""

from __future__ import annotations

import contextlib
import textwrap
from typing import Any, Protocol

from seasalt.client.lessons.plan import LessonPlan
from seasalt.client.net.intents import LeaveTable
from seasalt.client.net.session import ClientSession
from seasalt.client.tui.hosting import OwnServer
from seasalt.client.tui.launch_options import LaunchOptions
from seasalt.client.tui.messages import IntentQueued
from seasalt.client.tui.net_flow import NetFlow, Plan
from seasalt.client.tui.screens.dialogs import ConfirmDialog, HostQuitDialog
from seasalt.client.tui.screens.start import JoinPlan, SoloPlan
from seasalt.client.tui.table_flow import TableFlow
from seasalt.client.words.come_back import come_back_command
from seasalt.client.words.i18n import N_, Translator, _
from textual.app import App
from textual.worker import Worker


class QuitLife(Protocol):
    """What the quit flow asks of the app's lifecycle (SeasaltApp is one)."""

    plan: Plan | None
    """What the player started (None: the start menu)."""
    player: str
    options: LaunchOptions
    translator: Translator
    """The app's language (the words said once it has closed are said in it)."""

    @property
    def session(self) -> ClientSession: ...

    @property
    def server_key(self) -> str | None: ...

    def stop_net(self) -> None:
        """Cancel the network worker."""

    def leave_lesson(self) -> None:
        """Out of a lesson, back to the start menu."""


class QuitFlow:
    """Leaving the app (see the module docstring).

    Args:
        app: Textual's side of the app: its screens, workers, notifications and exit.
        life: the app's lifecycle (the plan, our name, language, where we are).
        own: the app's own server (stopped, or left running for the others).
        net: the network side (the link's state, the ``away`` said on the way out).
        flow: the table flow (whether a game is being played).
    """

    def __init__(self, app: App[int], life: QuitLife, own: OwnServer, net: NetFlow,
                 flow: TableFlow) -> None:
        self.app, self.life, self.own, self.net, self.flow = app, life, own, net, flow

    def back_or_quit(self) -> None:
        """``q`` at the table: a spectator, or a player in the waiting room (no game yet, so
        nothing to lose), goes back to the lobby; a player in a game is asked."""
        at_table = self.life.session.table is not None
        if at_table and self.flow.nothing_to_lose() and self.life.plan is not None:
            self.app.post_message(IntentQueued(LeaveTable()))
            return
        self.request_quit()

    def quit_question(self) -> str:
        """What the quit dialog tells a seated player: only what is true for this game."""
        if isinstance(self.life.plan, SoloPlan):
            if self.own.solo_resumable:  # its journal and seat token are kept in the data dir
                return _("Quit? Your solo game is kept: start seasalt-client again to resume "
                         "it from the start menu.")
            return _("Quit? This solo game ends with the client: it cannot be resumed.")
        if self.net.link_down:
            # Reconnecting: the ``away`` said on the way out cannot reach the server, and a
            # quit does not wait for it to come back (NetFlow.away_said): say so beforehand.
            head = _("Leave the game? The server is out of reach and cannot be told that you "
                     "leave: a bot plays your seat only once it notices you are gone.")
        else:
            head = _("Leave the game? A bot plays your seat until you come back.")
        return f"{head} " + "\n".join(self.way_back())

    def way_back(self) -> list[str]:
        """How this player takes the seat back once the app has closed, in the app's language
        (also said after it has closed: ``parting_words``): the command to run (a line of its
        own, copied as a whole), for a browser tab its page, or that it cannot be."""
        say = self.life.translator.gettext
        plan = self.life.plan
        if self.life.options.guest:
            return [say(N_("To take your seat back, choose Open again on this page (or reload "
                           "it)."))]
        if not self.net.seat_kept:
            return [say(N_("This window cannot keep your session on this computer (another "
                           "window plays as {name} on this server, or the data folder cannot "
                           "be written): once it is closed, the seat cannot be taken back."))
                    .format(name=plan.name if plan is not None else self.life.player)]
        return [say(N_("To take your seat back, run:")), self.back_command()]

    def back_command(self) -> str:
        """The command line that brings this player back to this server and its seat: the
        name its session token is kept under, the key of an encrypted server."""
        name = self.life.plan.name if self.life.plan is not None else self.life.player
        return come_back_command(self.net.server_address, name, self.life.server_key)

    def request_quit(self) -> None:
        """Quit, asking first where something would be lost (a game, a hosted server)."""
        if isinstance(self.app.screen, (ConfirmDialog, HostQuitDialog)):
            return
        if isinstance(self.life.plan, LessonPlan):
            self.life.leave_lesson()  # nothing to lose: a lesson is left at any moment
            return
        if self.own.hosting and self.own.child is not None and self.own.child.alive():
            def answered(answer: str | None) -> None:
                if answer == "stop":
                    self.quit_app(stop_child=True)
                elif answer == "leave":  # the others play on: a bot takes the seat now
                    self.net.away_on_close = self.flow.in_game()
                    self.quit_app(stop_child=False)

            self.app.push_screen(HostQuitDialog(), answered)
            return
        if self.flow.in_game():
            def confirmed(yes: bool | None) -> None:
                if yes:
                    # Joined to a server that plays on: the table need not wait for the
                    # takeover delay (a solo game's server ends with us, its seat unplayed).
                    self.net.away_on_close = isinstance(self.life.plan, JoinPlan)
                    self.quit_app(stop_child=True)

            self.app.push_screen(ConfirmDialog(self.quit_question()), confirmed)
            return
        self.quit_app(stop_child=True)

    def quit_app(self, *, stop_child: bool) -> None:
        """Close the app: the network worker ends (its last word an ``away`` when asked for),
        our own server stops or is left running."""
        nets = [w for w in self.app.workers if w.group == "net" and not w.is_finished]
        self.life.stop_net()
        self.own.let_go(stop=stop_child)
        if self.net.away_on_close and nets:
            # The worker's last word is the away (client/tui/net_flow.py): closing the app now
            # would cancel the wait for the server to read it, and on a busy machine a bot
            # would then wait the takeover delay. The app closes once the worker has ended.
            self.app.notify(_("Telling the server that you leave…"), timeout=30)
            self.app.run_worker(self._exit_once_ended(nets), group="closing")
            return
        self.app.exit(0)

    async def _exit_once_ended(self, workers: list[Worker[Any]]) -> None:
        for worker in workers:
            with contextlib.suppress(Exception):  # (cancelled: it ended all the same)
                await worker.wait()
        self.app.exit(0)

    def parting_words(self) -> list[str]:
        """What the terminal is told once the app has closed (``run_app`` prints it): a server
        of ours left running, and an ``away`` the server did not read (the link was down as
        the player quit), which would otherwise be lost without a word. Said in the app's own
        language: once the app has closed, ``_()`` no longer finds it and would speak the
        process default."""
        say = self.life.translator.gettext
        words: list[str] = []
        if self.own.left_running is not None:
            server = self.own.left_running
            words.append(say(N_(
                "The seasalt server keeps running for the others (process {pid}); "
                "stop it with `kill {pid}`. Its output: {log}")).format(
                    pid=server.pid, log=server.log_path))
        if self.net.away_said is False:
            words.append(say(N_(
                "The server was out of reach and was not told that you left: a bot "
                "plays your seat once it notices you are gone.")))
            *sentences, last = self.way_back()
            words += [*sentences, PARTING_COMMAND_INDENT + last if sentences else last]
        elif self.own.left_running is not None and self.net.server_address:
            words.append(say(N_("To come back to it (and to your seat, if you hold one), "
                                "run:")))
            words.append(PARTING_COMMAND_INDENT + self.back_command())
        return words


PARTING_COMMAND_INDENT = "  "
"""A parting line that starts so is a command to run: printed whole, never wrapped."""


def wrap_parting(line: str, columns: int) -> str:
    """A line printed once the app has closed, wrapped at the terminal's width between words
    (the terminal itself cut words in two); a path is never split, a command line (indented)
    never wrapped: it is copied as a whole."""
    if line.startswith(PARTING_COMMAND_INDENT):
        return line
    return textwrap.fill(line, width=max(20, columns - 1), break_long_words=False,
                         break_on_hyphens=False)

