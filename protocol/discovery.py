"""What a server says about itself on the LAN: the DNS-SD service and its TXT record.

The server announces ``_seasalt._tcp.local.`` with mDNS (server/announce.py) and clients browse
for it (client/net/discovery.py); both read this one description of the TXT record, so it is
written once (docs/protocol.md "Finding servers on the LAN").

Anything on the network can send a TXT record: :func:`read_txt` checks every field and raises
:class:`BadAnnouncement` (a one-line reason) for a record it will not show; unknown keys are
ignored so a newer server's extra fields do not hide it from an older client.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass

from .limits import PROTOCOL_VERSION

SERVICE_TYPE = "_seasalt._tcp.local."
NO_MDNS_ENV = "SEASALT_NO_MDNS"
"""Set to 1: no announcing (server) and no browsing (client), whatever the command line says.
The test suite sets it, so no test server or client speaks mDNS on a real network."""
MAX_SERVER_NAME = 40
"""Characters in an announced server name (a DNS-SD instance label holds 63 bytes)."""
MAX_COUNT = 10_000
"""The largest table or player count read from a record (a server holds 256 tables)."""
MAX_WEB_URL = 200
Z85_KEY_LENGTH = 40
_Z85 = frozenset(
    "0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ.-:+=^!/*?&<>()[]{}@%$#"
)


def mdns_disabled() -> bool:
    return os.environ.get(NO_MDNS_ENV, "") not in ("", "0")


class BadAnnouncement(ValueError):
    """A TXT record that is not a seasalt server's; the message says which field and why."""


@dataclass(frozen=True, slots=True)
class Announcement:
    """The TXT record's fields."""

    name: str
    """The server's name for people (``--announce-name``; default the host's machine name)."""
    protocol: int = PROTOCOL_VERSION
    tables: int = 0
    """Tables waiting for players (a free human seat, game not started)."""
    waiting: int = 0
    """Players seated at those tables, waiting for others."""
    server_key: str | None = None
    """The CurveZMQ public key of a ``--secure`` server (None: plain). A public key is no
    secret; it is not proof of who sent it either (see docs/server.md)."""
    web: str | None = None
    """The URL browsers open, for a server that also serves the web client."""

    @property
    def secure(self) -> bool:
        return self.server_key is not None


def clean_name(text: str) -> str:
    """``text`` as an announced name: printable characters only, at most MAX_SERVER_NAME."""
    kept = "".join(ch for ch in text if ch.isprintable()).strip()
    return kept[:MAX_SERVER_NAME].strip() or "seasalt"


def is_server_key(text: str) -> bool:
    return len(text) == Z85_KEY_LENGTH and set(text) <= _Z85


def announcement_txt(a: Announcement) -> dict[str, str]:
    """The TXT record for ``a`` (short keys: each key=value string counts against 255 bytes)."""
    txt = {
        "name": clean_name(a.name),
        "proto": str(a.protocol),
        "tables": str(a.tables),
        "waiting": str(a.waiting),
        "secure": "1" if a.secure else "0",
    }
    if a.server_key is not None:
        txt["key"] = a.server_key
    if a.web is not None:
        txt["web"] = a.web
    return txt


def _text(properties: Mapping[str, bytes | None], key: str) -> str | None:
    raw = properties.get(key)
    if raw is None:
        return None
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError:
        raise BadAnnouncement(f"TXT {key}: not UTF-8") from None


def _count(properties: Mapping[str, bytes | None], key: str, *, required: bool) -> int:
    text = _text(properties, key)
    if text is None:
        if required:
            raise BadAnnouncement(f"TXT {key}: missing")
        return 0
    # isdecimal, not int(): int() takes " 7", "+7", "7_0" and other digits than 0-9
    if not (text.isascii() and text.isdecimal() and len(text) <= 5):
        raise BadAnnouncement(f"TXT {key}: not a count: {text[:20]!r}")
    value = int(text)
    if value > MAX_COUNT:
        raise BadAnnouncement(f"TXT {key}: {value} is more than {MAX_COUNT}")
    return value


def read_txt(properties: Mapping[bytes, bytes | None]) -> Announcement:
    """The announcement in a TXT record as zeroconf gives it (bytes keys, bytes or None values).

    Raises:
        BadAnnouncement: a missing or malformed field (the message names it).
    """
    fields: dict[str, bytes | None] = {}
    for key, value in properties.items():
        if not isinstance(key, bytes) or not (value is None or isinstance(value, bytes)):
            raise BadAnnouncement("TXT: not a list of key=value strings")
        # RFC 6763 6.4: keys are case-insensitive, and only the first of a repeated key counts
        fields.setdefault(key.decode("ascii", "replace").lower(), value)
    name = _text(fields, "name")
    if name is None or not name.strip():
        raise BadAnnouncement("TXT name: missing")
    if len(name) > MAX_SERVER_NAME or not name.isprintable():
        raise BadAnnouncement(f"TXT name: not 1-{MAX_SERVER_NAME} printable characters")
    protocol = _count(fields, "proto", required=True)
    tables = _count(fields, "tables", required=False)
    waiting = _count(fields, "waiting", required=False)
    secure = _text(fields, "secure") or "0"
    if secure not in ("0", "1"):
        raise BadAnnouncement(f"TXT secure: not 0 or 1: {secure[:20]!r}")
    server_key = None
    if secure == "1":
        server_key = _text(fields, "key")
        if server_key is None or not is_server_key(server_key):
            raise BadAnnouncement("TXT key: a secure server needs its 40-character Z85 key")
    web = _text(fields, "web")
    if web is not None and not (
        web.startswith(("http://", "https://"))
        and len(web) <= MAX_WEB_URL
        and web.isprintable()
        and " " not in web
    ):
        raise BadAnnouncement(f"TXT web: not an http(s) URL: {web[:40]!r}")
    return Announcement(name.strip(), protocol, tables, waiting, server_key, web)
