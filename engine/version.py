"""The one version string every seasalt command prints with ``--version``."""

from __future__ import annotations

from importlib import metadata

from . import ENGINE_VERSION


def package_version() -> str:
    """The installed seasalt's version (package metadata), or ``unknown`` from a bare checkout."""
    try:
        return metadata.version("seasalt")
    except metadata.PackageNotFoundError:
        return "unknown"


def version_text(protocol: int | None = None) -> str:
    """``seasalt 0.1.0 (engine 1, protocol 1)``: what a bug report needs.

    The commands that speak the network protocol (``seasalt-server``, ``seasalt-client``) pass
    its version; the engine-only ones (``seasalt-demo``, ``seasalt-arena``) have none to name.
    """
    parts = [f"engine {ENGINE_VERSION}"]
    if protocol is not None:
        parts.append(f"protocol {protocol}")
    return f"seasalt {package_version()} ({', '.join(parts)})"
