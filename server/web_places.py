"""The browser places of ``--web``: at most N tabs in all, at most M from one address.

A place is taken when a tab's play page is served, not only when its socket opens: the page
and its socket are two requests, and tabs that all ask at once would otherwise all get a page
and only then be refused on their socket (a page that just says the game closed). A place taken
by a page and not claimed by its socket within ``HOLD`` seconds is free again.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field

HOLD = 30.0
"""Seconds a served play page keeps its place for its socket."""


@dataclass
class _Place:
    address: str
    until: float | None
    """When a page's hold ends; None once the tab's socket has it (until it is freed)."""
    owner: object | None = None


@dataclass
class Places:
    total: int
    per_address: int
    hold: float = HOLD
    _places: dict[str, _Place] = field(default_factory=dict)

    def refusal(self, tab: str, address: str) -> str | None:
        """Why ``tab`` from ``address`` gets no place (``full``, ``address``), or None.

        A tab that has a place keeps it (a reload)."""
        self._expire()
        if tab in self._places:
            return None
        if len(self._places) >= self.total:
            return "full"
        if sum(p.address == address for p in self._places.values()) >= self.per_address:
            return "address"
        return None

    def hold_for_page(self, tab: str, address: str) -> None:
        """The tab's play page is served: keep its place for its socket a while."""
        place = self._places.get(tab)
        if place is None or place.until is not None:
            self._places[tab] = _Place(address, time.monotonic() + self.hold)

    def take(self, tab: str, address: str, owner: object) -> None:
        """The tab's socket has the place, until ``free`` by the same owner."""
        self._places[tab] = _Place(address, None, owner)

    def free(self, tab: str, owner: object) -> None:
        """Give the place back, unless a newer socket of the tab (a reload) has it now."""
        place = self._places.get(tab)
        if place is not None and place.owner is owner:
            del self._places[tab]

    def count(self) -> int:
        self._expire()
        return len(self._places)

    def _expire(self) -> None:
        now = time.monotonic()
        for tab in [t for t, p in self._places.items() if p.until is not None and p.until < now]:
            del self._places[tab]
