"""The expert's reviews kept in the journal (``reviews``: one row per game, budget and seed), so
that a second look at a game's review is instant (``seasalt-server games review ID``).

A review is stored as JSON (readable with any SQLite tool): its decisions' actions in their wire
form, their figures, and the coach's facts about the two choices. The table is in the journal's
schema (server/journal_schema.py); :func:`keep_review` also creates it in a journal a server
of this version has not opened yet. A row is only ever added (never changed): a review depends
on nothing but the game's actions, the engine version, the budget and the seed.
"""

from __future__ import annotations

import json
import sqlite3
from typing import Any, cast

from seasalt.bots.coach import Facts, Option
from seasalt.bots.review import Decision, PlayerReview, Review
from seasalt.engine import ENGINE_VERSION
from seasalt.protocol.codec_decode import from_wire
from seasalt.protocol.codec_encode import to_wire
from seasalt.protocol.game_data import action_from_wire, action_to_wire
from seasalt.protocol.history import json_form

from .journal_schema import REVIEWS_TABLE  # (budget 0: bots/review.py's REVIEW_BUDGET)

REVIEW_FORMAT = 1
"""Bumped when the stored form changes: an older row is then reviewed again, not misread."""

BUSY_TIMEOUT = 10.0
"""Seconds to wait for a running server's commit before storing a review."""


def _option(o: Option) -> dict[str, Any]:
    return {
        "action": json_form(action_to_wire(o.action)), "lead_gain": o.lead_gain,
        "win_chance": o.win_chance, "reward": o.reward, "playouts": o.playouts,
        "facts": json_form(to_wire(o.facts, Facts)), "as_likely_to_win": o.as_likely_to_win,
    }



def _option_back(d: dict[str, Any]) -> Option:
    return Option(
        action_from_wire(d["action"]), lead_gain=float(d["lead_gain"]),
        win_chance=float(d["win_chance"]), reward=float(d["reward"]),
        playouts=int(d["playouts"]), facts=cast(Facts, from_wire(d["facts"], Facts, "facts")),
        as_likely_to_win=bool(d["as_likely_to_win"]),
    )


def review_to_data(review: Review) -> dict[str, Any]:
    return {
        "format": REVIEW_FORMAT,
        "budget": review.budget,
        "seed": review.seed,
        "players": [
            {"seat": p.seat, "decisions": [
                {"index": d.index, "seat": d.seat, "round": d.round, "turn": d.turn,
                 "choice": json_form(action_to_wire(d.choice)),
                 "expert": json_form(action_to_wire(d.expert)),
                 "lead_lost": d.lead_lost, "win_lost": d.win_lost,
                 "choice_option": _option(d.choice_option),
                 "expert_option": _option(d.expert_option),
                 "options": d.options, "call": d.call}
                for d in p.decisions]}
            for p in review.players
        ],
    }


def review_from_data(data: dict[str, Any]) -> Review:
    """Raises KeyError, ValueError or TypeError (or a DecodeError) on a damaged row."""
    if data.get("format") != REVIEW_FORMAT:
        raise ValueError(f"review format {data.get('format')!r}")
    return Review(
        budget=data["budget"],
        seed=int(data["seed"]),
        players=tuple(
            PlayerReview(int(p["seat"]), tuple(
                Decision(
                    index=int(d["index"]), seat=int(d["seat"]), round=int(d["round"]),
                    turn=int(d["turn"]), choice=action_from_wire(d["choice"]),
                    expert=action_from_wire(d["expert"]), lead_lost=float(d["lead_lost"]),
                    win_lost=float(d["win_lost"]),
                    choice_option=_option_back(d["choice_option"]),
                    expert_option=_option_back(d["expert_option"]),
                    options=int(d["options"]), call=bool(d["call"]),
                )
                for d in p["decisions"]))
            for p in data["players"]
        ),
    )


def _key(game_id: int, budget: int | None, seed: int) -> tuple[int, int, int, str]:
    return game_id, budget or 0, seed, ENGINE_VERSION


def kept_review(
    db: sqlite3.Connection, game_id: int, budget: int | None, seed: int
) -> Review | None:
    """The review kept for this game, budget and seed (None: none yet, an older journal
    without the table, or a row this version cannot read: it is reviewed again)."""
    try:
        row = db.execute(
            "SELECT review FROM reviews WHERE game_id=? AND budget=? AND seed=?"
            " AND engine_version=?", _key(game_id, budget, seed),
        ).fetchone()
    except sqlite3.OperationalError:  # no reviews table yet
        return None
    if row is None:
        return None
    try:
        return review_from_data(json.loads(row[0]))
    except Exception:  # a damaged or older row: review the game again
        return None


def keep_review(path: str, game_id: int, review: Review) -> None:
    """Add ``review`` to the journal at ``path`` (a short transaction of its own: a running
    server's journal is shared by SQLite's locking, and the server never writes this table).

    Raises:
        sqlite3.Error: the journal cannot be written (read-only, locked too long).
    """
    db = sqlite3.connect(path, timeout=BUSY_TIMEOUT, isolation_level=None)
    try:
        db.executescript(REVIEWS_TABLE)
        db.execute(
            "INSERT OR REPLACE INTO reviews VALUES (?, ?, ?, ?, ?)",
            (*_key(game_id, review.budget, review.seed),
             json.dumps(review_to_data(review), separators=(",", ":"))),
        )
    finally:
        db.close()


__all__ = ["REVIEWS_TABLE", "keep_review", "kept_review", "review_from_data", "review_to_data"]
