"""Card points, colour bonus, breakdown and a call's gains (RULES §5, §6.1, §6.2, §11.3-§11.6)."""

import pytest
from seasalt.engine import (
    Breakdown,
    CallKind,
    breakdown,
    card_points,
    cards_from_codes,
    color_bonus,
    round_gains,
)


def cards(text: str) -> tuple[int, ...]:
    return cards_from_codes(text)


def points(hand: str, *groups: str) -> int:
    return card_points(cards(hand), [cards(g) for g in groups])


def test_example_1() -> None:  # RULES §5.6 example 1
    hand = cards("crab/db crab/lb shell/g shell/y octopus/y lighthouse/p mermaid/w")
    table = [cards("boat/y boat/y")]
    b = breakdown(hand, table)
    assert (b.pairs_on_table, b.pairs_in_hand) == (1, 1)
    assert (b.collectors, b.multipliers, b.mermaids) == (2, 2, 4)
    assert b.total == 10 and b.color_bonus == 4


def test_example_2_white_counts() -> None:  # RULES §5.6 example 2, §5.4 white counts
    b = breakdown(cards("mermaid/w mermaid/w mermaid/w fish/db fish/db shark/bk"))
    assert b.mermaids == 6 and b.pairs_in_hand == 1
    assert b.total == 7 and b.color_bonus == 3


def test_example_3_official_mermaids() -> None:  # RULES §5.6 example 3
    hand = "mermaid/w mermaid/w crab/lb crab/lb boat/lb fish/lb crab/g fish/g"
    assert breakdown(cards(hand)).mermaids == 4 + 2


@pytest.mark.parametrize(
    ("hand", "expected"),
    [
        ("penguin/p penguin/lo penguin/pk penguin_colony/g", 11),  # RULES §5.6 example 4
        ("sailor/pk sailor/o captain/lo", 11),
    ],
)
def test_example_4(hand: str, expected: int) -> None:
    assert points(hand) == expected


# RULES §5.1 collectors, count by count.
COLLECTOR_CASES = [
    ("shell", ["db", "lb", "bk", "y", "g", "gy"], [0, 2, 4, 6, 8, 10]),
    ("octopus", ["lb", "y", "g", "p", "gy"], [0, 3, 6, 9, 12]),
    ("penguin", ["p", "lo", "pk"], [1, 3, 5]),
    ("sailor", ["pk", "o"], [0, 5]),
]


@pytest.mark.parametrize(
    ("kind", "n", "expected"),
    [(k, i + 1, pts) for k, _, table in COLLECTOR_CASES for i, pts in enumerate(table)],
)
def test_collectors(kind: str, n: int, expected: int) -> None:
    colors = next(c for k, c, _ in COLLECTOR_CASES if k == kind)
    hand = " ".join(f"{kind}/{c}" for c in colors[:n])
    b = breakdown(cards(hand))
    assert b.collectors == expected and b.total == expected


# RULES §5.3 multipliers: the cards they count sit in hand or on the table.
@pytest.mark.parametrize(
    ("hand", "groups", "expected_multipliers"),
    [
        ("lighthouse/p", [], 0),
        ("lighthouse/p boat/db", [], 1),
        ("lighthouse/p boat/db", ["boat/lb boat/lb", "boat/bk boat/bk"], 5),
        ("shoal_of_fish/gy fish/db fish/bk fish/y", [], 3),
        ("shoal_of_fish/gy", ["fish/db fish/db"], 2),
        ("penguin_colony/g penguin/p", [], 2),
        ("penguin_colony/g penguin/p penguin/lo penguin/pk", [], 6),
        ("captain/lo sailor/o", [], 3),
        ("captain/lo", [], 0),
        ("cast_of_crabs/g crab/db crab/lb crab/y", [], 3),  # RULES §11.3
        ("cast_of_crabs/g lobster/bk", ["crab/db crab/lb"], 2),  # lobsters are not crabs
        ("boat/db fish/db penguin/p sailor/o crab/db", [], 0),  # no multiplier, no bonus
    ],
)
def test_multipliers(hand: str, groups: list[str], expected_multipliers: int) -> None:
    b = breakdown(cards(hand), [cards(g) for g in groups])
    assert b.multipliers == expected_multipliers


# RULES §5.4 mermaids: sum of the k largest colour groups, white included, ties irrelevant.
@pytest.mark.parametrize(
    ("hand", "expected_mermaids"),
    [
        ("crab/db crab/db", 0),  # no mermaid
        ("mermaid/w", 1),  # a lone mermaid scores its own white group
        ("mermaid/w crab/db crab/db boat/db", 3),
        ("mermaid/w crab/db boat/lb fish/bk", 1),  # every group 1 (tie, white included)
        ("mermaid/w mermaid/w crab/db boat/db fish/lb shell/lb", 4),  # ties: 2 + 2
        ("mermaid/w mermaid/w crab/db boat/db fish/lb", 4),  # W2 DB2 LB1 -> 2 + 2
        ("mermaid/w mermaid/w mermaid/w crab/db", 4),  # W3 DB1
        ("mermaid/w mermaid/w mermaid/w", 3),  # surplus mermaids score 0
        ("mermaid/w mermaid/w mermaid/w mermaid/w", 4),
        ("mermaid/w mermaid/w mermaid/w mermaid/w crab/db crab/lb crab/y", 7),  # 4+1+1+1
    ],
)
def test_mermaids(hand: str, expected_mermaids: int) -> None:
    assert breakdown(cards(hand)).mermaids == expected_mermaids


def test_mermaids_count_table_cards() -> None:  # RULES §5: hand + table together
    b = breakdown(cards("mermaid/w crab/y"), [cards("boat/y boat/y")])
    assert b.mermaids == 3 and b.color_bonus == 3


# RULES §5.2 pairs in hand (maximum matching); §9 rows 19, 20.
@pytest.mark.parametrize(
    ("hand", "expected_pairs"),
    [
        ("crab/db", 0),
        ("crab/db crab/lb", 1),
        ("crab/db crab/lb crab/y", 1),
        ("crab/db crab/lb crab/y crab/bk", 2),
        ("boat/db boat/db fish/db fish/db", 2),
        ("swimmer/db", 0),
        ("shark/db", 0),
        ("shark/db shark/lb", 0),
        ("swimmer/db swimmer/lb", 0),
        ("swimmer/db shark/db", 1),
        ("swimmer/db swimmer/lb shark/db", 1),
        ("swimmer/db swimmer/lb shark/db shark/bk shark/g", 2),
        # RULES §11.6 with Extra Salt:
        ("crab/db lobster/bk", 1),
        ("lobster/bk", 0),
        ("crab/db crab/lb lobster/bk", 1),
        ("crab/db crab/lb crab/y lobster/bk", 2),
        ("swimmer/db jellyfish/p", 1),
        ("jellyfish/p jellyfish/pk", 0),
        ("jellyfish/p shark/db", 0),
        ("swimmer/db shark/db jellyfish/p", 1),
        ("swimmer/db swimmer/lb shark/db jellyfish/p", 2),
    ],
)
def test_pairs_in_hand(hand: str, expected_pairs: int) -> None:
    b = breakdown(cards(hand))
    assert b.pairs_in_hand == expected_pairs and b.total == expected_pairs


def test_table_groups_score_one_per_pair_three_per_trio() -> None:  # RULES §5.2, §11.4
    b = breakdown((), [cards("crab/db crab/lb"), cards("boat/db boat/lb starfish/db")])
    assert b.pairs_on_table == 4 and b.total == 4


# RULES §11.4 starfish in hand: +2 per starfish attached to a spare pair in hand.
@pytest.mark.parametrize(
    ("hand", "groups", "expected_total"),
    [
        ("crab/db crab/lb starfish/db", [], 3),  # RULES §11.4 example 1
        ("crab/db crab/lb lobster/bk starfish/db starfish/lb cast_of_crabs/g", [], 5),  # ex. 2
        ("starfish/db", [], 0),
        ("starfish/db", ["crab/db crab/lb"], 1),  # cannot join a pair already on the table
        ("starfish/db starfish/lb crab/db crab/lb boat/db boat/lb", [], 2 + 4),
        ("starfish/db starfish/lb starfish/y crab/db crab/lb", [], 1 + 2),
    ],
)
def test_starfish(hand: str, groups: list[str], expected_total: int) -> None:
    assert points(hand, *groups) == expected_total


# RULES §11.5 seahorse: one more card of the best collector set already started.
@pytest.mark.parametrize(
    ("hand", "expected_collectors", "expected_total"),
    [
        ("octopus/lb octopus/y sailor/pk seahorse/w captain/lo", 8, 11),  # RULES §11.5 example
        ("seahorse/w", 0, 0),  # no collector at all
        ("seahorse/w captain/lo", 0, 0),
        ("shell/db seahorse/w", 2, 2),
        ("penguin/p seahorse/w", 3, 3),
        ("sailor/pk seahorse/w captain/lo", 5, 8),  # the captain counts the real sailor only
        ("sailor/pk sailor/o seahorse/w", 5, 5),  # sailors full: no room
        ("sailor/pk sailor/o shell/db seahorse/w", 7, 7),  # so the shells get it
        ("shell/db shell/lb shell/bk shell/y shell/g shell/gy seahorse/w", 10, 10),  # full
        ("penguin/p penguin/lo penguin/pk seahorse/w penguin_colony/g", 5, 11),
    ],
)
def test_seahorse(hand: str, expected_collectors: int, expected_total: int) -> None:
    b = breakdown(cards(hand))
    assert b.collectors == expected_collectors and b.total == expected_total


def test_seahorse_is_white_for_mermaids() -> None:  # RULES §11.5
    assert breakdown(cards("mermaid/w seahorse/w crab/db")).mermaids == 2


@pytest.mark.parametrize(
    ("hand", "expected"),
    [
        ("", 0),
        ("crab/db", 1),
        ("mermaid/w mermaid/w crab/db", 2),  # white counts for the colour bonus (RULES §5.5)
        ("crab/db boat/db fish/db crab/lb", 3),
    ],
)
def test_color_bonus(hand: str, expected: int) -> None:
    assert color_bonus(cards(hand)) == expected
    assert breakdown(cards(hand)).color_bonus == expected


def test_colour_bonus_is_not_in_card_points() -> None:  # RULES §3.3, §5.5
    b = breakdown(cards("shell/y octopus/y boat/y"))
    assert b.color_bonus == 3 and b.total == 0


def test_scoring_accepts_card_objects() -> None:
    from seasalt.engine import card

    ids = cards("crab/db crab/lb")
    assert card_points([card(i) for i in ids]) == card_points(ids) == 1


def test_points_only_scorer_agrees_with_the_breakdown() -> None:
    # The call check uses a cheaper scorer; it must give the breakdown's total (RULES §3.3).
    import random

    from seasalt.engine.scoring import _points_ids, breakdown_ids

    rng = random.Random(12)
    for _ in range(3000):
        cards = rng.sample(range(66), rng.randrange(0, 16))
        cut = rng.randrange(len(cards) + 1)
        hand, rest = sorted(cards[:cut]), cards[cut:]
        groups = [tuple(rest[i : i + 2]) for i in range(0, len(rest) - 1, 2)]
        assert _points_ids(hand, groups) == breakdown_ids(hand, groups).total


def _parts(*totals_and_bonus: tuple[int, int]) -> list[Breakdown]:
    """Breakdowns with these (card points, colour bonus), card points all in collectors."""
    return [Breakdown(0, 0, 0, points, 0, 0, bonus) for points, bonus in totals_and_bonus]


def test_stop_scores_everyone_their_card_points() -> None:  # RULES §6.1
    assert round_gains(CallKind.STOP, 1, _parts((5, 3), (9, 4), (12, 2))) == ((5, 9, 12), None)


def test_last_chance_won_caller_adds_the_bonus_others_only_theirs() -> None:  # RULES §6.2
    gains = round_gains(CallKind.LAST_CHANCE, 1, _parts((5, 3), (9, 4), (9, 2)))
    assert gains == ((3, 13, 2), True)  # a tie with the caller counts as won


def test_last_chance_lost_caller_gets_only_the_bonus() -> None:  # RULES §6.2
    gains = round_gains(CallKind.LAST_CHANCE, 0, _parts((8, 3), (9, 4), (2, 2)))
    assert gains == ((3, 9, 2), False)
