"""The command that brings a player back to a server, and to the seat it holds there: what the
quit dialog and the closing words tell a player to run.

Exactly what to type, whatever else this machine has remembered since: the address, the name
(the session tokens are kept per address and name, client/files/tokens.py, so another name finds no
seat) and the key of an encrypted server. Quoted for the shell it is typed into.
"""

from __future__ import annotations

import shlex
import subprocess
import sys
from collections.abc import Sequence


def come_back_command(address: str, name: str, server_key: str | None = None) -> str:
    """``seasalt-client ADDRESS --name NAME [--server-key KEY]``, ready to paste."""
    # "--name=-x": a name that starts with a dash would be read as an option after a space.
    words = ["seasalt-client", address,
             *([f"--name={name}"] if name.startswith("-") else ["--name", name])]
    if server_key is not None:
        words += ["--server-key", server_key]
    return shell_line(words)


def join_command(address: str, server_key: str | None = None) -> str:
    """``seasalt-client ADDRESS [--server-key KEY]``: how friends join (a key is Z85 text, whose
    ``& > $ ( # *`` a shell reads as its own unless quoted)."""
    return shell_line(["seasalt-client", address,
                       *(["--server-key", server_key] if server_key is not None else [])])


def shell_line(words: Sequence[str], *, windows: bool | None = None) -> str:
    """One command line of ``words``: POSIX shell quoting, or cmd.exe's on Windows."""
    if sys.platform == "win32" if windows is None else windows:
        return subprocess.list2cmdline(words)
    return shlex.join(words)
