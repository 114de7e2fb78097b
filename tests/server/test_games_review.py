"""``seasalt-server games review ID``: the expert's review of a journalled game, kept in the
journal so that a second look is instant (server/review_store.py)."""

from __future__ import annotations

import json
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest
from seasalt.bots.review import play_game, review_game
from seasalt.engine import Rules
from seasalt.server.journal import Journal
from seasalt.server.review_store import (
    REVIEWS_TABLE,
    keep_review,
    kept_review,
    review_from_data,
    review_to_data,
)
from seasalt.testing.server import journal_game

pytestmark = pytest.mark.timeout(90)

BIN = Path(sys.executable).parent
SEED = 5
RULES = Rules(players=2, target=12)
"""A short game (a round or two): the review runs twice."""


def _journal_game(db: str) -> tuple[int, tuple]:  # type: ignore[type-arg]
    """A whole seeded greedy-against-random game, journalled as server/game.py commits it."""
    actions = play_game(RULES, SEED, ["greedy", "random"])
    gid, _state = journal_game(db, RULES, SEED, actions, ("bot:greedy", "bot:random"))
    return gid, actions


def _run(*argv: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([str(BIN / "seasalt-server"), *argv], capture_output=True, text=True,
                          timeout=80)


def test_games_review_as_a_process_and_a_second_look_from_the_journal(tmp_path: Path) -> None:
    db = str(tmp_path / "j.sqlite3")
    gid, _actions = _journal_game(db)
    first = _run("games", "review", str(gid), "--db", db, "--budget", "1")
    assert first.returncode == 0, first.stderr
    text, note = first.stdout.rstrip("\n").rsplit("\n", 1)
    assert note == "(kept in the journal: the next look is instant)"
    assert f"Expert review of game {gid} at table 't'" in text
    assert "1 playouts per decision" in text and text.count("  decisions: ") == 2
    assert "STOP / LAST CHANCE decisions" in text
    again = _run("games", "review", str(gid), "--budget", "1", "--db", db)
    assert again.returncode == 0, again.stderr
    text_again, note_again = again.stdout.rstrip("\n").rsplit("\n", 1)
    assert (text_again, note_again) == (text, "(from the journal)")
    missing = _run("games", "review", "999", "--db", db, "--budget", "1")
    assert missing.returncode == 1 and "no finished game 999" in missing.stderr


def test_a_kept_review_reads_back_the_same_and_per_budget_and_seed(tmp_path: Path) -> None:
    db = str(tmp_path / "j.sqlite3")
    gid, actions = _journal_game(db)
    review = review_game(RULES, SEED, actions, budget=1, review_seed=3)
    assert review_from_data(review_to_data(review)) == review
    keep_review(db, gid, review)
    con = sqlite3.connect(db)
    try:
        assert kept_review(con, gid, 1, 3) == review
        assert kept_review(con, gid, 1, 4) is None  # another seed: another review
        assert kept_review(con, gid, None, 3) is None  # the default budget: another one too
        assert kept_review(con, gid + 1, 1, 3) is None
    finally:
        con.close()


def test_the_journal_schema_has_the_reviews_table_as_the_store_writes_it(tmp_path: Path) -> None:
    db = str(tmp_path / "j.sqlite3")
    Journal(db).close()
    con = sqlite3.connect(db)
    try:
        (sql,) = con.execute("SELECT sql FROM sqlite_master WHERE name='reviews'").fetchone()
    finally:
        con.close()
    assert " ".join(sql.split()) == " ".join(
        REVIEWS_TABLE.strip().rstrip(";").replace(" IF NOT EXISTS", "").split())


def test_the_journal_stores_decisions_as_the_clients_kept_reviews_do() -> None:
    """One form: the journal's decisions (server/review_store.py) are the data the client's
    kept review files hold (client/files/reviews.py), and read back to the same decisions. The
    two stores each write it (the client may not import the server, and the shared layer
    imports no bots: ../shared/DESIGN.md's import table), so this test holds them together."""
    from seasalt.client.files.reviews import decision_from_data, decision_to_data

    actions = play_game(RULES, SEED, ["greedy", "random"])
    review = review_game(RULES, SEED, actions, budget=1, review_seed=3)
    stored = json.loads(json.dumps(review_to_data(review)))
    decisions = [d for p in review.players for d in p.decisions]
    assert [decision_from_data(d) for p in stored["players"] for d in p["decisions"]] == decisions
    assert [d for p in stored["players"] for d in p["decisions"]] == [
        json.loads(json.dumps(decision_to_data(d))) for d in decisions]
