"""Fuzz soak: at least 100,000 fuzzed frames against an in-process server, counts printed.

Several connections send a seeded random mix of valid, invalid and malformed frames (see
seasalt.testing.fuzzing for the kinds and what is checked after each one). Any broken promise
(no answer in time, a bad frame without an error, a leak, a broken invariant) stops the run
with exit code 1 and the reason.

    python benchmarks/fuzz_soak.py [--frames 100000] [--clients 6] [--seed 0]
"""

from __future__ import annotations

import argparse
import asyncio
import sys
import time

import zmq.asyncio
from seasalt.server.config import ManualClock
from seasalt.testing.fuzz_frames import DROPPED, PEPPER_ACTIONS
from seasalt.testing.fuzzing import Fuzzer, FuzzFailure, soak
from seasalt.testing.server import running_server


async def main_async(args: argparse.Namespace) -> int:
    clock = ManualClock()
    ctx = zmq.asyncio.Context()
    started = time.monotonic()

    def progress(fuzzer: Fuzzer) -> None:
        took = time.monotonic() - started
        print(f"  ... {sum(fuzzer.sent.values())} frames, {took:.0f} s", flush=True)

    try:
        # High rate limits: this run is about what the server does with each frame (the
        # limits have their own tests); frames over the socket limit are rare because each
        # one costs a new connection.
        async with running_server(clock, rate_limit=1e9, rate_burst=1e9) as server:
            try:
                fuzzer = await soak(
                    server, ctx, clock, args.frames, clients=args.clients, seed=args.seed,
                    weights={DROPPED: 0.05}, progress=progress,
                )
            except FuzzFailure as exc:
                print(f"FAILED: {exc}", file=sys.stderr)
                return 1
            tables = len(server.master.tables) if server.master else 0
            accepted = server.master.game.actions_accepted if server.master else 0
    finally:
        ctx.destroy(linger=0)
    took = time.monotonic() - started
    print(f"fuzz soak: seed {args.seed}, {args.clients} clients, {took:.1f} s "
          f"({sum(fuzzer.sent.values()) / took:.0f} frames/s)")
    for line in fuzzer.summary():
        print(line)
    print(f"actions accepted by the server: {accepted}; tables at the end: {tables}")
    pepper = sum(n for kind, n in fuzzer.actions.items() if kind in PEPPER_ACTIONS)
    print(f"Extra Pepper actions sent (legal and not): {pepper}")
    print("no crash, no stall, every bad frame answered with an error, no leak, invariants held")
    return 0


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    p.add_argument("--frames", type=int, default=100_000)
    p.add_argument("--clients", type=int, default=6)
    p.add_argument("--seed", type=int, default=0)
    return asyncio.run(main_async(p.parse_args()))


if __name__ == "__main__":
    sys.exit(main())
