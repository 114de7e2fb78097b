"""The addresses players can join with, from the standard library only (no network calls)."""

from __future__ import annotations

import contextlib
import ipaddress
import socket
import struct
import sys

_SIOCGIFADDR = 0x8915  # Linux: an interface's IPv4 address


def _linux_ipv4() -> list[str]:
    import fcntl

    found = []
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        for _, name in socket.if_nameindex():
            request = struct.pack("256s", name.encode()[:15])
            try:
                reply = fcntl.ioctl(probe.fileno(), _SIOCGIFADDR, request)
            except OSError:
                continue  # an interface without an IPv4 address
            found.append(socket.inet_ntoa(reply[20:24]))
    return found


def interface_addresses() -> list[str]:
    """This machine's IPv4 addresses: those friends on the LAN type first, loopback last."""
    found: list[str] = []
    if sys.platform.startswith("linux"):
        with contextlib.suppress(OSError):
            found = _linux_ipv4()
    if not found:
        with contextlib.suppress(OSError):
            found = socket.gethostbyname_ex(socket.gethostname())[2]
    return sorted(set(found) | {"127.0.0.1"}, key=lambda a: (is_loopback(a), a))


def is_loopback(host: str) -> bool:
    """Whether ``host`` is an address only this machine can reach (127.0.0.0/8, ::1)."""
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:
        return False


def host_port(host: str, port: int) -> str:
    """``HOST:PORT``, with IPv6 in brackets (``[::1]:7327``)."""
    with contextlib.suppress(ValueError):
        if ipaddress.ip_address(host).version == 6:
            return f"[{host}]:{port}"
    return f"{host}:{port}"


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
