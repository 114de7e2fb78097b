"""``seasalt-client --discover [--timeout S]``: the servers announced on this network."""

from __future__ import annotations

import argparse
import sys

from seasalt.client.net.discovery import DEFAULT_DISCOVER_TIMEOUT, Feed, browse, discover
from seasalt.client.words.discovery import describe
from seasalt.client.words.i18n import _, ngettext


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


def run_discover(timeout: float, feed: Feed = browse) -> int:
    """``seasalt-client --discover``: print what is found; 0 when something was, else 1."""
    result = discover(timeout, feed)
    if result.unavailable is not None:
        print(
            "seasalt-client: " + _("cannot look for servers on this network: {reason}").format(
                reason=result.unavailable),
            file=sys.stderr,
        )
        return 1
    if not result.servers:
        print(_("no seasalt server found on this network within {seconds} s (is one running, "
                "without --no-announce? else type its address: seasalt-client HOST:PORT)"
                ).format(seconds=f"{timeout:g}"))
        return 1
    count = len(result.servers)
    print(ngettext("found {n} seasalt server on this network:",
                   "found {n} seasalt servers on this network:", count).format(n=count))
    for server in result.servers:
        for line in describe(server):
            print(f"  {line}")
    if any(s.server_key is not None for s in result.servers):
        print("  " + _("(a key heard on the network proves nothing: check it against the one "
                       "on the host's screen)"))
    return 0
