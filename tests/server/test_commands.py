"""``seasalt-server``'s command tree (server/cli.py): ``serve`` as the default, ``games ...``,
one version string for every command, defaults written once (ServerConfig), and a bad command
line as one line on stderr with exit 2. The ``games`` verbs on a real journal are in
tests/server/test_history.py; the server process's lifecycle in tests/server/test_cli.py."""

from __future__ import annotations

import asyncio
import json
import re
import signal
import subprocess
import sys
from importlib import metadata
from pathlib import Path

import pytest
import zmq.asyncio
from seasalt.client.cli import build_parser
from seasalt.client.words.join_address import host_of
from seasalt.engine import ENGINE_VERSION
from seasalt.engine.version import version_text
from seasalt.protocol import DEFAULT_PORT, PROTOCOL_VERSION, Welcome
from seasalt.server.cli import COMMANDS, config_from, main, parse_args, with_command
from seasalt.server.config import ServerConfig
from seasalt.server.housekeeping import format_age, parse_age
from seasalt.server.options import EXIT_DATABASE, EXIT_USAGE
from seasalt.server.web import DEFAULT_WEB_PORT
from seasalt.testing.server import RawClient, ServerProcess, journal_game
from seasalt.testing.waiting import stretched

pytestmark = pytest.mark.timeout(90)

ROOT = Path(__file__).resolve().parents[2]
BIN = Path(sys.executable).parent
"""The venv's console scripts (pyproject.toml's [project.scripts]), installed by pip -e."""


def _scripts() -> dict[str, str]:
    text = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    section = text.split("[project.scripts]", 1)[1].split("\n[", 1)[0]
    return dict(re.findall(r'^(seasalt-[a-z]+) = "([\w.:]+)"', section, re.M))


def _run(*argv: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(argv, capture_output=True, text=True, timeout=stretched(60))


# --- serve is the default ----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("argv", "expected"),
    [
        ([], ["serve"]),  # plain `seasalt-server`
        (["--port", "0"], ["serve", "--port", "0"]),  # the command line before commands
        (["--db", "x", "--secure"], ["serve", "--db", "x", "--secure"]),
        (["serve", "--port", "0"], ["serve", "--port", "0"]),
        (["games", "list"], ["games", "list"]),
        (["--version"], ["--version"]),  # the top level answers these itself
        (["--help"], ["--help"]),
        (["-h"], ["-h"]),
        (["nonsense"], ["nonsense"]),  # an unknown command is an error, not serve's
    ],
)
def test_a_command_line_without_a_command_is_serve(argv: list[str], expected: list[str]) -> None:
    assert with_command(argv) == expected


def test_the_old_and_the_new_spelling_give_the_same_config() -> None:
    old = config_from(parse_args(["--port", "0", "--db", "j.sqlite3", "--bot-delay", "0.5"]))
    new = config_from(parse_args(["serve", "--port", "0", "--db", "j.sqlite3",
                                  "--bot-delay", "0.5"]))
    assert old == new
    assert (old.port, old.db_path, old.bot_delay) == (0, "j.sqlite3", 0.5)


def test_every_default_comes_from_server_config() -> None:
    # Only the journal's path is the command line's own (the user data dir, not :memory:).
    config = config_from(parse_args(["--db", "j.sqlite3"]))
    assert config == ServerConfig(db_path="j.sqlite3", make_db_dir=False)


def test_the_help_shows_server_config_defaults(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as info:
        main(["serve", "--help"])
    assert info.value.code == 0
    text = " ".join(capsys.readouterr().out.split())  # argparse wraps lines anywhere
    d = ServerConfig()
    assert d.max_resume_age is not None
    for flag, default in (
        ("--port", d.port), ("--bot-delay", f"{d.bot_delay:g}"),
        ("--takeover-after", f"{d.takeover_after:g}"), ("--heartbeat", f"{d.heartbeat:g}"),
        ("--continue-timeout", f"{d.continue_timeout:g}"), ("--rate-limit", f"{d.rate_limit:g}"),
        ("--max-tables", d.max_tables), ("--max-name-length", d.max_name_length),
        ("--max-resume-age", format_age(d.max_resume_age)),
    ):
        help_of_flag = text.split(f" {flag} ", 1)[1].split(" --", 1)[0]
        assert f"default {default}" in help_of_flag, flag


def test_the_readme_states_the_defaults_the_server_has() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    section = readme.split("## Running a server", 1)[1].split("\n## ", 1)[0]
    stated = dict(re.findall(r"`(--[a-z-]+)(?: N)?`[^`\[]*?\[(\d+)\]", section))
    stated.update(re.findall(r"`(--[a-z-]+)` seconds \(default (\d+)", section))
    assert len(stated) >= 12, stated
    args = vars(parse_args([]))
    for flag, value in stated.items():
        assert args[flag[2:].replace("-", "_")] == float(value), flag
    resume_age = re.search(r"`--max-resume-age` \(default `(\w+)`", readme)
    assert resume_age is not None and parse_age(resume_age[1]) == ServerConfig().max_resume_age


@pytest.mark.parametrize(("seconds", "text"), [(604800, "7d"), (14 * 86400, "14d"),
                                               (86400 * 3, "3d"), (3600, "1h"), (90, "90s"),
                                               (120, "2m"), (0, "0s"), (1.5, "1.5s")])
def test_ages_are_written_as_they_are_read(seconds: float, text: str) -> None:
    assert format_age(seconds) == text and parse_age(text) == seconds


def _documented_commands(program: str, fill: dict[str, str]) -> list[list[str]]:
    """Every ``PROGRAM ...`` the README and docs/ tell users to type, as argv lists: inline
    code and shell lines; ``[--all]`` taken, ``A | B`` and ``a|b`` as each, placeholders
    filled."""
    found: list[list[str]] = []
    for doc in [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]:
        text = doc.read_text(encoding="utf-8")
        spans = re.findall(rf"`({program}(?: [^`\n]*)?)`", text)
        spans += re.findall(rf"^({program}(?: .*?)?)(?:\s+#.*)?$", text, re.M)
        for span in spans:
            if "*" in span or "OPTIONS" in span:  # a pattern, not a command
                continue
            words = [fill.get(w, w) for w in span.replace("[", "").replace("]", "").split()]
            words = [w for w in words[1:] if w != "&"]
            if "|" in words:
                at = words.index("|")
                found += [words[:at], words[: at - 1] + words[at + 1 :]]
            elif any("|" in w for w in words):  # --lang pt|es|fr|en: each
                at = next(i for i, w in enumerate(words) if "|" in w)
                found += [words[:at] + [choice] + words[at + 1:]
                          for choice in words[at].split("|")]
            else:
                found.append(words)
    return found


def _documented_server_commands() -> list[list[str]]:
    fill = {"ID": "12", "FILE": "game.json", "PATH": "x.sqlite3", "N": "1", "S": "1"}
    return _documented_commands("seasalt-server", fill)


def test_every_documented_server_command_still_parses(capsys: pytest.CaptureFixture[str]) -> None:
    commands = _documented_server_commands()
    assert len(commands) >= 15 and [] in commands and ["--port", "0"] in commands
    assert ["games", "archive", "--older-than", "7d"] in commands
    for argv in commands:
        if "--help" in argv:
            with pytest.raises(SystemExit) as info:
                parse_args(argv)
            assert info.value.code == 0, argv
        else:
            args = parse_args(argv)
            assert args.command == ("games" if argv[:1] == ["games"] else "serve"), argv
    assert "error" not in capsys.readouterr().err


def test_every_documented_client_command_still_parses() -> None:
    fill = {"HOST:PORT": "192.168.1.20:7327", "ADDRESS": "192.168.1.20:7327", "NAME": "Ann",
            "LEVEL": "greedy", "FILE": "game.json", "S": "1", "KEY": "k" * 40}
    commands = _documented_commands("seasalt-client", fill)
    assert [] in commands and ["--discover"] in commands and ["--solo"] in commands
    assert ["192.168.1.20:7327"] in commands  # the README's third way to join
    parser = build_parser()
    for argv in commands:
        args = parser.parse_args(argv)  # exits 2 (SystemExit) on a stale option
        if args.address is not None:
            assert host_of(args.address), argv
    # The example addresses use the real default ports: 7327 to type, 8080 to open.
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    playing = readme.split("## Playing", 1)[1].split("\n## ", 1)[0]
    assert f"seasalt-client 192.168.1.20:{DEFAULT_PORT}" in playing
    assert f"http://192.168.1.20:{DEFAULT_WEB_PORT}/" in playing


def test_the_readme_shows_the_three_ways_to_join() -> None:
    """Browser, discovered, address: each a command the tests above check, in "Playing"."""
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    playing = readme.split("## Playing", 1)[1].split("\n## ", 1)[0]
    block = playing.split("**Three ways to join a LAN game.**", 1)[1].split("```", 2)[1]
    lines = [line.split("#")[0].split() for line in block.splitlines()[1:] if line.strip()]
    assert ["seasalt-server", "--web"] in lines  # 1: friends open what it prints
    assert ["seasalt-client", "--discover"] in lines  # 2: found on the network
    assert ["seasalt-client", f"192.168.1.20:{DEFAULT_PORT}"] in lines  # 3: by address
    assert parse_args(["--web"]).web  # the host's command, as the server reads it


# --- one version string ------------------------------------------------------------------------


def test_every_command_prints_the_one_version_string() -> None:
    scripts = _scripts()
    assert set(scripts) == {"seasalt-server", "seasalt-client", "seasalt-demo", "seasalt-arena"}
    network = (f"seasalt {metadata.version('seasalt')} (engine {ENGINE_VERSION}, protocol "
               f"{PROTOCOL_VERSION})")
    assert version_text(PROTOCOL_VERSION) == network
    engine_only = f"seasalt {metadata.version('seasalt')} (engine {ENGINE_VERSION})"
    runs = {
        ("seasalt-server",): network,
        ("seasalt-server", "serve"): network,
        ("seasalt-server", "games"): network,
        ("seasalt-server", "games", "export"): network,
        ("seasalt-client",): network,
        ("seasalt-demo",): engine_only,
        ("seasalt-arena",): engine_only,
    }
    for (script, *command), expected in runs.items():
        done = _run(str(BIN / script), *command, "--version")
        assert (done.returncode, done.stdout.strip(), done.stderr) == (0, expected, ""), script


# --- bad input: one line, exit 2 ---------------------------------------------------------------


@pytest.mark.parametrize(
    ("argv", "words"),
    [
        (["--port", "70000"], ("seasalt-server serve: error:", "--port", "0-65535")),
        (["serve", "--port", "x"], ("seasalt-server serve: error:", "not a port number")),
        (["--heartbeat", "nan"], ("--heartbeat", "finite")),
        (["--bot-workers", "0"], ("--bot-workers", "at least 1")),
        (["--max-resume-age", "soon"], ("--max-resume-age", "not an age")),
        (["--no-such-option"], ("unrecognized arguments: --no-such-option",)),
        (["nonsense"], ("seasalt-server: error:", "'nonsense'", "serve", "games")),
        (["games"], ("seasalt-server games: error:", "required")),
        (["games", "shred"], ("seasalt-server games: error:", "'shred'", "archive")),
        (["games", "export", "x", "f.json"], ("not a game ID: 'x'", "games list")),
        (["games", "export", "1"], ("FILE",)),
        (["games", "delete", "0"], ("not a game ID: '0'",)),
        (["games", "list", "--older-than", "7d"], ("unrecognized arguments: --older-than",)),
        (["games", "archive", "--older-than", "later"], ("not an age",)),
        (  # two ways to pick games: together the IDs were ignored (every old game went)
            ["games", "archive", "7", "--older-than", "7d"],
            ("seasalt-server games archive: error:", "IDs and --older-than cannot be combined"),
        ),
        (
            ["games", "delete", "--older-than", "7d", "3", "4"],
            ("seasalt-server games delete: error:", "IDs and --older-than cannot be combined"),
        ),
    ],
)
def test_a_bad_command_line_is_one_line_and_exit_2(
    argv: list[str], words: tuple[str, ...], capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as info:
        main(argv)
    assert info.value.code == EXIT_USAGE
    captured = capsys.readouterr()
    lines = captured.err.splitlines()
    assert len(lines) == 1 and captured.out == "", captured.err
    assert lines[0].startswith("seasalt-server") and "--help)" in lines[0]
    for word in words:
        assert word in lines[0], (word, lines[0])


def test_a_bad_command_line_as_a_process(tmp_path: Path) -> None:
    done = _run(str(BIN / "seasalt-server"), "games", "archive", "--db", str(tmp_path / "j"))
    assert done.returncode == EXIT_USAGE and done.stdout == ""
    assert done.stderr.splitlines() == [
        "seasalt-server: error: games archive: name game IDs or give --older-than AGE"
    ]
    missing = _run(str(BIN / "seasalt-server"), "games", "list", "--db", str(tmp_path / "j"))
    assert missing.returncode == EXIT_DATABASE
    assert missing.stderr.splitlines() == [
        f"seasalt-server: error: there is no journal at {tmp_path / 'j'} (give its path with --db)"
    ]


def test_the_top_level_help_names_every_command(capsys: pytest.CaptureFixture[str]) -> None:
    for argv in (["--help"], ["games", "--help"]):
        with pytest.raises(SystemExit) as info:
            main(argv)
        assert info.value.code == 0
    out = capsys.readouterr().out
    for command in (*COMMANDS, "list", "archive", "delete", "export"):
        assert re.search(rf"^\s+{command}\s+\S", out, re.M), command
    assert "seasalt-server --port 0' is 'seasalt-server serve --port 0'" in out


# --- serve and games through the installed script, as processes --------------------------------


async def test_seasalt_server_serve_then_games_on_its_journal(tmp_path: Path) -> None:
    db = str(tmp_path / "j.sqlite3")
    server = ServerProcess(db, "--bot-delay", "0", "--log-file", "none",
                           command=[str(BIN / "seasalt-server"), "serve"])
    endpoint = server.start()
    ctx = zmq.asyncio.Context()
    try:
        client = RawClient(ctx, endpoint)
        assert isinstance(await client.hello("Ann"), Welcome)
        client.close()
        # list only reads: it works while this server holds the journal's lock
        listing = await asyncio.to_thread(_run, str(BIN / "seasalt-server"), "games", "--db",
                                          db, "list", "--all")
        assert (listing.returncode, listing.stdout.strip()) == (0, "no games")
        assert server.proc is not None
        server.proc.send_signal(signal.SIGTERM)
        assert await asyncio.to_thread(server.proc.wait, 15) == 0
    finally:
        ctx.destroy(linger=0)
        if server.proc is not None and server.proc.poll() is None:
            server.kill()
    assert "SEASALT_LISTENING" in server.banner[-1]


def test_games_export_as_a_process_writes_a_replay_file(tmp_path: Path) -> None:
    from seasalt.engine import Rules, apply, legal_actions, new_game
    from seasalt.protocol import replay_from_file_data

    db = str(tmp_path / "j.sqlite3")
    rules, actions = Rules(players=2), []
    state = new_game(rules, seed=5)
    while not state.is_over:  # a whole seeded game, each seat taking its first legal action
        actions.append(legal_actions(state)[0])
        state = apply(state, actions[-1]).state
    gid, state = journal_game(db, rules, 5, actions, ("bot:random", "bot:random"))
    target = tmp_path / "replay.json"
    done = _run(str(BIN / "seasalt-server"), "games", "export", str(gid), str(target),
                "--db", db)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == f"game {gid} ({state.move} moves) written to {target}"
    replay = replay_from_file_data(json.loads(target.read_text(encoding="utf-8")))
    assert (replay.seed, len(replay.actions)) == (5, state.move)
    again = _run(str(BIN / "seasalt-server"), "games", "export", "999", str(target), "--db", db)
    assert again.returncode == 1 and "no finished game 999" in again.stderr
