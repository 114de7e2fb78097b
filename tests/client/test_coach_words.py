"""The coach in words (client/words/coach.py; ``coach_allowed`` in client/tui/widgets/coach.py):
where it is offered, and its reasons worded from the coach's facts (the engine's breakdown), in
the player's language."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from seasalt.bots.coach import Facts, Option
from seasalt.client.tui.messages import TableSummary
from seasalt.client.tui.widgets.coach import coach_allowed
from seasalt.client.words import i18n
from seasalt.client.words.coach import figures, reason
from seasalt.client.words.event_cards import event_name
from seasalt.client.words.game import Names
from seasalt.engine import (
    ALL_CARDS,
    DrawFromDeck,
    EventCard,
    EventPoints,
    Kind,
    PlayPair,
    SwapCard,
)


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
    # A decimal comma, as Portuguese writes it (it read "+1.8": session 11).
    assert figures(option) == "+1,8 pontos esperados na sua vantagem · 57% de vitória"


def test_a_chance_to_win_not_told_apart_from_the_advices_is_not_shown_as_a_number() -> None:
    # bots/coach_rank.py: "or Keep Boat ... 48% to win" under the advice's 40% argued against
    # the advice when the playouts could not tell the two apart.
    option = Option(DrawFromDeck(), lead_gain=-1.9, win_chance=0.48, reward=-1.9, playouts=60,
                    facts=Facts(), as_likely_to_win=True)
    assert figures(option) == "-1.9 expected on your lead · as likely to win"
    i18n.set_language("fr")
    assert figures(option).startswith("-1,9 ")
    assert figures(option).endswith(" · autant de chances de victoire")


# --- Extra Pepper (RULES §12): the coach's event facts in words ----------------------------

def test_a_water_rodeo_swap_says_both_hands_points() -> None:
    # RULES §12.3: the engine's card points of our hand and of the hand we looked at.
    names = Names(["Ann", "Bob", "Cy"], 0)
    swap = SwapCard(34, 41)
    facts = Facts(41, 3, 5, (("collectors", 2),), gives=34, target=1, target_before=4,
                  target_after=2)
    assert reason(facts, swap, names) == "+2 card points for you, -2 for Bob"


def test_a_face_down_shell_and_a_stolen_pair_say_what_they_change() -> None:
    # RULES §12.12: the shell scores nothing face down; §12.3: the stolen pair scores for us.
    assert reason(Facts(None, 4, 2, (), gives=34)) == "costs 2 card points"
    assert reason(Facts(None, 4, 4, (), gives=34)) is None  # (free: the prompt says why)
    assert reason(Facts(None, 1, 2, (("pairs", 1),), lays=(9, 10))) == (
        "the pair joins your table (+1 point)")


def test_what_an_event_changes_in_the_points_is_said_with_the_reason() -> None:
    # RULES §12.5: a third octopus under the Kraken, +1 where it would be +3.
    octopus = _first(Kind.OCTOPUS)
    facts = Facts(octopus, 2, 3, (("collectors", 1),), events=(EventPoints(EventCard.KRAKEN, -2),))
    assert reason(facts) == (
        "adds to your octopus collection (+1 point); The Kraken: -2 for octopuses")


def test_every_event_effect_a_choice_can_set_off_has_words() -> None:
    sharks = PlayPair((29, 30))
    said = {event: reason(Facts(triggers=(event,)), sharks) for event in (
        EventCard.DOLPHINS, EventCard.ANGELFISH, EventCard.SUNFISH, EventCard.HERMIT_CRAB,
        EventCard.WATER_RODEO)}
    assert said[EventCard.DOLPHINS] == "you also take the top deck card (The Dolphins)"
    assert said[EventCard.WATER_RODEO] == "you steal a laid pair (The Water Rodeo)"
    assert all(text and event_name(event) in text for event, text in said.items())
    swimmers = reason(Facts(triggers=(EventCard.WATER_RODEO,)), PlayPair((24, 25)))
    assert swimmers == "you look at a hand, then swap a card or pass (The Water Rodeo)"
    # RULES §12.7: the mermaid win, said first.
    mermaid = _first(Kind.MERMAID)
    win = Facts(mermaid, 2, 3, (("mermaids", 1),), wins=True,
                triggers=(EventCard.DANCE_OF_THE_MERMAIDS,))
    assert reason(win) == (
        "wins the game at once: 3 mermaids (The Dance of the Mermaids); a mermaid (+1 point)")
    assert reason(Facts(mermaid, 3, 4, (("mermaids", 1),), wins=True)) == (
        "wins the game at once; a mermaid (+1 point)")


@pytest.mark.parametrize("lang", ["pt", "es", "fr"])
def test_the_event_words_are_in_the_players_language(lang: str) -> None:
    i18n.set_language(lang)
    names = Names(["Ann", "Bob"], 0)
    texts = [
        reason(Facts(41, 3, 5, (), gives=34, target=1, target_before=4, target_after=2),
               SwapCard(34, 41), names),
        reason(Facts(None, 4, 2, (), gives=34)),
        reason(Facts(None, 1, 2, (("pairs", 1),), lays=(9, 10))),
        *(reason(Facts(triggers=(event,)), PlayPair((24, 25))) for event in (
            EventCard.DOLPHINS, EventCard.ANGELFISH, EventCard.SUNFISH, EventCard.HERMIT_CRAB,
            EventCard.WATER_RODEO)),
        reason(Facts(_first(Kind.MERMAID), 0, 0, (), wins=True)),
    ]
    i18n.set_language("en")
    english = [
        "+2 card points for you, -2 for Bob", "costs 2 card points",
        "the pair joins your table (+1 point)",
    ]
    assert all(texts) and not set(english) & set(texts)  # translated, none left in English
    assert "Bob" in str(texts[0])
