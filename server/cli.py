"""``seasalt-server``: parse options, lock the database, listen, print where to join, serve.

Exit codes: 0 after Ctrl-C / SIGTERM, 2 bad options, 3 port in use, 4 database locked or
unusable, 5 cannot listen on that address (the game port, or --web's: server/web.py).
"""

from __future__ import annotations

import argparse
import asyncio
import ipaddress
import logging
import os
import signal
import sys

from seasalt.protocol import DEFAULT_PORT

from .addresses import join_addresses
from .app import ListenError, PortInUseError, Server
from .config import ServerConfig
from .files import tighten_dir
from .journal import JournalError
from .limits_cli import add_limit_options, limit_settings
from .ops_cli import add_ops_options, games_command, ops_settings, setup_log_file
from .secure_cli import add_secure_options, secure_banner, secure_settings
from .security import KeyError_
from .web import WebOptions, add_web_arguments, run_web, web_options

EXIT_USAGE = 2
EXIT_PORT_IN_USE = 3
EXIT_DATABASE = 4
EXIT_LISTEN = 5
LISTENING_PREFIX = "SEASALT_LISTENING"
"""The machine-readable line: ``SEASALT_LISTENING tcp://HOST:PORT`` (tests, solo mode)."""


def default_db() -> str:
    from platformdirs import user_data_dir

    return os.path.join(user_data_dir("seasalt", appauthor=False), "server.sqlite3")


def is_loopback(host: str) -> bool:
    """Whether ``host`` is an address only this machine can reach (127.0.0.0/8, ::1)."""
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:
        return False


def _non_negative(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a number: {text!r}") from None
    if value < 0:
        raise argparse.ArgumentTypeError(f"must not be negative: {text!r}")
    return value


def _positive(text: str) -> float:
    value = _non_negative(text)
    if value == 0:
        raise argparse.ArgumentTypeError("must be more than 0")
    return value


def _port(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a port number: {text!r}") from None
    if not 0 <= value <= 65535:
        raise argparse.ArgumentTypeError(f"port must be 0-65535, not {value}")
    return value


def build_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(
        prog="seasalt-server",
        description="Serve Sea Salt & Paper games on the local network.",
    )
    p.add_argument("--host", default="0.0.0.0", help="address to listen on (default: all)")
    p.add_argument(
        "--port", type=_port, default=DEFAULT_PORT,
        help=f"TCP port (default {DEFAULT_PORT}; 0 picks a free one and prints "
        f"'{LISTENING_PREFIX} tcp://HOST:PORT')",
    )
    p.add_argument("--db", default=None, help="journal database file (default: user data dir)")
    p.add_argument("--fsync", action="store_true", help="SQLite synchronous=FULL (power loss)")
    p.add_argument("--seed", type=int, default=None,
                   help="derive game seeds from N (tests only: anyone who learns N knows every "
                   "hand, so it needs --host 127.0.0.1 or ::1)")
    p.add_argument(
        "--log-level", default="info", choices=["debug", "info", "warning", "error"],
        help="log verbosity (default info)",
    )
    p.add_argument("--bot-delay", type=_non_negative, default=0.8, metavar="S",
                   help="seconds a bot waits before each move (default 0.8)")
    p.add_argument("--bot-workers", type=int, default=1, metavar="N",
                   help="bot processes (default 1)")
    p.add_argument("--takeover-after", type=_non_negative, default=60.0, metavar="S",
                   help="seconds a player may be gone, counted once three heartbeats are "
                        "missed, before a bot takes the seat (default 60)")
    p.add_argument("--continue-timeout", type=_non_negative, default=30.0, metavar="S",
                   help="seconds to wait for everyone to read a round's result (default 30)")
    p.add_argument("--heartbeat", type=_positive, default=2.0, metavar="S",
                   help="seconds between heartbeats (default 2)")
    add_limit_options(p)
    add_secure_options(p)
    add_ops_options(p)
    add_web_arguments(p)
    return p


def config_from(args: argparse.Namespace) -> ServerConfig:
    return ServerConfig(
        host=args.host,
        port=args.port,
        db_path=args.db or default_db(),
        make_db_dir=args.db is None,
        seed=args.seed,
        fsync=args.fsync,
        bot_delay=args.bot_delay,
        bot_workers=max(1, args.bot_workers),
        takeover_after=args.takeover_after,
        continue_timeout=args.continue_timeout,
        heartbeat=args.heartbeat,
        **limit_settings(args),
        **secure_settings(args),
        **ops_settings(args),
    )


async def _run(config: ServerConfig, web: WebOptions | None = None) -> int:
    server = Server(config)
    try:
        await server.start()
    except PortInUseError as exc:
        print(f"seasalt-server: error: {exc}", file=sys.stderr)
        return EXIT_PORT_IN_USE
    except JournalError as exc:
        print(f"seasalt-server: error: {exc}", file=sys.stderr)
        return EXIT_DATABASE
    except ListenError as exc:
        print(f"seasalt-server: error: {exc}", file=sys.stderr)
        return EXIT_LISTEN
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
        print(f"{LISTENING_PREFIX} {server.local_endpoint}")
        sys.stdout.flush()
        await stop.wait()
        print("seasalt-server: stopping", file=sys.stderr)
    await server.stop()
    return 0


def main(argv: list[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    games = games_command(argv, default_db())
    if games is not None:
        return games
    args = build_parser().parse_args(argv)
    logging.basicConfig(
        level=getattr(logging, args.log_level.upper()),
        format="%(asctime)s %(levelname)s %(name)s: %(message)s",
        stream=sys.stderr,
    )
    setup_log_file(args.log_file, getattr(logging, args.log_level.upper()))
    if args.seed is not None and not is_loopback(args.host):
        print(
            "seasalt-server: error: --seed makes every deal of every game follow from N, so "
            "anyone who learns N (one finished replay gives it away) knows every hand: it is "
            "for tests on this machine only; add --host 127.0.0.1 (or ::1), or leave it out",
            file=sys.stderr,
        )
        return EXIT_USAGE
    try:
        config = config_from(args)
    except KeyError_ as exc:
        print(f"seasalt-server: error: {exc}", file=sys.stderr)
        return EXIT_USAGE
    if args.db is None:  # seasalt's own data folder holds the journal: owner only
        try:
            tighten_dir(os.path.dirname(config.db_path))
        except OSError as exc:
            print(f"seasalt-server: error: cannot use the data folder: {exc}", file=sys.stderr)
            return EXIT_DATABASE
    if sys.platform == "win32":  # the server reads its socket with loop.add_reader
        asyncio.set_event_loop_policy(asyncio.WindowsSelectorEventLoopPolicy())
    try:
        return asyncio.run(_run(config, web_options(args)))
    except KeyboardInterrupt:  # Ctrl-C before the signal handlers were installed
        print("seasalt-server: interrupted", file=sys.stderr)
        return 130
