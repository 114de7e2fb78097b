"""History, replays and statistics from the journal (issue 6), played through the real server.

Three seeded games on an in-process server with a file journal: two by a player with a client
identity (who changes name in between), one by a session without an identity; bots fill the
other seats.
"""

from __future__ import annotations

import asyncio
import json
import time
from collections import Counter
from pathlib import Path

import pytest
import zmq.asyncio
from seasalt.client.tui.replay_steps import build_steps
from seasalt.engine import ENGINE_VERSION, EventKind, PlayerView, apply, view
from seasalt.protocol import (
    PROTOCOL_VERSION,
    Error,
    ErrorCode,
    Games,
    GetReplay,
    GetStats,
    Hello,
    JoinOrCreate,
    ListGames,
    Replay,
    Stats,
    Welcome,
    replay_from_file_data,
)
from seasalt.server import cli as server_cli
from seasalt.server import housekeeping
from seasalt.server.history import StatsBuilder, player_id_of_identity
from seasalt.server.journal import Journal
from seasalt.server.options import EXIT_DATABASE, EXIT_USAGE
from seasalt.testing.server import PlayerResult, RawClient, play_seat, running_server

pytestmark = pytest.mark.timeout(60)

IDENTITY = "ann-identity-0123456789abcdef"
GAMES = (
    # (table, name, identity, seats)
    ("t1", "Ann", IDENTITY, ("human", "bot:random")),
    ("t2", "Bob", None, ("human", "bot:random", "bot:random")),
    ("t3", "Annie", IDENTITY, ("human", "bot:greedy")),
)


async def _play(
    ctx: zmq.asyncio.Context, endpoint: str, table: str, name: str, identity: str | None,
    seats: tuple[str, ...], views: dict[int, PlayerView],
) -> PlayerResult:
    client = RawClient(ctx, endpoint)
    try:
        await client.send(Hello(PROTOCOL_VERSION, name, identity))
        welcome = await client.expect(Welcome)
        await client.send(JoinOrCreate(table, seats))
        # play_seat resumes the session we just opened (same socket) and plays it to the end
        return await play_seat(
            client, table, seats, token=welcome.token, seed=5, level="random",
            on_view=lambda seq, v: views.__setitem__(seq, v),
        )
    finally:
        client.close()


def games(db: str, *args: str) -> int:
    """``seasalt-server games ARGS --db DB``, the real command line in this process."""
    return server_cli.main(["games", *args, "--db", db])


def play_three_games(db: str) -> dict[str, object]:
    """Play the three games; keep what the players saw and what the server answers."""

    async def main() -> dict[str, object]:
        ctx = zmq.asyncio.Context()
        out: dict[str, object] = {"db": db, "started": time.time()}
        async with running_server(db_path=db) as server:
            results, views = [], []
            for table, name, identity, seats in GAMES:
                seen: dict[int, PlayerView] = {}
                results.append(
                    await _play(ctx, server.local_endpoint, table, name, identity, seats, seen)
                )
                views.append(seen)
            asker = RawClient(ctx, server.local_endpoint)
            await asker.hello("asker")
            await asker.send(ListGames())
            games = (await asker.expect(Games)).games
            replays = []
            for game in games:
                await asker.send(GetReplay(game.game))
                replays.append(await asker.expect(Replay))
            await asker.send(GetStats())
            stats = (await asker.expect(Stats)).players
            await asker.send(GetReplay(999))
            missing = await asker.expect(Error)
            asker.close()
        ctx.destroy(linger=0)
        out.update(results=results, views=views, games=games, replays=replays, stats=stats,
                   missing=missing, finished=time.time())
        return out

    return asyncio.run(main())


def check_the_history_lists_every_finished_game_newest_first(played: dict) -> None:
    games, results = played["games"], played["results"]
    assert [g.table for g in games] == ["t3", "t2", "t1"]
    for game, result, (table, name, _identity, seats) in zip(
        games, reversed(results), reversed(GAMES), strict=True
    ):
        assert game.table == table
        assert game.scores == result.scores  # the totals the players were told at game over
        assert game.winners == result.winners
        assert [p.kind for p in game.players] == list(seats)
        me = game.players[result.seat]
        assert me.name == name
        assert played["started"] - 1 <= game.started <= game.finished <= played["finished"] + 1
        assert game.rounds >= 1
        assert not game.extra_salt and not game.double_target


def check_a_replay_reproduces_the_game_exactly_forwards_and_backwards(played: dict) -> None:
    replays = list(reversed(played["replays"]))  # oldest first, like GAMES
    for replay, result, seen in zip(replays, played["results"], played["views"], strict=True):
        steps = build_steps(replay)
        assert len(steps) == len(replay.actions) + 1
        final = steps[-1].state
        assert final.is_over and final.scores == result.scores and final.winners == result.winners
        # every view the player was sent, at every seq, is the engine view of that replay step
        assert seen, "the player saw no views"
        for seq, v in seen.items():
            assert view(steps[seq].state, result.seat) == v
        # backwards: from the end, each step is its action applied to the step before
        for i in range(len(steps) - 1, 0, -1):
            assert steps[i].state.move == i
            assert steps[i].action == replay.actions[i - 1]
            assert apply(steps[i - 1].state, steps[i].action).state == steps[i].state


def check_statistics_add_up_over_the_games(played: dict) -> None:
    stats = {s.player: s for s in played["stats"]}
    games, results = played["games"], played["results"]
    ann = stats[player_id_of_identity(IDENTITY)]
    assert ann.name == "Annie"  # the latest name of the identity, not two players
    assert ann.games == 2
    ann_results = [results[0], results[2]]
    assert ann.wins == sum(r.seat in r.winners for r in ann_results)
    assert ann.points == sum(r.scores[r.seat] for r in ann_results)
    bob = [s for s in stats.values() if s.name == "Bob"]
    assert len(bob) == 1 and bob[0].player.startswith("s:") and bob[0].games == 1
    assert stats["bot:random"].games == 3  # two seats in t2 and one in t1
    # totals over players equal totals over games
    assert sum(s.games for s in stats.values()) == sum(len(g.players) for g in games)
    assert sum(s.wins for s in stats.values()) == sum(len(g.winners) for g in games)
    assert sum(s.points for s in stats.values()) == sum(sum(g.scores) for g in games)
    # duos, calls, bets and mermaid wins equal the engine events of the replays
    events = [e for r in played["replays"] for step in build_steps(r) for e in step.events]
    kinds = Counter(e.kind for e in events)
    duos = sum(d.count for s in stats.values() for d in s.duos)
    assert duos == kinds[EventKind.PLAYED_PAIR] > 0
    calls = sum(s.stop_calls + s.last_chance_calls for s in stats.values())
    assert calls == kinds[EventKind.CALLED]
    bets = sum(s.bets_won + s.bets_lost for s in stats.values())
    assert bets == sum(1 for e in events if e.kind is EventKind.ROUND_SCORED and e.won is not None)
    assert sum(s.mermaid_wins for s in stats.values()) == kinds[EventKind.MERMAID_WIN]


def check_an_unknown_game_is_refused(played: dict) -> None:
    assert played["missing"].code is ErrorCode.UNKNOWN_TABLE


def check_export_writes_a_replay_file_equal_to_the_server_replay(
    played: dict, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    replay = played["replays"][0]
    target = tmp_path / "game.json"
    code = games(played["db"], "export", str(replay.summary.game), str(target))
    assert code == 0, capsys.readouterr()
    assert replay_from_file_data(json.loads(target.read_text())) == replay
    assert games(played["db"], "export", "999", str(target)) == 1
    assert "no finished game 999" in capsys.readouterr().err


def check_games_list_shows_finished_games_with_all(played: dict, capsys) -> None:
    assert games(played["db"], "list") == 0
    assert "no unfinished games" in capsys.readouterr().out
    assert games(played["db"], "list", "--all") == 0
    out = capsys.readouterr().out
    assert out.count("finished") == 3 and "Annie" in out
    # through the real command line, with --db before or after the command
    assert server_cli.main(["games", "--db", played["db"], "list", "--all"]) == 0
    assert server_cli.main(["games", "list", "--all", "--db", played["db"]]) == 0
    assert capsys.readouterr().out.count("Annie") == 2


def test_history_replays_and_statistics_of_three_seeded_games(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # One test, so the games are played once (xdist would play them again for each worker).
    played = play_three_games(str(tmp_path / "journal.sqlite3"))
    check_the_history_lists_every_finished_game_newest_first(played)
    check_a_replay_reproduces_the_game_exactly_forwards_and_backwards(played)
    check_statistics_add_up_over_the_games(played)
    check_an_unknown_game_is_refused(played)
    check_export_writes_a_replay_file_equal_to_the_server_replay(played, tmp_path, capsys)
    check_games_list_shows_finished_games_with_all(played, capsys)
    check_counted_games_are_kept_and_read_back_the_same(played)


# --- housekeeping of unfinished games -------------------------------------------------------


def _journal_with_unfinished(path: str, now: list[float]) -> list[int]:
    journal = Journal(path, wall_clock=lambda: now[0])
    ids = []
    for i, age_days in enumerate((30, 10, 0)):
        now[0] = 1_000_000_000 - age_days * 86400
        gid = journal.create_game(f"old{i}", 1, 2, False, False, ("human", "bot:random"),
                                  7 + i, 0, ENGINE_VERSION)
        journal.set_seat(gid, 0, f"p{i}", "ab" * 32)
        ids.append(gid)
    now[0] = 1_000_000_000
    journal.close()
    return ids


def test_archive_and_delete_unfinished_games(tmp_path: Path, capsys) -> None:
    db = str(tmp_path / "j.sqlite3")
    now = [0.0]
    old, middle, fresh = _journal_with_unfinished(db, now)
    assert games(db, "list") == 0
    listing = capsys.readouterr().out
    assert listing.count("unfinished") == 3
    assert games(db, "archive", str(old)) == 0
    assert games(db, "delete", str(middle)) == 0
    assert games(db, "delete", "12345") == 1
    capsys.readouterr()
    journal = Journal(db)
    try:
        assert [g.id for g in journal.unfinished_games()] == [fresh]  # archived: not revived
        assert journal.connection.execute(
            "SELECT COUNT(*) FROM games WHERE id=?", (middle,)
        ).fetchone() == (0,)
        assert journal.connection.execute(
            "SELECT archived FROM games WHERE id=?", (old,)
        ).fetchone() == (1,)
    finally:
        journal.close()
    assert games(db, "list") == 0
    assert "archived" in capsys.readouterr().out


def test_archive_older_than_and_a_locked_database(tmp_path: Path, capsys) -> None:
    db = str(tmp_path / "j.sqlite3")
    now = [0.0]
    old, middle, fresh = _journal_with_unfinished(db, now)
    holder = Journal(db)  # a running server holds the lock
    try:
        refused = games(db, "archive", "--older-than", "7d")
        assert refused == EXIT_DATABASE
        assert "in use by another seasalt-server" in capsys.readouterr().err
        assert games(db, "list") == 0  # reading works while a server runs
    finally:
        holder.close()
    capsys.readouterr()
    with pytest.raises(SystemExit) as refused_both:  # IDs and an age: refused, nothing changes
        games(db, "archive", str(old), "--older-than", "7d")
    assert refused_both.value.code == EXIT_USAGE
    assert "cannot be combined" in capsys.readouterr().err
    assert games(db, "list") == 0
    assert "archived" not in capsys.readouterr().out
    assert games(db, "archive", "--older-than", "7d") == 0
    out = capsys.readouterr().out
    # the injected clock put every game in 2001: all are older than 7 days of the real clock
    assert all(f"game {gid} archived" in out for gid in (old, middle, fresh))
    assert games(db, "archive") == EXIT_USAGE  # neither IDs nor --older-than: one line
    assert capsys.readouterr().err.strip() == (
        "seasalt-server: error: games archive: name game IDs or give --older-than AGE"
    )


def test_bad_ages_are_refused_clearly() -> None:
    assert housekeeping.parse_age("90") == 90
    assert housekeeping.parse_age("12h") == 12 * 3600
    assert housekeeping.parse_age("7d") == 7 * 86400
    with pytest.raises(Exception, match="not an age"):
        housekeeping.parse_age("soon")


async def test_games_older_than_max_resume_age_are_not_revived(tmp_path: Path) -> None:
    db = str(tmp_path / "j.sqlite3")
    now = [0.0]
    _journal_with_unfinished(db, now)
    # the journal's clock is the real one in the server: make the ages relative to it
    journal = Journal(db)
    offset = time.time() - 1_000_000_000
    journal.connection.execute("UPDATE games SET started_at=started_at+?, updated_at=updated_at+?",
                               (offset, offset))
    journal.close()
    async with running_server(db_path=db, max_resume_age=15 * 86400) as server:
        assert server.master is not None
        assert sorted(server.master.tables) == ["old1", "old2"]
    async with running_server(db_path=db, max_resume_age=None) as server:  # every one
        assert server.master is not None
        assert sorted(server.master.tables) == ["old0", "old1", "old2"]


def check_counted_games_are_kept_and_read_back_the_same(played: dict) -> None:
    db = housekeeping.open_read_only(played["db"])
    try:
        assert db.execute("SELECT COUNT(*) FROM game_facts").fetchone() == (3,)
        assert StatsBuilder().build(db) == played["stats"]  # from the kept facts, not a replay
    finally:
        db.close()


def test_the_log_file_for_bug_reports(tmp_path: Path) -> None:
    import logging

    from seasalt.server.serve_cli import default_log_file, setup_log_file

    assert default_log_file().endswith("server.log")
    assert setup_log_file("none", logging.INFO) is None
    root = logging.getLogger()
    before, level = list(root.handlers), root.level
    root.setLevel(logging.INFO)  # as the command line sets it with --log-level info
    path = setup_log_file(str(tmp_path / "logs" / "server.log"), logging.INFO)
    try:
        assert path is not None
        logging.getLogger("seasalt.server").warning("something to report")
        for handler in root.handlers:
            handler.flush()
        text = Path(path).read_text(encoding="utf-8")
        assert "log file:" in text and "something to report" in text
    finally:
        root.setLevel(level)
        for handler in root.handlers[:]:
            if handler not in before:
                root.removeHandler(handler)
                handler.close()


def test_a_deleted_game_takes_its_stand_in_moves_with_it(tmp_path: Path, capsys) -> None:
    """SQLite gives the next game the id of a deleted last one: the takeover bot's moves of the
    deleted game must not become the new game's (its replay would mark them)."""
    from seasalt.server.finished import load_stand_in_moves

    db = str(tmp_path / "j.sqlite3")
    *_, fresh = _journal_with_unfinished(db, [0.0])
    journal = Journal(db)
    journal.append_action(fresh, 1, b"{}", takeover=(0, 1, "random"))
    journal.close()
    assert games(db, "delete", str(fresh)) == 0
    capsys.readouterr()
    journal = Journal(db)
    try:
        again = journal.create_game("new", 1, 2, False, False, ("human", "bot:random"), 9, 0,
                                    ENGINE_VERSION)
        assert again == fresh  # the id is used again...
        assert load_stand_in_moves(journal.connection, again) == ()  # ...its marks are not
    finally:
        journal.close()
