"""Extra Pepper's event deck over a game (RULES §12.0): setup, the hand-off between rounds, the
keep choice; one test per §12.15 row P1-P13, on exact positions."""

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
    KeepEventCard,
    Phase,
    Rules,
    apply,
    effects,
    legal_actions,
    new_game,
    view,
)
from seasalt.engine.testing import invariant_problems

Builder = Callable[..., GameState]
E = EventCard
ELEVEN_POINTS = "penguin/p penguin/lo penguin/pk penguin_colony/g"  # 5 + 6 (RULES §5.1, §5.3)


def rest_of(*used: EventCard | None) -> tuple[EventCard, ...]:
    """Every event card not named, as an event deck (enum order, bottom to top)."""
    return tuple(c for c in EVENT_CARDS if c not in used)


def stop_round(
    build: Builder,
    *,
    totals_before: Sequence[int],
    table_event: EventCard,
    held: Sequence[EventCard | None] | None = None,
    event_deck: Sequence[EventCard] | None = None,
    event_discard: Sequence[EventCard] = (),
    caller: int = 0,
    **kw: Any,
) -> tuple[GameState, GameState]:
    """Seat ``caller`` (11 points) calls STOP, every other hand empty: it gains 11."""
    n = len(totals_before)
    held_t = list(held) if held is not None else [None] * n
    deck = event_deck if event_deck is not None else rest_of(table_event, *held_t,
                                                              *event_discard)
    s = build(
        n, hands=[ELEVEN_POINTS if seat == caller else "" for seat in range(n)],
        deck="fish/db fish/lb boat/db", active=caller,
        piles=("shell/db", "shell/lb"), phase=Phase.PLAY, scores=list(totals_before),
        extra_pepper=True, table_event=table_event, held=held_t, event_deck=deck,
        event_discard=event_discard, **kw,
    )
    return s, apply(s, Call(CallKind.STOP)).state


def kinds(state: GameState) -> list[EventKind]:
    return [e.kind for e in state.log]


@pytest.mark.parametrize("players", [2, 3, 4])
def test_p1_setup(players: int) -> None:  # RULES §12.15 P1
    for seed in range(5):
        s = new_game(Rules(players, extra_pepper=True), seed)
        assert s.table_event is not None and len(s.event_deck) == 11
        assert sorted({s.table_event, *s.event_deck}, key=EVENT_CARDS.index) == list(EVENT_CARDS)
        assert s.held == (None,) * players and s.event_discard == ()
        assert all(effects(s, seat) == (s.table_event,) for seat in range(players))
        assert invariant_problems(s) == []
        v = view(s, 0)
        assert v.table_event is s.table_event and v.event_deck_size == 11
    # The event deck is shuffled with the game's seed: different seeds, different orders.
    decks = {new_game(Rules(2, extra_pepper=True), seed).event_deck for seed in range(6)}
    assert len(decks) > 1


def test_p2_leader_keeps_a_plus_card(build: Builder) -> None:  # RULES §12.15 P2
    # 2p: totals 9 and 5 after the round (seat 0 had -2, gains 11), Kraken on the table.
    _, after = stop_round(build, totals_before=(-2, 5), table_event=E.KRAKEN)
    assert after.scores == (9, 5) and after.round == 2 and after.phase is Phase.DRAW
    assert after.held == (E.KRAKEN, None)
    assert effects(after, 0) == tuple(sorted((after.table_event, E.KRAKEN),
                                             key=EVENT_CARDS.index))
    assert effects(after, 1) == (after.table_event,)


def test_p3_trailer_keeps_a_minus_card(build: Builder) -> None:  # RULES §12.15 P3
    _, after = stop_round(build, totals_before=(-2, 5), table_event=E.SUNFISH)
    assert after.held == (None, E.SUNFISH)


def test_p4_shared_highest_total_no_keeper(build: Builder) -> None:  # RULES §12.15 P4
    # 3p totals 12, 12, 4 with the Tornado (a "+" card): no leader, it is discarded.
    before, after = stop_round(build, totals_before=(1, 12, 4), table_event=E.TORNADO)
    assert after.scores == (12, 12, 4)
    assert after.held == (None, None, None)
    assert after.event_discard == (E.TORNADO,)
    assert after.table_event == before.event_deck[-1]


def test_p5_second_card_keep_choice(build: Builder) -> None:  # RULES §12.15 P5
    # Seat 1 (the trailer) holds the Sunfish and stays trailer; the Dolphins go to it too.
    before, after = stop_round(build, totals_before=(0, 3), table_event=E.DOLPHINS,
                               held=(None, E.SUNFISH))
    new_table = before.event_deck[-1]
    assert after.phase is Phase.KEEP_EVENT_CARD and after.to_act == 1
    assert after.keep_choice == (E.SUNFISH, E.DOLPHINS) and after.held == (None, None)
    assert after.table_event is new_table  # visible before the choice
    assert after.round == 1 and after.deck == before.deck  # not dealt yet
    assert legal_actions(after) == (KeepEventCard(E.SUNFISH), KeepEventCard(E.DOLPHINS))
    v = view(after, 0)
    assert v.keep_choice == (E.SUNFISH, E.DOLPHINS) and v.table_event is new_table
    r = apply(after, KeepEventCard(E.DOLPHINS))
    s = r.state
    assert s.held == (None, E.DOLPHINS) and s.event_discard == (E.SUNFISH,)
    assert s.round == 2 and s.phase is Phase.DRAW and s.active == 1  # next(caller 0)
    assert [e.kind for e in r.events][:2] == [EventKind.EVENT_KEPT, EventKind.EVENT_DISCARDED]
    assert invariant_problems(s) == []


def test_p6_a_holder_no_longer_keeper_loses_its_card(build: Builder) -> None:  # RULES §12.15 P6
    # 4p totals 20/22/8/8: A held the Diodon Fish, B is now the leader, no unique trailer.
    _, plus = stop_round(build, totals_before=(20, 11, 8, 8), table_event=E.KRAKEN,
                         held=(E.DIODON_FISH, None, None, None), caller=1)
    assert plus.scores == (20, 22, 8, 8)
    assert plus.held == (None, E.KRAKEN, None, None)
    assert plus.event_discard == (E.DIODON_FISH,)
    _, minus = stop_round(build, totals_before=(20, 11, 8, 8), table_event=E.SUNFISH,
                          held=(E.DIODON_FISH, None, None, None), caller=1)
    assert minus.held == (None,) * 4
    assert minus.event_discard == (E.DIODON_FISH, E.SUNFISH)  # the holder's first (step 2)


def test_p7_void_round_1(build: Builder) -> None:  # RULES §12.15 P7
    s = build(hands=["boat/db", "boat/lb"], deck="", piles=("shell/db", "shell/lb"),
              phase=Phase.PLAY, extra_pepper=True, table_event=E.KRAKEN,
              event_deck=rest_of(E.KRAKEN))
    after = apply(s, EndTurn()).state
    assert after.round == 2 and after.last_result is not None
    assert after.last_result.end.value == "void"
    assert after.held == (None, None) and after.event_discard == (E.KRAKEN,)
    assert after.table_event is s.event_deck[-1]


def test_p8_later_void_round_hands_off_on_unchanged_totals(build: Builder) -> None:
    # RULES §12.15 P8: the unique trailer keeps its "-" card and receives a "-" table event.
    s = build(hands=["boat/db", "boat/lb"], deck="", piles=("shell/db", "shell/lb"),
              phase=Phase.PLAY, extra_pepper=True, round=3, scores=[10, 5],
              table_event=E.ANGELFISH, held=[None, E.CORAL_REEF],
              event_deck=rest_of(E.ANGELFISH, E.CORAL_REEF))
    after = apply(s, EndTurn()).state
    assert after.scores == (10, 5)
    assert after.phase is Phase.KEEP_EVENT_CARD and after.to_act == 1
    assert after.keep_choice == (E.CORAL_REEF, E.ANGELFISH)
    dealt = apply(after, KeepEventCard(E.CORAL_REEF)).state
    assert dealt.round == 4 and dealt.active == 1  # left of seat 0, whose turn emptied it
    assert dealt.held == (None, E.CORAL_REEF) and dealt.event_discard == (E.ANGELFISH,)


def test_p9_final_round_no_hand_off(build: Builder) -> None:  # RULES §12.15 P9
    before, after = stop_round(build, totals_before=(35, 5), table_event=E.KRAKEN)
    assert after.is_over and after.winners == (0,)
    assert after.table_event is E.KRAKEN and after.held == (None, None)
    assert after.event_deck == before.event_deck and after.event_discard == ()
    assert not {EventKind.EVENT_RECEIVED, EventKind.EVENT_TURNED_UP} & set(kinds(after))


def test_p10_mermaid_win_no_hand_off(build: Builder) -> None:  # RULES §12.15 P10
    s = build(hands=["mermaid/w mermaid/w mermaid/w", "boat/db"], deck="boat/lb",
              piles=("mermaid/w", "shell/lb"), scores=[20, 3], extra_pepper=True,
              table_event=E.SUNFISH, event_deck=rest_of(E.SUNFISH))
    r = apply(s, legal_actions(s)[1])  # take the mermaid from pile 1
    assert r.state.is_over and r.state.winners == (0,)
    assert r.state.table_event is E.SUNFISH and r.state.held == (None, None)
    assert EventKind.EVENT_RECEIVED not in [e.kind for e in r.events]


def test_p11_treasure_chest_held_sunfish_on_table(build: Builder) -> None:  # RULES §12.15 P11
    nine = "sailor/pk sailor/o penguin/p penguin/lo fish/db fish/lb"  # 5 + 3 + 1
    seven = "octopus/y octopus/g penguin/pk penguin/p"  # 3 + 3, + the fish pair below
    common = dict(extra_pepper=True, table_event=E.SUNFISH, deck="boat/db boat/lb shell/y",
                  piles=("shell/db", "shell/lb"), phase=Phase.PLAY)
    a = build(hands=[nine, "boat/y"], held=[E.TREASURE_CHEST, None],
              event_deck=rest_of(E.SUNFISH, E.TREASURE_CHEST), **common)
    assert not any(isinstance(x, Call) for x in legal_actions(a))  # 9 < 10
    b = build(hands=["boat/y", seven + " fish/db fish/lb"], active=1,
              held=[E.TREASURE_CHEST, None], event_deck=rest_of(E.SUNFISH, E.TREASURE_CHEST),
              **common)
    assert Call(CallKind.STOP) in legal_actions(b)  # 3 + 3 + 1 = 7
    for state in (a, b):  # both draw two with a fish pair (the Sunfish is on the table)
        fish = next(x for x in legal_actions(state) if getattr(x, "cards", None) and all(
            c in range(17, 24) for c in x.cards))
        after = apply(state, fish).state
        assert len(after.deck) == 1
        assert len(after.hands[state.active]) == len(state.hands[state.active])


def test_p12_empty_event_deck_reshuffles_the_discard(build: Builder) -> None:
    # RULES §12.15 P12: the discard, with the card discarded in this hand-off, becomes the deck.
    discard = rest_of(E.KRAKEN, E.SUNFISH, E.TORNADO)
    _, after = stop_round(build, totals_before=(1, 12, 4), table_event=E.TORNADO,
                          held=(None, None, E.SUNFISH), event_deck=(E.KRAKEN,),
                          event_discard=discard)
    # The Kraken is the last of the deck: turned up; no reshuffle yet.
    assert after.table_event is E.KRAKEN and after.event_deck == ()
    assert after.held == (None, None, E.SUNFISH)
    again = stop_round(build, totals_before=(1, 12, 4), table_event=E.TORNADO,
                       held=(None, None, E.SUNFISH), event_deck=(),
                       event_discard=(*discard, E.KRAKEN))[1]
    log = [e.kind for e in again.log]  # a new round: its log starts afresh
    assert EventKind.ROUND_STARTED in log
    pool = {*discard, E.KRAKEN, E.TORNADO}  # the Tornado (no leader) went in before the shuffle
    assert again.table_event in pool
    assert {again.table_event, *again.event_deck} == pool and again.event_discard == ()
    assert again.held == (None, None, E.SUNFISH)  # held cards are not in it
    assert invariant_problems(again) == []


def test_p13_keep_choice_pending_blocks_everyone_else(build: Builder) -> None:
    # RULES §12.15 P13
    _, after = stop_round(build, totals_before=(0, 3), table_event=E.DOLPHINS,
                          held=(None, E.SUNFISH))
    assert after.to_act == 1 and view(after, 0).legal_actions == ()
    assert view(after, 1).legal_actions == legal_actions(after)
    for junk in (EndTurn(), DrawFromDeck(), Call(CallKind.STOP), KeepEventCard(E.KRAKEN)):
        with pytest.raises(IllegalActionError):
            apply(after, junk)
