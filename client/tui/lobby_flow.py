"""The lobby flow: what the server's table list does to the lobby screen.

The app (client/tui/app.py) owns one :class:`LobbyFlow` and relays ``TablesListed`` to it
(``relay``, client/tui/relay.py). The lobby is put up when we are at no table, or updated
where it is (under a dialog too), and the seat we hold somewhere (the lobby's "your seat — rejoin")
is forgotten once its game is over or gone.
"""

from __future__ import annotations

from typing import Any, Protocol

from seasalt.client.tui.hosting import OwnServer
from seasalt.client.tui.launch_options import LaunchOptions
from seasalt.client.tui.messages import TablesListed
from seasalt.client.tui.net_flow import NetFlow
from seasalt.client.tui.screens.lobby import LobbyScreen
from seasalt.client.tui.table_flow import Lifecycle, TableFlow
from seasalt.client.words.join_address import is_loopback
from textual.app import App


class LobbyLife(Lifecycle, Protocol):
    """What the lobby flow asks of the app's lifecycle besides the table flow's."""

    player: str
    """The player's name."""

    options: LaunchOptions
    """What the command line asked for (a browser tab's client: ``guest``)."""

    @property
    def server_key(self) -> str | None: ...


class LobbyFlow:
    """The lobby's side of the server's news (see the module docstring).

    Args:
        app: Textual's side of the app (its screens).
        life: the app's lifecycle (our name, where we are, the base screen, the key in use).
        own: the app's own server (a hosted one's addresses and key are shown to friends).
        net: the network side (the address we talk to).
        flow: the table flow (it keeps the table where we hold a seat).
    """

    def __init__(self, app: App[Any], life: LobbyLife, own: OwnServer, net: NetFlow,
                 flow: TableFlow) -> None:
        self.app, self.life, self.own, self.net, self.flow = app, life, own, net, flow

    def tables_listed(self, message: TablesListed) -> None:
        # The lobby may be under a dialog (new table, help): update it there, don't replace it.
        lobby = next((s for s in self.app.screen_stack if isinstance(s, LobbyScreen)), None)
        held = self.flow.held_table
        if held is not None and not any(
            t.name == held and t.status in ("waiting", "running", "round_over")
            for t in message.tables
        ):
            self.flow.held_table = held = None  # that game is over or gone: nothing to rejoin
        if lobby is None and self.life.session.table is None:
            own = self.own
            lobby = LobbyScreen(
                self.life.player, self.net.server_address, own.host_addresses,
                hosting=own.hosting, held=held,
                encrypted=self.life.server_key is not None, server_key=own.hosted_key,
                web_urls=own.web_urls, solo=own.solo,
                # A browser tab's client is on the server's machine, its player is not.
                local_link=is_loopback(self.net.server_address) and not self.life.options.guest,
            )
            lobby.tables = message.tables
            self.life.goto(lobby)
        elif lobby is not None:
            lobby.held = held
            lobby.show_tables(message.tables)
