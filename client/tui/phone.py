"""The phone layout's width, and what asks for it.

Under :data:`PHONE_BELOW` columns the table screen has the ``-phone`` class
(client/tui/phone.tcss): its one-line rows wrap rather than end in "…", so a phone held upright
(about 40 columns) shows all that the wide table does.
"""

from __future__ import annotations

from textual.dom import DOMNode

PHONE_BELOW = 80
"""Under this width the table is laid out for a phone."""


def on_phone(node: DOMNode) -> bool:
    """``node`` is on a screen laid out for a phone."""
    screen = getattr(node, "screen", None)
    return screen is not None and screen.has_class("-phone")


def line_width(width: int | None) -> int | None:
    """The width a one-line row is cut to: none on a phone, where it wraps."""
    return None if width is not None and width < PHONE_BELOW else width


__all__ = ["PHONE_BELOW", "line_width", "on_phone"]
