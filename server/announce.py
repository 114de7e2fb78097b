"""Announce the server on the LAN with mDNS/DNS-SD (python-zeroconf), off the hot path.

``seasalt-server`` registers ``NAME._seasalt._tcp.local.`` with a TXT record (protocol/
discovery.py: name, protocol version, tables and players waiting, secure and key, web URL) and
keeps the counts up to date, at most one update every ``MIN_UPDATE_INTERVAL`` seconds.

All mDNS work runs in the announcer's own thread (zeroconf's probing and announcing block for a
second or more); the event loop only reads the lobby once a second, which costs a pass over at
most ``max_tables`` tables. A zeroconf failure (no multicast, no interface) is one warning line
and the server goes on serving: people can still type its address.

Where it is announced (docs/server.md "Found on the LAN"):
- ``--host 0.0.0.0`` (or ``::``): every IPv4 interface but loopback, with its address;
- ``--host ADDRESS``: that interface only;
- a loopback-only server (``127.0.0.1``, ``::1``, ``localhost``) is not announced at all: no
  other machine could join it, and mDNS on loopback reaches only this machine's browsers.
- ``--no-announce``, or ``SEASALT_NO_MDNS=1`` in the environment (the test suite sets it, so
  no test server speaks on a real network), turns it off.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import ipaddress
import socket
import threading
import time
from collections.abc import Iterable
from dataclasses import dataclass, replace
from typing import Any

from seasalt.common.addresses import interface_addresses, is_loopback
from seasalt.protocol.discovery import (
    NO_MDNS_ENV,
    SERVICE_TYPE,
    Announcement,
    announcement_txt,
    clean_name,
    mdns_disabled,
)

from .config import ServerConfig, log
from .tables import Status, Table

MIN_UPDATE_INTERVAL = 2.0
"""Seconds between two TXT updates: a busy lobby does not flood the LAN with multicast."""
LOBBY_POLL = 1.0
"""Seconds between two reads of the lobby's counts on the event loop."""
RECORD_TTL = 120
"""Seconds every record lives in browsers' caches (RFC 6762 suggests 75 minutes for the PTR and
TXT records): a server killed without its goodbye leaves the Join lists within two minutes."""


def add_announce_options(p: argparse.ArgumentParser) -> None:
    g = p.add_argument_group("LAN discovery (mDNS/DNS-SD)")
    g.add_argument(
        "--no-announce", action="store_true",
        help="do not announce this server on the local network (clients then type its "
        "address); a loopback-only --host is never announced",
    )
    g.add_argument(
        "--announce-name", metavar="NAME",
        help="the name players see in their server list (default: this machine's name)",
    )


def announce_settings(args: argparse.Namespace) -> dict[str, Any]:
    """The ServerConfig fields the discovery options set."""
    return {
        "announce": not args.no_announce,
        # None: the machine's name, read when the server is announced (ServerConfig's default)
        "announce_name": clean_name(args.announce_name) if args.announce_name else None,
    }


def announced_addresses(host: str) -> list[str]:
    """The IPv4 addresses to announce for a server listening on ``host`` (may be empty)."""
    if host in ("0.0.0.0", "*", "", "::"):
        return [a for a in interface_addresses() if not ipaddress.ip_address(a).is_loopback]
    try:
        address = ipaddress.ip_address(host.strip("[]"))
    except ValueError:  # a host name: announce what this machine's interfaces are
        return [a for a in interface_addresses() if not ipaddress.ip_address(a).is_loopback]
    if address.version != 4 or address.is_loopback:
        return []  # IPv6-only listeners are not announced (the TXT and A records are IPv4)
    return [str(address)]


def lobby_counts(tables: Iterable[Table]) -> tuple[int, int]:
    """(tables waiting for players, players seated at them): what the Join list shows."""
    waiting_tables = waiting_players = 0
    for table in tables:
        if table.status is not Status.WAITING or table.refused is not None:
            continue
        humans = [s for s in table.seats if not s.is_bot]
        if any(s.holder is None for s in humans):
            waiting_tables += 1
            waiting_players += sum(1 for s in humans if s.holder is not None)
    return waiting_tables, waiting_players


def _label(text: str, limit: int = 63) -> str:
    """A DNS label: dots would split it; at most ``limit`` UTF-8 bytes."""
    label = text.replace(".", " ").strip() or "seasalt"
    while len(label.encode("utf-8")) > limit:
        label = label[:-1]
    return label


@dataclass
class _Shared:
    """What the event loop tells the announcer thread (under ``Announcer._lock``)."""

    announcement: Announcement
    stopping: bool = False


class Announcer:
    """One registered service, updated from a thread of its own; ``start`` then ``stop``."""

    def __init__(
        self, announcement: Announcement, port: int, addresses: list[str],
        min_interval: float = MIN_UPDATE_INTERVAL,
    ) -> None:
        self.port = port
        self.addresses = addresses
        self.min_interval = min_interval
        self._shared = _Shared(announcement)
        self._lock = threading.Condition()
        self._thread = threading.Thread(target=self._run, name="seasalt-announce", daemon=True)
        self.registered_name: str | None = None
        """The DNS-SD instance name once registered (zeroconf renames on a clash: "x (2)")."""
        self.updates = 0
        """TXT updates sent since the registration (tests and the log read it)."""

    def start(self) -> None:
        self._thread.start()

    def set_counts(self, tables: int, waiting: int) -> None:
        """New lobby counts (thread-safe; the thread sends them, rate-limited)."""
        with self._lock:
            current = self._shared.announcement
            if (current.tables, current.waiting) != (tables, waiting):
                self._shared.announcement = replace(current, tables=tables, waiting=waiting)
                self._lock.notify()

    def stop(self, timeout: float = 5.0) -> None:
        """Unregister (goodbye packets, so browsers drop it at once) and close; blocks."""
        with self._lock:
            self._shared.stopping = True
            self._lock.notify()
        if self._thread.is_alive():
            self._thread.join(timeout)

    def _info(self, announcement: Announcement, name: str) -> Any:
        from zeroconf import ServiceInfo

        return ServiceInfo(
            SERVICE_TYPE,
            name,
            port=self.port,
            properties=announcement_txt(announcement),
            server=f"{_label(socket.gethostname())}.local.",
            host_ttl=RECORD_TTL,
            other_ttl=RECORD_TTL,
            addresses=[socket.inet_aton(a) for a in self.addresses],
        )

    def _run(self) -> None:
        try:
            from zeroconf import IPVersion, Zeroconf

            zc = Zeroconf(interfaces=self.addresses, ip_version=IPVersion.V4Only)
        except Exception as exc:  # no multicast, no interface, no zeroconf: still serve
            log.warning("not announced on the LAN (mDNS): %s", exc or type(exc).__name__)
            return
        info = None
        try:
            with self._lock:
                sent = self._shared.announcement
            name = f"{_label(sent.name)}.{SERVICE_TYPE}"
            info = self._info(sent, name)
            zc.register_service(info, allow_name_change=True)
            self.registered_name = info.name
            log.info(
                "announced on the LAN as %r on %s", info.name.removesuffix("." + SERVICE_TYPE),
                ", ".join(self.addresses),
            )
            last = time.monotonic()
            while True:
                with self._lock:
                    while not self._shared.stopping and self._shared.announcement == sent:
                        self._lock.wait()
                    # rate limit: wait out the interval, still woken at once by stop
                    while not self._shared.stopping:
                        left = last + self.min_interval - time.monotonic()
                        if left <= 0:
                            break
                        self._lock.wait(left)
                    if self._shared.stopping:
                        break
                    sent = self._shared.announcement
                info = self._info(sent, info.name)
                zc.update_service(info)
                self.updates += 1
                last = time.monotonic()
        except Exception as exc:
            log.warning("stopped announcing on the LAN (mDNS): %s", exc or type(exc).__name__)
        finally:
            if info is not None and self.registered_name is not None:
                with contextlib.suppress(Exception):
                    zc.unregister_service(info)
            with contextlib.suppress(Exception):
                zc.close()


class Announcing:
    """The server's announcer and the event-loop task that feeds it the lobby's counts."""

    def __init__(self, announcer: Announcer, server: Any) -> None:
        self.announcer = announcer
        self._server = server
        self._task: asyncio.Task[None] | None = None

    def start(self) -> None:
        self.announcer.start()
        self._task = asyncio.get_running_loop().create_task(self._watch())

    async def _watch(self) -> None:
        while True:
            master = self._server.master
            if master is not None:
                self.announcer.set_counts(*lobby_counts(master.tables.values()))
            await asyncio.sleep(LOBBY_POLL)

    async def stop(self) -> None:
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task
        await asyncio.to_thread(self.announcer.stop)


def web_url(web_port: int | None, address: str) -> str | None:
    """The browser URL for ``address`` when the server also serves the web client."""
    if not web_port:
        return None
    return f"http://{address}:{web_port}/"


def start_announcing(
    config: ServerConfig, server: Any, web_port: int | None = None
) -> Announcing | None:
    """Announce ``server`` (started) as ``config`` says; None when it is not announced.
    ``web_port``: where ``--web`` serves browsers (server/web.py), told in the TXT record."""
    if not config.announce:
        return None
    if mdns_disabled():
        log.info("not announced on the LAN: %s is set", NO_MDNS_ENV)
        return None
    if is_loopback(config.host):
        log.info("not announced on the LAN: the server listens on loopback only")
        return None
    addresses = announced_addresses(config.host)
    if not addresses:
        log.warning("not announced on the LAN: no network interface with an IPv4 address")
        return None
    key = config.curve.public.decode("ascii") if config.curve is not None else None
    announcement = Announcement(
        config.announce_name or clean_name(socket.gethostname()),
        server_key=key,
        web=web_url(web_port, addresses[0]),
    )
    if server.master is not None:
        tables, waiting = lobby_counts(server.master.tables.values())
        announcement = replace(announcement, tables=tables, waiting=waiting)
    announcing = Announcing(Announcer(announcement, server.port, addresses), server)
    announcing.start()
    return announcing


async def stop_announcing(announcing: Announcing | None) -> None:
    if announcing is not None:
        await announcing.stop()
