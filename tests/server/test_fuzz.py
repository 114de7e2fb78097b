"""Stateful fuzzing of an in-process server (hypothesis RuleBasedStateMachine).

Three connections send random sequences of valid, invalid and malformed frames (random bytes,
wrong shapes, unknown and server-only tags, wrong types, other protocol versions, several
frames in one message, frames over the application and the socket limits, bad tokens, stale
seqs, illegal actions, actions for other seats and tables), while the server's clock jumps now
and then. After every frame seasalt.testing.fuzzing checks that the server answered in time,
that a bad frame got a fitting error code (or, over the socket limit, a dropped connection),
and that every frame that left the server carried only its seat's view and redacted events,
named only cards that seat may see, and came from a state keeping the engine invariants.

A short derandomized run here; ``benchmarks/fuzz_soak.py`` sends 100,000 frames.
"""

from __future__ import annotations

import asyncio
import random
from typing import Any

import pytest
import zmq.asyncio
from hypothesis import HealthCheck, Phase, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, invariant, rule
from seasalt.protocol import tag_name
from seasalt.server.config import ManualClock
from seasalt.testing.fuzz_frames import (
    KINDS,
    MORE_TABLES,
    PEPPER_ACTIONS,
    PEPPER_TABLES,
    TABLES,
    next_kind,
    random_action,
)
from seasalt.testing.fuzzing import Fuzzer, soak
from seasalt.testing.server import running_server

pytestmark = pytest.mark.timeout(90)

CLIENTS = 3
FAST = {"rate_limit": 1e9, "rate_burst": 1e9}
"""The limits have their own tests; here every frame should reach the decoder."""


class ServerFuzz(RuleBasedStateMachine):
    def __init__(self) -> None:
        super().__init__()
        self.loop = asyncio.new_event_loop()
        self.clock = ManualClock()
        self.ctx = zmq.asyncio.Context()
        self._server_cm = running_server(self.clock, **FAST)
        server = self.run(self._server_cm.__aenter__())
        self.fuzzer = Fuzzer(server, self.ctx, self.clock)
        for _ in range(CLIENTS):
            self.fuzzer.add_client()

    def run(self, coro: Any) -> Any:
        return self.loop.run_until_complete(coro)

    @rule(client=st.integers(0, CLIENTS - 1), kind=st.sampled_from(KINDS), seed=st.integers())
    def any_frame(self, client: int, kind: str, seed: int) -> None:
        self.run(self.fuzzer.send(client, kind, random.Random(seed)))

    @rule(client=st.integers(0, CLIENTS - 1), seed=st.integers(), steps=st.integers(1, 8))
    def plausible_frames(self, client: int, seed: int, steps: int) -> None:
        """Frames a real client might send next (sessions, joins, legal moves) with bad ones
        mixed in, so games start and reach rounds' ends."""
        rng = random.Random(seed)
        kinds = list(KINDS)
        for _ in range(steps):
            kind = next_kind(self.fuzzer.clients[client], rng, kinds, [1.0] * len(kinds))
            self.run(self.fuzzer.send(client, kind, rng))

    @rule(seconds=st.sampled_from([1.0, 7.0, 31.0, 80.0]))
    def time_passes(self, seconds: float) -> None:
        self.run(self.fuzzer.advance(seconds))

    @invariant()
    def the_server_kept_its_promises(self) -> None:
        assert not self.fuzzer.problems, self.fuzzer.problems[:5]

    def teardown(self) -> None:
        self.fuzzer.close()
        self.run(self._server_cm.__aexit__(None, None, None))
        self.ctx.destroy(linger=0)
        self.loop.close()


ServerFuzz.TestCase.settings = settings(
    max_examples=8,
    stateful_step_count=30,
    derandomize=True,
    database=None,
    deadline=None,
    suppress_health_check=list(HealthCheck),
    phases=(Phase.explicit, Phase.generate),  # no shrinking: bounded time even on a failure
)
test_server_under_stateful_fuzzing = ServerFuzz.TestCase


async def test_a_seeded_burst_from_concurrent_connections() -> None:
    """Connections fuzzing at the same time (the soak script's loop, briefly)."""
    clock = ManualClock()
    ctx = zmq.asyncio.Context()
    try:
        async with running_server(clock, **FAST) as server:
            fuzzer = await soak(server, ctx, clock, 250, clients=4, seed=3)
    finally:
        ctx.destroy(linger=0)
    assert sum(fuzzer.sent.values()) == 250
    assert fuzzer.checked > 0 and not fuzzer.problems
    assert fuzzer.errors  # the bad frames were answered


def test_the_fuzzer_sends_every_extra_pepper_action() -> None:
    """Mangled (random ids) at any table; legal ones come from its Extra Pepper tables' views
    (PEPPER_TABLES: benchmarks/fuzz_soak.py prints how many it sent)."""
    rng = random.Random(17)
    sent = {tag_name(type(random_action(rng))) for _ in range(400)}
    assert sent >= PEPPER_ACTIONS
    assert PEPPER_TABLES and {*TABLES, *(f"g{n}" for n in range(MORE_TABLES))} >= PEPPER_TABLES
