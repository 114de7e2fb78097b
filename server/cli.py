"""``seasalt-server``: the command tree, one version string, and ``serve`` as the default.

    seasalt-server [serve] [OPTIONS]                 serve games (server/serve_cli.py)
    seasalt-server games list|archive|delete|export|review
                                                     the journal's games (server/housekeeping.py)

A command line that names no command is ``serve``'s (``seasalt-server --port 0`` is
``seasalt-server serve --port 0``), as it was before there were commands. Exit codes are in
server/options.py; a bad command line is one line on stderr and exit 2.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence

from seasalt.common.collector import pace_collector
from seasalt.engine.version import version_text
from seasalt.protocol import PROTOCOL_VERSION

from .housekeeping import add_games_commands, run_games
from .options import (
    EXIT_DATABASE,
    EXIT_LISTEN,
    EXIT_NOT_FOUND,
    EXIT_PORT_IN_USE,
    EXIT_USAGE,
    PROG,
    Parser,
    default_db,
)
from .serve_cli import LISTENING_PREFIX, add_serve_options, config_from, serve

__all__ = [
    "COMMANDS", "EXIT_DATABASE", "EXIT_LISTEN", "EXIT_NOT_FOUND", "EXIT_PORT_IN_USE",
    "EXIT_USAGE", "LISTENING_PREFIX", "build_parser", "config_from", "default_db", "main",
    "parse_args", "with_command",
]

COMMANDS = ("serve", "games")
_TOP_LEVEL = ("-h", "--help", "--version")
"""What the top-level parser answers itself; any other leading option is ``serve``'s."""

_EPILOG = f"""\
With no command, {PROG} serves: '{PROG} --port 0' is '{PROG} serve --port 0'.
'{PROG} serve --help' lists the server's options,
'{PROG} games --help' the journal's commands.

exit codes: 0 stopped by Ctrl-C or SIGTERM (games: done), 1 games: no such game,
2 bad command line, 3 port in use, 4 database locked or unusable, 5 cannot listen there.
"""


def build_parser() -> argparse.ArgumentParser:
    version = version_text(PROTOCOL_VERSION)
    p = Parser(
        prog=PROG,
        description="Serve Sea Salt & Paper games on the local network, and look after the "
        "games in its journal.",
        epilog=_EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    p.add_argument("--version", action="version", version=version)
    sub = p.add_subparsers(dest="command", metavar="COMMAND", required=True)
    serve_p = sub.add_parser(
        "serve", help="serve games (the default command)",
        description="Serve Sea Salt & Paper games on the local network. It prints the "
        f"addresses players join with, then a '{LISTENING_PREFIX} tcp://HOST:PORT' line.",
    )
    serve_p.set_defaults(run=serve)
    add_serve_options(serve_p)
    add_games_commands(sub)
    sub.choices["games"].set_defaults(run=run_games)
    _add_version(sub, version)
    assert tuple(sub.choices) == COMMANDS
    return p


def _add_version(sub: argparse._SubParsersAction[Parser], version: str) -> None:
    """``--version`` on every command of the tree (``games list --version`` too): one string."""
    for command in sub.choices.values():
        command.add_argument("--version", action="version", version=version)
        for action in command._actions:
            if isinstance(action, argparse._SubParsersAction):
                _add_version(action, version)


def with_command(argv: Sequence[str]) -> list[str]:
    """``argv`` with ``serve`` in front when it names no command (the old command line)."""
    args = list(argv)
    if not args or (args[0].startswith("-") and args[0] not in _TOP_LEVEL):
        return ["serve", *args]
    return args


def parse_args(argv: Sequence[str]) -> argparse.Namespace:
    """Parse a ``seasalt-server`` command line (exits 2 with one line when it is bad)."""
    args = build_parser().parse_args(with_command(argv))
    check = getattr(args, "check", None)  # what argparse cannot say: options that exclude
    if check is not None:
        check(args)
    return args


def main(argv: Sequence[str] | None = None) -> int:
    args = parse_args(sys.argv[1:] if argv is None else argv)
    pace_collector()
    code: int = args.run(args)
    return code
