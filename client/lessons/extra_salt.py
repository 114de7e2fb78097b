"""Extra Salt's lesson: its five new effects in one turn and a half of a round under way.

The position is exact (the engine's constructor): the Lobster's five cards are the top of the
deck in the order below; the opponent's locked turn is the engine's own (RULES §11.2).
"""

from __future__ import annotations

from seasalt.engine import (
    EndTurn,
    GameState,
    KeepLobsterCard,
    PlayPair,
    PlayTrio,
    Rules,
    TakeDiscard,
    cards_from_codes,
    make_state,
)

from . import words_salt as w
from .script import End, Lesson, Move, Pause, deck_from_top

(CRAB_DB, LOBSTER, SWIMMER, CRAB_LB2, CRAB_LB3, STARFISH, OCTOPUS, JELLYFISH, SEAHORSE,
 CAST_OF_CRABS) = cards_from_codes(
    "crab/db#0 lobster/bk#60 swimmer/y#27 crab/lb#2 crab/lb#3 starfish/y#64 octopus/lb#40 "
    "jellyfish/p#58 seahorse/w#65 cast_of_crabs/g#61")
_YOURS = (CRAB_DB, LOBSTER, SWIMMER, CRAB_LB2, CRAB_LB3, STARFISH, OCTOPUS)
_YOUR_TABLE = (cards_from_codes("boat/db#9 boat/db#10"),)
_BOBS = cards_from_codes("shell/db#34 penguin/p#45 crab/y#4 mermaid/w#54")
_BOB_TABLE = (cards_from_codes("fish/bk#19 fish/bk#20"),)
LOOKED_AT = (CAST_OF_CRABS, *cards_from_codes("boat/y#15 fish/y#22 penguin/lo#46 shell/g#38"))
"""The top five of the deck, the Lobster's look (top first)."""
_UNDER_PILES = cards_from_codes("crab/gy#8 shark/g#32 octopus/g#42 sailor/o#49")


def deal() -> GameState:
    """A round under way: your turn to draw, a Jellyfish on pile 1, the Seahorse on pile 2."""
    piles = ((*_UNDER_PILES[:2], JELLYFISH), (*_UNDER_PILES[2:], SEAHORSE))
    laid = {*_YOURS, *_BOBS, *LOOKED_AT, *piles[0], *piles[1],
            *(c for g in (*_YOUR_TABLE, *_BOB_TABLE) for c in g)}
    rest = (c for c in range(66) if c not in laid)
    return make_state(
        Rules(2, extra_salt=True), hands=(_YOURS, _BOBS), tables=(_YOUR_TABLE, _BOB_TABLE),
        piles=piles, deck=deck_from_top(LOOKED_AT, rest), seed=11, move=24,
    )


LESSON = Lesson(
    key="extra-salt",
    title=w.title,
    deal=deal,
    beats=(
        Pause(w.welcome),
        Move(TakeDiscard(0), w.take_jellyfish, w.take_jellyfish_why),
        Move(PlayPair((SWIMMER, JELLYFISH)), w.lay_jellyfish),
        Move(PlayPair((CRAB_DB, LOBSTER)), w.lay_lobster),
        Move(KeepLobsterCard(CAST_OF_CRABS), w.keep_cast),
        Move(PlayTrio((CRAB_LB2, CRAB_LB3), STARFISH), w.lay_trio),
        Move(EndTurn(), w.see_the_lock),
        Move(TakeDiscard(1), w.take_seahorse, w.take_seahorse_why),
        End(w.the_end),
    ),
)
