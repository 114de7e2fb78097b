"""``seasalt-server games ...``: list, archive, delete, export and review journalled games.

- ``list`` and ``export`` only read: they work while a server runs on the same database.
- ``review`` reads the game, and adds the review to the journal's ``reviews`` (a table the
  server never writes) in a short transaction of its own: it works while a server runs too.
- ``archive`` and ``delete`` change the journal, so they take the server's database lock (stop
  the server first). They touch unfinished games only: finished games are the history.
  An archived game stays in the journal but is never revived at start.

Exit codes (server/options.py): 0 done, 1 no such game (or not allowed for it), 2 bad command
line, 4 database locked or unusable.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import sqlite3
import sys
import time
from collections.abc import Callable

from seasalt.engine import ENGINE_VERSION
from seasalt.protocol import replay_to_file_data

from .finished import load_replay, load_stand_in_moves
from .journal import Journal
from .journal_file import JournalError
from .options import (
    EXIT_DATABASE,
    EXIT_NOT_FOUND,
    EXIT_OK,
    EXIT_USAGE,
    Parser,
    default_db,
    error,
    game_id,
)

_AGE = re.compile(r"(\d+(?:\.\d+)?)([smhdw]?)")
_UNITS = {"": 1.0, "s": 1.0, "m": 60.0, "h": 3600.0, "d": 86400.0, "w": 604800.0}


def parse_age(text: str) -> float:
    """``90`` or ``90s``, ``30m``, ``12h``, ``7d``, ``2w`` as seconds (argparse type)."""
    match = _AGE.fullmatch(text.strip().lower())
    if match is None:
        raise argparse.ArgumentTypeError(
            f"not an age: {text!r} (write e.g. 3600, 30m, 12h, 7d or 2w)"
        )
    return float(match.group(1)) * _UNITS[match.group(2)]


def format_age(seconds: float) -> str:
    """``seconds`` as ``parse_age`` reads it, in the largest whole unit up to days (a week
    reads better as ``7d``): ``7d`` for 604800, ``2m`` for 120, ``90s`` for 90."""
    for unit in ("d", "h", "m"):
        if seconds and seconds % _UNITS[unit] == 0:
            return f"{seconds / _UNITS[unit]:g}{unit}"
    return f"{seconds:g}s"


def open_read_only(path: str) -> sqlite3.Connection:
    """The journal for reading, without the lock (a running server may hold it)."""
    if not os.path.isfile(path):
        raise JournalError(f"there is no journal at {path} (give its path with --db)")
    try:
        db = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
        db.execute("SELECT id, started_at, target, extra_pepper FROM games LIMIT 1").fetchall()
    except sqlite3.Error as exc:
        raise JournalError(
            f"cannot read the journal {path}: {exc} (a journal written before this version "
            "of seasalt is upgraded when a server opens it)"
        ) from None
    return db


def _when(stamp: float | None) -> str:
    if not stamp:
        return "-"
    return time.strftime("%Y-%m-%d %H:%M", time.localtime(stamp))


def _state(finished: int, scores: str | None, archived: int) -> str:
    if finished:
        return "finished" if scores else "abandoned"
    return "archived" if archived else "unfinished"


def list_games(db: sqlite3.Connection, show_all: bool, out: list[str]) -> None:
    where = "" if show_all else "WHERE finished=0"
    rows = db.execute(
        "SELECT g.id, g.table_name, g.finished, g.final_scores, g.archived, g.started_at,"
        " COALESCE(g.updated_at, g.started_at), g.engine_version,"
        " (SELECT COUNT(*) FROM actions a WHERE a.game_id=g.id),"
        " (SELECT GROUP_CONCAT(COALESCE(s.name, '-'), ', ') FROM seats s WHERE s.game_id=g.id)"
        f" FROM games g {where} ORDER BY g.id"
    ).fetchall()
    if not rows:
        out.append("no games" if show_all else "no unfinished games (--all lists every game)")
        return
    out.append(
        f"{'ID':>5}  {'STATE':<10}  {'TABLE':<16}  {'MOVES':>5}  {'STARTED':<16}  "
        f"{'LAST PLAYED':<16}  ENGINE  PLAYERS"
    )
    for gid, table, fin, scores, archived, started, last, version, moves, names in rows:
        out.append(
            f"{gid:>5}  {_state(fin, scores, archived):<10}  {table[:16]:<16}  {moves:>5}  "
            f"{_when(started):<16}  {_when(last):<16}  {version:<6}  {names or '-'}"
        )


def _targets(journal: Journal, ids: list[int], older_than: float | None) -> list[int]:
    """The unfinished games named, or all last played longer ago than ``older_than``."""
    db = journal.connection
    if older_than is not None:
        cutoff = journal.wall_clock() - older_than
        return [
            gid
            for (gid,) in db.execute(
                "SELECT id FROM games WHERE finished=0"
                " AND COALESCE(updated_at, started_at, 0) < ? ORDER BY id",
                (cutoff,),
            )
        ]
    return ids


def change_games(
    journal: Journal, verb: str, ids: list[int], older_than: float | None, out: list[str]
) -> int:
    """Archive or delete unfinished games; returns the exit code."""
    db = journal.connection
    code = 0
    targets = _targets(journal, ids, older_than)
    if not targets:
        out.append(f"nothing to {verb}")
    for gid in targets:
        row = db.execute("SELECT finished FROM games WHERE id=?", (gid,)).fetchone()
        if row is None:
            out.append(f"no game {gid}")
            code = EXIT_NOT_FOUND
            continue
        if row[0]:
            out.append(f"game {gid} is finished: it is history, not {verb}d")
            code = EXIT_NOT_FOUND
            continue
        db.execute("BEGIN")
        if verb == "archive":
            db.execute("UPDATE games SET archived=1 WHERE id=?", (gid,))
        else:
            for table in ("actions", "rounds", "seats", "takeover_actions", "reading_over"):
                db.execute(f"DELETE FROM {table} WHERE game_id=?", (gid,))
            db.execute("DELETE FROM games WHERE id=?", (gid,))
        db.execute("COMMIT")
        out.append(f"game {gid} {verb}d")
    return code


def export_game(db: sqlite3.Connection, game_id: int, path: str, out: list[str]) -> int:
    replay = load_replay(db, game_id)
    if replay is None:
        out.append(f"no finished game {game_id} (seasalt-server games list --all)")
        return EXIT_NOT_FOUND
    stand_ins = load_stand_in_moves(db, game_id)
    data = json.dumps(replay_to_file_data(replay, stand_ins), indent=1)
    with open(path, "w", encoding="utf-8") as f:
        f.write(data + "\n")
    out.append(f"game {game_id} ({len(replay.actions)} moves) written to {path}")
    return 0


def review_game_text(
    db: sqlite3.Connection, path: str, game_id: int, budget: int | None, seed: int,
    out: list[str],
) -> int:
    """``games review ID``: the expert's review of a finished game as text, from the journal
    when it was kept there, else reviewed now and kept (server/review_store.py)."""
    from seasalt.bots.review import review_game
    from seasalt.bots.review_text import review_text, seat_names, terminal_progress

    from .review_store import keep_review, kept_review

    replay = load_replay(db, game_id)
    if replay is None:
        out.append(f"no finished game {game_id} (seasalt-server games list --all)")
        return EXIT_NOT_FOUND
    if replay.engine_version != ENGINE_VERSION:
        out.append(f"game {game_id} was played by game engine version "
                   f"{replay.engine_version!r}; this seasalt has {ENGINE_VERSION!r}: the same "
                   "moves could make another game, so it cannot be reviewed here")
        return EXIT_NOT_FOUND
    review = kept_review(db, game_id, budget, seed)
    if review is None:
        skip = tuple(m.action - 1 for m in load_stand_in_moves(db, game_id))
        review = review_game(replay.rules, replay.seed, replay.actions, budget=budget,
                             review_seed=seed, skip=skip, progress=terminal_progress())
        try:
            keep_review(path, game_id, review)
            note = "(kept in the journal: the next look is instant)"
        except sqlite3.Error as exc:
            note = f"(not kept in the journal: {exc})"
    else:
        note = "(from the journal)"
    scores = " - ".join(str(s) for s in replay.summary.scores)
    names = seat_names(replay.rules.players,
                       [(p.seat, p.kind, p.name) for p in replay.summary.players])
    title = f"game {game_id} at table {replay.summary.table!r} (final scores {scores})"
    out.append(review_text(replay.rules, replay.seed, replay.actions, review, names=names,
                           title=title).rstrip("\n"))
    out.append(note)
    return EXIT_OK


def add_games_commands(sub: argparse._SubParsersAction[Parser]) -> None:
    """``seasalt-server games list|archive|delete|export`` (server/cli.py's command tree)."""
    default = "server.sqlite3 in the user data dir"
    games = sub.add_parser(
        "games", help="list, archive, delete, export or review the games in a journal",
        description="List, archive, delete or export the games in a server's journal. "
        "list and export only read (a server may be running); archive and delete change "
        "unfinished games only, and need the server stopped.",
    )
    games.add_argument("--db", default=None, metavar="PATH", help=f"journal (default: {default})")
    verbs = games.add_subparsers(dest="verb", required=True, metavar="COMMAND")
    ls = verbs.add_parser("list", help="unfinished and archived games (--all: every game)",
                          description="List the unfinished and archived games (--all: every "
                          "game) with their IDs, state, moves, dates and players.")
    ls.add_argument("--all", action="store_true", help="finished games too")
    for verb, what in (("archive", "keep but never revive"), ("delete", "remove for good")):
        cmd = verbs.add_parser(
            verb, help=f"unfinished games: {what} (stop the server first)",
            description=f"Unfinished games: {what}. Name their IDs, or give --older-than. "
            "Takes the journal's lock: stop the server first.",
        )
        cmd.add_argument("ids", nargs="*", type=game_id, metavar="ID")
        cmd.add_argument(
            "--older-than", type=parse_age, metavar="AGE",
            help="every unfinished game last played longer ago than AGE (e.g. 7d); not with IDs",
        )
        cmd.set_defaults(check=_ids_or_age(cmd))
    ex = verbs.add_parser("export", help="write a finished game's replay to FILE",
                          description="Write a finished game's replay file (seasalt-client "
                          "--replay FILE watches it).")
    ex.add_argument("id", type=game_id, metavar="ID")
    ex.add_argument("file", metavar="FILE")
    rv = verbs.add_parser(
        "review", help="the expert's review of a finished game, as text",
        description="The expert's review of a finished game: each player's decisions weighed "
        "from that player's own view at the time, the costliest first, and a summary. The "
        "review is kept in the journal: a second look is instant. Only reads the games (a "
        "server may be running).",
    )
    rv.add_argument("id", type=game_id, metavar="ID")
    rv.add_argument("--budget", type=_budget, default=None, metavar="N",
                    help="playouts per decision (default: the coach's, by player count)")
    rv.add_argument("--seed", type=int, default=0, metavar="SEED",
                    help="seeds the playouts (the same seed and budget, the same figures)")
    for cmd in verbs.choices.values():  # --db after the verb works too
        cmd.add_argument("--db", default=argparse.SUPPRESS, metavar="PATH",
                         help=f"journal (default: {default})")


def _budget(text: str) -> int:
    from seasalt.bots.review import budget_argument  # (the review's modules load when asked)

    try:
        return budget_argument(text)
    except ValueError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None


def _ids_or_age(parser: argparse.ArgumentParser) -> Callable[[argparse.Namespace], None]:
    """The check after parsing (server/cli.py runs it): IDs and ``--older-than`` are two ways
    to pick games, and together they would ignore the IDs (every old game, named or not)."""

    def check(args: argparse.Namespace) -> None:
        if args.ids and args.older_than is not None:
            parser.error("game IDs and --older-than cannot be combined: give one or the other")

    return check


def run_games(args: argparse.Namespace) -> int:
    """Run a parsed ``games`` command; returns the exit code (server/options.py)."""
    path = args.db or default_db()
    out: list[str] = []
    try:
        if args.verb in ("archive", "delete"):
            if not args.ids and args.older_than is None:
                print(error(f"games {args.verb}: name game IDs or give --older-than AGE"),
                      file=sys.stderr)
                return EXIT_USAGE
            if not os.path.isfile(path):
                raise JournalError(f"there is no journal at {path} (give its path with --db)")
            journal = Journal(path)
            try:
                code = change_games(journal, args.verb, args.ids, args.older_than, out)
            finally:
                journal.close()
        else:
            db = open_read_only(path)
            try:
                if args.verb == "list":
                    list_games(db, args.all, out)
                    code = EXIT_OK
                elif args.verb == "review":
                    code = review_game_text(db, path, args.id, args.budget, args.seed, out)
                else:
                    code = export_game(db, args.id, args.file, out)
            finally:
                db.close()
    except JournalError as exc:
        print(error(str(exc)), file=sys.stderr)
        return EXIT_DATABASE
    except OSError as exc:
        print(error(str(exc)), file=sys.stderr)
        return EXIT_NOT_FOUND
    print("\n".join(out), file=sys.stdout if code == EXIT_OK else sys.stderr)
    return code
