"""Server addresses as people type them: the one parser every part of the client uses.

``HOST``, ``HOST:PORT``, ``[IPv6]`` and ``[IPv6]:PORT`` (an optional ``tcp://`` in front); the
port defaults to the protocol's. The command line checks an address with it, the app and the
token file key servers by its normal form, the socket driver builds its endpoint from it, and
the words for "no server answered" name its host and port.
"""

from __future__ import annotations

from seasalt.common.addresses import host_port
from seasalt.protocol import DEFAULT_PORT


def parse_address(address: str) -> tuple[str, int]:
    """``HOST``, ``HOST:PORT``, ``[IPv6]`` or ``[IPv6]:PORT`` -> (host, port).

    Raises:
        ValueError: with a message for people.
    """
    text = address.strip().removeprefix("tcp://")
    port_text = ""
    if text.startswith("["):
        host, sep, rest = text[1:].partition("]")
        if not sep or not host:
            raise ValueError(f"bad address {address!r}: an IPv6 address looks like [::1]:7327")
        if rest:
            if not rest.startswith(":"):
                raise ValueError(f"bad address {address!r}: expected [HOST]:PORT")
            port_text = rest[1:]
    elif text.count(":") > 1:
        raise ValueError(f"bad address {address!r}: write IPv6 addresses as [{text}]:7327")
    else:
        host, _, port_text = text.partition(":")
        if not host:
            raise ValueError(f"bad address {address!r}: expected HOST[:PORT]")
    if any(c.isspace() or c in "/@" for c in host):
        raise ValueError(f"bad address {address!r}: not a host name")
    if not port_text:
        return host, DEFAULT_PORT
    if not port_text.isdigit() or not 0 < int(port_text) < 65536:
        raise ValueError(f"bad address {address!r}: the port must be a number 1-65535")
    return host, int(port_text)


format_address = host_port
"""``host:port``, with an IPv6 host in brackets (``[::1]:7327``): the server's own formatter."""


def endpoint_of(host: str, port: int) -> str:
    """The ZeroMQ endpoint for (host, port)."""
    return "tcp://" + format_address(host, port)


def normalise_address(address: str) -> str:
    """The address as shown and connected to: ``host`` -> ``host:7327``, ``[::1]`` ->
    ``[::1]:7327``, a bare IPv6 address put in brackets. One that does not parse is kept as
    typed (stripped): connecting to it says what is wrong."""
    text = address.strip().removeprefix("tcp://")
    if text.count(":") > 1 and not text.startswith("["):
        text = f"[{text}]"  # a bare IPv6 address: it has no port
    try:
        return format_address(*parse_address(text))
    except ValueError:
        return text


def host_of(address: str) -> str:
    """``192.168.1.5`` of ``192.168.1.5:7327``; ``::1`` of ``[::1]:7327``."""
    try:
        return parse_address(address)[0]
    except ValueError:
        return address.strip().strip("[]")


def port_of(address: str) -> int | None:
    """The port of ``address`` (the default when none is typed); None if it does not parse."""
    try:
        return parse_address(address)[1]
    except ValueError:
        return None
