"""Round settlement, the final-turn procedure, void rounds and game end (RULES §3.4, §6-§8)."""

from collections.abc import Callable

import pytest
from seasalt.engine import (
    Call,
    CallKind,
    DrawFromDeck,
    EndTurn,
    Event,
    EventKind,
    GameState,
    Kind,
    Phase,
    PlayPair,
    Rob,
    RoundEnd,
    Rules,
    TakeDiscard,
    apply,
    card,
    legal_actions,
    new_game,
    view,
)

Builder = Callable[..., GameState]

# Hands with known card points and colour bonus (RULES §5).
HANDS = {
    "B11": ("sailor/pk sailor/o captain/lo", 11, 1),
    "A11": ("penguin/p penguin/lo penguin/pk penguin_colony/g", 11, 1),
    "H12": ("octopus/lb octopus/y octopus/g octopus/p octopus/gy", 12, 1),
    "C6": ("shell/db shell/lb shell/bk shell/y", 6, 1),
    "D1": ("crab/db crab/lb boat/db", 1, 2),
    "E0": ("fish/y boat/y crab/y", 0, 3),
}

# Opponents (clockwise from the caller's left) for each outcome.
OPPONENTS = {
    "stop": ["C6", "D1", "E0"],
    "won": ["C6", "D1", "E0"],
    "tie": ["A11", "D1", "E0"],  # RULES §6.2, §9 row 18: a tie favours the caller
    "lost": ["H12", "D1", "E0"],
}


def kinds(events: tuple[Event, ...], kind: EventKind) -> list[Event]:
    return [e for e in events if e.kind is kind]


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("outcome", ["stop", "won", "tie", "lost"])
def test_round_settlement(build: Builder, players: int, outcome: str) -> None:
    caller = players - 1  # the last seat calls, so next(caller) is seat 0
    names = ["B11"] * players
    for i, name in enumerate(OPPONENTS[outcome][: players - 1]):
        names[(caller + 1 + i) % players] = name
    hands = [HANDS[n][0] for n in names]
    pts = [HANDS[n][1] for n in names]
    bonus = [HANDS[n][2] for n in names]
    if outcome == "stop":
        # RULES §6.1: the caller calls STOP; every player scores card points, no bonus.
        s = build(players, hands=hands, deck="fish/db", phase=Phase.PLAY, active=caller,
                  scores=[5] * players)
        r = apply(s, Call(CallKind.STOP))
        expected = pts
        assert len(kinds(r.events, EventKind.REVEALED)) == players
    else:
        # RULES §6.2: the last opponent (caller's right) ends their final turn.
        last = (caller - 1) % players
        s = build(
            players,
            hands=hands,
            deck="fish/db",
            phase=Phase.PLAY,
            active=last,
            call=CallKind.LAST_CHANCE,
            caller=caller,
            revealed=[seat != last for seat in range(players)],
            scores=[5] * players,
        )
        r = apply(s, EndTurn())
        won = outcome != "lost"
        expected = [
            (pts[i] + bonus[i] if won else bonus[i]) if i == caller
            else (bonus[i] if won else pts[i])
            for i in range(players)
        ]
        (scored,) = kinds(r.events, EventKind.ROUND_SCORED)
        assert scored.won is won
        assert [e.seat for e in kinds(r.events, EventKind.REVEALED)] == [last]
    result = r.state.last_result
    assert result is not None and result.ended_by == caller
    assert [sr.round_score for sr in result.seats] == expected
    assert r.state.last_round_scores == tuple(expected)
    assert r.state.scores == tuple(5 + x for x in expected)
    assert [sr.hand for sr in result.seats] == list(s.hands)
    # RULES §7: a fresh round, started by the caller's left neighbour.
    assert r.state.round == 2 and r.state.active == 0 and r.state.call is None
    assert r.state.hands == ((),) * players and not any(r.state.revealed)


def test_official_end_of_round_example(build: Builder) -> None:  # RULES §5.6 example 5
    p1 = "sailor/pk sailor/o crab/y crab/db fish/y fish/bk"  # 7 points, yellow bonus 2
    p2 = "octopus/lb octopus/y crab/lb penguin/p"  # 4 points, light blue bonus 2
    s = build(hands=[p1, p2], deck="shell/db", phase=Phase.PLAY)
    assert apply(s, Call(CallKind.STOP)).state.last_round_scores == (7, 4)
    s = build(hands=[p1, p2], deck="shell/db", phase=Phase.PLAY, active=1,
              call=CallKind.LAST_CHANCE, caller=0)
    assert apply(s, EndTurn()).state.last_round_scores == (9, 2)


@pytest.mark.parametrize(
    ("c_extra", "expected"), [("", (13, 3, 2)), ("penguin/p", (4, 8, 10))]
)
def test_last_chance_example_three_players(
    build: Builder, c_extra: str, expected: tuple[int, ...]
) -> None:  # RULES §6.2 example
    a = "fish/db fish/db shark/db shell/db shell/lb shell/gy mermaid/w"  # 9, bonus 4
    b = "crab/db crab/db boat/db penguin/lo penguin/pk sailor/o penguin_colony/g"  # 8, bonus 3
    c = "crab/y crab/bk octopus/y octopus/p octopus/gy mermaid/w " + c_extra  # 9 or 10, bonus 2
    s = build(3, hands=[a, b, c], deck="fish/y", phase=Phase.PLAY, active=2,
              call=CallKind.LAST_CHANCE, caller=0, revealed=[True, True, False])
    assert apply(s, EndTurn()).state.last_round_scores == expected


def test_final_turn_procedure(build: Builder) -> None:  # RULES §6.2.1, §6.3, §4.2
    s = build(
        3,
        hands=[
            "sailor/pk sailor/o captain/lo",
            "boat/db boat/lb swimmer/db shark/db mermaid/w",
            "shell/db shell/lb swimmer/lb shark/lb",
        ],
        deck="fish/db fish/lb crab/db crab/lb octopus/y octopus/g",
        piles=("penguin/p", "penguin/lo"),
        phase=Phase.PLAY,
    )
    s = apply(s, Call(CallKind.LAST_CHANCE)).state
    assert s.active == 1 and s.phase is Phase.DRAW and s.revealed == (True, False, False)
    assert view(s, 2).final_turns == (1, 2)
    s = apply(s, TakeDiscard(0)).state
    acts = legal_actions(s)
    assert not any(isinstance(a, Call) for a in acts)  # (d) no call
    boats = next(a for a in acts if isinstance(a, PlayPair) and card(a.cards[0]).kind is Kind.BOAT)
    s = apply(s, boats).state
    assert s.active == 1 and s.phase is Phase.DRAW  # (c) boats give an extra turn
    s = apply(s, TakeDiscard(1)).state
    steal = next(a for a in legal_actions(s) if isinstance(a, PlayPair)
                 and {card(c).kind for c in a.cards} == {Kind.SWIMMER, Kind.SHARK})
    r = apply(s, steal)  # only seat 2 is eligible: the caller is protected
    (robbed,) = kinds(r.events, EventKind.ROBBED)
    assert robbed.target == 2
    s = r.state
    assert not s.revealed[1]  # (f) revealed only when the final turn ends
    r = apply(s, EndTurn())
    s = r.state
    assert s.revealed == (True, True, False) and s.active == 2
    assert view(s, 0).final_turns == (2,)
    assert s.phase is Phase.KEEP  # both piles are empty: the engine drew (RULES §3.5)
    s = apply(s, legal_actions(s)[0]).state  # keep a card
    steal = next(a for a in legal_actions(s) if isinstance(a, PlayPair)
                 and {card(c).kind for c in a.cards} == {Kind.SWIMMER, Kind.SHARK})
    r = apply(s, steal)  # seats 0 and 1 are both protected now
    assert kinds(r.events, EventKind.EFFECT_SKIPPED) and not any(
        isinstance(a, Rob) for a in legal_actions(r.state)
    )
    r = apply(r.state, EndTurn())
    assert kinds(r.events, EventKind.ROUND_SCORED)
    assert r.state.round == 2 and r.state.active == 1  # next(caller)


def test_void_round(build: Builder) -> None:  # RULES §6.4, §3.4 step 4, §7
    s = build(3, hands=["crab/db", "shell/db", "mermaid/w"], deck="fish/db",
              piles=("boat/db", "boat/lb"), active=1, scores=[3, 4, 5],
              last_round_scores=[1, 2, 3])
    s = apply(s, DrawFromDeck()).state
    r = apply(s, EndTurn())
    assert kinds(r.events, EventKind.ROUND_VOID) and not kinds(r.events, EventKind.REVEALED)
    assert r.state.scores == (3, 4, 5) and r.state.last_round_scores == (1, 2, 3)
    assert r.state.last_result is not None and r.state.last_result.end is RoundEnd.VOID
    assert all(sr.hand == () and sr.breakdown is None for sr in r.state.last_result.seats)
    assert r.state.round == 2 and r.state.active == 2


def test_void_is_checked_after_the_whole_boat_sequence(build: Builder) -> None:  # RULES §4.2
    s = build(hands=["boat/db boat/lb", "shell/db"], deck="fish/db", piles=("crab/db", ""),
              phase=Phase.PLAY)
    s = apply(s, PlayPair(tuple(sorted(s.hands[0])))).state  # type: ignore[arg-type]
    s = apply(s, DrawFromDeck()).state  # the extra turn empties the deck
    assert s.deck == () and s.phase is Phase.PLAY and s.round == 1
    assert apply(s, EndTurn()).state.round == 2


@pytest.mark.parametrize(("players", "target"), [(2, 40), (3, 35), (4, 30)])
def test_target_by_player_count(players: int, target: int) -> None:  # RULES §2.5
    assert Rules(players).target_score == target
    assert Rules.with_double_target(players).target_score == 2 * target


@pytest.mark.parametrize("bad", [1, 5, 0, "2"])
def test_rules_reject_bad_player_counts(bad: object) -> None:  # RULES §2.6
    with pytest.raises(ValueError):
        Rules(bad)  # type: ignore[arg-type]


def test_game_ends_at_target_and_highest_total_wins(build: Builder) -> None:  # RULES §8.1
    s = build(hands=["sailor/pk sailor/o captain/lo", "shell/db shell/lb"], deck="fish/db",
              phase=Phase.PLAY, scores=[20, 38])
    r = apply(s, Call(CallKind.STOP))
    assert r.state.is_over and r.state.scores == (31, 40) and r.state.winners == (1,)
    assert r.state.to_act is None and legal_actions(r.state) == ()
    (over,) = kinds(r.events, EventKind.GAME_OVER)
    assert over.winners == (1,) and r.state.standings() == (1, 0)


def test_double_target_plays_on(build: Builder) -> None:  # RULES §2.5 option
    s = build(hands=["sailor/pk sailor/o captain/lo", "shell/db shell/lb"], deck="fish/db",
              phase=Phase.PLAY, scores=[20, 38], target=80)
    r = apply(s, Call(CallKind.STOP))
    assert not r.state.is_over and r.state.round == 2


def test_ranking_uses_final_round_score(build: Builder) -> None:  # RULES §8.3
    s = build(3, hands=["sailor/pk sailor/o captain/lo", "shell/db shell/lb", "crab/db crab/lb"],
              deck="fish/db", phase=Phase.PLAY, scores=[30, 39, 40])
    r = apply(s, Call(CallKind.STOP)).state
    # Totals 41, 41, 41; final-round scores 11, 2, 1.
    assert r.scores == (41, 41, 41) and r.winners == (0,) and r.standings() == (0, 1, 2)


def test_mermaid_winner_ranks_first_even_with_fewer_points(build: Builder) -> None:  # §8.2
    s = build(hands=["mermaid/w mermaid/w mermaid/w", "crab/db"], deck="fish/db",
              piles=("mermaid/w", "shell/db"), scores=[0, 30])
    r = apply(s, TakeDiscard(0)).state
    assert r.winners == (0,) and r.standings() == (0, 1) and r.scores == (0, 30)


def test_four_mermaids_checked_before_a_call(build: Builder) -> None:  # RULES §3.4, §8.2
    s = build(hands=["mermaid/w mermaid/w mermaid/w mermaid/w sailor/pk sailor/o", "crab/db"],
              deck="fish/db", phase=Phase.PLAY)
    assert Call(CallKind.STOP) in legal_actions(s)
    r = apply(s, Call(CallKind.STOP))
    assert r.state.winners == (0,) and not kinds(r.events, EventKind.CALLED)
    r = apply(s, EndTurn())
    assert r.state.winners == (0,) and not kinds(r.events, EventKind.ROUND_SCORED)


def test_round_one_starter_is_seeded_and_fixable() -> None:  # RULES §2.4
    starters = {new_game(Rules(3), seed).active for seed in range(30)}
    assert starters == {0, 1, 2}
    assert new_game(Rules(3), 5, starter=2).active == 2
    with pytest.raises(ValueError):
        new_game(Rules(3), 5, starter=3)


@pytest.mark.parametrize("extra_salt", [False, True])
def test_setup(extra_salt: bool) -> None:  # RULES §2
    s = new_game(Rules(4, extra_salt), 11)
    size = 66 if extra_salt else 58
    assert len(s.deck) == size - 2 and all(len(p) == 1 for p in s.piles)
    assert s.hands == ((),) * 4 and s.tables == ((),) * 4 and s.scores == (0,) * 4
    assert s.phase is Phase.DRAW and s.round == 1


def test_forced_choices_are_made_by_the_engine(build: Builder) -> None:  # RULES §3.5
    # The only draw source is a pile (deck empty during LAST CHANCE): taken at once.
    s = build(hands=["crab/db", "sailor/pk sailor/o captain/lo"], piles=("", "shell/db"),
              phase=Phase.PLAY, active=1)
    r = apply(s, Call(CallKind.LAST_CHANCE))
    t = r.state
    assert t.active == 0 and t.phase is Phase.PLAY and len(t.hands[0]) == 2
    assert kinds(r.events, EventKind.TOOK_DISCARD)
    # Only the deck: drawn at once, and the unkept card's pile is forced (names no pile).
    s = build(hands=["crab/db", "sailor/pk sailor/o captain/lo"], deck="fish/db fish/lb",
              phase=Phase.PLAY, active=1)
    t = apply(s, EndTurn()).state
    assert t.active == 0 and t.phase is Phase.KEEP
    assert all(a.pile is None for a in legal_actions(t))  # type: ignore[union-attr]


def test_view_lists_legal_actions_for_the_seat_to_act_only() -> None:
    s = new_game(Rules(3), 9)
    for seat in range(3):
        expected = legal_actions(s) if seat == s.to_act else ()
        assert view(s, seat).legal_actions == expected
    assert view(s, None).legal_actions == ()
    with pytest.raises(ValueError):
        view(s, 3)


@pytest.mark.parametrize(
    "bad",
    [dict(players=True), dict(players=2, target=True), dict(players=2, target=-5),
     dict(players=2, extra_salt="no"), dict(players=2, extra_salt=2)],
)
def test_rules_reject_bad_options(bad: dict[str, object]) -> None:
    with pytest.raises(ValueError):
        Rules(**bad)  # type: ignore[arg-type]


def test_rules_normalise_extra_salt() -> None:
    assert Rules(2, 1) == Rules(2, True) and repr(Rules(2, 0)) == repr(Rules(2, False))  # type: ignore[arg-type]


@pytest.mark.parametrize("bad", ["7", 1.5, None, True])
def test_new_game_rejects_bad_seeds(bad: object) -> None:
    with pytest.raises(ValueError):
        new_game(Rules(2), bad)  # type: ignore[arg-type]


def test_view_rejects_bad_seats() -> None:
    s = new_game(Rules(2), 1)
    for bad in (True, -1, 2, "0"):
        with pytest.raises(ValueError):
            view(s, bad)  # type: ignore[arg-type]
