"""The start menu's list of servers found on the LAN, updated live.

A thread worker starts the browser (client/net/discovery.py, or the app's ``discovery_feed`` in
tests) and stays until the widget goes; the browser's threads post each event to the widget as
a message, so the UI never waits on the network. Choosing a server posts :class:`Picked`.
"""

from __future__ import annotations

import threading

from rich.text import Text
from seasalt.client.net.discovery import (
    Browsing,
    DiscoveryEvent,
    Feed,
    FoundServer,
    Gone,
    Seen,
    Unavailable,
    browse,
)
from seasalt.client.words.i18n import _, ngettext
from textual import on, work
from textual.app import ComposeResult
from textual.containers import Vertical
from textual.message import Message
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option
from textual.worker import get_current_worker

_POLL = 0.25
"""Seconds between the worker's checks that it was cancelled (the app is closing)."""


def server_line(server: FoundServer) -> Text:
    """One server as the list shows it: name, address, who waits, and marks in words."""
    a = server.announcement
    line = Text()
    line.append(server.name, style="bold")
    line.append(f"  {server.address}  ")
    line.append(ngettext("{n} player waiting", "{n} players waiting", a.waiting).format(
        n=a.waiting))
    if a.server_key is not None:
        line.append("  " + _("encrypted, key {key}…").format(key=a.server_key[:8]))
    if not server.compatible:
        line.append("  " + _("(another version: cannot join)"), style="italic")
    return line


class ServerList(Vertical):
    """What was heard on the LAN; Enter (or a click) on a server joins it."""

    DEFAULT_CSS = """
    ServerList {
        height: auto;
    }
    ServerList #servers-status {
        color: $text-muted;
        padding: 0 0 0 0;
    }
    ServerList OptionList {
        height: auto;
        max-height: 6;
    }
    ServerList OptionList.-empty {
        display: none;
    }
    """

    class Picked(Message):
        """The player chose a server from the list."""

        def __init__(self, server: FoundServer) -> None:
            super().__init__()
            self.server = server

    class Heard(Message):
        """An event from the browser (posted from its thread)."""

        def __init__(self, event: DiscoveryEvent) -> None:
            super().__init__()
            self.event = event

    def __init__(self, feed: Feed | None = None, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self._feed = feed
        self.servers: dict[str, FoundServer] = {}
        """Instance name -> what it last said (tests read it)."""
        self._stopped = threading.Event()
        self._lock = threading.Lock()
        self._browsing: Browsing | None = None

    def compose(self) -> ComposeResult:
        yield Static(_("Looking for servers on your network…"), id="servers-status")
        yield OptionList(id="servers-list", classes="-empty")

    def on_mount(self) -> None:
        self._browse(self._feed or getattr(self.app, "discovery_feed", None) or browse)

    def on_unmount(self) -> None:
        # Stop the browser here, not in the worker's thread: the app does not wait for thread
        # workers, and its mDNS sockets must be closed when the menu goes.
        self._stop_browsing()

    def _stop_browsing(self) -> None:
        with self._lock:
            self._stopped.set()
            browsing, self._browsing = self._browsing, None
        if browsing is not None:
            browsing.stop()

    @work(thread=True, exclusive=True, group="discovery", exit_on_error=False)
    def _browse(self, feed: Feed) -> None:
        worker = get_current_worker()

        def heard(event: DiscoveryEvent) -> None:  # any thread: post_message is thread-safe
            self.post_message(self.Heard(event))

        browsing: Browsing | None = feed(heard)
        with self._lock:
            if not self._stopped.is_set():
                self._browsing, browsing = browsing, None
        if browsing is not None:  # the widget went while the browser started
            browsing.stop()
            return
        # Thread workers cannot be interrupted: look every _POLL seconds whether the widget
        # went (unmount stops the browser) or the worker was cancelled.
        while not worker.is_cancelled and not self._stopped.wait(_POLL):
            pass
        self._stop_browsing()

    @on(Heard)
    def _heard(self, message: Heard) -> None:
        event = message.event
        status = self.query_one("#servers-status", Static)
        if isinstance(event, Unavailable):
            # Text, not markup: the reason is an OS error's words ("[Errno 19] ...")
            status.update(Text(
                _("Cannot look for servers on this network ({reason}): type the address.")
                .format(reason=event.reason)
            ))
            return
        if isinstance(event, Seen):
            self.servers[event.server.instance] = event.server
        elif isinstance(event, Gone):
            self.servers.pop(event.instance, None)
        self._show()

    def _show(self) -> None:
        options = self.query_one("#servers-list", OptionList)
        highlighted = options.highlighted_option
        keep = highlighted.id if highlighted is not None else None
        ordered = sorted(self.servers.values(), key=lambda s: (s.name.casefold(), s.address))
        options.clear_options()
        options.add_options([Option(server_line(s), id=s.instance) for s in ordered])
        if keep is not None and keep in self.servers:
            options.highlighted = options.get_option_index(keep)
        options.set_class(not ordered, "-empty")
        self.query_one("#servers-status", Static).update(
            _("Servers on your network (Enter joins):") if ordered
            else _("Looking for servers on your network…")
        )

    @on(OptionList.OptionSelected, "#servers-list")
    def _chosen(self, message: OptionList.OptionSelected) -> None:
        message.stop()
        server = self.servers.get(message.option.id or "")
        if server is None:
            return
        if not server.compatible:
            self.notify(
                _("{name} runs another version of seasalt: update the client or the server.")
                .format(name=server.name),
                severity="error",
                markup=False,  # the name came from the network
            )
            return
        self.post_message(self.Picked(server))
