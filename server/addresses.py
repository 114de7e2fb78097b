"""The addresses players join a server with and the endpoint it binds (no network calls).

The formatting and this machine's interfaces are seasalt.common.addresses (the client uses
them too).
"""

from __future__ import annotations

from seasalt.common.addresses import host_port, interface_addresses


def join_addresses(host: str, port: int) -> list[str]:
    """What a player types to join a server bound to ``host``: the LAN addresses first (what
    friends type), this machine's own loopback last."""
    if host in ("0.0.0.0", "*", ""):
        return [host_port(a, port) for a in interface_addresses()]
    if host == "::":
        return [host_port(a, port) for a in interface_addresses()] + [host_port("::1", port)]
    return [host_port(host, port)]


def endpoint(host: str, port: int) -> str:
    """The ZeroMQ endpoint to bind."""
    if host in ("0.0.0.0", ""):
        host = "*"
    return f"tcp://{host_port(host, port) if host != '*' else f'*:{port}'}"


def local_endpoint(host: str, port: int) -> str:
    """A tcp:// address a process on this machine can connect to (the machine-readable line)."""
    if host in ("0.0.0.0", "*", ""):
        host = "127.0.0.1"
    elif host == "::":
        host = "::1"
    return f"tcp://{host_port(host, port)}"
