"""The client side of CurveZMQ: the server's key, this client's key pair, and a clear word when
the encrypted (or plain) handshake fails.

A ZeroMQ socket never reports a failed handshake to the code that sends on it: it just retries
in the background. So while a session opens, the socket's own monitor is read
(client/net/opening.py) and a handshake failure turned into a sentence for people
(:func:`refusal_text`).
"""

from __future__ import annotations

import contextlib
import os
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import zmq
import zmq.asyncio
import zmq.auth
from seasalt.common.files import private_dirs
from seasalt.common.keys import public_key

HANDSHAKE_FAILURES = (
    zmq.EVENT_HANDSHAKE_FAILED_NO_DETAIL
    | zmq.EVENT_HANDSHAKE_FAILED_PROTOCOL
    | zmq.EVENT_HANDSHAKE_FAILED_AUTH
)
"""The monitor events of a refused transport handshake."""


def parse_server_key(text: str) -> bytes:
    """A server public key as printed by ``seasalt-server --secure``.

    Raises:
        ValueError: not 40 Z85 characters (the message is for people).
    """
    key = public_key(text)
    if key is None:
        raise ValueError(
            f"{text[:60]!r} is not a server key: use the 40-character key that "
            "seasalt-server --secure printed"
        )
    return key


@dataclass(frozen=True, slots=True)
class ClientSecurity:
    """What a DEALER needs to talk CURVE to one server."""

    server_key: bytes
    public: bytes
    """This client's public key (Z85): what a private server lists in --allow-keys."""
    secret: bytes

    def apply(self, sock: zmq.Socket[Any]) -> None:
        sock.curve_serverkey = self.server_key
        sock.curve_publickey = self.public
        sock.curve_secretkey = self.secret


def default_key_dir() -> Path:
    from platformdirs import user_config_dir

    return Path(user_config_dir("seasalt", appauthor=False)) / "curve"


def client_security(server_key: str, key_dir: Path | None = None) -> ClientSecurity:
    """Security for ``server_key`` with this user's client key pair (created on first use in
    the user config directory, files mode 0600, so a private server can list its public key).

    Raises:
        ValueError: a bad server key, no CURVE in libzmq, or an unusable key directory.
    """
    server = parse_server_key(server_key)
    if not zmq.has("curve"):
        raise ValueError("this libzmq has no CURVE support: --server-key is not available")
    directory = key_dir or default_key_dir()
    secret_file = directory / "client.key_secret"
    try:
        private_dirs(str(directory))
        if not secret_file.exists():
            old = os.umask(0o077)
            try:
                zmq.auth.create_certificates(str(directory), "client")
            finally:
                os.umask(old)
        for path in (directory / "client.key", secret_file):
            with contextlib.suppress(FileNotFoundError):
                path.chmod(0o600)
        public, secret = zmq.auth.load_certificate(str(secret_file))
    except (OSError, ValueError) as exc:
        raise ValueError(f"cannot use the client key pair in {directory}: {exc}") from None
    if secret is None:
        raise ValueError(f"{secret_file} holds no secret key")
    return ClientSecurity(server, public, secret)


def refusal_text(event: int, value: int, secure: bool, where: str) -> str:
    """What a handshake failure event means, for the person who started the client."""
    mismatch = value == zmq.PROTOCOL_ERROR_ZMTP_MECHANISM_MISMATCH
    if event == zmq.EVENT_HANDSHAKE_FAILED_AUTH:
        return (
            f"the server at {where} does not admit this client's key: ask its host to add it "
            "to the server's --allow-keys file"
        )
    if not secure:
        # A plain client has no key to get wrong: the server wants another mechanism. (The
        # event may come without detail when the server hangs up before its greeting is read.)
        return (
            f"the server at {where} is encrypted: start seasalt-client with --server-key KEY "
            "(the key seasalt-server --secure printed)"
        )
    if secure and mismatch:
        return f"the server at {where} is not encrypted: leave out --server-key"
    return (
        f"the encrypted handshake with {where} failed: check --server-key (it must be the key "
        "this server printed; a server started without --secure needs none)"
    )


def start_monitor(sock: zmq.asyncio.Socket, events: int) -> zmq.asyncio.Socket:
    """A monitor of ``sock``'s ``events``; start it before ``connect`` so none is missed."""
    return sock.get_monitor_socket(events)


def stop_monitor(sock: zmq.asyncio.Socket, monitor: zmq.asyncio.Socket) -> None:
    with contextlib.suppress(zmq.ZMQError):
        sock.disable_monitor()
    monitor.close(linger=0)
