"""``seasalt-client --extra-pepper`` and ``--target`` (issue 17; RULES §12): headless players make
or join an Extra Pepper table and play it to the end over real sockets; the command line checks
the two options and hands them to the headless player and to solo."""

from __future__ import annotations

import asyncio
import io
from collections.abc import AsyncIterator
from typing import Any

import pytest
from seasalt.client.cli import main
from seasalt.client.headless import HeadlessOptions, HeadlessPlayer
from seasalt.server.app import Server
from seasalt.testing.server import running_server
from seasalt.testing.waiting import within

pytestmark = pytest.mark.timeout(90)


@pytest.fixture
async def server() -> AsyncIterator[Server]:
    async with running_server() as srv:
        yield srv


async def test_headless_players_fill_and_finish_an_extra_pepper_table(server: Server) -> None:
    address = server.local_endpoint.removeprefix("tcp://")
    group = [
        HeadlessPlayer(
            HeadlessOptions(address, "random", name=f"p{i}", table="pepper", players=2,
                            extra_pepper=True, target=15, seed=i, connect_timeout=10),
            err=io.StringIO(),
        )
        for i in range(2)
    ]
    first, second = await within(asyncio.gather(*(p.run() for p in group)), 80)
    assert first.scores == second.scores and first.winners == second.winners
    assert max(first.scores) >= 15
    assert server.master is not None
    rules = server.master.tables["pepper"].rules
    assert rules.extra_pepper and rules.target_score == 15
    assert all(p.session.view is not None and p.session.view.table_event is not None
               for p in group)  # the event cards were on the table to the end


def _captured(monkeypatch: pytest.MonkeyPatch, target: str) -> dict[str, Any]:
    seen: dict[str, Any] = {}

    def fake(*args: Any, **kwargs: Any) -> int:
        seen["args"], seen["kwargs"] = args, kwargs
        return 0

    monkeypatch.setattr(target, fake)
    return seen


def test_headless_flags_reach_the_table_request(monkeypatch: pytest.MonkeyPatch) -> None:
    seen = _captured(monkeypatch, "seasalt.client.headless.run")
    assert main(["host", "--bot", "random", "--extra-pepper", "--target", "20"]) == 0
    [options] = seen["args"]
    assert options.extra_pepper and options.target == 20
    assert main(["host", "--bot", "random"]) == 0
    [options] = seen["args"]
    assert not options.extra_pepper and options.target == 0


def test_solo_flags_reach_the_app(monkeypatch: pytest.MonkeyPatch) -> None:
    pytest.importorskip("textual")
    seen = _captured(monkeypatch, "seasalt.client.tui.app.run_app")
    monkeypatch.setattr("seasalt.client.cli.setup_log_file", lambda: None)
    assert main(["--solo", "--extra-pepper", "--target", "7"]) == 0
    assert seen["kwargs"]["extra_pepper"] is True and seen["kwargs"]["target"] == 7


@pytest.mark.parametrize(
    ("argv", "said"),
    [
        (["--extra-pepper"], "for --bot (headless) or --solo"),
        (["host", "--extra-pepper"], "for --bot (headless) or --solo"),
        (["host", "--target", "20"], "--target: table options"),
        (["host", "--bot", "random", "--target", "0"], "must be 1-200 points"),
        (["host", "--bot", "random", "--target", "201"], "must be 1-200 points"),
        (["host", "--bot", "random", "--target", "ten"], "must be 1-200 points"),
        (["--solo", "--target", "20", "--double-target"], "exclude each other"),
    ],
)
def test_bad_table_options_exit_2_with_a_message(
    capsys: pytest.CaptureFixture[str], argv: list[str], said: str
) -> None:
    with pytest.raises(SystemExit) as info:
        main(argv)
    assert info.value.code == 2
    assert said in capsys.readouterr().err
