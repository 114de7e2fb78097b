"""Extra Pepper events that change card points, the mermaid win and the calls: the Dance of the
Shells, the Kraken, the Tornado, the Dance of the Mermaids, the Treasure Chest, the Diodon Fish
(RULES §12.4-§12.9); one test per §12.15 row P37-P66."""

from collections.abc import Callable, Sequence
from typing import Any

import pytest
from seasalt.engine import (
    EVENT_CARDS,
    Call,
    CallKind,
    DrawFromDeck,
    EndTurn,
    EventCard,
    GameState,
    IllegalActionError,
    KeepCard,
    Kind,
    Phase,
    PlayPair,
    RoundEnd,
    TakeDiscard,
    apply,
    breakdown,
    card,
    card_points,
    legal_actions,
    view,
)
from seasalt.engine import cards_from_codes as codes

Builder = Callable[..., GameState]
E = EventCard
STOP, LAST = Call(CallKind.STOP), Call(CallKind.LAST_CHANCE)


def pep(build: Builder, table_event: EventCard, *, players: int = 2,
        held: Sequence[EventCard | None] | None = None, **kw: Any) -> GameState:
    held_t = list(held) if held is not None else [None] * players
    deck = tuple(c for c in EVENT_CARDS if c is not table_event and c not in held_t)
    kw.setdefault("phase", Phase.PLAY)
    kw.setdefault("deck", "fish/g fish/y")
    return build(players, extra_pepper=True, table_event=table_event, held=held_t,
                 event_deck=deck, **kw)


def calls(state: GameState) -> set[Call]:
    return {a for a in legal_actions(state) if isinstance(a, Call)}


def points(text: str, *fx: EventCard) -> int:
    return card_points(codes(text), (), fx)


# ---- §12.4 The Dance of the Shells

def test_p37_one_shell() -> None:  # RULES §12.15 P37
    assert points("shell/y", E.DANCE_OF_THE_SHELLS) == 2 and points("shell/y") == 0


def test_p38_three_shells() -> None:  # RULES §12.15 P38
    assert points("shell/y shell/g shell/db", E.DANCE_OF_THE_SHELLS) == 6
    assert points("shell/y shell/g shell/db") == 4


def test_p39_six_shells_and_the_seahorse() -> None:  # RULES §12.15 P39
    six = "shell/db shell/lb shell/bk shell/y shell/g shell/gy"
    assert points(six + " seahorse/w", E.DANCE_OF_THE_SHELLS) == 12


def test_p40_two_shells_and_the_seahorse() -> None:  # RULES §12.15 P40
    assert points("shell/y shell/g seahorse/w", E.DANCE_OF_THE_SHELLS) == 6


def test_p41_dance_of_the_shells_and_a_face_down_shell(build: Builder) -> None:
    # RULES §12.15 P41: shell Y and octopus Y in hand, shell G face down.
    s = pep(build, E.DANCE_OF_THE_SHELLS, hands=["shell/y octopus/y", "crab/db"],
            held=[E.CORAL_REEF, None], face_down=["shell/g", ""])
    b = view(s, 0).breakdown
    assert b is not None and b.total == 2 and b.color_bonus == 2


def test_p42_three_shells_and_a_crab_pair_may_call(build: Builder) -> None:  # RULES §12.15 P42
    hand = "shell/y shell/g shell/db crab/db crab/lb"
    assert points(hand, E.DANCE_OF_THE_SHELLS) == 7 and points(hand) == 5
    s = pep(build, E.DANCE_OF_THE_SHELLS, hands=[hand, "boat/db"])
    assert calls(s) == {STOP, LAST}
    assert calls(pep(build, E.KRAKEN, hands=[hand, "boat/db"])) == set()


# ---- §12.5 The Kraken

def test_p43_two_octopuses() -> None:  # RULES §12.15 P43
    assert points("octopus/y octopus/g", E.KRAKEN) == 2 and points("octopus/y octopus/g") == 3


def test_p44_five_octopuses() -> None:  # RULES §12.15 P44
    five = "octopus/lb octopus/y octopus/g octopus/p octopus/gy"
    assert points(five, E.KRAKEN) == 5 and points(five) == 12


def test_p45_two_octopuses_and_the_seahorse() -> None:  # RULES §12.15 P45
    assert points("octopus/y octopus/g seahorse/w", E.KRAKEN) == 3


def test_p46_the_seahorse_goes_to_the_penguins() -> None:  # RULES §12.15 P46
    assert points("octopus/y octopus/g seahorse/w penguin/p", E.KRAKEN) == 5


def test_p47_kraken_held_by_one_seat_only(build: Builder) -> None:  # RULES §12.15 P47
    a = "octopus/lb octopus/y octopus/g fish/db fish/lb"  # 3 + 1 under the Kraken
    b = "octopus/p octopus/gy crab/db crab/lb boat/db boat/lb fish/bk fish/y swimmer/db shark/db"
    for active, can in ((0, False), (1, True)):
        s = pep(build, E.SUNFISH, hands=[a, b], held=[E.KRAKEN, None], active=active,
                deck="boat/bk")
        assert bool(calls(s)) is can
    s = pep(build, E.SUNFISH, hands=[a, b], held=[E.KRAKEN, None], deck="boat/bk")
    assert view(s, 0).breakdown.total == 4  # type: ignore[union-attr]
    assert view(s, 1).breakdown.total == 7  # type: ignore[union-attr]


def test_p48_kraken_on_the_table_goes_to_the_leader(build: Builder) -> None:
    # RULES §12.15 P48: totals 9 and 5 after the round.
    eleven = "penguin/p penguin/lo penguin/pk penguin_colony/g"
    s = pep(build, E.KRAKEN, hands=[eleven, ""], scores=[-2, 5], piles=("shell/y", "shell/g"))
    t = apply(s, STOP).state
    assert t.scores == (9, 5) and t.held == (E.KRAKEN, None)


# ---- §12.6 The Tornado

def test_p49_tornado_two_mermaids() -> None:  # RULES §12.15 P49
    hand = codes("mermaid/w mermaid/w crab/db crab/db boat/db")
    assert card_points(hand, (), (E.TORNADO,)) == 1 and card_points(hand) == 6
    assert breakdown(hand, (), (E.TORNADO,)).color_bonus == breakdown(hand).color_bonus == 3


def test_p50_tornado_three_mermaids_may_not_call(build: Builder) -> None:  # RULES §12.15 P50
    hand = "mermaid/w mermaid/w mermaid/w crab/db crab/db boat/lb boat/lb"
    assert points(hand, E.TORNADO) == 2 and points(hand) == 9
    assert calls(pep(build, E.TORNADO, hands=[hand, "fish/db"])) == set()


def test_p51_tornado_decides_a_last_chance_bet(build: Builder) -> None:  # RULES §12.15 P51
    caller = "sailor/pk sailor/o crab/lb crab/y penguin/pk"  # 7 points, colour bonus 2 (pink)
    other = "mermaid/w mermaid/w boat/db boat/db fish/db shark/db crab/db"
    for event, gains, won in ((E.TORNADO, (9, 5), True), (E.KRAKEN, (2, 8), False)):
        s = pep(build, event, hands=[caller, other], active=1, call=CallKind.LAST_CHANCE,
                caller=0, piles=("shell/y", "shell/g"))
        t = apply(s, EndTurn()).state
        assert t.last_result is not None and t.last_result.end is RoundEnd.LAST_CHANCE
        assert t.last_round_scores == gains and t.last_result.bet_won is won


def test_p52_tornado_fourth_mermaid_wins(build: Builder) -> None:  # RULES §12.15 P52
    s = pep(build, E.TORNADO, hands=["mermaid/w mermaid/w mermaid/w", "crab/db"],
            phase=Phase.DRAW, piles=("mermaid/w", "shell/g"))
    t = apply(s, TakeDiscard(0)).state
    assert t.is_over and t.winners == (0,)


def test_p53_tornado_white_still_counts_for_the_colour_bonus() -> None:  # RULES §12.15 P53
    b = breakdown(codes("mermaid/w mermaid/w mermaid/w crab/db crab/lb"), (), (E.TORNADO,))
    assert b.mermaids == 0 and b.color_bonus == 3 and b.total == 1


# ---- §12.7 The Dance of the Mermaids

def test_p54_dance_three_mermaids_win_after_the_draw(build: Builder) -> None:
    # RULES §12.15 P54
    s = pep(build, E.DANCE_OF_THE_MERMAIDS, hands=["mermaid/w mermaid/w", "crab/db"],
            phase=Phase.DRAW, piles=("mermaid/w", "shell/g"))
    t = apply(s, TakeDiscard(0)).state
    assert t.is_over and t.winners == (0,)


def test_p55_dance_held_by_another_seat(build: Builder) -> None:  # RULES §12.15 P55
    s = pep(build, E.SUNFISH, hands=["mermaid/w mermaid/w", "crab/db"], phase=Phase.DRAW,
            piles=("mermaid/w", "shell/g"), held=[None, E.DANCE_OF_THE_MERMAIDS])
    t = apply(s, TakeDiscard(0)).state
    assert not t.is_over and t.phase is Phase.PLAY


def test_p56_dance_and_sunfish_two_to_four(build: Builder) -> None:  # RULES §12.15 P56
    s = pep(build, E.SUNFISH, hands=["mermaid/w mermaid/w fish/db fish/lb", "crab/db"],
            deck="boat/db mermaid/w mermaid/w", held=[E.DANCE_OF_THE_MERMAIDS, None])
    fish = next(a for a in legal_actions(s) if isinstance(a, PlayPair))
    t = apply(s, fish).state
    assert t.is_over and t.winners == (0,)


def test_p57_dance_and_tornado(build: Builder) -> None:  # RULES §12.15 P57
    s = pep(build, E.TORNADO, hands=["mermaid/w mermaid/w crab/db", "crab/lb"],
            phase=Phase.DRAW, piles=("mermaid/w", "shell/g"),
            held=[E.DANCE_OF_THE_MERMAIDS, None])
    b = view(s, 0).breakdown
    assert b is not None and b.mermaids == 0
    t = apply(s, TakeDiscard(0)).state
    assert t.is_over and t.winners == (0,)


def test_p58_dance_in_a_final_turn_and_a_locked_draw(build: Builder) -> None:
    # RULES §12.15 P58: the round is not scored.
    s = pep(build, E.DANCE_OF_THE_MERMAIDS, hands=["sailor/pk sailor/o", "mermaid/w mermaid/w"],
            phase=Phase.DRAW, active=1, call=CallKind.LAST_CHANCE, caller=0,
            piles=("mermaid/w", "shell/g"))
    t = apply(s, TakeDiscard(0)).state
    assert t.is_over and t.winners == (1,) and t.scores == (0, 0)
    assert t.last_result is not None and t.last_result.end is RoundEnd.MERMAIDS
    # A jellyfish-locked draw of the third mermaid wins too.
    s = pep(build, E.DANCE_OF_THE_MERMAIDS,
            hands=["swimmer/db jellyfish/p boat/db", "mermaid/w mermaid/w"],
            deck="fish/db mermaid/w", piles=("shell/y", "shell/g"))
    jelly = next(a for a in legal_actions(s) if isinstance(a, PlayPair))
    t = apply(apply(s, jelly).state, EndTurn()).state  # seat 1's locked turn runs by itself
    assert t.is_over and t.winners == (1,)


# ---- §12.8 The Treasure Chest, §12.9 The Diodon Fish

EIGHT = "octopus/lb octopus/y sailor/pk sailor/o"  # 3 + 5
TEN = EIGHT + " shell/db shell/lb"


def test_p59_treasure_chest_eight_points(build: Builder) -> None:  # RULES §12.15 P59
    assert calls(pep(build, E.TREASURE_CHEST, hands=[EIGHT, "crab/db"])) == set()


def test_p60_treasure_chest_ten_points(build: Builder) -> None:  # RULES §12.15 P60
    assert calls(pep(build, E.TREASURE_CHEST, hands=[TEN, "crab/db"])) == {STOP, LAST}


def test_p61_treasure_chest_held_by_another(build: Builder) -> None:  # RULES §12.15 P61
    seven = "octopus/lb octopus/y penguin/p penguin/lo fish/db fish/lb"  # 3 + 3 + 1
    s = pep(build, E.SUNFISH, hands=["crab/db", seven], active=1,
            held=[E.TREASURE_CHEST, None])
    assert calls(s) == {STOP, LAST}


def test_p62_treasure_chest_and_diodon(build: Builder) -> None:  # RULES §12.15 P62
    s = pep(build, E.TREASURE_CHEST, hands=[TEN, "crab/db"], held=[E.DIODON_FISH, None])
    assert calls(s) == {LAST}
    with pytest.raises(IllegalActionError):
        apply(s, STOP)


def test_p63_a_call_below_the_threshold_is_rejected(build: Builder) -> None:
    # RULES §12.15 P63: STOP at 8 under the Treasure Chest.
    s = pep(build, E.TREASURE_CHEST, hands=[EIGHT, "crab/db"])
    for c in (STOP, LAST):
        with pytest.raises(IllegalActionError):
            apply(s, c)


def test_p64_diodon_eight_points(build: Builder) -> None:  # RULES §12.15 P64
    s = pep(build, E.DIODON_FISH, hands=[EIGHT, "crab/db"])
    assert calls(s) == {LAST}
    with pytest.raises(IllegalActionError):
        apply(s, STOP)
    t = apply(s, LAST).state
    assert t.call is CallKind.LAST_CHANCE


def test_p65_diodon_held_by_the_leader(build: Builder) -> None:  # RULES §12.15 P65
    seven = "penguin/p penguin/lo penguin/pk fish/db fish/lb crab/db crab/lb"  # 5 + 1 + 1
    other = pep(build, E.SUNFISH, hands=[EIGHT, seven], active=1, held=[E.DIODON_FISH, None])
    assert calls(other) == {STOP, LAST}
    holder = pep(build, E.SUNFISH, hands=[EIGHT, seven], held=[E.DIODON_FISH, None])
    assert calls(holder) == {LAST}


def test_p66_diodon_six_points(build: Builder) -> None:  # RULES §12.15 P66
    six = "octopus/lb octopus/y penguin/p penguin/lo"
    assert calls(pep(build, E.DIODON_FISH, hands=[six, "crab/db"])) == set()


def test_draw_and_keep_are_unchanged_by_these_events(build: Builder) -> None:
    # RULES §12.0 "Defaults": these events change only points, the mermaid count and calls.
    s = pep(build, E.KRAKEN, hands=["crab/db", "crab/lb"], phase=Phase.DRAW,
            deck="boat/db boat/lb boat/bk", piles=("shell/y", "shell/g"))
    t = apply(s, DrawFromDeck()).state
    t = apply(t, KeepCard(t.pending[0], 1)).state
    assert t.phase is Phase.PLAY and len(t.hands[0]) == 2
    assert all(card(c).kind in (Kind.CRAB, Kind.BOAT) for c in t.hands[0])
