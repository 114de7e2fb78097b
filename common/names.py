"""Player names within the protocol's limit (``MAX_NAME_LENGTH``): the one rule for a name
people type, and the cut that makes any other text (a login name, a bot's name) fit.

The server's web page checks a browser tab's name with the same rule the client's command line
and start menu use, so a name one side takes is never refused by the other.
"""

from __future__ import annotations

from seasalt.protocol import MAX_NAME_LENGTH


def valid_name(text: str) -> bool:
    """1 to ``MAX_NAME_LENGTH`` printable characters, not only spaces."""
    return bool(text.strip()) and len(text) <= MAX_NAME_LENGTH and text.isprintable()


def fit_name(text: str, fallback: str = "player") -> str:
    """``text`` cut to ``MAX_NAME_LENGTH`` characters; ``fallback`` when it is empty."""
    return text[:MAX_NAME_LENGTH] or fallback
