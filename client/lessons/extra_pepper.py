"""Extra Pepper's lesson: the table event, the events held by the leader and the trailer, and
the hand-off at the end of a round, in one turn of a round under way.

The position is exact (the engine's constructor): round 2, you trail and hold The Angelfish,
Bob leads and holds The Treasure Chest, the table event is The Sunfish.
"""

from __future__ import annotations

from seasalt.engine import (
    Call,
    CallKind,
    DrawFromDeck,
    EventCard,
    GameState,
    KeepCard,
    KeepEventCard,
    PlayPair,
    Rules,
    TakeAngelfishCard,
    cards_from_codes,
    make_state,
)

from . import words_pepper as w
from .script import End, Lesson, Move, Pause, deck_from_top

(FISH_18, FISH_17, SHELL_Y, OCTOPUS_Y) = cards_from_codes(
    "fish/db#18 fish/db#17 shell/y#37 octopus/y#41", extra_salt=False)
_YOURS = (FISH_18, *cards_from_codes("octopus/lb#40 shell/db#34 shell/lb#35", extra_salt=False))
_YOUR_TABLE = (cards_from_codes("crab/db#0 crab/db#1", extra_salt=False),)
_BOBS = cards_from_codes("penguin/p#45 penguin/lo#46 penguin/pk#47 boat/y#15",
                         extra_salt=False)
_BOB_TABLE = (cards_from_codes("boat/bk#13 boat/bk#14", extra_salt=False),)
DRAWS = (FISH_17, SHELL_Y, *cards_from_codes("sailor/pk#48 sailor/o#49", extra_salt=False))
"""Your draw, then the Sunfish's two cards."""
_PILE_TOPS = (OCTOPUS_Y, *cards_from_codes("crab/gy#8", extra_salt=False))
_UNDER = cards_from_codes("shark/g#32 fish/g#23 boat/lb#11 crab/g#7", extra_salt=False)
EVENT_DECK = (EventCard.KRAKEN, EventCard.HERMIT_CRAB, EventCard.DOLPHINS, EventCard.TORNADO,
              EventCard.CORAL_REEF, EventCard.WATER_RODEO, EventCard.DIODON_FISH,
              EventCard.DANCE_OF_THE_SHELLS, EventCard.DANCE_OF_THE_MERMAIDS)
"""Bottom to top: the next table event is the last."""


def deal() -> GameState:
    """Round 2 under way: you to draw, 6 points to Bob's 13."""
    piles = ((*_UNDER[:2], _PILE_TOPS[0]), (*_UNDER[2:], _PILE_TOPS[1]))
    laid = {*_YOURS, *_BOBS, *DRAWS, *piles[0], *piles[1],
            *(c for g in (*_YOUR_TABLE, *_BOB_TABLE) for c in g)}
    rest = (c for c in range(58) if c not in laid)
    return make_state(
        Rules(2, extra_pepper=True), hands=(_YOURS, _BOBS), tables=(_YOUR_TABLE, _BOB_TABLE),
        piles=piles, deck=deck_from_top(DRAWS, rest), seed=5, round=2, move=31,
        scores=(6, 13), last_round_scores=(6, 13),
        event_deck=EVENT_DECK, table_event=EventCard.SUNFISH,
        held=(EventCard.ANGELFISH, EventCard.TREASURE_CHEST),
    )


LESSON = Lesson(
    key="extra-pepper",
    title=w.title,
    deal=deal,
    beats=(
        Pause(w.welcome),
        Pause(w.held_events),
        Move(DrawFromDeck(), w.draw),
        Move(KeepCard(FISH_17, 1), w.keep_fish, w.keep_fish_why),
        Move(TakeAngelfishCard(0), w.angelfish, w.angelfish_why),
        Move(PlayPair((FISH_17, FISH_18)), w.sunfish),
        Move(Call(CallKind.STOP), w.call_stop, w.call_stop_why),
        Pause(w.round_over, result=True),
        Move(KeepEventCard(EventCard.SUNFISH), w.keep_one, w.keep_one_why),
        End(w.the_end),
    ),
)
