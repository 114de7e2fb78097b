"""The start menu's Join tab lists the servers heard on the LAN, live (issue 18): a fake browser
feed at the boundary hands events from its own thread, as zeroconf does; choosing a server joins
it (with the key a --secure server announced); typing an address still works."""

from __future__ import annotations

import threading
from pathlib import Path
from typing import Any

import pytest
import zmq
from seasalt.client.net.discovery import (
    DiscoveryEvent,
    EventSink,
    FoundServer,
    Gone,
    Seen,
    Unavailable,
)
from seasalt.client.tui.app import SeasaltApp
from seasalt.client.tui.launch_options import LaunchOptions
from seasalt.client.tui.screens.lobby import LobbyScreen
from seasalt.client.tui.screens.start import JoinPlan, StartScreen
from seasalt.client.tui.widgets import servers
from seasalt.client.tui.widgets.servers import ServerList
from seasalt.protocol import PROTOCOL_VERSION
from seasalt.protocol.discovery import SERVICE_TYPE, Announcement
from seasalt.server.security import load_or_create_keys
from seasalt.testing.server import running_server
from seasalt.testing.shell import shell_words
from seasalt.testing.tui import FakeLink
from textual.widgets import OptionList

pytestmark = pytest.mark.timeout(60)

KEY = "rq:rM>}U?@Lns47E1%kR.o@n%FcmmsL/@{H8]yf7"


class ControlledFeed:
    """A browser the test drives: each event is handed over from another thread."""

    def __init__(self) -> None:
        self.sink: EventSink | None = None
        self.stopped = threading.Event()

    def __call__(self, sink: EventSink) -> ControlledFeed:
        self.sink = sink
        return self

    def send(self, event: DiscoveryEvent) -> None:
        assert self.sink is not None
        sink = self.sink
        thread = threading.Thread(target=lambda: sink(event))
        thread.start()
        thread.join()

    def stop(self) -> None:
        self.stopped.set()


def found(name: str, host: str = "10.231.1.1", port: int = 7327, **fields: Any) -> FoundServer:
    return FoundServer(f"{name}.{SERVICE_TYPE}", host, port, Announcement(name, **fields))


async def open_join_tab(app: SeasaltApp, feed: ControlledFeed, tui: Any) -> None:
    await tui.until(lambda: isinstance(app.screen, StartScreen))
    # Settled first: the menu focuses its first button as it mounts, and a focus switches the
    # tabs to that button's pane (it came after the switch below once the solo buttons sat in
    # a row of their own: session 10).
    await tui.settled(app)
    app.screen.query_one("#tabs").active = "join"  # type: ignore[attr-defined]
    await tui.until(lambda: feed.sink is not None)


def listed(app: SeasaltApp) -> list[str]:
    options = app.screen.query_one("#servers-list", OptionList)
    return [str(options.get_option_at_index(i).prompt) for i in range(options.option_count)]


async def test_the_list_follows_what_the_lan_says(
    tui: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    # The browser is stopped when the menu goes, not when the worker next looks (the app does
    # not wait for thread workers): a long poll must not matter.
    monkeypatch.setattr(servers, "_POLL", 30.0)
    feed = ControlledFeed()
    app = SeasaltApp(LaunchOptions(name="Ann"))
    app.discovery_feed = feed
    async with app.run_test(size=(100, 36)):
        await open_join_tab(app, feed, tui)
        await tui.until(lambda: "Looking for servers on your network…" in tui.text(app))
        feed.send(Seen(found("kitchen", waiting=1, tables=1)))
        await tui.until(lambda: "kitchen  10.231.1.1:7327  1 player waiting" in tui.text(app))
        assert "Servers on your network (Enter joins):" in tui.text(app)
        feed.send(Seen(found("kitchen", waiting=3, tables=2)))  # its TXT changed
        await tui.until(lambda: "3 players waiting" in tui.text(app))
        feed.send(Seen(found("den", "10.231.1.2", server_key=KEY)))
        feed.send(Seen(found("attic", "10.231.1.3", protocol=PROTOCOL_VERSION + 1)))
        await tui.until(lambda: len(listed(app)) == 3)
        lines = listed(app)
        assert [line.split()[0] for line in lines] == ["attic", "den", "kitchen"]
        assert lines[1].endswith(f"encrypted, key {KEY[:8]}…")  # in words, not colour only
        assert "(another version: cannot join)" in lines[0]
        assert all("1 player waiting" not in line for line in lines)
        feed.send(Gone(found("kitchen").instance))
        await tui.until(lambda: len(listed(app)) == 2)
        feed.send(Gone(found("den").instance))
        feed.send(Gone(found("attic").instance))
        await tui.until(lambda: "Looking for servers on your network…" in tui.text(app))
        assert not app.screen.query_one("#servers-list").display  # no empty box is shown
        feed.send(Seen(found("[b]x[/b]", "10.231.1.4")))  # names from the network: literal
        await tui.until(lambda: "[b]x[/b]  10.231.1.4:7327" in tui.text(app))
        feed.send(Unavailable("[Errno 19] No such device"))  # not markup either
        await tui.until(lambda: (
            "Cannot look for servers on this network ([Errno 19] No such device)"
            in tui.text(app)
        ))
    assert feed.stopped.is_set()  # the menu stopped the browser when the app closed


async def test_choosing_a_server_joins_it_and_other_versions_are_refused(tui: Any) -> None:
    feed = ControlledFeed()
    joined: list[str] = []

    def link(address: str, name: str) -> FakeLink:
        joined.append(address)
        return FakeLink(address, name)

    app = SeasaltApp(LaunchOptions(name="Ann"), link_factory=link)
    app.discovery_feed = feed
    async with app.run_test(size=(100, 36)):
        await open_join_tab(app, feed, tui)
        feed.send(Seen(found("[i]attic", "10.231.1.3", protocol=PROTOCOL_VERSION + 1)))
        feed.send(Seen(found("kitchen", "10.231.1.9", 4242)))
        await tui.until(lambda: len(listed(app)) == 2)
        app.screen.query_one("#servers-list").focus()
        await tui.key(app, "down", "enter")  # the first, attic: another version
        await tui.until(lambda: any(
            "[i]attic runs another version of seasalt" in str(n.message)
            for n in app._notifications
        ))
        assert all(not n.markup for n in app._notifications)
        assert app.plan is None
        await tui.key(app, "down", "enter")
        await tui.until(lambda: joined == ["10.231.1.9:4242"])
        assert app.plan == JoinPlan("Ann", "10.231.1.9:4242", None)
        await tui.until(feed.stopped.is_set)  # the menu went: no more listening meanwhile
    assert feed.stopped.is_set()


async def test_typing_an_address_still_works(tui: Any) -> None:
    feed = ControlledFeed()
    joined: list[str] = []

    def link(address: str, name: str) -> FakeLink:
        joined.append(address)
        return FakeLink(address, name)

    app = SeasaltApp(LaunchOptions(name="Ann"), link_factory=link)
    app.discovery_feed = feed
    async with app.run_test(size=(100, 36)):
        await open_join_tab(app, feed, tui)
        feed.send(Seen(found("kitchen")))
        await tui.until(lambda: len(listed(app)) == 1)
        field = app.screen.query_one("#address")
        field.value = "192.168.7.7"  # type: ignore[attr-defined]
        field.focus()
        await tui.key(app, "enter")
        await tui.until(lambda: joined == ["192.168.7.7:7327"])
        assert app.plan == JoinPlan("Ann", "192.168.7.7", None)


@pytest.mark.skipif(not zmq.has("curve"), reason="libzmq without CURVE")
async def test_a_discovered_secure_server_is_joined_with_the_key_it_announced(
    tui: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """No --server-key typed anywhere: the key in the announcement opens the CURVE session."""
    for var in ("XDG_CONFIG_HOME", "XDG_DATA_HOME", "XDG_STATE_HOME"):
        monkeypatch.setenv(var, str(tmp_path / var.lower()))
    keys = load_or_create_keys(tmp_path / "server-keys")
    feed = ControlledFeed()
    async with running_server(curve=keys) as server:
        app = SeasaltApp(LaunchOptions(name="Ann"))
        app.discovery_feed = feed
        async with app.run_test(size=(100, 36)):
            await open_join_tab(app, feed, tui)
            feed.send(Seen(found("den", "127.0.0.1", server.port,
                                 server_key=keys.public.decode("ascii"))))
            await tui.until(lambda: len(listed(app)) == 1)
            app.screen.query_one("#servers-list").focus()
            await tui.key(app, "down", "enter")
            await tui.until(lambda: isinstance(app.screen, LobbyScreen), timeout=30)
            assert app.server_key == keys.public.decode("ascii")
            assert "Not encrypted" not in tui.text(app)
            assert server.master is not None and len(server.master.sessions.by_peer) == 1
            # The way back the quit dialog prints carries that key too: typed by hand, the
            # command must open the same encrypted session (no start menu on the way).
            assert shell_words(app.quitting.back_command()) == [
                f"127.0.0.1:{server.port}", "--name", "Ann",
                "--server-key", keys.public.decode("ascii")]


def test_the_widget_is_its_own_module() -> None:
    """The start menu only places it (client/tui/screens/start.py stays small)."""
    assert ServerList.__module__ == "seasalt.client.tui.widgets.servers"
