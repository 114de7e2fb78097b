"""Addresses as both sides write them, and this machine's own (no network calls).

One ``HOST:PORT`` formatter (IPv6 in brackets), one loopback test, and this machine's IPv4
interfaces from ``ifaddr`` (zeroconf's own dependency: Linux, macOS and Windows alike): the
server lists them as the addresses friends type and announces on them; the client picks, among
a server's announced addresses, one on its own networks.
"""

from __future__ import annotations

import contextlib
import ipaddress
import socket


def host_port(host: str, port: int) -> str:
    """``HOST:PORT``, with an IPv6 host in brackets (``[::1]:7327``).

    A colon marks IPv6 (a host name never has one; the server turns on IPv6 by the same test),
    so a scoped ``fe80::1%eth0`` is bracketed too; a host already in brackets is left as it is.
    """
    if ":" in host and not host.startswith("["):
        return f"[{host}]:{port}"
    return f"{host}:{port}"


def is_loopback(host: str) -> bool:
    """Whether ``host`` is an address only this machine can reach (127.0.0.0/8, ::1)."""
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:
        return False  # a host name: another machine may well reach it


def _ipv4_interfaces() -> list[ipaddress.IPv4Interface]:
    """Every IPv4 address of every network interface, with its prefix."""
    import ifaddr

    found = []
    with contextlib.suppress(Exception):  # an odd interface must not stop the others
        for adapter in ifaddr.get_adapters():
            for ip in adapter.ips:
                if isinstance(ip.ip, str):  # IPv6 ones come as (address, flow, scope) tuples
                    with contextlib.suppress(ValueError):
                        found.append(ipaddress.IPv4Interface(f"{ip.ip}/{ip.network_prefix}"))
    return found


def interface_addresses() -> list[str]:
    """This machine's IPv4 addresses: those friends on the LAN type first, loopback last."""
    found = [str(interface.ip) for interface in _ipv4_interfaces()]
    if not found:
        with contextlib.suppress(OSError):
            found = socket.gethostbyname_ex(socket.gethostname())[2]
    return sorted(set(found) | {"127.0.0.1"}, key=lambda a: (is_loopback(a), a))


def local_networks() -> list[ipaddress.IPv4Network]:
    """This machine's IPv4 networks (to pick the announced address we can reach)."""
    return [interface.network for interface in _ipv4_interfaces()]
