"""basic and greedy make each Extra Pepper decision sensibly (RULES §12), on exact positions."""

from collections.abc import Sequence
from typing import Any

import pytest
from seasalt.bots.base import get_bot
from seasalt.bots.pepper_choices import event_worth
from seasalt.engine import (
    EVENT_CARDS,
    Action,
    Call,
    CallKind,
    EndTurn,
    EventCard,
    GameState,
    KeepCard,
    Keeper,
    KeepEventCard,
    LookAtHand,
    PassSwap,
    Phase,
    PlaceShellFaceDown,
    PlayPair,
    Rules,
    StealPair,
    SwapCard,
    TakeAngelfishCard,
    TakeDiscard,
    apply,
    cards_from_codes,
    legal_actions,
    make_state,
    view,
)

E = EventCard
LEVELS = ("basic", "greedy")


def pos(
    players: int = 2,
    *,
    hands: Sequence[str],
    table_event: EventCard,
    held: Sequence[EventCard | None] | None = None,
    deck: str = "",
    piles: tuple[str, str] = ("", ""),
    tables: Sequence[Sequence[str]] | None = None,
    phase: Phase = Phase.PLAY,
    pending: str = "",
    **kw: Any,
) -> GameState:
    """An Extra Pepper position from card codes (deck and piles bottom to top)."""
    groups = [g for t in tables or () for g in t]
    zones = [deck, *piles, pending, *hands, *groups]
    ids = cards_from_codes(" ".join(zones))
    cut, start = [], 0
    for z in zones:
        n = len(z.split())
        cut.append(ids[start : start + n])
        start += n
    deck_ids, p0, p1, pending_ids, *rest = cut
    hand_ids, group_ids = rest[:players], rest[players:]
    table_ids: list[list[tuple[int, ...]]] = []
    for t in tables or [[] for _ in range(players)]:
        table_ids.append(group_ids[: len(t)])
        group_ids = group_ids[len(t) :]
    held_t = list(held) if held is not None else [None] * players
    used = {table_event, *held_t, *kw.get("keep_choice", ())}
    return make_state(
        Rules(players, extra_salt=True, extra_pepper=True), hands=hand_ids, deck=deck_ids,
        piles=(p0, p1), pending=pending_ids, tables=table_ids, phase=phase,
        table_event=table_event, held=held_t,
        event_deck=[e for e in EVENT_CARDS if e not in used], complete=False, **kw,
    )


def ids(codes: str) -> tuple[int, ...]:
    return cards_from_codes(codes)


def decide(level: str, state: GameState) -> Action:
    seat = state.to_act
    assert seat is not None
    v = view(state, seat)
    action = get_bot(level, seed=3).choose(v)
    assert action in v.legal_actions
    return action


DECK = ("crab/gy crab/g crab/bk swimmer/bk swimmer/lo shark/g shark/p fish/bk "
        "octopus/gy starfish/db starfish/lb jellyfish/p jellyfish/pk lobster/bk cast_of_crabs/g "
        "penguin_colony/g")
"""16 cards that no position below uses."""


# ---- §12.0 step 5: which event card to keep


def test_handicaps_are_worth_less_than_nothing_and_advantages_more() -> None:  # RULES §12.0
    v = view(pos(hands=["", ""], table_event=E.SUNFISH), 0)
    for card in EVENT_CARDS:
        worth = event_worth(v, card)
        assert (worth < 0) if card.keeper is Keeper.LEADER else (worth > 0), (card, worth)


@pytest.mark.parametrize("level", LEVELS)
@pytest.mark.parametrize(
    ("choice", "kept"),
    [
        ((E.TREASURE_CHEST, E.KRAKEN), E.KRAKEN),  # the leader: the lighter handicap
        ((E.TORNADO, E.KRAKEN), E.KRAKEN),  # the Tornado takes every mermaid's points
        ((E.SUNFISH, E.DANCE_OF_THE_SHELLS), E.DANCE_OF_THE_SHELLS),  # the trailer: the better
    ],
)
def test_keeps_the_event_card_worth_more(  # RULES §12.15 P5
    level: str, choice: tuple[EventCard, EventCard], kept: EventCard
) -> None:
    leader = choice[0].keeper is Keeper.LEADER
    s = pos(hands=["", ""], table_event=E.ANGELFISH, phase=Phase.KEEP_EVENT_CARD,
            keep_choice=choice, next_starter=1, scores=(20, 8) if leader else (8, 20))
    assert legal_actions(s) == tuple(KeepEventCard(e) for e in choice)
    assert decide(level, s) == KeepEventCard(kept)


# ---- §12.10 the Angelfish


@pytest.mark.parametrize("level", LEVELS)
def test_angelfish_takes_the_top_that_adds_more(level: str) -> None:  # RULES §12.15 P75
    s = pos(hands=["crab/db crab/lb boat/db fish/lb", "fish/db"], table_event=E.ANGELFISH,
            deck=DECK, piles=("crab/y seahorse/w", "fish/g mermaid/w"), phase=Phase.ANGELFISH)
    assert decide(level, s) == TakeAngelfishCard(1)  # the mermaid, not the lone seahorse


# ---- §12.3 the Water Rodeo


@pytest.mark.parametrize("level", LEVELS)
def test_water_rodeo_looks_at_the_bigger_hand(level: str) -> None:  # RULES §12.3 step 1
    s = pos(3, hands=["crab/db", "fish/db fish/lb", "boat/db boat/lb shell/y octopus/y penguin/p"],
            table_event=E.WATER_RODEO, deck=DECK, phase=Phase.SWAP_TARGET)
    assert decide(level, s) == LookAtHand(2)


@pytest.mark.parametrize("level", LEVELS)
def test_water_rodeo_swaps_for_a_gain(level: str) -> None:  # RULES §12.15 P25
    s = pos(hands=["crab/db boat/db fish/lb", "mermaid/w fish/db"], table_event=E.WATER_RODEO,
            deck=DECK, phase=Phase.SWAP, swap_target=1)
    action = decide(level, s)
    assert isinstance(action, SwapCard) and action.take == ids("mermaid/w")[0]


@pytest.mark.parametrize("level", LEVELS)
def test_water_rodeo_passes_when_every_swap_loses(level: str) -> None:  # RULES §12.15 P26
    s = pos(hands=["mermaid/w crab/db crab/lb", "lighthouse/p shoal_of_fish/gy"],
            table_event=E.WATER_RODEO, deck=DECK, phase=Phase.SWAP, swap_target=1)
    assert decide(level, s) == PassSwap()


@pytest.mark.parametrize("level", LEVELS)
def test_water_rodeo_steals_the_pair_worth_most(level: str) -> None:  # RULES §12.15 P27
    s = pos(3, hands=["lighthouse/p octopus/y", "fish/db", "fish/lb"], table_event=E.WATER_RODEO,
            deck=DECK, tables=[["shark/db shark/lb"], ["crab/db crab/lb"], ["boat/db boat/lb"]],
            phase=Phase.PAIR_STEAL)
    boats = ids("shark/db shark/lb crab/db crab/lb boat/db boat/lb")[4:]
    assert decide(level, s) == StealPair((boats[0], boats[1]))  # +2 more with the lighthouse


@pytest.mark.parametrize("level", LEVELS)
def test_water_rodeo_lays_a_shark_pair_to_steal(level: str) -> None:  # RULES §12.3
    s = pos(hands=["shark/db shark/lb octopus/y", "fish/db fish/lb"], table_event=E.WATER_RODEO,
            deck=DECK, tables=[[], ["crab/db crab/lb"]])
    sharks = ids("shark/db shark/lb")
    assert decide(level, s) == PlayPair((sharks[0], sharks[1]))


# ---- §12.12 the Coral Reef


CORAL_HAND = "shell/y crab/db boat/lb fish/g octopus/lb penguin/p sailor/pk captain/lo"


@pytest.mark.parametrize("level", LEVELS)
def test_coral_reef_shields_with_a_lone_shell(level: str) -> None:  # RULES §12.15 P84
    s = pos(hands=[CORAL_HAND, "fish/db fish/lb boat/y boat/bk"], table_event=E.CORAL_REEF,
            deck=DECK)
    assert decide(level, s) == PlaceShellFaceDown(ids("shell/y")[0])


@pytest.mark.parametrize("level", LEVELS)
def test_coral_reef_keeps_a_shell_set(level: str) -> None:  # RULES §12.12 "Scoring"
    hand = "shell/y shell/g shell/db crab/db boat/lb octopus/lb"  # 3 shells: 4 points
    s = pos(hands=[hand, "fish/db fish/lb boat/y boat/bk"], table_event=E.CORAL_REEF, deck=DECK)
    assert not isinstance(decide(level, s), PlaceShellFaceDown)


@pytest.mark.parametrize("level", LEVELS)
def test_coral_reef_not_at_the_end_of_the_deck(level: str) -> None:  # RULES §12.12
    s = pos(hands=[CORAL_HAND, "fish/db fish/lb boat/y boat/bk"], table_event=E.CORAL_REEF,
            deck="crab/gy")
    assert decide(level, s) == EndTurn()


# ---- §12.8-§12.9 calls: the 7/10-point thresholds and the Diodon Fish

STRONG = "octopus/lb octopus/y octopus/g penguin/p penguin/lo mermaid/w shell/y shell/g"
"""Three octopuses (6), two penguins (3), two shells (2) and a mermaid (2): 13, past 10."""


@pytest.mark.parametrize("level", LEVELS)
def test_diodon_fish_calls_last_chance_when_far_ahead(level: str) -> None:  # RULES §12.15 P64
    s = pos(hands=[STRONG, "fish/db boat/bk"], table_event=E.SUNFISH,
            held=[E.DIODON_FISH, None], deck=DECK + " crab/y boat/y", scores=(20, 4))
    calls = [a for a in legal_actions(s) if isinstance(a, Call)]
    assert calls == [Call(CallKind.LAST_CHANCE)]
    assert decide(level, s) == Call(CallKind.LAST_CHANCE)


@pytest.mark.parametrize("level", LEVELS)
def test_treasure_chest_no_call_below_ten(level: str) -> None:  # RULES §12.15 P59
    hand = "octopus/lb octopus/y sailor/pk sailor/o"  # 3 + 5 = 8 points
    s = pos(hands=[hand, "fish/db"], table_event=E.TREASURE_CHEST, deck=DECK)
    assert decide(level, s) == EndTurn()
    same = pos(hands=[hand, "fish/db"], table_event=E.SUNFISH, deck=DECK)
    assert any(isinstance(a, Call) for a in legal_actions(same))  # 8 is enough without it


@pytest.mark.parametrize("level", LEVELS)
def test_treasure_chest_calls_past_ten_when_far_ahead(level: str) -> None:  # RULES §12.15 P60
    s = pos(hands=[STRONG, "fish/db"], table_event=E.TREASURE_CHEST, deck=DECK)
    action = decide(level, s)
    assert isinstance(action, Call)


# ---- §12.11 the Dolphins, §12.7 the Dance of the Mermaids


@pytest.mark.parametrize("level", LEVELS)
def test_dolphins_place_the_collector_for_a_deck_card(level: str) -> None:  # RULES §12.15 P77
    def kept(event: EventCard) -> int:
        s = pos(hands=["crab/db boat/lb fish/g", "fish/db"], table_event=event, deck=DECK,
                piles=("boat/y", "fish/y"), phase=Phase.KEEP, pending="octopus/p crab/y")
        action = decide(level, s)
        assert isinstance(action, KeepCard)
        return action.card

    octopus, crab = cards_from_codes("octopus/p crab/y")
    assert kept(E.SUNFISH) == octopus  # a start of a set beats half of the crab pair
    assert kept(E.DOLPHINS) == crab  # the placed octopus brings a card as well


@pytest.mark.parametrize("level", LEVELS)
def test_dance_of_the_mermaids_takes_the_third(level: str) -> None:  # RULES §12.15 P54
    s = pos(hands=["mermaid/w mermaid/w crab/db", "fish/db"], table_event=E.DANCE_OF_THE_MERMAIDS,
            deck=DECK, piles=("crab/lb", "mermaid/w"), phase=Phase.DRAW)
    action = decide(level, s)
    assert action == TakeDiscard(1)
    assert apply(s, action).state.winners == (0,)
