"""``seasalt-client``: the headless player with ``--bot``, else the Textual app.

The Textual app is imported only when no ``--bot`` is given, so headless players start (and
run on machines) without Textual.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable, Sequence
from pathlib import Path

from seasalt.bots import LEVELS
from seasalt.client.log_and_replay import run_replay, run_review, setup_log_file
from seasalt.client.net.address import parse_address
from seasalt.common.collector import pace_collector
from seasalt.protocol import (
    MAX_NAME_LENGTH,
    MAX_PLAYERS,
    MAX_TABLE_NAME_LENGTH,
    MAX_TARGET,
    MIN_PLAYERS,
    MIN_TARGET,
    PROTOCOL_VERSION,
)

from .discovery_cli import add_discover_options, discover_command

EXIT_USAGE = 2
EXIT_NO_TUI = 5
LESSON_NAMES = ("base", "extra-salt", "extra-pepper")
"""The lessons ``--learn`` starts (client/lessons ``LESSONS``; a test keeps them the same)."""

_EPILOG = """\
examples:
  seasalt-client 192.168.1.20                 join a LAN game (the Textual app)
  seasalt-client --solo --opponents 2         play against bots at once
  seasalt-client --solo --bot-delay 2         ... with bots that take 2 s a move
  seasalt-client --solo --extra-pepper        ... with the Extra Pepper event cards
  seasalt-client --learn                      learn to play: a guided game against one bot
  seasalt-client --learn extra-salt           ... Extra Salt's cards (or extra-pepper: events)
  seasalt-client localhost --bot random --table t1 --players 3
                                              a headless player (no TUI)
  seasalt-client localhost --bot greedy --table p --extra-pepper --target 20
                                              ... at an Extra Pepper table, to 20 points

headless exit codes: 0 game played to the end, 1 server lost or session taken over,
2 bad command line, 3 no server answered within --connect-timeout,
4 the table does not fit (other seats or options, full, or already running).
"""


def _positive_float(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a number: {text!r}") from None
    if value < 0 or value != value or value == float("inf"):
        raise argparse.ArgumentTypeError(f"must be a finite number >= 0: {text!r}")
    return value


MAX_BOT_DELAY = 10.0
"""Seconds: a slower bot is no longer a pace but a stall."""


def _bot_delay(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a number of seconds: {text!r}") from None
    if not 0 <= value <= MAX_BOT_DELAY:  # NaN fails both comparisons
        raise argparse.ArgumentTypeError(
            f"must be 0 to {MAX_BOT_DELAY:g} seconds, not {text!r}")
    return value


def _budget(text: str) -> int:
    from seasalt.bots.review import budget_argument  # (the review's modules load when asked)

    try:
        return budget_argument(text)
    except ValueError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None


def _players(text: str) -> int:
    if not text.isdigit() or not MIN_PLAYERS <= int(text) <= MAX_PLAYERS:
        raise argparse.ArgumentTypeError(f"must be {MIN_PLAYERS}-{MAX_PLAYERS}, not {text!r}")
    return int(text)


def _target(text: str) -> int:
    if not text.isdigit() or not MIN_TARGET <= int(text) <= MAX_TARGET:
        raise argparse.ArgumentTypeError(f"must be {MIN_TARGET}-{MAX_TARGET} points, not {text!r}")
    return int(text)


def _text(limit: int) -> Callable[[str], str]:
    def check(text: str) -> str:
        if not text.strip() or len(text) > limit or not text.isprintable():
            raise argparse.ArgumentTypeError(f"must be 1-{limit} printable characters")
        return text

    return check


def _language(text: str) -> str:
    from seasalt.client.words.i18n import LANGUAGES, normalise

    code = normalise(text)
    if code is None:
        raise argparse.ArgumentTypeError(
            f"no {text!r} translation: choose one of {', '.join(LANGUAGES)}"
        )
    return code


class _Version(argparse.Action):
    """``--version``, its text made only when asked: reading the package's metadata
    (importlib.metadata) took tens of milliseconds of every start of the app."""

    def __init__(self, option_strings: Sequence[str], dest: str = argparse.SUPPRESS) -> None:
        super().__init__(option_strings, dest, default=argparse.SUPPRESS, nargs=0,
                         help="show program's version number and exit")

    def __call__(self, parser: argparse.ArgumentParser, namespace: argparse.Namespace,
                 values: object, option_string: str | None = None) -> None:
        from seasalt.engine.version import version_text

        print(version_text(PROTOCOL_VERSION))
        parser.exit()


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="seasalt-client",
        description="Sea Salt & Paper over a LAN: the player's app, or a headless bot player.",
        epilog=_EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("address", nargs="?", help="server HOST[:PORT] (IPv6: [::1]:7327)")
    parser.add_argument("--name", type=_text(MAX_NAME_LENGTH), help="player name")
    parser.add_argument("--bot", metavar="LEVEL", help="play headless with this bot level")
    parser.add_argument(
        "--table", type=_text(MAX_TABLE_NAME_LENGTH), default="lan",
        help="headless: table to join or create (default: lan)",
    )
    parser.add_argument(
        "--players", type=_players, default=2,
        help="headless: seats at the table, all human (default: 2)",
    )
    parser.add_argument("--extra-salt", action="store_true", help="with the Extra Salt cards")
    parser.add_argument(
        "--double-target", action="store_true", help="play to 80/70/60 instead of 40/35/30"
    )
    parser.add_argument(
        "--extra-pepper", action="store_true",
        help="headless and solo: with the Extra Pepper event cards (a table option)",
    )
    parser.add_argument(
        "--target", type=_target, default=0, metavar="POINTS",
        help=f"headless and solo: play to this many points, {MIN_TARGET}-{MAX_TARGET} "
        "(default: the standard 40/35/30)",
    )
    parser.add_argument(
        "--delay", type=_positive_float, default=0.0, help="headless: seconds before each move"
    )
    parser.add_argument("--seed", type=int, help="headless: seed of this player's bot")
    parser.add_argument(
        "--connect-timeout", type=_positive_float, default=10.0,
        help="headless: give up when no server answers within this many seconds (default: 10)",
    )
    parser.add_argument(
        "--token-file", type=Path,
        help="headless: keep the session token in this file to resume after a restart",
    )
    parser.add_argument(
        "--server-key", metavar="KEY",
        help="connect encrypted (CurveZMQ) to a server started with --secure: the public key "
        "it printed",
    )
    parser.add_argument("--solo", action="store_true", help="play against bots at once")
    parser.add_argument(
        "--learn", nargs="?", const="base", choices=LESSON_NAMES, metavar="LESSON",
        help="learn to play: a short guided game against one bot; LESSON is base (the "
        "default), extra-salt or extra-pepper",
    )
    parser.add_argument(
        "--opponents", type=int, choices=range(1, MAX_PLAYERS), default=2, metavar="N",
        help=f"solo: bot opponents, 1-{MAX_PLAYERS - 1} (default: 2)",
    )
    parser.add_argument(
        "--level", choices=LEVELS, default="greedy",
        help=f"solo: bot level, one of {', '.join(LEVELS)} (default: greedy)",
    )
    parser.add_argument(
        "--bot-delay", type=_bot_delay, metavar="S",
        help=f"solo (and a game hosted from the start menu): seconds each bot waits before a "
        f"move, 0-{MAX_BOT_DELAY:g} (default: the server's own pace), so you can follow their "
        "moves",
    )
    parser.add_argument(
        "--lang", type=_language, metavar="LANG",
        help="language of the app: en, pt, es or fr (default: from LANGUAGE, LC_ALL, "
        "LC_MESSAGES or LANG; else en)",
    )
    parser.add_argument(
        "--replay", type=Path, metavar="FILE",
        help="watch a replay file (from the history screen or 'seasalt-server games export')",
    )
    parser.add_argument(
        "--review", type=Path, metavar="FILE",
        help="the expert's review of a replay file's game: each player's decisions weighed "
        "from that player's own view (--text: printed as plain text)",
    )
    parser.add_argument(
        "--text", action="store_true", help="with --review: plain text on standard output"
    )
    parser.add_argument(
        "--budget", type=_budget, metavar="N",
        help="with --review: playouts per decision (default: the coach's, by player count)",
    )
    parser.add_argument(
        "--review-seed", type=int, default=0, metavar="SEED",
        help="with --review: seeds the playouts (the same seed and budget, the same figures)",
    )
    add_discover_options(parser)
    parser.add_argument(
        "--guest", action="store_true",
        help="the browser client that seasalt-server --web runs for each tab: plays on ADDRESS "
        "only (no start menu, no hosting), files go to the browser",
    )
    parser.add_argument(
        "--web-url", action="append", default=[], metavar="URL",
        help="with --guest: an address friends open in a browser (the lobby shows it)",
    )
    parser.add_argument("--version", action=_Version)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    pace_collector()
    if args.discover:
        return discover_command(args)
    if args.review is not None:
        from seasalt.client.words.i18n import resolve, set_language

        set_language(resolve(args.lang))
        return run_review(args.review, args.budget, args.review_seed, args.text)
    if args.text or args.budget is not None:
        parser.error("--text and --budget go with --review FILE")
    if args.replay is not None:
        from seasalt.client.words.i18n import resolve, set_language

        set_language(resolve(args.lang))  # the replay app is alone in its process
        return run_replay(args.replay)
    if args.address is not None:
        try:
            parse_address(args.address)
        except ValueError as e:
            parser.error(str(e))
    if args.server_key is not None:
        from seasalt.client.net.security import parse_server_key

        try:
            parse_server_key(args.server_key)
        except ValueError as e:
            parser.error(str(e))
    if args.bot_delay is not None and (args.bot is not None or args.address is not None):
        parser.error("--bot-delay paces the bots of a server this app starts: use it with "
                     "--solo (or the start menu), not with a server address or --bot")
    if args.learn is not None and (args.address is not None or args.solo or args.guest
                                   or args.bot is not None):
        parser.error("--learn plays a lesson on its own: no server address, --solo, --guest "
                     "or --bot with it")
    if args.guest and (args.address is None or args.solo or args.bot is not None):
        parser.error("--guest needs a server address and plays it only (no --solo, no --bot)")
    _check_table_options(parser, args)
    if args.bot is not None:
        return _headless(parser, args)
    setup_log_file()  # the terminal belongs to the app: warnings go to the log file
    return _tui(args)


def _check_table_options(parser: argparse.ArgumentParser, args: argparse.Namespace) -> None:
    """The table options this command line sets only where it makes a table: headless (which
    creates or joins one) and solo. Joining from the lobby, the new-table dialog sets them."""
    asked = [flag for flag, on in (("--extra-pepper", args.extra_pepper),
                                   ("--target", args.target != 0)) if on]
    if asked and args.bot is None and not args.solo:
        parser.error(f"{' and '.join(asked)}: table options, for --bot (headless) or --solo; "
                     "in the lobby, choose them when you create a table")
    if args.target and args.double_target:
        parser.error("--target and --double-target exclude each other (double target doubles "
                     "the standard)")


def _headless(parser: argparse.ArgumentParser, args: argparse.Namespace) -> int:
    from .headless import HeadlessOptions, run

    if args.address is None:
        parser.error("--bot needs a server address: seasalt-client HOST[:PORT] --bot LEVEL")
    if args.bot not in LEVELS:
        parser.error(f"unknown bot level {args.bot!r}; levels are: {', '.join(LEVELS)}")
    options = HeadlessOptions(
        address=args.address,
        level=args.bot,
        name=args.name,
        table=args.table,
        players=args.players,
        extra_salt=args.extra_salt,
        double_target=args.double_target,
        extra_pepper=args.extra_pepper,
        target=args.target,
        delay=args.delay,
        seed=args.seed,
        connect_timeout=args.connect_timeout,
        token_file=args.token_file,
        server_key=args.server_key,
    )
    return run(options)


def _tui(args: argparse.Namespace) -> int:
    try:
        from seasalt.client.tui.app import run_app
    except ImportError as e:
        print(
            f"seasalt-client: the terminal app is not available ({e}).\n"
            "Install seasalt with its Textual dependency, or play headless with --bot LEVEL.",
            file=sys.stderr,
        )
        return EXIT_NO_TUI
    return run_app(
        address=args.address,
        name=args.name,
        solo=args.solo,
        opponents=args.opponents,
        level=args.level,
        extra_salt=args.extra_salt,
        double_target=args.double_target,
        extra_pepper=args.extra_pepper,
        target=args.target,
        lang=args.lang,
        server_key=args.server_key,
        bot_delay=args.bot_delay,
        guest=args.guest,
        web_urls=tuple(args.web_url),
        learn=args.learn,
    )


if __name__ == "__main__":
    sys.exit(main())
