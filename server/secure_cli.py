"""The encryption options of ``seasalt-server``: ``--secure`` and ``--allow-keys FILE``."""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

from .config import ServerConfig
from .security import KeyError_, default_key_dir, has_curve, load_or_create_keys, read_allow_list


def add_secure_options(p: argparse.ArgumentParser) -> None:
    g = p.add_argument_group("encryption (CurveZMQ)")
    g.add_argument(
        "--secure", action="store_true",
        help="encrypt every connection; the key pair lives in the user config directory and "
        "the public key is printed (clients pass it with --server-key)",
    )
    g.add_argument(
        "--allow-keys", type=Path, metavar="FILE",
        help="admit only the client public keys listed in FILE, one per line (implies --secure)",
    )


def secure_settings(args: argparse.Namespace) -> dict[str, Any]:
    """The ServerConfig fields the encryption options set.

    Raises:
        KeyError_: no CURVE in libzmq, or the key pair or allow-list cannot be used.
    """
    if not (args.secure or args.allow_keys is not None):
        return {}
    if not has_curve():
        raise KeyError_("this libzmq has no CURVE support: --secure is not available")
    settings: dict[str, Any] = {"curve": load_or_create_keys(default_key_dir())}
    if args.allow_keys is not None:
        settings["allowed_keys"] = read_allow_list(args.allow_keys)
    return settings


def secure_banner(config: ServerConfig) -> list[str]:
    """What the server prints about encryption (the public key only, never the secret)."""
    if config.curve is None:
        return []
    key = config.curve.public.decode("ascii")
    lines = [
        f"encrypted (CurveZMQ); server public key: {key}",
        f"  clients add: --server-key {key}",
    ]
    if config.allowed_keys is not None:
        lines.append(f"  admitting {len(config.allowed_keys)} listed client key(s) only")
    return lines
