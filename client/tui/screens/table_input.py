"""What the player's keys and clicks do at the table: a choice's key sends its legal action, one
at a time (a key pressed twice sends one action: the next waits for an answer, any frame or
refusal, or ``PENDING_TIMEOUT``); which keys work now (the footer shows those); a call is
confirmed first; the Water Rodeo swap is picked in two steps on the screen; any key shows a
held round result, stops auto end turn and takes back a seat a bot took while the player was
idle; the chat.

Functions of the table screen (client/tui/screens/table.py), which keeps the state they read and
write: ``sent`` and ``sent_at`` (an action is out), ``swap_pick`` (the swap's first step).
"""

from __future__ import annotations

import contextlib
from typing import TYPE_CHECKING

from seasalt.client.net.intents import AskSnapshot, Back, Play, Say
from seasalt.client.tui.messages import IntentQueued
from seasalt.client.tui.screens.call_confirm import CallConfirmDialog
from seasalt.client.tui.widgets.actions import UNPICK, ActionList, Choice
from seasalt.client.tui.widgets.countdown import stood_in
from seasalt.client.tui.widgets.prompt import PromptPanel
from seasalt.client.words.coach import COACH_KEY
from seasalt.client.words.i18n import _
from seasalt.engine import Call
from textual.css.query import NoMatches
from textual.events import Key
from textual.widgets import Input

if TYPE_CHECKING:
    from seasalt.client.tui.screens.table import TableScreen

PENDING_TIMEOUT = 5.0
"""Seconds after which an action with no answer at all frees the input again (and a resync is
asked for). A last resort: any frame or any refusal frees it long before."""
PENDING_CHECK = 1.0
"""Seconds between two checks of that timeout while an action is pending (and of a frame
taken in but not drawn: client/tui/screens/table_draw.py ``UndrawnCheck``)."""


TYPED_AWAY = frozenset({"help", "toggle_side", "chat", "back_or_quit", "quit_table", "coach"})
"""The actions whose keys the chat line takes as text while it has the focus."""


def key_works(screen: TableScreen, action: str) -> bool:
    """Whether ``action``'s key works now, and so shows in the footer (``check_action``): one
    key, two meanings for q and Esc (the footer names the one they have now)."""
    typing = isinstance(screen.focused, Input)
    if action == "unfocus":
        return typing
    if action == "unfocus_quietly":
        return not typing
    if typing and action in TYPED_AWAY:
        return False
    if action == "back_or_quit":
        return screen.q_goes_back
    if action == "quit_table":
        return not screen.q_goes_back
    if action == "coach":
        return screen.coach_offered
    return True


def choose(screen: TableScreen, choice: Choice, confirmed: bool = False) -> None:
    """Send the chosen legal action (one at a time: see ``TableScreen.sent``); a call is
    confirmed first (client/tui/screens/call_confirm.py)."""
    frame = screen.frame
    if frame is None or screen.waiting is not None or screen.result_hold.active:
        return
    if screen.sent and not check_pending(screen):
        return
    if choice.action not in frame.view.legal_actions:
        return
    if choice.pick is not None:  # the swap's first step: no action sent yet
        screen.swap_pick = None if choice.pick == UNPICK else choice.pick
        screen.call_later(screen.render_latest)
        return
    if screen.link_state:
        # "reconnecting…": an action sent now never reached a restarted server, and its key
        # then did nothing for PENDING_TIMEOUT, nothing said. The turn waits for the server.
        screen.notify(_("The server is out of reach: your choice was not sent."),
                      severity="warning", timeout=4)
        return
    if isinstance(choice.action, Call) and not confirmed:
        def answered(yes: bool | None) -> None:
            if yes:
                choose(screen, choice, confirmed=True)  # still legal? checked again

        screen.app.push_screen(CallConfirmDialog(choice, frame.view), answered)
        return
    screen.sent = True
    screen.sent_at = screen.clock()
    screen.app.post_message(IntentQueued(Play(choice.action)))


def check_pending(screen: TableScreen) -> bool:
    """Free an action that got no answer at all within PENDING_TIMEOUT (and ask for a fresh
    snapshot): the input can never stay stuck. True when the input is free."""
    if not screen.sent:
        return True
    if screen.clock() - screen.sent_at < PENDING_TIMEOUT:
        return False
    screen.sent = False
    screen.app.post_message(IntentQueued(AskSnapshot()))
    return True


def key_pressed(screen: TableScreen, event: Key) -> None:
    """A key the screen's bindings may also know: a choice's key chooses it."""
    if isinstance(screen.focused, Input):
        return
    frame = screen.frame
    if frame is not None and stood_in(frame.seats, frame.view.seat):
        # A bot took the seat while this player was idle: any key says they are back (the key
        # still does what it does: an action key acts, which takes the seat back too).
        screen.app.post_message(IntentQueued(Back()))
    if screen.release_result():  # any key: the held round result now
        event.stop()
        event.prevent_default()
        return
    if screen.auto_end.cancel():  # any key stops auto end turn; an action key acts too
        screen.tick_clocks()
    choice = screen.query_one(ActionList).by_key(event.character or event.key)
    if choice is not None:
        event.stop()
        event.prevent_default()
        if screen.too_small:
            # The choices are hidden under the "too small" line: a key would act blind (a
            # player resizing the window ended a turn they could not see).
            screen.notify(_("Your choices are hidden: make the terminal at least 36 x 16 "
                            "to play."), severity="warning", timeout=4)
            return
        choose(screen, choice)
    elif event.character == COACH_KEY and not screen.coach_offered:
        screen.action_coach()  # (its binding is off here: say why the key does nothing)


def chat_submitted(screen: TableScreen, event: Input.Submitted) -> None:
    """A chat line typed: said to the table, and the keys are the table's again."""
    text = event.value.strip()
    event.input.value = ""
    if text:
        screen.app.post_message(IntentQueued(Say(text)))
    screen.set_focus(None)


def scroll_prompt(screen: TableScreen, direction: int, page: bool) -> None:
    """↑ ↓ PgUp PgDn: a prompt longer than its rows scrolls (client/tui/screens/table_fit.py)."""
    with contextlib.suppress(NoMatches):
        prompt = screen.query_one(PromptPanel)
        prompt.scroll_lines(direction * (prompt.page() if page else 1))


def open_help(screen: TableScreen) -> None:
    from seasalt.client.tui.screens.help import HelpScreen

    screen.app.push_screen(HelpScreen(screen.join_hint))


def open_chat(screen: TableScreen) -> None:
    """``t``: the chat line (the side panel opened first at 80 columns)."""
    if screen.collapsed and not screen.side_open:
        screen.action_toggle_side()
    screen.query_one("#chat-input", Input).focus()


__all__ = ["PENDING_CHECK", "PENDING_TIMEOUT", "chat_submitted", "check_pending", "choose",
           "key_pressed", "open_chat", "open_help", "scroll_prompt"]
