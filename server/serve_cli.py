"""``seasalt-server serve``: its options, the ServerConfig they make, and the serving itself
(lock the database, listen, print where to join, serve until Ctrl-C or SIGTERM).

Every default and every default in a help text is read from ``ServerConfig()``: written once.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import logging
import os
import shlex
import signal
import sys
from pathlib import Path
from typing import Any

from seasalt.common.addresses import is_loopback
from seasalt.common.files import PrivateRotatingFileHandler, private_dirs, tighten_dir
from seasalt.protocol import MAX_CHAT_LENGTH, MAX_NAME_LENGTH

from .addresses import join_addresses
from .announce import add_announce_options, announce_settings, start_announcing, stop_announcing
from .app import ListenError, PortInUseError, Server
from .config import ServerConfig
from .housekeeping import format_age, parse_age
from .journal_file import JournalError
from .options import (
    EXIT_DATABASE,
    EXIT_LISTEN,
    EXIT_PORT_IN_USE,
    EXIT_USAGE,
    at_least,
    default_db,
    error,
    non_negative,
    port,
    positive,
    positive_int,
)
from .security import KeyFileError, default_key_dir, has_curve, load_or_create_keys, read_allow_list
from .web import WebOptions, add_web_arguments, run_web, web_options

DEFAULTS = ServerConfig()
LISTENING_PREFIX = "SEASALT_LISTENING"
"""The machine-readable line: ``SEASALT_LISTENING tcp://HOST:PORT`` (tests, solo mode)."""
LOG_FORMAT = "%(asctime)s %(levelname)s %(name)s: %(message)s"
LOG_LEVELS = ("debug", "info", "warning", "error")


def add_serve_options(p: argparse.ArgumentParser) -> None:
    d = DEFAULTS
    p.add_argument("--host", default=d.host, help=f"address to listen on (default {d.host}: all)")
    p.add_argument(
        "--port", type=port, default=d.port,
        help=f"TCP port (default {d.port}; 0 picks a free one and prints "
        f"'{LISTENING_PREFIX} tcp://HOST:PORT')",
    )
    p.add_argument("--db", default=None, metavar="PATH",
                   help="journal database file (default: server.sqlite3 in the user data dir)")
    p.add_argument("--fsync", action="store_true", help="SQLite synchronous=FULL (power loss)")
    p.add_argument("--seed", type=int, default=None, metavar="N",
                   help="derive game seeds from N (tests only: anyone who learns N knows every "
                   "hand, so it needs --host 127.0.0.1 or ::1)")
    p.add_argument("--log-level", default="info", choices=LOG_LEVELS,
                   help="log verbosity (default info)")
    p.add_argument(
        "--log-file", default=None, metavar="PATH",
        help="also log to this file, rotated at 1 MB (default: server.log in the user log "
        "dir; 'none' to log to stderr only)",
    )
    p.add_argument("--bot-delay", type=non_negative, default=d.bot_delay, metavar="S",
                   help="seconds every bot decision takes at least, so people can follow "
                   f"(default {d.bot_delay:g})")
    p.add_argument("--bot-think", type=non_negative, default=d.bot_think, metavar="S",
                   help="wall-clock seconds an expert bot may think; every bot decision at its "
                   f"table takes that long (default {d.bot_think:g}; 0: no limit)")
    p.add_argument("--bot-workers", type=positive_int(), default=d.bot_workers, metavar="N",
                   help=f"bot processes (default {d.bot_workers})")
    p.add_argument("--takeover-after", type=non_negative, default=d.takeover_after, metavar="S",
                   help=f"seconds a player may be gone, counted once {d.heartbeat_misses} "
                   f"heartbeats are missed, before a bot takes the seat "
                   f"(default {d.takeover_after:g})")
    p.add_argument("--idle-after", type=non_negative, default=d.idle_after, metavar="S",
                   help="seconds a player may let a table without a turn timer wait on their "
                   "turn before a bot plays for them until their next key; 0: never "
                   f"(default {d.idle_after:g})")
    p.add_argument("--continue-timeout", type=non_negative, default=d.continue_timeout,
                   metavar="S", help=f"seconds to wait for everyone to read a round's result "
                   f"(default {d.continue_timeout:g})")
    p.add_argument("--heartbeat", type=positive, default=d.heartbeat, metavar="S",
                   help=f"seconds between heartbeats (default {d.heartbeat:g})")
    assert d.max_resume_age is not None
    p.add_argument(
        "--max-resume-age", type=parse_age, default=d.max_resume_age, metavar="AGE",
        help="unfinished games last played longer ago are not revived at start; they stay "
        "in the journal (see 'seasalt-server games list') "
        f"(default {format_age(d.max_resume_age)}; e.g. 3600, 30m, 12h, 7d, 2w)",
    )
    _add_limit_options(p)
    _add_secure_options(p)
    add_announce_options(p)
    add_web_arguments(p)


def _add_limit_options(p: argparse.ArgumentParser) -> None:
    d = DEFAULTS
    g = p.add_argument_group("abuse limits")
    g.add_argument("--rate-limit", type=positive, default=d.rate_limit, metavar="N",
                   help=f"messages a second one connection may send on average "
                   f"(default {d.rate_limit:g})")
    g.add_argument("--rate-burst", type=at_least(1), default=d.rate_burst, metavar="N",
                   help=f"messages one connection may send at once (default {d.rate_burst:g})")
    g.add_argument("--max-tables", type=positive_int(), default=d.max_tables, metavar="N",
                   help=f"tables at once (default {d.max_tables})")
    g.add_argument("--max-sessions", type=positive_int(), default=d.max_sessions, metavar="N",
                   help=f"player sessions at once (default {d.max_sessions})")
    for flag, field, what in (
        ("--max-sessions-per-connection", "max_sessions_per_connection",
         "sessions one connection may hold"),
        ("--max-sessions-per-address", "max_sessions_per_address",
         "sessions opened from one remote address"),
        ("--new-sessions-per-address", "new_sessions_per_address",
         "sessions one remote address may open a minute"),
        ("--max-tables-per-connection", "max_tables_per_connection",
         "waiting tables one connection may have created"),
        ("--max-tables-per-address", "max_tables_per_address",
         "waiting tables created from one remote address"),
    ):
        default = getattr(d, field)
        g.add_argument(flag, type=positive_int(), default=default, metavar="N",
                       help=f"{what} (default {default}; more gets limit_reached)")
    g.add_argument("--caps-count-loopback", action="store_true",
                   help="apply the per-address caps to this machine's own connections too")
    g.add_argument("--max-name-length", type=positive_int(MAX_NAME_LENGTH),
                   default=d.max_name_length, metavar="N",
                   help=f"characters in a player name (default {d.max_name_length})")
    g.add_argument("--max-chat-length", type=positive_int(MAX_CHAT_LENGTH),
                   default=d.max_chat_length, metavar="N",
                   help=f"characters in a chat line (default {d.max_chat_length})")


def _add_secure_options(p: argparse.ArgumentParser) -> None:
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


def config_from(args: argparse.Namespace) -> ServerConfig:
    """The ServerConfig ``serve``'s options describe.

    Raises:
        KeyFileError: ``--secure``/``--allow-keys`` without CURVE, or with a key pair or
            allow-list that cannot be used.
    """
    return ServerConfig(
        host=args.host,
        port=args.port,
        db_path=args.db or default_db(),
        make_db_dir=args.db is None,
        seed=args.seed,
        fsync=args.fsync,
        bot_delay=args.bot_delay,
        bot_think=args.bot_think,
        bot_workers=args.bot_workers,
        takeover_after=args.takeover_after,
        idle_after=args.idle_after,
        continue_timeout=args.continue_timeout,
        heartbeat=args.heartbeat,
        max_resume_age=args.max_resume_age,
        rate_limit=args.rate_limit,
        rate_burst=args.rate_burst,
        max_tables=args.max_tables,
        max_sessions=args.max_sessions,
        max_sessions_per_connection=args.max_sessions_per_connection,
        max_sessions_per_address=args.max_sessions_per_address,
        new_sessions_per_address=args.new_sessions_per_address,
        max_tables_per_connection=args.max_tables_per_connection,
        max_tables_per_address=args.max_tables_per_address,
        caps_exempt_loopback=not args.caps_count_loopback,
        max_name_length=args.max_name_length,
        max_chat_length=args.max_chat_length,
        **_secure_settings(args),
        **announce_settings(args),
    )


def _secure_settings(args: argparse.Namespace) -> dict[str, Any]:
    if not (args.secure or args.allow_keys is not None):
        return {}
    if not has_curve():
        raise KeyFileError("this libzmq has no CURVE support: --secure is not available")
    settings: dict[str, Any] = {"curve": load_or_create_keys(default_key_dir())}
    if args.allow_keys is not None:
        settings["allowed_keys"] = read_allow_list(args.allow_keys)
    return settings


def secure_banner(config: ServerConfig) -> list[str]:
    """What the server prints about encryption (the public key only, never the secret).
    client/own_server/child_server.py reads the first line's key back: keep its wording."""
    if config.curve is None:
        return []
    key = config.curve.public.decode("ascii")
    lines = [
        f"encrypted (CurveZMQ); server public key: {key}",
        f"  clients add: --server-key {shlex.quote(key)}",  # (Z85: & > $ # are in it)
    ]
    if config.allowed_keys is not None:
        lines.append(f"  admitting {len(config.allowed_keys)} listed client key(s) only")
    return lines


def default_log_file() -> str:
    """``server.log`` in the platform's user log dir (Linux: ~/.local/state/seasalt/log)."""
    from platformdirs import user_log_dir

    return os.path.join(user_log_dir("seasalt", appauthor=False), "server.log")


def setup_log_file(path: str | None, level: int) -> str | None:
    """Add a rotating log file to the root logger; returns its path (None: not logging)."""
    if path is not None and path.lower() == "none":
        return None
    path = path or default_log_file()
    try:
        if path == default_log_file():  # seasalt's own state folders (.../seasalt/log): 0700
            tighten_dir(os.path.dirname(os.path.dirname(path)))
            tighten_dir(os.path.dirname(path))
        private_dirs(os.path.dirname(os.path.abspath(path)))
        handler = PrivateRotatingFileHandler(
            path, maxBytes=1_000_000, backupCount=3, encoding="utf-8"
        )
    except OSError as exc:
        print(f"seasalt-server: warning: cannot write the log file {path}: {exc}",
              file=sys.stderr)
        return None
    handler.setFormatter(logging.Formatter(LOG_FORMAT))
    handler.setLevel(level)
    logging.getLogger().addHandler(handler)
    logging.getLogger("seasalt.server").info("log file: %s", path)  # where to look later
    return path


def serve(args: argparse.Namespace) -> int:
    """Run ``seasalt-server serve`` to its end; returns the exit code (server/options.py)."""
    level = getattr(logging, args.log_level.upper())
    logging.basicConfig(level=level, format=LOG_FORMAT, stream=sys.stderr)
    setup_log_file(args.log_file, level)
    if args.seed is not None and not is_loopback(args.host):
        print(error(
            "--seed makes every deal of every game follow from N, so anyone who learns N (one "
            "finished replay gives it away) knows every hand: it is for tests on this machine "
            "only; add --host 127.0.0.1 (or ::1), or leave it out"
        ), file=sys.stderr)
        return EXIT_USAGE
    try:
        config = config_from(args)
    except KeyFileError as exc:
        print(error(str(exc)), file=sys.stderr)
        return EXIT_USAGE
    if args.db is None:  # seasalt's own data folder holds the journal: owner only
        try:
            tighten_dir(os.path.dirname(config.db_path))
        except OSError as exc:
            print(error(f"cannot use the data folder: {exc}"), file=sys.stderr)
            return EXIT_DATABASE
    if sys.platform == "win32":  # the server reads its socket with loop.add_reader
        asyncio.set_event_loop_policy(asyncio.WindowsSelectorEventLoopPolicy())
    try:
        return asyncio.run(_run(config, web_options(args)))
    except KeyboardInterrupt:  # Ctrl-C before the signal handlers were installed
        print("seasalt-server: interrupted", file=sys.stderr)
        return 130


async def _run(config: ServerConfig, web: WebOptions | None = None) -> int:
    server = Server(config)
    try:
        await server.start()
    except (PortInUseError, JournalError, ListenError) as exc:
        print(error(str(exc)), file=sys.stderr)
        if isinstance(exc, PortInUseError):
            return EXIT_PORT_IN_USE
        return EXIT_DATABASE if isinstance(exc, JournalError) else EXIT_LISTEN
    loop = asyncio.get_running_loop()
    stop = asyncio.Event()
    for sig in (signal.SIGINT, signal.SIGTERM):
        loop.add_signal_handler(sig, stop.set)
    print(f"seasalt-server listening on port {server.port}; players join with:")
    for address in join_addresses(config.host, server.port):
        print(f"  seasalt-client {address}")
    print(f"journal: {config.db_path}")
    for line in secure_banner(config):
        print(line)
    async with run_web(web, config, server) as front:  # prints where browsers go
        if web is not None and front is None:
            await server.stop()
            return EXIT_LISTEN
        if front is not None and server.master is not None:  # every lobby shows it
            server.master.web_urls = tuple(front.urls())
        print(f"{LISTENING_PREFIX} {server.local_endpoint}")
        sys.stdout.flush()
        announcing = start_announcing(config, server, front.port if front is not None else None)
        await stop.wait()
        # The terminal's Ctrl-C also stops a `| tee` reading this output: the line is lost
        # then, and the stop (the goodbyes, the journal closed) must not be lost with it.
        with contextlib.suppress(OSError):
            print("seasalt-server: stopping", file=sys.stderr, flush=True)
        await stop_announcing(announcing)
    await server.stop()
    return 0
