"""Point roles, a hand's scoring combinations and the parts of a result that were paid."""

import random

import pytest
from seasalt.engine import (
    ALL_CARDS,
    ComboKind,
    Kind,
    PointRole,
    Rules,
    apply,
    breakdown,
    cards_from_codes,
    legal_actions,
    new_game,
    point_role,
    scored_parts,
    scoring_combinations,
)


def test_every_kind_has_its_role() -> None:  # RULES §5, §11
    roles = {kind: point_role(kind) for kind in Kind}
    assert roles[Kind.CRAB] is PointRole.PAIR and roles[Kind.JELLYFISH] is PointRole.PAIR
    assert roles[Kind.SHELL] is PointRole.COLLECTOR and roles[Kind.SAILOR] is PointRole.COLLECTOR
    assert roles[Kind.CAPTAIN] is PointRole.MULTIPLIER
    assert roles[Kind.CAST_OF_CRABS] is PointRole.MULTIPLIER
    assert roles[Kind.MERMAID] is PointRole.MERMAID
    assert roles[Kind.STARFISH] is PointRole.SPECIAL and roles[Kind.SEAHORSE] is PointRole.SPECIAL
    assert sum(r is PointRole.PAIR for r in roles.values()) == 7


def kinds_of(codes: str) -> list[list[str]]:
    combos = scoring_combinations(cards_from_codes(codes))
    return [[ALL_CARDS[c].kind.value for c in combo.cards] for combo in combos]


def test_three_sharks_are_no_group() -> None:  # RULES §5.2: a shark pairs only with a swimmer
    assert kinds_of("shark/db shark/lb shark/bk") == []


def test_a_pair_is_two_cards() -> None:  # RULES §5.2
    assert kinds_of("crab/db crab/lb crab/y") == [["crab", "crab"]]
    assert kinds_of("swimmer/db shark/lb shark/bk") == [["swimmer", "shark"]]


def test_lobster_needs_a_crab() -> None:  # RULES §11.6
    assert kinds_of("lobster/bk") == []
    assert kinds_of("crab/db crab/lb crab/y lobster/bk") == [["crab", "lobster"], ["crab", "crab"]]


def test_starfish_makes_a_trio_and_sets_score_only_when_they_pay() -> None:  # §11.4, §5.1
    combos = scoring_combinations(cards_from_codes("fish/db fish/bk starfish/db shell/y penguin/p"))
    assert [c.kind for c in combos] == [ComboKind.TRIO, ComboKind.SET]  # one shell pays 0
    assert len(combos[0].cards) == 3


def test_seahorse_joins_the_set_it_adds_to() -> None:  # RULES §11.5
    assert kinds_of("shell/y seahorse/w") == [["shell", "seahorse"]]


@pytest.mark.parametrize("seed", range(6))
def test_combinations_agree_with_the_breakdown(seed: int) -> None:
    rng = random.Random(seed)
    for _ in range(300):
        hand = rng.sample(range(len(ALL_CARDS)), rng.randint(0, 12))
        combos = scoring_combinations(hand)
        b = breakdown(hand)
        pairs = sum(c.kind in (ComboKind.PAIR, ComboKind.TRIO) for c in combos)
        trios = sum(c.kind is ComboKind.TRIO for c in combos)
        assert pairs == b.pairs_in_hand
        assert 2 * trios == b.starfish
        # the sets hold exactly the collector points: scoring them alone gives the same
        sets = [c for combo in combos if combo.kind is ComboKind.SET for c in combo.cards]
        assert breakdown(sets).collectors == b.collectors
        used = [c for combo in combos for c in combo.cards]
        assert len(used) == len(set(used))


@pytest.mark.parametrize("seed", range(8))
def test_scored_parts_explain_every_round_score(seed: int) -> None:  # RULES §6.1, §6.2
    state = new_game(Rules(3, extra_salt=True), seed=seed)
    rng = random.Random(seed)
    results = 0
    while not state.is_over and results < 4:
        before = state.last_result
        state = apply(state, rng.choice(legal_actions(state))).state
        result = state.last_result
        if result is None or result is before or result.end.value == "void":
            continue
        results += 1
        for seat, sr in enumerate(result.seats):
            assert sr.breakdown is not None
            paid = scored_parts(result, seat)
            expected = (sr.breakdown.total if paid.card_points else 0) + (
                sr.breakdown.color_bonus if paid.color_bonus else 0
            )
            assert sr.round_score == expected
    assert results > 0
