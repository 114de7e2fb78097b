"""The base game's lesson: one round against Bob, each rule when it first matters, then the end
of a second round (the empty deck) and the start of the next.

The deal is exact (the engine's constructor): the cards drawn are on top of the deck in the
order below, and the seed makes the swimmer-and-shark steal take the Fish (the lesson's test
checks every beat against the engine).
"""

from __future__ import annotations

from seasalt.engine import (
    Call,
    CallKind,
    DrawFromDeck,
    EndTurn,
    GameState,
    KeepCard,
    PlayPair,
    Rules,
    TakeCrabCard,
    TakeDiscard,
    cards_from_codes,
    make_state,
)

from . import words as w
from .script import Bot, End, Jump, Lesson, Move, Pause, deck_from_top


def _ids(codes: str) -> tuple[int, ...]:
    return cards_from_codes(codes, extra_salt=False)


(CRAB_LB2, CRAB_LB3, BOAT_DB9, BOAT_DB10, SHELL_DB, OCTOPUS_LB, FISH_BK19, PENGUIN_P,
 SWIMMER_BK, FISH_Y, FISH_DB18, SHARK_BK, OCTOPUS_Y, LIGHTHOUSE, SHELL_Y, PENGUIN_LO,
 FISH_DB17, CRAB_G, MERMAID, SHELL_LB, BOAT_Y15) = _ids(
    "crab/lb#2 crab/lb#3 boat/db#9 boat/db#10 shell/db#34 octopus/lb#40 fish/bk#19 "
    "penguin/p#45 swimmer/bk#26 fish/y#22 fish/db#18 shark/bk#31 octopus/y#41 lighthouse/p#50 "
    "shell/y#37 penguin/lo#46 fish/db#17 crab/g#7 mermaid/w#54 shell/lb#35 boat/y#15")

DRAWS = (
    CRAB_LB3, SHELL_DB,  # you
    OCTOPUS_LB, FISH_BK19,  # Bob
    PENGUIN_P, SWIMMER_BK,  # Bob
    BOAT_DB10, FISH_Y,  # you
    FISH_DB18, SHARK_BK,  # Bob
    OCTOPUS_Y, LIGHTHOUSE,  # Bob
    SHELL_Y, PENGUIN_LO,  # Bob
    FISH_DB17, CRAB_G, MERMAID,  # you, then your fish pair's card
    SHELL_LB, BOAT_Y15,  # Bob's last turn
)
SEED = 3
"""The game's seed: the steal (RULES §4.4, a random card) takes the Fish."""


def deal() -> GameState:
    """Round 1, nobody's cards yet: a Crab on pile 1, a Boat on pile 2, you start."""
    piles = ((CRAB_LB2,), (BOAT_DB9,))
    laid = {*DRAWS, *piles[0], *piles[1]}
    return make_state(
        Rules(2), hands=((), ()), piles=piles, seed=SEED,
        deck=deck_from_top(DRAWS, (c for c in range(58) if c not in laid)),
    )


# Late in round 2: both far from a call, two cards left in the deck.
_YOURS = _ids("octopus/p#43 penguin/lo#46 crab/y#4 shell/gy#39 fish/g#23")
_YOUR_TABLE = (_ids("boat/bk#13 boat/bk#14"),)
_BOBS = _ids("shell/db#34 shell/lb#35 octopus/lb#40 sailor/pk#48 penguin/p#45")
_BOB_TABLE = (_ids("crab/db#0 crab/db#1"), _ids("fish/db#17 fish/db#18"))
LAST_TWO = _ids("boat/y#15 shark/p#33")
"""The deck's last two cards, the first drawn first."""
_TOPS = _ids("crab/gy#8 shell/g#38")


def late_round_two(state: GameState) -> GameState:
    """The same game later in round 2 (its scores, seed and last result): you to draw, the deck
    down to two cards."""
    held = {*_YOURS, *_BOBS, *LAST_TWO, *_TOPS, *(c for g in (*_YOUR_TABLE, *_BOB_TABLE)
                                                   for c in g)}
    rest = [c for c in range(58) if c not in held]
    half = len(rest) // 2
    return make_state(
        state.rules, hands=(_YOURS, _BOBS), tables=(_YOUR_TABLE, _BOB_TABLE),
        deck=tuple(reversed(LAST_TWO)),
        piles=((*rest[:half], _TOPS[0]), (*rest[half:], _TOPS[1])),
        active=0, scores=state.scores, last_round_scores=state.last_round_scores,
        seed=state.seed, rng_counter=state.rng_counter, round=state.round, move=state.move,
        last_result=state.last_result,
    )


def _turn(keep: int, other_pile: int | None = None) -> tuple[Bot, ...]:
    """The opponent draws two, keeps ``keep`` and ends the turn (the other card on
    ``other_pile``; None when the placement is forced: an empty pile)."""
    return (Bot(DrawFromDeck()), Bot(KeepCard(keep, other_pile)), Bot(EndTurn()))


LESSON = Lesson(
    key="base",
    title=w.title,
    deal=deal,
    beats=(
        Pause(w.welcome),
        Move(DrawFromDeck(), w.draw_two_ways),
        Move(KeepCard(CRAB_LB3, 1), w.keep_one, w.keep_one_why),
        Move(EndTurn(), w.end_first_turn),
        *_turn(OCTOPUS_LB, 1),
        Move(TakeDiscard(0), w.take_the_crab, w.take_the_crab_why),
        Move(PlayPair((CRAB_LB2, CRAB_LB3)), w.lay_crabs, w.lay_crabs_why),
        Move(TakeCrabCard(BOAT_DB9), w.dig, w.dig_why),
        Move(EndTurn(), w.end_after_dig),
        *_turn(PENGUIN_P),
        Move(DrawFromDeck(), w.draw_for_boat),
        Move(KeepCard(BOAT_DB10, 1), w.keep_the_boat, w.keep_the_boat_why),
        Move(PlayPair((BOAT_DB9, BOAT_DB10)), w.lay_boats, w.lay_boats_why),
        Move(TakeDiscard(0), w.extra_turn),
        Move(EndTurn(), w.end_extra_turn),
        *_turn(FISH_DB18),
        Move(TakeDiscard(0), w.take_the_shark),
        Move(PlayPair((SWIMMER_BK, SHARK_BK)), w.lay_swimmer_shark),
        Move(EndTurn(), w.after_steal),
        *_turn(OCTOPUS_Y),
        Move(TakeDiscard(0), w.take_the_lighthouse),
        Move(EndTurn(), w.card_points_so_far),
        *_turn(SHELL_Y),
        Move(DrawFromDeck(), w.draw_for_fish),
        Move(KeepCard(FISH_DB17, 1), w.keep_the_fish),
        Move(PlayPair((FISH_DB17, FISH_DB18)), w.lay_fish),
        Pause(w.mermaid),
        Move(Call(CallKind.LAST_CHANCE), w.the_bet, w.the_bet_why),
        *_turn(SHELL_LB, 1),  # Bob's final turn
        Pause(w.round_over, result=True),
        Pause(w.next_round),
        Jump(late_round_two),
        Move(DrawFromDeck(), w.last_cards),
        Move(KeepCard(LAST_TWO[0], 0), w.keep_any),
        Move(EndTurn(), w.empty_deck),
        Pause(w.void_round, result=True),
        End(w.the_end),
    ),
)
