"""The wire's speed: ``encode`` and ``decode_*`` of a seeded game's messages, per message.

    python benchmarks/wire_codec.py [--repeats 5] [--before DIR]

The messages of three seeded random games (2, 3 and 4 players): each move's action request as
the client sends it (encoded by the client, decoded by the server), each seat's update and a
snapshot every few moves (encoded by the server, decoded by the client), heartbeats. Prints the
best of ``--repeats`` of each figure in microseconds per message; ``--before DIR`` runs the
same in a child process on another source tree (DIR/seasalt/..., as benchmarks/client_start.py
takes it), alternated, for a before/after in one run. Asserts nothing.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import subprocess
import sys
import time
from collections.abc import Callable
from typing import Any


def messages() -> tuple[list[Any], list[Any]]:
    """(what clients send, what the server sends) over three seeded games."""
    from seasalt.engine import Rules, apply, legal_actions, new_game, view
    from seasalt.protocol import ActionRequest, Heartbeat, Snapshot, Update

    sent: list[Any] = []
    told: list[Any] = []
    for players in (2, 3, 4):
        state = new_game(Rules(players), seed=players * 11)
        rng = random.Random(players)
        seq = 0
        while not state.is_over:
            action = rng.choice(legal_actions(state))
            sent.append(ActionRequest("t1", seq, action))
            result = apply(state, action)
            state = result.state
            seq += 1
            for seat in range(players):
                told.append(Update("t1", seq, view(state, seat), ()))
            if seq % 7 == 0:
                told.append(Snapshot("t1", seq, view(state, 0)))
                sent.append(Heartbeat())
    return sent, told


def figures() -> dict[str, float]:
    """Microseconds per message of each step once every codec is built (each step's best of 3
    passes over the messages, after the frames below were made), and the protocol's import."""
    start = time.perf_counter()
    from seasalt import protocol

    imported = time.perf_counter() - start
    sent, told = messages()

    def timed(step: Callable[[Any], Any], items: list[Any]) -> float:
        start = time.perf_counter()
        for item in items:
            step(item)
        return (time.perf_counter() - start) / len(items) * 1e6

    sent_frames = [protocol.encode(m) for m in sent]
    told_frames = [protocol.encode(m) for m in told]
    steps = {
        "client encode": (protocol.encode, sent),
        "server decode": (protocol.decode_client_message, sent_frames),
        "server encode": (protocol.encode, told),
        "client decode": (protocol.decode_server_message, told_frames),
    }
    out = {"import protocol (ms)": imported * 1000}
    for name, (step, items) in steps.items():
        out[name + " (warm)"] = min(timed(step, items) for _ in range(3))
    return out


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--before", metavar="DIR")
    parser.add_argument("--once", action="store_true", help="one run, figures as JSON")
    args = parser.parse_args()
    if args.once:
        print(json.dumps(figures()))
        return 0
    trees = {"after": None, "before": args.before} if args.before else {"after": None}
    best: dict[str, dict[str, float]] = {}
    for _ in range(args.repeats):
        for which, tree in trees.items():
            env = dict(os.environ)
            if tree is not None:
                env["PYTHONPATH"] = os.path.abspath(tree)
            done = subprocess.run([sys.executable, __file__, "--once"], env=env, check=True,
                                  capture_output=True, text=True)
            for name, value in json.loads(done.stdout).items():
                mine = best.setdefault(which, {})
                mine[name] = min(value, mine.get(name, value))
    print(f"python {sys.version.split()[0]}, load {os.getloadavg()[0]:.1f}, "
          f"best of {args.repeats} (us per message)")
    for name in best["after"]:
        line = f"{name:22}" + "".join(f"  {which} {best[which][name]:7.2f}" for which in trees)
        print(line)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
