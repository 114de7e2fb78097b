"""Fixtures for the Textual client's tests.

``FakeLink`` (seasalt.testing.tui) is an engine-backed fake of the network boundary: it speaks
protocol messages, no sockets. Seat 0 is the human; the other seats play seeded random choices.
It drives every screen without a server (test_solo_game.py plays against the real one).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import pytest
from seasalt.bots.greedy import choose_greedy
from seasalt.engine import (
    Call,
    CallKind,
    DrawFromDeck,
    EndTurn,
    KeepCard,
    Kind,
    Phase,
    PlayPair,
    PlayTrio,
    TakeDiscard,
    card,
)
from seasalt.testing import tui as kit


class Tui:
    """The shared kit (seasalt.testing.tui) as a fixture (importlib mode: no conftest imports)."""

    text = staticmethod(kit.screen_text)
    key = staticmethod(kit.press)
    until = staticmethod(kit.until)
    settled = staticmethod(kit.settled)
    through = staticmethod(kit.through)
    until_table = staticmethod(kit.until_table)
    host = staticmethod(kit.host_from_start_menu)


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
def fake_link() -> type[kit.FakeLink]:
    return kit.FakeLink


# --- a player that steers towards prompts it has not seen (the solo game test) -----------------

GOALS = ("KEEP", "CRAB_PILE", "CRAB_TAKE", "ROB", "LOBSTER", "TRIO", "CALL", "LOCKED")
"""Prompts a full solo game must reach (test_solo_game.SEED, two greedy bots, Extra Salt reaches
them all)."""


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
    """A legal action of ``view`` that heads for an unseen prompt (deterministic); once every
    goal it steers for was seen, the greedy bot's action, so the rest of the game is over
    sooner (the lock is not steered for: the test reads it from the prompts shown)."""
    legal = view.legal_actions
    seen.add(view.phase.name)
    if set(GOALS) - {"LOCKED"} <= seen:
        return choose_greedy(view, random.Random(view.move))
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
