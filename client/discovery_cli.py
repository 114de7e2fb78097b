"""``seasalt-client --discover [--timeout S]``: the servers announced on this network."""

from __future__ import annotations

import argparse

from seasalt.client.net.discovery import DEFAULT_DISCOVER_TIMEOUT, run_discover


def _timeout(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a number: {text!r}") from None
    if not 0 < value <= 60:
        raise argparse.ArgumentTypeError(f"must be more than 0 and at most 60, not {text!r}")
    return value


def add_discover_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--discover", action="store_true",
        help="list the seasalt servers announced on this network (mDNS) and exit: 0 when one "
        "is found, 1 when none is",
    )
    parser.add_argument(
        "--timeout", type=_timeout, default=DEFAULT_DISCOVER_TIMEOUT, metavar="S",
        help=f"--discover: seconds to listen (default {DEFAULT_DISCOVER_TIMEOUT:g})",
    )


def discover_command(args: argparse.Namespace) -> int:
    from seasalt.client.words.i18n import resolve, set_language

    set_language(resolve(args.lang))  # it prints in the language the app would speak
    return run_discover(args.timeout)
