"""The address friends type to join: the lobby banner, the waiting room and the help screen.

A loopback address (127.0.0.1, ::1, localhost) only reaches this machine, so it is never offered
to friends: with nothing else, the player is told that no network address was found.
"""

from __future__ import annotations

from collections.abc import Sequence

from seasalt.client.net.address import host_of
from seasalt.client.words.come_back import join_command
from seasalt.client.words.i18n import _
from seasalt.common.addresses import is_loopback as host_is_loopback


def is_loopback(address: str) -> bool:
    """Whether the server at ``address`` (``HOST:PORT``) is on this machine only."""
    return host_is_loopback(host_of(address))


def friend_addresses(addresses: Sequence[str]) -> list[str]:
    """The addresses another machine can use (loopback ones left out)."""
    return [a for a in addresses if a and not is_loopback(a)]


def join_line(
    hosting: bool, host_addresses: Sequence[str], server_address: str,
    server_key: str | None = None,
) -> str:
    """One line (or two) telling how friends join the server this client is on
    (``server_key``: the key of a ``--secure`` server, hosted here or joined, which they need
    as well: a public key, no secret)."""
    if hosting:
        friends = friend_addresses(host_addresses)
        if not friends:
            return _("No network address was found: friends on other machines cannot join "
                     "(connect this machine to the network, then host again).")
        return _("Friends join with: {command}").format(
            command="  ·  ".join(join_command(a, server_key or None) for a in friends)
        )
    if not server_address or is_loopback(server_address):
        return _("The server runs on this machine: friends type its network address "
                 "(seasalt-server prints it when it starts).")
    return _("Friends join with: {command}").format(
        command=join_command(server_address, server_key or None))
