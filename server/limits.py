"""Abuse limits: a rate limit per connection checked before decoding, a cap on sessions, and
clean, bounded names and chat lines.

The protocol already refuses frames that are too large or malformed, and text longer than its
own maxima; these limits are the server's policy on top (configurable with seasalt-server
flags), so a LAN host can be stricter than the wire allows.
"""

from __future__ import annotations

import functools
import unicodedata
from collections.abc import Callable, Hashable, Iterable
from typing import Generic, TypeVar

from seasalt.common.addresses import interface_addresses

from .sessions import RateLimiter

RATE_LIMITED_MESSAGE = "too many messages: slow down"

K = TypeVar("K")
Key = TypeVar("Key", bound=Hashable)

_LOOPBACK = ("127.", "::1", "::ffff:127.")


@functools.cache
def own_addresses() -> frozenset[str]:
    """This machine's IPv4 addresses (read once)."""
    return frozenset(interface_addresses())


def capped_address(address: str | None, exempt_loopback: bool) -> str | None:
    """The remote address a per-address cap counts, or None when the caps do not apply:
    unknown, or this machine itself (solo and host mode, the web front's guests, tests) when
    ``exempt_loopback``: loopback, or one of its own addresses (a server listening on its LAN
    address runs its browser guests' clients from that address)."""
    if address is None:
        return None
    if exempt_loopback and (
        address.startswith(_LOOPBACK) or address.removeprefix("::ffff:") in own_addresses()
    ):
        return None
    return address


class PeerLimiter(Generic[Key]):
    """A token bucket per key: a connection (ROUTER routing id), consulted before a frame is
    decoded, or a remote address (the history budget, server/history.py).

    Decoding and validation are the costly part of a bad frame, so a flooder is refused on
    the routing id alone. A bucket left alone long enough to refill completely is the same as
    a fresh one, so :meth:`prune` forgets it and the table stays as small as the set of
    keys that talked recently.
    """

    def __init__(self, rate: float, burst: float) -> None:
        if rate <= 0 or burst < 1:
            raise ValueError(f"rate must be > 0 and burst >= 1, not {rate!r}/{burst!r}")
        self.rate = rate
        self.burst = burst
        self._buckets: dict[Key, RateLimiter] = {}
        self._told: set[Key] = set()
        """Connections refused since their last allowed frame and already told so."""
        self.refused = 0
        """Frames refused so far (all connections)."""

    def allow(self, peer: Key, now: float) -> bool:
        bucket = self._buckets.get(peer)
        if bucket is None:
            bucket = RateLimiter(self.rate, self.burst, self.burst, now)
            self._buckets[peer] = bucket
        if bucket.allow(now):
            if self._told:
                self._told.discard(peer)
            return True
        self.refused += 1
        return False

    def first_refusal(self, peer: Key) -> bool:
        """Whether this refused frame is the first of its spell (the one to answer)."""
        if peer in self._told:
            return False
        self._told.add(peer)
        return True

    def prune(self, now: float) -> None:
        """Forget the buckets that have refilled (their connections went quiet)."""
        refill = self.burst / self.rate
        quiet = [p for p, b in self._buckets.items() if now - b.stamp >= refill]
        for peer in quiet:
            del self._buckets[peer]
            self._told.discard(peer)

    def __len__(self) -> int:
        return len(self._buckets)


def strip_control(text: str) -> str:
    """``text`` without control, format, private-use, surrogate and unassigned characters
    (Unicode category C*), so a name or chat line cannot move the cursor, recolour a terminal
    or flip the reading direction (bidi overrides are category Cf)."""
    if text.isascii() and text.isprintable():
        return text  # the common case, without a per-character walk
    return "".join(ch for ch in text if not unicodedata.category(ch).startswith("C"))


class TextRefused(ValueError):
    """A name or chat line the server will not take; the message says why."""


def clean_text(field: str, text: str, max_length: int) -> str:
    """``text`` with control characters stripped and surrounding space trimmed.

    Raises:
        TextRefused: nothing printable is left, or it is longer than ``max_length``.
    """
    cleaned = strip_control(text).strip()
    if not cleaned:
        raise TextRefused(f"{field}: nothing printable left")
    if len(cleaned) > max_length:
        raise TextRefused(f"{field}: longer than this server's limit of {max_length} characters")
    return cleaned


def clean_name(text: str, max_length: int) -> str:
    """A player name: as :func:`clean_text`, but invisible characters (zero-width, bidi
    controls) are refused rather than stripped, so "A\u200bnn" cannot become "Ann".

    Raises:
        TextRefused: invisible characters, nothing printable, or too long.
    """
    from .names import invisible_characters

    hidden = invisible_characters(text)
    if hidden:
        codes = ", ".join(f"U+{ord(ch):04X}" for ch in dict.fromkeys(hidden))
        raise TextRefused(f"name: invisible characters are not allowed ({codes})")
    return clean_text("name", text, max_length)


def oldest_evictable(keys: Iterable[K], evictable: Callable[[K], bool]) -> K | None:
    """The first key (oldest, for a dict in creation order) that ``evictable`` accepts."""
    for key in keys:
        if evictable(key):
            return key
    return None
