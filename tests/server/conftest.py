"""Fixtures for server tests: a ZeroMQ context and an in-process server on 127.0.0.1:0."""

from __future__ import annotations

from collections.abc import AsyncIterator, Callable

import pytest
import zmq.asyncio
from seasalt.server.app import Server
from seasalt.server.config import ManualClock
from seasalt.testing.server import RawClient, running_server


@pytest.fixture
def clock() -> ManualClock:
    return ManualClock()


@pytest.fixture
async def server(clock: ManualClock) -> AsyncIterator[Server]:
    async with running_server(clock) as srv:
        yield srv


@pytest.fixture
def connect(
    ctx: zmq.asyncio.Context, server: Server
) -> Callable[[], RawClient]:
    def make() -> RawClient:
        return RawClient(ctx, server.local_endpoint)

    return make
