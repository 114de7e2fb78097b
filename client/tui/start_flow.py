"""The start flow: from the command line to the first plan — a lesson, a solo game (or the
choice to resume the one left unfinished), a server (its name asked on the very first start), or
the start menu — and a new solo game when the kept one could not be resumed.

The app (client/tui/app.py) owns one :class:`StartFlow`; it starts it once mounted and relays
``SoloNotResumed`` to it.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any, Protocol

from seasalt.client.files.settings import load_name
from seasalt.client.lessons.plan import LessonPlan
from seasalt.client.own_server.child_server import journal_in_use
from seasalt.client.own_server.solo_game import forget_solo, solo_db_path, unfinished_solo
from seasalt.client.tui.hosting import OwnServer
from seasalt.client.tui.launch_options import LaunchOptions
from seasalt.client.tui.messages import SoloNotResumed
from seasalt.client.tui.net_flow import Plan
from seasalt.client.tui.screens.dialogs import ConfirmDialog, answer_keys
from seasalt.client.tui.screens.name_prompt import NamePrompt
from seasalt.client.tui.screens.start import JoinPlan, SoloPlan, StartScreen
from seasalt.client.words.i18n import _
from textual.app import App


class StartLife(Protocol):
    """What the start flow asks of the app's lifecycle (SeasaltApp is one)."""

    player: str
    """The player's name (the first start's prompt sets it)."""
    options: LaunchOptions
    plan: Plan | None

    def begin(self, plan: Plan) -> None:
        """Show the connecting screen and start the network worker for ``plan``."""


class StartFlow:
    """The app's start (see the module docstring).

    Args:
        app: Textual's side of the app (its screens and notifications).
        life: the app's lifecycle (the options, our name, the plan begun).
        own: the app's own server (a solo game it does not own is forgotten only by its own).
    """

    def __init__(self, app: App[Any], life: StartLife, own: OwnServer) -> None:
        self.app, self.life, self.own = app, life, own

    def first_plan(self) -> None:
        """What the command line asked for, once the app is up: a lesson, a solo game, a
        server (its name asked first on the very first start), or the start menu."""
        o = self.life.options
        if o.learn:
            self.life.begin(LessonPlan(self.life.player, o.learn))
        elif o.solo:
            self.solo(SoloPlan(self.life.player, o.opponents, o.level, o.extra_salt,
                               o.double_target, extra_pepper=o.extra_pepper, target=o.target))
        elif o.address and o.name is None and load_name() is None and not o.guest:
            # The first start, straight to a server: the name is asked once, as the start
            # menu asks it (the login name offered), then remembered.
            self.app.push_screen(NamePrompt(self.life.player), self._join_as)
        elif o.address:
            self.life.begin(JoinPlan(self.life.player, o.address))
        else:
            first_time = self.life.options.name is None and load_name() is None
            self.app.push_screen(StartScreen(self.life.player, ask_name=first_time))

    def _join_as(self, name: str | None) -> None:
        """The first start's name chosen: join the server given on the command line."""
        self.life.player = name or self.life.player
        assert self.life.options.address is not None
        self.life.begin(JoinPlan(self.life.player, self.life.options.address))

    def solo(self, plan: SoloPlan) -> None:
        """``--solo``: a new game, or, when an earlier client left one unfinished, the choice.

        The quit dialog tells a player their solo game is kept; people start again with the
        command they used, and a new game archives the unfinished one (it can no longer be
        resumed), so that is asked, and Esc (or No) resumes it."""
        saved = unfinished_solo()
        if saved is None or journal_in_use(solo_db_path()):
            self.life.begin(plan)  # (in use: another client plays it; a new game goes elsewhere)
            return
        resume = SoloPlan(
            self.life.player, saved.opponents, saved.level, saved.extra_salt, saved.double_target,
            resume=True, extra_pepper=saved.extra_pepper, target=saved.target,
        )
        yes, no = answer_keys()
        question = ConfirmDialog(
            _("You have an unfinished solo game. Start a new one instead? The unfinished game "
              "can then no longer be resumed."),
            yes=_("Yes, a new game ({key})").format(key=yes),
            no=_("No, resume it ({key})").format(key=no), enter_says_yes=False,
        )
        self.app.push_screen(question, lambda new: self.life.begin(plan if new else resume))

    def solo_not_resumed(self, message: SoloNotResumed) -> None:
        """The kept solo game had no seat left to resume (over and gone): a new game with its
        options instead, as the player came to play (never a wait for nothing)."""
        plan = self.life.plan
        if not isinstance(plan, SoloPlan):
            return
        child = self.own.child
        if child is not None and not child.owns_db:  # (else another client's game)
            forget_solo()
        self.app.notify(_("Your solo game could not be resumed (it is over or gone): a new "
                          "game starts."), severity="warning", timeout=8)
        self.life.begin(replace(plan, resume=False))
