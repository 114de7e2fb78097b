"""Drive the real client in tmux for a few turns and print what the screen looks like.

Not a pytest test (it needs tmux and takes a while): run it and look.

    python tests/e2e/tmux_play.py [--size 120x40] [--turns 4] [--solo]

It starts ``seasalt-server --seed 1 --bot-delay 0.3`` on a free port, opens ``seasalt-client
127.0.0.1:PORT`` in a detached tmux session of the given size, creates a table with one greedy bot
from the lobby, then plays: on each of its turns it presses the first offered key (drawing from
the deck, keeping the first card, ending the turn...). After each turn it prints the pane.
With ``--solo`` it runs ``seasalt-client --solo`` instead (the app starts its own server).
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time

from seasalt.testing.waiting import Patience

SESSION = f"seasalt-e2e-{os.getpid()}"


def tmux(*args: str) -> str:
    return subprocess.run(["tmux", *args], check=True, capture_output=True, text=True).stdout


def screen() -> str:
    return tmux("capture-pane", "-p", "-t", SESSION)


def wait_for(pattern: str, timeout: float = 30.0) -> str:
    patience = Patience(timeout)
    while not patience.spent():
        text = screen()
        if re.search(pattern, text):
            return text
        time.sleep(0.05)  # sleep-ok: the polling interval of a condition wait
    raise SystemExit(f"timed out waiting for {pattern!r}; the screen was:\n{screen()}")


def wait_change(before: str, timeout: float = 10.0) -> str:
    """The pane once it differs from ``before`` and has been still for 0.2 s."""
    patience = Patience(timeout)
    text = before
    while not patience.spent() and text == before:
        time.sleep(0.05)  # sleep-ok: the polling interval of a condition wait
        text = screen()
    still = screen()
    while not patience.spent():
        # sleep-ok: a tmux pane has no "drawn" signal; still for 0.2 s is the condition itself
        time.sleep(0.2)
        now = screen()
        if now == still:
            break
        still = now
    return still


def start_server() -> tuple[subprocess.Popen[str], str]:
    db = tempfile.mktemp(prefix="seasalt-e2e-", suffix=".db")
    server = subprocess.Popen(
        [sys.executable, "-m", "seasalt.server", "--host", "127.0.0.1", "--port", "0",
         "--db", db, "--seed", "1", "--bot-delay", "0.3"],
        stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True,
    )
    assert server.stdout is not None
    for line in server.stdout:
        if line.startswith("SEASALT_LISTENING "):
            return server, line.split()[1].removeprefix("tcp://")
    raise SystemExit("the server did not start")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--size", default="120x40")
    parser.add_argument("--turns", type=int, default=4)
    parser.add_argument("--solo", action="store_true")
    args = parser.parse_args()
    if shutil.which("tmux") is None:
        print("tmux is not installed", file=sys.stderr)
        return 2
    width, height = args.size.split("x")
    server = None
    if args.solo:
        command = f"{sys.executable} -m seasalt.client.cli --solo --name Ann --opponents 2"
    else:
        server, address = start_server()
        command = f"{sys.executable} -m seasalt.client.cli {address} --name Ann"
    env = "NO_COLOR=1 " if os.environ.get("NO_COLOR") else ""
    tmux("new-session", "-d", "-s", SESSION, "-x", width, "-y", height, env + command)
    try:
        if not args.solo:
            wait_for(r"Lobby of")
            print(screen())
            tmux("send-keys", "-t", SESSION, "n")
            wait_for(r"New table")
            tmux("send-keys", "-t", SESSION, "Enter")
        for turn in range(1, args.turns + 1):
            text = wait_for(r"Your turn\.(?s:.*)(?m:^\s*[1-9de]  \S)", timeout=90)
            while "Your turn." in text:
                keys = re.findall(r"(?m)^\s*([1-9de])  \S", text)
                if not keys:
                    break
                # Play a little: draw, keep the first card, play what is offered, end the turn.
                key = "e" if "e" in keys and len(keys) == 1 else keys[0]
                tmux("send-keys", "-t", SESSION, key)
                text = wait_change(text)
                if key == "e":
                    break
            print(f"----- after turn {turn} ({args.size}) -----")
            print(screen())
        before = screen()
        tmux("send-keys", "-t", SESSION, "C-c")
        wait_change(before)
        print("----- Ctrl-C -----")
        print(screen())
    finally:
        subprocess.run(["tmux", "kill-session", "-t", SESSION], capture_output=True)
        if server is not None:
            server.terminate()
            server.wait(10)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
