"""What each Extra Pepper effect changed in a breakdown, and the hand grouping under effects
(RULES §12.3-§12.6): the UI shows "The Kraken: -3 for octopuses" from these, never its own sums.
"""

from __future__ import annotations

from seasalt.engine import (
    Breakdown,
    ComboKind,
    EventCard,
    EventPoints,
    Phase,
    Rules,
    breakdown,
    card_points,
    make_state,
    scoring_combinations,
    view,
)
from seasalt.engine.combos import combination_cards
from seasalt.protocol.codec import from_wire, to_wire

E = EventCard
# Card ids (engine/cards.py order): crabs 0-8, boats 9-16, fish 17-23, swimmers 24-28, sharks
# 29-33, shells 34-39, octopuses 40-44 (LB, Y, G, Pu, Gy), penguins 45-47, mermaids 54-57,
# jellyfish 58-59, starfish 62-64, seahorse 65.


def test_the_kraken_on_two_octopuses_is_minus_one() -> None:
    # RULES §12.15 P43: 2 octopuses score 2 (3 without).
    b = breakdown([40, 41], (), [E.KRAKEN])
    assert b.collectors == 2 and b.total == 2
    assert b.events == (EventPoints(E.KRAKEN, -1),)


def test_the_kraken_on_five_octopuses_is_minus_seven() -> None:
    # RULES §12.15 P44: 5 octopuses score 5 (12 without).
    assert breakdown([40, 41, 42, 43, 44], (), [E.KRAKEN]).events == (
        EventPoints(E.KRAKEN, -7),
    )


def test_the_kraken_raises_a_lone_octopus() -> None:
    # RULES §12.5: it raises the points of a lone one (1 instead of 0).
    assert breakdown([40], (), [E.KRAKEN]).events == (EventPoints(E.KRAKEN, 1),)


def test_the_tornado_takes_the_mermaids_points() -> None:
    # RULES §12.15 P49: 2 mermaids, crab DB x2, boat DB: 1 point (6 without).
    b = breakdown([54, 55, 0, 1, 9], (), [E.TORNADO])
    assert b.total == 1 and b.mermaids == 0 and b.color_bonus == 3
    assert b.events == (EventPoints(E.TORNADO, -5),)


def test_the_dance_of_the_shells_gives_two_for_each_shell() -> None:
    # RULES §12.15 P38: 3 shells score 6 (4 without).
    assert breakdown([34, 35, 36], (), [E.DANCE_OF_THE_SHELLS]).events == (
        EventPoints(E.DANCE_OF_THE_SHELLS, 2),
    )


def test_the_water_rodeo_counts_two_swimmers_in_hand() -> None:
    # RULES §12.15 P29: two sharks in hand score 1 under the Water Rodeo, 0 without.
    assert breakdown([29, 30], (), [E.WATER_RODEO]).events == (EventPoints(E.WATER_RODEO, 1),)
    assert breakdown([29, 30]).events == ()


def test_two_effects_each_say_what_they_changed() -> None:
    # RULES §12.0 "Who is affected": two different effects can apply to one seat.
    b = breakdown([40, 41, 42, 54], (), [E.KRAKEN, E.TORNADO])
    # Kraken: 3 octopuses 6 -> 3; Tornado: the mermaid's 1 (every colour group holds one
    # card) -> 0. In enum order, and they add up to the difference.
    assert b.events == (EventPoints(E.KRAKEN, -3), EventPoints(E.TORNADO, -1))
    assert b.total == breakdown([40, 41, 42, 54]).total - 4


def test_an_effect_that_changes_nothing_is_not_listed() -> None:
    # The Kraken with no octopus; the Sunfish never scores (RULES §12.2 "Scoring. Unchanged").
    assert breakdown([0, 1], (), [E.KRAKEN, E.SUNFISH]).events == ()
    assert breakdown([0, 1], (), [E.KRAKEN]) == breakdown([0, 1])


def test_card_points_and_repr_are_unchanged_without_events() -> None:
    assert card_points([40, 41, 42], (), [E.KRAKEN]) == 3
    assert "events" not in repr(breakdown([40, 41]))  # golden hashes of base-game views
    assert "events" in repr(breakdown([40, 41], (), [E.KRAKEN]))


def test_the_changes_cross_the_wire() -> None:
    b = breakdown([40, 41], (), [E.KRAKEN])
    assert from_wire(to_wire(b, Breakdown), Breakdown, "b") == b
    assert "events" not in to_wire(breakdown([40, 41]), Breakdown)


def test_the_view_and_the_round_result_carry_the_changes() -> None:
    # RULES §12.0 "Defaults": card points are computed under the seat's own effects.
    rules = Rules(2, extra_pepper=True)
    hands = ((40, 41, 42), (0, 1))
    used = {40, 41, 42, 0, 1, 9, 10}
    state = make_state(
        rules, hands=hands, piles=((9,), (10,)), deck=[c for c in range(58) if c not in used],
        phase=Phase.PLAY, table_event=E.KRAKEN,
        event_deck=[e for e in EventCard if e is not E.KRAKEN],
    )
    assert view(state, 0).breakdown.events == (EventPoints(E.KRAKEN, -3),)  # type: ignore[union-attr]
    assert view(state, 1).breakdown.events == ()  # type: ignore[union-attr]


def test_the_hand_grouping_follows_the_effects() -> None:
    # RULES §12.3: two swimmers pair under the Water Rodeo; jellyfish take their swimmer first.
    combos = scoring_combinations([24, 25, 26, 58], [E.WATER_RODEO])
    pairs = {c.cards for c in combos if c.kind is ComboKind.PAIR}
    assert pairs == {(24, 58), (25, 26)}
    assert not scoring_combinations([24, 25])
    # RULES §12.15 P37: one shell scores 2 under the Dance of the Shells (0 without).
    assert combination_cards(scoring_combinations([34], [E.DANCE_OF_THE_SHELLS])) == {34}
    assert not scoring_combinations([34])
    # RULES §12.5: a lone octopus scores 1 under the Kraken.
    assert combination_cards(scoring_combinations([40], [E.KRAKEN])) == {40}


def test_the_grouping_agrees_with_the_points_under_effects() -> None:
    # Every hand pair the grouping shows is one the breakdown counts (RULES §12.3 P29).
    for hand in ([24, 25, 29], [24, 29, 30, 31], [24, 25, 26, 27, 58, 59], [29, 30, 31, 32]):
        b = breakdown(hand, (), [E.WATER_RODEO])
        shown = [c for c in scoring_combinations(hand, [E.WATER_RODEO])
                 if c.kind is ComboKind.PAIR]
        assert len(shown) == b.pairs_in_hand, hand
