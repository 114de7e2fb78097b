"""Headless players (seasalt.client.headless and the seasalt-client --bot command) against a real
server process started with ``python -m seasalt.server --port 0``."""

from __future__ import annotations

import asyncio
import io
import os
import signal
import socket
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from seasalt.bots import get_bot
from seasalt.client.cli import main
from seasalt.client.headless import (
    EXIT_NO_SERVER,
    EXIT_TABLE_REFUSED,
    GameSummary,
    HeadlessOptions,
    HeadlessPlayer,
)
from seasalt.engine import GameState, Rules, apply, new_game, view
from seasalt.server.seeds import game_seed
from seasalt.testing.server import ServerProcess
from seasalt.testing.waiting import stretched, until, within

pytestmark = pytest.mark.timeout(90)
SERVER_SEED = 7
SHORT = 10
"""The target of the games whose length nothing here is about (a killed client's return, a
command line's output, a kept token): one or two rounds of 40-95 moves instead of the standard
40 points' 200-330 (the full games are test_headless_players_complete_a_game's)."""

# The remaining player-count/expansion pairs: the default suite covers each count and both
# decks; SEASALT_SLOW=1 plays every pair (about 15 s more).
slow = [
    pytest.mark.slow,
    pytest.mark.skipif(not os.environ.get("SEASALT_SLOW"), reason="set SEASALT_SLOW=1"),
]

# Runs the command line and reports whether Textual got imported on the way.
_CLI = (
    "import sys\n"
    "from seasalt.client.cli import main\n"
    "code = main(sys.argv[1:])\n"
    "print('TEXTUAL-IMPORTED' if 'textual' in sys.modules else 'TEXTUAL-NOT-IMPORTED')\n"
    "sys.exit(code)\n"
)


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """One server process for the module: ``HOST:PORT``."""
    db = tmp_path_factory.mktemp("server") / "journal.sqlite3"
    process = ServerProcess(str(db), "--seed", str(SERVER_SEED), "--bot-delay", "0")
    endpoint = process.start()
    try:
        yield endpoint.removeprefix("tcp://")
    finally:
        process.terminate()


def players(
    address: str, table: str, count: int, extra_salt: bool, target: int = 0
) -> list[HeadlessPlayer]:
    return [
        HeadlessPlayer(
            HeadlessOptions(
                address, "random", name=f"p{i}", table=table, players=count,
                extra_salt=extra_salt, seed=i, connect_timeout=10, target=target,
            ),
            err=io.StringIO(),
        )
        for i in range(count)
    ]


def check_same_game(summaries: list[GameSummary], count: int) -> None:
    first = summaries[0]
    assert sorted(s.seat for s in summaries) == list(range(count))  # type: ignore[type-var]
    for s in summaries:
        assert (s.scores, s.winners, s.standings, s.seq) == (
            first.scores, first.winners, first.standings, first.seq,
        )
    assert len(first.scores) == count and first.winners
    assert sorted(first.standings) == list(range(count))
    best = max(first.scores)
    assert all(first.scores[w] == best for w in first.winners)
    assert first.seq > 20


def play_offline(table: str, rules: Rules, seeds_by_seat: dict[int, int]) -> GameState:
    """The same game without any network: the engine and the same seeded bots."""
    state = new_game(rules, game_seed(SERVER_SEED, table, 1))
    bots = {seat: get_bot("random", seed) for seat, seed in seeds_by_seat.items()}
    while not state.is_over:
        seat = state.to_act
        assert seat is not None
        state = apply(state, bots[seat].choose(view(state, seat))).state
    return state


async def play_together(address: str, table: str, count: int, extra_salt: bool) -> None:
    group = players(address, table, count, extra_salt)
    summaries = await within(asyncio.gather(*(p.run() for p in group)), 80)
    check_same_game(list(summaries), count)
    assert summaries[0].rounds >= 1
    assert not any(p.session.gaps for p in group)
    # Player i's bot has seed i; the seats went to whoever came first.
    seeds = {s.seat: i for i, s in enumerate(summaries) if s.seat is not None}
    offline = play_offline(table, Rules(count, extra_salt), seeds)
    assert (summaries[0].scores, summaries[0].winners) == (offline.scores, offline.winners)
    assert summaries[0].seq == offline.move


@pytest.mark.parametrize(
    ("count", "extra_salt"),
    [
        (2, False),
        (3, True),
        (4, False),
        pytest.param(3, False, marks=slow),
        pytest.param(4, True, marks=slow),
    ],
)
async def test_headless_players_complete_a_game(server: str, count: int, extra_salt: bool) -> None:
    await play_together(server, f"game-{count}-{extra_salt}", count, extra_salt)


async def run_cli(*args: str, timeout: float = 80) -> tuple[int, str, str]:
    proc = await asyncio.create_subprocess_exec(
        sys.executable, "-c", _CLI, *args,
        stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.PIPE,
    )
    try:
        out, err = await within(proc.communicate(), timeout)
    except TimeoutError:
        proc.kill()
        await proc.wait()
        raise
    assert proc.returncode is not None
    return proc.returncode, out.decode(), err.decode()


async def test_cli_players_finish_a_game_without_importing_textual(server: str) -> None:
    common = ("--bot", "random", "--table", "cli-xs", "--players", "2", "--extra-salt",
              "--target", str(SHORT))
    results = await asyncio.gather(
        run_cli(server, *common, "--seed", "1", "--name", "ann"),
        run_cli(server, *common, "--seed", "2", "--name", "bob"),
    )
    for code, out, err in results:
        assert code == 0, err
        assert "TEXTUAL-NOT-IMPORTED" in out
        assert "Traceback" not in err
        assert "game over at table 'cli-xs'" in out
    score_lines = [
        [ln for ln in out.splitlines() if ln.startswith("scores: ")] for _, out, _ in results
    ]
    assert score_lines[0] == score_lines[1] and len(score_lines[0]) == 1


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


async def test_no_server_is_a_clear_error_and_exit_code() -> None:
    started = time.monotonic()
    code, out, err = await run_cli(
        f"127.0.0.1:{free_port()}", "--bot", "random", "--connect-timeout", "0.5", timeout=30
    )
    assert code == EXIT_NO_SERVER
    assert "no seasalt server answered" in err and "Traceback" not in err
    assert "TEXTUAL-NOT-IMPORTED" in out
    assert time.monotonic() - started < stretched(20)


async def test_a_table_that_does_not_fit_is_a_clear_error(server: str) -> None:
    waiting = players(server, "two-only", 2, False)[0]
    task = asyncio.create_task(waiting.run())
    try:
        await until(lambda: waiting.session.seat is not None, 10, "the first player sitting down")
        code, _, err = await run_cli(
            server, "--bot", "random", "--table", "two-only", "--players", "3", timeout=30
        )
        assert code == EXIT_TABLE_REFUSED
        assert "does not fit" in err and "Traceback" not in err
    finally:
        task.cancel()
        with pytest.raises(asyncio.CancelledError):
            await task


async def test_a_killed_client_resumes_with_its_token(server: str, tmp_path: Path) -> None:
    opponent = players(server, "phoenix", 2, False, target=SHORT)[0]
    opponent_task = asyncio.create_task(opponent.run())
    token_file = tmp_path / "token"
    args = (
        "-c", _CLI, server, "--bot", "random", "--table", "phoenix", "--players", "2",
        "--seed", "5", "--delay", "0.01", "--token-file", str(token_file), "--target", str(SHORT),
    )
    victim = await asyncio.create_subprocess_exec(
        sys.executable, *args, stdout=asyncio.subprocess.DEVNULL, stderr=asyncio.subprocess.DEVNULL
    )
    try:
        await until(
            lambda: (opponent.session.seq or 0) >= 30 or victim.returncode is not None, 40,
            "the game getting going",
        )
        assert victim.returncode is None
        os.kill(victim.pid, signal.SIGKILL)
        await victim.wait()
        token = token_file.read_text().strip()
        assert token
        seq_at_kill = opponent.session.seq
        code, out, err = await run_cli(*args[2:])
        assert code == 0, err
        assert "resumed the previous session" in err
        assert "Traceback" not in err
        summary = await within(opponent_task, 30)
        assert summary.seq > (seq_at_kill or 0)
        assert f"scores: {' '.join(map(str, summary.scores))}" in out
        assert token_file.read_text().strip() == token  # the same session all along
    finally:
        if victim.returncode is None:
            victim.kill()
            await victim.wait()
        opponent_task.cancel()


def test_argument_errors_exit_2_with_a_message(capsys: pytest.CaptureFixture[str]) -> None:
    for argv, text in (
        (["--bot", "random"], "needs a server address"),
        (["host", "--bot", "grandmaster"], "unknown bot level"),
        (["host:notaport", "--bot", "random"], "bad address"),
        (["host", "--bot", "random", "--players", "5"], "must be 2-4"),
        (["host", "--bot", "random", "--delay", "-1"], "must be a finite number"),
    ):
        with pytest.raises(SystemExit) as info:
            main(argv)
        assert info.value.code == 2
        assert text in capsys.readouterr().err


def test_without_the_app_the_tui_path_says_what_to_do(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setitem(sys.modules, "seasalt.client.tui.app", None)  # import fails
    assert main([]) == 5
    assert "--bot LEVEL" in capsys.readouterr().err


async def test_coming_back_after_the_end_prints_the_same_result(
    server: str, tmp_path: Path
) -> None:
    tokens = [tmp_path / "a", tmp_path / "b"]

    def make(i: int) -> HeadlessPlayer:
        options = HeadlessOptions(
            server, "random", name=f"p{i}", table="late", players=2, seed=i, token_file=tokens[i],
            target=SHORT,
        )
        return HeadlessPlayer(options, err=io.StringIO())

    first = await within(asyncio.gather(make(0).run(), make(1).run()), 60)
    again = await within(make(0).run(), 20)  # resumes: the game is already over
    original = next(s for s in first if s.seat == again.seat)
    assert (again.scores, again.winners, again.standings, again.seq) == (
        original.scores, original.winners, original.standings, original.seq,
    )


async def test_a_token_kept_from_a_finished_game_plays_the_next_table(
    server: str, tmp_path: Path
) -> None:
    # Issue 38 (the evening soak): the same --token-file at the next table resumed the session
    # still at the finished one, and its game-over snapshot ended the new game before it began.
    tokens = [tmp_path / "a", tmp_path / "b"]

    def make(i: int, table: str) -> HeadlessPlayer:
        options = HeadlessOptions(
            server, "random", name=f"q{i}", table=table, players=2, seed=i, token_file=tokens[i],
            target=SHORT,
        )
        return HeadlessPlayer(options, err=io.StringIO())

    first = await within(asyncio.gather(make(0, "one").run(), make(1, "one").run()), 60)
    second = await within(asyncio.gather(make(0, "two").run(), make(1, "two").run()), 60)
    assert {s.table for s in first} == {"one"} and {s.table for s in second} == {"two"}
    assert sorted(s.seat for s in second) == [0, 1]
    assert all(s.rounds >= 1 and s.scores for s in second)
