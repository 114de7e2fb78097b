"""The check of a CurveZMQ public key typed or read by people: the server's allow-list and key
file, the client's ``--server-key``.

A public key is 40 Z85 characters; the alphabet and the test are protocol/discovery.py's (a
server's key also travels in its LAN announcement). Each side words its own refusal.
"""

from __future__ import annotations

from seasalt.protocol.discovery import is_server_key


def public_key(text: str) -> bytes | None:
    """``text`` as a public key (surrounding spaces left out, Z85 bytes), or None when it is not
    one."""
    key = text.strip()
    return key.encode("ascii") if is_server_key(key) else None
