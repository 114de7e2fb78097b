"""Find seasalt servers on the LAN: browse ``_seasalt._tcp.local.`` with python-zeroconf.

:func:`browse` starts a zeroconf browser whose threads call ``on_event`` with :class:`Seen`
(a server appeared or its TXT record changed), :class:`Gone` or :class:`Unavailable` (no
multicast here: one line, never a crash). The start menu's Join list and
``seasalt-client --discover`` (client/discovery_cli.py) both use it; tests pass a fake feed of
the same shape. No Textual and no words here (client/words/discovery.py words what is found):
the headless client may use it too.

Everything in an announcement came from the network: a record that does not read
(protocol/discovery.py ``read_txt``) or has no usable address is ignored with one log line.
"""

from __future__ import annotations

import contextlib
import ipaddress
import logging
import threading
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol, cast

from seasalt.client.net.address import format_address
from seasalt.common.addresses import local_networks
from seasalt.protocol import PROTOCOL_VERSION
from seasalt.protocol.discovery import (
    NO_MDNS_ENV,
    SERVICE_TYPE,
    Announcement,
    BadAnnouncement,
    mdns_disabled,
    read_txt,
)

if TYPE_CHECKING:
    from zeroconf import ServiceListener

log = logging.getLogger("seasalt.client")

RESOLVE_TIMEOUT_MS = 3000
"""How long to ask for a new service's address and TXT record before giving up on it."""
DEFAULT_DISCOVER_TIMEOUT = 3.0
"""Seconds ``--discover`` listens (a server answers a query within about a second)."""


@dataclass(frozen=True, slots=True)
class FoundServer:
    """One server seen on the LAN."""

    instance: str
    """The DNS-SD instance name (``NAME._seasalt._tcp.local.``): unique on the LAN."""
    host: str
    """The IPv4 address to connect to."""
    port: int
    announcement: Announcement

    @property
    def name(self) -> str:
        return self.announcement.name

    @property
    def address(self) -> str:
        return format_address(self.host, self.port)

    @property
    def compatible(self) -> bool:
        """It speaks this client's protocol version (else joining it would be refused)."""
        return self.announcement.protocol == PROTOCOL_VERSION

    @property
    def server_key(self) -> str | None:
        return self.announcement.server_key


@dataclass(frozen=True, slots=True)
class Seen:
    server: FoundServer


@dataclass(frozen=True, slots=True)
class Gone:
    instance: str


@dataclass(frozen=True, slots=True)
class Unavailable:
    reason: str
    """One line for people: why this machine cannot look for servers."""


DiscoveryEvent = Seen | Gone | Unavailable
EventSink = Callable[[DiscoveryEvent], None]


class Browsing(Protocol):
    def stop(self) -> None: ...


Feed = Callable[[EventSink], Browsing]
"""Starts looking and calls the sink from any thread until ``stop`` (tests pass a fake)."""


def pick_address(
    addresses: Sequence[str], networks: Iterable[ipaddress.IPv4Network]
) -> str | None:
    """The announced address on one of our networks (a host on a LAN and a VM bridge
    announces both); else the first one; None when none is a usable IPv4 address."""
    usable = []
    for text in addresses:
        with contextlib.suppress(ValueError):
            address = ipaddress.IPv4Address(text)
            if not (address.is_multicast or address.is_unspecified):
                usable.append(address)
    if not usable:
        return None
    nets = list(networks)
    for address in usable:
        if any(address in net for net in nets):
            return str(address)
    return str(usable[0])


def found_from(
    instance: str, addresses: Sequence[str], port: int | None,
    properties: dict[bytes, bytes | None], networks: Iterable[ipaddress.IPv4Network] = (),
) -> FoundServer:
    """A FoundServer from a resolved service.

    Raises:
        BadAnnouncement: no usable address or port, or a TXT record that does not read.
    """
    host = pick_address(addresses, networks)
    if host is None:
        raise BadAnnouncement("no IPv4 address")
    if port is None or not 0 < port < 65536:
        raise BadAnnouncement(f"bad port {port!r}")
    return FoundServer(instance, host, port, read_txt(properties))


class _Listener:
    """zeroconf's ServiceListener: resolves each service it hears of, in the browser's thread."""

    def __init__(self, sink: EventSink) -> None:
        self.sink = sink
        self.networks = local_networks()
        self._complained: set[tuple[str, str]] = set()

    def add_service(self, zc: Any, type_: str, name: str) -> None:
        self._resolve(zc, type_, name)

    def update_service(self, zc: Any, type_: str, name: str) -> None:
        self._resolve(zc, type_, name)

    def remove_service(self, zc: Any, type_: str, name: str) -> None:
        self.sink(Gone(name))

    def _resolve(self, zc: Any, type_: str, name: str) -> None:
        from zeroconf import IPVersion

        try:
            info = zc.get_service_info(type_, name, timeout=RESOLVE_TIMEOUT_MS)
            if info is None:
                log.info("LAN server %r did not answer in time", name)
                return
            server = found_from(
                name, info.parsed_addresses(IPVersion.V4Only), info.port,
                dict(info.properties), self.networks,
            )
        except (BadAnnouncement, ValueError, UnicodeError) as exc:
            if (name, str(exc)) not in self._complained:  # once: records repeat every minute
                self._complained.add((name, str(exc)))
                log.warning("ignored a LAN announcement %r: %s", name[:80], exc)
            return
        except Exception as exc:  # zeroconf closing under us, a bad packet it let through
            log.warning("could not read the LAN announcement %r: %s", name[:80], exc)
            return
        self.sink(Seen(server))


class _Nothing:
    def stop(self) -> None:
        pass


class _ZeroconfBrowsing:
    def __init__(self, zc: Any, browser: Any) -> None:
        self._zc, self._browser = zc, browser

    def stop(self) -> None:
        with contextlib.suppress(Exception):
            self._browser.cancel()
        with contextlib.suppress(Exception):
            self._zc.close()


def browse(sink: EventSink) -> Browsing:
    """Look for servers until ``stop()``: ``sink`` gets every event (from zeroconf's threads)."""
    if mdns_disabled():
        sink(Unavailable(f"turned off: {NO_MDNS_ENV} is set"))
        return _Nothing()
    try:
        from zeroconf import IPVersion, ServiceBrowser, Zeroconf

        zc = Zeroconf(ip_version=IPVersion.V4Only)
    except Exception as exc:  # no multicast, no interface: say so, the address still works
        sink(Unavailable(str(exc) or type(exc).__name__))
        return _Nothing()
    try:
        # _Listener has ServiceListener's three methods; subclassing it would import zeroconf
        # (70 ms) whenever the client starts, even for a game that never browses.
        listener = cast("ServiceListener", _Listener(sink))
        browser = ServiceBrowser(zc, SERVICE_TYPE, listener=listener)
    except Exception as exc:
        zc.close()
        sink(Unavailable(str(exc) or type(exc).__name__))
        return _Nothing()
    return _ZeroconfBrowsing(zc, browser)


@dataclass
class Discovered:
    """What :func:`discover` heard in its time."""

    servers: list[FoundServer]
    unavailable: str | None = None


def discover(timeout: float = DEFAULT_DISCOVER_TIMEOUT, feed: Feed = browse) -> Discovered:
    """Listen ``timeout`` seconds; the servers still there at the end, by name."""
    found: dict[str, FoundServer] = {}
    problem: list[str] = []
    lock = threading.Lock()
    done = threading.Event()

    def sink(event: DiscoveryEvent) -> None:
        with lock:
            if isinstance(event, Seen):
                found[event.server.instance] = event.server
            elif isinstance(event, Gone):
                found.pop(event.instance, None)
            else:
                problem.append(event.reason)
                done.set()

    browsing = feed(sink)
    try:
        done.wait(timeout)  # answers trickle in: listen the whole time unless it cannot
    finally:
        browsing.stop()
    with lock:
        servers = sorted(found.values(), key=lambda s: (s.name.casefold(), s.address))
        return Discovered(servers, problem[0] if problem else None)


