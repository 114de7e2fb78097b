"""What a POSIX shell makes of a command line a player pastes: the words the program gets.

The printed join and come-back commands are read by a shell, not by ``shlex``: ``shlex.split``
takes ``a>b`` or ``a&b`` as one word, where ``sh`` redirects or backgrounds. This asks ``sh``.
"""

from __future__ import annotations

import subprocess
import tempfile


def shell_words(command: str) -> list[str]:
    """The argument words ``sh`` passes for ``command`` (its first word, the program, left
    out), read in a scratch directory (a ``>`` in it writes a file there, not here)."""
    with tempfile.TemporaryDirectory() as scratch:
        done = subprocess.run(
            ["sh", "-c", f"set -- {command.split(' ', 1)[1]}\nprintf '%s\\0' \"$@\""],
            cwd=scratch, capture_output=True, text=True, timeout=30, check=False,
        )
    return done.stdout.split("\0")[:-1]
