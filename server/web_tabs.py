"""Whose browser tab is whose, for ``--web``: the address a tab shows can be shared, its seat not.

A browser gets one secret from this server, in an HttpOnly, SameSite=Strict cookie that the
page's scripts cannot read and other sites' pages never send (two, or more, when its first tabs
opened at once: each cookie-less visit is given one, under a name of its own, so a later one
never replaces the secret an earlier tab's id was minted for). A tab id (in the address, so that a
reload keeps it) is a random part and a MAC of that part with the browser's secret: only the
browser that was given the id can use it. A copied link opened in another browser fails the
check and gets a fresh tab of its own (a new player, asked its name); a reload carries the cookie
and keeps the seat. The MAC key lives in this process only: nothing is stored per tab or browser.
"""

from __future__ import annotations

import hashlib
import hmac
import re
import secrets
from collections.abc import Mapping, Sequence

COOKIE = "seasalt_browser"
"""The secrets' cookie names: this, ``_`` and the secret's first eight hex digits."""
COOKIE_AGE = 24 * 3600
"""Seconds the browser keeps its secret: a party; a closed-and-reopened phone browser keeps it."""
_HEX32 = re.compile(r"[0-9a-f]{32}")


class TabKeys:
    """Mints browsers' secrets and their tabs' ids, and checks that an id is the browser's."""

    def __init__(self, key: bytes | None = None) -> None:
        self._key = key if key is not None else secrets.token_bytes(32)

    @staticmethod
    def new_browser() -> str:
        return secrets.token_hex(16)

    def new_tab(self, browser: str) -> str:
        """A fresh tab id that only ``browser`` can present."""
        part = secrets.token_hex(8)
        return part + self._mac(browser, part)

    def owns(self, browser: Sequence[str], tab: str) -> bool:
        """True when ``tab`` was minted for one of the browser's secrets (``browsers_of``)."""
        if not _HEX32.fullmatch(tab):
            return False
        return any(hmac.compare_digest(tab[16:], self._mac(secret, tab[:16]))
                   for secret in browser)

    def _mac(self, browser: str, part: str) -> str:
        digest = hmac.new(self._key, f"{browser}/{part}".encode("ascii"), hashlib.sha256)
        return digest.hexdigest()[:16]


def cookie_name(browser: str) -> str:
    """The cookie that holds the secret ``browser``."""
    return f"{COOKIE}_{browser[:8]}"


def browsers_of(cookies: Mapping[str, str]) -> tuple[str, ...]:
    """The browser's secrets from its request's cookies (ours only; in a fixed order), or ()."""
    return tuple(sorted(value for name, value in cookies.items()
                        if _HEX32.fullmatch(value) and name == cookie_name(value)))
