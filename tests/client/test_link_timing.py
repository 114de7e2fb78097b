"""The socket driver's timing without a socket (client/net/link_timing.py): heartbeats, loss,
a reconnect's give-up, what a first connect without an answer means, each on a clock the test
moves by hand. The driver's use of it over a
real socket is tests/client/test_connection.py ("heartbeats, loss and reconnection")."""

from __future__ import annotations

from seasalt.client.net.link_timing import CONNECT_PATIENCE, GIVE_UP_LOOK, LinkTiming
from seasalt.protocol import HEARTBEAT_INTERVAL, HEARTBEAT_TIMEOUT


class ManualClock:
    def __init__(self, now: float = 1000.0) -> None:
        self.now = now

    def __call__(self) -> float:
        return self.now


def opened(clock: ManualClock, **settings: float | None) -> LinkTiming:
    """A link's timing just after its welcome came in and its heartbeat went out."""
    timing = LinkTiming(clock, **settings)  # type: ignore[arg-type]
    timing.received()
    timing.sent()
    return timing


def test_the_defaults_are_the_protocols_intervals() -> None:
    timing = LinkTiming()
    assert (timing.heartbeat_interval, timing.peer_timeout) == (
        HEARTBEAT_INTERVAL,
        HEARTBEAT_TIMEOUT,
    )


def test_before_anything_is_sent_a_heartbeat_is_due_at_once() -> None:
    # The driver sends one at the first check after the socket opens (last_sent starts at 0).
    assert LinkTiming(ManualClock()).heartbeat_due()


def test_a_heartbeat_falls_due_one_interval_after_the_last_send() -> None:
    clock = ManualClock()
    timing = opened(clock, heartbeat_interval=2.0, peer_timeout=10.0)
    clock.now += 1.75
    assert not timing.heartbeat_due()
    clock.now += 0.25
    assert timing.heartbeat_due()
    timing.sent()  # anything sent counts, not only heartbeats
    assert not timing.heartbeat_due()


def test_hearing_from_the_server_does_not_put_off_our_heartbeat() -> None:
    clock = ManualClock()
    timing = opened(clock, heartbeat_interval=2.0, peer_timeout=10.0)
    clock.now += 2.0
    timing.received()
    assert timing.heartbeat_due()


def test_the_server_is_silent_after_the_peer_timeout_and_any_frame_resets_it() -> None:
    clock = ManualClock()
    timing = opened(clock, heartbeat_interval=2.0, peer_timeout=10.0)
    clock.now += 9.5
    timing.sent()  # our own heartbeats do not count as hearing from the server
    assert not timing.peer_silent()
    clock.now += 0.5
    assert timing.peer_silent()
    timing.received()
    assert not timing.peer_silent()
    clock.now += 9.9
    assert not timing.peer_silent()


def test_a_check_made_at_an_instant_reads_that_instant() -> None:
    # recv reads the clock once per pass and judges both timers at that instant.
    clock = ManualClock()
    timing = opened(clock, heartbeat_interval=2.0, peer_timeout=10.0)
    then = clock.now
    clock.now += 20.0
    assert not timing.heartbeat_due(then) and not timing.peer_silent(then)
    assert timing.heartbeat_due() and timing.peer_silent()


def test_the_wait_runs_to_the_nearer_of_the_two_deadlines_and_never_below_zero() -> None:
    clock = ManualClock()
    timing = opened(clock, heartbeat_interval=2.0, peer_timeout=10.0)
    assert timing.wait() == 2.0  # the next heartbeat comes first
    clock.now += 1.5
    assert timing.wait() == 0.5
    clock.now += 7.5
    timing.sent()
    clock.now += 0.5  # 9.5 s of silence from the server, 0.5 s since we sent
    assert timing.wait() == 0.5  # now the peer timeout comes first
    clock.now += 3.0  # both overdue
    assert timing.wait() == 0.0


def test_a_reconnect_has_no_attempt_deadline_only_its_give_up_time() -> None:
    # The socket keeps its half-done handshake: nothing in the schedule cuts a slow one short
    # (each attempt used to get max(delay, 0.5 s) on a fresh socket, then was thrown away).
    clock = ManualClock()
    reconnect = opened(clock, give_up_after=60.0).reconnecting()
    looks = 0
    while not reconnect.given_up():
        assert reconnect.next_look() == GIVE_UP_LOOK
        clock.now += reconnect.next_look()
        looks += 1
    assert looks == 60  # a look a second, and nothing else decided, until 60 s have passed


def test_a_first_connect_is_trying_until_its_patience_is_spent() -> None:
    clock = ManualClock()
    first = opened(clock).first_connect(patience=8.0)
    assert first.verdict(reached=True) == "trying" and first.next_look() == 8.0
    clock.now += 7.9
    assert first.verdict(reached=False) == first.verdict(reached=True) == "trying"
    assert abs(first.next_look() - 0.1) < 1e-9


def test_a_port_that_answered_is_a_slow_link_and_no_answer_is_no_server() -> None:
    clock = ManualClock()
    first = opened(clock).first_connect(patience=8.0)
    clock.now += 8.0
    assert first.verdict(reached=True) == "slow"  # kept trying while the player watches
    assert first.verdict(reached=False) == "unreachable"
    assert first.next_look() == 0.0  # settled: nothing more to wait for on the clock
    clock.now += 100.0
    assert first.verdict(reached=True) == "slow"


def test_the_default_patience_is_the_apps() -> None:
    assert opened(ManualClock()).first_connect().patience == CONNECT_PATIENCE


def test_reconnecting_gives_up_when_its_time_since_the_start_is_spent() -> None:
    clock = ManualClock()
    reconnect = opened(clock, give_up_after=30.0).reconnecting()
    clock.now += 29.9
    assert not reconnect.given_up()
    clock.now += 0.1
    assert reconnect.given_up()


def test_a_limit_of_zero_gives_up_after_the_first_attempt_and_none_never() -> None:
    clock = ManualClock()
    assert opened(clock, give_up_after=0.0).reconnecting().given_up()
    forever = opened(clock, give_up_after=None).reconnecting()
    clock.now += 1e9
    assert not forever.given_up()
