"""One test per row of the edge-case rulings table (RULES §9), on exact positions."""

from collections.abc import Callable

from seasalt.engine import (
    Call,
    CallKind,
    ChooseCrabPile,
    DrawFromDeck,
    EndTurn,
    Event,
    EventKind,
    GameState,
    KeepCard,
    Kind,
    Phase,
    PlayPair,
    Rob,
    RoundEnd,
    TakeCrabCard,
    TakeDiscard,
    apply,
    card,
    card_points,
    color_bonus,
    legal_actions,
)

Builder = Callable[..., GameState]


def pair(state: GameState, a: Kind, b: Kind) -> PlayPair:
    """The first legal pair of these two kinds."""
    for action in legal_actions(state):
        if isinstance(action, PlayPair):
            kinds = {card(action.cards[0]).kind, card(action.cards[1]).kind}
            if kinds == {a, b}:
                return action
    raise AssertionError(f"no legal {a.value}+{b.value} pair")


def kinds_of(events: tuple[Event, ...], kind: EventKind) -> list[Event]:
    return [e for e in events if e.kind is kind]


def test_row_01_crab_pair_both_piles_empty(build: Builder) -> None:
    s = build(hands=["crab/db crab/lb", "boat/db"], deck="fish/db fish/lb", phase=Phase.PLAY)
    r = apply(s, pair(s, Kind.CRAB, Kind.CRAB))
    assert r.state.phase is Phase.PLAY
    assert kinds_of(r.events, EventKind.EFFECT_SKIPPED)
    assert r.state.tables[0] == (tuple(sorted(s.hands[0])),) and r.state.hands[0] == ()


def test_row_02_crab_pair_one_pile_empty(build: Builder) -> None:
    s = build(
        hands=["crab/db crab/lb", "boat/db"],
        deck="fish/db",
        piles=("", "shell/db octopus/y"),
        phase=Phase.PLAY,
    )
    r = apply(s, pair(s, Kind.CRAB, Kind.CRAB))
    # The pile is forced (RULES §3.5): straight to taking a card of pile 1.
    assert r.state.phase is Phase.CRAB_TAKE and r.state.crab_pile == 1
    assert {a.card for a in legal_actions(r.state)} == set(s.piles[1])  # type: ignore[union-attr]


def test_row_03_crab_may_take_the_card_just_discarded(build: Builder) -> None:
    s = build(
        hands=["crab/db crab/lb", "boat/db"],
        deck="fish/db shell/db octopus/y",
        piles=("boat/lb", "shark/db"),
    )
    s = apply(s, DrawFromDeck()).state
    shell, octopus = sorted(s.pending, key=lambda c: card(c).kind.value)[::-1]
    s = apply(s, KeepCard(octopus, 0)).state  # the shell goes on top of pile 0
    assert s.piles[0][-1] == shell
    s = apply(s, pair(s, Kind.CRAB, Kind.CRAB)).state
    assert s.phase is Phase.CRAB_PILE
    s = apply(s, ChooseCrabPile(0)).state
    assert TakeCrabCard(shell) in legal_actions(s)
    # Any card of the pile, buried or not (RULES §4.1), and the order of the rest is kept.
    boat = s.piles[0][0]
    s = apply(s, TakeCrabCard(boat)).state
    assert boat in s.hands[0] and s.piles[0] == (shell,) and s.phase is Phase.PLAY


def test_row_04_fish_pair_deck_empty(build: Builder) -> None:
    s = build(
        hands=["fish/db fish/lb", "boat/db"],
        piles=("shell/db", ""),
        phase=Phase.PLAY,
        call=CallKind.LAST_CHANCE,
        caller=1,
    )
    r = apply(s, pair(s, Kind.FISH, Kind.FISH))
    assert kinds_of(r.events, EventKind.EFFECT_SKIPPED) and r.state.hands[0] == ()


def test_row_05_steal_with_no_eligible_opponent(build: Builder) -> None:
    s = build(
        3,
        hands=["swimmer/db shark/db", "", "boat/db"],
        deck="fish/db",
        phase=Phase.PLAY,
        call=CallKind.LAST_CHANCE,
        caller=2,  # seat 2's hand is revealed, seat 1's is empty
    )
    r = apply(s, pair(s, Kind.SWIMMER, Kind.SHARK))
    assert kinds_of(r.events, EventKind.EFFECT_SKIPPED) and r.state.phase is Phase.PLAY


def test_row_06_stealer_chooses_opponent_card_is_random(build: Builder) -> None:
    stolen = set()
    for seed in range(12):
        s = build(
            3,
            hands=["swimmer/db shark/db", "boat/db fish/db", "crab/db crab/lb shell/db"],
            deck="fish/lb",
            phase=Phase.PLAY,
            seed=seed,
        )
        s = apply(s, pair(s, Kind.SWIMMER, Kind.SHARK)).state
        assert s.phase is Phase.ROB and legal_actions(s) == (Rob(1), Rob(2))
        r = apply(s, Rob(2))
        (ev,) = kinds_of(r.events, EventKind.ROBBED)
        assert ev.target == 2 and ev.card in s.hands[2] and ev.card in r.state.hands[0]
        assert len(r.state.hands[2]) == 2
        stolen.add(ev.card)
    assert len(stolen) > 1  # a random card, not a fixed one


def test_row_07_boat_pair_extra_turn_chains_and_may_call(build: Builder) -> None:
    s = build(
        hands=["boat/db boat/lb boat/bk boat/y mermaid/w mermaid/w mermaid/w", "crab/db"],
        deck="shell/db shell/lb fish/db fish/lb crab/bk crab/y",
        piles=("octopus/y", "octopus/g"),
        phase=Phase.PLAY,
    )
    s = apply(s, pair(s, Kind.BOAT, Kind.BOAT)).state
    assert s.phase is Phase.DRAW and s.active == 0  # immediate new turn from the draw
    assert not any(isinstance(a, (PlayPair, Call, EndTurn)) for a in legal_actions(s))
    s = apply(s, TakeDiscard(0)).state
    s = apply(s, pair(s, Kind.BOAT, Kind.BOAT)).state  # chaining
    assert s.phase is Phase.DRAW and s.active == 0
    s = apply(s, TakeDiscard(1)).state
    # in the extra turn: 2 pairs laid + 2 octopuses 3 + mermaids W3 Y2 DB1 = 11: may call
    assert card_points(s.hands[0], s.tables[0]) == 11
    assert Call(CallKind.STOP) in legal_actions(s)


def test_row_08_boat_pair_with_nothing_to_draw(build: Builder) -> None:
    s = build(
        hands=["boat/db boat/lb", "crab/db"],
        phase=Phase.PLAY,
        call=CallKind.LAST_CHANCE,
        caller=1,
    )
    r = apply(s, pair(s, Kind.BOAT, Kind.BOAT))
    assert r.state.phase is Phase.PLAY and kinds_of(r.events, EventKind.EFFECT_SKIPPED)


def test_row_09_pair_that_empties_the_deck(build: Builder) -> None:
    s = build(
        hands=["fish/db fish/lb mermaid/w mermaid/w mermaid/w crab/db", "boat/db"],
        deck="crab/lb",
        piles=("shell/db", ""),
        phase=Phase.PLAY,
    )
    after_fish = apply(s, pair(s, Kind.FISH, Kind.FISH)).state
    assert after_fish.deck == () and after_fish.phase is Phase.PLAY
    void = apply(after_fish, EndTurn())
    assert kinds_of(void.events, EventKind.ROUND_VOID)
    assert void.state.round == 2 and void.state.scores == (0, 0)
    # A call later in the same turn wins over the void (RULES §6.4).
    scored = apply(after_fish, Call(CallKind.STOP))
    assert kinds_of(scored.events, EventKind.ROUND_SCORED)
    assert scored.state.last_result is not None
    assert scored.state.last_result.end is RoundEnd.STOP


def test_row_10_draw_two_with_one_card_in_deck(build: Builder) -> None:
    s = build(hands=["", "boat/db"], deck="crab/db", piles=("shell/db", "shell/lb"))
    r = apply(s, DrawFromDeck())
    assert r.state.phase is Phase.PLAY and r.state.hands[0] == s.deck
    assert r.state.piles == s.piles and not kinds_of(r.events, EventKind.DISCARDED)


def test_row_11_both_piles_empty_when_discarding(build: Builder) -> None:
    s = build(hands=["", "boat/db"], deck="fish/db crab/db crab/lb")
    # The only draw source is the deck: the engine draws (RULES §3.5) when the turn starts, so
    # ask for it explicitly here.
    s = apply(s, DrawFromDeck()).state
    assert s.phase is Phase.KEEP
    assert set(legal_actions(s)) == {KeepCard(c) for c in s.pending}  # no pile to name
    keep, other = s.pending
    s = apply(s, KeepCard(keep)).state
    assert s.piles == ((other,), ())


def test_row_12_call_threshold_counts_card_points_only(build: Builder) -> None:
    def can_call(hand: str) -> bool:
        s = build(hands=[hand, "boat/db"], deck="fish/db", phase=Phase.PLAY)
        return Call(CallKind.STOP) in legal_actions(s)

    six = "shell/db shell/lb shell/bk shell/y"  # 6 points, colour bonus 1
    assert not can_call(six)
    assert can_call(six + " mermaid/w")  # 6 + mermaid 1 = 7
    yellows = "boat/y crab/y fish/y shell/y shell/g octopus/y octopus/lb"  # 2 + 3 = 5, bonus 5
    s = build(hands=[yellows, "boat/db"], phase=Phase.PLAY)
    assert color_bonus(s.hands[0]) == 5 and card_points(s.hands[0]) == 5
    assert not can_call(yellows)
    assert can_call("crab/db crab/lb crab/y crab/bk penguin/p penguin/lo penguin/pk")  # 2 + 5
    assert not can_call("crab/db crab/lb crab/y crab/bk penguin/p penguin/lo")  # 2 + 3


def test_row_13_call_after_playing_pairs(build: Builder) -> None:
    s = build(
        hands=["fish/db fish/lb sailor/pk sailor/o", "boat/db"],
        deck="crab/db mermaid/w",
        phase=Phase.PLAY,
    )
    assert not any(isinstance(a, Call) for a in legal_actions(s))  # 1 + 5 = 6
    s = apply(s, pair(s, Kind.FISH, Kind.FISH)).state  # draws the mermaid
    assert Call(CallKind.LAST_CHANCE) in legal_actions(s)  # 1 + 5 + 1 = 7
    r = apply(s, Call(CallKind.LAST_CHANCE))
    assert r.state.call is CallKind.LAST_CHANCE and r.state.active == 1


def test_row_14_no_call_during_last_chance_final_turn(build: Builder) -> None:
    s = build(
        hands=["sailor/pk sailor/o captain/lo", "crab/db crab/lb"],
        deck="fish/db fish/lb",
        phase=Phase.PLAY,
        call=CallKind.LAST_CHANCE,
        caller=1,
    )
    assert card_points(s.hands[0]) == 11
    assert not any(isinstance(a, Call) for a in legal_actions(s))


def test_row_15_last_chance_protected_hands(build: Builder) -> None:
    # 4 players: seat 0 called; seat 1 finished its final turn; seat 2 plays now; 3 waits.
    s = build(
        4,
        hands=["crab/db", "crab/lb", "swimmer/db shark/db", "boat/db"],
        deck="fish/db",
        phase=Phase.PLAY,
        active=2,
        call=CallKind.LAST_CHANCE,
        caller=0,
        revealed=[True, True, False, False],
    )
    r = apply(s, pair(s, Kind.SWIMMER, Kind.SHARK))
    # Only seat 3 is eligible, so the engine robs it (RULES §3.5, §6.3).
    (ev,) = kinds_of(r.events, EventKind.ROBBED)
    assert ev.target == 3 and r.state.hands[3] == ()


def test_row_16_deck_empties_during_last_chance(build: Builder) -> None:
    s = build(
        hands=["crab/db", "sailor/pk sailor/o mermaid/w"],
        deck="fish/db",
        piles=("shell/db", ""),
        call=CallKind.LAST_CHANCE,
        caller=1,
    )
    s = apply(s, DrawFromDeck()).state  # the last card
    assert s.deck == ()
    r = apply(s, EndTurn())
    assert kinds_of(r.events, EventKind.ROUND_SCORED) and not kinds_of(r.events,
                                                                      EventKind.ROUND_VOID)
    assert r.state.last_result is not None and r.state.last_result.end is RoundEnd.LAST_CHANCE


def test_row_17_stop_gives_no_colour_bonus(build: Builder) -> None:
    s = build(
        hands=["sailor/pk sailor/o mermaid/w mermaid/w crab/y", "boat/y fish/y shell/y"],
        deck="fish/db",
        phase=Phase.PLAY,
    )
    r = apply(s, Call(CallKind.STOP))
    # Seat 0: sailors 5 + mermaids W2 + 1 = 8 (bonus 2); seat 1: 0 points (bonus 3).
    assert r.state.last_round_scores == (8, 0)


def test_row_18_last_chance_tie_goes_to_the_caller(build: Builder) -> None:
    s = build(
        hands=["sailor/pk sailor/o crab/y crab/db", "shell/db shell/lb shell/bk shell/y"],
        deck="fish/db",
        phase=Phase.PLAY,
        active=1,
        call=CallKind.LAST_CHANCE,
        caller=0,
    )
    assert card_points(s.hands[0]) == card_points(s.hands[1]) == 6
    r = apply(s, EndTurn())
    result = r.state.last_result
    assert result is not None and result.bet_won is True
    assert r.state.last_round_scores == (6 + 1, 1)


def test_row_19_lone_swimmer_shark_two_sharks_score_zero(build: Builder) -> None:
    for hand in ("swimmer/db", "shark/db", "shark/db shark/lb", "swimmer/db swimmer/lb"):
        s = build(hands=[hand, ""])
        assert card_points(s.hands[0]) == 0, hand


def test_row_20_pairs_in_hand_count_with_maximum_matching(build: Builder) -> None:
    s = build(hands=["crab/db crab/lb crab/y swimmer/db shark/db shark/lb boat/db", ""])
    assert card_points(s.hands[0]) == 1 + 1


def test_row_21_mermaid_colour_ties_are_irrelevant(build: Builder) -> None:
    a = build(hands=["mermaid/w mermaid/w crab/db crab/lb boat/db boat/lb", ""])
    b = build(hands=["mermaid/w mermaid/w crab/db crab/lb boat/lb boat/db", ""])
    # DB 2, LB 2, W 2: two mermaids take 2 + 2, whichever tied colours they pick.
    assert card_points(a.hands[0]) == card_points(b.hands[0]) == 2 + 2 + 2


def test_row_22_white_counts(build: Builder) -> None:
    s = build(hands=["mermaid/w mermaid/w mermaid/w crab/db", ""])
    assert card_points(s.hands[0]) == 3 + 1 and color_bonus(s.hands[0]) == 3


def test_row_23_four_mermaids_win_after_the_completed_action(build: Builder) -> None:
    s = build(
        hands=["mermaid/w mermaid/w mermaid/w crab/db", "boat/db"],
        deck="fish/db mermaid/w",
        piles=("shell/db", "shell/lb"),
        scores=[12, 20],
        last_round_scores=[3, 9],
    )
    s = apply(s, DrawFromDeck()).state
    assert s.phase is Phase.KEEP  # not yet: the draw is complete only once placed
    mermaid = next(c for c in s.pending if card(c).kind is Kind.MERMAID)
    r = apply(s, KeepCard(mermaid, 1))
    assert r.state.is_over and r.state.winners == (0,)
    assert r.state.scores == (12, 20)  # round not scored, totals unchanged
    assert r.state.standings()[0] == 0
    assert kinds_of(r.events, EventKind.MERMAID_WIN)
    assert r.state.last_result is not None and r.state.last_result.end is RoundEnd.MERMAIDS


def test_row_24_next_round_starter(build: Builder) -> None:
    # After a call: left of the caller.
    s = build(3, hands=["", "sailor/pk sailor/o captain/lo", ""], deck="fish/db",
              phase=Phase.PLAY, active=1)
    r = apply(s, Call(CallKind.STOP))
    assert r.state.round == 2 and r.state.active == 2
    # After a void round: left of the player whose turn emptied the deck.
    s = build(3, hands=["", "", "crab/db"], deck="fish/db", piles=("shell/db", "shell/lb"),
              active=2)
    s = apply(s, DrawFromDeck()).state
    r = apply(s, EndTurn())
    assert kinds_of(r.events, EventKind.ROUND_VOID) and r.state.active == 0


def test_row_25_everything_is_reshuffled_between_rounds(build: Builder) -> None:
    s = build(
        hands=["sailor/pk sailor/o captain/lo", "crab/db"],
        tables=[["boat/db boat/lb"], ["fish/db fish/lb"]],
        deck="shell/db",
        piles=("shell/lb shell/bk", "octopus/y"),
        phase=Phase.PLAY,
    )
    r = apply(s, Call(CallKind.STOP)).state
    assert r.round == 2 and r.hands == ((), ()) and r.tables == ((), ())
    assert len(r.piles[0]) == len(r.piles[1]) == 1 and len(r.deck) == 66 - 2
    assert sorted(r.deck + r.piles[0] + r.piles[1]) == list(range(66))


def test_row_26_tie_at_game_end(build: Builder) -> None:
    # Seat 0 calls STOP and both reach 40: the final-round score breaks the tie (RULES §8.3).
    s = build(
        hands=["sailor/pk sailor/o captain/lo", "crab/db crab/lb"],
        deck="fish/db",
        phase=Phase.PLAY,
        scores=[29, 39],
    )
    r = apply(s, Call(CallKind.STOP)).state
    assert r.scores == (40, 40) and r.is_over and r.winners == (0,)
    # Same totals and same final-round score: a shared victory.
    s = build(
        hands=["sailor/pk sailor/o captain/lo", "penguin/p penguin/lo penguin/pk penguin_colony/g"],
        deck="fish/db",
        phase=Phase.PLAY,
        scores=[29, 29],
    )
    r = apply(s, Call(CallKind.STOP)).state
    assert r.scores == (40, 40) and r.last_round_scores == (11, 11)
    assert r.winners == (0, 1)


def test_row_27_locked_player_draws_the_fourth_mermaid(build: Builder) -> None:
    s = build(
        hands=["boat/db", "mermaid/w mermaid/w mermaid/w"],
        deck="fish/db mermaid/w",
        piles=("shell/db", "shell/lb"),
        phase=Phase.PLAY,
        jellyfish_caster=0,
    )
    r = apply(s, EndTurn())
    assert kinds_of(r.events, EventKind.LOCKED_DRAW)
    assert r.state.is_over and r.state.winners == (1,)


def test_row_28_no_legal_draw_at_all(build: Builder) -> None:
    # Seat 1 calls with the deck and both piles empty: seat 0's final turn has no draw.
    s2 = build(
        hands=["crab/db", "sailor/pk sailor/o captain/lo"],
        phase=Phase.PLAY,
        active=1,
    )
    r2 = apply(s2, Call(CallKind.LAST_CHANCE)).state
    assert r2.active == 0 and r2.phase is Phase.PLAY  # the draw step was skipped
    assert legal_actions(r2) == (EndTurn(),)
