"""The SQLite journal: what it keeps, in order, atomically, and one server per database."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest
from seasalt.server.journal import Journal
from seasalt.server.journal_file import JournalError


def _game(journal: Journal, name: str = "t") -> int:
    return journal.create_game(name, 1, 2, False, True, ("human", "bot:random"), 99, 0, "1")


def test_a_game_reads_back_with_seats_and_actions_in_order(tmp_path: Path) -> None:
    journal = Journal(str(tmp_path / "j.db"))
    gid = _game(journal)
    journal.set_seat(gid, 0, "Ann", "hash-a")
    for idx in range(1, 6):
        journal.append_action(gid, idx, bytes([idx]))
    journal.close()
    journal = Journal(str(tmp_path / "j.db"))
    (record,) = journal.unfinished_games()
    assert record.table_name == "t" and record.seed == 99 and record.double_target
    assert record.seat_kinds == ("human", "bot:random")
    assert [(s.seat, s.name, s.token_hash) for s in record.seats] == [(0, "Ann", "hash-a")]
    assert record.actions == tuple(bytes([i]) for i in range(1, 6))
    journal.close()


def test_the_final_action_closes_the_game_with_its_round_result(tmp_path: Path) -> None:
    journal = Journal(str(tmp_path / "j.db"))
    gid = _game(journal)
    journal.append_action(gid, 1, b"a", round_result=(1, b"result"), final_scores=(41, 12))
    assert journal.unfinished_games() == []
    assert journal.round_results(gid) == [(1, b"result")]
    assert journal.games_of("t") == [(gid, 1, True, (41, 12))]
    journal.close()


def test_a_failed_append_leaves_nothing_half_written(tmp_path: Path) -> None:
    journal = Journal(str(tmp_path / "j.db"))
    gid = _game(journal)
    journal.append_action(gid, 1, b"a")
    with pytest.raises(sqlite3.IntegrityError):  # action 1 again: the whole append rolls back
        journal.append_action(gid, 1, b"b", round_result=(1, b"r"), final_scores=(1, 2))
    assert journal.actions(gid) == [b"a"]
    assert journal.round_results(gid) == []
    assert len(journal.unfinished_games()) == 1
    journal.close()


def test_the_database_uses_wal_and_stores_no_tokens(tmp_path: Path) -> None:
    path = tmp_path / "j.db"
    journal = Journal(str(path), fsync=True)
    gid = _game(journal)
    journal.set_seat(gid, 0, "Ann", "0" * 64)
    journal.close()
    db = sqlite3.connect(path)
    assert db.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    columns = {row[1] for row in db.execute("PRAGMA table_info(seats)")}
    assert "token_hash" in columns and "token" not in columns
    db.close()


def test_a_second_journal_on_the_same_database_is_refused(tmp_path: Path) -> None:
    path = str(tmp_path / "j.db")
    first = Journal(path)
    with pytest.raises(JournalError, match="in use by another seasalt-server"):
        Journal(path)
    first.close()
    Journal(path).close()  # the lock goes with the first journal


def test_an_unreadable_database_is_a_clear_error(tmp_path: Path) -> None:
    path = tmp_path / "j.db"
    path.write_bytes(b"this is not an sqlite database" * 100)
    with pytest.raises(JournalError, match="cannot use the database"):
        Journal(str(path))


def test_last_played_is_kept_to_the_second_with_one_insert_per_action(tmp_path: Path) -> None:
    now = [100.0]
    journal = Journal(str(tmp_path / "j.db"), wall_clock=lambda: now[0])
    gid = _game(journal)

    def updated_at() -> float:
        row = journal.connection.execute("SELECT updated_at FROM games WHERE id=?", (gid,))
        return float(row.fetchone()[0])

    for idx, at, expected in ((1, 100.2, 100.2), (2, 100.9, 100.2), (3, 101.3, 101.3)):
        now[0] = at
        journal.append_action(gid, idx, bytes([idx]))
        assert updated_at() == expected  # never more than a second behind the last action
    now[0] = 101.4
    journal.append_action(gid, 4, b"r", round_result=(1, b"{}"))  # a round result: always
    assert updated_at() == 101.4
    assert journal.actions(gid) == [b"\x01", b"\x02", b"\x03", b"r"]
    journal.close()


def test_an_older_journal_gets_the_session_columns_and_keeps_its_sessions(
    tmp_path: Path,
) -> None:
    path = str(tmp_path / "j.db")
    journal = Journal(path)
    journal.remember_session("hash-a", "s1", "Ann")
    journal.close()
    db = sqlite3.connect(path)  # as a server before the column was added wrote it
    for column in ("left_table", "shown_table", "shown_seat"):
        db.execute(f"ALTER TABLE sessions DROP COLUMN {column}")
    db.commit()
    db.close()
    journal = Journal(path)
    assert journal.remembered_session("hash-a") == ("s1", "Ann", None, None)  # left nothing
    journal.note_left("hash-a", "t")
    journal.note_shown("hash-a", ("u", None))  # watching u
    journal.close()
    journal = Journal(path)
    assert journal.remembered_session("hash-a") == ("s1", "Ann", "t", ("u", None))
    journal.note_left("hash-a", None)
    journal.note_shown("hash-a", ("u", 1))
    assert journal.remembered_session("hash-a") == ("s1", "Ann", None, ("u", 1))
    journal.note_shown("hash-a", None)
    assert journal.remembered_session("hash-a") == ("s1", "Ann", None, None)
    journal.close()
