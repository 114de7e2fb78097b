"""The coach in words (client/widgets/coach_words.py): where it is offered, and its reasons
worded from the coach's facts (the engine's breakdown), in the player's language."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from seasalt.bots.coach import Facts, Option
from seasalt.client import i18n
from seasalt.client.screens.model import TableSummary
from seasalt.client.widgets.coach_words import coach_allowed, figures, reason
from seasalt.engine import ALL_CARDS, DrawFromDeck, Kind


@pytest.fixture(autouse=True)
def _english_after() -> Iterator[None]:
    yield
    i18n.set_language("en")


def _summary(*kinds: str, allowed: bool = False) -> TableSummary:
    return TableSummary("t", (None,) * len(kinds), tuple(kinds), coach_allowed=allowed)


def test_the_coach_is_offered_solo_or_where_the_table_allows_it_never_to_a_spectator() -> None:
    assert coach_allowed(_summary("human", "bot:expert", "bot:basic"), 0)  # solo: bots only
    assert not coach_allowed(_summary("human", "human", "bot:greedy"), 0)  # people: off
    assert coach_allowed(_summary("human", "human", allowed=True), 1)  # unless allowed
    assert not coach_allowed(_summary("human", "bot:greedy"), None)  # a spectator
    assert not coach_allowed(_summary("human", "bot:greedy", allowed=True), None)
    assert not coach_allowed(None, 0)  # the table's info not in yet


def _first(kind: Kind) -> int:
    return next(c.id for c in ALL_CARDS if c.kind is kind)


def test_reasons_come_from_what_grows_in_the_engines_breakdown() -> None:
    crab, shell = _first(Kind.CRAB), _first(Kind.SHELL)
    assert reason(Facts(crab, 0, 1, (("pairs", 1),))) == "makes a pair (+1 point)"
    assert reason(Facts(shell, 0, 2, (("collectors", 2), ("color_bonus", 1)))) == (
        "adds to your shell collection (+2 points)"
    )
    assert reason(Facts(_first(Kind.SEAHORSE), 2, 4, (("collectors", 2),))) == (
        "adds to a collection (+2 points)"  # a wild card: no kind of its own to name
    )
    assert reason(Facts(_first(Kind.LIGHTHOUSE), 0, 2, (("multipliers", 2),))) == (
        "Lighthouse counts at once (+2 points)"
    )
    assert reason(Facts(_first(Kind.MERMAID), 0, 1, (("mermaids", 1),))) == "a mermaid (+1 point)"
    assert reason(Facts(crab, 0, 0, ())) is None  # nothing grows: nothing to say
    assert reason(Facts()) is None  # a draw: no card known


def test_the_words_are_in_the_players_language() -> None:
    i18n.set_language("pt")
    crab = _first(Kind.CRAB)
    assert reason(Facts(crab, 0, 1, (("pairs", 1),))) == "forma uma dupla (+1 ponto)"
    option = Option(DrawFromDeck(), lead_gain=1.84, win_chance=0.566, reward=2.0, playouts=40,
                    facts=Facts())
    assert figures(option) == "+1.8 pontos esperados · 57% de vitória"
