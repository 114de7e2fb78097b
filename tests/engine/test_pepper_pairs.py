"""Extra Pepper events that change pair effects: the Hermit Crab, the Sunfish, the Water Rodeo
(RULES §12.1-§12.3); one test per §12.15 row P14-P36, on exact positions."""

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
    EventKind,
    GameState,
    IllegalActionError,
    KeepCard,
    Kind,
    LookAtHand,
    PassSwap,
    Phase,
    PlayPair,
    PlayTrio,
    RoundEnd,
    StealPair,
    SwapCard,
    TakeCrabCard,
    TakeDiscard,
    apply,
    card,
    card_points,
    events_for,
    legal_actions,
    view,
)

Builder = Callable[..., GameState]
E = EventCard


def pep(build: Builder, table_event: EventCard, *, players: int = 2,
        held: Sequence[EventCard | None] | None = None, **kw: Any) -> GameState:
    """An Extra Pepper position with this table event (and held cards)."""
    held_t = list(held) if held is not None else [None] * players
    deck = tuple(c for c in EVENT_CARDS if c is not table_event and c not in held_t)
    kw.setdefault("phase", Phase.PLAY)
    return build(players, extra_pepper=True, table_event=table_event, held=held_t,
                 event_deck=deck, **kw)


def pair(state: GameState, a: Kind, b: Kind) -> PlayPair:
    """The first legal pair of these two kinds."""
    for action in legal_actions(state):
        if isinstance(action, PlayPair) and sorted(card(c).kind.value for c in action.cards) == \
                sorted((a.value, b.value)):
            return action
    raise AssertionError(f"no legal {a.value}+{b.value} pair")


def kinds(events: Sequence[Any]) -> list[EventKind]:
    return [e.kind for e in events]


# ---- §12.1 The Hermit Crab


def test_p14_hermit_crab_two_takes_any_card(build: Builder) -> None:  # RULES §12.15 P14
    s = pep(build, E.HERMIT_CRAB, hands=["crab/db crab/lb", "boat/db"], deck="boat/lb",
            piles=("shell/db octopus/y", "fish/db fish/lb"))
    shell, octopus = s.piles[0]
    r = apply(s, pair(s, Kind.CRAB, Kind.CRAB))
    t = r.state
    assert t.phase is Phase.CRAB_TAKE and t.crab_pile == 0  # no pile choice
    assert legal_actions(t) == (TakeCrabCard(shell), TakeCrabCard(octopus))
    assert view(t, 0).pending == (shell, octopus) and view(t, 1).pending == ()
    looked = [e for e in r.events if e.kind is EventKind.CRAB_PILE_CHOSEN]
    assert looked and all(e.redacted and not e.cards for e in events_for(looked, 1))
    r = apply(t, TakeCrabCard(shell))  # the buried card, not the top
    t = r.state
    assert t.piles[0] == (octopus,) and t.phase is Phase.CRAB_TAKE and t.crab_pile == 1
    assert view(t, 0).pending == t.piles[1]  # pile 2 is seen only after the first take
    fish = t.piles[1][0]
    t = apply(t, TakeCrabCard(fish)).state
    assert t.phase is Phase.PLAY and t.piles[1] == (s.piles[1][1],)
    assert shell in t.hands[0] and fish in t.hands[0]
    v1 = view(t, 1)
    assert v1.piles[0].size == 1 and v1.piles[1].size == 1  # sizes and tops are public
    assert all(e.card is None for e in v1.log if e.kind is EventKind.CRAB_TOOK)
    # A one-card pile is a forced take.
    s2 = pep(build, E.HERMIT_CRAB, hands=["crab/db crab/lb", "boat/db"], deck="boat/lb",
             piles=("shell/db octopus/y", "fish/db"))
    t2 = apply(apply(s2, pair(s2, Kind.CRAB, Kind.CRAB)).state, TakeCrabCard(s2.piles[0][1]))
    assert t2.state.phase is Phase.PLAY and t2.state.piles[1] == ()


def test_p15_hermit_crab_pile_1_empty(build: Builder) -> None:  # RULES §12.15 P15
    s = pep(build, E.HERMIT_CRAB, hands=["crab/db crab/lb", "boat/db"], deck="boat/lb",
            piles=("", "fish/db shell/y"))
    t = apply(s, pair(s, Kind.CRAB, Kind.CRAB)).state
    assert t.phase is Phase.CRAB_TAKE and t.crab_pile == 1
    t = apply(t, TakeCrabCard(s.piles[1][0])).state
    assert t.phase is Phase.PLAY and t.piles == ((), (s.piles[1][1],))


def test_p16_hermit_crab_both_piles_empty(build: Builder) -> None:  # RULES §12.15 P16
    s = pep(build, E.HERMIT_CRAB, hands=["crab/db crab/lb", "boat/db"], deck="boat/lb")
    r = apply(s, pair(s, Kind.CRAB, Kind.CRAB))
    assert r.state.phase is Phase.PLAY and EventKind.EFFECT_SKIPPED in kinds(r.events)
    assert card_points(r.state.hands[0], r.state.tables[0], (E.HERMIT_CRAB,)) == 1


def test_p17_hermit_crab_lobster_keeps_its_effect(build: Builder) -> None:  # RULES §12.15 P17
    s = pep(build, E.HERMIT_CRAB, hands=["crab/db lobster/bk", "boat/db"],
            deck="boat/lb shell/y", piles=("fish/db", "fish/lb"))
    t = apply(s, pair(s, Kind.CRAB, Kind.LOBSTER)).state
    assert t.phase is Phase.LOBSTER and t.piles == s.piles


def test_p18_hermit_crab_trio_has_no_effect(build: Builder) -> None:  # RULES §12.15 P18
    s = pep(build, E.HERMIT_CRAB, hands=["crab/db crab/lb starfish/db", "boat/db"],
            deck="boat/lb", piles=("fish/db", "fish/lb"))
    trio = next(a for a in legal_actions(s) if isinstance(a, PlayTrio))
    t = apply(s, trio).state
    assert t.phase is Phase.PLAY and t.piles == s.piles
    assert card_points(t.hands[0], t.tables[0], (E.HERMIT_CRAB,)) == 3


def test_p19_hermit_crab_mermaids_win_after_the_second_take(build: Builder) -> None:
    # RULES §12.15 P19: 2 held, the 3rd and 4th taken, the Dance of the Mermaids held.
    s = pep(build, E.HERMIT_CRAB, hands=["crab/db crab/lb mermaid/w mermaid/w", "boat/db"],
            deck="boat/lb", piles=("mermaid/w shell/db", "mermaid/w fish/db"),
            held=[E.DANCE_OF_THE_MERMAIDS, None])
    t = apply(s, pair(s, Kind.CRAB, Kind.CRAB)).state
    t = apply(t, TakeCrabCard(s.piles[0][0])).state  # 3 mermaids, the effect not yet done
    assert not t.is_over and t.phase is Phase.CRAB_TAKE
    t = apply(t, TakeCrabCard(s.piles[1][0])).state
    assert t.is_over and t.winners == (0,)


# ---- §12.2 The Sunfish

TEN = "boat/db boat/lb boat/bk boat/y shell/y shell/g octopus/lb octopus/p penguin/p sailor/o"


def test_p20_sunfish_draws_two(build: Builder) -> None:  # RULES §12.15 P20
    s = pep(build, E.SUNFISH, hands=["fish/db fish/lb", "crab/db"], deck=TEN)
    r = apply(s, pair(s, Kind.FISH, Kind.FISH))
    assert len(r.state.deck) == 8 and set(s.deck[-2:]) == set(r.state.hands[0])
    drew = [e for e in r.events if e.kind is EventKind.FISH_DREW]
    assert len(drew) == 2 and all(e.private_to == (0,) for e in drew)
    assert all(e.redacted for e in events_for(drew, 1))


def test_p21_sunfish_last_card_then_void(build: Builder) -> None:  # RULES §12.15 P21
    s = pep(build, E.SUNFISH, hands=["fish/db fish/lb", "crab/db"], deck="boat/db",
            piles=("shell/y", "shell/g"))
    t = apply(s, pair(s, Kind.FISH, Kind.FISH)).state
    assert t.hands[0] == s.deck and t.deck == ()
    t = apply(t, EndTurn()).state
    assert t.last_result is not None and t.last_result.end is RoundEnd.VOID


def test_p22_sunfish_empties_the_deck_then_last_chance(build: Builder) -> None:
    # RULES §12.15 P22: sailors 5 + penguins 3 + the fish pair 1 = 9 points.
    s = pep(build, E.SUNFISH, hands=["fish/db fish/lb sailor/pk sailor/o penguin/p penguin/lo",
                                     "crab/db"],
            deck="boat/db boat/lb", piles=("shell/y", "shell/g"))
    t = apply(s, pair(s, Kind.FISH, Kind.FISH)).state
    assert t.deck == ()
    t = apply(t, Call(CallKind.LAST_CHANCE)).state
    assert t.active == 1 and t.phase is Phase.DRAW and t.call is CallKind.LAST_CHANCE
    assert set(legal_actions(t)) == {TakeDiscard(0), TakeDiscard(1)}
    t = apply(apply(t, TakeDiscard(0)).state, EndTurn()).state
    assert t.last_result is not None and t.last_result.end is RoundEnd.LAST_CHANCE


def test_p23_sunfish_deck_empty(build: Builder) -> None:  # RULES §12.15 P23
    s = pep(build, E.SUNFISH, hands=["fish/db fish/lb", "crab/db"], deck="",
            piles=("shell/y", "shell/g"))
    r = apply(s, pair(s, Kind.FISH, Kind.FISH))
    assert EventKind.EFFECT_SKIPPED in kinds(r.events)
    assert card_points(r.state.hands[0], r.state.tables[0], (E.SUNFISH,)) == 1


def test_p24_dolphins_and_sunfish(build: Builder) -> None:  # RULES §12.15 P24
    # Deck of 10, the top two a boat and a shell: keep the boat, place the shell (Dolphins: +1),
    # then the fish pair (Sunfish: +2): 10 - 2 - 1 - 2 = 5.
    deck = "crab/lb crab/y crab/bk crab/g crab/gy octopus/lb octopus/p penguin/p shell/db boat/y"
    s = pep(build, E.SUNFISH, hands=["fish/db fish/lb", "crab/db"], deck=deck,
            piles=("shell/y", "shell/g"), held=[E.DOLPHINS, None], phase=Phase.DRAW)
    t = apply(s, DrawFromDeck()).state
    boat, shell = s.deck[-1], s.deck[-2]
    t = apply(t, KeepCard(boat, 0)).state
    assert len(t.deck) == 7 and shell in t.piles[0]
    t = apply(t, pair(t, Kind.FISH, Kind.FISH)).state
    assert len(t.deck) == 5


# ---- §12.3 The Water Rodeo


def test_p25_swimmer_pair_forced_target_and_swap(build: Builder) -> None:  # RULES §12.15 P25
    # 3p: seat 2's hand is empty, so seat 1 is the only target (forced, RULES §3.5).
    s = pep(build, E.WATER_RODEO, players=3,
            hands=["swimmer/db swimmer/lb crab/db", "boat/db shell/y", ""], deck="fish/db")
    r = apply(s, pair(s, Kind.SWIMMER, Kind.SWIMMER))
    t = r.state
    assert t.phase is Phase.SWAP and t.swap_target == 1
    assert view(t, 0).pending == s.hands[1] and view(t, 0).swap_target == 1
    assert view(t, 2).pending == () and view(t, 2).swap_target == 1
    look = next(e for e in r.events if e.kind is EventKind.HAND_LOOKED)
    assert look.private_to == (0, 1) and look.cards == s.hands[1]
    assert events_for([look], 2)[0].redacted
    crab, boat = s.hands[0][0], s.hands[1][0]
    assert PassSwap() in legal_actions(t) and len(legal_actions(t)) == 1 * 2 + 1
    r = apply(t, SwapCard(crab, boat))
    t = r.state
    assert t.hands[0] == (boat,) and sorted(t.hands[1]) == sorted((crab, s.hands[1][1]))
    swapped = next(e for e in r.events if e.kind is EventKind.SWAPPED)
    assert swapped.cards == (crab, boat) and swapped.private_to == (0, 1)
    hidden = events_for([swapped], 2)[0]
    assert hidden.redacted and hidden.seat == 0 and hidden.target == 1 and not hidden.cards


def test_p26_swimmer_pair_pass(build: Builder) -> None:  # RULES §12.15 P26
    s = pep(build, E.WATER_RODEO, hands=["swimmer/db swimmer/lb crab/db", "boat/db shell/y"],
            deck="fish/db")
    t = apply(s, pair(s, Kind.SWIMMER, Kind.SWIMMER)).state
    r = apply(t, PassSwap())
    assert r.state.hands == t.hands and r.state.phase is Phase.PLAY
    passed = next(e for e in r.events if e.kind is EventKind.SWAP_PASSED)
    assert passed.private_to is None and passed.target == 1
    seen = [e for e in view(r.state, 0).log if e.kind is EventKind.HAND_LOOKED]
    assert seen and seen[0].cards == s.hands[1]  # the player has seen the hand


def test_p27_shark_pair_steals_a_laid_pair(build: Builder) -> None:  # RULES §12.15 P27
    s = pep(build, E.WATER_RODEO, hands=["shark/db shark/lb lighthouse/p", "crab/db"],
            deck="fish/db", tables=[[], ["boat/db boat/lb", "fish/db fish/lb starfish/db"]])
    fx = (E.WATER_RODEO,)
    thief0 = card_points(s.hands[0], s.tables[0], fx)
    victim0 = card_points(s.hands[1], s.tables[1], fx)
    r = apply(s, pair(s, Kind.SHARK, Kind.SHARK))  # one candidate (the trio is never taken)
    t = r.state
    boats = s.tables[1][0]
    assert t.tables[1] == (s.tables[1][1],) and boats in t.tables[0]
    assert t.phase is Phase.PLAY  # no extra turn from a stolen boat pair
    assert EventKind.EXTRA_TURN not in kinds(r.events)
    stolen = next(e for e in r.events if e.kind is EventKind.PAIR_STOLEN)
    assert stolen.private_to is None and stolen.target == 1
    # Thief: the shark pair scored in hand already; + the boats 1, + the Lighthouse 2.
    assert card_points(t.hands[0], t.tables[0], fx) == thief0 + 1 + 2 == 4
    assert card_points(t.hands[1], t.tables[1], fx) == victim0 - 1
    # With two candidates the thief chooses.
    s2 = pep(build, E.WATER_RODEO, hands=["shark/db shark/lb", "crab/db"], deck="fish/db",
             tables=[[], ["boat/db boat/lb", "crab/lb crab/y"]])
    t2 = apply(s2, pair(s2, Kind.SHARK, Kind.SHARK)).state
    assert t2.phase is Phase.PAIR_STEAL
    assert legal_actions(t2) == (StealPair((9, 11)), StealPair((2, 4)))


def test_p28_shark_pair_nothing_to_steal(build: Builder) -> None:  # RULES §12.15 P28
    s = pep(build, E.WATER_RODEO, players=3, hands=["shark/db shark/lb", "crab/db", "crab/lb"],
            deck="fish/db", tables=[[], ["boat/db boat/lb starfish/db"], ["fish/db fish/lb"]],
            face_down=["", "", "shell/y"])
    r = apply(s, pair(s, Kind.SHARK, Kind.SHARK))
    assert EventKind.EFFECT_SKIPPED in kinds(r.events) and r.state.phase is Phase.PLAY
    assert r.state.tables[1:] == s.tables[1:]


def test_p29_water_rodeo_hand_pairs() -> None:  # RULES §12.15 P29
    from seasalt.engine import cards_from_codes as codes

    fx = (E.WATER_RODEO,)
    assert card_points(codes("shark/db shark/lb"), (), fx) == 1
    assert card_points(codes("swimmer/db swimmer/lb"), (), fx) == 1
    assert card_points(codes("swimmer/db swimmer/lb swimmer/bk shark/db"), (), fx) == 2
    assert card_points(codes("shark/db shark/lb")) == 0  # without the event
    # Jellyfish pair with swimmers only: 2 swimmers + 2 jellyfish = 2 pairs.
    assert card_points(codes("swimmer/db swimmer/lb jellyfish/p jellyfish/pk"), (), fx) == 2


def test_p30_swimmer_trio(build: Builder) -> None:  # RULES §12.15 P30
    s = pep(build, E.WATER_RODEO, hands=["swimmer/db swimmer/lb starfish/db", "crab/db"],
            deck="fish/db")
    fx = (E.WATER_RODEO,)
    assert card_points(s.hands[0], (), fx) == 3
    trio = PlayTrio((24, 25), 62)
    assert trio in legal_actions(s)
    t = apply(s, trio).state
    assert t.phase is Phase.PLAY and t.hands[1] == s.hands[1]
    assert card_points(t.hands[0], t.tables[0], fx) == 3


def test_p31_without_water_rodeo_no_such_pair(build: Builder) -> None:  # RULES §12.15 P31
    s = pep(build, E.KRAKEN, hands=["swimmer/db swimmer/lb shark/bk shark/g", "crab/db"],
            deck="fish/db")
    for bad in (PlayPair((24, 25)), PlayPair((31, 32))):
        with pytest.raises(IllegalActionError):
            apply(s, bad)
    from seasalt.engine import cards_from_codes as codes

    assert card_points(codes("swimmer/db swimmer/lb"), (), (E.KRAKEN,)) == 0


def test_p32_last_chance_caller_and_finished_are_never_targets(build: Builder) -> None:
    # RULES §12.15 P32: 4p, seat 0 called, seat 1 finished its final turn, seat 2 plays, seat 3
    # still owes one: only seat 3 can be looked at or have a pair stolen.
    common = dict(players=4, deck="fish/db fish/lb", active=2, call=CallKind.LAST_CHANCE,
                  caller=0, revealed=[True, True, False, False])
    s = pep(build, E.WATER_RODEO, hands=["boat/db", "boat/lb", "swimmer/db swimmer/lb boat/y",
                                         "boat/bk"], **common)
    t = apply(s, pair(s, Kind.SWIMMER, Kind.SWIMMER)).state
    assert t.phase is Phase.SWAP and t.swap_target == 3
    s = pep(build, E.WATER_RODEO, hands=["boat/db", "boat/lb", "shark/db shark/lb", "boat/bk"],
            tables=[["crab/db crab/lb"], ["crab/y crab/bk"], [], ["fish/y fish/g"]], **common)
    t = apply(s, pair(s, Kind.SHARK, Kind.SHARK)).state
    assert t.tables[3] == () and s.tables[3][0] in t.tables[2]
    assert t.tables[0] == s.tables[0] and t.tables[1] == s.tables[1]


def test_p33_revealed_empty_hand_keeps_its_pairs(build: Builder) -> None:  # RULES §12.15 P33
    s = pep(build, E.WATER_RODEO, hands=["", "shark/db shark/lb"], deck="fish/db", active=1,
            call=CallKind.LAST_CHANCE, caller=0, tables=[["crab/db crab/lb"], []])
    r = apply(s, pair(s, Kind.SHARK, Kind.SHARK))
    assert EventKind.EFFECT_SKIPPED in kinds(r.events) and r.state.tables[0] == s.tables[0]


def test_p34_swap_gives_the_swapper_its_winning_mermaid(build: Builder) -> None:
    # RULES §12.15 P34: with the Dance of the Mermaids held, 2 + 1 = 3 wins at once.
    s = pep(build, E.WATER_RODEO, hands=["swimmer/db swimmer/lb mermaid/w mermaid/w crab/db",
                                         "mermaid/w boat/db"],
            deck="fish/db", held=[E.DANCE_OF_THE_MERMAIDS, None])
    t = apply(s, pair(s, Kind.SWIMMER, Kind.SWIMMER)).state
    t = apply(t, SwapCard(0, 56)).state
    assert t.is_over and t.winners == (0,)


def test_p35_swap_gives_the_target_its_fourth_mermaid(build: Builder) -> None:
    # RULES §12.15 P35: the target wins at its next own completed action...
    hands = ["swimmer/db swimmer/lb mermaid/w crab/db", "mermaid/w mermaid/w mermaid/w boat/db"]
    s = pep(build, E.WATER_RODEO, hands=hands, deck="fish/db fish/lb fish/bk",
            piles=("shell/y", "shell/g"))
    t = apply(s, pair(s, Kind.SWIMMER, Kind.SWIMMER)).state
    t = apply(t, SwapCard(54, 9)).state  # seat 1 now holds all four
    assert not t.is_over and t.phase is Phase.PLAY
    t = apply(t, EndTurn()).state
    assert t.active == 1 and not t.is_over  # not yet: its first action is the draw
    t = apply(t, TakeDiscard(0)).state
    assert t.is_over and t.winners == (1,)
    # ... and not at all if the round ends first (a STOP right after the swap).
    rich = "swimmer/db swimmer/lb mermaid/w sailor/pk sailor/o penguin/p penguin/lo"
    s = pep(build, E.WATER_RODEO, hands=[rich, "mermaid/w mermaid/w mermaid/w boat/db"],
            deck="fish/db fish/lb fish/bk", piles=("shell/y", "shell/g"))
    t = apply(s, pair(s, Kind.SWIMMER, Kind.SWIMMER)).state
    t = apply(t, SwapCard(54, 9)).state
    t = apply(t, Call(CallKind.STOP)).state
    assert not t.is_over and t.round == 2
    assert t.last_result is not None and t.last_result.end is RoundEnd.STOP


def test_p36_empty_hand_looks_then_passes(build: Builder) -> None:  # RULES §12.15 P36
    s = pep(build, E.WATER_RODEO, hands=["swimmer/db swimmer/lb", "boat/db shell/y"],
            deck="fish/db")
    r = apply(s, pair(s, Kind.SWIMMER, Kind.SWIMMER))
    assert [k for k in kinds(r.events) if k in (EventKind.HAND_LOOKED, EventKind.SWAP_PASSED)] \
        == [EventKind.HAND_LOOKED, EventKind.SWAP_PASSED]
    assert r.state.phase is Phase.PLAY and r.state.hands[1] == s.hands[1]
    assert LookAtHand(1) not in legal_actions(r.state)
