"""Find server seeds where the solo game test's player reaches every decision prompt.

    python tests/e2e/tui_seed_search.py [FIRST] [LAST] [OPPONENTS]

Plays headless (seasalt.client.net.connection, no Textual) against ``seasalt-server --seed S
--bot-delay 0`` with the same choices as tests/client/tui/conftest.py ``choose``, Extra Salt on,
greedy bots, and prints for each seed the prompts it did not reach. The Pilot test
(test_solo_game.py) uses a seed that prints ``missing []``.
"""

from __future__ import annotations

import asyncio
import importlib.util
import sys
import time
from pathlib import Path

from seasalt import protocol as p
from seasalt.client.net.connection import Connection
from seasalt.client.net.intents import DoneReading, Play, SitDown
from seasalt.client.net.session import ClientSession
from seasalt.client.own_server.child_server import start_server
from seasalt.testing.waiting import within

_spec = importlib.util.spec_from_file_location(
    "tui_conftest", Path(__file__).parents[1] / "client" / "tui" / "conftest.py"
)
assert _spec is not None and _spec.loader is not None
policy = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(policy)


async def play(seed: int, opponents: int) -> tuple[set[str], int]:
    child = start_server(seed=seed, bot_delay=0)
    session = ClientSession()
    conn = Connection(child.address, "Ann", session=session)
    try:
        await conn.connect()
        await conn.request(SitDown("solo", ("human",) + ("bot:greedy",) * opponents, True, False))
        seen: set[str] = set()
        actions = 0
        while True:
            message = await within(conn.recv(), 30)
            if isinstance(message, p.Snapshot | p.Update):
                v = message.view
                if v.seat is not None and v.seats[v.seat].locked:
                    seen.add("LOCKED")
                if v.legal_actions and message.seq == session.seq:
                    await conn.request(Play(policy.choose(v, seen)))
                    actions += 1
            elif isinstance(message, p.RoundOver) and 0 in message.waiting:
                await conn.request(DoneReading())
            elif isinstance(message, p.GameOver):
                return seen, actions
    finally:
        await conn.close()
        child.stop()


async def main() -> int:
    first = int(sys.argv[1]) if len(sys.argv) > 1 else 1
    last = int(sys.argv[2]) if len(sys.argv) > 2 else first + 10
    opponents = int(sys.argv[3]) if len(sys.argv) > 3 else 2
    for seed in range(first, last):
        started = time.monotonic()
        seen, actions = await play(seed, opponents)
        missing = [goal for goal in policy.GOALS if goal not in seen]
        print(f"seed {seed}: {actions} actions, {time.monotonic() - started:.1f} s, "
              f"missing {missing}", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(asyncio.run(main()))
