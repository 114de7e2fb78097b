"""Optional CurveZMQ encryption for the server, and an allow-list of client keys (ZAP).

``seasalt-server --secure`` keeps one key pair in the user config directory (created on first
use, files readable by the owner only) and prints the public key; clients pass it with
``--server-key``. ``--allow-keys FILE`` admits only the client public keys listed in FILE,
checked by a ZAP handler (pyzmq's AsyncioAuthenticator) before a connection carries a frame.
"""

from __future__ import annotations

import contextlib
import os
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import zmq
import zmq.asyncio
import zmq.auth
from seasalt.common.files import private_dirs
from seasalt.common.keys import public_key
from zmq.auth.asyncio import AsyncioAuthenticator
from zmq.auth.base import CURVE_ALLOW_ANY

KEY_NAME = "server"


class KeyFileError(ValueError):
    """A key file, key text or allow-list the server cannot use; the message says why."""


@dataclass(frozen=True, slots=True)
class KeyPair:
    public: bytes
    """Z85 text, 40 bytes: what clients pass with ``--server-key``."""
    secret: bytes


def has_curve() -> bool:
    """Whether this libzmq was built with CURVE (libsodium or tweetnacl)."""
    return bool(zmq.has("curve"))


def default_key_dir() -> Path:
    from platformdirs import user_config_dir

    return Path(user_config_dir("seasalt", appauthor=False)) / "curve"


def check_key(text: str | bytes, what: str = "key") -> bytes:
    """A Z85 public key as bytes.

    Raises:
        KeyFileError: not 40 Z85 characters.
    """
    raw = text.decode("ascii", "replace") if isinstance(text, bytes) else text
    raw = raw.strip()
    key = public_key(raw)
    if key is None:
        raise KeyFileError(
            f"{what} {raw[:60]!r} is not a CURVE public key (40 Z85 characters, as "
            "seasalt-server --secure prints it)"
        )
    return key


def _private_dir(directory: Path) -> None:
    private_dirs(str(directory))
    if directory == default_key_dir():  # seasalt's own config folder too
        with contextlib.suppress(OSError):
            directory.parent.chmod(0o700)
    with contextlib.suppress(OSError):
        directory.chmod(0o700)


def load_or_create_keys(directory: Path, name: str = KEY_NAME) -> KeyPair:
    """The key pair kept in ``directory`` (``NAME.key`` and ``NAME.key_secret``), created
    with ``zmq.auth.create_certificates`` on first use; both files get mode 0600.

    Raises:
        KeyFileError: the directory or the files cannot be used.
    """
    secret_file = directory / f"{name}.key_secret"
    try:
        _private_dir(directory)
        if not secret_file.exists():
            old = os.umask(0o077)  # never world-readable, not even for a moment
            try:
                zmq.auth.create_certificates(str(directory), name)
            finally:
                os.umask(old)
        for path in (directory / f"{name}.key", secret_file):
            if path.exists():
                path.chmod(0o600)
        public, secret = zmq.auth.load_certificate(str(secret_file))
    except (OSError, ValueError) as exc:
        raise KeyFileError(f"cannot use the key pair in {directory}: {exc}") from None
    if secret is None:
        raise KeyFileError(f"{secret_file} holds no secret key")
    return KeyPair(public, secret)


def read_allow_list(path: Path) -> frozenset[bytes]:
    """Client public keys: one per line, optionally followed by a space and a label. Blank
    lines and lines starting with ``# `` are comments (``#`` alone cannot start one: it is
    a Z85 character, so a key may begin with it).

    Raises:
        KeyFileError: the file cannot be read, a line is not a key, or it lists none.
    """
    try:
        lines = path.read_text().splitlines()
    except (OSError, UnicodeDecodeError) as exc:
        raise KeyFileError(f"cannot read the allow-list {path}: {exc}") from None
    keys = set()
    for number, line in enumerate(lines, 1):
        words = line.split()
        if words and words[0] != "#":
            keys.add(check_key(words[0], f"{path}:{number}:"))
    if not keys:
        raise KeyFileError(f"the allow-list {path} lists no client keys")
    return frozenset(keys)


def make_server_secure(sock: zmq.Socket[Any], keys: KeyPair) -> None:
    """Make ``sock`` a CURVE server (before bind)."""
    sock.curve_server = True
    sock.curve_secretkey = keys.secret
    sock.curve_publickey = keys.public


class _AllowList:
    """The ZAP credentials callback: a client key is admitted when listed."""

    def __init__(self, keys: Iterable[bytes]) -> None:
        self.keys = frozenset(keys)

    def callback(self, domain: str, key: bytes) -> bool:
        return key in self.keys  # pyzmq passes the Z85 text of the key


def start_any_key(ctx: zmq.asyncio.Context) -> AsyncioAuthenticator:
    """Start a ZAP handler on ``ctx`` that admits every CURVE client (``--secure`` alone), so
    libzmq stamps each frame with its client's public key (``User-Id``)."""
    auth = AsyncioAuthenticator(ctx)
    auth.start()
    auth.configure_curve(domain="*", location=CURVE_ALLOW_ANY)
    return auth


def start_allow_list(ctx: zmq.asyncio.Context, keys: Iterable[bytes]) -> AsyncioAuthenticator:
    """Start a ZAP handler on ``ctx`` that admits only ``keys`` (before the socket binds)."""
    auth = AsyncioAuthenticator(ctx)
    auth.start()
    auth.configure_curve_callback("*", credentials_provider=_AllowList(keys))
    return auth
