"""``seasalt-server`` as a process: the address lines, clear errors and exit codes, SIGTERM,
and no token in its output."""

from __future__ import annotations

import asyncio
import signal
import socket
import subprocess
import sys
from pathlib import Path

import pytest
import zmq.asyncio
from seasalt.protocol import Error, ErrorCode, Joined, JoinOrCreate
from seasalt.server.cli import EXIT_DATABASE, EXIT_PORT_IN_USE, main
from seasalt.testing.server import RawClient, ServerProcess

pytestmark = pytest.mark.timeout(60)


def _run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "seasalt.server", "--host", "127.0.0.1", *args],
        capture_output=True,
        text=True,
        timeout=30,
    )


async def test_the_server_process_lifecycle(tmp_path: Path) -> None:
    db = str(tmp_path / "a.sqlite3")
    server = ServerProcess(db, "--log-level", "debug", "--bot-delay", "0")
    endpoint = server.start()
    assert endpoint.startswith("tcp://127.0.0.1:")
    port = int(endpoint.rsplit(":", 1)[1])
    assert f"  seasalt-client 127.0.0.1:{port}" in server.banner
    assert server.banner[-1] == f"SEASALT_LISTENING {endpoint}"
    ctx = zmq.asyncio.Context()
    try:
        client = RawClient(ctx, endpoint)
        token = (await client.hello("Ann")).token
        await client.send(JoinOrCreate("t", ("human", "bot:random")))
        await client.expect(Joined)

        same_db = await asyncio.to_thread(_run, "--port", "0", "--db", db)
        assert same_db.returncode == EXIT_DATABASE
        assert "in use by another seasalt-server" in same_db.stderr
        assert "Traceback" not in same_db.stderr

        same_port = await asyncio.to_thread(
            _run, "--port", str(port), "--db", str(tmp_path / "b.sqlite3")
        )
        assert same_port.returncode == EXIT_PORT_IN_USE
        assert f"port {port}" in same_port.stderr and "already in use" in same_port.stderr

        assert server.proc is not None
        server.proc.send_signal(signal.SIGTERM)
        goodbye = await client.expect(Error, where=lambda e: e.code is ErrorCode.SHUTTING_DOWN)
        assert "shutting down" in goodbye.message
        assert await asyncio.to_thread(server.proc.wait, 15) == 0
        rest = server.proc.stdout.read().decode() if server.proc.stdout else ""
        client.close()
    finally:
        ctx.destroy(linger=0)
        if server.proc is not None and server.proc.poll() is None:
            server.kill()
    log = Path(server.log_path).read_text()
    assert "stopping" in log
    assert token not in log and token not in rest  # secrets never in logs or stdout


def test_a_port_taken_by_another_program_is_a_clear_error(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    with socket.socket() as other:
        other.bind(("127.0.0.1", 0))
        other.listen()
        port = other.getsockname()[1]
        code = main(["--host", "127.0.0.1", "--port", str(port), "--db", str(tmp_path / "d")])
    assert code == EXIT_PORT_IN_USE
    err = capsys.readouterr().err
    assert "already in use" in err and "--port" in err


@pytest.mark.parametrize(
    ("args", "word"), [(["--heartbeat", "0"], "heartbeat"), (["--port", "70000"], "port")]
)
def test_bad_options_exit_2_with_a_message(
    args: list[str], word: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as exit_info:
        main(args)
    assert exit_info.value.code == 2
    assert word in capsys.readouterr().err


async def test_ctrl_c_with_the_output_piped_to_a_reader_it_also_stopped(tmp_path: Path) -> None:
    # `seasalt-server | tee server.log`, then Ctrl-C: the terminal's SIGINT stops tee too, and
    # the server's "stopping" line went into a pipe nobody read: BrokenPipeError, and the
    # server ended without its goodbye or a clean stop (session 15, in tmux).
    server = ServerProcess(str(tmp_path / "t.sqlite3"), "--log-file", str(tmp_path / "s.log"),
                           merged_output=True)
    endpoint = server.start()
    assert server.proc is not None and server.proc.stdout is not None
    ctx = zmq.asyncio.Context()
    try:
        client = RawClient(ctx, endpoint)
        await client.hello("Ann")
        await client.send(JoinOrCreate("t", ("human", "bot:random")))
        await client.expect(Joined)
        server.proc.stdout.close()  # tee is gone: the reading end of the server's output
        server.proc.send_signal(signal.SIGINT)
        goodbye = await client.expect(Error, where=lambda e: e.code is ErrorCode.SHUTTING_DOWN)
        assert "shutting down" in goodbye.message
        assert await asyncio.to_thread(server.proc.wait, 15) == 0
        client.close()
    finally:
        ctx.destroy(linger=0)
        if server.proc.poll() is None:
            server.kill()
    assert "Traceback" not in (tmp_path / "s.log").read_text()
