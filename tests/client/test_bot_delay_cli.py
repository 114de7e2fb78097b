"""``seasalt-client --solo --bot-delay S`` (issue 15): the bots' pace of a server this app
starts, in --help, checked with a clear one-line error, and passed to the child server."""

from __future__ import annotations

from typing import Any

import pytest
from seasalt.client import cli
from seasalt.client.own_server.child_server import server_command


def test_help_shows_the_bot_delay(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        cli.main(["--help"])
    out = " ".join(capsys.readouterr().out.split())
    assert "--bot-delay S" in out and "seconds each bot waits before a move, 0-10" in out
    assert "seasalt-client --solo --bot-delay 2" in out


@pytest.mark.parametrize(("value", "complaint"), [
    ("fast", "argument --bot-delay: not a number of seconds: 'fast'"),
    ("-1", "argument --bot-delay: must be 0 to 10 seconds, not '-1'"),
    ("11", "argument --bot-delay: must be 0 to 10 seconds, not '11'"),
    ("nan", "argument --bot-delay: must be 0 to 10 seconds, not 'nan'"),
    ("inf", "argument --bot-delay: must be 0 to 10 seconds, not 'inf'"),
])
def test_a_bad_bot_delay_is_a_clear_error(
    value: str, complaint: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as stopped:
        cli.main(["--solo", f"--bot-delay={value}"])
    assert stopped.value.code == 2
    err = capsys.readouterr().err
    assert err.splitlines()[-1] == f"seasalt-client: error: {complaint}"  # one line, after usage


@pytest.mark.parametrize("args", [["localhost", "--bot-delay", "1"],
                                  ["localhost", "--bot", "random", "--bot-delay", "1"]])
def test_the_bot_delay_is_refused_where_no_server_of_ours_runs_bots(
    args: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as stopped:
        cli.main(args)
    assert stopped.value.code == 2
    assert "--bot-delay paces the bots of a server this app starts" in capsys.readouterr().err


def test_the_bot_delay_reaches_the_app_and_the_child_server(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    seen: dict[str, Any] = {}

    def fake_run_app(**kwargs: Any) -> int:
        seen.update(kwargs)
        return 0

    import seasalt.client.tui.app as app_module

    monkeypatch.setattr(app_module, "run_app", fake_run_app)
    monkeypatch.setattr(cli, "setup_log_file", lambda: None)
    assert cli.main(["--solo", "--bot-delay", "2.5"]) == 0
    assert seen["solo"] is True and seen["bot_delay"] == 2.5
    assert cli.main(["--solo"]) == 0 and seen["bot_delay"] is None  # the server's own pace
    command = server_command(host="127.0.0.1", port=0, db=None, bot_delay=2.5)
    assert command[command.index("--bot-delay") + 1] == "2.5"
