"""Fixtures for the Textual client's tests.

``FakeLink`` is an engine-backed fake of the network boundary: it speaks protocol messages, no
sockets. Seat 0 is the human; the other seats play seeded random choices. It drives every
screen without a server (test_solo_game.py plays against the real one).
"""

from __future__ import annotations

import asyncio
import random
import time
from collections.abc import Callable
from typing import Any

import pytest
from seasalt import protocol as p
from seasalt.engine import (
    Call,
    CallKind,
    DrawFromDeck,
    EndTurn,
    EventKind,
    GameState,
    KeepCard,
    Kind,
    Phase,
    PlayPair,
    PlayTrio,
    Rules,
    TakeDiscard,
    apply,
    card,
    events_for,
    new_game,
    view,
)
from textual import events
from textual.app import App


class FakeLink:
    """A :class:`seasalt.client.app.Link` over an in-process engine game."""

    def __init__(
        self, address: str = "fake:1", name: str = "Ann", *, seed: int = 3, players: int = 3,
        names: tuple[str, ...] = ("Bob", "Cy", "Di"), state: GameState | None = None,
        fail: Exception | None = None,
    ) -> None:
        self.address = address
        self.name = name
        self.seed = seed
        self.players = players
        self.names = names
        self.state = state
        self.fail = fail
        self.inbox: asyncio.Queue[Any] = asyncio.Queue()
        self.sent: list[Any] = []
        self.seq = 0
        self.rng = random.Random(seed)
        self.table = "solo"

    async def connect(self) -> None:
        if self.fail is not None:
            raise self.fail

    async def close(self) -> None:
        return None

    async def recv(self) -> Any:
        return await self.inbox.get()

    def info(self) -> p.TableInfo:
        seats = [p.SeatInfo("human", self.name, True, False)] + [
            p.SeatInfo("bot:random", self.names[i], True, True) for i in range(self.players - 1)
        ]
        return p.TableInfo(self.table, tuple(seats), False, False, p.TableState.RUNNING, 1)

    async def send(self, message: Any) -> None:
        self.sent.append(message)
        if isinstance(message, p.ListTables):
            await self.inbox.put(p.Tables((self.info(),)))
        elif isinstance(message, p.JoinOrCreate):
            self.table = message.table
            if self.state is None:
                self.state = new_game(Rules(self.players), self.seed)
            await self.inbox.put(p.Joined(self.table, 0))
            await self.inbox.put(p.TableChanged(self.info()))
            await self.inbox.put(p.Snapshot(self.table, self.seq, view(self.state, 0)))
            await self._bots()
        elif isinstance(message, p.ActionRequest):
            assert self.state is not None
            if message.seq != self.seq:
                await self.inbox.put(p.Error(p.ErrorCode.STALE_SEQ, "stale", self.table))
                return
            await self._apply(message.action)
            await self._bots()
        elif isinstance(message, p.Chat):
            await self.inbox.put(p.ChatLine(self.table, self.name, 0, message.text))

    async def _apply(self, action: Any) -> None:
        assert self.state is not None
        result = apply(self.state, action)
        self.state = result.state
        self.seq += 1
        await self.inbox.put(
            p.Update(self.table, self.seq, view(self.state, 0), events_for(result.events, 0))
        )
        for event in result.events:
            if event.kind in (EventKind.ROUND_SCORED, EventKind.ROUND_VOID):
                assert self.state.last_result is not None
                await self.inbox.put(
                    p.RoundOver(self.table, self.seq, self.state.last_result, (0,))
                )
        if self.state.is_over:
            await self.inbox.put(
                p.GameOver(self.table, self.seq, self.state.scores, self.state.winners,
                           self.state.standings())
            )

    async def _bots(self) -> None:
        assert self.state is not None
        while not self.state.is_over and self.state.to_act != 0:
            options = view(self.state, self.state.to_act).legal_actions
            await self._apply(options[self.rng.randrange(len(options))])


class Tui:
    """Small helpers to drive an app quickly (Pilot.press waits for an idle CPU: slow here)."""

    @staticmethod
    def text(app: App[Any]) -> str:
        """The screen as plain text, one line per row."""
        strips = app.screen._compositor.render_strips()
        return "\n".join("".join(seg.text for seg in strip).rstrip() for strip in strips)

    @staticmethod
    async def key(app: App[Any], key: str) -> None:
        """Send one key press through the driver, as a terminal would."""
        assert app._driver is not None
        char = key if len(key) == 1 else None
        event = events.Key(key, char)
        event.set_sender(app)
        app._driver.send_message(event)
        await asyncio.sleep(0)

    @staticmethod
    async def until(predicate: Callable[[], object], timeout: float = 10.0) -> None:
        """Wait until ``predicate()`` is true; fail after ``timeout`` seconds."""
        deadline = time.monotonic() + timeout
        while not predicate():
            if time.monotonic() > deadline:
                raise AssertionError(f"condition not met within {timeout} s")
            await asyncio.sleep(0.005)


@pytest.fixture
def tui() -> type[Tui]:
    return Tui


@pytest.fixture(autouse=True)
def _own_user_dirs(
    tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Solo and host servers keep journals in the user data dir: each test gets its own (a
    journal left by another test would change the game a seed deals, and the real home stays
    untouched). Tests that set these themselves override it."""
    home = tmp_path_factory.mktemp("xdg")
    for name in ("XDG_DATA_HOME", "XDG_STATE_HOME", "XDG_CONFIG_HOME"):
        monkeypatch.setenv(name, str(home / name.lower()))


@pytest.fixture
def fake_link() -> type[FakeLink]:
    return FakeLink


# --- a player that steers towards prompts it has not seen (the solo game test) -----------------

GOALS = ("KEEP", "CRAB_PILE", "CRAB_TAKE", "ROB", "LOBSTER", "TRIO", "CALL", "LOCKED")
"""Prompts a full solo game must reach (seed 1, two greedy bots, Extra Salt reaches them all)."""


def pair_goal(cards: tuple[int, ...]) -> str | None:
    """The prompt a pair leads to."""
    kinds = {card(c).kind for c in cards}
    if Kind.LOBSTER in kinds:
        return "LOBSTER"
    if kinds == {Kind.CRAB}:
        return "CRAB_PILE"
    if kinds == {Kind.SWIMMER, Kind.SHARK}:
        return "ROB"
    return None


def useful(card_id: int | None, hand: tuple[int, ...], seen: set[str]) -> bool:
    """Would this card complete a pair (or a trio) leading to a prompt not seen yet?"""
    if card_id is None:
        return False
    kind = card(card_id).kind
    kinds = [card(c).kind for c in hand]
    wants: list[tuple[Kind, Kind]] = []
    if "CRAB_PILE" not in seen:
        wants += [(Kind.CRAB, Kind.CRAB)]
    if "ROB" not in seen:
        wants += [(Kind.SWIMMER, Kind.SHARK), (Kind.SHARK, Kind.SWIMMER)]
    if "LOBSTER" not in seen:
        wants += [(Kind.LOBSTER, Kind.CRAB), (Kind.CRAB, Kind.LOBSTER)]
    if "TRIO" not in seen and kind is Kind.STARFISH:
        return True
    return any(kind is a and b in kinds for a, b in wants)


def choose(view: Any, seen: set[str]) -> Any:
    """A legal action of ``view`` that heads for an unseen prompt (deterministic)."""
    legal = view.legal_actions
    seen.add(view.phase.name)
    if view.phase is Phase.PLAY:
        for a in legal:
            if isinstance(a, PlayTrio) and "TRIO" not in seen:
                seen.add("TRIO")
                return a
        for a in legal:
            if isinstance(a, PlayPair) and pair_goal(a.cards) not in (None, *seen):
                return a
        calls = [a for a in legal if isinstance(a, Call)]
        if calls:
            want = CallKind.LAST_CHANCE if "CALL" not in seen else CallKind.STOP
            seen.add("CALL")
            return next(c for c in calls if c.kind is want)
        pairs = [a for a in legal if isinstance(a, PlayPair)]
        if pairs:
            return pairs[0]
        return next(a for a in legal if isinstance(a, EndTurn))
    if view.phase is Phase.DRAW:
        for a in legal:
            if isinstance(a, TakeDiscard) and useful(view.piles[a.pile].top, view.hand, seen):
                return a
        return next((a for a in legal if isinstance(a, DrawFromDeck)), legal[0])
    if view.phase is Phase.KEEP:
        for a in legal:
            if isinstance(a, KeepCard) and useful(a.card, view.hand, seen):
                return a
    return legal[0]


@pytest.fixture
def coverage_choose() -> Callable[[Any, set[str]], Any]:
    return choose
