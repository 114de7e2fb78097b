"""The abuse-limit options of ``seasalt-server`` (defaults: ServerConfig's)."""

from __future__ import annotations

import argparse
from typing import Any

from seasalt.protocol import MAX_CHAT_LENGTH, MAX_NAME_LENGTH

from .config import ServerConfig

_DEFAULTS = ServerConfig()


def _positive_int(upper: int | None = None) -> Any:
    def parse(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"not a whole number: {text!r}") from None
        if value < 1:
            raise argparse.ArgumentTypeError(f"must be at least 1, not {value}")
        if upper is not None and value > upper:
            raise argparse.ArgumentTypeError(f"must be at most {upper} (the protocol's limit)")
        return value

    return parse


def _rate(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a number: {text!r}") from None
    if not value > 0:
        raise argparse.ArgumentTypeError(f"must be more than 0, not {text!r}")
    return value


def add_limit_options(p: argparse.ArgumentParser) -> None:
    g = p.add_argument_group("abuse limits")
    g.add_argument("--rate-limit", type=_rate, default=_DEFAULTS.rate_limit, metavar="N",
                   help=f"messages a second one connection may send on average "
                   f"(default {_DEFAULTS.rate_limit:g})")
    g.add_argument("--rate-burst", type=_rate, default=_DEFAULTS.rate_burst, metavar="N",
                   help=f"messages one connection may send at once (default "
                   f"{_DEFAULTS.rate_burst:g})")
    g.add_argument("--max-tables", type=_positive_int(), default=_DEFAULTS.max_tables,
                   metavar="N", help=f"tables at once (default {_DEFAULTS.max_tables})")
    g.add_argument("--max-sessions", type=_positive_int(), default=_DEFAULTS.max_sessions,
                   metavar="N", help=f"player sessions at once (default {_DEFAULTS.max_sessions})")
    for flag, field, what in (
        ("--max-sessions-per-connection", "max_sessions_per_connection",
         "sessions one connection may hold"),
        ("--max-sessions-per-address", "max_sessions_per_address",
         "sessions opened from one remote address"),
        ("--max-tables-per-connection", "max_tables_per_connection",
         "waiting tables one connection may have created"),
        ("--max-tables-per-address", "max_tables_per_address",
         "waiting tables created from one remote address"),
    ):
        default = getattr(_DEFAULTS, field)
        g.add_argument(flag, type=_positive_int(), default=default, metavar="N",
                       help=f"{what} (default {default}; more gets limit_reached)")
    g.add_argument("--caps-count-loopback", action="store_true",
                   help="apply the per-address caps to this machine's own connections too")
    g.add_argument("--max-name-length", type=_positive_int(MAX_NAME_LENGTH),
                   default=_DEFAULTS.max_name_length, metavar="N",
                   help=f"characters in a player name (default {_DEFAULTS.max_name_length})")
    g.add_argument("--max-chat-length", type=_positive_int(MAX_CHAT_LENGTH),
                   default=_DEFAULTS.max_chat_length, metavar="N",
                   help=f"characters in a chat line (default {_DEFAULTS.max_chat_length})")


def limit_settings(args: argparse.Namespace) -> dict[str, Any]:
    """The ServerConfig fields the limit options set."""
    if args.rate_burst < 1:
        raise SystemExit("seasalt-server: error: --rate-burst must be at least 1")
    return {
        "rate_limit": args.rate_limit,
        "rate_burst": args.rate_burst,
        "max_tables": args.max_tables,
        "max_sessions": args.max_sessions,
        "max_sessions_per_connection": args.max_sessions_per_connection,
        "max_sessions_per_address": args.max_sessions_per_address,
        "max_tables_per_connection": args.max_tables_per_connection,
        "max_tables_per_address": args.max_tables_per_address,
        "caps_exempt_loopback": not args.caps_count_loopback,
        "max_name_length": args.max_name_length,
        "max_chat_length": args.max_chat_length,
    }
