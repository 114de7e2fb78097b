"""What the client tells people when something went wrong: a server's refusal (by its
``ErrorCode``) and what to check when no server answers. Words only: no Textual, no sockets."""

from __future__ import annotations

import ipaddress

from seasalt.client.net.address import host_of, port_of
from seasalt.client.words.i18n import _
from seasalt.protocol import DEFAULT_PORT, ErrorCode


def error_text(code: ErrorCode, message: str, *, in_lobby: bool = False) -> str:
    """A server error in the player's words (the server's English text as a fallback).
    ``in_lobby``: refused from the lobby's list, where the same table may be watched."""
    if in_lobby and code is ErrorCode.GAME_OVER:
        # A finished table keeps its seats for its players (docs/protocol.md §5.6).
        return _("That game is over: press w to watch its result.")
    known = {
        ErrorCode.TABLE_FULL: _("That table is full."),
        ErrorCode.TABLE_RUNNING: _("That game has already started: watch it instead."),
        ErrorCode.TABLE_MISMATCH: _("A table with that name exists with other seats or options."),
        ErrorCode.NOT_YOUR_TURN: _("It is not your turn."),
        ErrorCode.ILLEGAL_ACTION: _("That move is not allowed now."),
        ErrorCode.VERSION_MISMATCH: _("The server runs another version of seasalt."),
        ErrorCode.RATE_LIMITED: _("Slow down a little."),
        ErrorCode.UNKNOWN_TABLE: _("There is no such table."),
        ErrorCode.GAME_OVER: _("The game is over."),
        ErrorCode.BAD_MESSAGE: _("The server did not understand this client."),
        ErrorCode.TOO_LARGE: _("That message is too long."),
        ErrorCode.UNAUTHORIZED: _("The server no longer knows this session: reconnect."),
        ErrorCode.BAD_REQUEST: _("The server refused that request."),
        ErrorCode.ALREADY_SEATED: _("You already have a seat at another table: leave it first."),
        ErrorCode.NOT_SEATED: _("You have no seat at this table."),
        ErrorCode.SESSION_REPLACED: _("This seat was taken over from another window."),
    }
    return known.get(code, message or code.value)


def unreachable_hints(address: str) -> tuple[str, ...]:
    """What to check when no server answers. For an address of this very computer (127.0.0.1,
    localhost, ::1) the network and the firewall are not in the way: the server must run here."""
    host = host_of(address)
    port = port_of(address) or address.rpartition(":")[2]
    the_port = _("the port: {port} (the server's default is {default})").format(
        port=port, default=DEFAULT_PORT
    )
    running = _("that the server is running (seasalt-server, or \"Host a game here\" in the "
                "menu)")
    if is_this_computer(host):
        return (
            _("the address: {host} is this computer, so the server must run on it too").format(
                host=host
            ),
            the_port,
            running,
        )
    return (
        _("the address: {host} is the host's address on your network (their screen shows "
          "it)").format(host=host),
        the_port,
        running,
        _("the host's firewall: it must allow incoming TCP connections on port {port}").format(
            port=port
        ),
    )


def unknown_host_hints(host: str, lookup_failed: bool = False) -> tuple[str, ...]:
    """What to check when the server's host name does not resolve (``lookup_failed``: no name
    server answered, so this computer's own network is the first thing to check)."""
    hints = [
        _("the spelling of the name: {host}").format(host=host),
        _("the host's IP address instead of its name: the server's screen shows it "
          "(e.g. 192.168.1.20:{port})").format(port=DEFAULT_PORT),
    ]
    if lookup_failed:
        hints.insert(0, _("this computer's network connection: no name server answered"))
    return tuple(hints)


def is_this_computer(host: str) -> bool:
    """Whether ``host`` names this computer itself (a loopback address or ``localhost``)."""
    if host.lower().rstrip(".") == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False
